//! Rook and bishop attacks by magic bitboards, plus the line geometry built from them.
//!
//! One fancy-magic table per board shape serves every variant played on it. On `u128`
//! boards the magic product is a full 128-bit multiply (three `mul`s on x86-64): folding
//! the two halves to 64 bits first, the classic trick, collides on 10x8 (b1 and f7 fold
//! onto one bit of the f1 rook's mask), so it cannot work for every square.
//!
//! Searching 128-bit magics takes seconds (about 8 s for 10x8 in a release build), far
//! too long for an engine a GUI starts, so the multipliers found once are embedded in
//! [`crate::magics`] and only checked at start-up; a square whose embedded magic does not
//! fit falls back to the search. `embedded_magics_are_current` in the tests fails,
//! printing fresh constants, if they ever go stale.

use crate::bitboard::{BitWord, Bitboard};
use crate::random::Rng;
use crate::square::{Geometry, Square};

/// Direction vectors (file, rank): orthogonal first, then diagonal; `d ^ 1` is the
/// opposite of `d`, so a half-turn swaps neighbouring bits of a direction set.
pub const DIRECTIONS: [(i32, i32); 8] =
    [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1), (-1, 1), (1, -1)];
pub const NORTH: u8 = 1 << 0;
pub const SOUTH: u8 = 1 << 1;
pub const EAST: u8 = 1 << 2;
pub const WEST: u8 = 1 << 3;
pub const NORTH_EAST: u8 = 1 << 4;
pub const SOUTH_WEST: u8 = 1 << 5;
pub const NORTH_WEST: u8 = 1 << 6;
pub const SOUTH_EAST: u8 = 1 << 7;
pub const ORTHOGONAL: u8 = NORTH | SOUTH | EAST | WEST;
pub const DIAGONAL: u8 = NORTH_EAST | SOUTH_WEST | NORTH_WEST | SOUTH_EAST;

/// The same directions seen from the other side of the board.
pub const fn half_turn(dirs: u8) -> u8 {
    ((dirs & 0x55) << 1) | ((dirs & 0xAA) >> 1)
}

/// The same directions seen in a mirror standing on a file: east and west swap.
pub const fn mirror_files(dirs: u8) -> u8 {
    (dirs & (NORTH | SOUTH))
        | ((dirs & EAST) << 1)
        | ((dirs & WEST) >> 1)
        | ((dirs & (NORTH_EAST | SOUTH_WEST)) << 2)
        | ((dirs & (NORTH_WEST | SOUTH_EAST)) >> 2)
}

#[derive(Debug, Clone, Copy)]
struct Magic<W: BitWord> {
    mask: W,
    magic: W,
    shift: u32,
    offset: u32,
}

impl<W: BitWord> Magic<W> {
    #[inline(always)]
    fn index(&self, occupied: W) -> usize {
        self.offset as usize
            + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift).low_u64() as usize
    }
}

/// Slider attacks and line tables of one board shape.
#[derive(Debug)]
pub struct SliderTables<G: Geometry> {
    rook: Vec<Magic<G::Bits>>,
    bishop: Vec<Magic<G::Bits>>,
    attacks: Vec<Bitboard<G::Bits>>,
    /// `rays[sq][dir]`: every square from `sq` in direction `dir` on an empty board.
    rays: Vec<[Bitboard<G::Bits>; 8]>,
    /// Squares strictly between two squares on a common line, else empty.
    between: Vec<Bitboard<G::Bits>>,
    /// The whole line through two squares (both included), else empty.
    line: Vec<Bitboard<G::Bits>>,
}

/// Attacks along `dirs` (a bit per [`DIRECTIONS`] entry) by walking square by square: the
/// slow, obviously right reference the magic tables are built from and tested against.
pub fn walk_slider<G: Geometry>(
    sq: Square,
    occupied: Bitboard<G::Bits>,
    dirs: u8,
) -> Bitboard<G::Bits> {
    let mut attacks = Bitboard::EMPTY;
    for (i, &(df, dr)) in DIRECTIONS.iter().enumerate() {
        if dirs & (1 << i) == 0 {
            continue;
        }
        let mut cur = sq;
        while let Some(next) = G::offset(cur, df, dr) {
            attacks.set(next);
            if occupied.has(next) {
                break;
            }
            cur = next;
        }
    }
    attacks
}

