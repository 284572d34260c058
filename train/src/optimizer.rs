//! AdamW, the learning-rate schedule, and the bounds that keep the quantized net inside
//! its integer types.
//!
//! Adam's moments are dense: every parameter moves at every step, including the rows of
//! inputs no sample of the batch lit (their moments decay). With the zeroing and summing of
//! the gradient buffers, a step costs about 0.2 ms for a 128-wide chess net: 1% of a batch
//! of 16384, a fifth of a batch of 512.
//!
//! Weight decay (decoupled, AdamW) applies to the weights, not to the biases.
//!
//! After each step the parameters are clipped to [`Bounds`]: with the default `QA = 255`,
//! `QB = 64`:
//! - accumulator weights and biases to ±1.98, so ±505 quantized. An accumulator is its bias
//!   plus one weight per lit input, so it stays within `i16` while at most
//!   `32767 / 505 - 1 = 63` inputs are lit (32 in chess, 40 in gothic); the bound shrinks
//!   for variants that light more, and the quantizer checks the worst case again.
//! - output weights to ±1.98, so ±127 quantized: an activation (at most `QA`) times an
//!   output weight then fits `i16` (255 · 127 = 32385), which the squared clipped ReLU's
//!   integer evaluation relies on.
//! - output biases are not bounded: they are stored as `i32`.
//!
//! In a factorised net (`net::Factoriser`) a square's row and its shared row each keep to
//! half the accumulator bound, so that their sum, the net file's weight, keeps to it.

use std::ops::Range;

use ekumen_nnue::file::Quantization;

use crate::net::Layout;

/// How far each part of the net may go, in float units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    pub accumulator: f32,
    pub output: f32,
}

impl Bounds {
    /// The bounds for a net whose positions light at most `most_inputs` inputs per side.
    pub fn new(quantization: Quantization, most_inputs: usize) -> Bounds {
        let (qa, qb) = (quantization.qa as f32, quantization.qb as f32);
        let per_term = (i16::MAX as usize / (most_inputs + 1)) as f32;
        let accumulator = 1.98f32.min((per_term - 0.5) / qa);
        let output = 1.98f32.min(((i16::MAX as f32 / qa).floor() - 0.5) / qb);
        Bounds { accumulator, output }
    }
}

/// The learning rate through training: `lr`, multiplied by `gamma` at the start of each
/// epoch listed in `drops` (epochs counted from 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    pub lr: f32,
    pub drops: Vec<usize>,
    pub gamma: f32,
}

impl Schedule {
    /// The learning rate of epoch `epoch` (from 1).
    pub fn lr(&self, epoch: usize) -> f32 {
        let dropped = self.drops.iter().filter(|&&d| d <= epoch).count();
        self.lr * self.gamma.powi(dropped as i32)
    }
}

/// AdamW's state.
#[derive(Clone, Debug, PartialEq)]
pub struct AdamW {
    pub first: Vec<f32>,
    pub second: Vec<f32>,
    /// Steps taken.
    pub steps: u64,
}

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

impl AdamW {
    pub fn new(len: usize) -> AdamW {
        AdamW { first: vec![0.0; len], second: vec![0.0; len], steps: 0 }
    }

    /// One step of learning rate `lr` and weight decay `decay` along `grad`, then clips.
    pub fn step(
        &mut self,
        params: &mut [f32],
        grad: &[f32],
        layout: &Layout,
        lr: f32,
        decay: f32,
        bounds: Bounds,
    ) {
        self.steps += 1;
        let t = self.steps as i32;
        let step = lr * (1.0 - BETA2.powi(t)).sqrt() / (1.0 - BETA1.powi(t));
        // A square's row and its shared row add up in the net file.
        let row_bound =
            if layout.factors > 0 { bounds.accumulator / 2.0 } else { bounds.accumulator };
        let parts: [(Range<usize>, f32, f32); 5] = [
            (layout.accumulator_weights(), decay, row_bound),
            (layout.factor_weights(), decay, row_bound),
            (layout.accumulator_biases(), 0.0, bounds.accumulator),
            (layout.output_weights(), decay, bounds.output),
            (layout.output_biases(), 0.0, f32::INFINITY),
        ];
        for (range, decay, bound) in parts {
            let params = &mut params[range.clone()];
            let first = &mut self.first[range.clone()];
            let second = &mut self.second[range.clone()];
            let grad = &grad[range];
            for (((p, m), v), &g) in params.iter_mut().zip(first).zip(second).zip(grad) {
                *m = BETA1 * *m + (1.0 - BETA1) * g;
                *v = BETA2 * *v + (1.0 - BETA2) * g * g;
                *p -= step * *m / (v.sqrt() + EPSILON) + lr * decay * *p;
                *p = p.clamp(-bound, bound);
            }
        }
    }
}
