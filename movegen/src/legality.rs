//! The slow, obviously right way to legal moves: generate every pseudo-legal move (each
//! piece's moves with no thought for the king), play it on a copy, and keep it if no
//! royal piece of the mover is attacked afterwards.
//!
//! It serves three purposes: [`Position::is_legal`] for moves from outside the generator
//! (hash and killer moves), the fallback for positions the fast generator does not model
//! (a side with no royal piece or several, possible in gethenian set-ups), and the
//! reference the fast generator is tested against.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{PieceType, Special};
use crate::position::{castle_bit, castling_targets, Position};
use crate::square::Geometry;
use crate::variant::Variant;

impl<V: Variant> Position<V> {
    /// Every move that obeys the pieces' movement, whether or not it leaves a royal piece
    /// attacked (castling still needs an empty path, its rights, and no attacked square
    /// on the king's way, which no replay can see).
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if V::CAMPMATE && self.decided_on_board().is_some() {
            return list;
        }
        let us = self.side_to_move();
        let them = !us;
        let tables = V::tables();
        let ours = self.pieces(us);
        let theirs = self.pieces(them);
        let occupied = ours | theirs;
        for (i, def) in V::PIECES.iter().enumerate() {
            let kind = PieceType(i as u8);
            for from in self.pieces_of(us, kind) {
                let attacks = tables.attacks(us, kind, from, occupied);
                let mut dests = if def.special == Special::Pawn {
                    let mut dests = attacks & theirs;
                    let push = tables.pawn_push(us, from) & !occupied;
                    if let Some(one) = push.first() {
                        dests |= push;
                        if V::DOUBLE_STEP && tables.second_rank[us.index()].has(from) {
                            dests |= tables.pawn_push(us, one) & !occupied;
                        }
                    }
                    dests
                } else {
                    attacks & !ours
                };
                if !def.captures {
                    dests &= !theirs;
                }
                for to in dests {
                    self.push_expanded(&mut list, from, to, kind);
                }
                if def.special == Special::Pawn && V::EN_PASSANT {
                    if let Some(ep) = self.ep_square() {
                        let behind = V::Geo::square(V::Geo::file_of(ep), V::Geo::rank_of(from));
                        let victim = self.piece_on(behind);
                        if attacks.has(ep)
                            && self.piece_on(ep).is_none()
                            && victim.is_some_and(|p| p.color() == them && p.kind() == kind)
                        {
                            list.push(Move::new(from, ep, MoveKind::EnPassant));
                        }
                    }
                }
            }
        }
        if V::CASTLING_ROOK.is_some() {
            if let Some(king) = self.royal_square(us).filter(|_| self.royals(us).count() == 1) {
                self.pseudo_castling(&mut list, king, occupied);
            }
        }
        if V::DROPS {
            for (i, def) in V::PIECES.iter().enumerate() {
                let kind = PieceType(i as u8);
                if self.hand_count(us, kind) == 0 {
                    continue;
                }
                for to in self.drop_squares(us, kind) & !occupied {
                    list.push(Move::drop(kind, to));
                    if let Some(promoted) = def.promotes_to.filter(|_| V::DROP_PROMOTED) {
                        list.push(Move::drop(promoted, to));
                    }
                }
            }
        }
        list
    }

    fn pseudo_castling(
        &self,
        list: &mut MoveList,
        king: crate::square::Square,
        occupied: crate::attacks::Bb<V>,
    ) {
        let us = self.side_to_move();
        let sliders = V::Geo::sliders();
        if self.attackers_to(king, occupied, !us).is_nonempty() {
            return;
        }
        for king_side in [true, false] {
            let bit = castle_bit(us, king_side);
            let Some(rook) = self.castle_rook(bit).filter(|_| self.castling_rights() & bit != 0)
            else {
                continue;
            };
            let (king_to, rook_to) = castling_targets::<V>(us, king, rook);
            let both = Bitboard::from_square(king) | Bitboard::from_square(rook);
            let path = (sliders.between(king, king_to)
                | sliders.between(rook, rook_to)
                | Bitboard::from_square(king_to)
                | Bitboard::from_square(rook_to))
                & !both;
            let mut walk = sliders.between(king, king_to) | Bitboard::from_square(king_to);
            if (path & occupied).is_empty()
                && !walk.any(|sq| self.attackers_to(sq, occupied, !us).is_nonempty())
            {
                list.push(Move::new(king, rook, MoveKind::Castle));
            }
        }
    }

    /// Whether playing `m` leaves every royal piece of the mover unattacked.
    pub fn leaves_royals_safe(&self, m: Move) -> bool {
        let us = self.side_to_move();
        let mut after = self.clone();
        after.make_move(m);
        let occupied = after.occupied();
        after.royals(us).all(|sq| after.attackers_to(sq, occupied, !us).is_empty())
    }

    /// Legal moves the slow way: pseudo-legal moves that keep the royal pieces safe.
    pub fn legal_moves_by_replay(&self) -> MoveList {
        let mut legal = MoveList::new();
        for &m in self.pseudo_legal_moves().iter() {
            if self.leaves_royals_safe(m) {
                legal.push(m);
            }
        }
        legal
    }

    /// Whether `m` (from anywhere: a hash table, a killer slot, a GUI) is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.pseudo_legal_moves().contains(m) && self.leaves_royals_safe(m)
    }
}
