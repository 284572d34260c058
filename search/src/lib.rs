//! The search: the interface the protocol front end drives, and the alpha-beta search
//! behind it.
//!
//! # Interface
//! A [`Searcher`] lives as long as the engine and owns what survives between searches
//! (the settings, the transposition table, each search thread's move-ordering histories).
//! [`Searcher::start`] copies the root position, starts the search on its own thread and
//! returns a [`SearchHandle`] at once, so the command loop keeps reading input: `stop`
//! and `ponderhit` reach the search through a shared [`SearchControl`], and `isready` is
//! answered while it runs. Progress and the final result go to a [`SearchObserver`],
//! called on the search thread, which prints them in whatever protocol is spoken.
//!
//! The observer receives the result only when the protocol allows it: a `go infinite` or
//! `go ponder` search that finishes early waits for `stop` (or `ponderhit`) first, as UCI
//! requires and Fairy-Stockfish does.
//!
//! # The search
//! Iterative deepening principal-variation search with aspiration windows, a quiescence
//! search, null-move pruning, late-move reductions and the usual pruning at low depth
//! ([`alphabeta`]), move ordering by table move, exchange evaluation, killers, counter-
//! moves and histories ([`ordering`], [`see`]), a static evaluation corrected by what
//! searches from positions with the same pawns or the same placement of one side's pieces
//! found ([`correction`]), a lock-free transposition table sized by `Hash` ([`tt`]), Lazy
//! SMP over `Threads` ([`thread`]), time management ([`time`]) and a handicap for weaker
//! play ([`skill`]).
//! It is generic over the variant and monomorphised: the variant is chosen once, at the
//! root. The evaluation is the `ekumen-eval` crate's.

pub mod alphabeta;
pub mod check;
pub mod correction;
pub mod limits;
pub mod ordering;
pub mod see;
pub mod skill;
pub mod thread;
pub mod time;
pub mod tt;
pub mod value;

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use ekumen_movegen::{dispatch, AnyPosition, GameResult, Move};

pub use limits::Limits;

/// A score from the side to move's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SearchScore {
    /// Centipawns.
    Cp(i32),
    /// The side to move mates in this many plies.
    Mating(u32),
    /// The side to move is mated in this many plies (0: now).
    Mated(u32),
}

impl SearchScore {
    /// The score of a finished game for the side to move.
    pub fn from_result(result: GameResult) -> SearchScore {
        match result {
            GameResult::Win => SearchScore::Mating(0),
            GameResult::Loss => SearchScore::Mated(0),
            GameResult::Draw => SearchScore::Cp(0),
        }
    }
}

/// Whether a reported score is exact or a bound from a failed aspiration window.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum ScoreBound {
    #[default]
    Exact,
    Lower,
    Upper,
}

/// One line of progress: the result of a finished iteration for one principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IterationReport {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based index of this line among `MultiPV` lines.
    pub multipv: u32,
    pub score: SearchScore,
    pub bound: ScoreBound,
    /// Nodes searched so far by all threads.
    pub nodes: u64,
    pub elapsed: Duration,
    /// Hash table use per mille.
    pub hashfull: u32,
    /// Moves from the root position.
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `None` when the side to move has no legal move.
    pub best: Option<Move>,
    /// The expected reply to `best`.
    pub ponder: Option<Move>,
    /// With no legal move: the game's verdict for the side to move (Fairy-Stockfish prints
    /// it as `info depth 0 score ...`).
    pub no_move_score: Option<SearchScore>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Receives a search's progress and result, on the search thread.
pub trait SearchObserver: Send {
    /// A finished iteration (one call per `MultiPV` line).
    fn iteration(&mut self, report: &IterationReport);
    /// The root move being searched, on long searches.
    fn current_move(&mut self, _depth: u32, _root_move: Move, _number: usize) {}
    /// The side to move has no legal move; `score` is the game's verdict. Called at once,
    /// before any wait for `stop`, and followed by `finished` with no best move.
    fn no_legal_move(&mut self, _score: SearchScore) {}
    /// The search is over; called exactly once.
    fn finished(&mut self, result: &SearchResult);
}

