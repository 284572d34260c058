//! Passed pawns near promotion, by the kings' distances and how free their path is
//! ([`PasserTerms`]). The passed pawns themselves and their bonus by rank come from the
//! pawn structure (`pawns.rs`).

use ekumen_movegen::attacks::Bb;
use ekumen_movegen::{Color, Geometry, Position, Square};

use super::Attacks;
use crate::geometry::{distance, relative_rank, square_ahead};
use crate::trace::record;
use crate::{s, EvalParams, EvalTables, Evaluate, PasserTerms, Trace, S};

/// What `color`'s passed pawns gain from the kings and their path.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) fn passers<V: Evaluate>(
    pos: &Position<V>,
    params: &EvalParams,
    tables: &EvalTables<V>,
    attacks: &Attacks<V>,
    kings: [Option<Square>; 2],
    color: Color,
    passed: Bb<V>,
    trace: &mut impl Trace,
) -> S {
    let mut score = S::ZERO;
    if params.passers != PasserTerms::NONE {
        for sq in passed {
            score += passer(pos, params, tables, attacks, kings, color, sq);
        }
    }
    record!(trace.add("passers", color, score));
    score
}

/// What `color`'s passed pawn on `sq` gains from the kings and its path ([`PasserTerms`]).
fn passer<V: Evaluate>(
    pos: &Position<V>,
    params: &EvalParams,
    tables: &EvalTables<V>,
    attacks: &Attacks<V>,
    kings: [Option<ekumen_movegen::Square>; 2],
    color: Color,
    sq: ekumen_movegen::Square,
) -> S {
    let (us, them) = (color.index(), (!color).index());
    let to_promotion = V::Geo::RANKS as i32 - 1 - relative_rank::<V>(color, sq) as i32;
    let weight = 5 * (7 - to_promotion) - 13;
    let Some(block) = square_ahead::<V>(color, sq) else {
        return S::ZERO;
    };
    if to_promotion > 4 || weight <= 0 {
        return S::ZERO;
    }
    let terms = &params.passers;
    let king_distance = |king: Option<ekumen_movegen::Square>| {
        king.map_or(5, |king| distance::<V>(king, block).min(5))
    };
    let mut units =
        terms.enemy_king * king_distance(kings[them]) + terms.own_king * king_distance(kings[us]);
    if !pos.occupied().has(block) {
        let slot = us * V::Geo::SQUARES + sq.index();
        let contested = tables.passed_span[slot] & (attacks.all[them] | pos.pieces(!color));
        units += if (contested & !attacks.by_pawns[us]).is_empty() {
            terms.free_span
        } else if (contested & tables.front_span[slot]).is_empty() {
            terms.free_path
        } else if !contested.has(block) {
            terms.free_step
        } else {
            S::ZERO
        };
        if attacks.all[us].has(block) {
            units += terms.guarded_step;
        }
    }
    let scaled = units * weight;
    s(scaled.mg / 4, scaled.eg / 4)
}
