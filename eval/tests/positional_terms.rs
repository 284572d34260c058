//! Positional terms move the score the way they should: each test measures what a term
//! adds to the side to move's score (the evaluation with the variant's parameters less the
//! evaluation with that term switched off) in two positions that differ in what the term
//! judges.

use ekumen_eval::{
    evaluate_with, s, EvalParams, EvalTables, Evaluate, KingTerms, PasserTerms, PawnTerms,
    PieceTerms, PlacementTerms, ScaleTerms, StructureTerms, WinnabilityTerms, S,
};
use ekumen_movegen::variants::{Chess, Gothic};
use ekumen_movegen::Position;

/// What `V`'s parameters add over `without` to the side to move's score in `fen`.
fn share<V: Evaluate>(fen: &str, without: &EvalParams) -> i32 {
    let pos = Position::<V>::from_fen(fen, false).expect("test FEN");
    let with = evaluate_with(&pos, &V::PARAMS, V::eval_tables());
    with - evaluate_with(&pos, without, &EvalTables::<V>::from_params(without))
}

/// What the pawn-cover terms (shelter and storm) add in `fen`.
fn cover_share<V: Evaluate>(fen: &str) -> i32 {
    let params = EvalParams {
        pawns: PawnTerms { shelter: &[], storm: &[], ..V::PARAMS.pawns },
        ..V::PARAMS
    };
    share::<V>(fen, &params)
}

/// Asserts that the cover terms score `better` above `worse` in chess.
fn cover_prefers(better: &str, worse: &str, what: &str) {
    let (better, worse) = (cover_share::<Chess>(better), cover_share::<Chess>(worse));
    assert!(better > worse, "{what}: {better} against {worse}");
}

#[test]
fn a_hole_in_front_of_the_king_costs() {
    // White's king behind f2 g2 h2 against the same king with the g-pawn gone to g4;
    // Black keeps its cover in both. The middle game dominates with every piece on.
    cover_prefers(
        "r1bq1rk1/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1",
        "r1bq1rk1/pppp1ppp/2n2n2/4p3/4P1P1/2N2N2/PPPP1P1P/R1BQ1RK1 w - - 0 1",
        "cover with g2, with g4",
    );
}

#[test]
fn enemy_pawns_near_the_king_cost() {
    // White's king with no h-pawn, and a black pawn (beside Black's own cover on h7) on
    // h6, against the same pawn storming to h3.
    cover_prefers(
        "r1bq1rk1/pppppppp/2n2n1p/8/8/2N2N2/PPPPPPP1/R1BQ1RK1 w - - 0 1",
        "r1bq1rk1/pppppppp/2n2n2/8/8/2N2N1p/PPPPPPP1/R1BQ1RK1 w - - 0 1",
        "storm from h6, from h3",
    );
}

#[test]
fn the_cover_reads_the_three_files_nearest_an_edge_king() {
    // Gothic's king on j1 is covered by the h-, i- and j-files: moving its h- or i-pawn
    // changes the cover, moving the f-pawn does not (for Black's king on f8 the f-pawn is
    // a storm four ranks or more away either way).
    let intact = "r1bqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQC1ABNK w - - 0 1";
    let f_pawn = "r1bqckabnr/pppppppppp/10/10/5P4/10/PPPPP1PPPP/RNBQC1ABNK w - - 0 1";
    let h_pawn = "r1bqckabnr/pppppppppp/10/10/7P2/10/PPPPPPP1PP/RNBQC1ABNK w - - 0 1";
    let i_pawn = "r1bqckabnr/pppppppppp/10/10/8P1/10/PPPPPPPP1P/RNBQC1ABNK w - - 0 1";
    let intact = cover_share::<Gothic>(intact);
    assert_eq!(cover_share::<Gothic>(f_pawn), intact, "the f-file is not the king's");
    assert_ne!(cover_share::<Gothic>(h_pawn), intact, "the h-file is the king's");
    assert_ne!(cover_share::<Gothic>(i_pawn), intact, "the i-file is the king's");
}

