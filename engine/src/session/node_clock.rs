//! `nodestime`: the clock counted in nodes instead of milliseconds, as Fairy-Stockfish
//! keeps it for reproducible testing. A search's time is then the nodes it searched at
//! the given rate, so two runs of the same games spend the same effort whatever the
//! machine's load.
//!
//! As in Fairy-Stockfish, the engine keeps its own clock: at the first clocked search of a
//! game it turns the GUI's time into nodes (time × rate); after that it ignores the time
//! the GUI sends and counts down the nodes it searched, adding each move's increment at
//! the rate. `ucinewgame` (CECP's `new`, or a new `nodestime`) starts the count again. A
//! USI byoyomi period is spent in nodes at the rate too, with or without a main time, but
//! is not kept on the count (it does not carry over). `movetime` stays in real time, and
//! so does the time `info` lines report. CECP reads the option as UCI does.

use std::time::Duration;

use ekumen_movegen::Color;
use ekumen_search::Limits;

/// The engine's node clock for one game.
#[derive(Debug, Default)]
pub struct NodeClock {
    /// Nodes left, once the first clocked search of the game has set them.
    left: Option<u64>,
    /// The increment, in nodes, that the running search earns when it ends; `None` when
    /// the running search is not on the node clock.
    pending_increment: Option<u64>,
}

impl NodeClock {
    /// Puts a search on the node clock at `rate` nodes a millisecond: the clock of `us`
    /// becomes the nodes left, read as milliseconds at that rate, and the search counts
    /// its time in nodes. A byoyomi with no clock for `us` is counted in nodes as well. A
    /// search with no clock for `us` and no byoyomi, or with a fixed move time, is left
    /// alone.
    pub fn apply(&mut self, limits: &mut Limits, us: Color, rate: u64) {
        self.pending_increment = None;
        if rate == 0 || limits.move_time.is_some() {
            return;
        }
        let Some(clock) = limits.time[us.index()] else {
            // Byoyomi alone: no main time to count, but the period is spent in nodes too.
            if limits.byoyomi.is_some() {
                limits.nodes_per_ms = Some(rate);
            }
            return;
        };
        let to_nodes = |time: Duration| (time.as_millis() as u64).saturating_mul(rate);
        let left = *self.left.get_or_insert_with(|| to_nodes(clock));
        limits.time[us.index()] = Some(Duration::from_millis(left / rate));
        limits.nodes_per_ms = Some(rate);
        self.pending_increment = Some(to_nodes(limits.increment[us.index()]));
    }

    /// The search that [`NodeClock::apply`] set up ended after `nodes`.
    pub fn search_ended(&mut self, nodes: u64) {
        if let (Some(increment), Some(left)) = (self.pending_increment.take(), self.left) {
            self.left = Some(left.saturating_add(increment).saturating_sub(nodes));
        }
    }

    /// A new game: the next clocked search reads the GUI's clock again.
    pub fn reset(&mut self) {
        *self = NodeClock::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clocked(main_ms: u64, increment_ms: u64) -> Limits {
        let ms = Duration::from_millis;
        Limits {
            time: [Some(ms(main_ms)), Some(ms(main_ms))],
            increment: [ms(increment_ms); 2],
            ..Limits::default()
        }
    }

    #[test]
    fn the_clock_counts_down_the_nodes_searched_and_up_the_increments() {
        let mut clock = NodeClock::default();
        let mut limits = clocked(10_000, 100);
        clock.apply(&mut limits, Color::White, 500);
        // 10 s at 500 nodes a millisecond: 5,000,000 nodes, read as 10 s.
        assert_eq!(limits.time[0], Some(Duration::from_millis(10_000)));
        assert_eq!(limits.nodes_per_ms, Some(500));
        clock.search_ended(1_050_000);
        // The GUI's clock (9 s) is ignored: 5,000,000 + 50,000 - 1,050,000 nodes are left.
        let mut limits = clocked(9_000, 100);
        clock.apply(&mut limits, Color::White, 500);
        assert_eq!(limits.time[0], Some(Duration::from_millis(8_000)));
        clock.reset();
        let mut limits = clocked(9_000, 100);
        clock.apply(&mut limits, Color::White, 500);
        assert_eq!(limits.time[0], Some(Duration::from_millis(9_000)));
    }

    #[test]
    fn searches_off_the_clock_are_left_alone() {
        let mut clock = NodeClock::default();
        for (mut limits, rate) in [
            (clocked(10_000, 100), 0),
            (Limits { depth: Some(5), ..Limits::default() }, 500),
            (Limits { move_time: Some(Duration::from_secs(1)), ..clocked(10_000, 0) }, 500),
        ] {
            let before = limits.clone();
            clock.apply(&mut limits, Color::Black, rate);
            assert_eq!(limits, before);
            clock.search_ended(1_000);
        }
        assert_eq!(clock.left, None);
    }

    #[test]
    fn a_byoyomi_alone_is_spent_in_nodes_without_starting_the_count() {
        let mut clock = NodeClock::default();
        let mut limits = Limits { byoyomi: Some(Duration::from_secs(5)), ..Limits::default() };
        clock.apply(&mut limits, Color::White, 500);
        assert_eq!(limits.nodes_per_ms, Some(500));
        assert_eq!(limits.time, [None, None]);
        clock.search_ended(1_000);
        assert_eq!(clock.left, None);
    }
}
