//! What the pawns alone decide, and a per-thread cache of it.
//!
//! Pawns move far less often than pieces: most moves of a search leave both sides' pawns
//! where they were. Everything of the evaluation that depends on the pawns only (their
//! attacks, the structure terms of [`PawnTerms`], which pawns are passed, the pawns facing
//! each other) is gathered in a [`PawnInfo`]; with a king's square added, so is the king's
//! pawn cover ([`pawn_cover`]).
//!
//! A search thread keeps a [`PawnCache`]: a table of recent pawn structures, indexed by a
//! hash of the two sides' pawn sets and checked against the sets themselves, so a
//! collision costs a recomputation, never a wrong score. Each entry also remembers, per
//! side, the pawn cover for the king's square it was last asked about (the king moves
//! rarely too). The cache belongs to one parameter table, the variant's own
//! ([`crate::evaluate_cached`]); the tuner, which changes the parameters, evaluates
//! without one. Only variants with one pawn type use it (every one here): the key is the
//! pawns of each side, not which type stands where.

use ekumen_movegen::attacks::Bb;
use ekumen_movegen::{BitWord, Bitboard, Color, Geometry, Position, Square, Variant};

use crate::geometry::{forward, kinds_in, pawn_step, relative_rank, shifted, square_ahead};
use crate::trace::record;
use crate::{EvalParams, EvalTables, Evaluate, NoTrace, Trace, S};

/// Pawn structures a [`PawnCache`] holds (a power of two). At about 150 bytes an entry on
/// the largest boards, 2 MB a search thread.
const CACHE_ENTRIES: usize = 1 << 14;

/// What the pawns alone decide.
#[derive(Clone, Copy)]
pub(crate) struct PawnInfo<V: Variant> {
    /// Each side's pawns (of every pawn type).
    pub pawns: [Bb<V>; 2],
    /// The squares each side's pawns attack.
    pub by_pawns: [Bb<V>; 2],
    /// Each side's passed pawns (no enemy pawn ahead on its file or beside, no pawn of
    /// its own ahead on its file).
    pub passed: [Bb<V>; 2],
    /// Each side's pawn-structure terms ([`PawnTerms`](crate::PawnTerms)): doubled,
    /// isolated, connected, backward, weak and unopposed, passed by rank.
    pub structure: [S; 2],
    /// Pawns of either side facing an enemy pawn: a white pawn and the black one it faces
    /// make two.
    pub blocked: i32,
}

impl<V: Evaluate> PawnInfo<V> {
    /// The information of a board without pawns.
    const NO_PAWNS: Self = PawnInfo {
        pawns: [Bitboard::EMPTY; 2],
        by_pawns: [Bitboard::EMPTY; 2],
        passed: [Bitboard::EMPTY; 2],
        structure: [S::ZERO; 2],
        blocked: 0,
    };

    /// Gathers the pawns' information of `pos` under `params`.
    #[inline(always)]
    pub fn compute(
        pos: &Position<V>,
        params: &EvalParams,
        tables: &EvalTables<V>,
        trace: &mut impl Trace,
    ) -> Self {
        let mut info = Self::NO_PAWNS;
        if tables.pawn_kinds == 0 {
            return info;
        }
        let occupied = pos.occupied();
        for color in Color::BOTH {
            for kind in kinds_in(tables.pawn_kinds) {
                let of_kind = pos.pieces_of(color, kind);
                info.pawns[color.index()] |= of_kind;
                for sq in of_kind {
                    info.by_pawns[color.index()] |= pos.attacks_from(color, kind, sq, occupied);
                }
            }
        }
        if params.structure.space != 0 {
            let facing = shifted::<V>(info.pawns[0], forward::<V>(Color::White)) & info.pawns[1];
            info.blocked = 2 * facing.count() as i32;
        }
        if !params.pawns.passed.is_empty() {
            for color in Color::BOTH {
                info.structure_of(params, tables, color, trace);
            }
        }
        info
    }

