//! The float net: what the optimizer moves, and how it becomes a net file.
//!
//! Units are those of the quantized net divided by its scales, so that quantizing is
//! rounding: an accumulator value of 1.0 is `QA`, where the activation saturates; an output
//! weight of 1.0 is `QB`; the output `o` is the score in units of `SCALE` centipawns
//! (`cp = o · SCALE`). For the side to move `us`, bucket `b`:
//! `acc[p] = bias + Σ weights[i]` over the inputs lit for perspective `p`,
//! `o = Σ act(acc[us][j]) · out[b][j] + Σ act(acc[them][j]) · out[b][N + j] + out_bias[b]`,
//! `act(x) = clamp(x, 0, 1)`, squared for the squared clipped ReLU.
//!
//! All parameters live in one `Vec<f32>` (accumulator weights input by input, accumulator
//! biases, output weights bucket by bucket, output biases), as do their gradients and the
//! optimizer's moments, so that summing gradients and stepping is one loop over a slice.
//!
//! The backward pass is sparse in the first layer: a sample adds to the gradient rows of
//! its lit inputs only (about 64 of 768 rows in chess). Each worker keeps a dense gradient
//! buffer for the whole net: the first layer is small (768 × 128 floats in chess), so
//! zeroing and summing the buffers costs about 1% of a 16384-sample batch, less than the
//! bookkeeping of a touched-rows list would.
//!
//! A [`Factoriser`] adds, during training only, one shared row per (whose man, piece type)
//! that every square of that pair adds to its own row. What a man is worth anywhere is then
//! learnt from all its squares at once, and weight decay pulls each square's row towards
//! the shared one rather than towards zero. Quantizing folds the shared rows into the
//! squares' rows, so net files and the engine never see them. Each of the two rows is
//! bounded to half the accumulator bound, so that their sum keeps to it.
//!
//! Where the time goes: the forward and backward passes add one row per lit input, and
//! nothing else comes close. So the shared rows are folded into their squares' rows once
//! per batch in each worker for the forward pass, and their gradient is summed from their
//! squares' rows there too (the two are equal by the chain rule): two passes over the first
//! layer (768 rows in chess) a worker and batch, where adding a second row per lit input
//! each way cost as many rows again as every sample lit; the loop is compiled again for
//! AVX2 where the processor has it, with the same arithmetic; and the next sample of the
//! batch is fetched from memory while one trains. Together: 263,000 samples a second
//! instead of 166,000 for a 256-wide factorised chess net on one thread (an epoch of the
//! store's newest 20 chunks, `ekumen-train --store data/chess --newest-chunks 20 --hidden
//! 256 --factorise --epochs 1 --threads 1`, best of two each), and 287,000 since the
//! store's games are replayed without sorting each position's moves: replaying the games
//! into samples (`crate::stream`) is most of the rest of an epoch.

use std::ops::Range;

use ekumen_movegen::{Geometry, Rng};
use ekumen_nnue::features::Inputs;
use ekumen_nnue::file::{Activation, NetFile, Quantization, Shape};

use crate::data::{sigmoid, Dataset};

/// The training-only shared rows of the board inputs: inputs below `board_inputs` come in
/// blocks of `squares`, one block per (whose man, piece type), and each block shares one
/// row. Hand inputs have none: they are per piece type already.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Factoriser {
    pub board_inputs: usize,
    pub squares: usize,
}

impl Factoriser {
    /// The shared rows of `V`'s board inputs.
    pub fn of<V: Inputs>() -> Factoriser {
        Factoriser { board_inputs: V::BOARD_INPUTS, squares: <V::Geo as Geometry>::SQUARES }
    }

    /// How many shared rows there are.
    pub fn rows(&self) -> usize {
        self.board_inputs / self.squares
    }

    /// The shared row of `input`, if it has one.
    #[inline(always)]
    pub fn row_of(&self, input: u16) -> Option<usize> {
        let input = input as usize;
        (input < self.board_inputs).then(|| input / self.squares)
    }
}

/// Where each part of a net's parameters lies in its one array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub inputs: usize,
    /// Shared rows of a factorised net (0 for none), after the inputs' rows.
    pub factors: usize,
    pub hidden: usize,
    pub buckets: usize,
}

