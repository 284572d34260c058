//! The material imbalance ([`ImbalanceTerms`]) and a per-thread cache of it.
//!
//! The imbalance depends on the numbers of men alone, which a capture or a promotion
//! changes and nothing else does, so most nodes of a search ask for a material balance
//! they asked for before. Summed afresh it costs about 110 ns in gothic (eight slots, a
//! weight for each pair), some 9 % of a whole evaluation; a search thread keeps a
//! [`MaterialCache`] instead, a table of recent balances indexed by a hash of the men's
//! numbers and checked against the numbers themselves, so a collision costs a
//! recomputation, never a wrong score. Like the pawn cache it belongs to the variant's own
//! parameters ([`crate::evaluate_cached`]); the tuner evaluates without one.

use std::marker::PhantomData;

use ekumen_movegen::{Color, PieceType, Position, Variant};

use super::pawns::FIBONACCI;
use crate::{EvalParams, EvalTables, Evaluate, ImbalanceTerms, S};

/// Each side's imbalance, from its cache when the search gives one.
#[inline(always)]
pub(crate) fn score<V: Evaluate>(
    pos: &Position<V>,
    params: &EvalParams,
    tables: &EvalTables<V>,
    bishop_pair: [bool; 2],
    cache: Option<&mut MaterialCache<V>>,
) -> [S; 2] {
    if tables.imbalance_kinds.is_empty() {
        return [S::ZERO; 2];
    }
    let (terms, kinds) = (&params.imbalance, &tables.imbalance_kinds);
    match cache {
        Some(cache) => cache.imbalance(pos, terms, kinds, bishop_pair),
        None => imbalance(pos, terms, kinds, bishop_pair),
    }
}

/// Most slots an imbalance can have: the bishop pair and every non-royal piece type.
const MAX_SLOTS: usize = ekumen_movegen::piece::MAX_PIECE_TYPES + 1;
/// Bits per man count in a cache key.
const COUNT_BITS: u32 = 5;
/// Most slots a side can have for its counts to fit a 128-bit key.
const KEY_SLOTS: usize = 64 / COUNT_BITS as usize;
/// Material balances a [`MaterialCache`] holds (a power of two): 256 KB a search thread
/// of a variant with an imbalance term.
const CACHE_ENTRIES: usize = 1 << 13;
/// The least a cache may hold: what a variant without an imbalance term gets, as its
/// evaluation never reads the cache.
const MIN_ENTRIES: usize = 2;

/// Each side's men by imbalance slot: the bishop pair (0 or 1), then the non-royal types.
type Counts = [[i32; MAX_SLOTS]; 2];

fn counts<V: Variant>(pos: &Position<V>, kinds: &[PieceType], bishop_pair: [bool; 2]) -> Counts {
    let mut counts = [[0; MAX_SLOTS]; 2];
    for color in Color::BOTH {
        let side = &mut counts[color.index()];
        side[0] = i32::from(bishop_pair[color.index()]);
        for (slot, &kind) in kinds.iter().enumerate() {
            side[slot + 1] = pos.pieces_of(color, kind).count() as i32;
        }
    }
    counts
}

/// Each side's imbalance, in centipawns, from the men's numbers: for each of our slots,
/// its count times the sum of its weights with our own lower slots (itself included) and
/// with their strictly lower ones, as Stockfish's classical evaluation sums them.
fn imbalance_of(terms: &ImbalanceTerms, counts: &Counts, slots: usize) -> [S; 2] {
    let mut sums = [S::ZERO; 2];
    for us in 0..2 {
        let (ours, theirs) = (&counts[us][..slots], &counts[1 - us][..slots]);
        for (i, &count) in ours.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let own_row = &terms.ours[i * (i + 1) / 2..][..=i];
            let their_row = &terms.theirs[i * i.saturating_sub(1) / 2..][..i];
            let mut weight = S::ZERO;
            for (&w, &n) in own_row.iter().zip(ours) {
                weight += w * n;
            }
            for (&w, &n) in their_row.iter().zip(theirs) {
                weight += w * n;
            }
            sums[us] += weight * count;
        }
    }
    sums.map(|sum| S { mg: sum.mg / 16, eg: sum.eg / 16 })
}

/// Each side's imbalance in `pos` (see [`ImbalanceTerms`]), in centipawns. `kinds` are the
/// non-royal piece types in slot order; `bishop_pair` says which sides have one.
pub(crate) fn imbalance<V: Variant>(
    pos: &Position<V>,
    terms: &ImbalanceTerms,
    kinds: &[PieceType],
    bishop_pair: [bool; 2],
) -> [S; 2] {
    imbalance_of(terms, &counts(pos, kinds, bishop_pair), kinds.len() + 1)
}

/// The men's numbers packed into one key, `None` when they do not fit in one.
fn key(counts: &Counts, slots: usize) -> Option<u128> {
    if slots > KEY_SLOTS {
        return None;
    }
    let mut key = 0u128;
    for side in counts {
        for &count in &side[..slots] {
            if count >= 1 << COUNT_BITS {
                return None;
            }
            key = key << COUNT_BITS | count as u128;
        }
    }
    Some(key)
}

