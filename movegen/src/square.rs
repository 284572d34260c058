//! Squares as dense indices, and the board shapes the variants are played on.

use std::fmt;

use crate::bitboard::{BitWord, Bitboard};
use crate::sliders::SliderTables;

/// A square index `rank * FILES + file` on the board of some [`Geometry`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Square(u8);

impl Square {
    #[inline(always)]
    pub const fn new(index: u8) -> Self {
        Square(index)
    }
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// The largest board (9x9) has 81 squares; arrays indexed by square use this size.
pub const MAX_SQUARES: usize = 81;

/// A board shape: its size and the word its bitboards use.
pub trait Geometry: 'static + Copy + Default + fmt::Debug + Send + Sync {
    const FILES: u8;
    const RANKS: u8;
    const SQUARES: usize = Self::FILES as usize * Self::RANKS as usize;
    type Bits: BitWord;
    /// Known rook and bishop magics, one per square (empty: search them).
    const MAGICS: (&'static [u128], &'static [u128]) = (&[], &[]);

    /// Magic slider tables of this board, built on first use.
    fn sliders() -> &'static SliderTables<Self>;

    #[inline(always)]
    fn square(file: u8, rank: u8) -> Square {
        debug_assert!(file < Self::FILES && rank < Self::RANKS);
        Square::new(rank * Self::FILES + file)
    }
    #[inline(always)]
    fn file_of(sq: Square) -> u8 {
        sq.0 % Self::FILES
    }
    #[inline(always)]
    fn rank_of(sq: Square) -> u8 {
        sq.0 / Self::FILES
    }
    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    fn offset(sq: Square, df: i32, dr: i32) -> Option<Square> {
        let f = Self::file_of(sq) as i32 + df;
        let r = Self::rank_of(sq) as i32 + dr;
        if (0..Self::FILES as i32).contains(&f) && (0..Self::RANKS as i32).contains(&r) {
            Some(Self::square(f as u8, r as u8))
        } else {
            None
        }
    }
    /// Every square of the board.
    #[inline(always)]
    fn all() -> Bitboard<Self::Bits> {
        Bitboard(Self::Bits::from_u128(u128::MAX >> (128 - Self::SQUARES)))
    }
    /// Every square on `rank` (0-based from White's side).
    fn rank_bb(rank: u8) -> Bitboard<Self::Bits> {
        let row = Self::Bits::from_u128((1u128 << Self::FILES) - 1);
        Bitboard(row << (rank as u32 * Self::FILES as u32))
    }
    /// Every square on `file`.
    fn file_bb(file: u8) -> Bitboard<Self::Bits> {
        (0..Self::RANKS)
            .fold(Bitboard::EMPTY, |bb, r| bb | Bitboard::from_square(Self::square(file, r)))
    }
    /// Parses `e4`, `a10`: a file letter then a 1-based rank number.
    fn parse_square(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let file = file as u8 - b'a';
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let rank: u32 = digits.parse().ok()?;
        if file >= Self::FILES || rank == 0 || rank > Self::RANKS as u32 {
            return None;
        }
        Some(Self::square(file, rank as u8 - 1))
    }
    fn square_name(sq: Square) -> String {
        format!("{}{}", (b'a' + Self::file_of(sq)) as char, Self::rank_of(sq) + 1)
    }
}

macro_rules! geometry {
    ($(#[$doc:meta])* $name:ident, $files:expr, $ranks:expr, $bits:ty, $magics:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct $name;
        impl Geometry for $name {
            const FILES: u8 = $files;
            const RANKS: u8 = $ranks;
            type Bits = $bits;
            const MAGICS: (&'static [u128], &'static [u128]) = $magics;
            #[inline(always)]
            fn sliders() -> &'static SliderTables<Self> {
                static TABLES: std::sync::LazyLock<SliderTables<$name>> =
                    std::sync::LazyLock::new(SliderTables::new);
                &TABLES
            }
        }
    };
}

geometry!(
    /// 7x7 (gethenian).
    Board7x7, 7, 7, u64, crate::magics::MAGICS_7X7
);
geometry!(
    /// 8x8 (chess, shinobi).
    Board8x8, 8, 8, u64, crate::magics::MAGICS_8X8
);
geometry!(
    /// 9x9 (coherent).
    Board9x9, 9, 9, u128, crate::magics::MAGICS_9X9
);
geometry!(
    /// 10x8 (gothic).
    Board10x8, 10, 8, u128, crate::magics::MAGICS_10X8
);
