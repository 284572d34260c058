//! `ekumen-tune`: fits a variant's evaluation parameters (`eval/src/<variant>.rs`) to
//! positions scored by a stronger engine and the results of their games
//! (`scripts/datagen/gen_tuning_data.py`).
//!
//! The method is Texel's local search (`search.rs`) on the mean squared error of the
//! predicted win probabilities (`loss.rs`). The file's last tenth, whole games the fit
//! never sees, is held out (or all of `--held-out FILE`, other games) and its error
//! reported; a pass that raises it is over-fitting, so it is undone and the fit stops (a
//! gothic fit's second pass over 167,788 positions raised it from 0.024291 to 0.024742).
//! The result is a fit file (`--out`, one `name value` line per term, `params.rs`), and
//! with `--rust` also the Rust body of the variant's `PARAMS`, both rewritten after every
//! pass kept. `--start FILE` starts from a fit file rather than the variant's `PARAMS`.
//!
//! ```text
//! cargo run --release -p ekumen-tune -- --variant gothic --data target/tuning/gothic.txt \
//!     --out target/tuning/gothic-fit.txt --rust target/tuning/gothic.rs
//! ```
//!
//! `--explain FEN` prints instead what each term adds to that position's evaluation, for
//! each side and net (`explain.rs`), to set beside another engine's evaluation trace.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use ekumen_eval::{Evaluate, S};
use ekumen_movegen::{for_variant, Position, Rng, VariantId};
use log::{error, info};

use ekumen_tune::data::{self, Sample, Targets};
use ekumen_tune::loss::{fit_scale, mean_squared_error};
use ekumen_tune::params::Editable;
use ekumen_tune::search::local_search;

#[derive(Parser, Debug)]
#[command(about = "Fits Ekumen's evaluation parameters to scored positions")]
struct Args {
    /// The variant whose parameters are tuned.
    #[arg(long)]
    variant: String,
    /// Scored positions: `fen;score;result` per line.
    #[arg(long, required_unless_present = "explain")]
    data: Option<PathBuf>,
    /// Print what each term adds to this position's evaluation, and tune nothing.
    #[arg(long, value_name = "FEN")]
    explain: Option<String>,
    /// Where the tuned parameters go (a fit file), rewritten after each pass kept; without
    /// it, and without --rust, they are printed.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Where the tuned parameters go as the Rust body of the variant's `PARAMS`, rewritten
    /// after each pass kept.
    #[arg(long, value_name = "FILE")]
    rust: Option<PathBuf>,
    /// Start from the parameters of this fit file (those it leaves out from the variant's
    /// own); with --explain, explain them.
    #[arg(long, value_name = "FILE")]
    start: Option<PathBuf>,
    /// Weight of the engine's score in the target; the rest is the game's result.
    #[arg(long, default_value_t = 0.75)]
    lambda: f64,
    /// Centipawns added to every score before it becomes a target, for a reference engine
    /// whose scores sit off centre (the tuner reports the offset the results ask for).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    score_offset: f64,
    /// Pull towards the starting values: this much error for each parameter's departure,
    /// in pawns, squared. 0 lets every term go where the positions take it; 1e-4 keeps
    /// terms that few positions show near their start.
    #[arg(long, default_value_t = 0.0)]
    anchor: f64,
    /// The most passes over all parameters; a pass that raises the held-out error is
    /// undone and ends the fit.
    #[arg(long, default_value_t = 30)]
    passes: usize,
    /// Tune only the numbers whose names contain one of these words (comma-separated,
    /// e.g. `value,in_hand,tempo`); all of them by default.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Leave the numbers whose names contain one of these words where they are
    /// (comma-separated, e.g. `tempo`): terms set by games rather than by positions.
    #[arg(long, value_delimiter = ',')]
    hold: Vec<String>,
    /// Give each piece type a piece-square table of its own (zeros to start, one entry
    /// per square of half the board) on top of the shaped ones, and tune it with the rest.
    #[arg(long)]
    add_square_tables: bool,
    /// Training positions used at most, drawn at random (the held-out tenth is the same).
    #[arg(long)]
    limit: Option<usize>,
    /// Positions held out of the fit, to judge it: all of this file, and all of --data is
    /// fitted. Without it the last tenth of --data is held out (about 180 games of
    /// 116,340 positions, too few to tell close fits apart: see docs/tuning.md).
    #[arg(long, value_name = "FILE")]
    held_out: Option<PathBuf>,
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info")).init();
    let args = Args::parse();
    let Some(variant) = VariantId::from_name(&args.variant) else {
        error!("unknown variant {}", args.variant);
        return ExitCode::FAILURE;
    };
    let result = for_variant!(variant, V => run::<V>(&args));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            error!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn run<V: Evaluate>(args: &Args) -> Result<(), String> {
    match &args.explain {
        Some(fen) => explain::<V>(args, fen),
        None => tune::<V>(args),
    }
}

fn explain<V: Evaluate>(args: &Args, fen: &str) -> Result<(), String> {
    let position = Position::<V>::from_fen(fen, false).map_err(|e| format!("bad FEN: {e}"))?;
    let editable = starting_params::<V>(args)?;
    let explained = editable.with_params(|params| {
        ekumen_tune::explain::explain(&position, params, editable.piece_names())
    });
    let pair = |v: S| format!("{:>5} {:>5}", v.mg, v.eg);
    let mut text =
        format!("{:<30} {:>11} {:>11} {:>7}\n", "term", "White mg eg", "Black mg eg", "net");
    for share in explained.shares {
        let [white, black] = share.sides;
        text += &format!(
            "{:<30} {} {} {:>+7}\n",
            share.term,
            pair(white),
            pair(black),
            share.centipawns
        );
    }
    text += &format!("{:<30} {:>31}\n", "evaluation (White)", format!("{:+}", explained.total));
    if !explained.units.is_empty() {
        text +=
            &format!("\n{:<30} {:>11} {:>11}\n", "king danger units", "White king", "Black king");
        for (term, [white, black]) in explained.units {
            text += &format!("{term:<30} {white:>11} {black:>11}\n");
        }
    }
    print_out(&text)
}

/// Writes `text` to stdout. A reader that has gone (`| head`) ends the output quietly
/// rather than with a panic, as `println!` would.
fn print_out(text: &str) -> Result<(), String> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("cannot write to stdout: {e}"))
        }
        _ => Ok(()),
    }
}

