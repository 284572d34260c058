//! One game between two engines, refereed by Ekumen's rules.
//!
//! Each game starts its own two engine processes and ends them afterwards, so whatever one
//! game does to an engine (a hang, a crash) cannot leak into the next. The game thread
//! owns the position: before every move it asks the rules core whether the game is over
//! ([`AnyPosition::outcome`]: checkmate, stalemate as the variant scores it, campmate,
//! the fifty-move rule, threefold repetition with shinobi's perpetual-check rule, dead
//! positions in chess and gothic), then sends `position` and `go` to the side to move and
//! waits for `bestmove` until the side's clock (plus the margin) runs out.
//!
//! The move must be a legal move in Fairy-Stockfish's UCI dialect as Ekumen parses it
//! ([`AnyPosition::parse_uci_move`]); it is recorded, and passed to the opponent, in the
//! canonical form Ekumen prints. Anything else ends the game against the engine at fault,
//! with a reason: an illegal or malformed move (including `bestmove (none)` when moves
//! exist), a time forfeit, a crash, a disconnect, or a stall (no answer within the stall
//! timeout when no clock runs). Optional score-based adjudication (resign, draw, move
//! limit) uses the engines' last `info ... score` before each `bestmove`.
//!
//! Clocks: the time an engine used is the wall time from the moment `go` was written to the
//! moment its `bestmove` line arrived (stamped by the reader thread). With a clock, the
//! engine loses on time when that exceeds its remaining time plus the margin; with a fixed
//! movetime, when it exceeds the movetime plus the margin.
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use ekumen_movegen::{AnyPosition, Color, GameResult as RulesResult};

use crate::adjudication::ScoreAdjudicator;
use crate::config::{EngineSpec, MatchConfig};
use crate::engine_process::{describe_departure, Departure, EngineProcess, WaitError};
use crate::record::{EngineScore, GameRecord, GameResult, GameSetup, MoveRecord, Termination};
use crate::time_control::{ClockState, SearchLimits};

/// What an engine said while thinking: its last score and depth.
#[derive(Clone, Copy, Default, Debug)]
struct Thinking {
    score: Option<EngineScore>,
    depth: Option<u32>,
}

impl Thinking {
    /// Takes the score and depth of an `info` line (first PV only).
    fn read(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() != Some(&"info") || words.get(1) == Some(&"string") {
            return;
        }
        let value_after = |key: &str| {
            words.iter().position(|w| *w == key).and_then(|i| words.get(i + 1)).copied()
        };
        if value_after("multipv").is_some_and(|pv| pv != "1") {
            return;
        }
        let score = match (value_after("cp"), value_after("mate")) {
            (Some(cp), _) => cp.parse().ok().map(EngineScore::Centipawns),
            (None, Some(mate)) => mate.parse().ok().map(EngineScore::Mate),
            _ => None,
        };
        if words.contains(&"score") {
            if let Some(score) = score {
                self.score = Some(score);
                self.depth = value_after("depth").and_then(|d| d.parse().ok());
            }
        }
    }
}

fn rules_result(position: &AnyPosition, result: RulesResult) -> GameResult {
    let mover = position.side_to_move();
    match result {
        RulesResult::Win => GameResult::win_for(mover),
        RulesResult::Loss => GameResult::win_for(!mover),
        RulesResult::Draw => GameResult::Draw,
    }
}

fn gone(departure: Departure) -> Termination {
    match departure {
        Departure::Crashed(how) => Termination::Crashed(how),
        Departure::Disconnected(how) => Termination::Disconnected(how),
    }
}

/// Builds the `go` command for the side to move.
fn go_command(limits: &SearchLimits, clocks: &[Option<ClockState>; 2], mover: Color) -> String {
    let mut go = String::from("go");
    if clocks.iter().any(Option::is_some) {
        for (color, time, increment) in
            [(Color::White, "wtime", "winc"), (Color::Black, "btime", "binc")]
        {
            if let Some(state) = &clocks[color.index()] {
                go += &format!(" {time} {}", state.remaining.as_millis());
                go += &format!(" {increment} {}", state.clock.increment_ms);
            }
        }
        if let Some(moves) = clocks[mover.index()].and_then(|c| c.moves_to_go()) {
            go += &format!(" movestogo {moves}");
        }
    }
    if let Some(ms) = limits.movetime_ms {
        go += &format!(" movetime {ms}");
    }
    if let Some(nodes) = limits.nodes {
        go += &format!(" nodes {nodes}");
    }
    if let Some(depth) = limits.depth {
        go += &format!(" depth {depth}");
    }
    go
}