#[test]
fn a_square_table_entry_scores_its_square_and_the_mirrored_ones() {
    // Gothic's knight table with one entry set: the third rank from the knight's own side,
    // the second file from the nearer edge. It is b3 and i3 for White, b6 and i6 for Black.
    const ZERO: S = S::ZERO;
    const ROW: &[S] = &[ZERO; 5];
    const MARKED: &[S] = &[ZERO, s(100, 100), ZERO, ZERO, ZERO];
    const TABLE: &[&[S]] = &[ROW, ROW, MARKED, ROW, ROW, ROW, ROW, ROW];
    const KNIGHT: usize = 1;
    let with_table = |table: &'static [&'static [S]]| {
        let mut pieces = Gothic::PARAMS.pieces.to_vec();
        pieces[KNIGHT].squares = table;
        pieces
    };
    let (marked_pieces, plain_pieces) = (with_table(TABLE), with_table(&[]));
    let marked = EvalParams { pieces: &marked_pieces, ..Gothic::PARAMS };
    let plain = EvalParams { pieces: &plain_pieces, ..Gothic::PARAMS };
    let (marked_tables, plain_tables) =
        (EvalTables::<Gothic>::from_params(&marked), EvalTables::<Gothic>::from_params(&plain));
    let added = |fen: &str| {
        let pos = Position::<Gothic>::from_fen(fen, false).expect("test FEN");
        evaluate_with(&pos, &marked, &marked_tables) - evaluate_with(&pos, &plain, &plain_tables)
    };
    // White to move. Blending the phases truncates, so a point either way is rounding.
    let cases = [
        ("rnbqckabnr/pppppppppp/10/10/10/1N8/PPPPPPPPPP/R1BQCKABNR w - - 0 1", 100, "N b3"),
        ("rnbqckabnr/pppppppppp/10/10/10/8N1/PPPPPPPPPP/RNBQCKAB1R w - - 0 1", 100, "N i3"),
        ("rnbqckabnr/pppppppppp/10/10/10/2N7/PPPPPPPPPP/R1BQCKABNR w - - 0 1", 0, "N c3"),
        ("r1bqckabnr/pppppppppp/1n8/10/10/10/PPPPPPPPPP/RNBQCKABNR w - - 0 1", -100, "n b6"),
        ("rnbqckab1r/pppppppppp/8n1/10/10/10/PPPPPPPPPP/RNBQCKABNR w - - 0 1", -100, "n i6"),
        ("r1bqckabnr/pppppppppp/2n7/10/10/10/PPPPPPPPPP/RNBQCKABNR w - - 0 1", 0, "n c6"),
    ];
    for (fen, expected, what) in cases {
        let got = added(fen);
        assert!((got - expected).abs() <= 1, "{what}: the table added {got}, not {expected}");
    }
}

/// Conventional chess values (pawn, knight, bishop, rook, queen, king), fixed here so that
/// the tests below do not move with each fit of chess's own.
const PLAIN_PIECES: &[PieceTerms] = &[
    PieceTerms::new(90, 115).centre(3, 0).ranks(&[
        s(0, 0),
        s(0, 0),
        s(2, 0),
        s(6, 4),
        s(10, 10),
        s(16, 20),
        s(24, 35),
        s(0, 0),
    ]),
    PieceTerms::new(320, 300).mobility(4, 4).centre(8, 6).advance(2, 0).king_attack(2).phase(1),
    PieceTerms::new(330, 320).mobility(5, 5).centre(4, 3).king_attack(2).phase(1),
    PieceTerms::new(480, 540)
        .mobility(3, 6)
        .ranks(&[s(0, 0), s(-4, 0), s(-4, 0), s(-2, 0), s(0, 0), s(4, 4), s(20, 15), s(10, 10)])
        .open_file(40, 15)
        .king_attack(3)
        .phase(2),
    PieceTerms::new(950, 1000).mobility(2, 4).centre(2, 4).king_attack(5).phase(4),
    PieceTerms::new(0, 0).centre(-8, 12).advance(-12, 0),
];

/// Those pieces with chess's pawn terms and a few hand-set ones, every other group off, so
/// that each test below sees only the term it switches on.
const PLAIN_CHESS: EvalParams<'static> = EvalParams {
    pieces: PLAIN_PIECES,
    pawns: PawnTerms {
        connected_by_rank: &[],
        supported: S::ZERO,
        weak_unopposed: S::ZERO,
        backward: S::ZERO,
        ..Chess::PARAMS.pawns
    },
    tempo: s(20, 10),
    bishop_pair: s(30, 50),
    king: KingTerms { weak_square: 2, shelter: 3, eg_per_unit: 1, ..KingTerms::NONE },
    threat_by_pawn: s(-30, -25),
    hanging: s(-25, -15),
    drawish_margin: Chess::PARAMS.drawish_margin,
    ..EvalParams::NONE
};

/// What `with` adds over `without` (two sets of king terms on `V`'s other parameters, [`PLAIN_CHESS`] for chess) to
/// the side to move's score in `fen`.
fn king_share<V: Evaluate>(fen: &str, with: KingTerms, without: KingTerms) -> i32 {
    let pos = Position::<V>::from_fen(fen, false).expect("test FEN");
    let others = if V::NAME == "chess" { PLAIN_CHESS } else { V::PARAMS };
    let score = |king: KingTerms| {
        let params = EvalParams { king, ..others };
        evaluate_with(&pos, &params, &EvalTables::<V>::from_params(&params))
    };
    score(with) - score(without)
}

