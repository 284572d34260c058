//! What the threads of one search share: the transposition table, the limits and the
//! clock, the stop flag, each thread's node count and its last finished line.
//!
//! Each thread's search ([`crate::worker`], [`crate::alphabeta`]) reads it: the table,
//! the stop flag, the keys of the game before the root, the limits the main thread
//! polls. The threads' driver ([`crate::thread`]) builds it and chooses the move from
//! the lines the threads published in it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use ekumen_movegen::Move;

use crate::limits::Limits;
use crate::skill::Skill;
use crate::time::TimeManager;
use crate::tt::TranspositionTable;
use crate::{IterationReport, SearchControl};

/// `info currmove` lines, and bounds of failed aspiration windows, are printed only after
/// this long.
pub const CURRMOVE_AFTER: Duration = Duration::from_secs(3);
/// Nodes between two looks at the stop flag and the limits.
pub(crate) const POLL_INTERVAL: u64 = 1024;
/// The same when several threads share a node limit: each thread publishes its count and
/// checks the total this often, so they overshoot the limit by at most this many nodes
/// each (and the main thread's depth 1).
pub(crate) const SHARED_NODE_LIMIT_POLL: u64 = 64;

/// What a thread publishes after each iteration, for the choice of the move.
#[derive(Clone, Debug, Default)]
pub(crate) struct ThreadResult {
    pub depth: i32,
    pub score: i32,
    pub pv: Vec<Move>,
    pub seldepth: usize,
}

/// How the search probes the tablebases below the root (Stockfish's rules): positions
/// with at most `cardinality` men (0: never), and with exactly that many only at
/// `probe_depth` or deeper.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TablebaseUse {
    pub cardinality: u32,
    pub probe_depth: i32,
    pub fifty_move_rule: bool,
}

/// State shared by the threads of one search.
pub(crate) struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub control: &'a SearchControl,
    pub limits: &'a Limits,
    pub start: Instant,
    pub stop: AtomicBool,
    /// Nodes per thread, published every poll.
    pub nodes: Vec<AtomicU64>,
    pub results: Vec<Mutex<ThreadResult>>,
    /// Keys of the positions before the root, and the root's, sorted.
    pub pre_root_keys: Vec<u64>,
    pub time: Option<TimeManager>,
    /// Where the clock runs from: the start, or `ponderhit`.
    pub clock_start: Mutex<Option<Instant>>,
    /// With one thread the node limit is checked at every node (deterministic).
    pub exact_node_limit: Option<u64>,
    /// Nodes between two looks at the stop flag and the limits: fewer when several
    /// threads share a node limit, so that together they stop close to it.
    pub poll_interval: u64,
    pub multi_pv: usize,
    pub max_depth: i32,
    /// The lines of the last report, `multipv 1` first.
    pub reported: Mutex<Vec<IterationReport>>,
    /// The handicap of a `Skill Level` below full strength, and the line it chose.
    pub skill: Option<Skill>,
    pub skill_choice: Mutex<Option<ThreadResult>>,
    pub tablebases: TablebaseUse,
    /// Tablebase probes by all threads (the root's included).
    pub tb_hits: AtomicU64,
    /// The tables' score for the root, when its moves were ranked by them: shown
    /// instead of any search score short of a mate.
    pub root_tb_score: Option<i32>,
}

impl Shared<'_> {
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }

    /// Time spent since the start of the search: real time, or under `nodestime` the
    /// nodes searched at its rate (pondered nodes included, as in Fairy-Stockfish).
    pub fn elapsed(&self) -> Duration {
        match self.limits.nodes_per_ms {
            Some(rate) => Duration::from_micros(self.total_nodes().saturating_mul(1000) / rate),
            None => self.start.elapsed(),
        }
    }

    /// Main thread only: stops the search on `stop`, at the maximum time, or at the node
    /// limit.
    pub fn check_limits(&self) {
        if self.control.stop_requested() {
            self.stop.store(true, Ordering::Relaxed);
            return;
        }
        if let Some(time) = &self.time {
            let mut clock_start = self.clock_start.lock().expect("clock lock");
            if self.control.pondering() {
                *clock_start = None;
            } else {
                let started = *clock_start.get_or_insert_with(Instant::now);
                let spent = match self.limits.nodes_per_ms {
                    Some(_) => self.elapsed(),
                    None => started.elapsed(),
                };
                if time.out_of_time(spent) {
                    self.stop.store(true, Ordering::Relaxed);
                }
            }
        }
        self.check_node_limit();
    }

    /// Stops the search once all threads together have searched the node limit (any
    /// thread may call it).
    pub fn check_node_limit(&self) {
        if let Some(limit) = self.limits.nodes {
            if self.total_nodes() >= limit {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    pub fn pondering(&self) -> bool {
        self.control.pondering()
    }
}
