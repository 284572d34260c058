//! What each piece is worth where it stands ([`PieceTerms`](crate::PieceTerms)):
//! material and piece-square tables, mobility, open files, pieces in hand, the bishop
//! pair; and, while going over the pieces, what each side attacks ([`Attacks`]) and the
//! king danger the pieces' attacks on the king's squares add.

use ekumen_movegen::attacks::Bb;
use ekumen_movegen::piece::MAX_PIECE_TYPES;
use ekumen_movegen::{Bitboard, Color, Geometry, PieceType, Variant};

use super::placement::{placement, Placed};
use super::{Attacks, Context};
use crate::geometry::pieces_of_kinds;
use crate::trace::record;
use crate::{s, Evaluate, PlacementTerms, Trace, S};

/// What the pieces add up to, per colour.
pub(crate) struct PieceScores {
    pub score: [S; 2],
    /// The game phase: [`PieceTerms::phase`](crate::PieceTerms::phase) summed over the men
    /// on the board and in hand.
    pub phase: i32,
    /// Material other than pawns (middle game), in hand included.
    pub non_pawn_material: [i32; 2],
    /// The mobility score (middle game).
    pub mobility_mg: [i32; 2],
    pub bishop_pair: [bool; 2],
}

/// Scores both sides' pieces and fills `attacks` (which holds the pawns' attacks).
#[inline(always)]
pub(crate) fn pieces<V: Evaluate>(
    cx: &Context<V>,
    attacks: &mut Attacks<V>,
    trace: &mut impl Trace,
) -> PieceScores {
    let Context { pos, params, tables, pawns, kings: _, zones, .. } = *cx;
    let occupied = pos.occupied();
    let with_placement = params.placement != PlacementTerms::NONE;
    let mut out = PieceScores {
        score: [S::ZERO; 2],
        phase: 0,
        non_pawn_material: [0; 2],
        mobility_mg: [0; 2],
        bishop_pair: [false; 2],
    };
    for color in Color::BOTH {
        let us = color.index();
        let them = (!color).index();
        let mut score = S::ZERO;
        let mobility_area = !pos.pieces(color) & !attacks.by_pawns[them];
        for (i, def) in V::PIECES.iter().enumerate() {
            let kind = PieceType(i as u8);
            let pieces = pos.pieces_of(color, kind);
            if pieces.is_empty() {
                continue;
            }
            let terms = &params.pieces[i];
            let is_pawn = tables.pawn_kinds & (1 << i) != 0;
            for sq in pieces {
                let psqt = tables.psqt(color, kind, sq);
                score += psqt;
                record!(trace.add_piece("value", kind, color, terms.value));
                record!(trace.add_piece("psqt", kind, color, psqt - terms.value));
                out.phase += terms.phase;
                if !is_pawn && !def.royal {
                    out.non_pawn_material[us] += terms.value.mg;
                }
                if is_pawn {
                    continue;
                }
                let reach = pos.attacks_from(color, kind, sq, occupied);
                if !def.captures {
                    continue;
                }
                attacks.twice[us] |= attacks.all[us] & reach;
                attacks.all[us] |= reach;
                if def.royal {
                    continue;
                }
                attacks.by_non_royal[us] |= reach;
                attacks.by_kind[us][i] |= reach;
                let squares_to_go = (reach & mobility_area).count();
                let mobility = tables.mobility[i][squares_to_go as usize];
                score += mobility;
                record!(trace.add_piece("mobility", kind, color, mobility));
                out.mobility_mg[us] += mobility.mg;
                if with_placement {
                    let place = Placed { kind, sq, reach, squares_to_go };
                    score += placement(cx, color, place, trace);
                }
                if terms.open_file != S::ZERO {
                    let file = tables.files[V::Geo::file_of(sq) as usize];
                    if (file & pawns[us]).is_empty() {
                        let open = if (file & pawns[them]).is_empty() {
                            terms.open_file
                        } else {
                            s(terms.open_file.mg / 2, terms.open_file.eg / 2)
                        };
                        score += open;
                        record!(trace.add_piece("open_file", kind, color, open));
                    }
                }
                let hits = reach & zones[them];
                if hits.is_nonempty() {
                    attacks.king_attackers[them] += 1;
                    attacks.king_units[them] += terms.king_attack * hits.count() as i32;
                }
            }
        }
        attacks.twice[us] |= attacks.all[us] & attacks.by_pawns[us];
        attacks.all[us] |= attacks.by_pawns[us];
        if V::DROPS {
            for &kind in V::HAND_ORDER {
                let count = i32::from(pos.hand_count(color, kind));
                if count > 0 {
                    let terms = &params.pieces[kind.index()];
                    score += terms.in_hand * count;
                    record!(trace.add_piece("in_hand", kind, color, terms.in_hand * count));
                    out.phase += terms.phase * count;
                    out.non_pawn_material[us] += terms.value.mg * count;
                }
            }
        }
        if tables.bishop_kinds != 0 {
            let bishops = pieces_of_kinds(pos, color, tables.bishop_kinds);
            if (bishops & tables.light_squares).is_nonempty()
                && (bishops & !tables.light_squares).is_nonempty()
            {
                score += params.bishop_pair;
                record!(trace.add("bishop_pair", color, params.bishop_pair));
                out.bishop_pair[us] = true;
            }
        }
        out.score[us] = score;
    }
    out
}

/// Attacks with only the pawns' filled in, for [`pieces`] to complete.
#[inline(always)]
pub(crate) fn pawn_attacks<V: Variant>(by_pawns: [Bb<V>; 2]) -> Attacks<V> {
    Attacks {
        by_pawns,
        all: [Bitboard::EMPTY; 2],
        twice: [Bitboard::EMPTY; 2],
        by_non_royal: [Bitboard::EMPTY; 2],
        by_kind: [[Bitboard::EMPTY; MAX_PIECE_TYPES]; 2],
        king_units: [0; 2],
        king_attackers: [0; 2],
    }
}