#[test]
fn a_guarded_check_square_is_an_unsafe_check_and_an_open_one_a_safe_check() {
    // Black's knight and queen attack the squares around White's king on g1, and its rook
    // on e8 could check from e1. White's queen guards e1 from d1, and not from b2.
    let guarded = "k3r3/8/8/8/6nq/8/5PPP/3Q2K1 w - - 0 1";
    let open = "k3r3/8/8/8/6nq/8/1Q3PPP/6K1 w - - 0 1";
    let base = KingTerms::NONE;
    let unsafe_checks = KingTerms { unsafe_check: 10, ..KingTerms::NONE };
    let safe_checks = KingTerms { safe_check: 10, ..KingTerms::NONE };
    let (guarded_unsafe, open_unsafe) = (
        king_share::<Chess>(guarded, unsafe_checks, base),
        king_share::<Chess>(open, unsafe_checks, base),
    );
    assert!(
        guarded_unsafe < open_unsafe,
        "unsafe checks: guarded e1 cost {guarded_unsafe}, open e1 {open_unsafe}"
    );
    let (guarded_safe, open_safe) = (
        king_share::<Chess>(guarded, safe_checks, base),
        king_share::<Chess>(open, safe_checks, base),
    );
    assert!(
        guarded_safe > open_safe,
        "safe checks: guarded e1 cost {guarded_safe}, open e1 {open_safe}"
    );
}

#[test]
fn an_attack_without_a_queen_class_piece_weighs_less() {
    // Black's knight and bishop attack the squares around White's king; Black's strongest
    // piece stands far away. Gothic's queen-class pieces are the queen, the chancellor and
    // the archbishop, not the rook.
    let with = KingTerms { no_queen: 10, ..KingTerms::NONE };
    let without = KingTerms::NONE;
    let fen = |piece: char| format!("k{piece}8/10/10/10/7b2/7n2/4PPP3/5K4 w - - 0 1");
    for piece in ['q', 'c', 'a'] {
        let share = king_share::<Gothic>(&fen(piece), with, without);
        assert_eq!(share, 0, "with a black {piece} the attack keeps its weight");
    }
    let share = king_share::<Gothic>(&fen('r'), with, without);
    assert!(share > 0, "with only a black rook the attack should weigh less, changed {share}");
}

#[test]
fn attackers_and_a_mobility_edge_add_danger() {
    let fen = "k3r3/8/8/8/6nq/8/5PPP/3Q2K1 w - - 0 1";
    let base = KingTerms::NONE;
    let attackers = king_share::<Chess>(fen, KingTerms { attacker: 10, ..KingTerms::NONE }, base);
    assert!(attackers < 0, "two attackers should add danger, changed {attackers}");
    // Black's queen and knight are freer than White's queen: the edge is Black's.
    let edge = king_share::<Chess>(fen, KingTerms { mobility_edge: 10, ..KingTerms::NONE }, base);
    assert!(edge < 0, "Black's mobility edge should add danger, changed {edge}");
}

/// What `with` adds over chess's own parameters to the side to move's score in `fen`.
fn chess_gain(fen: &str, with: &EvalParams) -> i32 {
    share::<Chess>(fen, &PLAIN_CHESS) - share::<Chess>(fen, with)
}

/// What one set of structure terms and a backward-pawn weight (on chess's other
/// parameters, which have neither) add to the side to move's score in `fen`.
fn structure_share(fen: &str, structure: StructureTerms, backward: S) -> i32 {
    let pawns = PawnTerms { backward, ..PLAIN_CHESS.pawns };
    chess_gain(fen, &EvalParams { structure, pawns, ..PLAIN_CHESS })
}

/// [`structure_share`] for one structure term, without the backward-pawn term.
fn term_share(fen: &str, structure: StructureTerms) -> i32 {
    structure_share(fen, structure, S::ZERO)
}

#[test]
fn space_behind_advanced_central_pawns_counts() {
    let space = StructureTerms { space: 100, ..StructureTerms::NONE };
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let advanced = "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(term_share(start, space), 0, "the start position is even");
    assert!(term_share(advanced, space) > 0, "d4 and e4 gain room behind them");
}

#[test]
fn an_outpost_is_a_guarded_square_no_enemy_pawn_can_attack() {
    let outpost = StructureTerms { outpost: s(100, 100), ..StructureTerms::NONE };
    // A knight on e5 guarded by d4; in the second position Black's f-pawn can still come
    // to f6 and chase it.
    let safe = "4k3/pp4pp/8/4N3/3P4/8/8/4K3 w - - 0 1";
    let chased = "4k3/pp3ppp/8/4N3/3P4/8/8/4K3 w - - 0 1";
    assert!(term_share(safe, outpost) >= 99, "the knight on e5 holds an outpost");
    assert_eq!(term_share(chased, outpost), 0, "f7-f6 would chase the knight");
}