impl Layout {
    pub fn of(shape: &Shape, factoriser: Option<Factoriser>) -> Layout {
        Layout {
            inputs: shape.inputs as usize,
            factors: factoriser.map_or(0, |f| f.rows()),
            hidden: shape.hidden as usize,
            buckets: shape.buckets as usize,
        }
    }
    pub fn accumulator_weights(&self) -> Range<usize> {
        0..self.inputs * self.hidden
    }
    pub fn factor_weights(&self) -> Range<usize> {
        let start = self.accumulator_weights().end;
        start..start + self.factors * self.hidden
    }
    pub fn accumulator_biases(&self) -> Range<usize> {
        let start = self.factor_weights().end;
        start..start + self.hidden
    }
    pub fn output_weights(&self) -> Range<usize> {
        let start = self.accumulator_biases().end;
        start..start + self.buckets * 2 * self.hidden
    }
    pub fn output_biases(&self) -> Range<usize> {
        let start = self.output_weights().end;
        start..start + self.buckets
    }
    pub fn len(&self) -> usize {
        self.output_biases().end
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A float net.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    pub shape: Shape,
    pub quantization: Quantization,
    pub factoriser: Option<Factoriser>,
    pub params: Vec<f32>,
}

impl Net {
    /// A net with random weights drawn from `seed`: accumulator weights uniform in
    /// ±1/√32 (about one unit of spread over the 32 inputs a chess position lights),
    /// output weights uniform in ±1/√(2N), biases and shared rows zero.
    pub fn random(
        shape: Shape,
        quantization: Quantization,
        factoriser: Option<Factoriser>,
        seed: u64,
    ) -> Net {
        let layout = Layout::of(&shape, factoriser);
        let mut params = vec![0.0; layout.len()];
        let mut rng = Rng::new(seed);
        let mut uniform = |bound: f32| {
            let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (2.0 * unit - 1.0) * bound
        };
        for w in &mut params[layout.accumulator_weights()] {
            *w = uniform(1.0 / 32f32.sqrt());
        }
        let output_bound = 1.0 / (2.0 * layout.hidden as f32).sqrt();
        for w in &mut params[layout.output_weights()] {
            *w = uniform(output_bound);
        }
        Net { shape, quantization, factoriser, params }
    }

    pub fn layout(&self) -> Layout {
        Layout::of(&self.shape, self.factoriser)
    }

    /// The factor from the output `o` to the logit of the predicted win probability, for
    /// a sigmoid scale of `scale` centipawns.
    pub fn logit_factor(&self, scale: f32) -> f32 {
        self.quantization.scale as f32 / scale
    }

    /// The score in centipawns for the side to move.
    pub fn evaluate(&self, us: &[u16], them: &[u16], bucket: usize) -> f32 {
        let mut folded = Vec::new();
        let rows = self.input_rows(&mut folded);
        let mut acc = Accumulators::new(self.layout().hidden);
        self.forward(rows, us, them, bucket, &mut acc) * self.quantization.scale as f32
    }

    /// The rows the inputs add to the accumulators: the accumulator weights, with the
    /// shared rows folded in (into `buffer`) when the net has them. Folding once per call
    /// (a worker's share of a batch) costs one pass over the first layer; adding each lit
    /// input's shared row instead doubled the forward pass's work.
    fn input_rows<'a>(&'a self, buffer: &'a mut Vec<f32>) -> &'a [f32] {
        if self.factoriser.is_none() {
            return &self.params[self.layout().accumulator_weights()];
        }
        self.fold_accumulator_weights(buffer);
        buffer
    }

    /// Fills the accumulators and activations of `s` from the input rows `rows`;
    /// returns the output.
    #[inline(always)]
    fn forward(
        &self,
        rows: &[f32],
        us: &[u16],
        them: &[u16],
        bucket: usize,
        s: &mut Accumulators,
    ) -> f32 {
        let layout = self.layout();
        let n = layout.hidden;
        let biases = &self.params[layout.accumulator_biases()];
        for (acc, lit) in [(&mut s.acc_us, us), (&mut s.acc_them, them)] {
            acc.copy_from_slice(biases);
            for &input in lit {
                for (a, w) in acc.iter_mut().zip(&rows[input as usize * n..][..n]) {
                    *a += w;
                }
            }
        }
        let squared = self.shape.activation == Activation::SquaredClippedRelu;
        for (acc, act) in [(&s.acc_us, &mut s.act_us), (&s.acc_them, &mut s.act_them)] {
            for (a, x) in act.iter_mut().zip(acc.iter()) {
                let c = x.clamp(0.0, 1.0);
                *a = if squared { c * c } else { c };
            }
        }
        let out = &self.params[layout.output_weights()][bucket * 2 * n..][..2 * n];
        let (out_us, out_them) = out.split_at(n);
        dot(&s.act_us, out_us)
            + dot(&s.act_them, out_them)
            + self.params[layout.output_biases()][bucket]
    }

