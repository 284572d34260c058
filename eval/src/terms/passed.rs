//! Passed pawns near promotion, by the kings' distances and how free their path is
//! ([`PasserTerms`]). The passed pawns themselves and their bonus by rank come from the
//! pawn structure (`pawns.rs`).

use ekumen_movegen::attacks::Bb;
use ekumen_movegen::{Color, Geometry, Square};

use super::{Attacks, Context};
use crate::geometry::{distance, relative_rank, square_ahead};
use crate::trace::record;
use crate::{s, Evaluate, PasserTerms, Trace, S};

/// What `color`'s passed pawns gain from the kings and their path.
#[inline(always)]
pub(crate) fn passers<V: Evaluate>(
    cx: &Context<V>,
    attacks: &Attacks<V>,
    color: Color,
    passed: Bb<V>,
    trace: &mut impl Trace,
) -> S {
    let Context { pos: _, params, tables: _, kings: _, .. } = *cx;
    let mut score = S::ZERO;
    if params.passers != PasserTerms::NONE {
        for sq in passed {
            score += passer(cx, attacks, color, sq);
        }
    }
    record!(trace.add("passers", color, score));
    score
}

/// What `color`'s passed pawn on `sq` gains from the kings and its path ([`PasserTerms`]).
fn passer<V: Evaluate>(cx: &Context<V>, attacks: &Attacks<V>, color: Color, sq: Square) -> S {
    let Context { pos, params, tables, kings, .. } = *cx;
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
