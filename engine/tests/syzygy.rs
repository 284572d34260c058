//! Syzygy tablebases: the prober's answers against python-chess's independent prober on
//! random 3- and 4-man positions (with fifty-move counters, en passant captures, and
//! castling rights, which no table covers), the search keeping a tablebase win and
//! holding a tablebase draw, and `SyzygyPath` pointing nowhere.

mod support;

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Mutex;

use ekumen_movegen::{dispatch, AnyPosition, Rng, VariantId};
use ekumen_search::tablebase::{self, Wdl};
use ekumen_search::{Limits, SearchScore, SearchSettings, Searcher};
use ekumen_tests::python::{project_python, repository};
use support::Engine;

/// The tables are loaded once per process; tests that load them run one at a time.
static TABLES: Mutex<()> = Mutex::new(());

fn tables_dir() -> String {
    repository().join("tests/data/syzygy").to_string_lossy().into_owned()
}

fn load_tables() -> std::sync::MutexGuard<'static, ()> {
    let guard = TABLES.lock().unwrap_or_else(|e| e.into_inner());
    let loaded = tablebase::set_path(&tables_dir()).expect("the test tables load");
    assert_eq!((loaded.tables, loaded.max_pieces), (35, 4), "{loaded:?}");
    guard
}

/// The FEN board of `board` (squares a1 = 0 to h8 = 63).
fn board_fen(board: &[Option<char>; 64]) -> String {
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        fen += &empty.to_string();
                        empty = 0;
                    }
                    fen.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen += &empty.to_string();
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen
}

/// Places `man` on a random empty square (pawns off the first and last ranks).
fn place(rng: &mut Rng, board: &mut [Option<char>; 64], man: char) {
    loop {
        let sq = rng.below(64);
        let pawn_rank = man.eq_ignore_ascii_case(&'p') && !(8..56).contains(&sq);
        if board[sq].is_none() && !pawn_rank {
            board[sq] = Some(man);
            return;
        }
    }
}

/// A random position with the two kings and `men` (white's in capitals), side to move at
/// random, and the kind of position `kind` asks for (every fourth of each):
/// - 0: no castling, no en passant, counters `0 1`;
/// - 1: a fifty-move counter of 1 to 99 and a later move number;
/// - 2: king and pawn against king and pawn whatever `men` says, a double pawn push just
///   played next to the enemy pawn, its en passant square set;
/// - 3: where the men allow, a king and rook on their squares with the castling right.
///
/// It may be illegal (python-chess sorts those out).
fn random_fen(rng: &mut Rng, men: &str, kind: usize) -> String {
    let mut board = [None; 64];
    let mut side = if rng.below(2) == 0 { "w" } else { "b" };
    let (mut castling, mut ep) = ("-".to_string(), "-".to_string());
    let mut men: Vec<char> = if kind == 2 { vec!['P', 'p'] } else { men.chars().collect() };
    if kind == 2 {
        // The mover's pawn on its fifth rank, the enemy pawn beside it having just come
        // two squares.
        let file = rng.below(8);
        let beside = if file == 0 || (file < 7 && rng.below(2) == 0) { file + 1 } else { file - 1 };
        let white = rng.below(2) == 0;
        let (ours, theirs, rank, step) = if white { ('P', 'p', 4, 1) } else { ('p', 'P', 3, -1) };
        board[rank * 8 + file] = Some(ours);
        board[rank * 8 + beside] = Some(theirs);
        let behind = (rank as i32 + step) as usize * 8 + beside;
        ep = format!("{}{}", (b'a' + beside as u8) as char, behind / 8 + 1);
        side = if white { "w" } else { "b" };
        men.retain(|&m| m != 'P' && m != 'p');
    }
    let mut kings = ['K', 'k'].to_vec();
    if kind == 3 {
        for (rook, king_sq, rook_sq, right) in [('R', 4, 7, 'K'), ('r', 60, 56, 'q')] {
            if let Some(at) = men.iter().position(|&m| m == rook) {
                men.remove(at);
                board[king_sq] = Some(if rook == 'R' { 'K' } else { 'k' });
                board[rook_sq] = Some(rook);
                kings.retain(|&k| k != board[king_sq].unwrap());
                castling =
                    if castling == "-" { right.to_string() } else { format!("{castling}{right}") };
            }
        }
    }
    for man in kings.into_iter().chain(men) {
        place(rng, &mut board, man);
    }
    // Keep the squares the double push crossed empty.
    if ep != "-" {
        let file = usize::from(ep.as_bytes()[0] - b'a');
        let rank = usize::from(ep.as_bytes()[1] - b'1');
        let from = if rank == 5 { 6 } else { 1 };
        for r in [rank, from] {
            if let Some(man) = board[r * 8 + file].take() {
                place(rng, &mut board, man);
                board[r * 8 + file] = None;
            }
        }
    }
    let (halfmove, fullmove) =
        if kind == 1 { (1 + rng.below(99), 2 + rng.below(60)) } else { (0, 1) };
    format!("{} {side} {castling} {ep} {halfmove} {fullmove}", board_fen(&board))
}