    /// Adds to `grad` the gradient of the loss for one sample, given `d_output`, the
    /// loss's derivative by the output, after [`Net::forward`] filled `s`.
    #[inline(always)]
    fn backward(
        &self,
        us: &[u16],
        them: &[u16],
        bucket: usize,
        d_output: f32,
        s: &mut Accumulators,
        grad: &mut [f32],
    ) {
        let layout = self.layout();
        let n = layout.hidden;
        let squared = self.shape.activation == Activation::SquaredClippedRelu;
        let out = &self.params[layout.output_weights()][bucket * 2 * n..][..2 * n];
        let (out_us, out_them) = out.split_at(n);
        grad[layout.output_biases()][bucket] += d_output;
        {
            let d_out = &mut grad[layout.output_weights()][bucket * 2 * n..][..2 * n];
            let (d_us, d_them) = d_out.split_at_mut(n);
            for (d, a) in d_us.iter_mut().zip(&s.act_us) {
                *d += d_output * a;
            }
            for (d, a) in d_them.iter_mut().zip(&s.act_them) {
                *d += d_output * a;
            }
        }
        for (d, (acc, w)) in
            [(&mut s.d_us, (&s.acc_us, out_us)), (&mut s.d_them, (&s.acc_them, out_them))]
        {
            for ((d, &x), &w) in d.iter_mut().zip(acc.iter()).zip(w) {
                let slope = if x > 0.0 && x < 1.0 {
                    if squared {
                        2.0 * x
                    } else {
                        1.0
                    }
                } else {
                    0.0
                };
                *d = d_output * w * slope;
            }
        }
        for ((b, du), dt) in
            grad[layout.accumulator_biases()].iter_mut().zip(&s.d_us).zip(&s.d_them)
        {
            *b += du + dt;
        }
        let weights = &mut grad[layout.accumulator_weights()];
        for (d, lit) in [(&s.d_us, us), (&s.d_them, them)] {
            for &input in lit {
                for (g, d) in weights[input as usize * n..][..n].iter_mut().zip(d.iter()) {
                    *g += d;
                }
            }
        }
    }

    /// Sets each shared row's gradient to the sum of its squares' rows': a shared row
    /// feeds the accumulators exactly where its squares' rows do, so by the chain rule
    /// that sum is its gradient, and summing once per call (a worker's share of a batch)
    /// is cheaper than adding to it for every lit input.
    fn sum_shared_gradient(&self, grad: &mut [f32]) {
        let Some(factoriser) = self.factoriser else { return };
        let layout = self.layout();
        let n = layout.hidden;
        let (weights, rest) = grad.split_at_mut(layout.factor_weights().start);
        for (f, shared) in rest[..layout.factors * n].chunks_exact_mut(n).enumerate() {
            shared.fill(0.0);
            let block = &weights[f * factoriser.squares * n..][..factoriser.squares * n];
            for row in block.chunks_exact(n) {
                for (g, r) in shared.iter_mut().zip(row) {
                    *g += r;
                }
            }
        }
    }

    /// Adds the gradient of the mean squared error over `batch` (divided by `count`, the
    /// whole batch's size) to `grad`; returns the sum of the samples' squared errors.
    /// The shared rows' part of `grad` is then set to the sums of their squares' rows,
    /// which it equals whenever `grad` held zeros or such gradients before.
    ///
    /// The loss is `(sigmoid(o · SCALE / scale) - target)²` on win probabilities.
    ///
    /// On a processor with AVX2 the same code is compiled again for it: the row loops
    /// run 256 bits at a time. The arithmetic is the same, element by element and in the
    /// same order (no fused multiply-adds), so both give the same gradient to the bit.
    pub fn accumulate_gradient(
        &self,
        data: &Dataset,
        batch: &[u32],
        count: usize,
        scale: f32,
        scratch: &mut Scratch,
        grad: &mut [f32],
    ) -> f64 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2.
            return unsafe {
                self.accumulate_gradient_avx2(data, batch, count, scale, scratch, grad)
            };
        }
        self.accumulate_gradient_portable(data, batch, count, scale, scratch, grad)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn accumulate_gradient_avx2(
        &self,
        data: &Dataset,
        batch: &[u32],
        count: usize,
        scale: f32,
        scratch: &mut Scratch,
        grad: &mut [f32],
    ) -> f64 {
        self.accumulate_gradient_portable(data, batch, count, scale, scratch, grad)
    }