fn tune<V: Evaluate>(args: &Args) -> Result<(), String> {
    let targets = Targets { lambda: args.lambda, score_offset: args.score_offset };
    let path = args.data.as_ref().ok_or("--data is required")?;
    let loaded = load_file::<V>(path, targets)?;
    info!(
        "the games' results fit the scores best with --score-offset {:.0} (given: {:.0})",
        data::offset_fitting_results(&loaded.scores_and_results),
        args.score_offset
    );
    let (mut samples, mut rejected) = (loaded.samples, loaded.rejected);
    if samples.len() < 100 {
        return Err(format!("{} positions in {}: too few to tune", samples.len(), path.display()));
    }
    let held_out = match &args.held_out {
        Some(held_out_path) => {
            let held_out = load_file::<V>(held_out_path, targets)?;
            rejected += held_out.rejected;
            if held_out.samples.is_empty() {
                return Err(format!("no positions in {}", held_out_path.display()));
            }
            held_out.samples
        }
        // The file's last tenth. A file holds whole games, one after another, so these
        // are positions of games the fit never sees, not the neighbours of positions it
        // trains on (which would make the held-out error as flattering as the training
        // error).
        None => samples.split_off(samples.len() - samples.len() / 10),
    };
    shuffle(&mut samples);
    if let Some(limit) = args.limit {
        samples.truncate(limit);
    }
    info!(
        "{}: {} training and {} held-out positions ({} lines rejected)",
        V::NAME,
        samples.len(),
        held_out.len(),
        rejected
    );

    let mut editable = starting_params::<V>(args)?;
    if args.add_square_tables {
        editable.add_square_tables::<V>();
    }
    let k = editable.with_params(|p| fit_scale(&samples, p));
    let error = |editable: &Editable, set: &[Sample<V>]| {
        editable.with_params(|p| mean_squared_error(set, p, k))
    };
    let best = error(&editable, &samples);
    let mut best_held_out = error(&editable, &held_out);
    info!("scale k = {k:.1}; error {best:.6}, held out {best_held_out:.6}");

    let names = editable.names();
    let before = editable.values();
    let started = Instant::now();
    let (mut saved, mut written) = (Ok(()), false);
    let named = |words: &[String], i: usize| words.iter().any(|w| names[i].contains(w.as_str()));
    let tunable =
        |i: usize| (args.only.is_empty() || named(&args.only, i)) && !named(&args.hold, i);
    local_search(
        &mut editable,
        args.passes,
        args.anchor,
        tunable,
        |e| error(e, &samples),
        |e, pass| {
            let held_out_error = error(e, &held_out);
            info!(
                "pass {}: {} moved, error {:.6} (+ pull {:.6}), held out {:.6}, {:.0} s",
                pass.number,
                pass.moved,
                pass.error,
                pass.pull,
                held_out_error,
                started.elapsed().as_secs_f64()
            );
            // Positions of games the fit never sees judge it: a pass that fits the
            // training positions better and these worse is over-fitting, so it is undone.
            if held_out_error > best_held_out {
                info!("the held-out error rose from {best_held_out:.6}");
                return false;
            }
            best_held_out = held_out_error;
            if saved.is_ok() {
                saved = write_result(args, e);
                written = true;
            }
            true
        },
    );
    if !written && saved.is_ok() {
        saved = write_result(args, &editable);
    }
    saved?;
    for ((name, old), new) in names.iter().zip(&before).zip(editable.values()) {
        if *old != new {
            info!("{name}: {old} -> {new}");
        }
    }
    Ok(())
}

/// A file of scored positions, or the error that names it.
fn load_file<V: Evaluate>(path: &Path, targets: Targets) -> Result<data::Loaded<V>, String> {
    data::load::<V>(path, targets).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// The same order on every run: `--limit` draws the same positions.
fn shuffle<T>(items: &mut [T]) {
    Rng::new(0x5eed_7e11).shuffle(items);
}

/// The variant's parameters, or those of `--start`.
fn starting_params<V: Evaluate>(args: &Args) -> Result<Editable, String> {
    let mut editable = Editable::of::<V>(&V::PARAMS);
    if let Some(path) = &args.start {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        editable.read_text(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(editable)
}

fn write_result(args: &Args, editable: &Editable) -> Result<(), String> {
    let write = |path: &PathBuf, text: String| {
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    if let Some(path) = &args.rust {
        write(path, editable.to_rust())?;
    }
    match &args.out {
        Some(path) => write(path, editable.to_text()),
        None if args.rust.is_none() => print_out(&editable.to_text()),
        None => Ok(()),
    }
}