/// Settings that persist between searches (from the engine's options).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchSettings {
    pub threads: usize,
    pub hash_mb: usize,
    pub multi_pv: usize,
    /// Time kept back on every move (`Move Overhead`).
    pub move_overhead: Duration,
    /// The share of the usual time to spend, in percent (`Slow Mover`).
    pub slow_mover: u32,
    /// `Skill Level`: below [`skill::FULL_STRENGTH`] the engine plays weaker moves.
    pub skill_level: i32,
    /// `UCI_Elo` when `UCI_LimitStrength` is on: the level then comes from the rating
    /// ([`skill::level_for_elo`]) and `skill_level` is not used.
    pub limit_elo: Option<i32>,
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            threads: 1,
            hash_mb: 16,
            multi_pv: 1,
            move_overhead: Duration::from_millis(10),
            slow_mover: 100,
            skill_level: skill::FULL_STRENGTH,
            limit_elo: None,
        }
    }
}

impl SearchSettings {
    /// The threads a search runs on: `threads`, within what the search supports.
    pub fn thread_count(&self) -> usize {
        self.threads.clamp(1, thread::MAX_THREADS)
    }
}

/// Flags shared between the command loop and a running search.
#[derive(Debug, Default)]
pub struct SearchControl {
    stop: AtomicBool,
    ponder: AtomicBool,
}

impl SearchControl {
    /// Asks the search to finish now.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Release);
    }
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Acquire)
    }
    /// The opponent played the expected move: the search now runs on its own clock.
    pub fn ponderhit(&self) {
        self.ponder.store(false, Ordering::Release);
    }
    pub fn pondering(&self) -> bool {
        self.ponder.load(Ordering::Acquire)
    }
}

/// The engine's search, alive between `go` commands.
#[derive(Debug, Default)]
pub struct Searcher {
    settings: SearchSettings,
    /// The transposition table, allocated when the settings are applied (or at the first
    /// search) and again when `Hash` changes.
    tt: Option<Arc<tt::TranspositionTable>>,
    /// Each search thread's move-ordering histories, kept from one search to the next.
    histories: Arc<Mutex<Vec<ordering::Histories>>>,
}

impl Searcher {
    pub fn new(settings: SearchSettings) -> Self {
        Searcher { settings, tt: None, histories: Arc::default() }
    }

    /// The transposition table of the current `Hash` size.
    fn table(&mut self) -> Arc<tt::TranspositionTable> {
        let wanted = self.settings.hash_mb.max(1);
        match &self.tt {
            Some(table) if table.size_mb() == wanted => Arc::clone(table),
            _ => {
                // Free the old table before allocating the new one.
                self.tt = None;
                let table = Arc::new(tt::TranspositionTable::new(wanted));
                self.tt = Some(Arc::clone(&table));
                table
            }
        }
    }

    pub fn settings(&self) -> &SearchSettings {
        &self.settings
    }

    /// Allocates a table of the current `Hash` size, unless there is one, and touches its
    /// pages now, so the cost is paid before `readyok`, not on the clock.
    fn allocate_table(&mut self) {
        let wanted = self.settings.hash_mb.max(1);
        if self.tt.as_ref().is_none_or(|t| t.size_mb() != wanted) {
            self.table().clear();
        }
    }

    /// Applies new settings (from the next search), allocating a new `Hash` size now.
    pub fn configure(&mut self, settings: SearchSettings) {
        self.settings = settings;
        self.allocate_table();
    }

    /// Forgets everything learnt from earlier searches (`ucinewgame`, `Clear Hash`).
    pub fn clear(&mut self) {
        if let Some(table) = &self.tt {
            table.clear();
        }
        // A running search holds the histories; it keeps them (`Clear Hash` mid-search).
        if let Ok(mut histories) = self.histories.try_lock() {
            histories.iter_mut().for_each(ordering::Histories::reset);
        }
    }

    /// Allocates now what the next search would otherwise allocate on the clock (the
    /// transposition table, if no `Hash` was set yet, and each thread's histories), for
    /// `isready`: 10-20 ms on the first move otherwise.
    pub fn prepare(&mut self) {
        self.allocate_table();
        if let Ok(mut histories) = self.histories.try_lock() {
            histories.resize_with(self.settings.thread_count(), ordering::Histories::default);
        }
    }