#[derive(Clone, Copy)]
struct Entry {
    key: u128,
    imbalance: [S; 2],
}

/// A search thread's table of recent material balances and their imbalance.
pub struct MaterialCache<V: Variant> {
    entries: Vec<Entry>,
    variant: PhantomData<V>,
}

impl<V: Evaluate> Default for MaterialCache<V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<V: Evaluate> MaterialCache<V> {
    /// A cache of the usual size, or of the least size for a variant whose evaluation has
    /// no imbalance slots and so never reads it.
    pub fn new() -> Self {
        let reads_cache = !V::eval_tables().imbalance_kinds.is_empty();
        Self::with_entries(if reads_cache { CACHE_ENTRIES } else { MIN_ENTRIES })
    }
}

impl<V: Variant> MaterialCache<V> {
    /// A cache of `entries` balances, a power of two and at least two (small ones let
    /// tests see entries replaced).
    pub fn with_entries(entries: usize) -> Self {
        assert!(
            entries.is_power_of_two() && entries >= MIN_ENTRIES,
            "{entries} material cache entries"
        );
        // Every slot starts as the balance of bare kings (key 0), whose imbalance is zero:
        // what computing it gives, so no marker for an empty slot is needed.
        let bare = Entry { key: 0, imbalance: [S::ZERO; 2] };
        MaterialCache { entries: vec![bare; entries], variant: PhantomData }
    }

    /// [`imbalance`], read from the cache or computed and stored.
    #[inline(always)]
    pub(crate) fn imbalance(
        &mut self,
        pos: &Position<V>,
        terms: &ImbalanceTerms,
        kinds: &[PieceType],
        bishop_pair: [bool; 2],
    ) -> [S; 2] {
        let counts = counts(pos, kinds, bishop_pair);
        let slots = kinds.len() + 1;
        let Some(key) = key(&counts, slots) else {
            return imbalance_of(terms, &counts, slots);
        };
        let mixed = (key as u64 ^ (key >> 64) as u64).wrapping_mul(FIBONACCI);
        let index = (mixed >> (64 - self.entries.len().trailing_zeros())) as usize;
        let entry = &mut self.entries[index];
        if entry.key != key {
            *entry = Entry { key, imbalance: imbalance_of(terms, &counts, slots) };
        }
        entry.imbalance
    }
}

impl<V: Variant> std::fmt::Debug for MaterialCache<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MaterialCache").field("entries", &self.entries.len()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::s;
    use ekumen_movegen::variants::{Chess, Coherent, Gethenian, Gothic, Shinobi};
    use ekumen_movegen::{PieceType, Position};

    /// Gothic's imbalance slots: the bishop pair, then pawn, knight, bishop, rook, queen,
    /// chancellor and archbishop (the king has none).
    const GOTHIC_ROOK_SLOT: usize = 4;
    const GOTHIC_QUEEN_SLOT: usize = 5;

    #[test]
    fn imbalance_weighs_each_pair_of_men_once() {
        let slots = 8;
        let mut ours = vec![S::ZERO; slots * (slots + 1) / 2];
        let mut theirs = vec![S::ZERO; slots * (slots - 1) / 2];
        let (rook, queen) = (GOTHIC_ROOK_SLOT, GOTHIC_QUEEN_SLOT);
        // Our rook with our rook, and our queen with their rook.
        ours[rook * (rook + 1) / 2 + rook] = s(-160, -320);
        theirs[queen * (queen - 1) / 2 + rook] = s(32, 64);
        let terms = ImbalanceTerms { ours: &ours, theirs: &theirs };
        let kinds: Vec<PieceType> = (0..Gothic::PIECES.len())
            .filter(|&i| !Gothic::PIECES[i].royal)
            .map(|i| PieceType(i as u8))
            .collect();
        assert_eq!(kinds.len() + 1, slots);
        assert_eq!(Gothic::PIECES[kinds[rook - 1].index()].name, "rook");
        assert_eq!(Gothic::PIECES[kinds[queen - 1].index()].name, "queen");
        let pos =
            Position::<Gothic>::from_fen("r4k4/10/10/10/10/10/10/RR2QK4 w - - 0 1", false).unwrap();
        // White: two rooks, 2 * (2 * -160) / 16; the queen with one enemy rook, 32 / 16.
        // Black: one rook, -160 / 16; no queen.
        assert_eq!(
            imbalance(&pos, &terms, &kinds, [false, false]),
            [s(-40 + 2, -80 + 4), s(-10, -20)]
        );
    }

    #[test]
    fn only_a_variant_with_an_imbalance_gets_a_full_cache() {
        assert_eq!(MaterialCache::<Gothic>::new().entries.len(), CACHE_ENTRIES);
        assert_eq!(MaterialCache::<Chess>::new().entries.len(), MIN_ENTRIES);
        assert_eq!(MaterialCache::<Shinobi>::new().entries.len(), MIN_ENTRIES);
        assert_eq!(MaterialCache::<Gethenian>::new().entries.len(), MIN_ENTRIES);
        assert_eq!(MaterialCache::<Coherent>::new().entries.len(), MIN_ENTRIES);
    }
}
