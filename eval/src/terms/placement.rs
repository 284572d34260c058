//! Where pieces stand with respect to the kings ([`PlacementTerms`](crate::PlacementTerms)).

use ekumen_movegen::attacks::Bb;
use ekumen_movegen::{Geometry, PieceType, Variant};

use super::Context;
use crate::geometry::distance;
use crate::trace::record;
use crate::{Evaluate, Trace, S};
use ekumen_movegen::Color;

/// One of our pieces as the piece loop (`pieces.rs`) sees it.
pub(crate) struct Placed<V: Variant> {
    pub kind: PieceType,
    pub sq: ekumen_movegen::Square,
    /// What it attacks.
    pub reach: Bb<V>,
    /// How many of those squares count for its mobility.
    pub squares_to_go: u32,
}

/// What `color`'s piece gains or loses from where it stands with respect to the kings
/// ([`PlacementTerms`](crate::PlacementTerms)).
#[inline(always)]
pub(crate) fn placement<V: Evaluate>(
    cx: &Context<V>,
    color: Color,
    piece: Placed<V>,
    trace: &mut impl Trace,
) -> S {
    let Context { pos, params, tables, pawns, kings, zones, .. } = *cx;
    let terms = &params.placement;
    let (us, them) = (color.index(), (!color).index());
    let bit = 1u16 << piece.kind.index();
    let file = V::Geo::file_of(piece.sq);
    let mut score = S::ZERO;
    if tables.minor_kinds & bit != 0 {
        if let Some(king) = kings[us] {
            let value = terms.king_protector * distance::<V>(king, piece.sq);
            score += value;
            record!(trace.add("placement.king_protector", color, value));
        }
    }
    let enemy_zone = zones[them];
    if enemy_zone.is_nonempty() && (piece.reach & enemy_zone).is_empty() {
        if tables.rook_kinds & bit != 0 {
            if (tables.files[file as usize] & enemy_zone).is_nonempty() {
                let value = terms.rook_on_king_ring;
                score += value;
                record!(trace.add("placement.rook_on_king_ring", color, value));
            }
        } else if tables.bishop_kinds & bit != 0
            // Its diagonals on an empty board (a bishop moves alike both ways) first: most
            // of the time they miss the king's squares and the lookup is spared.
            && (V::tables().slider_sources(color, piece.kind, piece.sq) & enemy_zone).is_nonempty()
        {
            let through_pawns = pos.attacks_from(color, piece.kind, piece.sq, pawns[0] | pawns[1]);
            if (through_pawns & enemy_zone).is_nonempty() {
                let value = terms.bishop_on_king_ring;
                score += value;
                record!(trace.add("placement.bishop_on_king_ring", color, value));
            }
        }
    }
    if tables.rook_kinds & bit != 0
        && piece.squares_to_go <= 3
        && (tables.files[file as usize] & pawns[us]).is_nonempty()
    {
        if let Some(king) = kings[us] {
            let king_file = V::Geo::file_of(king);
            if (king_file < V::Geo::FILES / 2) == (file < king_file) {
                let rights = pos.castling_rights() & (0b11 << (2 * us));
                let value = terms.trapped_rook * (1 + i32::from(rights == 0));
                score += value;
                record!(trace.add("placement.trapped_rook", color, value));
            }
        }
    }
    score
}
