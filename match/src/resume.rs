//! The PGN file a match writes to, and the games it already holds: refused, replaced, or
//! read to resume the match.
//!
//! A match's PGN file is its record, and the only thing left of a run that was stopped
//! (a reboot, Ctrl-C). Resuming rests on two facts. First, everything about game `n` but
//! its moves follows from the command line: the schedule gives its engines and colours,
//! and the openings depend only on `--openings`, `--openings-order` (or
//! `--random-openings`) and `--seed`. Second, a game's `Round` tag is its number `n`. So a
//! rerun with `--resume` recomputes game `n` for every game of the file, checks the tags
//! that follow from it (White, Black, Variant, FEN, time control) and refuses a file that
//! another command line wrote. The games that agree are counted as if just played, pair
//! statistics included, and only the numbers the file lacks are played: games that were
//! in progress when the run stopped, and those after. As the writer puts each game in one
//! piece, only the last one can be cut short; it is cut away before new games are appended.
//!
//! The engines' binaries leave no trace in the file: resuming with a rebuilt engine of the
//! same name mixes two versions in one result, and nothing here can tell.
//!
//! Without `--resume` a file that holds games is refused unless `--overwrite` is given:
//! rerunning the command of a stopped match must not delete its games.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::ErrorKind;
use std::path::Path;

use crate::config::{ExistingPgn, MatchConfig};
use crate::openings::OpeningCache;
use crate::pgn::{self, PgnWriter, WrittenGame};
use crate::record::GameResult;
use crate::schedule::ScheduledGame;

/// A game the PGN file already holds, checked against the schedule.
#[derive(Clone, Debug)]
pub struct PastGame {
    pub scheduled: ScheduledGame,
    pub result: GameResult,
    /// The PGN `Termination` value.
    pub termination: String,
}

/// What was taken from the PGN file when a match is resumed.
#[derive(Debug, Default)]
pub struct PastGames {
    /// In game-number order.
    pub games: Vec<PastGame>,
    /// Bytes cut from the end of the file: a game the stopped run did not finish writing.
    pub cut_bytes: usize,
}

impl PastGames {
    pub fn numbers(&self) -> BTreeSet<usize> {
        self.games.iter().map(|game| game.scheduled.number).collect()
    }
}

/// Opens the match's PGN file as the command line says, with the games to resume from.
///
/// # Errors
/// A file that holds games without `--resume` or `--overwrite`; with `--resume`, a file
/// that cannot be read or that another match wrote; a file that cannot be written.
pub fn open_pgn(
    config: &MatchConfig,
    schedule: &[ScheduledGame],
    openings: &OpeningCache,
) -> Result<(PgnWriter, PastGames), String> {
    let Some(path) = config.pgn.as_deref() else {
        return Ok((PgnWriter::create(None)?, PastGames::default()));
    };
    let existing = match config.existing_pgn {
        ExistingPgn::Overwrite => None,
        ExistingPgn::Refuse | ExistingPgn::Resume => read_text(path)?,
    };
    let Some(text) = existing else {
        return Ok((PgnWriter::create(Some(path))?, PastGames::default()));
    };
    if config.existing_pgn == ExistingPgn::Refuse {
        if text.trim().is_empty() {
            return Ok((PgnWriter::create(Some(path))?, PastGames::default()));
        }
        return Err(format!(
            "PGN file {} already holds games: give --resume to continue that match, or \
             --overwrite to replace them",
            path.display()
        ));
    }
    let read = pgn::read_games(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let games = check_games(path, &read.games, config, schedule, openings)?;
    let past = PastGames { games, cut_bytes: text[read.whole_len..].trim().len() };
    let writer = PgnWriter::append(path, read.whole_len as u64, past.numbers())?;
    Ok((writer, past))
}

/// The text of the file at `path`, `None` if there is no file, or not a regular one (a
/// pipe, `/dev/stdout`) that could hold games. A character cut in two at the end (the run
/// stopped while writing it) is left out with the game it belongs to.
fn read_text(path: &Path) -> Result<Option<String>, String> {
    if fs::metadata(path).is_ok_and(|metadata| !metadata.is_file()) {
        return Ok(None);
    }
    let bytes = match fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read PGN file {}: {e}", path.display())),
    };
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.utf8_error().error_len().is_none() => {
            let valid = e.utf8_error().valid_up_to();
            let mut bytes = e.into_bytes();
            bytes.truncate(valid);
            Ok(Some(String::from_utf8(bytes).expect("a valid prefix")))
        }
        Err(e) => Err(format!("PGN file {} is not UTF-8 text: {e}", path.display())),
    }
}

/// The file's games as games of the schedule, in game-number order.
fn check_games(
    path: &Path,
    written: &[WrittenGame],
    config: &MatchConfig,
    schedule: &[ScheduledGame],
    openings: &OpeningCache,
) -> Result<Vec<PastGame>, String> {
    let file = path.display();
    let mut games = BTreeMap::new();
    for game in written {
        let line = game.line;
        let round = game.tag("Round").unwrap_or("");
        let scheduled = round
            .parse::<usize>()
            .ok()
            .and_then(|number| schedule.get(number.wrapping_sub(1)))
            .ok_or_else(|| {
                format!(
                    "{file}:{line}: Round \"{round}\" is not a game of this match (1 to {})",
                    schedule.len()
                )
            })?;
        let number = scheduled.number;
        if games.contains_key(&number) {
            return Err(format!("{file}:{line}: game {number} is in the file twice"));
        }
        for (tag, expected) in expected_tags(config, scheduled, openings) {
            let found = game.tag(tag);
            if found != expected.as_deref() {
                let show =
                    |value: Option<&str>| value.map_or("none".to_string(), |v| format!("\"{v}\""));
                return Err(format!(
                    "{file}:{line}: game {number} has {tag} {}, but this match plays it with \
                     {tag} {}: the file is another match's (other engines, variant, limits, \
                     --games, openings or --seed); resume with the command line that wrote it, \
                     or give another --pgn",
                    show(found),
                    show(expected.as_deref())
                ));
            }
        }
        let result = GameResult::from_pgn(&game.result)
            .filter(|result| game.tag("Result") == Some(result.pgn()))
            .ok_or_else(|| {
                format!("{file}:{line}: game {number} has no result that can be counted")
            })?;
        let termination = game.tag("Termination").unwrap_or("?").to_string();
        games.insert(number, PastGame { scheduled: *scheduled, result, termination });
    }
    Ok(games.into_values().collect())
}

/// The tags of a game that follow from the command line and its number, as the PGN
/// writer gives them; `None` for a tag the game does not have.
fn expected_tags(
    config: &MatchConfig,
    game: &ScheduledGame,
    openings: &OpeningCache,
) -> Vec<(&'static str, Option<String>)> {
    let (white, black) = (&config.engines[game.white], &config.engines[game.black]);
    let opening = openings.get(game.pair);
    let fen = (!opening.is_start).then(|| opening.fen.clone());
    let mut tags = vec![
        ("White", Some(white.name.clone())),
        ("Black", Some(black.name.clone())),
        ("Variant", Some(config.variant.name().to_string())),
        ("FEN", fen),
    ];
    let time_control = pgn::time_control_tags(&white.limits, &black.limits);
    let names = ["TimeControl", "WhiteTimeControl", "BlackTimeControl"];
    for name in names {
        let value = time_control.iter().find(|(tag, _)| *tag == name).map(|(_, v)| v.clone());
        tags.push((name, value));
    }
    tags
}
