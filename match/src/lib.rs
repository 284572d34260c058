//! `ekumen match`: engine-vs-engine games and tournaments in every variant, with Ekumen as
//! the arbiter.
//!
//! # Design
//! - [`config`]: the command line and its validation into a [`config::MatchConfig`].
//! - [`engine_process`]: a UCI engine as a child process; its output is read on its own
//!   thread, so every wait has a deadline and a hung engine cannot block the runner.
//! - [`game`]: one game: fresh engine processes, the move loop, every move checked by the
//!   rules core, clocks, forfeits, adjudication.
//! - [`openings`]: start positions (the variant's, a FEN file, or random balanced ones),
//!   one per game pair; both games of a pair use it with the colours swapped.
//! - [`pgn`], [`stats`], [`report`]: PGN text, Elo/LOS/SPRT arithmetic, and what is printed.
//!
//! The schedule is fixed before play: for each game pair index, for each pairing of
//! engines (round robin: every two engines; gauntlet: the first against each other), two
//! games with the same opening and swapped colours. `--concurrency` worker threads take
//! games from it in order; each game runs its own two engine processes. Finished games come
//! back to the main thread over a channel, which counts them, prints a line per game and a
//! progress line, and writes the PGN in game-number order (so the file's order does not
//! depend on the concurrency). When an SPRT reaches a decision, the main thread raises a
//! stop flag: no new game starts, games in progress end at their next move as aborted,
//! and aborted games are neither counted nor written.
//!
//! Stdout carries the results; logs (engine dialogue at debug level) go to stderr.

mod config;
mod engine_process;
mod game;
mod openings;
mod pgn;
mod report;
mod stats;

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;

pub use config::MatchArgs;
use config::{MatchConfig, OpeningSpec, TournamentKind};
use engine_process::EngineProcess;
use game::{GameRecord, GameResult, GameSetup};
use openings::{Opening, OpeningBook};
use report::Tally;
use stats::SprtDecision;

/// One game of the schedule, before its opening is known.
#[derive(Clone, Copy, Debug)]
struct ScheduledGame {
    number: usize,
    pairing: usize,
    pair: usize,
    white: usize,
    black: usize,
}

/// Every game in playing order.
fn schedule(kind: TournamentKind, engines: usize, games_per_pairing: u32) -> Vec<ScheduledGame> {
    let pairings: Vec<(usize, usize)> = match kind {
        TournamentKind::RoundRobin => {
            (0..engines).flat_map(|a| (a + 1..engines).map(move |b| (a, b))).collect()
        }
        TournamentKind::Gauntlet => (1..engines).map(|b| (0, b)).collect(),
    };
    let games = games_per_pairing as usize;
    let mut list = Vec::new();
    for pair in 0..games.div_ceil(2) {
        for (pairing, &(first, second)) in pairings.iter().enumerate() {
            for game_in_pair in 0..2 {
                if pair * 2 + game_in_pair >= games {
                    break;
                }
                let (white, black) =
                    if game_in_pair == 0 { (first, second) } else { (second, first) };
                list.push(ScheduledGame { number: list.len() + 1, pairing, pair, white, black });
            }
        }
    }
    list
}

/// Openings by pair index, made on first use and shared by both games of the pair.
#[derive(Debug)]
struct OpeningCache {
    book: OpeningBook,
    made: Mutex<BTreeMap<usize, Arc<Opening>>>,
}

impl OpeningCache {
    fn get(&self, pair: usize) -> Arc<Opening> {
        let mut made = self.made.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        Arc::clone(made.entry(pair).or_insert_with(|| Arc::new(self.book.for_pair(pair))))
    }
}

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
            format!("{} ({order:?} order)", path.display()).to_lowercase()
        }
        OpeningSpec::Random { plies, max_eval_cp } => {
            format!("random, {plies} plies, within {max_eval_cp} cp")
        }
    }
}

/// Writes finished games to the PGN file in game-number order.
struct PgnWriter {
    file: Option<BufWriter<File>>,
    pending: BTreeMap<usize, String>,
    next: usize,
}

impl PgnWriter {
    fn add(&mut self, number: usize, text: Option<String>) -> std::io::Result<()> {
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
    fn finish(&mut self) -> std::io::Result<()> {
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

/// Runs `ekumen match`.
pub fn run(args: MatchArgs) -> ExitCode {
    let config = match MatchConfig::from_args(&args) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    match play_match(&config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Prints a line of the match's progress. A closed stdout does not stop the match: the
/// PGN file is its record, and the games go on being written there.
fn progress(line: &str) {
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}

fn play_match(config: &MatchConfig) -> Result<(), String> {
    let book = OpeningBook::new(&config.openings, config.variant, config.seed)?;
    let games = schedule(config.tournament, config.engines.len(), config.games_per_pairing);
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let limits: Vec<String> = config.engines.iter().map(|e| e.limits.describe()).collect();
    let mut pgn = PgnWriter {
        file: match &config.pgn {
            Some(path) => Some(BufWriter::new(
                File::create(path)
                    .map_err(|e| format!("cannot create PGN file {}: {e}", path.display()))?,
            )),
            None => None,
        },
        pending: BTreeMap::new(),
        next: 1,
    };
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
    let openings = OpeningCache { book, made: Mutex::new(BTreeMap::new()) };
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
    print!("{}", tally.final_report());
    match write_error {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robin_schedule() {
        let games = schedule(TournamentKind::RoundRobin, 3, 2);
        let pairs: Vec<(usize, usize)> = games.iter().map(|g| (g.white, g.black)).collect();
        assert_eq!(pairs, [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]);
        assert!(games.iter().all(|g| g.pair == 0));
        assert_eq!(games.iter().map(|g| g.number).collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn gauntlet_and_odd_game_counts() {
        let games = schedule(TournamentKind::Gauntlet, 3, 3);
        let seen: Vec<(usize, usize, usize)> =
            games.iter().map(|g| (g.pair, g.white, g.black)).collect();
        assert_eq!(seen, [(0, 0, 1), (0, 1, 0), (0, 0, 2), (0, 2, 0), (1, 0, 1), (1, 0, 2)]);
    }
}