/// Starts one engine for a game: process, handshake, `ucinewgame`.
fn start_engine(spec: &EngineSpec, config: &MatchConfig) -> Result<EngineProcess, String> {
    let mut engine = EngineProcess::spawn(spec)?;
    engine.start_uci(&spec.options, config.variant, config.stall_timeout)?;
    engine.send("ucinewgame").map_err(|d| describe_departure(&d))?;
    engine.ready(config.stall_timeout)?;
    Ok(engine)
}

/// Plays one game. `stop` aborts it between moves.
pub fn play_game(config: &MatchConfig, setup: GameSetup, stop: &AtomicBool) -> GameRecord {
    let white_spec = &config.engines[setup.white];
    let black_spec = &config.engines[setup.black];
    let mut record = GameRecord {
        white_name: white_spec.name.clone(),
        black_name: black_spec.name.clone(),
        white_limits: white_spec.limits,
        black_limits: black_spec.limits,
        started: SystemTime::now(),
        moves: Vec::new(),
        result: GameResult::Unfinished,
        termination: Termination::Aborted,
        setup,
    };
    let white = match start_engine(white_spec, config) {
        Ok(engine) => engine,
        Err(why) => {
            record.result = GameResult::BlackWins;
            record.termination = Termination::StartFailure(why);
            return record;
        }
    };
    let black = match start_engine(black_spec, config) {
        Ok(engine) => engine,
        Err(why) => {
            white.quit();
            record.result = GameResult::WhiteWins;
            record.termination = Termination::StartFailure(why);
            return record;
        }
    };
    let mut engines = [white, black];
    let (result, termination) = referee(config, &mut record, &mut engines, stop);
    record.result = result;
    record.termination = termination;
    let [white, black] = engines;
    white.quit();
    black.quit();
    record
}

