//! The coherent knight: `k` rook steps then `k` bishop steps, or the reverse, through
//! empty squares (docs/rules/coherent.md).
//!
//! For each square the tables list, per first-leg direction and in order of growing `k`,
//! the corner square and the second legs that stay on the board (the mask of squares each
//! passes and its destination, both as bitboards). An attack walks the first leg outwards
//! and stops at the first occupied corner, since every longer path passes it too; each
//! second leg is one mask test, whose outcome masks the destination in without a branch
//! (the outcomes follow the position, so a branch would be mispredicted often). The move
//! set is reversible (a path read backwards is a path of the other kind), so the same
//! function answers "which knights attack this square".
//!
//! `paths(a, b)` lists every path between two squares as a mask of the squares passed;
//! pins, blocks, check evasions and checks by a knight use it. The slow reference
//! [`walk_attacks`] walks the rules literally and is compared with the tables in tests.

use crate::bitboard::{BitWord, Bitboard};
use crate::sliders::{DIAGONAL, DIRECTIONS};
use crate::square::{Geometry, Square};

#[derive(Clone, Copy, Debug)]
struct SecondLeg<W: BitWord> {
    passed: Bitboard<W>,
    dest: Bitboard<W>,
}

/// A first leg: its corner square and the slice of `seconds` that turns there.
#[derive(Clone, Copy, Debug)]
struct Leg {
    corner: Square,
    seconds_start: u16,
    seconds_end: u16,
}

/// Path tables of the coherent knight on one board.
#[derive(Debug)]
pub struct CoherentPaths<G: Geometry> {
    legs: Vec<Leg>,
    seconds: Vec<SecondLeg<G::Bits>>,
    /// `ranges[sq * 8 + d1]`: the slice of `legs` for first-leg direction `d1`.
    ranges: Vec<(u16, u16)>,
    /// `between[a * SQUARES + b]`: masks of the squares passed by every path a -> b.
    between: Vec<Vec<Bitboard<G::Bits>>>,
}

/// The second-leg directions for a first leg along `d1`: the four directions of the
/// other kind (every one turns by 45 or 135 degrees).
fn second_directions(d1: usize) -> impl Iterator<Item = usize> {
    let diagonal_first = DIAGONAL & (1 << d1) != 0;
    (0..8).filter(move |&d2| (DIAGONAL & (1 << d2) != 0) != diagonal_first)
}

impl<G: Geometry> CoherentPaths<G> {
    pub fn new() -> Self {
        let n = G::SQUARES;
        let mut legs = Vec::new();
        let mut second_legs = Vec::new();
        let mut ranges = Vec::with_capacity(n * 8);
        let mut between = vec![Vec::new(); n * n];
        for s in 0..n {
            let sq = Square::new(s as u8);
            for (d1, &(f1, r1)) in DIRECTIONS.iter().enumerate() {
                let start = legs.len();
                let mut first = Bitboard::<G::Bits>::EMPTY;
                let mut k = 1;
                while let Some(corner) = G::offset(sq, f1 * k, r1 * k) {
                    first.set(corner);
                    let seconds_start = u16::try_from(second_legs.len()).expect("path table size");
                    for d2 in second_directions(d1) {
                        let (f2, r2) = DIRECTIONS[d2];
                        let mut passed = Bitboard::EMPTY;
                        let mut dest = None;
                        for step in 1..=k {
                            match G::offset(corner, f2 * step, r2 * step) {
                                Some(x) if step < k => passed.set(x),
                                Some(x) => dest = Some(x),
                                None => break,
                            }
                        }
                        if let Some(dest) = dest {
                            second_legs
                                .push(SecondLeg { passed, dest: Bitboard::from_square(dest) });
                            let all = passed | first;
                            let list = &mut between[s * n + dest.index()];
                            if !list.contains(&all) {
                                list.push(all);
                            }
                        }
                    }
                    let seconds_end = u16::try_from(second_legs.len()).expect("path table size");
                    legs.push(Leg { corner, seconds_start, seconds_end });
                    k += 1;
                }
                ranges.push((start as u16, (legs.len() - start) as u16));
            }
        }
        CoherentPaths { legs, seconds: second_legs, ranges, between }
    }

