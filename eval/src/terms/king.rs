//! King safety ([`KingTerms`](crate::KingTerms)): units of danger from the attackers of
//! the squares around the king, weak squares, checks, pins, the opponent's hand and the
//! mobility edge, on a quadratic curve; and the king's flank. The pawn cover is in
//! `pawns.rs`.

use ekumen_movegen::{Color, Geometry, PieceType, Position, Square};

use super::pawns::PawnEntry;
use super::{Attacks, Context};
use crate::geometry::kinds_in;
use crate::trace::record;
use crate::{s, EvalTables, Evaluate, Trace, S};

/// What `color` loses to danger around its king on `king`, whose squares are its zone;
/// `mobility_mg` is each side's mobility score (middle game).
#[inline(always)]
pub(crate) fn king_safety<V: Evaluate>(
    cx: &Context<V>,
    pawn_entry: &mut PawnEntry<V>,
    attacks: &Attacks<V>,
    mobility_mg: [i32; 2],
    color: Color,
    king: Square,
    trace: &mut impl Trace,
) -> S {
    let Context { pos, params, tables, zones, .. } = *cx;
    let zone = zones[color.index()];
    let (us, them) = (color.index(), (!color).index());
    let occupied = pos.occupied();
    let pawns = pawn_entry.info.pawns;
    let king_terms = &params.king;
    let mut score = S::ZERO;
    let mut units = attacks.king_units[us];
    record!(trace.units("king_attack", color, units));
    let mut attackers = attacks.king_attackers[us];
    let defended_by_others = attacks.by_non_royal[us] | attacks.by_pawns[us];
    let weak = zone & attacks.all[them] & !defended_by_others;
    let weak_squares = king_terms.weak_square * weak.count() as i32;
    units += weak_squares;
    record!(trace.units("king.weak_square", color, weak_squares));
    if V::DROPS {
        let drop_spots = (zone & !occupied & V::tables().drop_region[them]).count().min(3) as i32;
        if drop_spots > 0 {
            let mut hand_units = 0;
            for &kind in V::HAND_ORDER {
                let count = i32::from(pos.hand_count(!color, kind));
                hand_units += params.pieces[kind.index()].drop_danger * count;
            }
            if hand_units > 0 {
                units += hand_units * drop_spots / 3;
                record!(trace.units("drop_danger", color, hand_units * drop_spots / 3));
                attackers += 1;
            }
        }
    }
    let sheltering = if pawns[us].is_nonempty() {
        tables.shelter[us * V::Geo::SQUARES + king.index()] & pawns[us]
    } else {
        zone & pos.pieces(color)
    };
    let shelter = king_terms.shelter * sheltering.count().min(3) as i32;
    units -= shelter;
    record!(trace.units("king.shelter", color, -shelter));
    if !params.pawns.shelter.is_empty() {
        let cover = pawn_entry.cover(params, tables, color, king);
        score += cover;
        record!(trace.add("pawns.cover", color, cover));
    }
    if king_terms.safe_check != 0 || king_terms.unsafe_check != 0 {
        let (safe, unsafe_) = checks(pos, attacks, color, king);
        units += king_terms.safe_check * safe + king_terms.unsafe_check * unsafe_;
        record!(trace.units("king.safe_check", color, king_terms.safe_check * safe));
        record!(trace.units("king.unsafe_check", color, king_terms.unsafe_check * unsafe_));
    }
    units += king_terms.attacker * attacks.king_attackers[us];
    record!(trace.units("king.attacker", color, king_terms.attacker * attacks.king_attackers[us]));
    if king_terms.flank_attack != S::ZERO
        || king_terms.pawnless_flank != S::ZERO
        || king_terms.flank_defence != 0
    {
        let file = V::Geo::file_of(king) as usize;
        let flank = tables.king_flank[us * V::Geo::FILES as usize + file];
        let attacked = flank & attacks.all[them];
        let flank_attacks = (attacked.count() + (attacked & attacks.twice[them]).count()) as i32;
        let value = king_terms.flank_attack * flank_attacks;
        score += value;
        record!(trace.add("king.flank_attack", color, value));
        let defended = (flank & attacks.all[us]).count() as i32;
        units -= king_terms.flank_defence * defended / 8;
        record!(trace.units(
            "king.flank_defence",
            color,
            -(king_terms.flank_defence * defended / 8)
        ));
        let flank_files =
            tables.king_flank[file] | tables.king_flank[V::Geo::FILES as usize + file];
        if (flank_files & (pawns[0] | pawns[1])).is_empty() {
            let value = king_terms.pawnless_flank;
            score += value;
            record!(trace.add("king.pawnless_flank", color, value));
        }
    }
    if king_terms.blockers != 0 {
        let blockers = pos.slider_blockers(king, occupied, !color);
        units += king_terms.blockers * blockers.count() as i32;
        record!(trace.units("king.blockers", color, king_terms.blockers * blockers.count() as i32));
    }
    if king_terms.minor_defender != 0 {
        let knights = tables.minor_kinds & !tables.bishop_kinds;
        if kinds_in(knights).any(|kind| (attacks.by_kind[us][kind.index()] & zone).is_nonempty()) {
            units -= king_terms.minor_defender;
            record!(trace.units("king.minor_defender", color, -king_terms.minor_defender));
        }
    }
    let mobility_edge = king_terms.mobility_edge * (mobility_mg[them] - mobility_mg[us]) / 32;
    units += mobility_edge;
    record!(trace.units("king.mobility_edge", color, mobility_edge));
    if king_terms.no_queen != 0 && !has_heavy_piece(pos, tables, !color) {
        units -= king_terms.no_queen;
        record!(trace.units("king.no_queen", color, -king_terms.no_queen));
    }
    if attackers >= king_terms.min_attackers && units > 0 {
        let mg = (units * units / king_terms.divisor).min(king_terms.cap);
        let danger = s(mg, units * king_terms.eg_per_unit);
        score -= danger;
        record!(trace.add("king.danger", color, -danger));
    }
    score
}

