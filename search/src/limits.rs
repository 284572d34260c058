//! What bounds a search (the limits of a `go` command) and how much time to spend.

use std::time::Duration;

use ekumen_movegen::{Color, Move};

/// Every limit a `go` command can set. Clocks are indexed by [`Color`]: White is the
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
}

impl Limits {
    /// Whether the clock or a fixed move time bounds this search.
    pub fn uses_time(&self, us: Color) -> bool {
        self.move_time.is_some() || self.time[us.index()].is_some() || self.byoyomi.is_some()
    }
}

/// How long a search may run: past `soft` no new iteration starts, at `hard` it stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    pub soft: Duration,
    pub hard: Duration,
}

/// Moves assumed left in the game when the GUI sends no `movestogo` (Stockfish's figure).
const DEFAULT_MOVES_TO_GO: u32 = 50;

/// The time to spend on this move for `us`, or `None` when no clock limits the search.
///
/// As in Stockfish, the time pool is the clock plus the increments still to come, less
/// `overhead` (`Move Overhead`, the GUI's and the transport's share) once per move to go
/// and twice more: with a small clock and a large overhead the engine moves at once, which
/// is what keeps it from losing on time behind a slow client. A move aims at its share of
/// the pool and never takes more than four times that, nor most of the clock. The byoyomi
/// period is lost if unused, so 90% of it (less the overhead) is added on top.
pub fn time_budget(limits: &Limits, us: Color, overhead: Duration) -> Option<TimeBudget> {
    if let Some(move_time) = limits.move_time {
        let hard = move_time.saturating_sub(overhead).max(Duration::from_millis(1));
        return Some(TimeBudget { soft: hard, hard });
    }
    let main = limits.time[us.index()];
    let byoyomi = limits.byoyomi.unwrap_or_default();
    if main.is_none() && limits.byoyomi.is_none() {
        return None;
    }
    let main = main.unwrap_or_default();
    let increment = limits.increment[us.index()];
    let moves_to_go = limits.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, 50);
    let pool = (main + increment * (moves_to_go - 1))
        .saturating_sub(overhead * (2 + moves_to_go))
        .max(Duration::from_millis(1));
    let target = pool / moves_to_go;
    let clock_cap = if moves_to_go == 1 { main * 3 / 4 } else { main * 2 / 5 };
    let main_hard = (target * 4).min(clock_cap.saturating_sub(overhead));
    let byoyomi_share = byoyomi.saturating_sub(overhead) * 9 / 10;
    let hard = (main_hard + byoyomi_share).max(Duration::from_millis(1));
    let soft = (target + byoyomi_share / 2).min(hard);
    Some(TimeBudget { soft, hard })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn no_clock_no_budget() {
        assert_eq!(time_budget(&Limits::default(), Color::White, ms(10)), None);
    }

    #[test]
    fn move_time_minus_overhead() {
        let limits = Limits { move_time: Some(ms(100)), ..Limits::default() };
        assert_eq!(
            time_budget(&limits, Color::White, ms(10)),
            Some(TimeBudget { soft: ms(90), hard: ms(90) })
        );
    }

    #[test]
    fn clock_budget_stays_within_the_clock() {
        for main in [0, 5, 50, 1000, 60_000] {
            let limits = Limits {
                time: [Some(ms(main)), Some(ms(main))],
                increment: [ms(100), ms(100)],
                ..Limits::default()
            };
            let budget = time_budget(&limits, Color::Black, ms(10)).unwrap();
            assert!(budget.soft <= budget.hard);
            assert!(budget.hard <= ms(main.max(1)), "{main}: {budget:?}");
        }
    }

    #[test]
    fn byoyomi_counts() {
        let limits = Limits {
            time: [Some(ms(0)), Some(ms(0))],
            byoyomi: Some(ms(1000)),
            ..Limits::default()
        };
        let budget = time_budget(&limits, Color::White, ms(10)).unwrap();
        assert!(budget.hard >= ms(500) && budget.hard <= ms(990), "{budget:?}");
    }
}
