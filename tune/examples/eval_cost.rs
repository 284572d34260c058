//! What one static evaluation costs, and what each group of terms adds to that cost.
//!
//! ```text
//! cargo run --release -p ekumen-tune --example eval_cost -- gothic target/tuning/gothic.txt
//! ```
//!
//! Reads up to 20,000 positions from a tuning file (`fen;score;result` per line), times
//! the evaluation of all of them (best of five rounds), then for each group of terms
//! (`Editable::groups`) times them again with that group set to zero, beside a fresh
//! timing of the whole, and prints the groups whose absence saves the most. The
//! evaluation skips most terms whose numbers are all zero, so the saving is that term's
//! cost; for the few it always computes, it is noise. A virtual machine's timings drift
//! by several per cent from one round to the next: read differences under about 5 % of
//! the whole as none.

use std::time::Instant;

use ekumen_eval::{evaluate_with, EvalTables, Evaluate};
use ekumen_movegen::{for_variant, Position, VariantId};
use ekumen_tune::params::Editable;

/// Positions timed at most.
const POSITIONS: usize = 20_000;
/// Rounds per timing; the fastest counts.
const ROUNDS: usize = 5;

/// Nanoseconds per evaluation of `positions` with `editable`'s numbers.
fn nanoseconds_per_eval<V: Evaluate>(positions: &[Position<V>], editable: &Editable) -> f64 {
    editable.with_params(|params| {
        let tables = EvalTables::<V>::from_params(params);
        let mut fastest = f64::MAX;
        for _ in 0..ROUNDS {
            let started = Instant::now();
            let sum: i64 =
                positions.iter().map(|pos| i64::from(evaluate_with(pos, params, &tables))).sum();
            std::hint::black_box(sum);
            fastest = fastest.min(started.elapsed().as_secs_f64());
        }
        fastest * 1e9 / positions.len() as f64
    })
}

fn run<V: Evaluate>(data: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(data).map_err(|e| format!("cannot read {data}: {e}"))?;
    let positions: Vec<Position<V>> = text
        .lines()
        .filter_map(|line| Position::<V>::from_fen(line.split(';').next()?, false).ok())
        .take(POSITIONS)
        .collect();
    if positions.is_empty() {
        return Err(format!("no {} positions in {data}", V::NAME));
    }
    let mut editable = Editable::of::<V>(&V::PARAMS);
    let whole = nanoseconds_per_eval(&positions, &editable);
    println!("{}: {} positions, {whole:.0} ns per evaluation", V::NAME, positions.len());

    let values = editable.values();
    let mut savings = Vec::new();
    for (group, members) in editable.groups() {
        if members.iter().all(|&i| values[i] == 0) {
            continue;
        }
        let without =
            editable.with_zeroed(&members, |zeroed| nanoseconds_per_eval(&positions, zeroed));
        let with = nanoseconds_per_eval(&positions, &editable);
        savings.push((group, with - without, with));
    }
    savings.sort_by(|a, b| b.1.total_cmp(&a.1));
    println!("{:<34} {:>8} {:>8}", "group (zeroed)", "saves ns", "whole ns");
    for (group, saved, with) in savings.iter().take(15) {
        println!("{group:<34} {saved:>8.0} {with:>8.0}");
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [variant, data] = args.as_slice() else {
        eprintln!("usage: eval_cost VARIANT TUNING_FILE");
        std::process::exit(2);
    };
    let result = match VariantId::from_name(variant) {
        Some(id) => for_variant!(id, V => run::<V>(data)),
        None => Err(format!("unknown variant {variant}")),
    };
    if let Err(message) = result {
        eprintln!("eval_cost: {message}");
        std::process::exit(1);
    }
}
