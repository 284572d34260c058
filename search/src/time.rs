//! Time management: how long to think about this move.
//!
//! Two limits come out of the clock: the **optimum**, the time a move should take on
//! average, and the **maximum**, which the search never passes (it is checked every
//! thousand nodes or so, about a millisecond). The iterative deepening loop stops starting
//! new iterations once the optimum, scaled by how settled the search looks, is spent:
//! - each time another root move takes the lead, within an iteration or between two,
//!   the budget grows by twice the optimum; the count halves with each iteration, so
//!   the extra time goes to searches still changing their minds;
//! - a best move unchanged for nine iterations or more gets a little over half the
//!   optimum: the time it saves goes to the unsettled moves later;
//! - a score falling from the previous iterations earns more time, a rising one less;
//! - with a single legal move there is nothing to think about.
//!
//! The effect is Stockfish's: uneven times, short where the search is settled and long
//! where it is not. Before, with only changes between iterations counted and the budget
//! capped at twice the optimum, Ekumen's moves took 0.08 s to 0.46 s (10th to 90th
//! percentile) in gothic games at 10s+0.1s where Fairy-Stockfish's took 0.035 s to
//! 0.64 s, at about the same average.
//!
//! The clock budget, as in Stockfish: the time pool is what is left on the clock plus the
//! increments still to come over the moves to play (`movestogo`, else a horizon of 30),
//! less `Move Overhead` (the GUI's and the transport's share) once for each of those moves
//! and twice more, scaled by `Slow Mover` (a percentage, 100 by default: 130 scored
//! -0.170 ± 0.240 points a game pair against 100 in gothic at 10s+0.1s against
//! Fairy-Stockfish, docs/strength.md). The optimum is the pool's share for one move;
//! the maximum is five optima but never more than 35 % of the clock (75 % with one move
//! to go). With a small clock and a large overhead the engine so moves almost at once,
//! which is what keeps it from losing on time behind a slow client. USI's byoyomi is
//! lost if unused: 90 % of it, less the overhead, is added to both limits, and when the
//! main time is smaller than a period the whole maximum is the aim. `movetime` is a fixed
//! time less the overhead.
//!
//! More search threads than processors: the threads take turns, and once the time is up
//! each must get the processor once more to see the stop flag before the move can be
//! played. Each thread beyond the processors so keeps back [`CROWDING_MARGIN`] of both
//! limits (at 8 threads on 2 cores, 18 ms), and a thread of its own watches the clock
//! (`crate::thread`), since the main thread may be waiting its turn when the time is up.
//!
//! Pondering: the clock starts at `ponderhit`. The maximum counts from then; the optimum
//! counts from the start of the search, since the time spent pondering was free.
//!
//! Under `nodestime` the same limits apply to time counted in nodes (the search's nodes at
//! that rate, pondered ones included), on the clock the engine keeps in nodes
//! (`engine/src/session/node_clock.rs`).

use std::time::Duration;

use ekumen_movegen::Color;

use crate::limits::Limits;

/// Moves assumed left in the game when the GUI does not say. A search stops short of its
/// optimum more often than it passes it (see [`TimeManager::keep_going`]), so this is
/// shorter than a game really lasts. 22, which moves time to the first moves out of the
/// opening, scored even with 30 in gothic against Fairy-Stockfish (docs/strength.md).
const MOVES_HORIZON: u32 = 30;

/// Time kept back for each search thread beyond the processors: about a scheduler time
/// slice, the wait of a thread for its turn to see the stop flag.
pub const CROWDING_MARGIN: Duration = Duration::from_millis(3);

/// The processors the search threads share.
pub fn processors() -> usize {
    static PROCESSORS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *PROCESSORS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// How settled a search is, after an iteration.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stability {
    /// How often another root move took the lead, halved after each iteration.
    pub best_move_changes: f64,
    /// Centipawns the score fell since the iterations before (negative for a rise).
    pub score_trend: i32,
    /// Iterations since the best move last changed.
    pub unchanged_depths: i32,
}

