//! Scored positions, one per line: `<fen>;<score in centipawns, White's view>;<result for
//! White: 1, 0.5 or 0>`, as `scripts/gen-tuning-data.py` writes them.
//!
//! Each position's target is a win probability: `lambda` of it from the score (through a
//! logistic curve of 400 centipawns per factor of ten in the odds, the usual scale of
//! engine scores) and the rest from the game's result.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use ekumen_movegen::{Position, Variant};

/// A position and the probability that White wins it.
#[derive(Debug)]
pub struct Sample<V: Variant> {
    pub position: Position<V>,
    pub target: f64,
}

/// The probability of winning from a score, on the scale of engine scores.
pub fn score_to_probability(centipawns: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-centipawns / 400.0))
}

/// Reads every line of `path`; lines that do not parse are counted and skipped.
pub fn load<V: Variant>(path: &Path, lambda: f64) -> std::io::Result<(Vec<Sample<V>>, usize)> {
    let reader = BufReader::new(File::open(path)?);
    let mut samples = Vec::new();
    let mut rejected = 0;
    for line in reader.lines() {
        let line = line?;
        match parse_line::<V>(&line, lambda) {
            Some(sample) => samples.push(sample),
            None => rejected += 1,
        }
    }
    Ok((samples, rejected))
}

fn parse_line<V: Variant>(line: &str, lambda: f64) -> Option<Sample<V>> {
    let mut fields = line.trim().split(';');
    let fen = fields.next()?;
    let score: f64 = fields.next()?.trim().parse().ok()?;
    let result: f64 = fields.next()?.trim().parse().ok()?;
    if !(0.0..=1.0).contains(&result) {
        return None;
    }
    let position = Position::<V>::from_fen(fen, false).ok()?;
    let target = lambda * score_to_probability(score) + (1.0 - lambda) * result;
    Some(Sample { position, target })
}
