//! Writes a random net file for a variant, with trained-like weights, to measure the
//! engine's speed with a net of a given width before a trained one exists:
//! `cargo run --release -p ekumen-nnue --example random_net_file -- VARIANT HIDDEN OUT`.

use std::process::ExitCode;

use ekumen_movegen::{for_variant, Rng, VariantId};
use ekumen_nnue::file::Activation;
use ekumen_nnue::random_net::{random_net, Weights};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [variant, hidden, out] = args.as_slice() else {
        eprintln!("usage: random_net_file VARIANT HIDDEN OUT");
        return ExitCode::FAILURE;
    };
    let Some(variant) = VariantId::from_name(variant) else {
        eprintln!("unknown variant {variant}");
        return ExitCode::FAILURE;
    };
    let Ok(hidden) = hidden.parse::<u32>() else {
        eprintln!("the width must be a number: {hidden}");
        return ExitCode::FAILURE;
    };
    let mut rng = Rng::new(u64::from(hidden));
    let mut net = for_variant!(variant, V => random_net::<V>(
        &mut rng, hidden, 8, Activation::SquaredClippedRelu, Weights::Trained
    ));
    net.name = format!("{variant}-random-{hidden}");
    if let Err(error) = std::fs::write(out, net.to_bytes()) {
        eprintln!("cannot write {out}: {error}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