/// Time limits of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeManager {
    pub optimum: Duration,
    pub maximum: Duration,
}

impl TimeManager {
    /// The limits for `us` under `limits`, or `None` when no clock or move time bounds
    /// the search. `slow_mover` (`Slow Mover`, a percentage) scales the time pool, as in
    /// Fairy-Stockfish: 100 leaves it alone, 150 spends half as much again on every move.
    pub fn new(
        limits: &Limits,
        us: Color,
        overhead: Duration,
        slow_mover: u32,
    ) -> Option<TimeManager> {
        if let Some(move_time) = limits.move_time {
            let time = move_time.saturating_sub(overhead).max(Duration::from_millis(1));
            return Some(TimeManager { optimum: time, maximum: time });
        }
        let clock = limits.time[us.index()];
        if clock.is_none() && limits.byoyomi.is_none() {
            return None;
        }
        let clock = clock.unwrap_or_default();
        let increment = limits.increment[us.index()];
        let moves_to_go = limits.moves_to_go.map_or(MOVES_HORIZON, |moves| moves.clamp(1, 80));
        let pool = (clock + increment * (moves_to_go - 1))
            .saturating_sub(overhead * (moves_to_go + 2))
            .mul_f64(f64::from(slow_mover) / 100.0)
            .max(Duration::from_millis(1));
        let optimum = pool / moves_to_go;
        let clock_share = if moves_to_go == 1 { clock * 3 / 4 } else { clock * 7 / 20 };
        let maximum = (optimum * 5).min(clock_share.saturating_sub(overhead));
        let optimum = optimum.min(maximum);
        let byoyomi = limits.byoyomi.unwrap_or_default().saturating_sub(overhead) * 9 / 10;
        // With byoyomi, a main time smaller than a period is small change: spend the period.
        let optimum = if byoyomi > clock { maximum } else { optimum };
        let (optimum, maximum) = (optimum + byoyomi, maximum + byoyomi);
        Some(TimeManager {
            optimum: optimum.max(Duration::from_millis(1)),
            maximum: maximum.max(Duration::from_millis(1)),
        })
    }

    /// These limits for a search on `threads` threads sharing `processors`: less
    /// [`CROWDING_MARGIN`] for each thread beyond the processors, and never less than a
    /// millisecond.
    pub fn for_threads(self, threads: usize, processors: usize) -> TimeManager {
        let crowding = CROWDING_MARGIN * threads.saturating_sub(processors) as u32;
        let less = |limit: Duration| limit.saturating_sub(crowding).max(Duration::from_millis(1));
        TimeManager { optimum: less(self.optimum), maximum: less(self.maximum) }
    }

    /// Whether to start another iteration, `elapsed` after the start of the search, given
    /// how settled the search is and the number of legal moves.
    pub fn keep_going(&self, elapsed: Duration, settled: &Stability, root_moves: usize) -> bool {
        if root_moves == 1 {
            return elapsed < self.optimum / 16;
        }
        if self.optimum >= self.maximum {
            // A fixed time per move (movetime, byoyomi alone): use all of it.
            return true;
        }
        let instability = 1.0 + 2.0 * settled.best_move_changes;
        let falling =
            (1.0 + f64::from(settled.score_trend.clamp(-50, 100)) / 200.0).clamp(0.75, 1.5);
        let stable = if settled.unchanged_depths >= 9 { 0.55 } else { 1.0 };
        let budget = self.optimum.as_secs_f64() * instability * falling * stable;
        // An iteration takes about as long as all the earlier ones together: do not start
        // one that cannot finish within the budget.
        elapsed.as_secs_f64() < budget * 0.55
    }

    /// Whether the search must stop now, `spent` on its clock (since the start of the
    /// search or `ponderhit`).
    pub fn out_of_time(&self, spent: Duration) -> bool {
        spent >= self.maximum
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
        assert_eq!(TimeManager::new(&Limits::default(), Color::White, ms(10), 100), None);
    }

