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
        let mut scratch = Scratch::new(self.layout().hidden);
        self.forward(us, them, bucket, &mut scratch) * self.quantization.scale as f32
    }

    /// Fills the scratch's accumulators and activations; returns the output.
    #[inline]
    fn forward(&self, us: &[u16], them: &[u16], bucket: usize, s: &mut Scratch) -> f32 {
        let layout = self.layout();
        let n = layout.hidden;
        let weights = &self.params[layout.accumulator_weights()];
        let shared = &self.params[layout.factor_weights()];
        let biases = &self.params[layout.accumulator_biases()];
        for (acc, lit) in [(&mut s.acc_us, us), (&mut s.acc_them, them)] {
            acc.copy_from_slice(biases);
            for &input in lit {
                let row = &weights[input as usize * n..][..n];
                for (a, w) in acc.iter_mut().zip(row) {
                    *a += w;
                }
                if let Some(f) = self.factoriser.and_then(|f| f.row_of(input)) {
                    for (a, w) in acc.iter_mut().zip(&shared[f * n..][..n]) {
                        *a += w;
                    }
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
        let dot = |a: &[f32], w: &[f32]| a.iter().zip(w).map(|(a, w)| a * w).sum::<f32>();
        dot(&s.act_us, out_us)
            + dot(&s.act_them, out_them)
            + self.params[layout.output_biases()][bucket]
    }

    /// Adds to `grad` the gradient of the loss for one sample, given `d_output`, the
    /// loss's derivative by the output, after [`Net::forward`] filled `s`.
    #[inline]
    fn backward(
        &self,
        us: &[u16],
        them: &[u16],
        bucket: usize,
        d_output: f32,
        s: &mut Scratch,
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
        let (weights, rest) = grad.split_at_mut(layout.factor_weights().start);
        let shared = &mut rest[..layout.factors * n];
        for (d, lit) in [(&s.d_us, us), (&s.d_them, them)] {
            for &input in lit {
                let row = &mut weights[input as usize * n..][..n];
                for (g, d) in row.iter_mut().zip(d.iter()) {
                    *g += d;
                }
                if let Some(f) = self.factoriser.and_then(|f| f.row_of(input)) {
                    for (g, d) in shared[f * n..][..n].iter_mut().zip(d.iter()) {
                        *g += d;
                    }
                }
            }
        }
    }

    /// Adds the gradient of the mean squared error over `batch` (divided by `count`, the
    /// whole batch's size) to `grad`; returns the sum of the samples' squared errors.
    ///
    /// The loss is `(sigmoid(o · SCALE / scale) - target)²` on win probabilities.
    pub fn accumulate_gradient(
        &self,
        data: &Dataset,
        batch: &[u32],
        count: usize,
        scale: f32,
        scratch: &mut Scratch,
        grad: &mut [f32],
    ) -> f64 {
        let k = self.logit_factor(scale);
        let mut loss = 0.0f64;
        for &i in batch {
            let i = i as usize;
            let (us, them) = data.inputs(i);
            let bucket = data.bucket(i);
            let p = sigmoid(self.forward(us, them, bucket, scratch) * k);
            let error = p - data.target(i);
            loss += (error * error) as f64;
            let d_output = 2.0 * error * p * (1.0 - p) * k / count as f32;
            self.backward(us, them, bucket, d_output, scratch, grad);
        }
        loss
    }

    /// The sum of the squared errors over `samples`.
    pub fn loss_sum(&self, data: &Dataset, samples: &[u32], scale: f32) -> f64 {
        let k = self.logit_factor(scale);
        let mut scratch = Scratch::new(self.layout().hidden);
        samples
            .iter()
            .map(|&i| {
                let i = i as usize;
                let (us, them) = data.inputs(i);
                let p = sigmoid(self.forward(us, them, data.bucket(i), &mut scratch) * k);
                ((p - data.target(i)) * (p - data.target(i))) as f64
            })
            .sum()
    }

    /// The accumulator weights with the shared rows added to their squares' rows: the
    /// weights of the net file.
    fn folded_accumulator_weights(&self) -> Vec<f32> {
        let layout = self.layout();
        let n = layout.hidden;
        let mut weights = self.params[layout.accumulator_weights()].to_vec();
        if let Some(factoriser) = self.factoriser {
            let shared = &self.params[layout.factor_weights()];
            for input in 0..factoriser.board_inputs {
                let f = factoriser.row_of(input as u16).expect("a board input");
                for (w, s) in weights[input * n..][..n].iter_mut().zip(&shared[f * n..][..n]) {
                    *w += s;
                }
            }
        }
        weights
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

/// One worker's buffers for a sample's forward and backward pass.
#[derive(Clone, Debug)]
pub struct Scratch {
    acc_us: Vec<f32>,
    acc_them: Vec<f32>,
    act_us: Vec<f32>,
    act_them: Vec<f32>,
    d_us: Vec<f32>,
    d_them: Vec<f32>,
}

impl Scratch {
    pub fn new(hidden: usize) -> Scratch {
        let v = vec![0.0; hidden];
        Scratch {
            acc_us: v.clone(),
            acc_them: v.clone(),
            act_us: v.clone(),
            act_them: v.clone(),
            d_us: v.clone(),
            d_them: v,
        }
    }
}
