//! A whole match: the engines checked once, the games played by worker threads, the
//! results counted, printed and written as they come.
//!
//! `--concurrency` worker threads take games from the schedule in order; each game runs
//! its own two engine processes. Finished games come back to the main thread over a
//! channel, which counts them, prints a line per game and a progress line, and hands the
//! PGN to the writer. When an SPRT reaches a decision, the main thread raises a stop flag:
//! no new game starts, games in progress end at their next move as aborted, and aborted
//! games are neither counted nor written.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use crate::config::{MatchConfig, OpeningSpec};
use crate::engine_process::EngineProcess;
use crate::game;
use crate::openings::{OpeningBook, OpeningCache};
use crate::pgn::{self, PgnWriter};
use crate::record::{GameRecord, GameResult, GameSetup};
use crate::report::Tally;
use crate::schedule::schedule;
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

/// Plays the match `config` describes.
///
/// # Errors
/// An engine fails its first handshake, or a file cannot be read or written.
pub fn play_match(config: &MatchConfig) -> Result<(), String> {
    let book = OpeningBook::new(&config.openings, config.variant, config.seed)?;
    let games = schedule(config.tournament, config.engines.len(), config.games_per_pairing);
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let limits: Vec<String> = config.engines.iter().map(|e| e.limits.describe()).collect();
    let mut pgn = PgnWriter::create(config.pgn.as_deref())?;
    check_engines(config)?;
    progress(&format!(
        "Match: {} ({}), {} games, limits {}, openings: {}, concurrency {}, seed {}",
        config.variant,
        names.join(" vs "),
        games.len(),
        limits.join(" / "),
        openings_text(&config.openings),
        config.concurrency,
        config.seed
    ));
    let mut tally = Tally::new(names, games.len(), config.sprt, config.games_per_pairing >= 2);
    let openings = OpeningCache::new(book);
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
                    let verdict = match decision {
                        SprtDecision::AcceptH0 => "H0 accepted",
                        SprtDecision::AcceptH1 => "H1 accepted",
                    };
                    progress(&format!("SPRT: {verdict} (LLR {llr:.2}); no more games are started"));
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
