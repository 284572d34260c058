//! Syzygy tablebases: the prober's answers against python-chess's independent prober on
//! random 3- and 4-man positions, the search keeping a tablebase win and holding a
//! tablebase draw, and `SyzygyPath` pointing nowhere.

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

/// A random position with the two kings and `men` (white's in capitals), side to move
/// at random, fifty-move counter at 0; it may be illegal (python-chess sorts those out).
fn random_fen(rng: &mut Rng, men: &str) -> String {
    let mut board = [None; 64];
    for man in ["K", "k"].into_iter().chain(men.split("").filter(|m| !m.is_empty())) {
        loop {
            let sq = rng.below(64);
            let pawn_rank = man.eq_ignore_ascii_case("p") && !(8..56).contains(&sq);
            if board[sq].is_none() && !pawn_rank {
                board[sq] = Some(man.chars().next().expect("a man"));
                break;
            }
        }
    }
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
    let side = if rng.below(2) == 0 { "w" } else { "b" };
    format!("{fen} {side} - - 0 1")
}

/// Every material the test tables hold, one side's men in capitals.
const MATERIAL: [&str; 35] = [
    "Q", "R", "B", "N", "P", "QQ", "QR", "QB", "QN", "QP", "RR", "RB", "RN", "RP", "BB", "BN",
    "BP", "NN", "NP", "PP", "Qq", "Qr", "Qb", "Qn", "Qp", "Rr", "Rb", "Rn", "Rp", "Bb", "Bn", "Bp",
    "Nn", "Np", "Pp",
];

/// python-chess's verdicts: for each FEN, `invalid`, or its WDL and then, for each legal
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
        (0..400).map(|i| random_fen(&mut rng, MATERIAL[i % MATERIAL.len()])).collect();
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

    let mut compared = 0;
    for (fen, answer) in fens.iter().zip(answers) {
        if answer == "invalid" {
            continue;
        }
        let pos = AnyPosition::from_fen(VariantId::Chess, fen, false).expect("a valid FEN");
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
    assert!(compared >= 200, "only {compared} legal positions compared");
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
