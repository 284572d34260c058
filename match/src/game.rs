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

use ekumen_movegen::{AnyPosition, Color, EndReason, GameResult as RulesResult};

use crate::config::{Adjudication, Clock, EngineSpec, MatchConfig, SearchLimits};
use crate::engine_process::{describe_departure, Departure, EngineProcess, WaitError};
use crate::openings::Opening;

/// How a game ended, for White.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// Stopped before the end (the match was decided); not counted.
    Unfinished,
}

impl GameResult {
    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    /// The points `color` scored (1, 0.5 or 0), if the game was finished.
    pub fn points_for(self, color: Color) -> Option<f64> {
        match (self, color) {
            (GameResult::Unfinished, _) => None,
            (GameResult::Draw, _) => Some(0.5),
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => {
                Some(1.0)
            }
            _ => Some(0.0),
        }
    }
}

/// Why a game ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Termination {
    /// By the rules of the variant.
    Rules(EndReason),
    /// The text of the refused move and why it was refused.
    IllegalMove(String),
    /// How the time ran out.
    TimeForfeit(String),
    /// No answer within the stall timeout (no clock was running).
    Stalled(Duration),
    Crashed(String),
    Disconnected(String),
    /// The engine could not be started for this game.
    StartFailure(String),
    ResignAdjudication,
    DrawAdjudication,
    MoveLimit,
    Aborted,
}

impl Termination {
    /// The value of the PGN `Termination` tag.
    pub fn pgn_tag(&self) -> &'static str {
        match self {
            Termination::Rules(_) => "normal",
            Termination::IllegalMove(_) => "rules infraction",
            Termination::TimeForfeit(_) => "time forfeit",
            Termination::Stalled(_)
            | Termination::Crashed(_)
            | Termination::Disconnected(_)
            | Termination::StartFailure(_) => "abandoned",
            Termination::ResignAdjudication
            | Termination::DrawAdjudication
            | Termination::MoveLimit => "adjudication",
            Termination::Aborted => "unterminated",
        }
    }

    /// A sentence saying what happened, e.g. "White mates".
    pub fn describe(&self, result: GameResult) -> String {
        let (winner, loser) = match result {
            GameResult::WhiteWins => ("White", "Black"),
            GameResult::BlackWins => ("Black", "White"),
            _ => ("Nobody", "Nobody"),
        };
        match self {
            Termination::Rules(reason) => match (reason, result) {
                (EndReason::Checkmate, _) => format!("{winner} mates"),
                (EndReason::Stalemate, GameResult::Draw) => "Draw by stalemate".to_string(),
                (EndReason::Stalemate, _) => format!("{loser} is stalemated and loses"),
                (EndReason::Campmate, _) => format!("{winner} wins by campmate"),
                (EndReason::FiftyMoves, _) => "Draw by the fifty-move rule".to_string(),
                (EndReason::Repetition, _) => "Draw by threefold repetition".to_string(),
                (EndReason::PerpetualCheck, GameResult::Draw) => {
                    "Draw by repetition (both sides check)".to_string()
                }
                (EndReason::PerpetualCheck, _) => {
                    format!("{loser} repeats by perpetual check and loses")
                }
                (EndReason::InsufficientMaterial, _) => {
                    "Draw by insufficient mating material".to_string()
                }
            },
            Termination::IllegalMove(what) => format!("{loser} makes an illegal move: {what}"),
            Termination::TimeForfeit(how) => format!("{loser} loses on time ({how})"),
            Termination::Stalled(after) => {
                format!("{loser} stalls (no answer within {:.1} s)", after.as_secs_f64())
            }
            Termination::Crashed(how) => format!("{loser} crashed ({how})"),
            Termination::Disconnected(how) => format!("{loser} disconnects ({how})"),
            Termination::StartFailure(why) => format!("{loser} failed to start: {why}"),
            Termination::ResignAdjudication => format!("{loser} resigns (score adjudication)"),
            Termination::DrawAdjudication => "Draw by score adjudication".to_string(),
            Termination::MoveLimit => "Draw by adjudication: move limit reached".to_string(),
            Termination::Aborted => "Game aborted: the match was decided".to_string(),
        }
    }
}