/// Every material the test tables hold, one side's men in capitals.
const MATERIAL: [&str; 35] = [
    "Q", "R", "B", "N", "P", "QQ", "QR", "QB", "QN", "QP", "RR", "RB", "RN", "RP", "BB", "BN",
    "BP", "NN", "NP", "PP", "Qq", "Qr", "Qb", "Qn", "Qp", "Rr", "Rb", "Rn", "Rp", "Bb", "Bn", "Bp",
    "Nn", "Np", "Pp",
];

/// python-chess's verdicts: for each FEN, `invalid`, `castling` (no table covers castling
/// rights: python-chess refuses to probe), or its WDL and then, for each legal
/// move, `uci:dtz` with the distance to zeroing after the move counted as the root probe
/// counts it (1 for a mate or a winning zeroing move, 101 into a cursed win).
const REFERENCE: &str = r#"
import sys, chess, chess.syzygy
tb = chess.syzygy.open_tablebase(sys.argv[1])
zeroing = {-2: -1, -1: -101, 0: 0, 1: 101, 2: 1}
for line in sys.stdin:
    board = chess.Board(line.strip())
    if not board.is_valid() or board.is_game_over():
        print("invalid")
        continue
    if board.has_castling_rights(chess.WHITE) or board.has_castling_rights(chess.BLACK):
        print("castling")
        continue
    out = [str(tb.probe_wdl(board))]
    for move in board.legal_moves:
        board.push(move)
        if board.is_checkmate():
            v = 1
        elif board.halfmove_clock == 0:
            v = zeroing[-tb.probe_wdl(board)]
        else:
            d = -tb.probe_dtz(board)
            v = d + 1 if d > 0 else d - 1 if d < 0 else 0
        board.pop()
        out.append(f"{move.uci()}:{v}")
    print(" ".join(out))
"#;

#[test]
fn probes_agree_with_python_chess() {
    let Some(python) = project_python("chess.syzygy", "the probes are not compared") else {
        return;
    };
    let _tables = load_tables();
    let mut rng = Rng::new(0x5359_5a59_4759);
    let fens: Vec<String> =
        (0..800).map(|i| random_fen(&mut rng, MATERIAL[i % MATERIAL.len()], i / 7 % 4)).collect();
    let mut child = Command::new(python)
        .args(["-c", REFERENCE, &tables_dir()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python runs");
    let input = fens.join("\n") + "\n";
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("fens sent");
    let output = child.wait_with_output().expect("python answers");
    assert!(output.status.success(), "python-chess failed");
    let answers = String::from_utf8(output.stdout).expect("utf-8");
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), fens.len());

    let (mut compared, mut counters, mut en_passant, mut castling) = (0, 0, 0, 0);
    for (fen, answer) in fens.iter().zip(answers) {
        if answer == "invalid" {
            continue;
        }
        let pos = AnyPosition::from_fen(VariantId::Chess, fen, false).expect("a valid FEN");
        if answer == "castling" {
            assert_eq!(dispatch!(&pos, p => tablebase::probe_wdl(p)), None, "WDL of {fen}");
            let dtz = dispatch!(&pos, p => tablebase::probe_root_dtz(p));
            assert_eq!(dtz, None, "DTZ of {fen}");
            castling += 1;
            continue;
        }
        counters += usize::from(!fen.ends_with(" 0 1"));
        en_passant += usize::from(
            pos.legal_moves().iter().any(|m| m.kind() == ekumen_movegen::MoveKind::EnPassant),
        );
        let mut fields = answer.split(' ');
        let wdl: i32 = fields.next().and_then(|w| w.parse().ok()).expect("a WDL");
        let ours = dispatch!(&pos, p => tablebase::probe_wdl(p)).expect("probed");
        assert_eq!(ours as i32, wdl, "WDL of {fen}");

        let mut expected: Vec<String> = fields.map(str::to_string).collect();
        let dtz = dispatch!(&pos, p => tablebase::probe_root_dtz(p)).expect("DTZ probed");
        let mut ours: Vec<String> =
            dtz.iter().map(|&(m, d)| format!("{}:{d}", pos.move_to_uci(m))).collect();
        expected.sort();
        ours.sort();
        assert_eq!(ours, expected, "DTZ after each move of {fen}");
        compared += 1;
    }
    // Every kind of position is there, and the same ones each run (the seed is fixed).
    let kinds = (compared, counters, en_passant, castling);
    assert_eq!(kinds, (562, 145, 177, 52), "(compared, with counters, with en passant, castling)");
}

