//! Zobrist keys, generated at compile time from a fixed seed.
//!
//! A hand holding `n` pieces of a kind contributes the XOR of its first `n` keys, so
//! adding or removing one piece toggles exactly one key.

use crate::piece::{Piece, MAX_PIECE_TYPES};
use crate::random::mix;
use crate::square::{Square, MAX_SQUARES};

const PIECE_CODES: usize = 2 * MAX_PIECE_TYPES;
/// Counts above this share the last key: no variant holds more of one kind.
pub const MAX_HAND_COUNT: usize = 32;

/// SplitMix64: the keys are drawn in a `const fn`, which [`crate::Rng`] is not.
const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    mix(*state)
}

#[derive(Debug)]
pub struct Keys {
    piece_square: [[u64; MAX_SQUARES]; PIECE_CODES],
    hand: [[u64; MAX_HAND_COUNT]; PIECE_CODES],
    castling: [u64; 16],
    en_passant: [u64; 16],
    pub side: u64,
}

const fn generate() -> Keys {
    let mut state = 0x2F0E_6B5A_1C3D_4E7Fu64;
    let mut keys = Keys {
        piece_square: [[0; MAX_SQUARES]; PIECE_CODES],
        hand: [[0; MAX_HAND_COUNT]; PIECE_CODES],
        castling: [0; 16],
        en_passant: [0; 16],
        side: 0,
    };
    let mut p = 0;
    while p < PIECE_CODES {
        let mut s = 0;
        while s < MAX_SQUARES {
            keys.piece_square[p][s] = splitmix(&mut state);
            s += 1;
        }
        let mut n = 0;
        while n < MAX_HAND_COUNT {
            keys.hand[p][n] = splitmix(&mut state);
            n += 1;
        }
        p += 1;
    }
    let mut i = 0;
    while i < 16 {
        keys.castling[i] = splitmix(&mut state);
        keys.en_passant[i] = splitmix(&mut state);
        i += 1;
    }
    keys.side = splitmix(&mut state);
    keys
}

pub static KEYS: Keys = generate();

#[inline(always)]
pub fn piece_square(piece: Piece, sq: Square) -> u64 {
    KEYS.piece_square[piece.code()][sq.index()]
}

/// The key toggled when the hand count of `piece` goes from `count` to `count + 1`.
#[inline(always)]
pub fn hand(piece: Piece, count: u8) -> u64 {
    KEYS.hand[piece.code()][(count as usize).min(MAX_HAND_COUNT - 1)]
}

#[inline(always)]
pub fn castling(rights: u8) -> u64 {
    KEYS.castling[rights as usize & 15]
}

#[inline(always)]
pub fn en_passant(file: u8) -> u64 {
    KEYS.en_passant[file as usize & 15]
}
