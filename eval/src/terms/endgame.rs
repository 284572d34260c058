//! Winnability and the endgame scale ([`WinnabilityTerms`], [`ScaleTerms`]), the
//! quartered score of a pawnless edge too small to win, and the draw of material with
//! which neither side can force mate.

use ekumen_movegen::attacks::Bb;
use ekumen_movegen::{Color, Geometry, Position, Variant};

use super::pawns::PawnInfo;
use super::Context;
use crate::geometry::pieces_of_kinds;
use crate::trace::record;
use crate::{EvalTables, Evaluate, ScaleTerms, Trace, WinnabilityTerms, S};

/// Neither side can force mate against any defence, so the position is a draw whatever
/// the other terms say: bare kings, a lone minor piece, two knights, bishops all on one
/// colour, or one such set on each side (K+N v K, K+2N v K, K+B v K+N). Only where the
/// variant's rules know chess's dead positions ([`Variant::INSUFFICIENT_MATERIAL`]);
/// looked at only with at most four men beside the kings, which a popcount tells.
#[inline(always)]
pub(crate) fn drawn_by_material<V: Evaluate>(pos: &Position<V>) -> bool {
    if !V::INSUFFICIENT_MATERIAL {
        return false;
    }
    let royals = pos.royals(Color::White) | pos.royals(Color::Black);
    if (pos.occupied() & !royals).count() > 4 {
        return false;
    }
    Color::BOTH.into_iter().all(|color| !can_force_mate(pos, color))
}

/// Whether `color`'s men on the board can mate a bare king: any pawn or piece but a minor
/// one does, and so do two bishops on both colours, a bishop and a knight, or three
/// knights; one minor piece, two knights or bishops of one colour do not.
fn can_force_mate<V: Evaluate>(pos: &Position<V>, color: Color) -> bool {
    let (mut knights, mut bishop_colours, mut bishops) = (0, 0u8, 0);
    for sq in pos.pieces(color) & !pos.royals(color) {
        let Some(piece) = pos.piece_on(sq) else { continue };
        let def = &V::PIECES[piece.kind().index()];
        if def.is_minor_slider() {
            bishops += 1;
            bishop_colours |= 1 << ((V::Geo::file_of(sq) + V::Geo::rank_of(sq)) & 1);
        } else if def.is_minor_leaper() {
            knights += 1;
        } else {
            return true;
        }
    }
    (bishops > 0 && knights > 0) || bishop_colours == 0b11 || knights >= 3
}

/// The score `total` (White's, middle game and endgame) moved by how winnable the
/// position is: winnability, the quartered score of a pawnless edge too small to win, and
/// the endgame scale. `non_pawn_material` is each side's, middle game.
#[inline(always)]
pub(crate) fn winnable<V: Evaluate>(
    cx: &Context<V>,
    pawn_info: &PawnInfo<V>,
    non_pawn_material: [i32; 2],
    mut total: S,
    trace: &mut impl Trace,
) -> S {
    let Context { pos, params, tables, kings, .. } = *cx;
    let pawns = pawn_info.pawns;
    let passed_count = (pawn_info.passed[0].count() + pawn_info.passed[1].count()) as i32;
    let all_pawns = pawns[0] | pawns[1];
    let both_flanks = (all_pawns & tables.flanks[0]).is_nonempty()
        && (all_pawns & tables.flanks[1]).is_nonempty();
    if params.winnability != WinnabilityTerms::NONE {
        let terms = &params.winnability;
        let complexity = complexity::<V>(terms, &pawns, kings, passed_count, both_flanks)
            + terms.pawns_only * (non_pawn_material == [0, 0]) as i32;
        let mg_shift = (complexity + terms.mg_margin).clamp(-total.mg.abs(), 0);
        let before = total;
        total.mg += total.mg.signum() * mg_shift;
        total.eg += total.eg.signum() * complexity.max(-total.eg.abs());
        record!(trace.add("winnability", Color::White, total - before));
    }

    // Without pawns, an edge too small to win is mostly a draw, and a larger one wins
    // as it stands: the pawn-count scale below is for sides that still have pawns.
    let strong = if total.eg > 0 { 0 } else { 1 };
    let pawnless = pawns[strong].is_empty() && !V::DROPS;
    if pawnless && non_pawn_material[strong] - non_pawn_material[1 - strong] < params.drawish_margin
    {
        let before = total;
        total.eg /= 4;
        record!(trace.add("drawish_margin", Color::White, total - before));
    }
    if params.scale != ScaleTerms::NONE && !V::DROPS && !pawnless {
        let scale = endgame_scale(pos, &params.scale, tables, &pawns, strong, both_flanks);
        let before = total;
        total.eg = total.eg * scale / 64;
        record!(trace.add("scale", Color::White, total - before));
    }
    total
}

/// The position's complexity for [`WinnabilityTerms`], all but `pawns_only`.
fn complexity<V: Variant>(
    terms: &WinnabilityTerms,
    pawns: &[Bb<V>; 2],
    kings: [Option<ekumen_movegen::Square>; 2],
    passed_count: i32,
    both_flanks: bool,
) -> i32 {
    let (outflanking, infiltration) = match kings {
        [Some(white), Some(black)] => {
            let files = (V::Geo::file_of(white) as i32 - V::Geo::file_of(black) as i32).abs();
            let ranks = (V::Geo::rank_of(white) as i32 - V::Geo::rank_of(black) as i32).abs();
            let half = V::Geo::RANKS / 2;
            let infiltration =
                V::Geo::rank_of(white) >= half || V::Geo::rank_of(black) < V::Geo::RANKS - half;
            (files - ranks, infiltration)
        }
        _ => (0, false),
    };
    terms.passed * passed_count
        + terms.pawns * (pawns[0].count() + pawns[1].count()) as i32
        + terms.outflanking * outflanking
        + terms.both_flanks * both_flanks as i32
        + terms.infiltration * infiltration as i32
        + terms.almost_unwinnable * (outflanking < 0 && !both_flanks) as i32
        + terms.bias
}

/// The endgame scale in 64ths for the side ahead, `strong` ([`ScaleTerms`]).
fn endgame_scale<V: Evaluate>(
    pos: &Position<V>,
    terms: &ScaleTerms,
    tables: &EvalTables<V>,
    pawns: &[Bb<V>; 2],
    strong: usize,
    both_flanks: bool,
) -> i32 {
    let strong_color = Color::BOTH[strong];
    let colour_bound = |color| pieces_of_kinds(pos, color, tables.bishop_kinds);
    let scale = if tables.bishop_kinds != 0 && opposite_bishops(colour_bound, tables) {
        terms.opposite_bishops
            + terms.opposite_bishops_per_man * pos.pieces(strong_color).count() as i32
    } else {
        (terms.base + terms.per_pawn * pawns[strong].count() as i32).min(64)
            - terms.one_flank * (!both_flanks) as i32
    };
    scale.clamp(0, 64)
}

/// Whether each side has exactly one colour-bound piece, on squares of opposite colours.
fn opposite_bishops<V: Evaluate>(
    colour_bound: impl Fn(Color) -> Bb<V>,
    tables: &EvalTables<V>,
) -> bool {
    let (white, black) = (colour_bound(Color::White), colour_bound(Color::Black));
    white.count() == 1
        && black.count() == 1
        && (white & tables.light_squares).is_empty() != (black & tables.light_squares).is_empty()
}
