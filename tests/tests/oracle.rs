//! Fairy-Stockfish's answers (data/oracle, generated with pyffish) against ours: legal
//! move lists, perft counts, check flags and on-board game ends, position by position;
//! and the optional game ends (repetition, the fifty-move rule, shinobi's perpetual
//! check) of positions reached by move sequences (`game_ends.txt`).

use ekumen_movegen::{AnyPosition, EndReason, GameResult, VariantId};
use ekumen_tests::data::{game_end_cases, oracle_cases};

/// The FEN with its hand sorted: a FEN typed by hand (the start positions) may list the
/// hand in another order than Fairy-Stockfish prints it.
fn canonical_hand(fen: &str) -> String {
    match (fen.find('['), fen.find(']')) {
        (Some(open), Some(close)) => {
            let mut hand: Vec<char> = fen[open + 1..close].chars().collect();
            hand.sort_unstable();
            format!(
                "{}[{}]{}",
                &fen[..open],
                hand.into_iter().collect::<String>(),
                &fen[close + 1..]
            )
        }
        _ => fen.to_string(),
    }
}

fn check_variant(variant: VariantId) -> usize {
    let cases = oracle_cases(variant.name());
    let mut failures = Vec::new();
    for case in &cases {
        let pos = match AnyPosition::from_fen(variant, &case.fen, false) {
            Ok(pos) => pos,
            Err(e) => {
                failures.push(format!("{}: does not parse: {e}", case.fen));
                continue;
            }
        };
        if canonical_hand(&pos.fen()) != canonical_hand(&case.fen) {
            failures.push(format!("{}: prints as {}", case.fen, pos.fen()));
        }
        let mut moves: Vec<String> =
            pos.legal_moves().into_iter().map(|m| pos.move_to_uci(m)).collect();
        moves.sort();
        if moves != case.moves {
            let missing: Vec<_> = case.moves.iter().filter(|m| !moves.contains(m)).collect();
            let extra: Vec<_> = moves.iter().filter(|m| !case.moves.contains(m)).collect();
            failures.push(format!("{}: missing {missing:?}, extra {extra:?}", case.fen));
            continue;
        }
        for (i, &expected) in case.perft.iter().enumerate() {
            let mut p = pos.clone();
            let got = p.perft(i as u32 + 1);
            if got != expected {
                failures.push(format!("{}: perft({}) {got}, expected {expected}", case.fen, i + 1));
            }
        }
        if pos.royal_attacked() != case.check {
            failures.push(format!(
                "{}: check {} expected {}",
                case.fen,
                pos.royal_attacked(),
                case.check
            ));
        }
        let end = match pos.decided_on_board().map(|o| o.result) {
            None => "-",
            Some(GameResult::Win) => "win",
            Some(GameResult::Loss) => "loss",
            Some(GameResult::Draw) => "draw",
        };
        if end != case.end {
            failures.push(format!("{}: end {end}, expected {}", case.fen, case.end));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} positions differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    cases.len()
}

#[test]
fn chess_matches_fairy_stockfish() {
    assert_eq!(check_variant(VariantId::Chess), 305, "positions in tests/data/oracle");
}

#[test]
fn gothic_matches_fairy_stockfish() {
    assert_eq!(check_variant(VariantId::Gothic), 420, "positions in tests/data/oracle");
}

#[test]
fn shinobi_matches_fairy_stockfish() {
    assert_eq!(check_variant(VariantId::Shinobi), 1398, "positions in tests/data/oracle");
}

#[test]
fn gethenian_matches_fairy_stockfish() {
    assert_eq!(check_variant(VariantId::Gethenian), 1268, "positions in tests/data/oracle");
}

fn result_word(result: GameResult) -> &'static str {
    match result {
        GameResult::Win => "win",
        GameResult::Loss => "loss",
        GameResult::Draw => "draw",
    }
}

#[test]
fn optional_game_ends_match_fairy_stockfish() {
    let cases = game_end_cases();
    let mut failures = Vec::new();
    let mut ends = [0; 4];
    for case in &cases {
        let variant = VariantId::from_name(&case.variant).expect("a variant");
        let mut pos = AnyPosition::from_fen(variant, &case.fen, false).expect("a FEN");
        for text in &case.moves {
            let m = pos.parse_uci_move(text).unwrap_or_else(|e| panic!("{case:?}: {text}: {e}"));
            pos.make_move(m);
        }
        // Only the ends a player may claim; the generator left out positions decided on
        // the board or without a legal move.
        let end = match pos.outcome() {
            Some(o) if o.reason == EndReason::Repetition => result_word(o.result),
            Some(o) if o.reason == EndReason::FiftyMoves => result_word(o.result),
            Some(o) if o.reason == EndReason::PerpetualCheck => result_word(o.result),
            _ => "-",
        };
        if end != case.end {
            failures.push(format!("{case:?}: {end}"));
        }
        ends[["-", "draw", "win", "loss"].iter().position(|&e| e == case.end).unwrap()] += 1;
    }
    assert!(
        failures.is_empty(),
        "{} of {} sequences differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    // Every sequence of the file was judged: no end, draws, and shinobi's perpetual checks
    // won and lost.
    assert_eq!(ends, [1580, 293, 2, 4], "sequences by end (-, draw, win, loss)");
}
