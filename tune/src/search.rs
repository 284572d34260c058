//! Texel's local search: each number in turn is moved up and down by its step and the
//! move is kept (and repeated while it helps) if the objective falls; a number's step
//! halves when neither move helps. Simple and slow (two evaluations of every position per
//! number per pass), but it needs no derivative, so the nonlinear terms (king danger grows
//! with its square, the drawish scale) are tuned like the rest.
//!
//! The objective is the error plus an optional pull towards the starting values
//! (`anchor` per squared pawn of departure, summed over the numbers). Without it a term
//! that few positions show can run to any value that fits those few: shinobi's fit on
//! 9,735 positions made a king one step from campmate worth 19 pawns and lost in games.

use log::info;

use crate::params::Editable;

/// What one pass did.
#[derive(Clone, Copy, Debug)]
pub struct Pass {
    pub number: usize,
    pub moved: usize,
    /// The error alone, without the anchor's pull.
    pub error: f64,
    /// The anchor's pull at the end of the pass.
    pub pull: f64,
}

/// Tunes `editable` in place to lower `error` plus the anchor's pull, for at most
/// `passes` passes, moving only the numbers `tunable` allows (by index); `after_pass`
/// sees each pass's parameters (to print or save them) and says whether to go on: `false`
/// undoes that pass and stops (a pass that raised the held-out error). Returns the error
/// of the parameters kept.
pub fn local_search(
    editable: &mut Editable,
    passes: usize,
    anchor: f64,
    tunable: impl Fn(usize) -> bool,
    error: impl Fn(&Editable) -> f64,
    mut after_pass: impl FnMut(&Editable, Pass) -> bool,
) -> f64 {
    let mut values = editable.values();
    let start = values.clone();
    let pull_of = |i: usize, value: i32| {
        let pawns = f64::from(value - start[i]) / 100.0;
        anchor * pawns * pawns
    };
    let mut best_error = error(editable);
    let mut pull = 0.0;
    let mut steps: Vec<i32> = values.iter().map(|v| (v.abs() / 10).clamp(2, 16)).collect();
    let mut inert: Vec<bool> = (0..values.len()).map(|i| !tunable(i)).collect();
    for number in 1..=passes {
        let (values_before, error_before) = (values.clone(), best_error);
        let mut moved = 0;
        for i in 0..values.len() {
            if inert[i] {
                continue;
            }
            let other_pull = pull - pull_of(i, values[i]);
            let best = best_error + pull;
            let mut improved = false;
            let mut same_both_ways = true;
            for delta in [steps[i], -steps[i]] {
                editable.set(i, values[i] + delta);
                let trial_error = error(editable);
                same_both_ways &= trial_error == best_error;
                if trial_error + other_pull + pull_of(i, values[i] + delta) < best {
                    values[i] += delta;
                    best_error = trial_error;
                    pull = other_pull + pull_of(i, values[i]);
                    improved = true;
                    // Keep going while it helps: a term far from its best value gets there
                    // in one pass rather than one step per pass.
                    loop {
                        editable.set(i, values[i] + delta);
                        let further_error = error(editable);
                        let further_pull = other_pull + pull_of(i, values[i] + delta);
                        if further_error + further_pull >= best_error + pull {
                            break;
                        }
                        values[i] += delta;
                        best_error = further_error;
                        pull = further_pull;
                    }
                    editable.set(i, values[i]);
                    break;
                }
                editable.set(i, values[i]);
            }
            if improved {
                moved += 1;
            } else if number == 1 && same_both_ways {
                // The evaluation never reads it in this variant, or no position shows it.
                inert[i] = true;
            } else {
                steps[i] = (steps[i] / 2).max(1);
            }
        }
        if !after_pass(editable, Pass { number, moved, error: best_error, pull }) {
            for (i, &value) in values_before.iter().enumerate() {
                editable.set(i, value);
            }
            info!("pass {number} undone; stopped");
            return error_before;
        }
        if moved == 0 && steps.iter().zip(&inert).all(|(&step, &dead)| dead || step == 1) {
            info!("converged after {number} passes");
            break;
        }
    }
    best_error
}
