//! Ekumen, a chess-variant engine speaking UCI, USI and CECP in the Fairy-Stockfish dialect.
//!
//! Without arguments the engine reads commands from stdin and the first one picks the
//! protocol (`uci`, `usi`, `xboard`); `ekumen uci` (or `usi`, `xboard`) picks it on the
//! command line.
//! `ekumen bench [depth]` and `ekumen perft --variant V [--fen F] --depth D [--threads T]`
//! run once and exit, for scripts; so do `ekumen datagen` (self-play games into the data
//! store) and `ekumen data-check` (the store's verification), docs/nnue.md.
//!
//! Stdout carries the protocol only. Diagnostics go to stderr through `log` (set
//! `RUST_LOG=debug` to see them); the option `Debug Log File` records the whole dialogue.

mod bench;
mod data_check;
mod datagen;
mod input;
mod output;
mod perft;
mod session;

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use ekumen_movegen::{AnyPosition, VariantId};
use ekumen_uci_protocol::command::Protocol;
use ekumen_uci_protocol::{id_name, ENGINE_AUTHOR};

use crate::input::Input;
use crate::output::Output;
use crate::session::{Flow, Session};

#[derive(Parser, Debug)]
#[command(name = "ekumen", version, about = "A chess-variant engine (UCI and USI)")]
struct Cli {
    #[command(subcommand)]
    command: Option<CliCommand>,
}

#[derive(Subcommand, Debug)]
enum CliCommand {
    /// Speak UCI from the start.
    Uci,
    /// Speak USI from the start.
    Usi,
    /// Speak CECP (XBoard) from the start.
    Xboard,
    /// Search fixed positions of every variant and print `<nodes> nodes <nps> nps`.
    Bench {
        /// Search depth.
        depth: Option<u32>,
    },
    /// Count leaf nodes below each legal move (`go perft`'s output).
    Perft {
        /// The variant (a UCI_Variant value).
        #[arg(long, default_value = "chess")]
        variant: VariantId,
        /// The position (default: the variant's start position).
        #[arg(long)]
        fen: Option<String>,
        /// Depth in plies (at least 1).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: u32,
        /// Threads sharing the root moves.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Allow king-takes-rook castling notation (Chess960).
        #[arg(long)]
        chess960: bool,
    },
    /// Play engine-vs-engine games and tournaments, every move checked by Ekumen's rules.
    Match(Box<ekumen_match::MatchArgs>),
    /// Play self-play games into the data store, a chunk of game records at a time.
    Datagen(Box<datagen::DatagenArgs>),
    /// Verify the data store: every chunk's checksum and counts against its manifest.
    DataCheck(data_check::DataCheckArgs),
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    match cli.command {
        None => command_loop(None),
        Some(CliCommand::Uci) => command_loop(Some(Protocol::Uci)),
        Some(CliCommand::Usi) => command_loop(Some(Protocol::Usi)),
        Some(CliCommand::Xboard) => command_loop(Some(Protocol::Xboard)),
        Some(CliCommand::Bench { depth }) => {
            let summary =
                bench::run(depth.unwrap_or(bench::DEFAULT_DEPTH), &AtomicBool::new(false));
            print_line(&summary.last_line());
            ExitCode::SUCCESS
        }
        Some(CliCommand::Perft { variant, fen, depth, threads, chess960 }) => {
            run_perft(variant, fen.as_deref(), depth, threads, chess960)
        }
        Some(CliCommand::Match(args)) => ekumen_match::run(*args),
        Some(CliCommand::Datagen(args)) => datagen::run(&args),
        Some(CliCommand::DataCheck(args)) => data_check::run(&args),
    }
}

fn command_loop(protocol: Option<Protocol>) -> ExitCode {
    let output = Output::new();
    output.line(&format!("{} by {ENGINE_AUTHOR}", id_name()));
    let mut session = Session::new(output.clone());
    if let Some(protocol) = protocol {
        session.handle_line(protocol.word());
    }
    let lines = input::spawn_stdin_reader();
    loop {
        let input = if session.wants_polling() {
            match lines.recv_timeout(Duration::from_millis(2)) {
                Ok(input) => Some(input),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => Some(Input::End),
            }
        } else {
            Some(lines.recv().unwrap_or(Input::End))
        };
        if let Some(input) = input {
            if session.handle_input(input) == Flow::Quit {
                break;
            }
        }
        if session.poll() == Flow::Quit {
            break;
        }
    }
    session.finish_job();
    ExitCode::SUCCESS
}

/// Prints a line of a one-shot command's output (`bench`, `perft`). A reader that has
/// gone (`ekumen perft ... | head`) ends the process quietly, as a closed pipe ends most
/// command-line tools, rather than with a panic.
fn print_line(line: &str) {
    if let Err(e) = writeln!(std::io::stdout().lock(), "{line}") {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to stdout: {e}");
        std::process::exit(1);
    }
}

fn run_perft(
    variant: VariantId,
    fen: Option<&str>,
    depth: u32,
    threads: usize,
    chess960: bool,
) -> ExitCode {
    let position = match fen {
        None => AnyPosition::startpos(variant, chess960),
        Some(fen) => match AnyPosition::from_fen(variant, fen, chess960) {
            Ok(position) => position,
            Err(error) => {
                eprintln!("error: invalid {variant} FEN '{fen}': {error}");
                return ExitCode::FAILURE;
            }
        },
    };
    let start = Instant::now();
    let stop = AtomicBool::new(false);
    let moves = perft::divide(&position, depth, threads.max(1), &stop, &mut |name, nodes| {
        print_line(&format!("{name}: {nodes}"));
    })
    .expect("nothing stops a command-line perft");
    let total: u64 = moves.iter().map(|(_, n)| n).sum();
    print_line(&format!("\nNodes searched: {total}\n"));
    let elapsed = start.elapsed();
    let nps = (u128::from(total) * 1_000_000 / elapsed.as_micros().max(1)) as u64;
    eprintln!(
        "perft {depth} of {variant}: {total} nodes in {:.3} s ({nps} nps, {} threads)",
        elapsed.as_secs_f64(),
        threads.max(1)
    );
    ExitCode::SUCCESS
}
