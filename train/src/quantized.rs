//! A plain scalar evaluation of a net file, written from the formula in
//! `ekumen_nnue::file`: the reference the trainer's float net is checked against, kept
//! apart from the engine's vectorized code so that each checks the other.
//!
//! Accumulators are summed in `i32` and the output in `i64`, so that this evaluation is
//! exact; the quantizer guarantees the accumulators fit the engine's `i16`. Divisions
//! truncate towards zero, as Rust's integer division does.

use ekumen_movegen::{piece::MAX_PIECE_TYPES, Color, Piece, Square};
use ekumen_nnue::features::{active_inputs, Inputs};
use ekumen_nnue::file::{Activation, NetFile};

/// The score in centipawns for the side to move, given the inputs lit for the side to
/// move (`us`) and for the other side (`them`), and the output bucket.
pub fn evaluate(net: &NetFile, us: &[u16], them: &[u16], bucket: usize) -> i32 {
    let n = net.shape.hidden as usize;
    let q = net.quantization;
    let (qa, qb, scale) = (q.qa as i64, q.qb as i64, q.scale as i64);
    let accumulate = |lit: &[u16]| -> Vec<i32> {
        let mut acc: Vec<i32> = net.accumulator_biases.iter().map(|&b| b as i32).collect();
        for &input in lit {
            let row = &net.accumulator_weights[input as usize * n..][..n];
            for (a, &w) in acc.iter_mut().zip(row) {
                *a += w as i32;
            }
        }
        acc
    };
    let out = &net.output_weights[bucket * 2 * n..][..2 * n];
    let mut y = 0i64;
    for (acc, weights) in [(accumulate(us), &out[..n]), (accumulate(them), &out[n..])] {
        for (&x, &w) in acc.iter().zip(weights) {
            let c = (x as i64).clamp(0, qa);
            let activated = match net.shape.activation {
                Activation::ClippedRelu => c,
                Activation::SquaredClippedRelu => c * c,
            };
            y += activated * w as i64;
        }
    }
    if net.shape.activation == Activation::SquaredClippedRelu {
        y /= qa;
    }
    ((y + net.output_biases[bucket] as i64) * scale / (qa * qb)) as i32
}

/// The score in centipawns for the side to move of a position given as its men and
/// hands, with the inputs and bucket `ekumen_nnue::features` defines.
pub fn evaluate_position<V: Inputs>(
    net: &NetFile,
    side: Color,
    men: &[(Piece, Square)],
    hands: &[[u8; MAX_PIECE_TYPES]; 2],
) -> i32 {
    let lit = |perspective| {
        let mut out = Vec::new();
        active_inputs::<V>(perspective, men.iter().copied(), hands, &mut out);
        out.into_iter().map(|i| i as u16).collect::<Vec<u16>>()
    };
    let count = men.len() + hands.iter().flatten().map(|&n| n as usize).sum::<usize>();
    let bucket = V::output_bucket(count, net.shape.buckets as usize);
    evaluate(net, &lit(side), &lit(!side), bucket)
}
