//! Engine-vs-engine matches and tournaments in every variant Ekumen knows, with Ekumen's
//! rules as the arbiter: `ekumen match ...` (the engine binary hands the subcommand to
//! [`run`]) or the standalone `ekumen-match ...`. The manual is docs/match.md.
//!
//! The runner is an instrument: it depends on the rules (ekumen-movegen) and on nothing
//! that plays, so a change to Ekumen's search or evaluation cannot change how its games
//! are started, refereed or counted.
//!
//! # Layout
//! - `cli`: the command line as clap reads it; `config`: its words checked into a
//!   `config::MatchConfig` before any engine starts.
//! - `time_control`: clocks and search limits; `adjudication`: resign, draw and
//!   move-limit rules on the engines' scores.
//! - `openings`: the start position of each game pair.
//! - `schedule`: who plays whom, in which order, with which colours.
//! - `engine_process`: a UCI engine as a child process, every wait with a deadline.
//! - `game`: one game, refereed move by move; `record`: what it produced.
//! - `tournament`: the worker threads and the main thread that collects the games.
//! - `pgn`, `stats`, `report`: PGN text and file, Elo/LOS/SPRT arithmetic, and
//!   what is printed.
//! - `resume`: the games a PGN file already holds, counted rather than played again
//!   when a stopped match is resumed.
//!
//! # How a game is arbitrated
//! Each game starts its own two engine processes, so that a hang or a crash cannot leak
//! into the next game. The runner, not the engines, owns the position. Before every move
//! it asks the rules whether the game is over (checkmate, stalemate as the variant
//! scores it, campmate, the fifty-move rule, repetition and perpetual check, dead
//! positions), then sends `position` and `go` to the side to move and waits for
//! `bestmove` until that side's time (plus a margin) is up. The move must be legal in
//! Fairy-Stockfish's UCI dialect; it is recorded, and passed on, in Ekumen's canonical
//! form. Anything else loses the game for the engine at fault, with the reason in the
//! PGN: an illegal or malformed move, `bestmove (none)` while moves exist, a time
//! forfeit, a crash, a disconnect, a stall. Score adjudication, when asked for, uses the
//! engines' own last `info ... score`.
//!
//! Stdout carries the results; logs (engine dialogue at debug level) go to stderr.

mod adjudication;
mod cli;
mod config;
mod engine_process;
mod game;
mod openings;
mod pgn;
mod record;
mod report;
mod resume;
mod schedule;
mod stats;
mod time_control;
mod tournament;

use std::process::ExitCode;

pub use cli::MatchArgs;
use config::MatchConfig;

/// Runs a match from its command line; the exit code says whether it could be played.
pub fn run(args: MatchArgs) -> ExitCode {
    let config = match MatchConfig::from_args(&args) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    match tournament::play_match(&config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
