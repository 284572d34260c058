//! What the evaluation precomputes once per variant from its [`EvalParams`]
//! ([`EvalTables`]): the piece-square tables with material, the mobility curves, the
//! masks of squares the terms look at, and the classes of piece types (pawns, colour-bound
//! pieces, minor, rook- and queen-class) the threat and king terms read.

use ekumen_movegen::attacks::Bb;
use ekumen_movegen::piece::{Special, MAX_PIECE_TYPES};
use ekumen_movegen::sliders::DIAGONAL;
use ekumen_movegen::{Bitboard, Color, Geometry, PieceType, Position, Variant};

use crate::geometry::{kinds_in, pawn_step, relative_rank};
use crate::{EvalParams, Evaluate, ImbalanceTerms, S};

/// Scale of the mobility curve: `MOBILITY_SCALE * sqrt(n)` in the tables.
const MOBILITY_SCALE: f64 = 4.0;
/// The most squares a piece can attack on the largest board, plus one.
const MAX_REACH: usize = 82;

/// Tables built once per variant from its [`EvalParams`].
#[derive(Debug)]
pub struct EvalTables<V: Variant> {
    /// Material plus piece-square bonus, `[color][kind][square]`.
    pub(crate) psqt: Vec<S>,
    /// Mobility bonus by reach, `[kind][reach]`.
    pub(crate) mobility: Vec<[S; MAX_REACH]>,
    /// The king's square and its neighbours, per square.
    pub(crate) king_zone: Vec<Bb<V>>,
    /// Squares in front of a pawn on its file and both neighbouring files, `[color][square]`.
    pub(crate) passed_span: Vec<Bb<V>>,
    /// Squares in front of a pawn on its own file, `[color][square]`.
    pub(crate) front_span: Vec<Bb<V>>,
    /// Both files beside each file.
    pub(crate) adjacent_files: Vec<Bb<V>>,
    /// Each file.
    pub(crate) files: Vec<Bb<V>>,
    /// Up to two ranks in front of a king on its file and the neighbouring ones,
    /// `[color][square]`.
    pub(crate) shelter: Vec<Bb<V>>,
    /// Squares on one colour of the board (for the bishop pair).
    pub(crate) light_squares: Bb<V>,
    /// The central files: all but the two outermost on each side.
    pub(crate) central_files: Bb<V>,
    /// The king's flank for [`KingTerms::flank_attack`], `[color][file]`: the file and two
    /// on each side, on the colour's five nearest ranks (all but the three farthest).
    pub(crate) king_flank: Vec<Bb<V>>,
    /// The files of the board's two halves, `[a-file side, other side]` (the middle file
    /// of an odd board in neither).
    pub(crate) flanks: [Bb<V>; 2],
    /// Where space is counted: the central files on our second to fourth ranks, `[color]`.
    pub(crate) space_area: [Bb<V>; 2],
    /// Where a pawn's single step lands when it may go on with a double one: the third
    /// rank, `[color]`.
    pub(crate) double_step_landing: [Bb<V>; 2],
    /// Each pawn type's captures as moves of a whole set, `[color]`: the type, the square
    /// offset of one capture direction, and the squares from which that direction stays
    /// on the board.
    pub(crate) pawn_capture_shifts: [Vec<(PieceType, i32, Bb<V>)>; 2],
    /// Where a minor piece can stand on an outpost: our fourth to sixth ranks, `[color]`.
    pub(crate) outpost_ranks: [Bb<V>; 2],
    /// The four centre squares (two on boards with an odd number of files or ranks).
    pub(crate) centre: Bb<V>,
    /// Piece types that move as chess pawns, one bit each.
    pub(crate) pawn_kinds: u16,
    /// Colour-bound piece types (diagonal sliders only), one bit each.
    pub(crate) bishop_kinds: u16,
    /// The strongest piece types (queen-class: worth at least 60 % of the most valuable
    /// non-royal type, middle game), one bit each.
    pub(crate) heavy_kinds: u16,
    /// Minor piece types: pieces (not pawns or royal) worth less than one and a half
    /// times the cheapest of them, middle game, one bit each.
    pub(crate) minor_kinds: u16,
    /// Rook-class piece types: pieces (not pawns or royal) neither minor nor queen-class.
    pub(crate) rook_kinds: u16,
    /// The piece types with their values (middle game), cheapest first, for
    /// [`EvalParams::threat_by_lesser`], which counts the attacks on each type by the
    /// types worth less.
    pub(crate) kinds_by_value: Vec<(PieceType, i32)>,
    /// The non-royal piece types, in the order of the imbalance's slots after the bishop
    /// pair (see [`ImbalanceTerms`]); empty when the variant has no imbalance term.
    pub(crate) imbalance_kinds: Vec<PieceType>,
    /// The phase of the start position: the most a game has.
    pub(crate) max_phase: i32,
}

