//! Left-right mirroring of samples, to train on twice the positions.
//!
//! A position turned left to right (file `f` to `FILES - 1 - f`, hands unchanged) is as
//! good a position as the original, with the same score and the same result, in every
//! variant whose pieces move alike to the left and to the right: chess, gothic, shinobi
//! and coherent. Castling rights, which the mirror would break, are no inputs of the net.
//! Gethenian's left and right bishops and knights are each other's mirror images, so its
//! mirrored positions are not its positions, and it is not mirrored
//! ([`Inputs::LEFT_RIGHT_SYMMETRIC`]).
//!
//! The data holds each training position's mirror as a sample of its own (`data`), so an
//! epoch over mirrored data costs twice the time and the memory; the hot loop knows
//! nothing of mirroring.

use ekumen_movegen::{Geometry, Square};
use ekumen_nnue::features::Inputs;
use ekumen_nnue::sample::Sample;

/// The square `sq` with its file reversed.
pub fn mirror_square<V: Inputs>(sq: Square) -> Square {
    let files = V::Geo::FILES as usize;
    let (rank, file) = (sq.index() / files, sq.index() % files);
    Square::new((rank * files + files - 1 - file) as u8)
}

/// The sample of `sample`'s position mirrored left to right, its men in square order;
/// `None` in a variant whose positions do not mirror.
pub fn mirrored<V: Inputs>(sample: &Sample) -> Option<Sample> {
    if !V::LEFT_RIGHT_SYMMETRIC {
        return None;
    }
    let mut men: Vec<_> =
        sample.men.iter().map(|&(piece, sq)| (piece, mirror_square::<V>(sq))).collect();
    men.sort_by_key(|&(_, sq)| sq.index());
    Some(Sample { men, ..sample.clone() })
}
