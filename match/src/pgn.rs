//! PGN output: the text of a game, and the file the games are written to in order.
//!
//! Tags: the seven-tag roster, then `Variant` (the `UCI_Variant` name, as Fairy-Stockfish
//! tools expect: `chess`, `gothic`, `shinobi`, `gethenian`, `coherent`), `FEN` and
//! `SetUp "1"` when the game did not start from the variant's start position,
//! `TimeControl` (`BASE+INC` in seconds, or `movetime=`/`nodes=`/`depth=` limits; per
//! colour as `WhiteTimeControl`/`BlackTimeControl` when the engines' limits differ),
//! `PlyCount` and `Termination` (`normal`, `rules infraction`, `time forfeit`,
//! `abandoned`, `adjudication`, `unterminated`).
//!
//! Movetext: moves are written in UCI notation, Fairy-Stockfish's dialect (`e2e4`,
//! `a7a8q`, `c1b2+`, `J@c3`, castling as the king's move), not SAN; a comment before the
//! first move says so. Each move is followed by a comment with the mover's score and depth
//! from its own point of view, the time it used, and its clock afterwards:
//! `{+0.35/12 0.153s [%clk 0:00:09.847]}`. The last comment gives the reason the game
//! ended (`{White mates}`, `{Black loses on time}`), then the result.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use ekumen_movegen::{dispatch, Color, VariantId};

use crate::record::{GameRecord, MoveRecord};

/// The first comment of every game's movetext.
pub const NOTATION_NOTE: &str = "Moves in UCI notation (Fairy-Stockfish dialect), not SAN";

/// Longest movetext line.
const LINE_WIDTH: usize = 79;

/// One game as PGN text, ending with an empty line.
pub fn game_to_pgn(record: &GameRecord, event: &str, variant: VariantId) -> String {
    let opening = &record.setup.opening;
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", event.to_string()),
        ("Site", "?".to_string()),
        ("Date", pgn_date(record.started)),
        ("Round", record.setup.number.to_string()),
        ("White", record.white_name.clone()),
        ("Black", record.black_name.clone()),
        ("Result", record.result.pgn().to_string()),
        ("Variant", variant.name().to_string()),
    ];
    if !opening.is_start {
        tags.push(("FEN", opening.fen.clone()));
        tags.push(("SetUp", "1".to_string()));
    }
    let (white_tc, black_tc) = (record.white_limits.describe(), record.black_limits.describe());
    if white_tc == black_tc {
        tags.push(("TimeControl", white_tc));
    } else {
        tags.push(("WhiteTimeControl", white_tc));
        tags.push(("BlackTimeControl", black_tc));
    }
    tags.push(("PlyCount", record.moves.len().to_string()));
    tags.push(("Termination", record.termination.pgn_tag().to_string()));

    let mut text = String::new();
    for (name, value) in tags {
        text += &format!("[{name} \"{}\"]\n", escape(&value));
    }
    text.push('\n');

    let mut tokens = vec![format!("{{{NOTATION_NOTE}}}")];
    let start = opening.position();
    let mut side = start.side_to_move();
    let mut move_number = dispatch!(&start, p => p.fullmove_number());
    for (i, played) in record.moves.iter().enumerate() {
        // A move number stays on the line of its move.
        tokens.push(match side {
            Color::White => format!("{move_number}. {}", played.text),
            Color::Black if i == 0 => format!("{move_number}... {}", played.text),
            Color::Black => played.text.clone(),
        });
        tokens.push(move_comment(played));
        if side == Color::Black {
            move_number += 1;
        }
        side = !side;
    }
    tokens.push(format!("{{{}}}", record.reason()));
    tokens.push(record.result.pgn().to_string());
    text += &wrap(&tokens);
    text += "\n\n";
    text
}

fn move_comment(played: &MoveRecord) -> String {
    let mut parts = Vec::new();
    if let Some(score) = played.score {
        let mut evaluation = score.pgn_text();
        if let Some(depth) = played.depth {
            evaluation += &format!("/{depth}");
        }
        parts.push(evaluation);
    }
    parts.push(format!("{:.3}s", played.elapsed.as_secs_f64()));
    if let Some(left) = played.clock_left {
        parts.push(format!("[%clk {}]", clock_text(left)));
    }
    format!("{{{}}}", parts.join(" "))
}