    /// Scores `color`'s pawn structure and finds its passed pawns.
    #[inline(always)]
    fn structure_of(
        &mut self,
        params: &EvalParams,
        tables: &EvalTables<V>,
        color: Color,
        trace: &mut impl Trace,
    ) {
        let (us, them) = (color.index(), (!color).index());
        let terms = &params.pawns;
        let ours = self.pawns[us];
        let mut score = S::ZERO;
        for sq in ours {
            let slot = us * V::Geo::SQUARES + sq.index();
            let file = V::Geo::file_of(sq) as usize;
            if (tables.front_span[slot] & ours).is_nonempty() {
                let value = terms.doubled;
                score += value;
                record!(trace.add("pawns.doubled", color, value));
            }
            let neighbours = tables.adjacent_files[file] & ours;
            let opposed = (tables.front_span[slot] & self.pawns[them]).is_nonempty();
            let mut weak = neighbours.is_empty();
            if neighbours.is_empty() {
                let value = terms.isolated;
                score += value;
                record!(trace.add("pawns.isolated", color, value));
            } else {
                if (tables.king_zone[sq.index()] & ours & !tables.front_span[slot]).is_nonempty() {
                    let value = terms.connected;
                    score += value;
                    record!(trace.add("pawns.connected", color, value));
                }
                if !terms.connected_by_rank.is_empty() {
                    let value = connected_by_rank::<V>(params, neighbours, color, sq, opposed);
                    score += value;
                    record!(trace.add("pawns.connected_by_rank", color, value));
                }
                if terms.backward != S::ZERO && (neighbours & !tables.passed_span[slot]).is_empty()
                {
                    let held = square_ahead::<V>(color, sq)
                        .is_some_and(|next| (self.pawns[them] | self.by_pawns[them]).has(next));
                    if held {
                        let value = terms.backward;
                        score += value;
                        record!(trace.add("pawns.backward", color, value));
                        weak = true;
                    }
                }
            }
            if weak && !opposed {
                let value = terms.weak_unopposed;
                score += value;
                record!(trace.add("pawns.weak_unopposed", color, value));
            }
            if (tables.passed_span[slot] & self.pawns[them]).is_empty()
                && (tables.front_span[slot] & ours).is_empty()
            {
                let rank = relative_rank::<V>(color, sq) as usize;
                let value = terms.passed[rank.min(terms.passed.len() - 1)];
                score += value;
                record!(trace.add("pawns.passed", color, value));
                self.passed[us].set(sq);
            }
        }
        self.structure[us] = score;
    }
}

/// The rank-scaled bonus of a pawn with friendly pawns beside it or guarding it (see
/// [`PawnTerms::connected_by_rank`](crate::PawnTerms::connected_by_rank)); zero for a pawn
/// with neither.
fn connected_by_rank<V: Evaluate>(
    params: &EvalParams,
    neighbours: Bb<V>,
    color: Color,
    sq: Square,
    opposed: bool,
) -> S {
    // `neighbours` holds our pawns on the adjacent files: those on this rank stand beside
    // the pawn, those one rank behind support it.
    let rank = V::Geo::rank_of(sq) as i32;
    let beside = (neighbours & V::Geo::rank_bb(rank as u8)).is_nonempty() as i32;
    let back = rank - pawn_step(color);
    let supporters = if (0..V::Geo::RANKS as i32).contains(&back) {
        (neighbours & V::Geo::rank_bb(back as u8)).count() as i32
    } else {
        0
    };
    if beside + supporters == 0 {
        return S::ZERO;
    }
    let table = params.pawns.connected_by_rank;
    let rank = (relative_rank::<V>(color, sq) as usize).min(table.len() - 1);
    table[rank] * (2 + beside - opposed as i32) + params.pawns.supported * supporters
}

/// `color`'s pawn cover and the enemy's pawn storm on the king's file and the files
/// beside it (the three files nearest the king when it stands on an edge file).
#[inline(always)]
pub(crate) fn pawn_cover<V: Evaluate>(
    params: &EvalParams,
    tables: &EvalTables<V>,
    pawns: &[Bb<V>; 2],
    color: Color,
    king: Square,
) -> S {
    let terms = &params.pawns;
    let files = V::Geo::FILES as i32;
    let king_file = V::Geo::file_of(king) as i32;
    let centre_file = king_file.clamp(1, files - 2);
    let king_rank = relative_rank::<V>(color, king) as usize;
    // Ranks from the king to the nearest pawn of a set, if any.
    let nearest =
        |set: Bb<V>| set.map(|sq| relative_rank::<V>(color, sq) as usize - king_rank).min();
    let index =
        |distance: Option<usize>, table: &[S]| distance.map_or(0, |d| 1 + d.min(table.len() - 2));
    let mut score = S::ZERO;
    for file in centre_file - 1..=centre_file + 1 {
        let Some(level) = V::Geo::offset(king, file - king_file, 0) else { continue };
        let ahead = tables.front_span[color.index() * V::Geo::SQUARES + level.index()]
            | Bitboard::from_square(level);
        let ours = nearest(pawns[color.index()] & ahead);
        let theirs = nearest(pawns[(!color).index()] & ahead);
        score += terms.shelter[index(ours, terms.shelter)];
        score += match (ours, theirs) {
            (Some(o), Some(t)) if t == o + 1 => terms.blocked_storm,
            _ => terms.storm[index(theirs, terms.storm)],
        };
    }
    score
}

