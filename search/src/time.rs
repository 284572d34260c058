//! Time management: how long to think about this move.
//!
//! Two limits come out of the clock: the **optimum**, the time a move should take on
//! average, and the **maximum**, which the search never passes (it is checked every
//! thousand nodes or so, about a millisecond). The iterative deepening loop stops starting
//! new iterations once the optimum, scaled by how settled the search looks, is spent:
//! - a best move that keeps changing between iterations earns more time (up to twice
//!   the optimum), one that has not changed for several iterations less;
//! - a score falling from the previous iterations earns more time, a rising one less;
//! - with a single legal move there is nothing to think about.
//!
//! The clock budget: `Move Overhead` is kept back from every figure for the transport and
//! the GUI; the optimum is the remaining time over the moves still to play (`movestogo`,
//! or an estimate that shrinks as the clock runs down) plus most of the increment; the
//! maximum is a few optima but never more than a fraction of what is left, so a sudden
//! death game never runs out (with `movestogo` 1, at most 90 % of the clock). USI's
//! byoyomi is time lost if unused: it is added to both limits, less the overhead.
//! `movetime` is a fixed time (less the overhead).
//!
//! Pondering: the clock starts at `ponderhit`. The maximum counts from then; the optimum
//! counts from the start of the search, since the time spent pondering was free.

use std::time::{Duration, Instant};

use ekumen_movegen::Color;

use crate::limits::Limits;

/// Moves assumed left in the game when the GUI does not say.
const MOVES_HORIZON: u32 = 40;

/// Time limits of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeManager {
    pub optimum: Duration,
    pub maximum: Duration,
}

impl TimeManager {
    /// The limits for `us` under `limits`, or `None` when no clock or move time bounds
    /// the search.
    pub fn new(limits: &Limits, us: Color, overhead: Duration) -> Option<TimeManager> {
        if let Some(move_time) = limits.move_time {
            let time = move_time.saturating_sub(overhead).max(Duration::from_millis(1));
            return Some(TimeManager { optimum: time, maximum: time });
        }
        let clock = limits.time[us.index()];
        if clock.is_none() && limits.byoyomi.is_none() {
            return None;
        }
        let left = clock.unwrap_or_default().saturating_sub(overhead);
        let increment = limits.increment[us.index()];
        let byoyomi = limits.byoyomi.unwrap_or_default().saturating_sub(overhead);
        let left_ms = left.as_secs_f64() * 1000.0;
        let increment_ms = increment.as_secs_f64() * 1000.0;

        let (optimum_ms, maximum_ms) = match limits.moves_to_go {
            Some(moves) => {
                let moves = f64::from(moves.clamp(1, 80));
                let optimum = left_ms / (moves + 1.0).min(moves * 1.5) + increment_ms * 0.8;
                let cap = if moves <= 1.0 { 0.9 } else { 0.7 };
                (optimum, (optimum * 4.0).min(left_ms * cap))
            }
            None => {
                // Fewer moves assumed as the clock runs down, so the increment carries more
                // of the load late in a game.
                let horizon = f64::from(MOVES_HORIZON);
                let optimum = left_ms / horizon + increment_ms * 0.85;
                (optimum, (optimum * 5.0).min(left_ms * 0.35 + increment_ms * 0.5))
            }
        };
        // The increment arrives only after the move: never count on it.
        let maximum_ms = maximum_ms.min(left_ms * 0.9);
        let optimum_ms = optimum_ms.min(maximum_ms).max(0.0);
        let byoyomi_ms = byoyomi.as_secs_f64() * 1000.0;
        // With byoyomi, the main time's share is small change: spend the period.
        let optimum_ms =
            if byoyomi_ms > 0.0 && left_ms < byoyomi_ms { maximum_ms } else { optimum_ms };
        let optimum = Duration::from_secs_f64((optimum_ms + byoyomi_ms) / 1000.0);
        let maximum = Duration::from_secs_f64((maximum_ms + byoyomi_ms) / 1000.0);
        Some(TimeManager {
            optimum: optimum.max(Duration::from_millis(1)),
            maximum: maximum.max(Duration::from_millis(1)),
        })
    }

    /// Whether to start another iteration, `elapsed` after the start of the search, given
    /// how stable the search has been: `best_move_changes` (decayed count of changes of
    /// the best move), `score_trend` (centipawns the score fell since the last iterations;
    /// negative for a rise) and the number of legal moves.
    pub fn keep_going(
        &self,
        elapsed: Duration,
        best_move_changes: f64,
        score_trend: i32,
        root_moves: usize,
    ) -> bool {
        if root_moves == 1 {
            return elapsed < self.optimum / 16;
        }
        if self.optimum >= self.maximum {
            // A fixed time per move (movetime, byoyomi alone): use all of it.
            return true;
        }
        let instability = (1.0 + best_move_changes * 0.6).min(2.0);
        let falling = (1.0 + f64::from(score_trend.clamp(-50, 100)) / 200.0).clamp(0.75, 1.5);
        let budget = self.optimum.as_secs_f64() * instability * falling;
        // An iteration takes about as long as all the earlier ones together: do not start
        // one that cannot finish within the budget.
        elapsed.as_secs_f64() < budget * 0.55
    }

    /// Whether the search must stop now: the maximum has passed since `clock_start` (the
    /// start of the search, or `ponderhit`).
    pub fn out_of_time(&self, clock_start: Instant) -> bool {
        clock_start.elapsed() >= self.maximum
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn limits(main: u64, inc: u64) -> Limits {
        Limits {
            time: [Some(ms(main)), Some(ms(main))],
            increment: [ms(inc), ms(inc)],
            ..Limits::default()
        }
    }

    #[test]
    fn no_clock_no_limit() {
        assert_eq!(TimeManager::new(&Limits::default(), Color::White, ms(10)), None);
    }

    #[test]
    fn movetime_less_overhead() {
        let limits = Limits { move_time: Some(ms(100)), ..Limits::default() };
        let tm = TimeManager::new(&limits, Color::White, ms(10)).unwrap();
        assert_eq!((tm.optimum, tm.maximum), (ms(90), ms(90)));
    }

    #[test]
    fn the_maximum_never_exhausts_the_clock() {
        for main in [0, 5, 20, 100, 1_000, 10_000, 600_000] {
            for inc in [0, 10, 100, 2_000] {
                for moves_to_go in [None, Some(1), Some(2), Some(40)] {
                    let limits = Limits { moves_to_go, ..limits(main, inc) };
                    let tm = TimeManager::new(&limits, Color::Black, ms(10)).unwrap();
                    assert!(tm.optimum <= tm.maximum, "{main}+{inc}: {tm:?}");
                    let usable = ms(main.saturating_sub(10)).max(ms(1));
                    assert!(
                        tm.maximum <= usable.max(ms(1)),
                        "{main}+{inc} {moves_to_go:?}: {tm:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn ten_seconds_plus_a_tenth() {
        let tm = TimeManager::new(&limits(10_000, 100), Color::White, ms(10)).unwrap();
        assert!(tm.optimum > ms(250) && tm.optimum < ms(500), "{tm:?}");
        assert!(tm.maximum > ms(1000) && tm.maximum < ms(3600), "{tm:?}");
    }

    #[test]
    fn byoyomi_is_spent() {
        let limits = Limits {
            time: [Some(ms(0)), Some(ms(0))],
            byoyomi: Some(ms(1000)),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, Color::White, ms(10)).unwrap();
        assert!(tm.optimum >= ms(900) && tm.maximum <= ms(990), "{tm:?}");
    }
}