/// The minor piece types of `params` (see [`EvalTables`]'s `minor_kinds`).
fn minor_kinds<V: Variant>(params: &EvalParams, pawn_kinds: u16) -> u16 {
    let candidates = || {
        (0..V::PIECES.len())
            .filter(move |&i| !V::PIECES[i].royal && pawn_kinds & (1 << i) == 0)
            .map(|i| (i, params.pieces[i].value.mg))
            .filter(|&(_, value)| value > 0)
    };
    let cheapest = candidates().map(|(_, value)| value).min().unwrap_or(0);
    candidates()
        .filter(|&(_, value)| value * 2 < cheapest * 3)
        .fold(0, |kinds, (i, _)| kinds | 1 << i)
}

/// The queen-class piece types of `params` (see [`EvalTables`]'s `heavy_kinds`).
fn heavy_kinds<V: Variant>(params: &EvalParams, pawn_kinds: u16) -> u16 {
    let candidates = || {
        (0..V::PIECES.len())
            .filter(move |&i| !V::PIECES[i].royal && pawn_kinds & (1 << i) == 0)
            .map(|i| (i, params.pieces[i].value.mg))
    };
    let strongest = candidates().map(|(_, value)| value).max().unwrap_or(0);
    candidates()
        .filter(|&(_, value)| value > 0 && value * 10 >= strongest * 6)
        .fold(0, |kinds, (i, _)| kinds | 1 << i)
}

/// The rook-class piece types of `params` (see [`EvalTables`]'s `rook_kinds`).
fn rook_kinds<V: Variant>(params: &EvalParams, pawn_kinds: u16) -> u16 {
    let pieces = (0..V::PIECES.len())
        .filter(|&i| !V::PIECES[i].royal && pawn_kinds & (1 << i) == 0)
        .fold(0u16, |kinds, i| kinds | 1 << i);
    pieces & !minor_kinds::<V>(params, pawn_kinds) & !heavy_kinds::<V>(params, pawn_kinds)
}

/// The game phase of `pos` under `params`: the [`PieceTerms::phase`] of every man on the
/// board and in hand. (The evaluation sums it as it goes over the pieces.)
pub fn game_phase<V: Variant>(pos: &Position<V>, params: &EvalParams) -> i32 {
    let mut phase = 0;
    for (i, terms) in params.pieces.iter().enumerate() {
        let kind = PieceType(i as u8);
        for color in Color::BOTH {
            let men =
                pos.pieces_of(color, kind).count() as i32 + i32::from(pos.hand_count(color, kind));
            phase += terms.phase * men;
        }
    }
    phase
}

impl<V: Evaluate> EvalTables<V> {
    /// The tables of the variant's own parameters.
    pub fn new() -> Self {
        Self::from_params(&V::PARAMS)
    }