    /// Squares the knight on `sq` attacks.
    #[inline]
    pub fn attacks(&self, sq: Square, occupied: Bitboard<G::Bits>) -> Bitboard<G::Bits> {
        let mut attacks = Bitboard::EMPTY;
        for d1 in 0..8 {
            let (start, len) = self.ranges[sq.index() * 8 + d1];
            for leg in &self.legs[start as usize..(start + len) as usize] {
                if occupied.has(leg.corner) {
                    break;
                }
                let seconds = &self.seconds[leg.seconds_start as usize..leg.seconds_end as usize];
                for second in seconds {
                    let clear = (second.passed & occupied).is_empty();
                    // All ones where the path is clear, else zero.
                    let keep = <G::Bits as BitWord>::ZERO
                        .wrapping_sub(<G::Bits as BitWord>::from_u128(clear as u128));
                    attacks |= Bitboard(second.dest.0 & keep);
                }
            }
        }
        attacks
    }

    /// Every path between `a` and `b`, as the mask of squares it passes.
    #[inline]
    pub fn paths(&self, a: Square, b: Square) -> &[Bitboard<G::Bits>] {
        &self.between[a.index() * G::SQUARES + b.index()]
    }

    /// Whether a knight on `a` reaches `b` on the board `occupied`: some path between
    /// them is empty. One square's answer, without walking every attack.
    #[inline]
    pub fn reaches(&self, a: Square, b: Square, occupied: Bitboard<G::Bits>) -> bool {
        self.paths(a, b).iter().any(|&path| (path & occupied).is_empty())
    }
}

impl<G: Geometry> Default for CoherentPaths<G> {
    fn default() -> Self {
        Self::new()
    }
}

/// The rules read literally: every `k`, both leg orders, every turn, square by square.
pub fn walk_attacks<G: Geometry>(sq: Square, occupied: Bitboard<G::Bits>) -> Bitboard<G::Bits> {
    let mut attacks = Bitboard::EMPTY;
    for (d1, &(f1, r1)) in DIRECTIONS.iter().enumerate() {
        for d2 in second_directions(d1) {
            let (f2, r2) = DIRECTIONS[d2];
            'k: for k in 1..=G::FILES.max(G::RANKS) as i32 {
                let mut cur = sq;
                for step in 0..2 * k {
                    let (df, dr) = if step < k { (f1, r1) } else { (f2, r2) };
                    let Some(next) = G::offset(cur, df, dr) else { continue 'k };
                    if step == 2 * k - 1 {
                        attacks.set(next);
                    } else if occupied.has(next) {
                        continue 'k;
                    }
                    cur = next;
                }
            }
        }
    }
    attacks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;
    use crate::square::Board9x9;

    #[test]
    fn knight_on_e5_reaches_the_32_squares_of_the_rules_page() {
        let paths = CoherentPaths::<Board9x9>::new();
        let e5 = Board9x9::parse_square("e5").unwrap();
        let mut occupied = Bitboard::EMPTY;
        occupied.set(Board9x9::parse_square("a1").unwrap());
        occupied.set(Board9x9::parse_square("i9").unwrap());
        let mut names: Vec<String> =
            paths.attacks(e5, occupied).map(Board9x9::square_name).collect();
        names.sort();
        let expected = "a3 a5 a7 b5 c1 c4 c5 c6 c9 d3 d5 d7 e1 e2 e3 e4 e6 e7 e8 e9 f3 f5 f7 g1 g4 g5 g6 g9 h5 i3 i5 i7";
        assert_eq!(names.join(" "), expected);
    }

    #[test]
    fn tables_match_the_literal_walker_on_random_boards() {
        let paths = CoherentPaths::<Board9x9>::new();
        let mut state = 0x1234_5678_9ABC_DEF1u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..3000 {
            let density = round % 4;
            let mut bits = ((next() as u128) << 64) | next() as u128;
            for _ in 0..density {
                bits &= ((next() as u128) << 64) | next() as u128;
            }
            let occupied = Bitboard(bits) & Board9x9::all();
            for s in 0..81 {
                let sq = Square::new(s);
                assert_eq!(paths.attacks(sq, occupied), walk_attacks::<Board9x9>(sq, occupied));
            }
        }
    }

    #[test]
    fn paths_agree_with_attacks() {
        let paths = CoherentPaths::<Board9x9>::new();
        let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
        for _ in 0..300 {
            let state = rng.next_u64();
            let bits = (state as u128) << 64 | state.rotate_left(17) as u128;
            let occupied = Bitboard(bits & bits.rotate_left(29)) & Board9x9::all();
            for a in 0..81u8 {
                let sa = Square::new(a);
                let attacks = paths.attacks(sa, occupied);
                for b in 0..81u8 {
                    let sb = Square::new(b);
                    assert_eq!(paths.reaches(sa, sb, occupied), attacks.has(sb), "{a} -> {b}");
                }
            }
        }
    }
}