#[test]
fn a_bishop_hemmed_in_by_its_own_pawns_and_a_closed_long_diagonal_cost() {
    let bishop_pawns = StructureTerms { bishop_pawns: s(-10, -10), ..StructureTerms::NONE };
    let long_diagonal = StructureTerms { long_diagonal: s(100, 100), ..StructureTerms::NONE };
    // A bishop on b2 (dark squares) with the white pawns on dark squares, then on light.
    let on_its_colour = "4k3/8/8/8/3P1P2/8/1B6/4K3 w - - 0 1";
    let off_its_colour = "4k3/8/8/8/2P1P3/8/1B6/4K3 w - - 0 1";
    assert!(
        term_share(on_its_colour, bishop_pawns) < term_share(off_its_colour, bishop_pawns),
        "pawns on the bishop's colour"
    );
    // The same bishop sees d4 and e5 along the long diagonal, unless a pawn on c3 blocks it.
    let open = "4k3/pp6/8/8/8/8/1B4PP/4K3 w - - 0 1";
    let closed = "4k3/pp6/8/8/8/2P5/1B4PP/4K3 w - - 0 1";
    let got = term_share(open, long_diagonal);
    assert!(got >= 99, "an open long diagonal: {got}");
    assert_eq!(term_share(closed, long_diagonal), 0, "c3 closes the diagonal");
}

#[test]
fn a_pawn_left_behind_its_neighbours_is_backward() {
    let backward = s(-100, -100);
    // d3 behind c4 and e4, with Black's pawn on c5 guarding d4; then with a pawn on c2
    // that can still come up to guard it.
    let left_behind = "4k3/8/8/2p5/2P1P3/3P4/8/4K3 w - - 0 1";
    let supported = "4k3/8/8/2p5/4P3/3P4/2P5/4K3 w - - 0 1";
    let alone = structure_share(left_behind, StructureTerms::NONE, backward);
    assert!(alone <= -99, "d3 is backward: {alone}");
    assert_eq!(structure_share(supported, StructureTerms::NONE, backward), 0, "c2 supports d3");
}

#[test]
fn a_piece_a_pawn_push_would_attack_is_threatened() {
    let threat = s(-100, -100);
    let added = |fen: &str| chess_gain(fen, &EvalParams { threat_by_push: threat, ..PLAIN_CHESS });
    // Black's knight on d5 can be hit by e2-e4; with a black pawn on f5 guarding e4 the
    // push is not safe, and with e3 blocked it cannot be made.
    let open = "4k3/pp6/8/3n4/8/8/4P3/4K3 b - - 0 1";
    let guarded = "4k3/pp6/8/3n1p2/8/8/4P3/4K3 b - - 0 1";
    let blocked = "4k3/pp6/8/3n4/8/4b3/4P3/4K3 b - - 0 1";
    assert!(added(open) <= -99, "e2-e4 threatens the knight: {}", added(open));
    assert_eq!(added(guarded), 0, "f5 guards e4");
    assert_eq!(added(blocked), 0, "e3 is blocked");
}

/// What one set of pawn terms adds over chess's own to the side to move's score in `fen`.
fn pawn_gain(fen: &str, pawns: PawnTerms) -> i32 {
    chess_gain(fen, &EvalParams { pawns, ..PLAIN_CHESS })
}

#[test]
fn connected_pawns_gain_with_their_rank_and_lose_when_opposed() {
    let by_rank = [s(0, 0), s(1, 1), s(2, 2), s(3, 3), s(4, 4), s(5, 5), s(6, 6), s(0, 0)];
    let pawns = PawnTerms { connected_by_rank: &by_rank, ..PLAIN_CHESS.pawns };
    // White's d- and e-pawns side by side on the third rank, then on the fifth; then the
    // fifth-rank pair with a black pawn ahead of the d-pawn. Black's a-pawn is alone.
    let third = "4k3/p7/8/8/8/3PP3/8/4K3 w - - 0 1";
    let fifth = "4k3/p7/8/3PP3/8/8/8/4K3 w - - 0 1";
    let opposed = "4k3/p2p4/8/3PP3/8/8/8/4K3 w - - 0 1";
    // Each pawn of a pair beside each other: the rank's value times 3 (2 + 1 beside).
    assert_eq!(pawn_gain(third, pawns), 2 * 3 * 2, "a phalanx on the third rank");
    assert_eq!(pawn_gain(fifth, pawns), 2 * 3 * 4, "a phalanx on the fifth rank");
    // The opposed d-pawn scores 4 * 2; Black's d7 pawn is alone and adds nothing.
    assert_eq!(pawn_gain(opposed, pawns), 4 * 3 + 4 * 2, "d7 faces d5");
    // A pawn guarding another: e4 guards d5 (d5 has a supporter, e4 has none and none
    // beside it), so only d5 scores: its rank twice plus one supporter.
    let supported = PawnTerms { supported: s(10, 10), ..pawns };
    let chain = "4k3/p7/8/3P4/4P3/8/8/4K3 w - - 0 1";
    assert_eq!(pawn_gain(chain, supported), 4 * 2 + 10, "e4 guards d5");
}