/// Squares from which an enemy piece (not a pawn or king) could check `color`'s king
/// next move and that the enemy does not occupy, counted per piece type: those `color`
/// does not guard (safe checks) and those it does (unsafe ones).
#[inline(always)]
pub(crate) fn checks<V: Evaluate>(
    pos: &Position<V>,
    attacks: &Attacks<V>,
    color: Color,
    king: ekumen_movegen::Square,
) -> (i32, i32) {
    let them = (!color).index();
    let occupied = pos.occupied();
    let guarded = attacks.all[color.index()];
    let open = !pos.pieces(!color);
    let (mut safe, mut unsafe_) = (0, 0);
    // `by_kind` holds no pawn or royal attacks: only pieces are counted.
    for j in 0..V::PIECES.len() {
        let reach = attacks.by_kind[them][j] & open;
        if reach.is_empty() {
            continue;
        }
        // A left-right symmetric piece of ours on the king's square reaches exactly the
        // squares from which the enemy's piece of that kind attacks it.
        let checks = pos.attacks_from(color, PieceType(j as u8), king, occupied) & reach;
        safe += (checks & !guarded).count() as i32;
        unsafe_ += (checks & guarded).count() as i32;
    }
    (safe, unsafe_)
}

/// Whether `color` has a queen-class piece on the board or in hand.
#[inline(always)]
pub(crate) fn has_heavy_piece<V: Evaluate>(
    pos: &Position<V>,
    tables: &EvalTables<V>,
    color: Color,
) -> bool {
    kinds_in(tables.heavy_kinds).any(|kind| {
        pos.pieces_of(color, kind).is_nonempty() || (V::DROPS && pos.hand_count(color, kind) > 0)
    })
}