    /// The tables of another set of parameters for the variant (tuning).
    pub fn from_params(params: &EvalParams) -> Self {
        type G<V> = <V as Variant>::Geo;
        assert_eq!(
            params.pieces.len(),
            V::PIECES.len(),
            "{}: one set of evaluation terms per piece type",
            V::NAME
        );
        let cover = &params.pawns;
        assert!(
            cover.shelter.len() == cover.storm.len()
                && (cover.shelter.is_empty() || cover.shelter.len() >= 2),
            "{}: the shelter and storm tables come together, each with a 'none' entry and one \
             or more distances",
            V::NAME
        );
        let n = G::<V>::SQUARES;
        let files = G::<V>::FILES as i32;
        let ranks = G::<V>::RANKS as i32;
        let mut psqt = vec![S::ZERO; 2 * MAX_PIECE_TYPES * n];
        // Centrality in half-steps: 0 on the edge squares furthest from the centre.
        let most_remote = (files - 1) + (ranks - 1);
        let half_files = (files as usize).div_ceil(2);
        for (i, terms) in params.pieces.iter().enumerate() {
            assert!(
                terms.squares.is_empty()
                    || (terms.squares.len() == ranks as usize
                        && terms.squares.iter().all(|row| row.len() == half_files)),
                "{}: a piece-square table has one entry per square of half the board",
                V::NAME
            );
            for color in Color::BOTH {
                for index in 0..n {
                    let sq = ekumen_movegen::Square::new(index as u8);
                    let f = G::<V>::file_of(sq) as i32;
                    let r = G::<V>::rank_of(sq) as i32;
                    let distance = (2 * f - (files - 1)).abs() + (2 * r - (ranks - 1)).abs();
                    let centrality = (most_remote - distance) / 2;
                    let rank = relative_rank::<V>(color, sq) as usize;
                    let mut value =
                        terms.value + terms.centre * centrality + terms.advance * rank as i32;
                    if let Some(&bonus) = terms.ranks.get(rank) {
                        value += bonus;
                    }
                    if let Some(row) = terms.squares.get(rank) {
                        value += row[f.min(files - 1 - f) as usize];
                    }
                    psqt[(color.index() * MAX_PIECE_TYPES + i) * n + index] = value;
                }
            }
        }

        // Mobility: centred on half the piece's average reach over an empty board.
        let tables = V::tables();
        let mut mobility = vec![[S::ZERO; MAX_REACH]; MAX_PIECE_TYPES];
        let mut pawn_kinds = 0u16;
        let mut bishop_kinds = 0u16;
        for (i, def) in V::PIECES.iter().enumerate() {
            let kind = PieceType(i as u8);
            if def.special == Special::Pawn {
                pawn_kinds |= 1 << i;
            }
            if def.slides == DIAGONAL && def.leaps.is_empty() && def.special == Special::None {
                bishop_kinds |= 1 << i;
            }
            let reach: u32 = (0..n)
                .map(|s| {
                    tables
                        .attacks(
                            Color::White,
                            kind,
                            ekumen_movegen::Square::new(s as u8),
                            Bitboard::EMPTY,
                        )
                        .count()
                })
                .sum();
            let typical = (reach as f64 / n as f64 / 2.0).max(1.0).sqrt();
            let weight = params.pieces[i].mobility;
            for (count, slot) in mobility[i].iter_mut().enumerate() {
                let units = (MOBILITY_SCALE * ((count as f64).sqrt() - typical)).round() as i32;
                *slot = weight * units;
            }
        }

        let mut king_zone = vec![Bitboard::EMPTY; n];
        let mut passed_span = vec![Bitboard::EMPTY; 2 * n];
        let mut front_span = vec![Bitboard::EMPTY; 2 * n];
        let mut shelter = vec![Bitboard::EMPTY; 2 * n];
        let mut light_squares = Bitboard::EMPTY;
        let mut central_files = Bitboard::EMPTY;
        let mut flanks = [Bitboard::EMPTY; 2];
        let mut space_area = [Bitboard::EMPTY; 2];
        let mut outpost_ranks = [Bitboard::EMPTY; 2];
        let mut centre = Bitboard::EMPTY;
        for (index, zone) in king_zone.iter_mut().enumerate() {
            let sq = ekumen_movegen::Square::new(index as u8);
            let f = G::<V>::file_of(sq) as i32;
            let r = G::<V>::rank_of(sq) as i32;
            if (f + r) % 2 == 1 {
                light_squares.set(sq);
            }
            if (2 * f - (files - 1)).abs() <= 1 && (2 * r - (ranks - 1)).abs() <= 1 {
                centre.set(sq);
            }
            let central = f >= 2 && f < files - 2;
            if central {
                central_files.set(sq);
            }
            if 2 * f + 1 < files {
                flanks[0].set(sq);
            } else if 2 * f + 1 > files {
                flanks[1].set(sq);
            }
            for color in Color::BOTH {
                let rank = relative_rank::<V>(color, sq) as i32;
                if central && (1..=3).contains(&rank) {
                    space_area[color.index()].set(sq);
                }
                if (ranks / 2 - 1..=ranks / 2 + 1).contains(&rank) {
                    outpost_ranks[color.index()].set(sq);
                }
            }
            for df in -1..=1 {
                for dr in -1..=1 {
                    if let Some(to) = G::<V>::offset(sq, df, dr) {
                        zone.set(to);
                    }
                }
            }
            for color in Color::BOTH {
                let forward = pawn_step(color);
                let slot = color.index() * n + index;
                for step in 1..ranks {
                    for df in -1..=1 {
                        if let Some(to) = G::<V>::offset(sq, df, forward * step) {
                            passed_span[slot].set(to);
                            if df == 0 {
                                front_span[slot].set(to);
                            }
                            if step <= 2 {
                                shelter[slot].set(to);
                            }
                        }
                    }
                }
            }
        }
        let adjacent_files = (0..files)
            .map(|f| {
                let mut bb = Bitboard::EMPTY;
                if f > 0 {
                    bb |= G::<V>::file_bb((f - 1) as u8);
                }
                if f + 1 < files {
                    bb |= G::<V>::file_bb((f + 1) as u8);
                }
                bb
            })
            .collect();

        let file_masks: Vec<Bb<V>> = (0..files).map(|f| G::<V>::file_bb(f as u8)).collect();
        let mut king_flank = vec![Bitboard::EMPTY; 2 * files as usize];
        for color in Color::BOTH {
            for file in 0..files {
                let flank = &mut king_flank[color.index() * files as usize + file as usize];
                for index in 0..n {
                    let sq = ekumen_movegen::Square::new(index as u8);
                    let near = (G::<V>::file_of(sq) as i32 - file).abs() <= 2;
                    if near && (relative_rank::<V>(color, sq) as i32) < ranks - 3 {
                        flank.set(sq);
                    }
                }
            }
        }
        let mut double_step_landing = [Bitboard::EMPTY; 2];
        let mut pawn_capture_shifts = [Vec::new(), Vec::new()];
        for color in Color::BOTH {
            double_step_landing[color.index()] =
                G::<V>::rank_bb(if color == Color::White { 2 } else { ranks as u8 - 3 });
            for kind in kinds_in(pawn_kinds) {
                let def = &V::PIECES[kind.index()];
                // Pawn captures are leaps; a sliding pawn would need another loop.
                assert!(def.slides == 0, "{}: a pawn that slides", def.name);
                for &(df, dr) in def.leaps {
                    // Black's leaps are White's turned half around, as in the attack tables.
                    let sign = pawn_step(color);
                    let (df, dr) = (sign * i32::from(df), sign * i32::from(dr));
                    let sources = (0..n)
                        .map(|index| ekumen_movegen::Square::new(index as u8))
                        .filter(|&sq| G::<V>::offset(sq, df, dr).is_some())
                        .fold(Bitboard::EMPTY, |set, sq| set | Bitboard::from_square(sq));
                    pawn_capture_shifts[color.index()].push((kind, dr * files + df, sources));
                }
            }
        }
        let mut kinds_by_value: Vec<(PieceType, i32)> =
            (0..V::PIECES.len()).map(|i| (PieceType(i as u8), params.pieces[i].value.mg)).collect();
        kinds_by_value.sort_by_key(|&(_, value)| value);
        let imbalance_kinds: Vec<PieceType> = if params.imbalance == ImbalanceTerms::NONE {
            Vec::new()
        } else {
            (0..V::PIECES.len())
                .filter(|&i| !V::PIECES[i].royal)
                .map(|i| PieceType(i as u8))
                .collect()
        };
        let slots = imbalance_kinds.len() + 1;
        assert!(
            params.imbalance == ImbalanceTerms::NONE
                || (params.imbalance.ours.len() == slots * (slots + 1) / 2
                    && params.imbalance.theirs.len() == slots * (slots - 1) / 2),
            "{}: the imbalance tables have a triangle of {slots} slots each (the bishop pair \
             and every non-royal piece type)",
            V::NAME
        );
        let max_phase = game_phase(&Position::<V>::startpos(), params);
        EvalTables {
            psqt,
            mobility,
            king_zone,
            passed_span,
            front_span,
            adjacent_files,
            files: file_masks,
            king_flank,
            shelter,
            light_squares,
            central_files,
            flanks,
            space_area,
            double_step_landing,
            pawn_capture_shifts,
            outpost_ranks,
            centre,
            pawn_kinds,
            bishop_kinds,
            heavy_kinds: heavy_kinds::<V>(params, pawn_kinds),
            minor_kinds: minor_kinds::<V>(params, pawn_kinds),
            rook_kinds: rook_kinds::<V>(params, pawn_kinds),
            kinds_by_value,
            imbalance_kinds,
            max_phase: max_phase.max(1),
        }
    }