#[test]
fn a_weak_pawn_on_a_half_open_file_costs_more() {
    let pawns = PawnTerms { weak_unopposed: s(-100, -100), ..PLAIN_CHESS.pawns };
    // White's isolated d-pawn with nothing ahead of it, then with Black's d-pawn ahead;
    // Black's pawns (a7 b7) are neither isolated nor backward.
    let unopposed = "4k3/pp6/8/8/3P4/8/8/4K3 w - - 0 1";
    let opposed = "4k3/pp1p4/8/8/3P4/8/8/4K3 w - - 0 1";
    let alone = pawn_gain(unopposed, pawns);
    assert!(alone <= -99, "d4 is isolated on a half-open file: {alone}");
    // Black's d7 is isolated too, and opposed: neither side pays.
    assert_eq!(pawn_gain(opposed, pawns), 0, "d7 faces d4");
}

#[test]
fn a_piece_or_pawn_attacked_and_not_held_strongly_is_weak() {
    let weak = |fen: &str| {
        let piece = EvalParams { weak_piece: s(-100, -100), ..PLAIN_CHESS };
        let pawn = EvalParams { weak_pawn: s(-100, -100), ..PLAIN_CHESS };
        (chess_gain(fen, &piece), chess_gain(fen, &pawn))
    };
    // Black's bishop on c5 attacks the knight on e3, which a pawn on f2 holds; with the
    // pawn on a2 instead, nothing does.
    let loose = "4k3/8/8/2b5/8/4N3/P7/4K3 w - - 0 1";
    let held = "4k3/8/8/2b5/8/4N3/5P2/4K3 w - - 0 1";
    assert!(weak(loose).0 <= -99, "the knight on e3 is weak: {:?}", weak(loose));
    assert_eq!(weak(held), (0, 0), "f2 holds e3");
    // Black's rook on d8 attacks the pawn on d4, which the queen on d1 guards once: weak
    // until a rook on b4 guards it too, and weak again once a bishop on g7 attacks it
    // a second time.
    let once = "3rk3/8/8/8/3P4/8/8/3QK3 w - - 0 1";
    let twice = "3rk3/8/8/8/1R1P4/8/8/3QK3 w - - 0 1";
    let doubled = "3rk3/6b1/8/8/1R1P4/8/8/3QK3 w - - 0 1";
    assert!(weak(once).1 <= -99, "d4 guarded once against one attacker: {:?}", weak(once));
    assert_eq!(weak(twice).1, 0, "d4 guarded twice against one attacker");
    assert!(weak(doubled).1 <= -99, "two guards against two attackers: {:?}", weak(doubled));
}

#[test]
fn squares_both_sides_attack_restrict_the_side_without_the_stronger_hold() {
    let restricted = EvalParams { restricted: s(-10, -10), ..PLAIN_CHESS };
    // In the start position no square is attacked by both sides.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(chess_gain(start, &restricted), 0, "nothing is contested");
    // A white rook on e4 and a black one on e5 attack each other's squares: with no
    // pawns, every square both attack restricts both sides alike.
    let rooks = "4k3/8/8/4r3/4R3/8/8/4K3 w - - 0 1";
    assert_eq!(chess_gain(rooks, &restricted), 0, "a mirror image");
    // Give White a pawn on d3 guarding e4: White holds e4 strongly, Black does not hold
    // e5 against it, so White gains.
    let guarded = "4k3/8/8/4r3/4R3/3P4/8/4K3 w - - 0 1";
    assert!(chess_gain(guarded, &restricted) > 0, "d3 holds e4");
}

#[test]
fn a_passed_pawn_gains_with_the_enemy_king_far_from_its_path() {
    let passers = PasserTerms { enemy_king: s(0, 100), ..PasserTerms::NONE };
    let added = |fen: &str| chess_gain(fen, &EvalParams { passers, ..PLAIN_CHESS });
    // White's pawn on e6, two steps from promotion: rank weight 12, so each square between
    // the black king and e7 is worth 100 * 12 / 4. Only kings and pawns: all endgame.
    assert_eq!(added("k7/8/4P3/8/8/8/8/4K3 w - - 0 1"), 4 * 300, "a8 is four from e7");
    assert_eq!(added("5k2/8/4P3/8/8/8/8/4K3 w - - 0 1"), 300, "f8 is next to e7");
    // On e4, four steps from promotion, the weight is 2; on e3 the pawn is too far back.
    assert_eq!(added("k7/8/8/8/4P3/8/8/4K3 w - - 0 1"), 4 * 100 * 2 / 4, "e4");
    assert_eq!(added("k7/8/8/8/8/4P3/8/4K3 w - - 0 1"), 0, "e3");
}

