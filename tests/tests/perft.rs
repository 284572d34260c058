//! Perft data files (`data/perft/<variant>.epd`) against the move generator.
//!
//! The quick test runs every line up to a leaf budget so that `make test` stays fast;
//! `make perft-deep` runs the ignored test, every line of every file.

use ekumen_movegen::{AnyPosition, VariantId};
use ekumen_tests::data::perft_cases;

/// Lines with more leaves than this are left to `perft_deep`.
const QUICK_LEAVES: u64 = 5_000_000;

fn run(variant: VariantId, file: &str, budget: u64) -> usize {
    let mut checked = 0;
    for case in perft_cases(file) {
        let mut pos = AnyPosition::from_fen(variant, &case.fen, case.chess960)
            .unwrap_or_else(|e| panic!("{file}: {}: {e}", case.fen));
        for &(depth, expected) in case.counts.iter().filter(|(_, n)| *n <= budget) {
            let nodes = pos.perft(depth);
            assert_eq!(nodes, expected, "{file}: perft({depth}) of {}", case.fen);
            checked += 1;
        }
    }
    assert!(checked > 0, "{file}: nothing checked");
    checked
}

fn variant_files() -> Vec<(VariantId, &'static str)> {
    VariantId::ALL.iter().map(|&v| (v, v.name())).collect()
}

#[test]
fn perft_quick() {
    for (variant, file) in variant_files() {
        let checked = run(variant, file, QUICK_LEAVES);
        eprintln!("{file}: {checked} perft lines checked");
    }
}

#[test]
#[ignore = "deep perft: run with `make perft-deep`"]
fn perft_deep() {
    for (variant, file) in variant_files() {
        let checked = run(variant, file, u64::MAX);
        eprintln!("{file}: {checked} perft lines checked");
    }
}
