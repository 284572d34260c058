//! Bitboards over a machine word chosen per board size.
//!
//! Boards of up to 64 squares (7x7, 8x8) use a `u64`, larger ones (9x9, 10x8) a `u128`,
//! packed densely: square `rank * FILES + file` is bit `index`. Bits at or above the
//! number of squares are always zero; every constructor and shift keeps that invariant,
//! so `count()` and iteration never see phantom squares.

use std::fmt;
use std::hash::Hash;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr, Sub,
};

use crate::square::Square;

/// The unsigned word a bitboard is stored in.
pub trait BitWord:
    Copy
    + Eq
    + Default
    + fmt::Debug
    + Hash
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Sub<Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    const BITS: u32;
    fn count_ones(self) -> u32;
    fn trailing_zeros(self) -> u32;
    fn leading_zeros(self) -> u32;
    fn wrapping_mul(self, other: Self) -> Self;
    fn wrapping_sub(self, other: Self) -> Self;
    /// The low bits of `value`, truncated to the word.
    fn from_u128(value: u128) -> Self;
    /// The low 64 bits (used to fold magic indices).
    fn low_u64(self) -> u64;
    fn to_u128(self) -> u128;
}

macro_rules! impl_bitword {
    ($t:ty) => {
        impl BitWord for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline(always)]
            fn wrapping_mul(self, other: Self) -> Self {
                <$t>::wrapping_mul(self, other)
            }
            #[inline(always)]
            fn wrapping_sub(self, other: Self) -> Self {
                <$t>::wrapping_sub(self, other)
            }
            #[inline(always)]
            fn from_u128(value: u128) -> Self {
                value as $t
            }
            #[inline(always)]
            fn low_u64(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
        }
    };
}
impl_bitword!(u64);
impl_bitword!(u128);

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard<W: BitWord>(pub W);

impl<W: BitWord> Bitboard<W> {
    pub const EMPTY: Self = Bitboard(W::ZERO);

    #[inline(always)]
    pub fn from_square(sq: Square) -> Self {
        Bitboard(W::ONE << sq.index() as u32)
    }
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == W::ZERO
    }
    #[inline(always)]
    pub fn is_nonempty(self) -> bool {
        self.0 != W::ZERO
    }
    #[inline(always)]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }
    #[inline(always)]
    pub fn has(self, sq: Square) -> bool {
        (self.0 >> sq.index() as u32) & W::ONE != W::ZERO
    }
    /// More than one square set.
    #[inline(always)]
    pub fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(W::ONE) != W::ZERO
    }
    /// The lowest square; the set must not be empty.
    #[inline(always)]
    pub fn lsb(self) -> Square {
        debug_assert!(self.is_nonempty());
        Square::new(self.0.trailing_zeros() as u8)
    }
    #[inline(always)]
    pub fn first(self) -> Option<Square> {
        if self.is_nonempty() {
            Some(self.lsb())
        } else {
            None
        }
    }
    /// Removes and returns the lowest square; the set must not be empty.
    #[inline(always)]
    pub fn pop_lsb(&mut self) -> Square {
        let sq = self.lsb();
        self.0 &= self.0.wrapping_sub(W::ONE);
        sq
    }
    #[inline(always)]
    pub fn set(&mut self, sq: Square) {
        *self |= Self::from_square(sq);
    }
    #[inline(always)]
    pub fn clear(&mut self, sq: Square) {
        *self &= !Self::from_square(sq);
    }
    #[inline(always)]
    pub fn toggle(&mut self, sq: Square) {
        *self ^= Self::from_square(sq);
    }
}

impl<W: BitWord> Iterator for Bitboard<W> {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.is_empty() {
            None
        } else {
            Some(self.pop_lsb())
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl<W: BitWord> fmt::Debug for Bitboard<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.map(|sq| sq.index())).finish()
    }
}

macro_rules! impl_binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl<W: BitWord> $tr for Bitboard<W> {
            type Output = Self;
            #[inline(always)]
            fn $f(self, rhs: Self) -> Self {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl<W: BitWord> $atr for Bitboard<W> {
            #[inline(always)]
            fn $af(&mut self, rhs: Self) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
impl_binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
impl_binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
impl_binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

/// The complement within the word. Callers mask it with the board (`Geometry::all()`)
/// where the invariant matters; set operations with on-board sets make that implicit.
impl<W: BitWord> Not for Bitboard<W> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Bitboard(!self.0)
    }
}
