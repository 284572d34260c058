//! PGN output: the text of a game, the file the games are written to in order, and the
//! games of such a file read back to resume a match.
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
//!
//! Reading back ([`read_games`]) takes only what resuming needs, the tags and the result,
//! and only from files this module wrote: a game is whole once its result token is there,
//! and only the last game can lack it (the runner was stopped while writing it).

use std::collections::{BTreeMap, BTreeSet};
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::Path;
use std::time::Duration;

use ekumen_calendar::Date;
use ekumen_movegen::{dispatch, Color, VariantId};

use crate::record::{GameRecord, MoveRecord};
use crate::time_control::SearchLimits;

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
        ("Date", Date::of(record.started).pgn()),
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
    tags.extend(time_control_tags(&record.white_limits, &record.black_limits));
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

/// `TimeControl`, or `WhiteTimeControl` and `BlackTimeControl` when the limits differ.
pub fn time_control_tags(
    white: &SearchLimits,
    black: &SearchLimits,
) -> Vec<(&'static str, String)> {
    let (white, black) = (white.describe(), black.describe());
    if white == black {
        vec![("TimeControl", white)]
    } else {
        vec![("WhiteTimeControl", white), ("BlackTimeControl", black)]
    }
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

/// The tokens that end a game's movetext.
const RESULT_TOKENS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// A game read back from a PGN file: its tags and the result that ends its movetext.
#[derive(Clone, Debug, PartialEq)]
pub struct WrittenGame {
    pub tags: Vec<(String, String)>,
    pub result: String,
    /// The line of its first tag (1-based), for messages.
    pub line: usize,
}

impl WrittenGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(tag, _)| tag == name).map(|(_, value)| value.as_str())
    }
}

/// The whole games of a PGN text, and how much of the text they fill.
#[derive(Debug, Default)]
pub struct WrittenGames {
    pub games: Vec<WrittenGame>,
    /// The length of the text up to the end of the last whole game; what follows, if
    /// anything but white space, is a game cut short.
    pub whole_len: usize,
}

/// Reads the games of a PGN text written by [`PgnWriter`]; a game cut short at the end
/// is left out (see [`WrittenGames::whole_len`]).
///
/// # Errors
/// A game without its result before the start of another one: not a file this runner
/// wrote.
pub fn read_games(text: &str) -> Result<WrittenGames, String> {
    let mut read = WrittenGames::default();
    loop {
        let rest = &text[read.whole_len..];
        let start = read.whole_len + (rest.len() - rest.trim_start().len());
        if start == text.len() {
            return Ok(read);
        }
        let line = text[..start].matches('\n').count() + 1;
        match read_game(&text[start..], line) {
            Some((game, len)) => {
                read.games.push(game);
                read.whole_len = start + len;
            }
            // Tags after an empty line start the next game.
            None if text[start..].contains("\n\n[") => {
                return Err(format!("line {line}: a game without a result before the next game"));
            }
            None => return Ok(read),
        }
    }
}

/// The game at the start of `text`, on line `line` of the file, and the length of its
/// text up to the end of its result; `None` if the text ends first or is not a game.
fn read_game(text: &str, line: usize) -> Option<(WrittenGame, usize)> {
    let mut tags = Vec::new();
    let mut at = 0;
    while text[at..].starts_with('[') {
        let end = at + text[at..].find('\n')?;
        tags.push(read_tag(&text[at..end])?);
        at = end + 1;
    }
    if tags.is_empty() {
        return None;
    }
    loop {
        let rest = &text[at..];
        at += rest.len() - rest.trim_start().len();
        let rest = &text[at..];
        if rest.is_empty() || rest.starts_with('[') {
            return None;
        }
        if let Some(comment) = rest.strip_prefix('{') {
            at += comment.find('}')? + 2;
            continue;
        }
        let token = rest.split(char::is_whitespace).next().unwrap_or(rest);
        at += token.len();
        if RESULT_TOKENS.contains(&token) {
            return Some((WrittenGame { tags, result: token.to_string(), line }, at));
        }
    }
}

/// `[Name "value"]`, with `\"` and `\\` in the value read back.
fn read_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix("\"]")?;
    let (name, quoted) = inner.split_once(" \"")?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        value.push(if c == '\\' { chars.next()? } else { c });
    }
    Some((name.to_string(), value))
}

