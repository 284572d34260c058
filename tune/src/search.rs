//! Texel's local search: each number in turn is moved up and down by its step and the
//! move is kept (and repeated while it helps) if the error falls; a number's step halves
//! when neither move helps. Simple
//! and slow (two evaluations of every position per number per pass), but it needs no
//! derivative, so the nonlinear terms (king danger grows with its square, the drawish
//! scale) are tuned like the rest.

use log::info;

use crate::params::Editable;

/// What one pass did.
#[derive(Clone, Copy, Debug)]
pub struct Pass {
    pub number: usize,
    pub moved: usize,
    pub error: f64,
}

/// Tunes `editable` in place to lower `error`, for at most `passes` passes, moving only
/// the numbers `tunable` allows (by index); `after_pass` sees each pass's parameters (to
/// print or save them). Returns the final error.
pub fn local_search(
    editable: &mut Editable,
    passes: usize,
    tunable: impl Fn(usize) -> bool,
    error: impl Fn(&Editable) -> f64,
    mut after_pass: impl FnMut(&Editable, Pass),
) -> f64 {
    let mut best = error(editable);
    let mut values = editable.values();
    let mut steps: Vec<i32> = values.iter().map(|v| (v.abs() / 10).clamp(2, 16)).collect();
    let mut inert: Vec<bool> = (0..values.len()).map(|i| !tunable(i)).collect();
    for number in 1..=passes {
        let mut moved = 0;
        for i in 0..values.len() {
            if inert[i] {
                continue;
            }
            let mut improved = false;
            let mut same_both_ways = true;
            for delta in [steps[i], -steps[i]] {
                editable.set(i, values[i] + delta);
                let trial = error(editable);
                same_both_ways &= trial == best;
                if trial < best {
                    best = trial;
                    values[i] += delta;
                    improved = true;
                    // Keep going while it helps: a term far from its best value gets there
                    // in one pass rather than one step per pass.
                    loop {
                        editable.set(i, values[i] + delta);
                        let further = error(editable);
                        if further >= best {
                            break;
                        }
                        best = further;
                        values[i] += delta;
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
        after_pass(editable, Pass { number, moved, error: best });
        if moved == 0 && steps.iter().zip(&inert).all(|(&step, &dead)| dead || step == 1) {
            info!("converged after {number} passes");
            break;
        }
    }
    best
}
