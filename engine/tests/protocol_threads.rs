//! Several search threads through the protocol, two to eight of them even on a two-core
//! machine: `stop` answers quickly, `go nodes` binds all threads together, ponder and
//! `ponderhit`, MultiPV and Skill Level work as with one thread, and 400 short searches
//! over random positions of every variant, at one to eight threads and MultiPV 1 to 3,
//! give only legal moves, every move of every reported line legal, and no panic (the
//! support code fails a test on any panic or illegal line the engine reports on stderr).
//!
//! Clocks and `movetime` with several threads are timed in `protocol_clocks.rs`. The
//! tests here that time an answer take one lock, so they do not share the processors.

mod support;

use std::sync::{Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use ekumen_movegen::{AnyPosition, Rng, VariantId};
use support::Engine;

static PROCESSORS: Mutex<()> = Mutex::new(());

fn alone() -> MutexGuard<'static, ()> {
    PROCESSORS.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn uci_engine(threads: u32) -> Engine {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.until(|l| l == "uciok");
    engine.ask(&format!("setoption name Threads value {threads}"));
    engine
}

/// The move of a `bestmove` line.
fn best_move(line: &str) -> String {
    line.split(' ').nth(1).unwrap_or_else(|| panic!("no move in '{line}'")).to_string()
}

fn legal(pos: &AnyPosition) -> Vec<String> {
    pos.legal_moves().into_iter().map(|m| pos.move_to_uci(m)).collect()
}

/// The value after `word` in an info line.
fn field(info: &str, word: &str) -> Option<String> {
    let mut words = info.split(' ');
    words.by_ref().find(|&w| w == word)?;
    words.next().map(str::to_string)
}

/// A panic in a search thread, main or helper, is a bug the engine survives: the search
/// still answers with a legal move, and the `BUG:` line it prints (which fails every other
/// test through the support code) names the thread.
#[test]
fn a_search_thread_panic_is_reported_and_survived() {
    for (thread, expected) in [
        ("search helper", "BUG: panic in search helper 1 of "),
        ("search", "BUG: panic in the search of "),
    ] {
        let mut engine = Engine::start_with_env(&[], &[("EKUMEN_TEST_PANIC", thread)]);
        engine.line();
        engine.send("uci");
        engine.until(|l| l == "uciok");
        engine.ask("setoption name Threads value 2");
        engine.ask("position startpos");
        engine.send("go depth 4");
        let (_, best) = engine.search_output();
        let start = AnyPosition::startpos(VariantId::Chess, false);
        assert!(legal(&start).contains(&best_move(&best)), "{best}");
        let bugs = engine.take_bug_reports();
        assert!(bugs.iter().any(|b| b.starts_with(expected)), "{thread}: {bugs:?}");
        engine.quit();
    }
}

#[test]
fn stop_answers_quickly() {
    let _alone = alone();
    for threads in [2, 4, 8] {
        let mut engine = uci_engine(threads);
        engine.ask("position startpos moves e2e4 e7e5");
        for _ in 0..3 {
            engine.send("go infinite");
            thread::sleep(Duration::from_millis(150));
            engine.sync();
            let start = Instant::now();
            engine.send("stop");
            let (_, best) = engine.search_output();
            let waited = start.elapsed();
            // Typically a few milliseconds; the bound leaves room for eight threads taking
            // turns on two loaded processors, and still catches a search that runs on to
            // the end of its iteration.
            assert!(waited < Duration::from_millis(200), "{threads} threads: {waited:?}");
            assert!(best.starts_with("bestmove ") && !best.contains("(none)"), "{best}");
        }
        assert!(engine.quit().success());
    }
}

#[test]
fn a_node_limit_binds_all_threads() {
    for threads in [2, 5, 8] {
        let mut engine = uci_engine(threads);
        engine.ask("setoption name UCI_Variant value gothic");
        engine.ask("position startpos");
        engine.send("go nodes 30000");
        let (infos, best) = engine.search_output();
        // The last line reports the whole search; each thread looks at the total every 64
        // of its own nodes, so together they pass the limit by at most 64 each.
        let nodes = Engine::nodes_searched(&infos);
        let most = 30_000 + 64 * u64::from(threads);
        assert!((30_000..=most).contains(&nodes), "{threads} threads: {nodes}");
        assert!(legal(&AnyPosition::startpos(VariantId::Gothic, false)).contains(&best_move(&best)));
        assert!(engine.quit().success());
    }
}

#[test]
fn ponder_with_threads() {
    for threads in [2, 8] {
        let mut engine = uci_engine(threads);
        engine.ask("setoption name Ponder value true");
        engine.ask("position startpos moves d2d4");
        // A hit: the search goes on and ends by the clock.
        engine.send("go ponder wtime 2000 btime 2000");
        thread::sleep(Duration::from_millis(200));
        let during = engine.sync();
        assert!(!during.iter().any(|l| l.starts_with("bestmove")), "{during:?}");
        engine.send("ponderhit");
        let (_, best) = engine.search_output();
        let pos = AnyPosition::from_fen(
            VariantId::Chess,
            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
            false,
        )
        .unwrap();
        assert!(legal(&pos).contains(&best_move(&best)), "{best}");
        // A miss: `stop`, then the real position.
        engine.send("go ponder wtime 2000 btime 2000");
        thread::sleep(Duration::from_millis(100));
        engine.send("stop");
        engine.search_output();
        engine.ask("position startpos moves d2d4 d7d5");
        engine.send("go depth 6");
        let (_, best) = engine.search_output();
        assert!(best.starts_with("bestmove ") && !best.contains("(none)"), "{best}");
        assert!(engine.quit().success());
    }
}

#[test]
fn multipv_with_threads() {
    let start = AnyPosition::startpos(VariantId::Shinobi, false);
    let moves = legal(&start);
    for threads in [2, 6] {
        let mut engine = uci_engine(threads);
        engine.ask("setoption name UCI_Variant value shinobi");
        engine.ask("setoption name MultiPV value 3");
        engine.ask("position startpos");
        engine.send("go depth 6");
        let (infos, best) = engine.search_output();
        let last_depth = infos.iter().rev().find_map(|i| field(i, "depth")).expect("a depth");
        let lines: Vec<&String> = infos
            .iter()
            .filter(|i| field(i, "depth").as_deref() == Some(&last_depth) && i.contains(" pv "))
            .collect();
        let mut firsts: Vec<String> = Vec::new();
        for rank in 1..=3 {
            let line = lines
                .iter()
                .rev()
                .find(|i| field(i, "multipv").as_deref() == Some(&rank.to_string()))
                .unwrap_or_else(|| panic!("{threads} threads: no multipv {rank} in {infos:?}"));
            let first = field(line, "pv").expect("a pv");
            assert!(moves.contains(&first), "{line}");
            firsts.push(first);
        }
        let illegal = support::illegal_lines(&start, &infos);
        assert!(illegal.is_empty(), "{threads} threads: {illegal:?}");
        firsts.sort();
        firsts.dedup();
        assert_eq!(firsts.len(), 3, "{threads} threads: {lines:?}");
        assert!(moves.contains(&best_move(&best)), "{best}");
        assert!(engine.quit().success());
    }
}

#[test]
fn skill_level_with_threads() {
    let start = AnyPosition::startpos(VariantId::Chess, false);
    let moves = legal(&start);
    let mut engine = uci_engine(4);
    engine.ask("setoption name Skill Level value 3");
    engine.ask("position startpos");
    let mut played = Vec::new();
    for _ in 0..8 {
        engine.ask("ucinewgame");
        engine.ask("position startpos");
        engine.send("go depth 5");
        let (_, best) = engine.search_output();
        let best = best_move(&best);
        assert!(moves.contains(&best), "{best}");
        played.push(best);
    }
    played.sort();
    played.dedup();
    // A weakened engine varies its choice.
    assert!(played.len() > 1, "always {played:?}");
    assert!(engine.quit().success());
}

/// A position some random moves into a game of `variant`.
fn random_position(variant: VariantId, rng: &mut Rng) -> AnyPosition {
    let mut pos = AnyPosition::startpos(variant, false);
    for _ in 0..rng.below(40) {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.outcome().is_some() {
            break;
        }
        pos.make_move(*rng.pick(&moves));
    }
    pos
}

#[test]
fn hundreds_of_short_searches_give_legal_moves_and_lines() {
    let mut rng = Rng::new(0x7423_5A17);
    let mut searches = 0;
    for threads in 1..=8 {
        let mut engine = uci_engine(threads);
        for variant in VariantId::ALL {
            engine.ask(&format!("setoption name UCI_Variant value {variant}"));
            for i in 0..10 {
                let pos = random_position(variant, &mut rng);
                let moves = legal(&pos);
                engine.ask(&format!("position fen {}", pos.fen()));
                engine.ask(&format!("setoption name MultiPV value {}", 1 + i % 3));
                let go = ["go nodes 3000", "go depth 4", "go movetime 10"][i % 3];
                engine.send(go);
                if i % 4 == 3 {
                    engine.send("stop");
                }
                let (infos, best) = engine.search_output();
                let illegal = support::illegal_lines(&pos, &infos);
                if !illegal.is_empty() {
                    engine.fail(&format!("{threads} threads: {}", illegal.join("\n")));
                }
                let best = best_move(&best);
                if moves.is_empty() || pos.outcome().is_some() {
                    assert!(best == "(none)" || moves.contains(&best), "{}: {best}", pos.fen());
                } else {
                    assert!(moves.contains(&best), "{threads} threads, {}: {best}", pos.fen());
                }
                searches += 1;
            }
        }
        assert!(engine.quit().success());
    }
    assert_eq!(searches, 8 * VariantId::ALL.len() * 10);
}
