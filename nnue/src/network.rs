//! A loaded net: its weights laid out for the vector loops, and the output layer.
//!
//! [`Network`] takes a [`NetFile`] checked against its variant `V` (the type parameter
//! keeps a chess net away from gothic positions) and keeps each weight row, and each
//! bucket's output half, as whole blocks of sixteen aligned `i16` ([`Lanes`]): the hidden
//! width `N`, read from the file, is a multiple of 16, so a row is `N / 16` blocks and
//! every row starts on a 32-byte boundary.
//!
//! [`Network::evaluate`] computes the formula of [`crate::file`] exactly, for the side to
//! move: `y = Σ act(us[j]) · out[b][j] + Σ act(them[j]) · out[b][N + j]`, then
//! `(y + bias) · SCALE / (QA · QB)` (clipped ReLU) or `(y / QA + bias) · SCALE / (QA · QB)`
//! (squared clipped ReLU) in 64 bits, each division rounding toward zero. The dot products
//! run in 32-bit vector arithmetic when the output weights allow it (see
//! [`crate::kernels`]; a net trained with QA 255, QB 64 and output weights clipped to ±2
//! does), in exact 64-bit scalar arithmetic otherwise.
//!
//! Measured costs (`cargo run --release -p ekumen-nnue --example nnue_speed`: random nets
//! with trained-like weights, chess positions from random games, updates chained move
//! after move as in a search, the best of 200 rounds on a shared 2-core Xeon), in
//! nanoseconds, with AVX2 / SSE2 / the plain loops ([`Isa`]):
//!
//! | N | update after a move (both sides) | evaluate, clipped ReLU | evaluate, squared | refresh |
//! | --- | --- | --- | --- | --- |
//! | 128 | 34 / 32 / 32 | 37 / 43 / 73 | 42 / 49 / 88 | 290 |
//! | 256 | 50 / 48 / 49 | 43 / 56 / 120 | 49 / 65 / 135 | 455 |
//!
//! Evaluating includes finding the output bucket and the final scaling, about 30 ns of
//! it. An update costs a ninth of a refresh; a node updated and evaluated costs about
//! 0.1 µs at N = 256, a twentieth of the 2 µs a node of the classical search takes
//! (`ekumen bench`, 507 000 nodes a second on the same machine).

use std::marker::PhantomData;

use ekumen_movegen::{Color, Position};

use crate::features::{layout_hash, Inputs};
use crate::file::{Activation, NetError, NetFile, Quantization};
use crate::kernels::{self, flat, Isa, Lanes, LANES};

/// A net for variant `V`, ready to evaluate.
#[derive(Clone, Debug)]
pub struct Network<V: Inputs> {
    name: String,
    hash: u64,
    /// Blocks per perspective: `N / 16`.
    blocks: usize,
    buckets: usize,
    activation: Activation,
    quantization: Quantization,
    /// The activation's upper bound, `min(QA, i16::MAX)`.
    clip: i16,
    /// One row of `blocks` per input.
    weights: Vec<Lanes>,
    biases: Vec<Lanes>,
    /// Per bucket: the side to move's `blocks`, then the other side's.
    output_weights: Vec<Lanes>,
    output_biases: Vec<i32>,
    /// The output weights allow the 32-bit dot products.
    narrow: bool,
    isa: Isa,
    variant: PhantomData<fn() -> V>,
}

/// Packs `values` (a multiple of 16 of them) into blocks.
fn blocks_of(values: &[i16]) -> Vec<Lanes> {
    values.chunks_exact(LANES).map(|c| Lanes(c.try_into().expect("sixteen values"))).collect()
}

impl<V: Inputs> Network<V> {
    /// Reads a net file's bytes for `V`.
    pub fn load(bytes: &[u8]) -> Result<Self, NetError> {
        Self::from_file(&NetFile::from_bytes(bytes, V::NAME, V::INPUTS, layout_hash::<V>())?)
    }