/// One pawn structure's information and the last pawn cover asked of it per side.
#[derive(Clone, Copy)]
pub(crate) struct PawnEntry<V: Variant> {
    pub info: PawnInfo<V>,
    /// Per side, the king's square the cover was computed for and the cover.
    cover: [Option<(Square, S)>; 2],
}

impl<V: Evaluate> PawnEntry<V> {
    /// An entry for `pos` that no cache holds.
    #[inline(always)]
    pub fn uncached(
        pos: &Position<V>,
        params: &EvalParams,
        tables: &EvalTables<V>,
        trace: &mut impl Trace,
    ) -> Self {
        PawnEntry { info: PawnInfo::compute(pos, params, tables, trace), cover: [None; 2] }
    }

    /// `color`'s pawn cover with its king on `king`, computed once per king square.
    #[inline(always)]
    pub fn cover(
        &mut self,
        params: &EvalParams,
        tables: &EvalTables<V>,
        color: Color,
        king: Square,
    ) -> S {
        match self.cover[color.index()] {
            Some((square, cover)) if square == king => cover,
            _ => {
                let cover = pawn_cover(params, tables, &self.info.pawns, color, king);
                self.cover[color.index()] = Some((king, cover));
                cover
            }
        }
    }
}

/// Recent pawn structures of one search thread, for the variant's own parameters (see the
/// module docs).
pub struct PawnCache<V: Variant> {
    entries: Vec<PawnEntry<V>>,
}

impl<V: Evaluate> PawnCache<V> {
    /// A cache of the usual size.
    pub fn new() -> Self {
        Self::with_entries(CACHE_ENTRIES)
    }

    /// A cache of `entries` pawn structures, a power of two and at least two (small ones
    /// let tests see entries replaced).
    pub fn with_entries(entries: usize) -> Self {
        assert!(entries.is_power_of_two() && entries >= 2, "{entries} pawn cache entries");
        // Every slot starts as the entry of the board without pawns, which is what
        // computing it gives: no marker for an empty slot is needed.
        let no_pawns = PawnEntry { info: PawnInfo::NO_PAWNS, cover: [None; 2] };
        PawnCache { entries: vec![no_pawns; entries] }
    }

    /// The entry of `pos`'s pawn structure, filled in first if the cache did not hold it.
    #[inline(always)]
    pub(crate) fn entry(
        &mut self,
        pos: &Position<V>,
        params: &EvalParams,
        tables: &EvalTables<V>,
    ) -> &mut PawnEntry<V> {
        let pawns = pawns_of(pos, tables);
        let index_bits = self.entries.len().trailing_zeros();
        let entry = &mut self.entries[slot::<V>(pawns, index_bits)];
        if entry.info.pawns != pawns {
            *entry = PawnEntry::uncached(pos, params, tables, &mut NoTrace);
        }
        entry
    }
}

impl<V: Variant> std::fmt::Debug for PawnCache<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PawnCache").field("entries", &self.entries.len()).finish()
    }
}

impl<V: Evaluate> Default for PawnCache<V> {
    fn default() -> Self {
        Self::new()
    }
}

/// Each side's pawns, of every pawn type.
#[inline(always)]
fn pawns_of<V: Evaluate>(pos: &Position<V>, tables: &EvalTables<V>) -> [Bb<V>; 2] {
    Color::BOTH.map(|color| {
        kinds_in(tables.pawn_kinds)
            .fold(Bitboard::EMPTY, |set, kind| set | pos.pieces_of(color, kind))
    })
}

/// The cache slot of a pawn structure among `1 << index_bits`: the top bits of its hash.
#[inline(always)]
fn slot<V: Variant>(pawns: [Bb<V>; 2], index_bits: u32) -> usize {
    (structure_hash::<V>(pawns) >> (64 - index_bits)) as usize
}

/// 2^64 over the golden ratio: a multiplication by it leaves every input bit's mark on the
/// top bits of the product (Fibonacci hashing).
pub(crate) const FIBONACCI: u64 = 0x9E37_79B9_7F4A_7C15;

/// A hash of a pawn structure: the two sets folded to one word and multiplied by
/// [`FIBONACCI`], so the top bits mix every square.
#[inline(always)]
pub(crate) fn structure_hash<V: Variant>(pawns: [Bb<V>; 2]) -> u64 {
    let mixed = pawns[0].0.to_u128() ^ pawns[1].0.to_u128().rotate_left(67);
    let folded = (mixed as u64) ^ ((mixed >> 64) as u64);
    folded.wrapping_mul(FIBONACCI)
}