    #[inline(always)]
    fn accumulate_gradient_portable(
        &self,
        data: &Dataset,
        batch: &[u32],
        count: usize,
        scale: f32,
        scratch: &mut Scratch,
        grad: &mut [f32],
    ) -> f64 {
        let k = self.logit_factor(scale);
        let rows = self.input_rows(&mut scratch.folded);
        let acc = &mut scratch.accumulators;
        let mut loss = 0.0f64;
        for (at, &i) in batch.iter().enumerate() {
            if let Some(&next) = batch.get(at + 1) {
                data.prefetch(next as usize);
            }
            let i = i as usize;
            let (us, them) = data.inputs(i);
            let bucket = data.bucket(i);
            let p = sigmoid(self.forward(rows, us, them, bucket, acc) * k);
            let error = p - data.target(i);
            loss += (error * error) as f64;
            let d_output = 2.0 * error * p * (1.0 - p) * k / count as f32;
            self.backward(us, them, bucket, d_output, acc, grad);
        }
        self.sum_shared_gradient(grad);
        loss
    }

    /// The sum of the squared errors over `samples`.
    pub fn loss_sum(&self, data: &Dataset, samples: &[u32], scale: f32) -> f64 {
        let k = self.logit_factor(scale);
        let mut scratch = Scratch::new(self.layout().hidden);
        let rows = self.input_rows(&mut scratch.folded);
        let acc = &mut scratch.accumulators;
        samples
            .iter()
            .map(|&i| {
                let i = i as usize;
                let (us, them) = data.inputs(i);
                let p = sigmoid(self.forward(rows, us, them, data.bucket(i), acc) * k);
                ((p - data.target(i)) * (p - data.target(i))) as f64
            })
            .sum()
    }

    /// The accumulator weights with the shared rows added to their squares' rows: the
    /// weights of the net file.
    fn folded_accumulator_weights(&self) -> Vec<f32> {
        let mut weights = Vec::new();
        self.fold_accumulator_weights(&mut weights);
        weights
    }

    /// Writes [`Net::folded_accumulator_weights`] into `weights`, reusing its allocation.
    fn fold_accumulator_weights(&self, weights: &mut Vec<f32>) {
        let layout = self.layout();
        let n = layout.hidden;
        weights.clear();
        weights.extend_from_slice(&self.params[layout.accumulator_weights()]);
        if let Some(factoriser) = self.factoriser {
            let shared = &self.params[layout.factor_weights()];
            for input in 0..factoriser.board_inputs {
                let f = factoriser.row_of(input as u16).expect("a board input");
                for (w, s) in weights[input * n..][..n].iter_mut().zip(&shared[f * n..][..n]) {
                    *w += s;
                }
            }
        }
    }

    /// The net file of this net: accumulator weights and biases `round(w · QA)`, output
    /// weights `round(w · QB)`, output biases `round(b · QA · QB)`. Fails if a value does
    /// not fit its type, or if an accumulator could leave `i16` in a position lighting
    /// `most_inputs` inputs (its bias plus the `most_inputs` largest weights of its column).
    /// The file is for `V`, with its input layout.
    pub fn quantize<V: Inputs>(&self, name: &str, most_inputs: usize) -> Result<NetFile, String> {
        let layout = self.layout();
        let q = self.quantization;
        let (qa, qb) = (q.qa as f32, q.qb as f32);
        let to_i16 = |part: &str, values: &[f32], factor: f32| -> Result<Vec<i16>, String> {
            values
                .iter()
                .enumerate()
                .map(|(i, &w)| {
                    let v = (w * factor).round();
                    if v.is_finite() && v >= i16::MIN as f32 && v <= i16::MAX as f32 {
                        Ok(v as i16)
                    } else {
                        Err(format!("{part} {i} is {w}, {v} quantized: out of i16"))
                    }
                })
                .collect()
        };
        let accumulator_weights =
            to_i16("accumulator weight", &self.folded_accumulator_weights(), qa)?;
        let accumulator_biases =
            to_i16("accumulator bias", &self.params[layout.accumulator_biases()], qa)?;
        let output_weights = to_i16("output weight", &self.params[layout.output_weights()], qb)?;
        let output_biases = self.params[layout.output_biases()]
            .iter()
            .map(|&b| {
                let v = (b as f64 * qa as f64 * qb as f64).round();
                if v.is_finite() && v.abs() <= i32::MAX as f64 {
                    Ok(v as i32)
                } else {
                    Err(format!("output bias {b} out of i32 quantized"))
                }
            })
            .collect::<Result<Vec<_>, String>>()?;
        let n = layout.hidden;
        let mut column = Vec::with_capacity(layout.inputs);
        for j in 0..n {
            column.clear();
            column.extend(
                (0..layout.inputs).map(|i| accumulator_weights[i * n + j].unsigned_abs() as i64),
            );
            column.sort_unstable_by(|a, b| b.cmp(a));
            let worst = accumulator_biases[j].unsigned_abs() as i64
                + column.iter().take(most_inputs).sum::<i64>();
            if worst > i16::MAX as i64 {
                return Err(format!(
                    "accumulator {j} could reach {worst} with {most_inputs} inputs lit: out of i16"
                ));
            }
        }
        Ok(NetFile {
            variant: V::NAME.to_string(),
            name: name.to_string(),
            shape: self.shape,
            input_layout: ekumen_nnue::features::layout_hash::<V>(),
            quantization: q,
            accumulator_weights,
            accumulator_biases,
            output_weights,
            output_biases,
        })
    }
}

