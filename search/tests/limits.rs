//! Every limit a `go` command can set, through the search's public interface.

use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::{Duration, Instant};

use ekumen_movegen::{AnyPosition, Color, VariantId};
use ekumen_search::time::TimeManager;
use ekumen_search::{IterationReport, Limits, SearchResult, SearchScore, SearchSettings, Searcher};

mod common;
use common::{search_to_end, wait, Collect};

/// Tests that time the search hold the processor alone (`timed`); the others share it
/// (`untimed`). On a two-core machine a clock test racing eight busy searches measures
/// the scheduler, not the search.
static PROCESSOR: RwLock<()> = RwLock::new(());

fn timed() -> RwLockWriteGuard<'static, ()> {
    PROCESSOR.write().unwrap_or_else(|e| e.into_inner())
}

fn untimed() -> RwLockReadGuard<'static, ()> {
    PROCESSOR.read().unwrap_or_else(|e| e.into_inner())
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn start(variant: VariantId) -> AnyPosition {
    AnyPosition::startpos(variant, false)
}

fn run(
    settings: SearchSettings,
    pos: &AnyPosition,
    limits: Limits,
) -> (SearchResult, Vec<IterationReport>) {
    search_to_end(&mut Searcher::new(settings), pos, limits)
}

#[test]
fn depth_limit() {
    let _processor = untimed();
    for variant in VariantId::ALL {
        let limits = Limits { depth: Some(5), ..Limits::default() };
        let (result, reports) = run(SearchSettings::default(), &start(variant), limits);
        assert!(result.best.is_some());
        assert_eq!(reports.last().unwrap().depth, 5, "{variant}");
        assert!(reports.iter().all(|r| r.depth <= 5));
    }
}

#[test]
fn node_limit_is_exact_and_repeatable_on_one_thread() {
    let _processor = untimed();
    let limits = Limits { nodes: Some(20_000), ..Limits::default() };
    let (first, _) = run(SearchSettings::default(), &start(VariantId::Gothic), limits.clone());
    let (second, _) = run(SearchSettings::default(), &start(VariantId::Gothic), limits);
    assert_eq!(first.nodes, 20_000);
    assert_eq!((first.best, first.nodes), (second.best, second.nodes));
}

#[test]
fn nodestime_spends_the_clock_in_nodes_and_repeats_itself() {
    let _processor = untimed();
    // 10 s at one node a millisecond: the maximum, at most 35 % of the clock, is 3,500
    // nodes, checked every 1,024. In real time the search would take some 100,000.
    let limits = Limits {
        time: [Some(ms(10_000)); 2],
        increment: [ms(100); 2],
        nodes_per_ms: Some(1),
        ..Limits::default()
    };
    let (first, _) = run(SearchSettings::default(), &start(VariantId::Gothic), limits.clone());
    let (second, _) = run(SearchSettings::default(), &start(VariantId::Gothic), limits);
    assert!(first.best.is_some());
    assert!(first.nodes <= 3_500 + 1_024, "{}", first.nodes);
    assert_eq!((first.best, first.nodes), (second.best, second.nodes));
}

/// A search stopped before its new iteration has searched the first root move plays the
/// move of the last iteration it finished, not one an earlier iteration preferred and a
/// later one refuted. Each iteration's end is found from its report; a node limit two
/// nodes past it stops the next one at once.
#[test]
fn an_interrupted_iteration_plays_the_last_finished_one_s_move() {
    let _processor = untimed();
    // A gothic middlegame where the best move changes from iteration to iteration.
    let fen =
        "r1bq1k1b1r/ppp1p1ppp1/2n1p2n1p/6B3/1P2p1c1P1/N2P3N2/P1P2PPP1P/R2QCK1B1R w KQkq - 3 10";
    let pos = AnyPosition::from_fen(VariantId::Gothic, fen, false).unwrap();
    let (_, reports) =
        run(SearchSettings::default(), &pos, Limits { depth: Some(12), ..Limits::default() });
    assert!(reports.len() >= 10);
    for finished in &reports {
        let limits = Limits { nodes: Some(finished.nodes + 2), ..Limits::default() };
        let (result, _) = run(SearchSettings::default(), &pos, limits);
        assert_eq!(
            result.best,
            finished.pv.first().copied(),
            "stopped after depth {}",
            finished.depth
        );
    }
}

