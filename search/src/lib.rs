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
//! search, null-move pruning, late-move reductions and the usual pruning at low depth,
//! move ordering by table move, exchange evaluation, killers, counter-moves and
//! histories, a static evaluation corrected by what searches from positions with the same
//! pawns or the same placement of one side's pieces found, a lock-free transposition
//! table sized by `Hash`, Lazy SMP over `Threads`, time management and a handicap for
//! weaker play. It is generic over the variant and monomorphised: the variant is chosen
//! once, at the root. The evaluation is the `ekumen-eval` crate's.
//!
//! # Where things are
//! - [`params`]: every margin, depth limit and weight of the search, named, with its
//!   unit and tuning range, per variant ([`params::SearchVariant`]). Look here first to
//!   read or tune a number.
//! - [`thread`]: the threads of one search (Lazy SMP), their iterative deepening and
//!   aspiration windows, progress reports and the choice of the move played.
//! - [`alphabeta`]: the search proper, which each thread runs: the root, the interior
//!   nodes with each pruning step as a function of its own, and the quiescence search.
//! - [`worker`]: a search thread's state (its stack, root moves, caches) and the steps
//!   the search is built from: making moves, game ends by the clock and repetition,
//!   evaluating, scoring moves for the order, and the history updates.
//! - [`shared`]: what the threads of one search share: the table, limits, stop flag, node
//!   counts and published lines.
//! - [`ordering`] (move order and histories), [`see`] (static exchange), [`check`]
//!   (whether a move gives check), [`correction`] (the evaluation's learnt error),
//!   [`tt`] (transposition table), [`value`] (score encoding), [`time`] (the clock),
//!   [`tablebase`] (Syzygy endgame tables, chess only), [`memory`] (the guard on every
//!   allocation the user sizes), [`skill`] (weaker play), [`limits`] (what a `go`
//!   command asks).
//!
//! Dependencies run one way: this interface starts [`thread`], which drives
//! [`alphabeta`], which searches with a [`worker`]; all three read [`shared`], and
//! nothing below them calls back up (the interface's types, defined here, are used
//! throughout).

pub mod alphabeta;
pub mod check;
pub mod correction;
pub mod limits;
pub mod memory;
pub mod nets;
pub mod ordering;
pub mod params;
pub mod see;
pub mod shared;
pub mod skill;
pub mod tablebase;
pub mod thread;
pub mod time;
pub mod tt;
pub mod value;
pub mod worker;

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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
    /// Tablebase probes so far by all threads.
    pub tbhits: u64,
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
    /// Search threads that panicked (each a bug, reported on stderr as `BUG: ...`): the
    /// move is then the surviving threads' choice, or the first legal move. Tests fail on
    /// any.
    pub panics: u32,
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
    /// How the search uses the tablebases loaded by [`tablebase::set_path`].
    pub syzygy: SyzygySettings,
    /// `Use NNUE`: evaluate with the variant's net ([`nets`]) where it has one.
    pub use_nnue: bool,
}

/// The `Syzygy*` options the search reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyzygySettings {
    /// `SyzygyProbeDepth`: the least depth left at which the search probes.
    pub probe_depth: i32,
    /// `Syzygy50MoveRule`: a win or loss the fifty-move rule turns into a draw counts as
    /// a draw.
    pub fifty_move_rule: bool,
    /// `SyzygyProbeLimit`: positions with more men than this are not probed.
    pub probe_limit: u32,
}

impl Default for SyzygySettings {
    fn default() -> Self {
        SyzygySettings { probe_depth: 1, fifty_move_rule: true, probe_limit: 7 }
    }
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
            syzygy: SyzygySettings::default(),
            use_nnue: true,
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
#[derive(Debug)]
pub struct Searcher {
    settings: SearchSettings,
    /// The transposition table, allocated when the settings are applied (or at the first
    /// search) and again when `Hash` changes.
    tt: Option<Arc<tt::TranspositionTable>>,
    /// Each search thread's move-ordering histories, kept from one search to the next.
    histories: Arc<Mutex<Vec<ordering::Histories>>>,
    /// What the system can still give, asked before every allocation the user sizes.
    memory_probe: memory::MemoryProbe,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(SearchSettings::default())
    }
}

impl Searcher {
    pub fn new(settings: SearchSettings) -> Self {
        Self::with_memory_probe(settings, memory::system_available)
    }

    /// A searcher that takes `probe`'s word for the memory available (tests stand in a
    /// small machine with it).
    pub fn with_memory_probe(settings: SearchSettings, probe: memory::MemoryProbe) -> Self {
        Searcher { settings, tt: None, histories: Arc::default(), memory_probe: probe }
    }