    /// Starts searching `position` on a new thread.
    pub fn start(
        &mut self,
        position: AnyPosition,
        limits: Limits,
        observer: Box<dyn SearchObserver>,
    ) -> SearchHandle {
        let control = Arc::new(SearchControl::default());
        control.ponder.store(limits.ponder, Ordering::Release);
        let settings = self.settings.clone();
        let table = self.table();
        let shared = Arc::clone(&control);
        let histories = Arc::clone(&self.histories);
        let thread = std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20)
            .spawn(move || {
                let mut histories = histories.lock().unwrap_or_else(|e| e.into_inner());
                run(&position, &limits, &settings, &shared, observer, &table, &mut histories)
            })
            .expect("the search thread starts");
        SearchHandle { control, thread: Some(thread) }
    }

    /// Searches `position` within `limits` and waits for the end, for callers that never
    /// stop a search themselves (it must be bounded by nodes, depth or time): the result
    /// and every iteration reported, or `None` if the search thread died.
    pub fn search_to_end(
        &mut self,
        position: &AnyPosition,
        limits: Limits,
    ) -> Option<(SearchResult, Vec<IterationReport>)> {
        let reports = Arc::new(Mutex::new(Vec::new()));
        let recorder = Box::new(Recorder(Arc::clone(&reports)));
        let result = self.start(position.clone(), limits, recorder).wait()?;
        let reports = std::mem::take(&mut *reports.lock().unwrap_or_else(|e| e.into_inner()));
        Some((result, reports))
    }
}

/// Keeps every iteration a search reports.
struct Recorder(Arc<Mutex<Vec<IterationReport>>>);

impl SearchObserver for Recorder {
    fn iteration(&mut self, report: &IterationReport) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(report.clone());
    }
    fn finished(&mut self, _: &SearchResult) {}
}

/// A whole search on the calling thread: the search proper, then the wait a `go infinite`
/// or `go ponder` search owes the GUI, then the final report.
///
/// A panic inside the search (a bug) must not leave the GUI waiting for `bestmove`: it is
/// logged and answered with the first legal move.
fn run(
    position: &AnyPosition,
    limits: &Limits,
    settings: &SearchSettings,
    control: &SearchControl,
    mut observer: Box<dyn SearchObserver>,
    table: &tt::TranspositionTable,
    histories: &mut Vec<ordering::Histories>,
) -> SearchResult {
    // The clock runs from the moment the GUI's `go` arrived, not from when this thread
    // got the processor.
    let start = limits.started.unwrap_or_else(Instant::now);
    let searched = panic::catch_unwind(AssertUnwindSafe(|| {
        dispatch!(position, pos => {
            thread::search(pos, limits, settings, control, start, observer.as_mut(), table, histories)
        })
    }));
    let mut result = searched.unwrap_or_else(|_| {
        log::error!("the search failed on {}; answering with a legal move", position.fen());
        let best = panic::catch_unwind(|| position.legal_moves().first().copied()).ok().flatten();
        SearchResult { best, ponder: None, no_move_score: None, nodes: 0, elapsed: Duration::ZERO }
    });
    if let Some(score) = result.no_move_score {
        observer.no_legal_move(score);
    }
    while !control.stop_requested() && (limits.infinite || control.pondering()) {
        std::thread::sleep(Duration::from_millis(1));
    }
    result.elapsed = start.elapsed();
    observer.finished(&result);
    result
}

/// A running search.
#[derive(Debug)]
pub struct SearchHandle {
    control: Arc<SearchControl>,
    thread: Option<JoinHandle<SearchResult>>,
}

impl SearchHandle {
    pub fn stop(&self) {
        self.control.stop();
    }
    pub fn ponderhit(&self) {
        self.control.ponderhit();
    }
    pub fn is_finished(&self) -> bool {
        match &self.thread {
            Some(thread) => thread.is_finished(),
            None => true,
        }
    }
    /// Waits for the search to end (after its observer has seen the result).
    pub fn wait(mut self) -> Option<SearchResult> {
        self.thread.take().and_then(|t| t.join().ok())
    }
}

impl Drop for SearchHandle {
    fn drop(&mut self) {
        if let Some(thread) = self.thread.take() {
            self.control.stop();
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isready_preparation_leaves_nothing_to_allocate_on_the_clock() {
        let settings = SearchSettings { threads: 3, hash_mb: 2, ..SearchSettings::default() };
        let mut searcher = Searcher::new(settings);
        assert!(searcher.tt.is_none());
        searcher.prepare();
        assert_eq!(searcher.tt.as_ref().map(|t| t.size_mb()), Some(2));
        assert_eq!(searcher.histories.lock().expect("histories").len(), 3);
        // `ucinewgame` keeps the memory it prepared.
        searcher.clear();
        assert_eq!(searcher.histories.lock().expect("histories").len(), 3);
        assert!(searcher.tt.is_some());
    }
}