#[test]
fn move_time_is_kept() {
    let _processor = timed();
    let limits = Limits { move_time: Some(ms(300)), ..Limits::default() };
    let settings = SearchSettings { move_overhead: ms(20), ..SearchSettings::default() };
    // The hash is allocated before the clock starts, as an engine does at `isready`.
    let mut searcher = Searcher::new(settings);
    let started = Instant::now();
    let (result, _) = search_to_end(&mut searcher, &start(VariantId::Shinobi), limits);
    let elapsed = started.elapsed();
    assert!(result.best.is_some());
    assert!(elapsed >= ms(200) && elapsed <= ms(450), "{elapsed:?}");
}

#[test]
fn a_fast_clock_is_never_exceeded() {
    let _processor = timed();
    // 1 s + 10 ms, as in fast test matches: no move may take more than the clock allows.
    for (variant, left) in
        [(VariantId::Chess, 1000), (VariantId::Gethenian, 300), (VariantId::Shinobi, 60)]
    {
        let limits = Limits {
            time: [Some(ms(left)), Some(ms(left))],
            increment: [ms(10), ms(10)],
            ..Limits::default()
        };
        // The hash is allocated before the clock starts, as an engine does at `isready`.
        let mut searcher = Searcher::new(SearchSettings::default());
        let started = Instant::now();
        let (result, _) = search_to_end(&mut searcher, &start(variant), limits);
        assert!(result.best.is_some());
        assert!(started.elapsed() < ms(left - 10), "{variant}: {:?}", started.elapsed());
    }
}

#[test]
fn mate_limit_stops_at_the_mate() {
    let _processor = untimed();
    // Mate in one: Qg7#.
    let pos =
        AnyPosition::from_fen(VariantId::Chess, "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", false).unwrap();
    let limits = Limits { mate: Some(1), ..Limits::default() };
    let (result, reports) = run(SearchSettings::default(), &pos, limits);
    assert_eq!(pos.move_to_uci(result.best.unwrap()), "g1g7");
    assert_eq!(reports.last().unwrap().score, SearchScore::Mating(1));
}

#[test]
fn search_moves_restrict_the_root() {
    let _processor = untimed();
    let pos = start(VariantId::Chess);
    let only = pos.parse_uci_move("a2a3").unwrap();
    let limits = Limits { depth: Some(6), search_moves: vec![only], ..Limits::default() };
    let (result, reports) = run(SearchSettings::default(), &pos, limits);
    assert_eq!(result.best, Some(only));
    assert!(reports.iter().all(|r| r.pv[0] == only));
}

