//! Scored positions, one per line: `<fen>;<score in centipawns, White's view>;<result for
//! White: 1, 0.5 or 0>`, as `scripts/datagen/gen_tuning_data.py` writes them.
//!
//! Each position's target is a win probability: `lambda` of it from the score (through a
//! logistic curve of 400 centipawns per factor of ten in the odds, the usual scale of
//! engine scores) and the rest from the game's result.
//!
//! A reference engine's scores can sit off centre in an unbalanced game: in shinobi,
//! Fairy-Stockfish's self-play at 6,000 nodes scores positions about 2 pawns below what
//! their results say (White scores 57 % where its score is -2 to 0 pawns). `score_offset`
//! is added to every score before it becomes a probability, and [`offset_fitting_results`]
//! finds the offset the results ask for.

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

/// How scores and results make targets.
#[derive(Clone, Copy, Debug)]
pub struct Targets {
    /// Weight of the score; the rest is the result's.
    pub lambda: f64,
    /// Centipawns added to every score.
    pub score_offset: f64,
}

/// What a file held: the samples, each line's score and result, and the lines skipped.
#[derive(Debug)]
pub struct Loaded<V: Variant> {
    pub samples: Vec<Sample<V>>,
    pub scores_and_results: Vec<(f64, f64)>,
    pub rejected: usize,
}

/// Reads every line of `path`; lines that do not parse are counted and skipped.
pub fn load<V: Variant>(path: &Path, targets: Targets) -> std::io::Result<Loaded<V>> {
    let reader = BufReader::new(File::open(path)?);
    let mut loaded = Loaded { samples: Vec::new(), scores_and_results: Vec::new(), rejected: 0 };
    for line in reader.lines() {
        let line = line?;
        match parse_line::<V>(&line) {
            Some((position, score, result)) => {
                let from_score = score_to_probability(score + targets.score_offset);
                let target = targets.lambda * from_score + (1.0 - targets.lambda) * result;
                loaded.samples.push(Sample { position, target });
                loaded.scores_and_results.push((score, result));
            }
            None => loaded.rejected += 1,
        }
    }
    Ok(loaded)
}

fn parse_line<V: Variant>(line: &str) -> Option<(Position<V>, f64, f64)> {
    let mut fields = line.trim().split(';');
    let fen = fields.next()?;
    let score: f64 = fields.next()?.trim().parse().ok()?;
    let result: f64 = fields.next()?.trim().parse().ok()?;
    if !(0.0..=1.0).contains(&result) {
        return None;
    }
    let position = Position::<V>::from_fen(fen, false).ok()?;
    Some((position, score, result))
}

/// The offset, in whole 10-centipawn steps within ±1000, that makes the scores predict
/// the results best (least squared error on the 400-centipawn logistic scale).
pub fn offset_fitting_results(scores_and_results: &[(f64, f64)]) -> f64 {
    let error = |offset: f64| -> f64 {
        scores_and_results
            .iter()
            .map(|&(score, result)| (result - score_to_probability(score + offset)).powi(2))
            .sum()
    };
    (-100..=100)
        .map(|step| f64::from(step) * 10.0)
        .min_by(|a, b| error(*a).total_cmp(&error(*b)))
        .unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fitted_offset_is_the_one_the_results_were_made_with() {
        let pairs: Vec<(f64, f64)> = (-60..=60)
            .map(|i| {
                let score = f64::from(i) * 10.0;
                (score, score_to_probability(score + 150.0))
            })
            .collect();
        assert_eq!(offset_fitting_results(&pairs), 150.0);
    }
}