/// The move loop; returns how the game ended.
fn referee(
    config: &MatchConfig,
    record: &mut GameRecord,
    engines: &mut [EngineProcess; 2],
    stop: &AtomicBool,
) -> (GameResult, Termination) {
    let opening = Arc::clone(&record.setup.opening);
    let mut position = opening.position();
    let limits = [record.white_limits, record.black_limits];
    let mut clocks = limits.map(|l| l.clock.map(ClockState::new));
    let mut adjudicator = ScoreAdjudicator::new(config.adjudication);
    let margin = config.time_margin;
    let mut position_command = if opening.is_start {
        "position startpos".to_string()
    } else {
        format!("position fen {}", opening.fen)
    };
    loop {
        if stop.load(Ordering::Relaxed) {
            return (GameResult::Unfinished, Termination::Aborted);
        }
        if let Some(outcome) = position.outcome() {
            return (rules_result(&position, outcome.result), Termination::Rules(outcome.reason));
        }
        if let Some(max_moves) = config.adjudication.max_moves {
            if record.moves.len() >= 2 * max_moves as usize {
                return (GameResult::Draw, Termination::MoveLimit);
            }
        }
        let mover = position.side_to_move();
        let loses = |termination| (GameResult::win_for(!mover), termination);
        let engine = &mut engines[mover.index()];
        let go = go_command(&limits[mover.index()], &clocks, mover);
        if let Err(departure) = engine.send(&position_command) {
            return loses(gone(departure));
        }
        // The clock starts as `go` is written (a fast answer may be stamped before the
        // write returns).
        let sent_at = Instant::now();
        if let Err(departure) = engine.send(&go) {
            return loses(gone(departure));
        }
        let allowed = match (&clocks[mover.index()], limits[mover.index()].movetime_ms) {
            (Some(state), _) => state.remaining + margin,
            (None, Some(ms)) => Duration::from_millis(ms) + margin,
            (None, None) => config.stall_timeout,
        };
        let mut thinking = Thinking::default();
        let answer = engine.wait_for(
            sent_at + allowed,
            |line| thinking.read(line),
            |line| line.split_whitespace().next() == Some("bestmove"),
        );
        let received = match answer {
            Ok(received) => received,
            Err(WaitError::Timeout) => {
                let _ = engine.send("stop");
                let no_clock =
                    clocks[mover.index()].is_none() && limits[mover.index()].movetime_ms.is_none();
                return loses(if no_clock {
                    Termination::Stalled(allowed)
                } else {
                    let waited = allowed.as_secs_f64();
                    Termination::TimeForfeit(format!("no bestmove within {waited:.3} s"))
                });
            }
            Err(WaitError::Gone(departure)) => return loses(gone(departure)),
        };
        let elapsed = received.at.saturating_duration_since(sent_at);
        let clock_left = match &mut clocks[mover.index()] {
            Some(state) => {
                let before = state.remaining;
                if !state.charge(elapsed, margin) {
                    return loses(Termination::TimeForfeit(format!(
                        "used {:.3} s with {:.3} s left",
                        elapsed.as_secs_f64(),
                        before.as_secs_f64()
                    )));
                }
                Some(state.remaining)
            }
            None => {
                if let Some(ms) = limits[mover.index()].movetime_ms {
                    if elapsed > Duration::from_millis(ms) + margin {
                        return loses(Termination::TimeForfeit(format!(
                            "used {:.3} s for a movetime of {ms} ms",
                            elapsed.as_secs_f64()
                        )));
                    }
                }
                None
            }
        };
        let Some(text) = received.line.split_whitespace().nth(1) else {
            return loses(Termination::IllegalMove("'bestmove' without a move".to_string()));
        };
        let legal = match position.parse_uci_move(text) {
            Ok(legal) => legal,
            Err(error) => {
                let why = match text {
                    "(none)" | "0000" | "resign" => {
                        format!("'{text}' while {} legal moves exist", position.legal_moves().len())
                    }
                    _ => error.to_string(),
                };
                return loses(Termination::IllegalMove(why));
            }
        };
        let canonical = position.move_to_uci(legal);
        position.make_move(legal);
        if record.moves.is_empty() {
            position_command += " moves";
        }
        position_command.push(' ');
        position_command += &canonical;
        record.moves.push(MoveRecord {
            text: canonical,
            score: thinking.score,
            depth: thinking.depth,
            elapsed,
            clock_left,
        });
        if let Some(verdict) = adjudicator.after_move(mover, thinking.score, record.moves.len()) {
            return verdict;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time_control::Clock;

    #[test]
    fn reads_scores_from_info_lines() {
        let mut thinking = Thinking::default();
        thinking.read("info depth 7 seldepth 9 score cp -35 nodes 1000 pv e2e4");
        assert_eq!(thinking.score, Some(EngineScore::Centipawns(-35)));
        assert_eq!(thinking.depth, Some(7));
        thinking.read("info depth 8 multipv 2 score cp 500");
        thinking.read("info string score cp 900");
        thinking.read("info nodes 2000 nps 100");
        assert_eq!(thinking.score, Some(EngineScore::Centipawns(-35)));
        thinking.read("info depth 9 score mate -3 lowerbound");
        assert_eq!(thinking.score, Some(EngineScore::Mate(-3)));
        assert_eq!(thinking.depth, Some(9));
    }

    #[test]
    fn go_commands() {
        let clock = Clock { base_ms: 10_000, increment_ms: 100, moves_per_period: None };
        let clocks = [Some(ClockState::new(clock)), Some(ClockState::new(clock))];
        let limits = SearchLimits { clock: Some(clock), ..SearchLimits::default() };
        assert_eq!(
            go_command(&limits, &clocks, Color::Black),
            "go wtime 10000 winc 100 btime 10000 binc 100"
        );
        let limits = SearchLimits { nodes: Some(500), depth: Some(3), ..SearchLimits::default() };
        assert_eq!(go_command(&limits, &[None, None], Color::White), "go nodes 500 depth 3");
    }
}