/// The relevant-occupancy mask: the rays without their last square.
fn relevant_mask<G: Geometry>(sq: Square, dirs: u8) -> Bitboard<G::Bits> {
    let mut mask = Bitboard::EMPTY;
    for (i, &(df, dr)) in DIRECTIONS.iter().enumerate() {
        if dirs & (1 << i) == 0 {
            continue;
        }
        let mut cur = sq;
        while let Some(next) = G::offset(cur, df, dr) {
            if G::offset(next, df, dr).is_none() {
                break;
            }
            mask.set(next);
            cur = next;
        }
    }
    mask
}

/// A random word of the board's width (fixed seeds: the magic search must be reproducible).
fn random_word<W: BitWord>(rng: &mut Rng) -> W {
    W::from_u128(((rng.next_u64() as u128) << 64) | rng.next_u64() as u128)
}

/// A random word with few bits set: a likelier magic.
fn sparse_word<W: BitWord>(rng: &mut Rng) -> W {
    random_word::<W>(rng) & random_word::<W>(rng) & random_word::<W>(rng)
}

/// Builds the magic table of every square, trying the `known` magic of each square first
/// and searching from `rng` where there is none (or it does not fit).
fn find_magics<G: Geometry>(
    dirs: u8,
    known: &[u128],
    rng: &mut Rng,
    table: &mut Vec<Bitboard<G::Bits>>,
) -> Vec<Magic<G::Bits>> {
    let mut magics = Vec::with_capacity(G::SQUARES);
    let mut occupancies = Vec::new();
    let mut references = Vec::new();
    let mut epoch = Vec::new();
    for index in 0..G::SQUARES {
        let sq = Square::new(index as u8);
        let mask = relevant_mask::<G>(sq, dirs);
        let bits = mask.count();
        occupancies.clear();
        references.clear();
        // Carry-rippler enumeration of every subset of the mask.
        let mut subset = G::Bits::ZERO;
        loop {
            occupancies.push(subset);
            references.push(walk_slider::<G>(sq, Bitboard(subset), dirs));
            subset = subset.wrapping_sub(mask.0) & mask.0;
            if subset == G::Bits::ZERO {
                break;
            }
        }
        let size = 1usize << bits;
        let offset = table.len();
        table.resize(offset + size, Bitboard::EMPTY);
        epoch.clear();
        epoch.resize(size, 0u32);
        let mut attempt = 0u32;
        let magic = loop {
            attempt += 1;
            let magic = match known.get(index) {
                Some(&m) if attempt == 1 => G::Bits::from_u128(m),
                _ => sparse_word::<G::Bits>(rng),
            };
            let candidate = Magic { mask: mask.0, magic, shift: G::Bits::BITS - bits, offset: 0 };
            let ok = occupancies.iter().zip(&references).all(|(&occ, &attacks)| {
                let i = candidate.index(occ);
                if epoch[i] != attempt {
                    epoch[i] = attempt;
                    table[offset + i] = attacks;
                    true
                } else {
                    table[offset + i] == attacks
                }
            });
            if ok {
                break Magic { offset: offset as u32, ..candidate };
            }
        };
        magics.push(magic);
    }
    magics
}