/// Writes finished games to the PGN file in game-number order, so that the file's order
/// does not depend on the concurrency.
#[derive(Debug)]
pub struct PgnWriter {
    file: Option<BufWriter<File>>,
    pending: BTreeMap<usize, String>,
    next: usize,
    /// Game numbers the file already holds (a resumed match), never received.
    written: BTreeSet<usize>,
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
        Ok(PgnWriter { file, pending: BTreeMap::new(), next: 1, written: BTreeSet::new() })
    }

    /// A writer that appends to the file at `path` after its first `keep` bytes (whole
    /// games, as [`read_games`] found them; the rest is cut), skipping the game numbers
    /// `written` that it holds.
    ///
    /// # Errors
    /// The file cannot be opened, cut or written.
    pub fn append(path: &Path, keep: u64, written: BTreeSet<usize>) -> Result<PgnWriter, String> {
        let error =
            |e: std::io::Error| format!("cannot append to PGN file {}: {e}", path.display());
        let mut file = OpenOptions::new().write(true).open(path).map_err(error)?;
        file.set_len(keep).map_err(error)?;
        file.seek(SeekFrom::End(0)).map_err(error)?;
        if keep > 0 {
            // The empty line after the last whole game's result.
            file.write_all(b"\n\n").map_err(error)?;
        }
        let mut writer = PgnWriter {
            file: Some(BufWriter::new(file)),
            pending: BTreeMap::new(),
            next: 1,
            written,
        };
        writer.skip_written();
        Ok(writer)
    }

    pub fn add(&mut self, number: usize, text: Option<String>) -> std::io::Result<()> {
        if self.file.is_none() {
            return Ok(());
        }
        self.pending.insert(number, text.unwrap_or_default());
        while let Some(text) = self.pending.remove(&self.next) {
            self.write(&text)?;
            self.next += 1;
            self.skip_written();
        }
        Ok(())
    }

    fn skip_written(&mut self) {
        while self.written.contains(&self.next) {
            self.next += 1;
        }
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
    use std::time::UNIX_EPOCH;

    use super::*;
    use crate::openings::Opening;
    use crate::record::{EngineScore, GameResult, GameSetup, Termination};
    use ekumen_movegen::EndReason;

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
        assert!(pgn.contains("[Date \"1970.01.01\"]\n"), "{pgn}");
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

    fn two_games() -> String {
        let first = record(Opening::start(VariantId::Chess), &["f2f3", "e7e5", "g2g4", "d8h4"]);
        let mut second = record(Opening::start(VariantId::Chess), &["e2e4"]);
        second.setup.number = 4;
        second.result = GameResult::Draw;
        second.termination = Termination::MoveLimit;
        game_to_pgn(&first, "Test", VariantId::Chess)
            + &game_to_pgn(&second, "Test", VariantId::Chess)
    }

    #[test]
    fn games_read_back() {
        let text = two_games();
        let read = read_games(&text).unwrap();
        assert_eq!(read.games.len(), 2);
        assert_eq!(read.whole_len, text.trim_end().len());
        let (first, second) = (&read.games[0], &read.games[1]);
        assert_eq!((first.tag("Round"), first.result.as_str()), (Some("3"), "0-1"));
        assert_eq!(first.tag("White"), Some("A \"quoted\""));
        assert_eq!(first.tag("FEN"), None);
        assert_eq!((second.tag("Round"), second.result.as_str()), (Some("4"), "1/2-1/2"));
        assert_eq!(second.line, text.lines().position(|l| l == "[Round \"4\"]").unwrap() - 2);
    }

    #[test]
    fn a_game_cut_anywhere_is_left_out() {
        let text = two_games();
        let first_end = text.find("0-1\n").unwrap() + 3;
        for cut in 0..=text.len() {
            let read = read_games(&text[..cut]).unwrap_or_else(|e| panic!("cut {cut}: {e}"));
            let whole = if cut == text.len() || text[cut..].trim().is_empty() {
                2
            } else {
                usize::from(cut >= first_end)
            };
            assert_eq!(read.games.len(), whole, "cut at {cut}: {:?}", &text[..cut]);
            assert_eq!(read.whole_len, [0, first_end, text.trim_end().len()][whole]);
        }
    }

    #[test]
    fn a_game_without_a_result_before_another_is_refused() {
        let text = two_games();
        let broken = text.replacen("{Black mates} 0-1", "{Black mates}", 1);
        assert!(read_games(&broken).unwrap_err().contains("line 1"));
    }

    #[test]
    fn appending_skips_the_games_written() {
        let path = std::env::temp_dir().join(format!("ekumen-pgn-{}.pgn", std::process::id()));
        std::fs::write(&path, "[Round \"1\"]\n\n1-0\n\n[Round \"2\"]\n\n{cut").unwrap();
        let keep = "[Round \"1\"]\n\n1-0".len() as u64;
        let mut writer = PgnWriter::append(&path, keep, BTreeSet::from([1, 3])).unwrap();
        writer.add(4, Some("four\n\n".into())).unwrap();
        writer.add(2, Some("two\n\n".into())).unwrap();
        writer.add(5, None).unwrap();
        writer.add(6, Some("six\n\n".into())).unwrap();
        writer.finish().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        assert_eq!(text, "[Round \"1\"]\n\n1-0\n\ntwo\n\nfour\n\nsix\n\n");
    }
}