/// An engine's evaluation from its own point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EngineScore {
    Centipawns(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl EngineScore {
    /// Mates count as scores beyond any centipawn value, nearer mates further out.
    pub fn as_centipawns(self) -> i32 {
        match self {
            EngineScore::Centipawns(cp) => cp,
            EngineScore::Mate(moves) if moves > 0 => 100_000 - moves,
            EngineScore::Mate(moves) => -100_000 - moves,
        }
    }

    /// `+0.35`, `-1.20`, `+M3`, `-M2`.
    pub fn pgn_text(self) -> String {
        match self {
            EngineScore::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "+" };
                format!("{sign}{}.{:02}", cp.unsigned_abs() / 100, cp.unsigned_abs() % 100)
            }
            EngineScore::Mate(moves) if moves > 0 => format!("+M{moves}"),
            EngineScore::Mate(moves) => format!("-M{}", moves.unsigned_abs()),
        }
    }
}

/// One move as played.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRecord {
    /// Canonical UCI text.
    pub text: String,
    pub score: Option<EngineScore>,
    pub depth: Option<u32>,
    pub elapsed: Duration,
    /// The mover's clock after the move (with the increment added).
    pub clock_left: Option<Duration>,
}

/// What a worker is asked to play.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// 1-based, in schedule order.
    pub number: usize,
    /// Index into the list of engine pairings, and the game pair within it.
    pub pairing: usize,
    pub pair: usize,
    pub white: usize,
    pub black: usize,
    pub opening: Arc<Opening>,
}

/// A finished (or aborted) game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub setup: GameSetup,
    pub white_name: String,
    pub black_name: String,
    pub white_limits: SearchLimits,
    pub black_limits: SearchLimits,
    pub started: SystemTime,
    pub moves: Vec<MoveRecord>,
    pub result: GameResult,
    pub termination: Termination,
}

impl GameRecord {
    pub fn reason(&self) -> String {
        self.termination.describe(self.result)
    }
}

/// A clock while the game runs.
#[derive(Clone, Copy, Debug)]
struct ClockState {
    clock: Clock,
    remaining: Duration,
    moves_made: u32,
}

impl ClockState {
    fn new(clock: Clock) -> ClockState {
        ClockState { clock, remaining: Duration::from_millis(clock.base_ms), moves_made: 0 }
    }

    /// Moves left before the next time control, if the clock has periods.
    fn moves_to_go(&self) -> Option<u32> {
        self.clock.moves_per_period.map(|period| period - self.moves_made % period)
    }

    /// Charges `used`; false if that exceeded the remaining time plus `margin`.
    fn charge(&mut self, used: Duration, margin: Duration) -> bool {
        if used > self.remaining + margin {
            self.remaining = Duration::ZERO;
            return false;
        }
        self.remaining =
            self.remaining.saturating_sub(used) + Duration::from_millis(self.clock.increment_ms);
        self.moves_made += 1;
        if let Some(period) = self.clock.moves_per_period {
            if self.moves_made % period == 0 {
                self.remaining += Duration::from_millis(self.clock.base_ms);
            }
        }
        true
    }
}

/// Score-based adjudication state.
#[derive(Debug)]
struct ScoreAdjudicator {
    rules: Adjudication,
    /// Consecutive own moves with a score at or below -resign score, per side.
    losing_streak: [u32; 2],
    /// Consecutive own moves with a score at or above the resign score, per side.
    winning_streak: [u32; 2],
    /// Consecutive plies with a score within the draw window.
    quiet_plies: u32,
}

impl ScoreAdjudicator {
    fn new(rules: Adjudication) -> ScoreAdjudicator {
        ScoreAdjudicator { rules, losing_streak: [0; 2], winning_streak: [0; 2], quiet_plies: 0 }
    }

