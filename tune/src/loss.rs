//! The quantity the tuner minimises: the mean squared difference between each position's
//! target and the win probability the evaluation predicts for it,
//! `1 / (1 + exp(-eval / k))` with the evaluation from White's point of view.

use ekumen_eval::{evaluate_with, EvalParams, EvalTables, Evaluate};
use ekumen_movegen::{Color, Position};
use rayon::prelude::*;

use crate::data::Sample;

/// The evaluation of `position` from White's point of view.
pub fn white_eval<V: Evaluate>(
    position: &Position<V>,
    params: &EvalParams,
    tables: &EvalTables<V>,
) -> i32 {
    let eval = evaluate_with(position, params, tables);
    if position.side_to_move() == Color::White {
        eval
    } else {
        -eval
    }
}

/// The squared difference between `target` and the win probability `eval` predicts.
fn squared_error(target: f64, eval: i32, k: f64) -> f64 {
    let error = target - 1.0 / (1.0 + (-f64::from(eval) / k).exp());
    error * error
}

/// Mean squared error of the predictions with these parameters and scale `k`.
pub fn mean_squared_error<V: Evaluate>(samples: &[Sample<V>], params: &EvalParams, k: f64) -> f64 {
    let tables = EvalTables::<V>::from_params(params);
    // Fixed chunks summed in order: the same parameters always give the same error, so
    // the search never keeps a change for a rounding difference.
    let chunk_sums: Vec<f64> = samples
        .par_chunks(1024)
        .map(|chunk| {
            chunk
                .iter()
                .map(|sample| {
                    squared_error(sample.target, white_eval(&sample.position, params, &tables), k)
                })
                .sum::<f64>()
        })
        .collect();
    chunk_sums.iter().sum::<f64>() / samples.len().max(1) as f64
}

/// The scale `k` that fits the given parameters best (a golden-section search), so that
/// tuning moves the terms against each other rather than rescaling them all.
pub fn fit_scale<V: Evaluate>(samples: &[Sample<V>], params: &EvalParams) -> f64 {
    let tables = EvalTables::<V>::from_params(params);
    let evals: Vec<i32> =
        samples.par_iter().map(|s| white_eval(&s.position, params, &tables)).collect();
    let error = |k: f64| -> f64 {
        evals.iter().zip(samples).map(|(&eval, s)| squared_error(s.target, eval, k)).sum::<f64>()
    };
    let (mut lo, mut hi) = (20.0f64, 2000.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}