impl<G: Geometry> SliderTables<G> {
    pub fn new() -> Self {
        let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15 ^ (G::FILES as u64) << 8 ^ G::RANKS as u64);
        let mut attacks = Vec::new();
        let (known_rook, known_bishop) = G::MAGICS;
        let rook = find_magics::<G>(ORTHOGONAL, known_rook, &mut rng, &mut attacks);
        let bishop = find_magics::<G>(DIAGONAL, known_bishop, &mut rng, &mut attacks);
        let n = G::SQUARES;
        let rays: Vec<[Bitboard<G::Bits>; 8]> = (0..n)
            .map(|i| {
                std::array::from_fn(|d| {
                    walk_slider::<G>(Square::new(i as u8), Bitboard::EMPTY, 1 << d)
                })
            })
            .collect();
        let mut between = vec![Bitboard::EMPTY; n * n];
        let mut line = vec![Bitboard::EMPTY; n * n];
        for a in 0..n {
            for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
                let sa = Square::new(a as u8);
                let opposite = d ^ 1;
                let full = rays[a][d] | rays[a][opposite] | Bitboard::from_square(sa);
                let mut passed = Bitboard::EMPTY;
                let mut cur = sa;
                while let Some(next) = G::offset(cur, df, dr) {
                    between[a * n + next.index()] = passed;
                    line[a * n + next.index()] = full;
                    passed.set(next);
                    cur = next;
                }
            }
        }
        SliderTables { rook, bishop, attacks, rays, between, line }
    }

    /// The magic multipliers in use (rook, bishop), to embed as [`Geometry::MAGICS`].
    pub fn magics(&self) -> (Vec<u128>, Vec<u128>) {
        let words = |magics: &[Magic<G::Bits>]| magics.iter().map(|m| m.magic.to_u128()).collect();
        (words(&self.rook), words(&self.bishop))
    }

    #[inline(always)]
    pub fn rook(&self, sq: Square, occupied: Bitboard<G::Bits>) -> Bitboard<G::Bits> {
        debug_assert!(sq.index() < G::SQUARES);
        // SAFETY: `sq` is on the board, and a magic index is below its table's size by
        // construction (the shift leaves exactly the mask's bit count).
        unsafe {
            let magic = self.rook.get_unchecked(sq.index());
            *self.attacks.get_unchecked(magic.index(occupied.0))
        }
    }

    #[inline(always)]
    pub fn bishop(&self, sq: Square, occupied: Bitboard<G::Bits>) -> Bitboard<G::Bits> {
        debug_assert!(sq.index() < G::SQUARES);
        // SAFETY: as in `rook`.
        unsafe {
            let magic = self.bishop.get_unchecked(sq.index());
            *self.attacks.get_unchecked(magic.index(occupied.0))
        }
    }

    /// The empty-board ray from `sq` in direction `dir` (an index into [`DIRECTIONS`]).
    #[inline(always)]
    pub fn ray(&self, sq: Square, dir: usize) -> Bitboard<G::Bits> {
        self.rays[sq.index()][dir]
    }

    #[inline(always)]
    pub fn between(&self, a: Square, b: Square) -> Bitboard<G::Bits> {
        self.between[a.index() * G::SQUARES + b.index()]
    }

    #[inline(always)]
    pub fn line(&self, a: Square, b: Square) -> Bitboard<G::Bits> {
        self.line[a.index() * G::SQUARES + b.index()]
    }
}

impl<G: Geometry> Default for SliderTables<G> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::{Board10x8, Board7x7, Board8x8, Board9x9};

    fn lcg_boards<G: Geometry>() {
        let tables = G::sliders();
        let mut rng = Rng::new(12345);
        for _ in 0..2000 {
            let occ = Bitboard(random_word::<G::Bits>(&mut rng) & random_word::<G::Bits>(&mut rng))
                & G::all();
            for i in 0..G::SQUARES {
                let sq = Square::new(i as u8);
                assert_eq!(tables.rook(sq, occ), walk_slider::<G>(sq, occ, ORTHOGONAL));
                assert_eq!(tables.bishop(sq, occ), walk_slider::<G>(sq, occ, DIAGONAL));
            }
        }
    }

    #[test]
    fn magics_match_the_walker_on_every_board() {
        lcg_boards::<Board7x7>();
        lcg_boards::<Board8x8>();
        lcg_boards::<Board9x9>();
        lcg_boards::<Board10x8>();
    }

    fn embedded_ones_fit<G: Geometry>() -> bool {
        let (rook, bishop) = G::sliders().magics();
        let (known_rook, known_bishop) = G::MAGICS;
        if rook != known_rook || bishop != known_bishop {
            println!(
                "pub const MAGICS_{}X{}: (&[u128], &[u128]) = (&{:?}, &{:?});",
                G::FILES,
                G::RANKS,
                rook,
                bishop
            );
            return false;
        }
        true
    }

    #[test]
    fn embedded_magics_are_current() {
        let all = [
            embedded_ones_fit::<Board7x7>(),
            embedded_ones_fit::<Board8x8>(),
            embedded_ones_fit::<Board9x9>(),
            embedded_ones_fit::<Board10x8>(),
        ];
        assert!(all.iter().all(|&ok| ok), "paste the printed constants into magics.rs");
    }

    #[test]
    fn between_and_line() {
        let t = Board8x8::sliders();
        let sq = |s: &str| Board8x8::parse_square(s).unwrap();
        assert_eq!(t.between(sq("a1"), sq("d4")).count(), 2);
        assert!(t.between(sq("a1"), sq("b3")).is_empty());
        assert!(t.line(sq("a1"), sq("b3")).is_empty());
        assert_eq!(t.line(sq("c3"), sq("e5")).count(), 8);
    }
}