    /// The net of a decoded file, which must be for `V` and whose vectors must have the
    /// sizes its shape gives.
    pub fn from_file(file: &NetFile) -> Result<Self, NetError> {
        if file.variant != V::NAME {
            return Err(NetError::WrongVariant {
                expected: V::NAME.to_string(),
                found: file.variant.clone(),
            });
        }
        let shape = file.shape;
        if shape.inputs as usize != V::INPUTS {
            return Err(NetError::WrongInputs { expected: V::INPUTS as u32, found: shape.inputs });
        }
        let layout = layout_hash::<V>();
        if file.input_layout != layout {
            return Err(NetError::WrongLayout { expected: layout, found: file.input_layout });
        }
        let (hidden, buckets) = (shape.hidden as usize, shape.buckets as usize);
        if hidden == 0 || hidden % LANES != 0 || buckets == 0 {
            return Err(NetError::BadShape(format!("hidden width {hidden}, {buckets} buckets")));
        }
        if file.accumulator_weights.len() != V::INPUTS * hidden
            || file.accumulator_biases.len() != hidden
            || file.output_weights.len() != buckets * 2 * hidden
            || file.output_biases.len() != buckets
        {
            return Err(NetError::BadShape("weight counts that do not fit the shape".into()));
        }
        if file.quantization.qa == 0 || file.quantization.qb == 0 {
            return Err(NetError::BadShape("a zero quantization scale".to_string()));
        }
        let clip = file.quantization.qa.min(i16::MAX as u16) as i16;
        let output_weights = blocks_of(&file.output_weights);
        let squared = shape.activation == Activation::SquaredClippedRelu;
        let blocks = hidden / LANES;
        let narrow = flat(&output_weights)
            .chunks_exact(hidden)
            .all(|half| kernels::narrow_fits(squared, half, clip));
        Ok(Network {
            name: file.name.clone(),
            hash: file.hash(),
            blocks,
            buckets,
            activation: shape.activation,
            quantization: file.quantization,
            clip,
            weights: blocks_of(&file.accumulator_weights),
            biases: blocks_of(&file.accumulator_biases),
            output_weights,
            output_biases: file.output_biases.clone(),
            narrow,
            isa: Isa::best(),
            variant: PhantomData,
        })
    }

    /// The name the trainer gave the net.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The hash its file ends with, as its short identity.
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// The hidden width `N` of each perspective's accumulator.
    pub fn hidden(&self) -> usize {
        self.blocks * LANES
    }
    pub fn buckets(&self) -> usize {
        self.buckets
    }
    pub fn activation(&self) -> Activation {
        self.activation
    }
    /// Whether the output layer runs in 32-bit vector arithmetic (else 64-bit scalar).
    pub fn is_narrow(&self) -> bool {
        self.narrow
    }

    /// The instructions its loops use: the fastest the processor has.
    #[inline(always)]
    pub fn isa(&self) -> Isa {
        self.isa
    }

    /// The net running its loops with `isa` where the processor has it (for comparisons).
    pub fn with_isa(mut self, isa: Isa) -> Self {
        if isa.available() {
            self.isa = isa;
        }
        self
    }

    /// Blocks per perspective.
    #[inline(always)]
    pub(crate) fn blocks(&self) -> usize {
        self.blocks
    }
    #[inline(always)]
    pub(crate) fn biases(&self) -> &[Lanes] {
        &self.biases
    }
    /// The weight row of input `input`.
    #[inline(always)]
    pub(crate) fn row(&self, input: usize) -> &[Lanes] {
        &self.weights[input * self.blocks..(input + 1) * self.blocks]
    }

    /// The output bucket of `pos`, by its men on the board and in hand.
    #[inline]
    pub fn bucket(&self, pos: &Position<V>) -> usize {
        let mut men = pos.occupied().count() as usize;
        if V::DROPS {
            for color in Color::BOTH {
                for kind in 0..V::PIECES.len() {
                    men += pos.hand_count(color, ekumen_movegen::PieceType(kind as u8)) as usize;
                }
            }
        }
        V::output_bucket(men, self.buckets)
    }

    /// The score of `pos` in centipawns for the side to move, its sums computed from
    /// scratch (for one-off evaluations; a search keeps an
    /// [`crate::AccumulatorStack`]). Allocates.
    pub fn evaluate_position(&self, pos: &Position<V>) -> i32 {
        let mut acc = crate::Accumulator::new(self);
        acc.refresh(self, pos);
        let us = pos.side_to_move();
        self.evaluate(acc.perspective(us), acc.perspective(!us), self.bucket(pos))
    }

    /// The score in centipawns for the side to move, from the side to move's accumulator
    /// `us`, the other side's `them`, and output bucket `bucket`.
    #[inline]
    pub fn evaluate(&self, us: &[Lanes], them: &[Lanes], bucket: usize) -> i32 {
        let n = self.blocks;
        let out = &self.output_weights[bucket * 2 * n..(bucket + 1) * 2 * n];
        let squared = self.activation == Activation::SquaredClippedRelu;
        let y = if self.narrow {
            kernels::narrow_dot(self.isa, squared, us, &out[..n], self.clip)
                + kernels::narrow_dot(self.isa, squared, them, &out[n..], self.clip)
        } else {
            kernels::wide_dot(squared, us, &out[..n], self.clip)
                + kernels::wide_dot(squared, them, &out[n..], self.clip)
        };
        let Quantization { qa, qb, scale } = self.quantization;
        let bias = self.output_biases[bucket] as i64;
        let y = if squared { y / qa as i64 + bias } else { y + bias };
        if self.narrow {
            // Two 32-bit sums and a bias: |y| < 2^33, and 64 bits hold y · SCALE.
            let score = y * scale as i64 / (qa as i64 * qb as i64);
            score.clamp(i32::MIN as i64, i32::MAX as i64) as i32
        } else {
            let score = y as i128 * scale as i128 / (qa as i128 * qb as i128);
            score.clamp(i32::MIN as i128, i32::MAX as i128) as i32
        }
    }
}
