//! What bounds a search: the limits of a `go` command.

use std::time::{Duration, Instant};

use ekumen_movegen::Move;

/// Every limit a `go` command can set. Clocks are indexed by [`Color`](ekumen_movegen::Color): White is the
/// player who moves first in every variant (sente in USI).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub time: [Option<Duration>; 2],
    pub increment: [Duration; 2],
    pub moves_to_go: Option<u32>,
    /// USI byoyomi: time per move after the main time is used up.
    pub byoyomi: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub move_time: Option<Duration>,
    /// Stop once a mate in this many moves is found.
    pub mate: Option<u32>,
    /// Search until `stop`; do not report the best move before it.
    pub infinite: bool,
    /// Search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Only these root moves (all legal moves when empty).
    pub search_moves: Vec<Move>,
    /// `nodestime`: the clock's time is spent at this many nodes a millisecond, not in
    /// real time.
    pub nodes_per_ms: Option<u64>,
    /// When the `go` command arrived: the clock runs from here (from the search's start
    /// when unset).
    pub started: Option<Instant>,
}
