//! Threads and iterative deepening: Lazy SMP.
//!
//! Every thread searches the whole tree from the root with its own copy of the position,
//! its own histories and its own iterative-deepening loop (a `Worker`); they share only
//! the transposition table, a stop flag, node counters and their results
//! ([`crate::shared`]). A thread's histories outlive the search: the next move's search
//! by the same thread starts with them (until `ucinewgame`), as Stockfish's do. Fresh
//! ones cost a short search most of its ordering and, at 13 MB each, thousands of page
//! faults, which two threads take in turn: at 2s+0.02s, two threads with fresh histories
//! lost to one by 127 Elo (37 games). What one thread learns, the others find in the
//! table, so together they search deeper in the same time. Helper
//! threads start at staggered depths (a helper skips the depths another thread is
//! likely to be on), which spreads their work over different parts of the tree.
//!
//! The main thread (thread 0) alone watches the clock, the node limit and `stop`, prints
//! progress and decides when the search ends. The move played is the main thread's, unless
//! a helper proved a quicker mate (see `chosen_line` for why there is no vote).
//!
//! Each iteration searches the root moves with an aspiration window around the previous
//! score, widened on each failure (the widths are in [`crate::params`]); with `MultiPV`
//! each line gets its own window, the lines searched one after another with the earlier
//! ones excluded.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use ekumen_eval::Evaluate;
use ekumen_movegen::{Move, Position, Rng};

use crate::limits::Limits;
use crate::ordering::Histories;
use crate::params::SearchVariant;
use crate::shared::{
    Shared, TablebaseUse, ThreadResult, CURRMOVE_AFTER, POLL_INTERVAL, SHARED_NODE_LIMIT_POLL,
};
use crate::skill::Skill;
use crate::tablebase::{self, Wdl};
use crate::time::{Stability, TimeManager};
use crate::tt::{Bound, TranspositionTable};
use crate::value::*;
use crate::worker::{RootMove, Worker};
use crate::{
    IterationReport, ScoreBound, SearchControl, SearchObserver, SearchResult, SearchScore,
    SearchSettings, SyzygySettings,
};

/// The deepest iteration.
const MAX_DEPTH: i32 = MAX_PLY as i32 - 8;
/// Stack size of helper threads (the search recurses to `MAX_PLY`).
const HELPER_STACK: usize = 32 << 20;
/// Threads a search uses at most, whatever `Threads` says.
pub const MAX_THREADS: usize = 512;

/// The verdict for a root with no legal move, as Fairy-Stockfish gives it: a result decided
/// on the board, a draw by the fifty-move rule when not in check (or where checks do not
/// count), else the variant's checkmate or stalemate value.
fn no_move_verdict<V: Evaluate>(pos: &Position<V>) -> SearchScore {
    if let Some(decided) = pos.decided_on_board() {
        return SearchScore::from_result(decided.result);
    }
    if pos.halfmove_clock() >= 100 && (V::PSEUDO_ROYAL || !pos.in_check()) {
        return SearchScore::Cp(0);
    }
    SearchScore::from_result(pos.no_move_outcome().result)
}