    #[inline(always)]
    pub(crate) fn psqt(&self, color: Color, kind: PieceType, sq: ekumen_movegen::Square) -> S {
        // SAFETY-free indexing: the table covers every colour, declared type and square.
        self.psqt[(color.index() * MAX_PIECE_TYPES + kind.index()) * V::Geo::SQUARES + sq.index()]
    }
}

impl<V: Evaluate> Default for EvalTables<V> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::shifted;
    use ekumen_movegen::variants::{Chess, Gothic, Shinobi};
    use ekumen_movegen::Square;

    /// The pawn captures as set moves give each pawn type's attack table, from every
    /// square, for both colours.
    fn pawn_shifts_match_attacks<V: Evaluate>() {
        let tables = V::eval_tables();
        assert!(tables.pawn_kinds != 0);
        for color in Color::BOTH {
            for kind in kinds_in(tables.pawn_kinds) {
                for index in 0..V::Geo::SQUARES {
                    let sq = Square::new(index as u8);
                    let from = Bitboard::from_square(sq);
                    let mut by_shifts = Bitboard::EMPTY;
                    for &(capturer, offset, sources) in &tables.pawn_capture_shifts[color.index()] {
                        if capturer == kind {
                            by_shifts |= shifted::<V>(from & sources, offset);
                        }
                    }
                    let attacks = V::tables().attacks(color, kind, sq, Bitboard::EMPTY);
                    assert_eq!(by_shifts, attacks, "{color:?} {kind:?} {sq:?}");
                }
            }
        }
    }

    #[test]
    fn pawn_capture_shifts_are_the_pawn_attacks() {
        pawn_shifts_match_attacks::<Chess>();
        pawn_shifts_match_attacks::<Gothic>();
        pawn_shifts_match_attacks::<Shinobi>();
    }

    #[test]
    fn types_by_value_are_sorted_cheapest_first() {
        let by_value = &Gothic::eval_tables().kinds_by_value;
        assert_eq!(by_value.len(), Gothic::PIECES.len());
        assert!(by_value.windows(2).all(|pair| pair[0].1 <= pair[1].1));
    }
}
