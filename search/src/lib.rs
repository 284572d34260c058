//! The search: the interface the protocol front end drives, and for now a small stand-in
//! algorithm behind it.
//!
//! # Interface
//! A [`Searcher`] lives as long as the engine and owns what survives between searches
//! (the settings now; the transposition table and thread pool of the full search later).
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
//! # The stand-in algorithm
//! [`stub`] is a deliberately small iterative-deepening alpha-beta over material (piece
//! values derived from how far each piece reaches on an empty board), with a capture-only
//! quiescence search. It is single-threaded whatever `Threads` says and keeps no hash
//! table; it exists so the protocol can be built and tested end to end, and is to be
//! replaced by the real search (transposition table sized by `Hash`, Lazy SMP over
//! `Threads`, proper evaluation) behind the same interface.

pub mod limits;
pub mod stub;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use ekumen_movegen::{AnyPosition, GameResult, Move};

pub use limits::{time_budget, Limits, TimeBudget};

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
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            threads: 1,
            hash_mb: 16,
            multi_pv: 1,
            move_overhead: Duration::from_millis(10),
        }
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
}

impl Searcher {
    pub fn new(settings: SearchSettings) -> Self {
        Searcher { settings }
    }

    pub fn settings(&self) -> &SearchSettings {
        &self.settings
    }

    /// Applies new settings (takes effect from the next search).
    pub fn configure(&mut self, settings: SearchSettings) {
        self.settings = settings;
    }

    /// Forgets everything learnt from earlier searches (`ucinewgame`, `Clear Hash`).
    pub fn clear(&mut self) {}

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
        let shared = Arc::clone(&control);
        let thread = std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20)
            .spawn(move || stub::run(position, limits, settings, &shared, observer))
            .expect("the search thread starts");
        SearchHandle { control, thread: Some(thread) }
    }

    /// Searches `position` on the calling thread and returns the result (for `bench`).
    pub fn search_blocking(
        &mut self,
        position: AnyPosition,
        limits: Limits,
        control: &SearchControl,
        observer: Box<dyn SearchObserver>,
    ) -> SearchResult {
        stub::run(position, limits, self.settings.clone(), control, observer)
    }
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
        self.thread.as_ref().map_or(true, |t| t.is_finished())
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
