//! What the network tests share: the inputs of a position written out from the rules
//! ([`reference_inputs`]), a plain scalar reference of the net file's formula, and random
//! positions.

#![allow(dead_code)]

pub mod reference_inputs;

use ekumen_movegen::piece::MAX_PIECE_TYPES;
use ekumen_movegen::{Color, Geometry, PieceType, Position, Rng, Square};
use ekumen_nnue::features::{active_inputs, Inputs};
use ekumen_nnue::file::{Activation, NetFile};

/// The inputs `active_inputs` (what the trainer reads) lists for `pos`, sorted.
pub fn engine_inputs<V: Inputs>(pos: &Position<V>, perspective: Color) -> Vec<usize> {
    let men = (0..V::Geo::SQUARES as u8)
        .map(Square::new)
        .filter_map(|sq| pos.piece_on(sq).map(|piece| (piece, sq)));
    let mut hands = [[0u8; MAX_PIECE_TYPES]; 2];
    for color in Color::BOTH {
        for (kind, count) in hands[color.index()].iter_mut().enumerate().take(V::PIECES.len()) {
            *count = pos.hand_count(color, PieceType(kind as u8));
        }
    }
    let mut inputs = Vec::new();
    active_inputs::<V>(perspective, men, &hands, &mut inputs);
    inputs.sort_unstable();
    inputs
}

/// One perspective's sums computed the plainest way: the biases plus the weights of every
/// input the reference of the rules lists for the position's FEN, wrapping like the
/// engine's.
pub fn reference_sums<V: Inputs>(
    file: &NetFile,
    pos: &Position<V>,
    perspective: Color,
) -> Vec<i16> {
    let hidden = file.shape.hidden as usize;
    let inputs = reference_inputs::reference_inputs(V::NAME, &pos.fen(), perspective);
    let mut sums = file.accumulator_biases.clone();
    for input in inputs {
        for (j, sum) in sums.iter_mut().enumerate() {
            *sum = sum.wrapping_add(file.accumulator_weights[input * hidden + j]);
        }
    }
    sums
}

/// The men on the board and in hand.
pub fn men<V: Inputs>(pos: &Position<V>) -> usize {
    let hands: usize = Color::BOTH
        .iter()
        .flat_map(|&c| (0..V::PIECES.len()).map(move |k| (c, k)))
        .map(|(c, k)| pos.hand_count(c, PieceType(k as u8)) as usize)
        .sum();
    pos.occupied().count() as usize + hands
}

/// The formula of the net file's documentation, scalar, in 128-bit arithmetic.
pub fn reference_score(file: &NetFile, us: &[i16], them: &[i16], bucket: usize) -> i32 {
    let n = file.shape.hidden as usize;
    let q = file.quantization;
    let (qa, qb, scale) = (q.qa as i128, q.qb as i128, q.scale as i128);
    let act = |x: i16| {
        let c = (x as i128).clamp(0, qa);
        match file.shape.activation {
            Activation::ClippedRelu => c,
            Activation::SquaredClippedRelu => c * c,
        }
    };
    let out = &file.output_weights[bucket * 2 * n..(bucket + 1) * 2 * n];
    let y: i128 =
        (0..n).map(|j| act(us[j]) * out[j] as i128 + act(them[j]) * out[n + j] as i128).sum();
    let bias = file.output_biases[bucket] as i128;
    let y = match file.shape.activation {
        Activation::ClippedRelu => y + bias,
        Activation::SquaredClippedRelu => y / qa + bias,
    };
    (y * scale / (qa * qb)).clamp(i32::MIN as i128, i32::MAX as i128) as i32
}

/// The score of `pos` for the side to move by the reference.
pub fn reference_evaluate<V: Inputs>(file: &NetFile, pos: &Position<V>) -> i32 {
    let us = pos.side_to_move();
    let bucket = V::output_bucket(men(pos), file.shape.buckets as usize);
    let (ours, theirs) = (reference_sums(file, pos, us), reference_sums(file, pos, !us));
    reference_score(file, &ours, &theirs, bucket)
}

/// A position `plies` random moves (fewer if the game ends) from the start.
pub fn random_position<V: Inputs>(rng: &mut Rng, plies: usize) -> Position<V> {
    let mut pos = Position::<V>::startpos();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.make_move(*rng.pick(&moves));
    }
    pos
}
