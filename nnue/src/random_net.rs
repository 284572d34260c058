//! Random nets of a given shape, for tests and speed measurements: no trained net is
//! needed to check that the engine computes what the file says, nor to time it.

use ekumen_movegen::Rng;

use crate::features::Inputs;
use crate::file::{Activation, NetFile, Quantization, Shape};

/// How large the random weights are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weights {
    /// Like a trained net's: accumulator weights within ±64, output weights within ±127,
    /// so that sums stay in range and the output layer runs narrow.
    Trained,
    /// Any `i16`: sums wrap, and the squared activation's output layer runs wide.
    Full,
}

/// A random net for `V`.
pub fn random_net<V: Inputs>(
    rng: &mut Rng,
    hidden: u32,
    buckets: u32,
    activation: Activation,
    weights: Weights,
) -> NetFile {
    let mut draw = |n: usize, limit: i64| -> Vec<i16> {
        (0..n).map(|_| (rng.below(2 * limit as usize + 1) as i64 - limit) as i16).collect()
    };
    let (accumulator, output) = match weights {
        Weights::Trained => (64, 127),
        Weights::Full => (i16::MAX as i64, i16::MAX as i64),
    };
    let (h, b) = (hidden as usize, buckets as usize);
    let accumulator_weights = draw(V::INPUTS * h, accumulator);
    let accumulator_biases = draw(h, accumulator);
    let output_weights = draw(b * 2 * h, output);
    let output_biases = (0..b).map(|_| (rng.next_u64() % 200_001) as i32 - 100_000).collect();
    NetFile {
        variant: V::NAME.to_string(),
        name: format!("random-{}-{hidden}", V::NAME),
        shape: Shape { inputs: V::INPUTS as u32, hidden, buckets, activation },
        input_layout: crate::features::layout_hash::<V>(),
        quantization: Quantization::DEFAULT,
        accumulator_weights,
        accumulator_biases,
        output_weights,
        output_biases,
    }
}