#[test]
fn the_root_ranking_keeps_a_won_endgame_won() {
    let _tables = load_tables();
    let mut searcher = Searcher::new(SearchSettings::default());
    let pos = AnyPosition::from_fen(VariantId::Chess, "8/8/8/4k3/8/8/8/KQ6 w - - 0 1", false)
        .expect("FEN");
    let limits = Limits { depth: Some(6), ..Limits::default() };
    let (result, reports) = searcher.search_to_end(&pos, limits).expect("a result");
    let last = reports.last().expect("reports");
    assert!(matches!(last.score, SearchScore::Cp(cp) if cp >= 19_000), "{last:?}");
    assert!(last.tbhits > 0);
    let best = result.best.expect("a move");
    let mut after = pos.clone();
    after.make_move(best);
    let wdl = dispatch!(&after, p => tablebase::probe_wdl(p));
    assert_eq!(wdl, Some(Wdl::Loss), "{} throws the win away", pos.move_to_uci(best));
}

/// A table win the fifty-move rule will draw first scores a few centipawns, not a win;
/// with `Syzygy50MoveRule` off it is a win again.
#[test]
fn a_fifty_move_counter_near_its_end_draws_a_table_win() {
    let _tables = load_tables();
    // KQvK, at least ten moves from mate, with one ply left before the rule.
    let fen = "8/8/8/4k3/8/8/8/KQ6 w - - 99 80";
    let pos = AnyPosition::from_fen(VariantId::Chess, fen, false).expect("FEN");
    for (fifty_move_rule, won) in [(true, false), (false, true)] {
        let syzygy = ekumen_search::SyzygySettings { fifty_move_rule, ..Default::default() };
        let mut searcher = Searcher::new(SearchSettings { syzygy, ..SearchSettings::default() });
        let limits = Limits { depth: Some(6), ..Limits::default() };
        let (_, reports) = searcher.search_to_end(&pos, limits).expect("a result");
        let last = reports.last().expect("reports");
        let score = match last.score {
            SearchScore::Cp(cp) => cp,
            other => panic!("{other:?}"),
        };
        assert_eq!(score >= 19_000, won, "Syzygy50MoveRule {fifty_move_rule}: {last:?}");
        if !won {
            assert!((0..100).contains(&score), "{last:?}");
        }
    }
}

#[test]
fn a_won_endgame_is_converted_within_fifty_moves() {
    let _tables = load_tables();
    let mut searcher = Searcher::new(SearchSettings::default());
    // KRvK, 16 moves from mate with best defence; both sides shallow searches.
    let mut pos = AnyPosition::from_fen(VariantId::Chess, "8/8/8/8/4k3/8/8/R3K3 w - - 0 1", false)
        .expect("FEN");
    for _ in 0..100 {
        let limits = Limits { depth: Some(4), ..Limits::default() };
        let (result, _) = searcher.search_to_end(&pos, limits).expect("a result");
        let Some(best) = result.best else { break };
        pos.make_move(best);
    }
    assert!(
        pos.legal_moves().is_empty() && pos.in_check(),
        "not mated within fifty moves: {}",
        pos.fen()
    );
}

#[test]
fn a_drawn_endgame_scores_a_draw() {
    let _tables = load_tables();
    let mut searcher = Searcher::new(SearchSettings::default());
    // KRvKR with the rooks en prise to nobody: a table draw.
    let pos = AnyPosition::from_fen(VariantId::Chess, "8/8/3k4/8/8/2r5/8/KR6 w - - 0 1", false)
        .expect("FEN");
    let limits = Limits { depth: Some(8), ..Limits::default() };
    let (result, reports) = searcher.search_to_end(&pos, limits).expect("a result");
    assert_eq!(reports.last().expect("reports").score, SearchScore::Cp(0));
    let mut after = pos.clone();
    after.make_move(result.best.expect("a move"));
    assert_eq!(dispatch!(&after, p => tablebase::probe_wdl(p)), Some(Wdl::Draw));
}

#[test]
fn wdl_probes_below_the_root_find_the_win() {
    let _tables = load_tables();
    let mut searcher = Searcher::new(SearchSettings::default());
    // Five men: the root is beyond the tables, but Qxb7 leads into KQRvK, which the WDL
    // probes after the capture see at once.
    let pos = AnyPosition::from_fen(VariantId::Chess, "8/1r6/8/4k3/8/8/8/KQR5 w - - 0 1", false)
        .expect("FEN");
    let limits = Limits { depth: Some(6), ..Limits::default() };
    let (_, reports) = searcher.search_to_end(&pos, limits).expect("a result");
    let last = reports.last().expect("reports");
    assert!(last.tbhits > 0, "{last:?}");
}

#[test]
fn a_missing_path_is_reported_and_the_search_goes_on() {
    let mut engine = Engine::start();
    let answer = engine.ask("setoption name SyzygyPath value /no/such/syzygy/dir");
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(answer[0].starts_with("info string SyzygyPath /no/such/syzygy/dir"), "{answer:?}");
    engine.send("position fen 8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
    engine.send("go depth 4");
    let lines = engine.until(|l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l.contains(" tbhits 0 ")), "{lines:?}");
    let found = engine.ask(&format!("setoption name SyzygyPath value {}", tables_dir()));
    assert_eq!(found, ["info string Found 35 tablebases (up to 4-man)"]);
    assert!(engine.ask("setoption name SyzygyPath value <empty>").is_empty());
    assert!(engine.quit().success());
}