    /// The table for the next search: the one the settings made, or one of the current
    /// `Hash` size, or the smallest if even that cannot be had.
    fn table(&mut self) -> Arc<tt::TranspositionTable> {
        if self.tt.is_none() {
            if let Err(error) = self.resize_table() {
                log::warn!("{error}; searching with a 1 MB table");
            }
        }
        Arc::clone(self.tt.get_or_insert_with(|| Arc::new(tt::TranspositionTable::new(1))))
    }

    pub fn settings(&self) -> &SearchSettings {
        &self.settings
    }

    /// Makes the table `Hash` megabytes large, unless it is, and touches its pages now, so
    /// the cost is paid before `readyok`, not on the clock. A size that does not fit
    /// leaves a table of the old size.
    fn resize_table(&mut self) -> Result<(), memory::MemoryError> {
        let wanted = self.settings.hash_mb.max(1);
        let current = self.tt.as_ref().map(|t| t.size_mb());
        if current == Some(wanted) {
            return Ok(());
        }
        let what = || format!("a {wanted} MB hash table");
        let released = current.map_or(0, tt::TranspositionTable::bytes_for);
        let bytes = tt::TranspositionTable::bytes_for(wanted);
        memory::check_fits(self.memory_probe, bytes, released, what)?;
        // Free the old table first, so that the two need not fit at once.
        self.tt = None;
        match tt::TranspositionTable::try_new(wanted) {
            Some(table) => {
                table.clear();
                self.tt = Some(Arc::new(table));
                Ok(())
            }
            None => {
                self.tt = current.and_then(tt::TranspositionTable::try_new).map(Arc::new);
                Err(memory::MemoryError { what: what(), available_mb: None })
            }
        }
    }

    /// Gives every search thread its histories now, unless a search holds them. A count
    /// that does not fit leaves the histories as they were.
    fn resize_histories(&mut self) -> Result<(), memory::MemoryError> {
        let wanted = self.settings.thread_count();
        let Ok(mut histories) = self.histories.try_lock() else { return Ok(()) };
        let have = histories.len();
        if have >= wanted {
            histories.truncate(wanted);
            return Ok(());
        }
        let what = || format!("histories for {wanted} threads");
        let bytes = (wanted - have) as u64 * ordering::Histories::bytes();
        memory::check_fits(self.memory_probe, bytes, 0, what)?;
        while histories.len() < wanted {
            match ordering::Histories::try_new() {
                Ok(more) => histories.push(more),
                Err(_) => {
                    histories.truncate(have);
                    return Err(memory::MemoryError { what: what(), available_mb: None });
                }
            }
        }
        Ok(())
    }