#[test]
fn multi_pv_reports_distinct_lines_in_order() {
    let _processor = untimed();
    let settings = SearchSettings { multi_pv: 3, ..SearchSettings::default() };
    let limits = Limits { depth: Some(6), ..Limits::default() };
    let (result, reports) = run(settings, &start(VariantId::Gethenian), limits);
    let last: Vec<&IterationReport> = reports.iter().filter(|r| r.depth == 6).collect();
    assert_eq!(last.iter().map(|r| r.multipv).collect::<Vec<_>>(), vec![1, 2, 3]);
    let firsts: Vec<_> = last.iter().map(|r| r.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    let cp = |s: SearchScore| match s {
        SearchScore::Cp(c) => c,
        SearchScore::Mating(_) => 100_000,
        SearchScore::Mated(_) => -100_000,
    };
    assert!(cp(last[0].score) >= cp(last[1].score) && cp(last[1].score) >= cp(last[2].score));
    assert_eq!(result.best, Some(firsts[0]));
}

#[test]
fn several_threads_search_together() {
    let _processor = untimed();
    let settings = SearchSettings { threads: 3, ..SearchSettings::default() };
    let limits = Limits { depth: Some(9), ..Limits::default() };
    for variant in VariantId::ALL {
        let pos = start(variant);
        let (result, _) = run(settings.clone(), &pos, limits.clone());
        let best = result.best.expect("a move");
        assert!(pos.legal_moves().contains(&best), "{variant}");
    }
}

#[test]
fn ponder_waits_for_ponderhit_then_keeps_the_clock() {
    let _processor = timed();
    let limits =
        Limits { time: [Some(ms(2_000)), Some(ms(2_000))], ponder: true, ..Limits::default() };
    let limits_copy = limits.clone();
    let mut searcher = Searcher::new(SearchSettings::default());
    let collect = Collect::default();
    let pos = start(VariantId::Chess);
    let handle = searcher.start(pos.clone(), limits, Box::new(collect.clone()));
    std::thread::sleep(ms(400));
    assert!(!handle.is_finished(), "a ponder search waits for ponderhit");
    let hit = Instant::now();
    handle.ponderhit();
    let result = wait(handle, &pos);
    assert!(result.best.is_some());
    // After ponderhit the move comes within the maximum (which counts from then: 280 ms,
    // five optima of the 2 s clock), with 30 ms for the poll and the thread's end.
    let maximum = TimeManager::new(&limits_copy, Color::White, ms(10), 100).unwrap().maximum;
    assert_eq!(maximum, ms(280));
    assert!(hit.elapsed() < maximum + ms(30), "{:?}", hit.elapsed());
    assert!(collect.1.lock().unwrap().is_some());
}

#[test]
fn infinite_runs_until_stop() {
    let _processor = timed();
    let limits = Limits { infinite: true, ..Limits::default() };
    let mut searcher = Searcher::new(SearchSettings::default());
    let collect = Collect::default();
    let pos = start(VariantId::Coherent);
    let handle = searcher.start(pos.clone(), limits, Box::new(collect.clone()));
    std::thread::sleep(ms(300));
    assert!(!handle.is_finished());
    let stopped = Instant::now();
    handle.stop();
    let result = wait(handle, &pos);
    assert!(stopped.elapsed() < ms(200), "{:?}", stopped.elapsed());
    assert!(result.best.is_some());
}

#[test]
fn clocks_are_read_for_the_side_to_move() {
    let _processor = timed();
    // Black to move with plenty of time while White has almost none: Black may think.
    let mut pos = start(VariantId::Chess);
    pos.make_move(pos.parse_uci_move("e2e4").unwrap());
    assert_eq!(pos.side_to_move(), Color::Black);
    let limits = Limits { time: [Some(ms(5)), Some(ms(10_000))], ..Limits::default() };
    let (result, reports) = run(SearchSettings::default(), &pos, limits);
    assert!(result.best.is_some());
    // Black's 10 s give an optimum of about 320 ms, and the search starts iterations until
    // at least 73 ms are spent (0.55 of the smallest budget, 0.75 · 0.55 of the optimum);
    // White's 5 ms would stop it after one, about 10 ms with debug checks.
    // Time, not depth, so that a slow build or machine cannot fail it.
    let spent = reports.last().unwrap().elapsed;
    assert!(spent >= ms(50), "{spent:?}");
}

#[test]
fn a_low_skill_level_varies_its_moves_and_full_strength_does_not() {
    let _processor = untimed();
    let pos = start(VariantId::Chess);
    let limits = Limits { depth: Some(4), ..Limits::default() };
    let played = |skill_level, limit_elo| {
        let settings = SearchSettings { skill_level, limit_elo, ..SearchSettings::default() };
        let mut moves = Vec::new();
        for _ in 0..12 {
            let (result, reports) = run(settings.clone(), &pos, limits.clone());
            let best = result.best.expect("a move");
            // The last line shown as the best starts with the move played.
            let last_first = reports.iter().rev().find(|r| r.multipv == 1).unwrap().pv[0];
            assert_eq!(last_first, best, "level {skill_level}");
            if !moves.contains(&best) {
                moves.push(best);
            }
        }
        moves
    };
    assert_eq!(played(20, None).len(), 1);
    assert!(played(0, None).len() >= 2);
    // UCI_LimitStrength: the rating's level (0 for 1350) overrides Skill Level.
    assert!(played(20, Some(1350)).len() >= 2);
}

#[test]
fn the_weakest_skill_level_still_mates_in_one() {
    let _processor = untimed();
    let pos =
        AnyPosition::from_fen(VariantId::Chess, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", false)
            .expect("a legal FEN");
    let settings = SearchSettings { skill_level: -20, ..SearchSettings::default() };
    for _ in 0..8 {
        let (result, _) =
            run(settings.clone(), &pos, Limits { depth: Some(3), ..Limits::default() });
        assert_eq!(pos.move_to_uci(result.best.expect("a move")), "a1a8");
    }
}

#[test]
fn the_smallest_node_limits_still_finish_and_report_depth_one() {
    let _processor = untimed();
    for threads in [1, 4] {
        for nodes in [0, 1] {
            let settings = SearchSettings { threads, ..SearchSettings::default() };
            let limits = Limits { nodes: Some(nodes), ..Limits::default() };
            let (result, reports) = run(settings, &start(VariantId::Chess), limits);
            let first = reports.first().unwrap_or_else(|| panic!("no report at {threads} threads"));
            assert_eq!(first.depth, 1, "threads {threads} nodes {nodes}");
            let last = reports.last().expect("a report");
            assert_eq!(result.best, last.pv.first().copied(), "the move played is the line shown");
        }
    }
}

#[test]
fn a_node_limit_binds_all_threads_together() {
    let _processor = untimed();
    for threads in [2, 4, 8] {
        let settings = SearchSettings { threads, ..SearchSettings::default() };
        let limits = Limits { nodes: Some(20_000), ..Limits::default() };
        let (result, reports) = run(settings, &start(VariantId::Gothic), limits);
        assert!(!reports.is_empty());
        // Each thread looks at the total every 64 of its own nodes.
        let slack = 64 * threads as u64;
        assert!(
            (20_000..=20_000 + slack).contains(&result.nodes),
            "{threads} threads searched {} nodes",
            result.nodes
        );
        // The search stopped within an iteration: its last line reports the whole search.
        assert_eq!(reports.last().unwrap().nodes, result.nodes, "{threads} threads");
    }
}

#[test]
fn a_search_stopped_within_an_iteration_ends_on_a_line_with_all_its_nodes() {
    let _processor = untimed();
    for (threads, multi_pv) in [(1, 1), (1, 3), (3, 1), (3, 3)] {
        let settings = SearchSettings { threads, multi_pv, ..SearchSettings::default() };
        let limits = Limits { nodes: Some(30_000), ..Limits::default() };
        let (result, reports) = run(settings, &start(VariantId::Shinobi), limits);
        let last = reports.last().expect("a report");
        assert_eq!(last.nodes, result.nodes, "{threads} threads, MultiPV {multi_pv}");
        assert!(result.nodes >= 30_000, "{threads} threads: {}", result.nodes);
        // Every line of the last report comes again, MultiPV 1 to the last.
        let tail: Vec<u32> = reports.iter().rev().take(multi_pv).map(|r| r.multipv).collect();
        let expected: Vec<u32> = (1..=multi_pv as u32).rev().collect();
        assert_eq!(tail, expected, "{threads} threads, MultiPV {multi_pv}");
        let shown = reports[reports.len() - multi_pv].pv.first().copied();
        assert_eq!(result.best, shown, "{threads} threads, MultiPV {multi_pv}");
    }
}