/// `H:MM:SS.mmm`.
fn clock_text(left: Duration) -> String {
    let ms = left.as_millis();
    format!("{}:{:02}:{:02}.{:03}", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Joins tokens with spaces into lines of at most [`LINE_WIDTH`] characters; a token
/// (a move, a whole comment) is never split, so a longer one gets a line of its own.
fn wrap(tokens: &[String]) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > LINE_WIDTH {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += token;
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines.join("\n")
}

/// `YYYY.MM.DD` (UTC).
pub fn pgn_date(time: SystemTime) -> String {
    let days = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (year, month, day) = civil_from_days(days);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_index + 2) / 5 + 1) as u32;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Writes finished games to the PGN file in game-number order, so that the file's order
/// does not depend on the concurrency.
#[derive(Debug)]
pub struct PgnWriter {
    file: Option<BufWriter<File>>,
    pending: BTreeMap<usize, String>,
    next: usize,
}

impl PgnWriter {
    /// A writer to a new file at `path`, or one that writes nothing.
    ///
    /// # Errors
    /// The file cannot be created.
    pub fn create(path: Option<&Path>) -> Result<PgnWriter, String> {
        let file = match path {
            Some(path) => Some(BufWriter::new(
                File::create(path)
                    .map_err(|e| format!("cannot create PGN file {}: {e}", path.display()))?,
            )),
            None => None,
        };
        Ok(PgnWriter { file, pending: BTreeMap::new(), next: 1 })
    }

    pub fn add(&mut self, number: usize, text: Option<String>) -> std::io::Result<()> {
        if self.file.is_none() {
            return Ok(());
        }
        self.pending.insert(number, text.unwrap_or_default());
        while let Some(text) = self.pending.remove(&self.next) {
            self.write(&text)?;
            self.next += 1;
        }
        Ok(())
    }

    /// Writes what is left, gaps and all (games never played after an early stop).
    pub fn finish(&mut self) -> std::io::Result<()> {
        for text in std::mem::take(&mut self.pending).into_values() {
            self.write(&text)?;
        }
        if let Some(file) = &mut self.file {
            file.flush()?;
        }
        Ok(())
    }

    fn write(&mut self, text: &str) -> std::io::Result<()> {
        match &mut self.file {
            Some(file) if !text.is_empty() => {
                file.write_all(text.as_bytes())?;
                file.flush()
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::openings::Opening;
    use crate::record::{EngineScore, GameResult, GameSetup, Termination};
    use crate::time_control::SearchLimits;
    use ekumen_movegen::EndReason;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(pgn_date(UNIX_EPOCH + Duration::from_secs(86_400 * 365)), "1971.01.01");
    }

    #[test]
    fn clock_texts() {
        assert_eq!(clock_text(Duration::from_millis(9_847)), "0:00:09.847");
        assert_eq!(clock_text(Duration::from_millis(3_723_004)), "1:02:03.004");
    }

    fn record(opening: Opening, moves: &[&str]) -> GameRecord {
        let limits = SearchLimits { nodes: Some(100), ..SearchLimits::default() };
        GameRecord {
            setup: GameSetup {
                number: 3,
                pairing: 0,
                pair: 1,
                white: 0,
                black: 1,
                opening: Arc::new(opening),
            },
            white_name: "A \"quoted\"".to_string(),
            black_name: "B".to_string(),
            white_limits: limits,
            black_limits: limits,
            started: UNIX_EPOCH,
            moves: moves
                .iter()
                .map(|m| MoveRecord {
                    text: m.to_string(),
                    score: Some(EngineScore::Centipawns(20)),
                    depth: Some(3),
                    elapsed: Duration::from_millis(15),
                    clock_left: None,
                })
                .collect(),
            result: GameResult::BlackWins,
            termination: Termination::Rules(EndReason::Checkmate),
        }
    }

    #[test]
    fn start_position_game() {
        let game = record(Opening::start(VariantId::Chess), &["f2f3", "e7e5", "g2g4", "d8h4"]);
        let pgn = game_to_pgn(&game, "Test", VariantId::Chess);
        assert!(pgn.contains("[White \"A \\\"quoted\\\"\"]\n"), "{pgn}");
        assert!(pgn.contains("[Variant \"chess\"]\n"));
        assert!(pgn.contains("[TimeControl \"nodes=100\"]\n"));
        assert!(pgn.contains("[PlyCount \"4\"]\n[Termination \"normal\"]\n"));
        assert!(!pgn.contains("[FEN"));
        let movetext = pgn.split("\n\n").nth(1).unwrap().replace('\n', " ");
        assert!(movetext.starts_with(&format!("{{{NOTATION_NOTE}}} 1. f2f3")), "{pgn}");
        assert!(movetext.contains("1. f2f3 {+0.20/3 0.015s} e7e5 {+0.20/3 0.015s} 2. g2g4"));
        assert!(pgn.trim_end().ends_with("{Black mates} 0-1"), "{pgn}");
        assert!(pgn.lines().all(|line| line.len() <= LINE_WIDTH), "{pgn}");
    }

    #[test]
    fn game_from_a_fen_with_black_to_move() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let opening = Opening { variant: VariantId::Chess, fen: fen.to_string(), is_start: false };
        let pgn = game_to_pgn(&record(opening, &["e7e5", "g1f3"]), "Test", VariantId::Chess);
        assert!(pgn.contains(&format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n")), "{pgn}");
        assert!(pgn.replace('\n', " ").contains("1... e7e5 {+0.20/3 0.015s} 2. g1f3"), "{pgn}");
    }
}