#[test]
fn a_passed_pawn_gains_most_when_nothing_stands_or_strikes_in_front_of_it() {
    let passers = PasserTerms {
        free_span: s(100, 100),
        free_path: s(10, 10),
        free_step: s(1, 1),
        ..PasserTerms::NONE
    };
    let added = |fen: &str| chess_gain(fen, &EvalParams { passers, ..PLAIN_CHESS });
    // White's pawn on e6 (rank weight 12): nothing in front; a knight on b7 striking d8
    // beside its path; a knight on b6 striking d7, which the pawn guards; a rook on a8
    // striking e8 on its path but not e7; a rook on a7 striking e7. Black's pawn on h7
    // keeps the endgame from counting as drawn.
    assert_eq!(added("k7/7p/4P3/8/8/8/8/4K3 w - - 0 1"), 100 * 12 / 4, "a free span");
    assert_eq!(added("k7/1n5p/4P3/8/8/8/8/4K3 w - - 0 1"), 10 * 12 / 4, "a free path");
    let guarded = added("k7/7p/1n2P3/8/8/8/8/4K3 w - - 0 1");
    assert!((guarded - 100 * 12 / 4).abs() <= 1, "d7 is guarded: {guarded} (the phase rounds)");
    assert_eq!(added("r7/k6p/4P3/8/8/8/8/4K3 w - - 0 1"), 12 / 4, "a free step");
    assert_eq!(added("k7/r6p/4P3/8/8/8/8/4K3 w - - 0 1"), 0, "e7 is struck");
}

/// Chess's evaluation of `fen` with `params`.
fn chess_eval(fen: &str, params: &EvalParams) -> i32 {
    let pos = Position::<Chess>::from_fen(fen, false).expect("test FEN");
    evaluate_with(&pos, params, &EvalTables::<Chess>::from_params(params))
}

#[test]
fn complexity_moves_the_endgame_score_of_the_side_ahead_but_never_past_zero() {
    let with = |winnability| chess_eval(FEN_PAWN_UP, &EvalParams { winnability, ..PLAIN_CHESS });
    let plain = chess_eval(FEN_PAWN_UP, &PLAIN_CHESS);
    assert!(plain > 0, "White is a pawn up: {plain}");
    let bias = |bias| WinnabilityTerms { bias, ..WinnabilityTerms::NONE };
    assert_eq!(with(bias(50)), plain + 50, "a complex position widens the edge");
    assert_eq!(with(bias(-30)), plain - 30, "a simple one narrows it");
    assert_eq!(with(bias(-10_000)), 0, "but never turns it");
    // Pawns on both halves of the board (a and h files) add, one half alone does not.
    let flanks = WinnabilityTerms { both_flanks: 40, bias: -1, ..WinnabilityTerms::NONE };
    assert_eq!(with(flanks), plain + 39, "pawns on the a- and h-files");
    let one_side = "4k3/7p/8/8/8/8/6PP/4K3 w - - 0 1";
    let with_flanks = EvalParams { winnability: flanks, ..PLAIN_CHESS };
    let plain_one_side = chess_eval(one_side, &PLAIN_CHESS);
    assert_eq!(chess_eval(one_side, &with_flanks), plain_one_side - 1, "the g- and h-files");
}

/// White a pawn up, pawns on both halves of the board, kings and pawns only.
const FEN_PAWN_UP: &str = "4k3/p7/8/8/8/8/P5PP/4K3 w - - 0 1";

#[test]
fn the_endgame_scale_grows_with_the_pawns_and_shrinks_with_opposite_bishops() {
    let scale = ScaleTerms {
        base: 36,
        per_pawn: 7,
        one_flank: 8,
        opposite_bishops: 16,
        opposite_bishops_per_man: 0,
    };
    let with = EvalParams { scale, ..PLAIN_CHESS };
    // Three white pawns on both halves: 36 + 21 = 57 of 64.
    let plain = chess_eval(FEN_PAWN_UP, &PLAIN_CHESS);
    assert_eq!(chess_eval(FEN_PAWN_UP, &with), plain * 57 / 64, "three pawns");
    // Two white pawns on one half: 36 + 14 - 8 = 42 of 64.
    let one_side = "4k3/7p/8/8/8/8/6PP/4K3 w - - 0 1";
    let plain = chess_eval(one_side, &PLAIN_CHESS);
    assert_eq!(chess_eval(one_side, &with), plain * 42 / 64, "two pawns on one half");
    // A bishop each: on the same colour the pawn scale holds, on opposite colours the
    // endgame part is quartered.
    let shrink = |fen: &str| chess_eval(fen, &with) as f64 / chess_eval(fen, &PLAIN_CHESS) as f64;
    let same = shrink("2b1k3/7p/8/8/8/8/6PP/4KB2 w - - 0 1");
    let opposite = shrink("4kb2/7p/8/8/8/8/6PP/4KB2 w - - 0 1");
    assert!(opposite < same && same < 1.0, "opposite {opposite}, same {same}");
}