/// Keys of every position of the game so far (the root's included), sorted.
fn game_keys<V: Evaluate>(pos: &Position<V>) -> Vec<u64> {
    let mut keys = vec![pos.key()];
    let mut walk = pos.clone();
    for _ in 0..walk.game_ply() {
        if walk.last_move().is_none() {
            break;
        }
        walk.unmake_move();
        keys.push(walk.key());
    }
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// Searches `root` within `limits` on `settings.threads` threads sharing `tt`, each with
/// its `histories` from the last search, reporting to `observer`; returns at once with the
/// verdict when there is no legal move.
#[allow(clippy::too_many_arguments)]
pub fn search<V: SearchVariant>(
    root: &Position<V>,
    limits: &Limits,
    settings: &SearchSettings,
    control: &SearchControl,
    start: Instant,
    observer: &mut dyn SearchObserver,
    tt: &TranspositionTable,
    histories: &mut Vec<Histories>,
) -> SearchResult {
    let mut moves: Vec<Move> = root.legal_moves().to_vec();
    if !limits.search_moves.is_empty() {
        moves.retain(|m| limits.search_moves.contains(m));
    }
    if moves.is_empty() {
        return SearchResult {
            best: None,
            ponder: None,
            no_move_score: Some(no_move_verdict(root)),
            nodes: 0,
            elapsed: start.elapsed(),
            panics: 0,
        };
    }
    let ranked = rank_root_moves(root, &mut moves, &settings.syzygy);
    tt.new_search();
    let threads = settings.thread_count();
    let us = root.side_to_move();
    let skill = match settings.limit_elo {
        Some(elo) => Skill::for_elo(elo, &mut Rng::from_clock()),
        None => Skill::new(settings.skill_level),
    };
    let shared = Shared {
        tt,
        control,
        limits,
        start,
        stop: AtomicBool::new(false),
        nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        results: (0..threads).map(|_| Mutex::new(ThreadResult::default())).collect(),
        pre_root_keys: game_keys(root),
        time: TimeManager::new(limits, us, settings.move_overhead, settings.slow_mover)
            .map(|time| time.for_threads(threads, crate::time::processors())),
        clock_start: Mutex::new(Some(start)),
        exact_node_limit: if threads == 1 { limits.nodes } else { None },
        poll_interval: if threads > 1 && limits.nodes.is_some() {
            SHARED_NODE_LIMIT_POLL
        } else {
            POLL_INTERVAL
        },
        multi_pv: skill
            .map_or(settings.multi_pv, |_| settings.multi_pv.max(Skill::LINES))
            .clamp(1, moves.len()),
        max_depth: limits.depth.map_or(MAX_DEPTH, |d| (d as i32).clamp(1, MAX_DEPTH)),
        reported: Mutex::new(Vec::new()),
        skill,
        skill_choice: Mutex::new(None),
        tablebases: ranked.tablebases,
        tb_hits: AtomicU64::new(ranked.hits),
        root_tb_score: ranked.score,
    };

    // Each thread takes its histories from the last search (fresh ones the first time).
    histories.resize_with(threads, Histories::default);
    let mut pool = std::mem::take(histories).into_iter();
    let net = if settings.use_nnue { V::net_slot().current() } else { None };
    let main_histories = pool.next().expect("main histories");
    let mut helper_panics = 0;
    let mut main = Worker::new(root, 0, &shared, &moves, main_histories, net.clone());
    let returned: Vec<Histories> = std::thread::scope(|scope| {
        if shared.time.is_some() && limits.nodes_per_ms.is_none() {
            let shared = &shared;
            std::thread::Builder::new()
                .name("search clock".into())
                .spawn_scoped(scope, move || watch_the_clock(shared))
                .expect("the search clock thread starts");
        }
        let mut handles = Vec::new();
        for (id, helper_histories) in (1..threads).zip(pool) {
            let shared = &shared;
            let moves = &moves;
            let net = net.clone();
            let handle = std::thread::Builder::new()
                .name(format!("search helper {id}"))
                .stack_size(HELPER_STACK)
                .spawn_scoped(scope, move || {
                    let mut helper = Worker::new(root, id, shared, moves, helper_histories, net);
                    if crate::panic_asked("search helper") {
                        panic!("{} asked for a panic here", crate::TEST_PANIC_VAR);
                    }
                    iterative_deepening(&mut helper, None);
                    shared.nodes[id].store(helper.nodes, Ordering::Relaxed);
                    publish(&helper);
                    helper.histories
                })
                .expect("a search helper thread starts");
            handles.push(handle);
        }
        // Should the main thread panic, the helpers (which watch only the stop flag) must
        // still stop, or the scope would wait for them for ever.
        let _stop_helpers = StopOnDrop(&shared.stop);
        if crate::panic_asked("search") {
            panic!("{} asked for a panic here", crate::TEST_PANIC_VAR);
        }
        iterative_deepening(&mut main, Some(observer));
        shared.stop.store(true, Ordering::Relaxed);
        // A helper that panicked loses its histories; the next search starts it afresh.
        let mut returned = Vec::new();
        for (id, handle) in (1..).zip(handles) {
            match handle.join() {
                Ok(histories) => returned.push(histories),
                Err(payload) => {
                    helper_panics += 1;
                    let thread = format!("search helper {id}");
                    crate::report_panic(&thread, &root.fen(), payload.as_ref());
                }
            }
        }
        returned
    });
    shared.nodes[0].store(main.nodes, Ordering::Relaxed);
    publish(&main);

    let best_line = chosen_line(&shared);
    let best = best_line.pv.first().copied();
    let reported = std::mem::take(&mut *shared.reported.lock().expect("report lock"));
    let last_reported = reported.first().and_then(|line| line.pv.first().copied());
    // Stopped within an iteration, or the helpers searched on after the last report.
    let stale = reported.first().is_some_and(|line| line.nodes < shared.total_nodes());
    if shared.multi_pv == 1 || shared.skill.is_some() {
        if best != last_reported && best_line.score > -INFINITE {
            // The move played is not the last one shown (an interrupted iteration found it,
            // another thread did, or the handicap chose it): show its line, so the last PV
            // starts with it.
            report_line(&shared, observer, &best_line, 1, Bound::Exact);
        } else if stale {
            // The last lines again with the whole search's nodes and time, as Stockfish ends.
            for line in reported {
                observer.iteration(&final_counts(&shared, line));
            }
        }
    } else if stale || best != last_reported {
        // As Stockfish ends a MultiPV search: every line, those the interrupted iteration
        // searched at its depth, the others at the depth before; the first is the move
        // played.
        report(&main, observer, shared.multi_pv, main.root_depth);
    }
    *histories = std::iter::once(main.histories).chain(returned).collect();

    let mut ponder = best_line.pv.get(1).copied();
    if ponder.is_none() {
        if let Some(best) = best {
            ponder = ponder_from_table(root, best, tt);
        }
    }
    SearchResult {
        best,
        ponder,
        no_move_score: None,
        nodes: shared.total_nodes(),
        elapsed: start.elapsed(),
        panics: helper_panics,
    }
}

/// How often the clock thread looks at the clock.
const CLOCK_TICK: Duration = Duration::from_millis(1);

/// Stops the search when its time is up, looking at the clock every millisecond until the
/// search ends. The main thread looks too, every thousand nodes or so, but with more
/// threads than processors it waits its turn for one: at 8 threads on 2 cores, 20 to 30
/// ms late. A thread that sleeps is woken on time.
fn watch_the_clock(shared: &Shared<'_>) {
    while !shared.stop.load(Ordering::Relaxed) {
        shared.check_limits();
        std::thread::sleep(CLOCK_TICK);
    }
}

/// Sets a stop flag when dropped, unwinding included.
struct StopOnDrop<'a>(&'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Root ranks of the tablebases, as Stockfish scales them: a win or loss within the
/// fifty-move rule is `±MAX_DTZ` less the distance to zeroing, one beyond it about
/// `±MAX_DTZ / 2`, a draw 0.
const MAX_DTZ: i32 = 1 << 18;

/// What the tablebases made of the root.
struct RootRanking {
    tablebases: TablebaseUse,
    /// The tables' score for the moves kept.
    score: Option<i32>,
    /// Probes made.
    hits: u64,
}

/// Whether a position has occurred twice since the last zeroing move before `root`.
fn repeated_since_zeroing<V: SearchVariant>(root: &Position<V>) -> bool {
    let mut walk = root.clone();
    let mut keys = vec![walk.key()];
    for _ in 0..root.halfmove_clock().min(root.game_ply() as u32) {
        if walk.last_move().is_none() {
            break;
        }
        walk.unmake_move();
        keys.push(walk.key());
    }
    keys.sort_unstable();
    keys.windows(2).any(|pair| pair[0] == pair[1])
}

/// The rank of a root move whose distance to zeroing is `dtz` (positive: it wins), with
/// `clock` plies on the fifty-move counter. Every win the fifty-move rule cannot touch
/// ranks the same, and the search chooses among them (a quick mate, say); once it can
/// (or the line has repeated since the last zeroing move, a sign of going round), the
/// quicker conversion ranks higher. Likewise every loss the fifty-move rule cannot
/// save ranks the same, and those it might save rank by how near the rule is.
fn dtz_rank(dtz: i32, clock: i32, repeated: bool) -> i32 {
    if dtz > 0 {
        if dtz + clock <= 99 && !repeated {
            MAX_DTZ
        } else {
            MAX_DTZ / 2 - (dtz + clock)
        }
    } else if dtz < 0 {
        if -dtz * 2 + clock < 100 {
            -MAX_DTZ
        } else {
            -MAX_DTZ / 2 + (-dtz + clock)
        }
    } else {
        0
    }
}

/// The score shown for a root move of DTZ rank `rank`: a tablebase win or loss, or for
/// a win (loss) the fifty-move rule draws, a few centipawns growing as the win nears.
fn dtz_rank_score(rank: i32, fifty_move_rule: bool) -> i32 {
    let bound = if fifty_move_rule { MAX_DTZ / 2 - 100 } else { 1 };
    if rank >= bound {
        TB_WIN
    } else if rank > 0 {
        (rank - (MAX_DTZ / 2 - 200)).max(3) * 100 / 200
    } else if rank == 0 {
        DRAW
    } else if rank > -bound {
        (rank + (MAX_DTZ / 2 - 200)).min(-3) * 100 / 200
    } else {
        -TB_WIN
    }
}

/// With the tables' WDL only: the rank and score of a move to a position `wdl` for the
/// mover.
fn wdl_rank(wdl: Wdl, fifty_move_rule: bool) -> (i32, i32) {
    let wdl = match wdl {
        Wdl::CursedWin if !fifty_move_rule => Wdl::Win,
        Wdl::BlessedLoss if !fifty_move_rule => Wdl::Loss,
        other => other,
    };
    match wdl {
        Wdl::Loss => (-MAX_DTZ, -TB_WIN),
        Wdl::BlessedLoss => (-MAX_DTZ + 101, DRAW - 2),
        Wdl::Draw => (0, DRAW),
        Wdl::CursedWin => (MAX_DTZ - 101, DRAW + 2),
        Wdl::Win => (MAX_DTZ, TB_WIN),
    }
}

/// Keeps, of a root the tablebases cover, only the moves that hold the tables' verdict
/// best ([`dtz_rank`]): the wins the fifty-move rule allows, converting faster when it
/// draws near, every move that holds a draw, the losses it cannot save; with the WDL
/// tables alone (no DTZ file), every move that keeps the verdict. Stockfish searches
/// the best-ranked group alone in the same way. Also decides how the
/// search below probes: not at all once DTZ has ranked the root (the verdict is settled),
/// nor with WDL alone unless the root is won (the search must find the way).
fn rank_root_moves<V: SearchVariant>(
    root: &Position<V>,
    moves: &mut Vec<Move>,
    settings: &SyzygySettings,
) -> RootRanking {
    let max_pieces = tablebase::max_pieces();
    let mut tablebases = TablebaseUse {
        cardinality: settings.probe_limit,
        probe_depth: settings.probe_depth,
        fifty_move_rule: settings.fifty_move_rule,
    };
    if tablebases.cardinality > max_pieces {
        // Every table is there: probe them all from the first ply.
        tablebases.cardinality = max_pieces;
        tablebases.probe_depth = 0;
    }
    let unranked = RootRanking { tablebases, score: None, hits: 0 };
    if tablebases.cardinality == 0
        || !tablebase::applies(root)
        || root.occupied().count() > tablebases.cardinality
    {
        return unranked;
    }
    let fifty = settings.fifty_move_rule;
    let clock = root.halfmove_clock() as i32;
    let repeated = repeated_since_zeroing(root);
    let mut ranked: Vec<(Move, i32, i32)> = Vec::new();
    let dtz_available = match tablebase::probe_root_dtz(root) {
        Some(dtz) => {
            for (m, d) in dtz {
                let rank = dtz_rank(d, clock, repeated);
                ranked.push((m, rank, dtz_rank_score(rank, fifty)));
            }
            true
        }
        None => {
            let mut child = root.clone();
            for &m in moves.iter() {
                child.make_move(m);
                let wdl = tablebase::probe_wdl(&child);
                child.unmake_move();
                let Some(wdl) = wdl else { return unranked };
                let (rank, score) = wdl_rank(wdl.flipped(), fifty);
                ranked.push((m, rank, score));
            }
            false
        }
    };
    ranked.retain(|(m, _, _)| moves.contains(m));
    let Some(&(_, best_rank, best_score)) = ranked.iter().max_by_key(|(_, rank, _)| *rank) else {
        return unranked;
    };
    moves.retain(|m| ranked.iter().any(|&(r, rank, _)| r == *m && rank == best_rank));
    if dtz_available || best_score <= DRAW {
        tablebases.cardinality = 0;
    }
    RootRanking { tablebases, score: Some(best_score), hits: ranked.len() as u64 }
}

/// The table's move after `best`, if it is legal there.
fn ponder_from_table<V: Evaluate>(
    root: &Position<V>,
    best: Move,
    tt: &TranspositionTable,
) -> Option<Move> {
    let mut pos = root.clone();
    pos.make_move(best);
    let candidate = tt.probe(pos.key()).and_then(|e| e.mv)?;
    pos.legal_moves().contains(candidate).then_some(candidate)
}

/// The line of root move `rm`, searched to `depth`, scored `score`.
fn line_of(rm: &RootMove, depth: i32, score: i32) -> ThreadResult {
    ThreadResult { depth, score, pv: rm.pv.clone(), seldepth: rm.seldepth }
}

fn publish<V: SearchVariant>(worker: &Worker<'_, V>) {
    let best = &worker.root_moves[0];
    let score = if best.score == -INFINITE { best.previous_score } else { best.score };
    let mut result = worker.shared.results[worker.id].lock().expect("result lock");
    *result = line_of(best, worker.completed_depth, score);
}

/// The line to play: the main thread's, unless a helper proved a quicker mate (or the
/// handicap's choice, under a `Skill Level`).
///
/// Stockfish lets the threads vote, weighting each thread's move by its depth and by how
/// much its score exceeds the lowest; with two threads that hands the move to whichever
/// thread is more optimistic, and a thread's score after an interrupted iteration often
/// is (a fail-high bound). Measured at chess 2s+0.02s, two threads against one: with the
/// vote 16-28-7 (51 games), with the main thread's move 19-10-7 (36 games).
fn chosen_line(shared: &Shared<'_>) -> ThreadResult {
    if shared.skill.is_some() {
        if let Some(choice) = shared.skill_choice.lock().expect("skill lock").clone() {
            return choice;
        }
    }
    let results: Vec<ThreadResult> =
        shared.results.iter().map(|r| r.lock().expect("result lock").clone()).collect();
    let mut best = results[0].clone();
    if shared.multi_pv > 1 {
        return best;
    }
    for r in &results[1..] {
        let proven = r.depth > 0 && !r.pv.is_empty() && r.score >= MATE_IN_MAX_PLY;
        if proven && r.score > best.score {
            best = r.clone();
        }
    }
    best
}

fn report_line(
    shared: &Shared<'_>,
    observer: &mut dyn SearchObserver,
    line: &ThreadResult,
    multipv: u32,
    bound: Bound,
) {
    let score = match shared.root_tb_score {
        Some(tb_score) if !is_mate(line.score) => tb_score,
        _ => line.score,
    };
    let report = IterationReport {
        depth: line.depth.max(1) as u32,
        seldepth: (line.seldepth as u32).max(line.depth.max(1) as u32),
        multipv,
        score: to_search_score(score),
        bound: match bound {
            Bound::Exact => ScoreBound::Exact,
            Bound::Lower => ScoreBound::Lower,
            Bound::Upper => ScoreBound::Upper,
        },
        nodes: shared.total_nodes(),
        elapsed: shared.start.elapsed(),
        hashfull: shared.tt.hashfull(),
        tbhits: shared.tb_hits.load(Ordering::Relaxed),
        pv: line.pv.clone(),
    };
    let mut reported = shared.reported.lock().expect("report lock");
    if multipv == 1 {
        reported.clear();
    }
    reported.push(report.clone());
    drop(reported);
    observer.iteration(&report);
}

/// `line` as reported, with the counts of the search at its end.
fn final_counts(shared: &Shared<'_>, line: IterationReport) -> IterationReport {
    IterationReport {
        nodes: shared.total_nodes(),
        elapsed: shared.start.elapsed(),
        hashfull: shared.tt.hashfull(),
        tbhits: shared.tb_hits.load(Ordering::Relaxed),
        ..line
    }
}

/// Prints the first `lines` root moves' lines (after an iteration, or a failed window).
fn report<V: SearchVariant>(
    worker: &Worker<'_, V>,
    observer: &mut dyn SearchObserver,
    lines: usize,
    depth: i32,
) {
    worker.shared.nodes[0].store(worker.nodes, Ordering::Relaxed);
    for (i, rm) in worker.root_moves.iter().take(lines).enumerate() {
        let searched = rm.score != -INFINITE;
        let (score, line_depth) = if searched {
            (rm.score, depth)
        } else if rm.previous_score != -INFINITE {
            (rm.previous_score, (depth - 1).max(1))
        } else {
            continue;
        };
        let bound = if i == worker.pv_index && searched {
            rm.bound.unwrap_or(Bound::Exact)
        } else {
            Bound::Exact
        };
        let line = line_of(rm, line_depth, score);
        report_line(worker.shared, observer, &line, i as u32 + 1, bound);
    }
}

/// Sorts root moves from `from` on by score, keeping the order of equals (stable).
fn sort_root_moves(moves: &mut [RootMove]) {
    moves.sort_by(|a, b| {
        b.score.cmp(&a.score).then_with(|| b.previous_score.cmp(&a.previous_score))
    });
}

/// Depths a helper thread skips, by thread (Lazy SMP staggering): helper `i` skips a
/// depth `d` when `((d + phase) / size) % 2 == 1` for its row of this table.
const SKIP_SIZE: [i32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [i32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// The iterative-deepening loop of one thread (the main thread reports and decides when
/// to stop).
fn iterative_deepening<V: SearchVariant>(
    worker: &mut Worker<'_, V>,
    mut observer: Option<&mut dyn SearchObserver>,
) {
    let shared = worker.shared;
    let is_main = worker.id == 0;
    let multi_pv = shared.multi_pv;
    let mut last_best: Option<Move> = None;
    // The depth at which the best move last changed.
    let mut best_move_since = 0;
    let mut previous_scores: Vec<i32> = Vec::new();
    let mut random = Rng::from_clock();
    for depth in 1..=shared.max_depth {
        // The main thread finishes depth 1 even if the limits were reached before it began
        // (helper threads count towards a node limit).
        let started = !is_main || depth > 1;
        if worker.stopped || (started && shared.stop.load(Ordering::Relaxed)) {
            break;
        }
        if !is_main {
            let row = (worker.id - 1) % SKIP_SIZE.len();
            if (depth + SKIP_PHASE[row]) / SKIP_SIZE[row] % 2 == 1 && depth > 1 {
                continue;
            }
        }
        worker.root_depth = depth;
        // Every move's previous score is the last iteration's, -INFINITE for the moves it
        // refuted: an older score kept would rank a refuted move first when this
        // iteration stops before its first move is searched.
        for rm in &mut worker.root_moves {
            rm.previous_score = rm.score;
            rm.score = -INFINITE;
        }
        worker.best_move_changes *= 0.5;
        for pv_index in 0..multi_pv {
            worker.pv_index = pv_index;
            worker.seldepth = 0;
            let previous = worker.root_moves[pv_index].average_score;
            let mut delta = V::SEARCH.aspiration_delta
                + previous.abs().min(V::SEARCH.aspiration_score_cap)
                    / V::SEARCH.aspiration_score_divisor;
            let aspiring = depth >= V::SEARCH.aspiration_min_depth;
            let (mut alpha, mut beta) = if aspiring && !is_decisive(previous) {
                ((previous - delta).max(-INFINITE), (previous + delta).min(INFINITE))
            } else {
                (-INFINITE, INFINITE)
            };
            loop {
                let score = worker.search_root(alpha, beta, depth, &mut observer);
                sort_root_moves(&mut worker.root_moves[pv_index..]);
                if worker.stopped {
                    break;
                }
                let failed = score <= alpha || score >= beta;
                if failed && is_main && shared.start.elapsed() > CURRMOVE_AFTER {
                    if let Some(observer) = observer.as_deref_mut() {
                        report(worker, observer, pv_index + 1, depth);
                    }
                }
                if score <= alpha {
                    beta = (alpha + beta) / 2;
                    alpha = (score - delta).max(-INFINITE);
                } else if score >= beta {
                    beta = (score + delta).min(INFINITE);
                } else {
                    break;
                }
                delta += delta * V::SEARCH.aspiration_growth / 100;
            }
            sort_root_moves(&mut worker.root_moves[..=pv_index]);
            if worker.stopped {
                break;
            }
            if is_main && pv_index + 1 == multi_pv {
                if let Some(observer) = observer.as_deref_mut() {
                    report(worker, observer, multi_pv, depth);
                }
            }
        }
        if worker.stopped {
            break;
        }
        worker.completed_depth = depth;
        publish(worker);
        let best = worker.root_moves[0].mv;
        if last_best != Some(best) {
            best_move_since = depth;
        }
        last_best = Some(best);
        let score = worker.root_moves[0].score;
        previous_scores.push(score);

        if !is_main {
            continue;
        }
        if let Some(skill) = shared.skill.filter(|s| depth <= s.choice_depth()) {
            // Chosen again after each iteration up to the choice depth, so a search that
            // stops sooner still plays a choice from its deepest iteration.
            let lines = &worker.root_moves[..multi_pv];
            let scores: Vec<i32> = lines.iter().map(|rm| rm.score).collect();
            let chosen = &lines[skill.choose(&scores, &mut random)];
            *shared.skill_choice.lock().expect("skill lock") =
                Some(line_of(chosen, depth, chosen.score));
        }
        if let Some(mate) = shared.limits.mate {
            if score >= MATE_IN_MAX_PLY && (MATE - score + 1) / 2 <= mate as i32 {
                break;
            }
        }
        if let Some(time) = &shared.time {
            if !shared.pondering() {
                let trend =
                    previous_scores.len().checked_sub(4).map_or(0, |i| previous_scores[i] - score);
                let elapsed = shared.elapsed();
                let settled = Stability {
                    best_move_changes: worker.best_move_changes,
                    score_trend: trend,
                    unchanged_depths: depth - best_move_since,
                };
                if !time.keep_going(elapsed, &settled, worker.root_moves.len()) {
                    break;
                }
            }
        }
    }
}
