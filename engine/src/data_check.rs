//! `ekumen data-check`: verifies the data store, every variant's folder, against its
//! manifest (`ekumen_records::store::check`), and the store's size against its budget.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use ekumen_movegen::VariantId;
use ekumen_records::store::{self, STORE_BUDGET_BYTES};

/// `ekumen data-check`'s command line.
#[derive(clap::Args, Debug)]
pub struct DataCheckArgs {
    /// The data store: a folder per variant.
    #[arg(long, default_value = "data")]
    pub store: PathBuf,
}

/// Checks the store; prints a line per variant and the total, and fails on any problem.
pub fn run(args: &DataCheckArgs) -> ExitCode {
    if !args.store.is_dir() {
        eprintln!("error: {} is not a folder", args.store.display());
        return ExitCode::FAILURE;
    }
    let mut sound = true;
    let mut total_bytes = 0;
    for variant in VariantId::ALL {
        let dir = args.store.join(variant.name());
        if !dir.is_dir() {
            continue;
        }
        let started = Instant::now();
        match store::check(&dir, variant) {
            Ok(totals) => {
                total_bytes += totals.bytes;
                let pending = if dir.join(store::JOURNAL).exists() {
                    format!("; a chunk in progress in {}", store::JOURNAL)
                } else {
                    String::new()
                };
                crate::print_line(&format!(
                    "{variant}: {} chunks, {} games, {} positions ({} quiet), {} bytes: ok \
                     ({:.1} s{pending})",
                    totals.chunks,
                    totals.games,
                    totals.positions,
                    totals.quiet,
                    totals.bytes,
                    started.elapsed().as_secs_f64()
                ));
            }
            Err(problems) => {
                sound = false;
                for problem in problems {
                    crate::print_line(&format!("{variant}: {problem}"));
                }
            }
        }
    }
    let over = total_bytes > STORE_BUDGET_BYTES;
    crate::print_line(&format!(
        "{}: {total_bytes} bytes of chunks, {} the budget of {STORE_BUDGET_BYTES}",
        args.store.display(),
        if over { "over" } else { "within" }
    ));
    if sound && !over {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