#[test]
fn minor_and_rook_threats_weigh_by_the_piece_attacked() {
    // Chess's piece table: pawn, knight, bishop, rook, queen, king.
    let minor = [s(-1, -1), s(-10, -10), s(-20, -20), s(-100, -100), s(-200, -200), S::ZERO];
    let rook = [s(-3, -3), s(-30, -30), s(-40, -40), S::ZERO, s(-50, -50), S::ZERO];
    let with = EvalParams { threat_by_minor: &minor, threat_by_rook: &rook, ..PLAIN_CHESS };
    let added = |fen: &str| chess_gain(fen, &with);
    // Pawns on h2 and h7 keep the endgames from counting as drawn.
    // Black's knight on f6 attacks White's rook on d5: loose, then guarded by a pawn on
    // c4 (a minor's threat on a piece counts either way), then a white pawn there instead,
    // guarded by c4 (a pawn counts only when we do not hold it strongly).
    assert_eq!(added("4k3/7p/5n2/3R4/8/8/7P/4K3 w - - 0 1"), -100, "knight on rook");
    assert_eq!(added("4k3/7p/5n2/3R4/2P5/8/7P/4K3 w - - 0 1"), -100, "on a guarded rook");
    assert_eq!(added("4k3/7p/5n2/3P4/2P5/8/7P/4K3 w - - 0 1"), 0, "on a guarded pawn");
    assert_eq!(added("4k3/7p/5n2/3P4/8/8/7P/4K3 w - - 0 1"), -1, "on a loose pawn");
    // Black's rook on d8 attacks White's bishop on d4: loose, then held by a pawn on e3.
    assert_eq!(added("3rk3/7p/8/8/3B4/8/7P/4K3 w - - 0 1"), -40, "rook on bishop");
    assert_eq!(added("3rk3/7p/8/8/3B4/4P3/8/4K3 w - - 0 1"), 0, "on a guarded bishop");
}

#[test]
fn attacks_on_the_kings_flank_and_a_pawnless_flank_cost() {
    let base = PLAIN_CHESS.king;
    let flank = KingTerms { flank_attack: s(-10, -10), ..base };
    // White's king on g1 behind f2 g2 h2: its flank is e1-h5. Black's rook on a8 hits none
    // of it; on g8 it hits g5, g4, g3 and the pawn on g2; on g4 it hits those but g4 itself,
    // and e4, f4 and h4 along the rank.
    let far = "r3k3/8/8/8/8/8/5PPP/6K1 w - - 0 1";
    let file = "4k1r1/8/8/8/8/8/5PPP/6K1 w - - 0 1";
    let rank = "4k3/8/8/8/6r1/8/5PPP/6K1 w - - 0 1";
    assert_eq!(king_share::<Chess>(far, flank, base), 0, "a8");
    assert_eq!(king_share::<Chess>(file, flank, base), -40, "g8");
    assert_eq!(king_share::<Chess>(rank, flank, base), -60, "g4");
    // Pawns on the a-file only: no pawn on White's king's flank (e-h), while Black's king
    // on b8 has its own (a-d); then a white pawn on h2.
    let pawnless = KingTerms { pawnless_flank: s(-50, -50), ..base };
    let bare = "1k6/p7/8/8/8/8/P7/6K1 w - - 0 1";
    let covered = "1k6/p7/8/8/8/8/P6P/6K1 w - - 0 1";
    assert_eq!(king_share::<Chess>(bare, pawnless, base), -50, "no pawn on e-h");
    assert_eq!(king_share::<Chess>(covered, pawnless, base), 0, "h2");
}

#[test]
fn a_man_alone_between_the_king_and_an_enemy_slider_adds_danger() {
    // Black's knight and queen attack the squares around White's king on g1. A black
    // bishop on b6 pins the pawn on f2 to the king; on a1 it is on no line with the king.
    // No cap, so that every unit shows.
    let base = KingTerms { attacker: 2, cap: i32::MAX, ..KingTerms::NONE };
    let with = KingTerms { blockers: 10, ..base };
    let pinned = "k7/8/1b6/8/6nq/8/5PPP/6K1 w - - 0 1";
    let apart = "k7/8/8/8/6nq/8/5PPP/b5K1 w - - 0 1";
    assert_eq!(king_share::<Chess>(apart, with, base), 0, "no man alone on a line");
    let share = king_share::<Chess>(pinned, with, base);
    assert!(share < 0, "the pinned pawn should add danger, changed {share}");
}

