//! What the pawns do for the pieces ([`StructureTerms`]): space, outposts, minor pieces
//! behind pawns, bishops and their pawns, bishops on a long diagonal.

use ekumen_movegen::{Color, Geometry};

use super::{Attacks, Context};
use crate::geometry::{forward, kinds_in, shifted, square_ahead};
use crate::trace::record;
use crate::{Evaluate, StructureTerms, Trace, S};

/// What `color`'s pieces gain or lose from the pawns ([`StructureTerms`]);
/// `blocked_pawns` counts the pawns of either side facing an enemy pawn.
#[inline(always)]
pub(crate) fn structure<V: Evaluate>(
    cx: &Context<V>,
    attacks: &Attacks<V>,
    blocked_pawns: i32,
    color: Color,
    trace: &mut impl Trace,
) -> S {
    let Context { pos, params, tables, pawns, .. } = *cx;
    let terms = &params.structure;
    if *terms == StructureTerms::NONE {
        return S::ZERO;
    }
    let (us, them) = (color.index(), (!color).index());
    let all_pawns = pawns[0] | pawns[1];
    let occupied = pos.occupied();
    let mut score = S::ZERO;
    if terms.space != 0 {
        let blocked = blocked_pawns.min(9);
        let safe = tables.space_area[us] & !pawns[us] & !attacks.by_pawns[them];
        // One to three squares behind each of our pawns.
        let back = -forward::<V>(color);
        let one = shifted::<V>(pawns[us], back);
        let two = shifted::<V>(one, back);
        let behind_ours = one | two | shifted::<V>(two, back);
        let bonus = (safe.count() + (safe & behind_ours & !attacks.all[them]).count()) as i32;
        let weight = (pos.pieces(color).count() as i32 - 3 + blocked).max(0);
        let space = terms.space * bonus * weight * weight / 1024;
        score.mg += space;
        record!(trace.add("structure.space", color, S { mg: space, eg: 0 }));
    }
    // Our central pawns that cannot move forward: they fix a bishop's bad colour longest.
    let stuck = if terms.bishop_pawns == S::ZERO || tables.bishop_kinds == 0 {
        0
    } else {
        let blocked = shifted::<V>(occupied, -forward::<V>(color));
        (pawns[us] & tables.central_files & blocked).count() as i32
    };
    for kind in kinds_in(tables.minor_kinds | tables.bishop_kinds) {
        let i = kind.0 as usize;
        let minor = tables.minor_kinds & (1 << i) != 0;
        let bishop = tables.bishop_kinds & (1 << i) != 0;
        for sq in pos.pieces_of(color, kind) {
            let slot = us * V::Geo::SQUARES + sq.index();
            let guarded_by_pawn = attacks.by_pawns[us].has(sq);
            if minor {
                let attack_span = tables.passed_span[slot] & !tables.front_span[slot];
                if tables.outpost_ranks[us].has(sq)
                    && guarded_by_pawn
                    && (attack_span & pawns[them]).is_empty()
                {
                    let value = terms.outpost;
                    score += value;
                    record!(trace.add("structure.outpost", color, value));
                }
                if square_ahead::<V>(color, sq).is_some_and(|next| all_pawns.has(next)) {
                    let value = terms.behind_pawn;
                    score += value;
                    record!(trace.add("structure.behind_pawn", color, value));
                }
            }
            if bishop {
                let colour = if tables.light_squares.has(sq) {
                    tables.light_squares
                } else {
                    !tables.light_squares
                };
                let same_colour = (pawns[us] & colour).count() as i32;
                let value =
                    terms.bishop_pawns * (same_colour * (i32::from(!guarded_by_pawn) + stuck));
                score += value;
                record!(trace.add("structure.bishop_pawns", color, value));
                let seen = pos.attacks_from(color, kind, sq, all_pawns) & tables.centre;
                if seen.more_than_one() {
                    let value = terms.long_diagonal;
                    score += value;
                    record!(trace.add("structure.long_diagonal", color, value));
                }
            }
        }
    }
    score
}