/// `Σ a[i] · w[i]`, summed in eight interleaved lanes (then lane by lane): a vector
/// loop, where one running sum is a chain of dependent additions.
#[inline(always)]
fn dot(a: &[f32], w: &[f32]) -> f32 {
    const LANES: usize = 8;
    let mut sums = [0.0f32; LANES];
    let (a_blocks, w_blocks) = (a.chunks_exact(LANES), w.chunks_exact(LANES));
    let tail: f32 = a_blocks.remainder().iter().zip(w_blocks.remainder()).map(|(a, w)| a * w).sum();
    for (a, w) in a_blocks.zip(w_blocks) {
        for k in 0..LANES {
            sums[k] += a[k] * w[k];
        }
    }
    sums.iter().sum::<f32>() + tail
}

/// One worker's buffers: the folded input rows of a factorised net, and a sample's
/// accumulators.
#[derive(Clone, Debug)]
pub struct Scratch {
    folded: Vec<f32>,
    accumulators: Accumulators,
}

impl Scratch {
    pub fn new(hidden: usize) -> Scratch {
        Scratch { folded: Vec::new(), accumulators: Accumulators::new(hidden) }
    }
}

/// A sample's forward and backward values, both perspectives.
#[derive(Clone, Debug)]
struct Accumulators {
    acc_us: Vec<f32>,
    acc_them: Vec<f32>,
    act_us: Vec<f32>,
    act_them: Vec<f32>,
    d_us: Vec<f32>,
    d_them: Vec<f32>,
}

impl Accumulators {
    fn new(hidden: usize) -> Accumulators {
        let v = vec![0.0; hidden];
        Accumulators {
            acc_us: v.clone(),
            acc_them: v.clone(),
            act_us: v.clone(),
            act_them: v.clone(),
            d_us: v.clone(),
            d_them: v,
        }
    }
}

#[cfg(test)]
mod tests {
    use ekumen_movegen::variants::Chess;
    use ekumen_nnue::features::Inputs;

    use super::*;
    use crate::data::Targets;

    /// The vector build of the gradient (where the processor runs it) and the portable
    /// one agree to the bit, with and without shared rows.
    #[test]
    fn every_build_of_the_gradient_agrees() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/data/nnue/chess-s80-31games.samples");
        let bytes = std::fs::read(&path).expect("the committed samples");
        let mut data = Dataset::new();
        let targets = Targets { lambda: 0.75, scale: 400.0 };
        data.extend_from_bytes::<Chess>(&bytes, &targets, 2).expect("valid samples");
        let batch: Vec<u32> = (0..data.len() as u32).step_by(3).collect();
        for factoriser in [None, Some(Factoriser::of::<Chess>())] {
            let shape = Shape {
                inputs: Chess::INPUTS as u32,
                hidden: 32,
                buckets: 2,
                activation: Activation::SquaredClippedRelu,
            };
            let net = Net::random(shape, Quantization::DEFAULT, factoriser, 11);
            let gradient = |portable: bool| {
                let mut grad = vec![0.0f32; net.layout().len()];
                let mut scratch = Scratch::new(shape.hidden as usize);
                let (data, count) = (&data, batch.len());
                let loss = if portable {
                    net.accumulate_gradient_portable(
                        data,
                        &batch,
                        count,
                        400.0,
                        &mut scratch,
                        &mut grad,
                    )
                } else {
                    net.accumulate_gradient(data, &batch, count, 400.0, &mut scratch, &mut grad)
                };
                (loss.to_bits(), grad.iter().map(|g| g.to_bits()).collect::<Vec<_>>())
            };
            let (loss, grad) = gradient(false);
            assert!(grad.iter().any(|&g| g != 0), "a gradient at all");
            assert_eq!((loss, grad), gradient(true), "factorised: {}", factoriser.is_some());
        }
    }
}