#[test]
fn a_knight_by_the_king_and_guarded_flank_squares_take_danger_away() {
    // No cap, so that every unit shows.
    let base = KingTerms { attacker: 2, cap: i32::MAX, ..KingTerms::NONE };
    // A white knight on f3 guards h2 and g1; on b1 nothing near the king.
    let knight = KingTerms { minor_defender: 10, ..base };
    let near = "k7/8/8/8/6nq/5N2/5PPP/6K1 w - - 0 1";
    let far = "k7/8/8/8/6nq/8/5PPP/1N4K1 w - - 0 1";
    assert_eq!(king_share::<Chess>(far, knight, base), 0, "a knight far away");
    let share = king_share::<Chess>(near, knight, base);
    assert!(share > 0, "the knight on f3 should take danger away, changed {share}");
    // White's king and pawns guard nine squares of its flank (e1-h5); a queen on e2 more.
    let defence = KingTerms { flank_defence: 8, ..base };
    let bare = king_share::<Chess>(far, defence, base);
    let queen = king_share::<Chess>("k7/8/8/8/6nq/8/4QPPP/1N4K1 w - - 0 1", defence, base);
    assert!(0 < bare && bare < queen, "flank defence: {bare} with pawns, {queen} with a queen");
}

/// What `placement` adds over chess's own parameters (which have none) in `fen`.
fn placement_gain(fen: &str, placement: PlacementTerms) -> i32 {
    chess_gain(fen, &EvalParams { placement, ..PLAIN_CHESS })
}

#[test]
fn placement_terms_score_pieces_by_where_they_stand_to_the_kings() {
    let none = PlacementTerms::NONE;
    // Pawns on h2 and h7 keep the endgames from counting as drawn.
    let protector = PlacementTerms { king_protector: s(-10, -10), ..none };
    assert_eq!(placement_gain("4k3/7p/8/8/8/5N2/7P/6K1 w - - 0 1", protector), -20, "Nf3");
    assert_eq!(placement_gain("N3k3/7p/8/8/8/8/7P/6K1 w - - 0 1", protector), -70, "Na8");
    // A rook on g3 behind its own pawn on g5 bears on g7 and g8 once the file opens.
    let rook = PlacementTerms { rook_on_king_ring: s(10, 10), ..none };
    assert_eq!(placement_gain("6k1/7p/8/6P1/8/6R1/7P/4K3 w - - 0 1", rook), 10, "Rg3");
    assert_eq!(placement_gain("6k1/7p/8/6P1/8/R7/7P/4K3 w - - 0 1", rook), 0, "Ra3");
    assert_eq!(placement_gain("6k1/6pp/8/8/8/6R1/7P/4K3 w - - 0 1", rook), 0, "Rg3 hits g7");
    // A bishop on b3 blocked on d5 by a knight would see f7 if the knight left; one
    // blocked by a pawn there does not count.
    let bishop = PlacementTerms { bishop_on_king_ring: s(10, 10), ..none };
    assert_eq!(placement_gain("6k1/7p/8/3n4/8/1B6/7P/4K3 w - - 0 1", bishop), 10, "knight d5");
    assert_eq!(placement_gain("6k1/7p/8/3p4/8/1B6/7P/4K3 w - - 0 1", bishop), 0, "pawn d5");
    // A rook shut in on h1 by its king on g1 and pawn on h2; with the king on e1 it has
    // two squares, and counts once while White may still castle.
    let trapped = PlacementTerms { trapped_rook: s(-10, -10), ..none };
    assert_eq!(placement_gain("4k3/7p/8/8/8/8/7P/6KR w - - 0 1", trapped), -20, "Kg1 Rh1");
    assert_eq!(placement_gain("4k3/7p/8/8/8/8/7P/4K2R w K - 0 1", trapped), -10, "may castle");
    assert_eq!(placement_gain("4k3/7p/8/8/8/8/7P/R5K1 w - - 0 1", trapped), 0, "Ra1");
}

#[test]
fn squares_from_which_a_lesser_piece_would_hit_the_queen_cost() {
    let leaper = EvalParams { queen_threat_by_leaper: s(-10, -10), ..PLAIN_CHESS };
    // Black's knight on b8 can go to c6 and attack White's queen on d4, unless a white
    // pawn on b5 guards c6.
    assert_eq!(chess_gain("1n2k3/7p/8/8/3Q4/8/7P/4K3 w - - 0 1", &leaper), -10, "Nc6");
    assert_eq!(chess_gain("1n2k3/7p/8/1P6/3Q4/8/7P/4K3 w - - 0 1", &leaper), 0, "c6 held");
    // Black's bishop on f8 reaches c5 and g7, from which it would attack the queen, but
    // counts only where Black attacks twice: with a rook on c8, c5 (bishop and rook) and
    // d8 (rook and king), from which the rook would attack it.
    let slider = EvalParams { queen_threat_by_slider: s(-10, -10), ..PLAIN_CHESS };
    assert_eq!(chess_gain("4kb2/7p/8/8/3Q4/8/7P/4K3 w - - 0 1", &slider), 0, "bishop alone");
    assert_eq!(chess_gain("2r1kb2/7p/8/8/3Q4/8/7P/4K3 w - - 0 1", &slider), -20, "and a rook");
}