    /// After `side` played with `score`, `plies` having been played in all.
    fn after_move(
        &mut self,
        side: Color,
        score: Option<EngineScore>,
        plies: usize,
    ) -> Option<(GameResult, Termination)> {
        let cp = score.map(EngineScore::as_centipawns);
        let us = side.index();
        if let Some(resign) = self.rules.resign {
            let threshold = resign.score_cp;
            self.losing_streak[us] = match cp {
                Some(cp) if cp <= -threshold => self.losing_streak[us] + 1,
                _ => 0,
            };
            self.winning_streak[us] = match cp {
                Some(cp) if cp >= threshold => self.winning_streak[us] + 1,
                _ => 0,
            };
            let them = (!side).index();
            if self.losing_streak[us] >= resign.move_count
                && (!resign.two_sided || self.winning_streak[them] >= resign.move_count)
            {
                return Some((GameResult::win_for(!side), Termination::ResignAdjudication));
            }
        }
        if let Some(draw) = self.rules.draw {
            self.quiet_plies = match cp {
                Some(cp) if cp.abs() <= draw.score_cp => self.quiet_plies + 1,
                _ => 0,
            };
            if plies >= 2 * draw.move_number as usize && self.quiet_plies >= 2 * draw.move_count {
                return Some((GameResult::Draw, Termination::DrawAdjudication));
            }
        }
        None
    }
}

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
    use crate::config::{DrawRule, ResignRule};

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
    fn score_texts() {
        assert_eq!(EngineScore::Centipawns(35).pgn_text(), "+0.35");
        assert_eq!(EngineScore::Centipawns(-120).pgn_text(), "-1.20");
        assert_eq!(EngineScore::Centipawns(-5).pgn_text(), "-0.05");
        assert_eq!(EngineScore::Mate(3).pgn_text(), "+M3");
        assert_eq!(EngineScore::Mate(-2).pgn_text(), "-M2");
        assert!(EngineScore::Mate(-2).as_centipawns() < -90_000);
        assert!(EngineScore::Mate(0).as_centipawns() < EngineScore::Mate(-5).as_centipawns());
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

    #[test]
    fn resign_and_draw_adjudication() {
        let rules = Adjudication {
            resign: Some(ResignRule { move_count: 2, score_cp: 500, two_sided: false }),
            draw: None,
            max_moves: None,
        };
        let mut adjudicator = ScoreAdjudicator::new(rules);
        let bad = Some(EngineScore::Centipawns(-600));
        assert_eq!(adjudicator.after_move(Color::White, bad, 1), None);
        assert_eq!(adjudicator.after_move(Color::Black, bad, 2), None);
        // Black already had one losing move, White one: White's second ends it.
        assert_eq!(
            adjudicator.after_move(Color::White, bad, 3),
            Some((GameResult::BlackWins, Termination::ResignAdjudication))
        );
        let rules = Adjudication {
            resign: None,
            draw: Some(DrawRule { move_number: 2, move_count: 1, score_cp: 10 }),
            max_moves: None,
        };
        let mut adjudicator = ScoreAdjudicator::new(rules);
        let level = Some(EngineScore::Centipawns(5));
        assert_eq!(adjudicator.after_move(Color::White, level, 1), None);
        assert_eq!(adjudicator.after_move(Color::Black, level, 2), None);
        assert_eq!(adjudicator.after_move(Color::White, level, 3), None);
        assert_eq!(
            adjudicator.after_move(Color::Black, level, 4),
            Some((GameResult::Draw, Termination::DrawAdjudication))
        );
    }

    #[test]
    fn reasons() {
        let mate = Termination::Rules(EndReason::Checkmate);
        assert_eq!(mate.describe(GameResult::BlackWins), "Black mates");
        assert_eq!(mate.pgn_tag(), "normal");
        let stalemate = Termination::Rules(EndReason::Stalemate);
        assert_eq!(stalemate.describe(GameResult::WhiteWins), "Black is stalemated and loses");
        assert_eq!(
            Termination::IllegalMove("illegal move 'a1a1'".into()).describe(GameResult::WhiteWins),
            "Black makes an illegal move: illegal move 'a1a1'"
        );
        let forfeit = Termination::TimeForfeit("no bestmove within 1.100 s".into());
        assert_eq!(forfeit.pgn_tag(), "time forfeit");
        assert_eq!(
            forfeit.describe(GameResult::BlackWins),
            "White loses on time (no bestmove within 1.100 s)"
        );
    }
}
