//! A whole match: the engines checked once, the games played by worker threads, the
//! results counted, printed and written as they come.
//!
//! `--concurrency` worker threads take games from the schedule in order; each game runs
//! its own two engine processes. Finished games come back to the main thread over a
//! channel, which counts them, prints a line per game and a progress line, and hands the
//! PGN to the writer. When an SPRT reaches a decision, the main thread raises a stop flag:
//! no new game starts, games in progress end at their next move as aborted, and aborted
//! games are neither counted nor written.
//!
//! A resumed match (see [`crate::resume`]) starts from the games of its PGN file, counted
//! as if just played, and plays only the game numbers the file lacks.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use crate::config::{ExistingPgn, MatchConfig, OpeningSpec};
use crate::engine_process::EngineProcess;
use crate::game;
use crate::openings::{OpeningBook, OpeningCache};
use crate::pgn;
use crate::record::{GameRecord, GameResult, GameSetup};
use crate::report::Tally;
use crate::resume::{self, PastGames};
use crate::schedule::{schedule, ScheduledGame};
use crate::stats::SprtDecision;

/// Starts each engine once and checks the handshake, so that a wrong path or a broken
/// engine is one clear error before any game.
fn check_engines(config: &MatchConfig) -> Result<(), String> {
    for spec in &config.engines {
        let mut engine = EngineProcess::spawn(spec).map_err(|e| format!("{}: {e}", spec.name))?;
        engine
            .start_uci(&spec.options, config.variant, config.stall_timeout)
            .map_err(|e| format!("engine '{}' failed the UCI handshake: {e}", spec.name))?;
        engine.quit();
    }
    Ok(())
}

fn openings_text(spec: &OpeningSpec) -> String {
    match spec {
        OpeningSpec::StartPosition => "start position".to_string(),
        OpeningSpec::File { path, order } => {
            format!("{} ({} order)", path.display(), format!("{order:?}").to_lowercase())
        }
        OpeningSpec::Random { plies } => format!("random, {plies} plies"),
    }
}

/// Prints a line of the match's progress. A closed stdout does not stop the match: the
/// PGN file is its record, and the games go on being written there.
fn progress(line: &str) {
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}

fn verdict(decision: SprtDecision) -> &'static str {
    match decision {
        SprtDecision::AcceptH0 => "H0 accepted",
        SprtDecision::AcceptH1 => "H1 accepted",
    }
}

/// Says what a resumed match took from its PGN file.
fn report_past_games(config: &MatchConfig, past: &PastGames, tally: &Tally) {
    if config.existing_pgn != ExistingPgn::Resume {
        return;
    }
    let file = config.pgn.as_deref().map_or(String::new(), |p| p.display().to_string());
    if past.cut_bytes > 0 {
        progress(&format!(
            "Resume: cut an unfinished game ({} bytes) from the end of {file}",
            past.cut_bytes
        ));
    }
    progress(&format!(
        "Resume: {} of {} games taken from {file}",
        past.games.len(),
        tally.total_games
    ));
    if !past.games.is_empty() {
        progress(&tally.progress_line());
    }
}

/// Plays the match `config` describes.
///
/// # Errors
/// An engine fails its first handshake, a file cannot be read or written, or the PGN
/// file to resume from is another match's.
pub fn play_match(config: &MatchConfig) -> Result<(), String> {
    let book = OpeningBook::new(&config.openings, config.variant, config.seed)?;
    let all_games = schedule(config.tournament, config.engines.len(), config.games_per_pairing);
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let limits: Vec<String> = config.engines.iter().map(|e| e.limits.describe()).collect();
    let openings = OpeningCache::new(book);
    let (mut pgn, past) = resume::open_pgn(config, &all_games, &openings)?;
    let mut tally =
        Tally::new(names.clone(), all_games.len(), config.sprt, config.games_per_pairing >= 2);
    past.games.iter().for_each(|game| tally.add_past(game));
    let played = past.numbers();
    let games: Vec<ScheduledGame> =
        all_games.iter().filter(|game| !played.contains(&game.number)).copied().collect();
    let header = format!(
        "Match: {} ({}), {} games, limits {}, openings: {}, concurrency {}, seed {}",
        config.variant,
        names.join(" vs "),
        all_games.len(),
        limits.join(" / "),
        openings_text(&config.openings),
        config.concurrency,
        config.seed
    );
    let decided = tally.sprt_state().and_then(|(llr, decision)| Some((llr, decision?)));
    if games.is_empty() || decided.is_some() {
        progress(&header);
        report_past_games(config, &past, &tally);
        let reason = match decided {
            Some((llr, decision)) => {
                format!("the SPRT has already decided: {} (LLR {llr:.2})", verdict(decision))
            }
            None => format!("all {} games are already played", all_games.len()),
        };
        progress(&format!("Nothing to play: {reason}"));
        let _ = write!(std::io::stdout().lock(), "{}", tally.final_report());
        return pgn.finish().map_err(|e| format!("cannot write the PGN file: {e}"));
    }
    check_engines(config)?;
    progress(&header);
    report_past_games(config, &past, &tally);
    let next_game = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, finished) = mpsc::channel::<GameRecord>();
    let mut write_error = None;
    thread::scope(|scope| {
        for worker in 0..config.concurrency.min(games.len()) {
            let sender = sender.clone();
            let (games, openings, next_game, stop) = (&games, &openings, &next_game, &stop);
            let spawned = thread::Builder::new()
                .name(format!("game worker {worker}"))
                .spawn_scoped(scope, move || loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let Some(&scheduled) = games.get(next_game.fetch_add(1, Ordering::Relaxed))
                    else {
                        break;
                    };
                    let setup = GameSetup {
                        number: scheduled.number,
                        pairing: scheduled.pairing,
                        pair: scheduled.pair,
                        white: scheduled.white,
                        black: scheduled.black,
                        opening: openings.get(scheduled.pair),
                    };
                    log::info!("game {} starts", setup.number);
                    let record = game::play_game(config, setup, stop);
                    if sender.send(record).is_err() {
                        break;
                    }
                });
            if let Err(e) = spawned {
                log::error!("cannot start game worker {worker}: {e}");
            }
        }
        drop(sender);
        for record in finished {
            tally.add(&record);
            let text = if record.result == GameResult::Unfinished {
                log::info!("game {} aborted", record.setup.number);
                None
            } else {
                progress(&Tally::game_line(&record));
                progress(&tally.progress_line());
                Some(pgn::game_to_pgn(&record, &config.event, config.variant))
            };
            if let Err(e) = pgn.add(record.setup.number, text) {
                write_error.get_or_insert(format!("cannot write the PGN file: {e}"));
                stop.store(true, Ordering::Relaxed);
            }
            if let Some((llr, Some(decision))) = tally.sprt_state() {
                if !stop.swap(true, Ordering::Relaxed) {
                    progress(&format!(
                        "SPRT: {} (LLR {llr:.2}); no more games are started",
                        verdict(decision)
                    ));
                }
            }
        }
    });
    if let Err(e) = pgn.finish() {
        write_error.get_or_insert(format!("cannot write the PGN file: {e}"));
    }
    // Like the progress lines, the report does not fail the match when stdout is closed.
    let _ = write!(std::io::stdout().lock(), "{}", tally.final_report());
    match write_error {
        Some(error) => Err(error),
        None => Ok(()),
    }
}
