//! What a game produced: its result and why it ended, the moves as played with the
//! engines' scores and times, and the setup it was played from.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use ekumen_movegen::{Color, EndReason};

use crate::openings::Opening;
use crate::time_control::SearchLimits;

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

    /// The result of a PGN result token; `*` is no result.
    pub fn from_pgn(token: &str) -> Option<GameResult> {
        match token {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
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

#[cfg(test)]
mod tests {
    use super::*;

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
