//! Time controls: the clock format of `--tc` and `tc=`, the limits an engine searches
//! under, and a clock as it runs down during a game.

use std::time::Duration;

/// A chess clock: a base time, an increment, and optionally a number of moves after which
/// the base time is added again.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clock {
    pub base_ms: u64,
    pub increment_ms: u64,
    pub moves_per_period: Option<u32>,
}

impl Clock {
    /// Parses `BASE+INC` or `MOVES/BASE+INC`, seconds with decimals, BASE also `M:SS`.
    ///
    /// # Errors
    /// A message naming the malformed part.
    pub fn parse(text: &str) -> Result<Clock, String> {
        let bad = || format!("bad time control '{text}' (expected e.g. 10+0.1 or 40/60+0.5)");
        let (moves, rest) = match text.split_once('/') {
            Some((moves, rest)) => {
                let moves: u32 = moves.trim().parse().map_err(|_| bad())?;
                if moves == 0 {
                    return Err(bad());
                }
                (Some(moves), rest)
            }
            None => (None, text),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((base, increment)) => (base, Some(increment)),
            None => (rest, None),
        };
        let base_ms = match base.split_once(':') {
            Some((minutes, seconds)) => {
                let minutes: u64 = minutes.trim().parse().map_err(|_| bad())?;
                minutes * 60_000 + seconds_to_ms(seconds).ok_or_else(bad)?
            }
            None => seconds_to_ms(base).ok_or_else(bad)?,
        };
        let increment_ms = match increment {
            Some(increment) => seconds_to_ms(increment).ok_or_else(bad)?,
            None => 0,
        };
        if base_ms == 0 && increment_ms == 0 {
            return Err(bad());
        }
        Ok(Clock { base_ms, increment_ms, moves_per_period: moves })
    }

    /// The PGN form: `MOVES/BASE+INC` in seconds.
    pub fn describe(&self) -> String {
        let mut text = String::new();
        if let Some(moves) = self.moves_per_period {
            text += &format!("{moves}/");
        }
        text += &format_seconds(self.base_ms);
        if self.increment_ms > 0 {
            text += &format!("+{}", format_seconds(self.increment_ms));
        }
        text
    }
}

fn seconds_to_ms(text: &str) -> Option<u64> {
    let seconds: f64 = text.trim().parse().ok()?;
    (seconds.is_finite() && seconds >= 0.0).then(|| (seconds * 1000.0).round() as u64)
}

fn format_seconds(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        let text = format!("{:.3}", ms as f64 / 1000.0);
        text.trim_end_matches('0').to_string()
    }
}

/// How long an engine may think about each move.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct SearchLimits {
    pub clock: Option<Clock>,
    pub movetime_ms: Option<u64>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
}

impl SearchLimits {
    pub fn is_empty(&self) -> bool {
        *self == SearchLimits::default()
    }

    /// A short description for the PGN `TimeControl` tag and the logs.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(clock) = self.clock {
            parts.push(clock.describe());
        }
        if let Some(ms) = self.movetime_ms {
            parts.push(format!("movetime={ms}ms"));
        }
        if let Some(nodes) = self.nodes {
            parts.push(format!("nodes={nodes}"));
        }
        if let Some(depth) = self.depth {
            parts.push(format!("depth={depth}"));
        }
        if parts.is_empty() {
            "-".to_string()
        } else {
            parts.join(",")
        }
    }
}

/// A clock while the game runs.
#[derive(Clone, Copy, Debug)]
pub struct ClockState {
    pub clock: Clock,
    pub remaining: Duration,
    moves_made: u32,
}

impl ClockState {
    pub fn new(clock: Clock) -> ClockState {
        ClockState { clock, remaining: Duration::from_millis(clock.base_ms), moves_made: 0 }
    }

    /// Moves left before the next time control, if the clock has periods.
    pub fn moves_to_go(&self) -> Option<u32> {
        self.clock.moves_per_period.map(|period| period - self.moves_made % period)
    }

    /// Charges `used`; false if that exceeded the remaining time plus `margin`.
    pub fn charge(&mut self, used: Duration, margin: Duration) -> bool {
        if used > self.remaining + margin {
            self.remaining = Duration::ZERO;
            return false;
        }
        self.remaining =
            self.remaining.saturating_sub(used) + Duration::from_millis(self.clock.increment_ms);
        self.moves_made += 1;
        if let Some(period) = self.clock.moves_per_period {
            if self.moves_made.is_multiple_of(period) {
                self.remaining += Duration::from_millis(self.clock.base_ms);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks() {
        let clock = Clock::parse("10+0.1").unwrap();
        assert_eq!(clock, Clock { base_ms: 10_000, increment_ms: 100, moves_per_period: None });
        assert_eq!(clock.describe(), "10+0.1");
        let clock = Clock::parse("40/1:30+0.5").unwrap();
        assert_eq!(clock, Clock { base_ms: 90_000, increment_ms: 500, moves_per_period: Some(40) });
        assert_eq!(clock.describe(), "40/90+0.5");
        assert_eq!(Clock::parse("60").unwrap().describe(), "60");
        assert_eq!(Clock::parse("0.25+0.005").unwrap().describe(), "0.25+0.005");
        for bad in ["", "x+1", "10+", "0/10", "-1+0", "0+0", "1:x"] {
            assert!(Clock::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_charge_and_refill() {
        let clock = Clock { base_ms: 1000, increment_ms: 100, moves_per_period: Some(2) };
        let mut state = ClockState::new(clock);
        assert_eq!(state.moves_to_go(), Some(2));
        assert!(state.charge(Duration::from_millis(400), Duration::ZERO));
        assert_eq!(state.remaining, Duration::from_millis(700));
        assert_eq!(state.moves_to_go(), Some(1));
        assert!(state.charge(Duration::from_millis(700), Duration::ZERO));
        // 0 left + 100 increment + a new period of 1000.
        assert_eq!(state.remaining, Duration::from_millis(1100));
        assert!(state.charge(Duration::from_millis(1150), Duration::from_millis(50)));
        assert!(!state.charge(Duration::from_millis(200), Duration::from_millis(50)));
    }
}