    /// Applies new settings (from the next search), allocating a new `Hash` size and the
    /// threads' histories now.
    ///
    /// # Errors
    /// When the table or the histories do not fit in memory: the searcher then keeps the
    /// table (and thread count) it had, and its settings say so.
    pub fn configure(&mut self, settings: SearchSettings) -> Result<(), memory::MemoryError> {
        let previous = std::mem::replace(&mut self.settings, settings);
        let table = self.resize_table();
        if table.is_err() {
            self.settings.hash_mb = previous.hash_mb;
        }
        let histories = self.resize_histories();
        if histories.is_err() {
            self.settings.threads = previous.threads;
        }
        table.and(histories)
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
        if let Err(error) = self.resize_table().and_then(|()| self.resize_histories()) {
            log::warn!("{error}");
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
/// reported ([`report_panic`]) and answered with the first legal move.
fn run(
    position: &AnyPosition,
    limits: &Limits,
    settings: &SearchSettings,
    control: &SearchControl,
    observer: Box<dyn SearchObserver>,
    table: &tt::TranspositionTable,
    histories: &mut Vec<ordering::Histories>,
) -> SearchResult {
    let mut observer = KeepLastLines { inner: observer, lines: Vec::new() };
    // The clock runs from the moment the GUI's `go` arrived, not from when this thread
    // got the processor.
    let start = limits.started.unwrap_or_else(Instant::now);
    let searched = panic::catch_unwind(AssertUnwindSafe(|| {
        dispatch!(position, pos => {
            thread::search(pos, limits, settings, control, start, &mut observer, table, histories)
        })
    }));
    let mut result = searched.unwrap_or_else(|payload| {
        report_panic("the search", &position.fen(), payload.as_ref());
        let best = panic::catch_unwind(|| position.legal_moves().first().copied()).ok().flatten();
        let elapsed = Duration::ZERO;
        SearchResult { best, ponder: None, no_move_score: None, nodes: 0, elapsed, panics: 1 }
    });
    if let Some(score) = result.no_move_score {
        observer.no_legal_move(score);
    }
    let mut waited = false;
    while !control.stop_requested() && (limits.infinite || control.pondering()) {
        waited = true;
        std::thread::sleep(Duration::from_millis(1));
    }
    if waited && limits.ponder && !control.stop_requested() {
        // The ponder search ended before `ponderhit`: its last lines come again with the
        // move, so that a GUI that reads the score after `ponderhit` has one.
        for line in &observer.lines {
            observer.inner.iteration(line);
        }
    }
    result.elapsed = start.elapsed();
    observer.finished(&result);
    result
}

/// Names the place that panics on purpose, for the tests that check a panic is reported:
/// here `EKUMEN_TEST_PANIC=search` (the main search thread) or `search helper` (every
/// helper), at its first iteration; the engine adds the reads it guards. The panic is
/// caught like any other.
pub const TEST_PANIC_VAR: &str = "EKUMEN_TEST_PANIC";

/// Whether `EKUMEN_TEST_PANIC` asks the place named `what` to panic.
pub fn panic_asked(what: &str) -> bool {
    std::env::var_os(TEST_PANIC_VAR).is_some_and(|v| v == what)
}

/// Panics caught in search threads since the process started.
static PANICS_CAUGHT: AtomicU64 = AtomicU64::new(0);

/// Panics caught in search threads since the process started (each also counted in its
/// search's [`SearchResult::panics`]).
pub fn panics_caught() -> u64 {
    PANICS_CAUGHT.load(Ordering::Relaxed)
}

/// Reports a panic caught in `thread` while searching `fen`: a bug, though the engine
/// goes on. The `BUG:` line on stderr is what the protocol tests fail on.
pub(crate) fn report_panic(thread: &str, fen: &str, payload: &(dyn std::any::Any + Send)) {
    PANICS_CAUGHT.fetch_add(1, Ordering::Relaxed);
    let message = panic_message(payload);
    eprintln!("BUG: panic in {thread} of {fen}: {message}");
}

/// The message a caught panic carries (`panic!` with a literal or a formatted string).
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".to_string())
}

/// Passes a search's reports on, keeping the last iteration's lines.
struct KeepLastLines {
    inner: Box<dyn SearchObserver>,
    lines: Vec<IterationReport>,
}

impl SearchObserver for KeepLastLines {
    fn iteration(&mut self, report: &IterationReport) {
        if report.multipv == 1 {
            self.lines.clear();
        }
        self.lines.push(report.clone());
        self.inner.iteration(report);
    }
    fn current_move(&mut self, depth: u32, root_move: Move, number: usize) {
        self.inner.current_move(depth, root_move, number);
    }
    fn no_legal_move(&mut self, score: SearchScore) {
        self.inner.no_legal_move(score);
    }
    fn finished(&mut self, result: &SearchResult) {
        self.inner.finished(result);
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

    /// A machine with 64 MB free.
    fn small_machine() -> Option<u64> {
        Some(64 << 20)
    }

    #[test]
    fn a_hash_size_beyond_memory_keeps_the_table_it_had() {
        let settings = SearchSettings { hash_mb: 4, ..SearchSettings::default() };
        let mut searcher = Searcher::with_memory_probe(settings.clone(), small_machine);
        searcher.configure(settings.clone()).expect("4 MB fit");
        let error = searcher
            .configure(SearchSettings { hash_mb: 1024, ..settings.clone() })
            .expect_err("1 GB does not fit in 64 MB");
        assert_eq!(
            error.to_string(),
            "cannot allocate a 1024 MB hash table: about 64 MB is available"
        );
        assert_eq!(searcher.settings().hash_mb, 4);
        assert_eq!(searcher.tt.as_ref().map(|t| t.size_mb()), Some(4));
        // The searcher still searches, with the table it kept.
        let position = AnyPosition::startpos(ekumen_movegen::VariantId::Chess, false);
        let limits = Limits { depth: Some(3), ..Limits::default() };
        let (result, _) = searcher.search_to_end(&position, limits).expect("a result");
        assert!(result.best.is_some());
    }

    #[test]
    fn threads_beyond_memory_keep_the_histories_they_had() {
        let settings = SearchSettings { hash_mb: 1, threads: 2, ..SearchSettings::default() };
        let mut searcher = Searcher::with_memory_probe(settings.clone(), small_machine);
        searcher.configure(settings.clone()).expect("two threads fit");
        let error = searcher
            .configure(SearchSettings { threads: 64, ..settings.clone() })
            .expect_err("64 threads' histories do not fit in 64 MB");
        assert!(
            error.to_string().starts_with("cannot allocate histories for 64 threads"),
            "{error}"
        );
        assert_eq!(searcher.settings().threads, 2);
        assert_eq!(searcher.histories.lock().expect("histories").len(), 2);
    }
}