    #[test]
    fn movetime_less_overhead() {
        let limits = Limits { move_time: Some(ms(100)), ..Limits::default() };
        let tm = TimeManager::new(&limits, Color::White, ms(10), 100).unwrap();
        assert_eq!((tm.optimum, tm.maximum), (ms(90), ms(90)));
    }

    #[test]
    fn the_maximum_never_exhausts_the_clock() {
        for main in [0, 5, 20, 100, 1_000, 10_000, 600_000] {
            for inc in [0, 10, 100, 2_000] {
                for moves_to_go in [None, Some(1), Some(2), Some(40)] {
                    let limits = Limits { moves_to_go, ..limits(main, inc) };
                    let tm = TimeManager::new(&limits, Color::Black, ms(10), 100).unwrap();
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
        let tm = TimeManager::new(&limits(10_000, 100), Color::White, ms(10), 100).unwrap();
        assert!(tm.optimum > ms(250) && tm.optimum < ms(500), "{tm:?}");
        assert!(tm.maximum > ms(1000) && tm.maximum < ms(3600), "{tm:?}");
    }

    #[test]
    fn slow_mover_scales_the_time_but_not_the_cap() {
        let at = |percent| TimeManager::new(&limits(10_000, 100), Color::White, ms(10), percent);
        let (usual, slow, fast) = (at(100).unwrap(), at(150).unwrap(), at(50).unwrap());
        let near = |a: Duration, b: Duration| a.abs_diff(b) <= ms(1);
        assert!(near(slow.optimum, usual.optimum * 3 / 2), "{usual:?} {slow:?}");
        assert!(near(fast.optimum, usual.optimum / 2), "{usual:?} {fast:?}");
        // However slow, a move never takes more than 35 % of the clock.
        let slowest = at(1000).unwrap();
        assert!(slowest.maximum <= ms(3_500) && slowest.optimum <= slowest.maximum);
    }

    #[test]
    fn an_unsettled_search_gets_more_time_than_a_settled_one() {
        let tm = TimeManager::new(&limits(10_000, 100), Color::White, ms(10), 100).unwrap();
        let calm = Stability::default();
        let changing = Stability { best_move_changes: 1.5, ..calm };
        let settled = Stability { unchanged_depths: 12, ..calm };
        let falling = Stability { score_trend: 80, ..calm };
        let when_stops =
            |s: &Stability| (1..5_000).map(ms).find(|&t| !tm.keep_going(t, s, 30)).expect("stops");
        assert!(when_stops(&settled) < when_stops(&calm));
        assert!(when_stops(&calm) < when_stops(&falling));
        assert!(when_stops(&falling) < when_stops(&changing));
        assert!(when_stops(&changing) <= tm.maximum);
        assert!(tm.keep_going(ms(1), &calm, 1) && !tm.keep_going(tm.optimum / 16, &calm, 1));
    }

    #[test]
    fn a_small_clock_behind_a_large_overhead_moves_at_once() {
        // 300 ms left, Move Overhead 100 ms (lichess-bot's): the pool is nearly empty.
        let tm = TimeManager::new(&limits(300, 10), Color::White, ms(100), 100).unwrap();
        assert!(tm.maximum <= ms(5), "{tm:?}");
    }

    #[test]
    fn threads_beyond_the_processors_keep_time_back() {
        let tm = TimeManager::new(&limits(10_000, 100), Color::White, ms(30), 100).unwrap();
        assert_eq!(tm.for_threads(2, 2), tm);
        assert_eq!(tm.for_threads(1, 4), tm);
        let crowded = tm.for_threads(4, 2);
        assert_eq!(crowded.maximum, tm.maximum - CROWDING_MARGIN * 2);
        assert!(crowded.optimum <= crowded.maximum);
        assert_eq!(tm.for_threads(2_000, 2).maximum, ms(1));
    }

    #[test]
    fn byoyomi_is_spent() {
        let limits = Limits {
            time: [Some(ms(0)), Some(ms(0))],
            byoyomi: Some(ms(1000)),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, Color::White, ms(10), 100).unwrap();
        assert!(tm.optimum >= ms(850) && tm.maximum <= ms(990), "{tm:?}");
    }
}
