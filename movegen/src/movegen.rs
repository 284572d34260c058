//! Legal move generation, generic over the variant.
//!
//! The generator is legal by construction for almost every move: the royal piece steps
//! only to squares no enemy attacks once it has left its square; in check, other pieces
//! may only capture the checker or block (between a slider and the king, or on a square
//! every clear path of a coherent knight passes); pinned pieces stay on their pin line.
//! Only three kinds of move are tested by replaying their occupancy change against
//! `attackers_to`: en passant (two pieces leave a line at once), castling's arrival
//! square (Chess960 rooks can shield), and moves of pieces that block a coherent knight's
//! only clear path (the path can be reopened by a move along it). Perft uses
//! [`Position::count_legal`], which counts without building moves where it can.

use crate::attacks::Bb;
use crate::bitboard::{BitWord, Bitboard};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, PieceType, Special};
use crate::position::{castle_bit, castling_targets, Position};
use crate::square::{Geometry, Square};
use crate::variant::Variant;

/// Where the moves go: a list, or just a count.
pub(crate) trait Sink {
    fn push(&mut self, m: Move);
    /// Adds every move from `from` to each of `dests` that needs no promotion choice.
    fn push_all<W: BitWord>(&mut self, from: Square, dests: Bitboard<W>);
    /// Adds a drop of `kind` on each of `squares`.
    fn push_drops<W: BitWord>(&mut self, kind: PieceType, squares: Bitboard<W>);
}

impl Sink for MoveList {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }
    #[inline(always)]
    fn push_all<W: BitWord>(&mut self, from: Square, dests: Bitboard<W>) {
        for to in dests {
            MoveList::push(self, Move::new(from, to, MoveKind::Normal));
        }
    }
    #[inline(always)]
    fn push_drops<W: BitWord>(&mut self, kind: PieceType, squares: Bitboard<W>) {
        for to in squares {
            MoveList::push(self, Move::drop(kind, to));
        }
    }
}

struct Counter(usize);

impl Sink for Counter {
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn push_all<W: BitWord>(&mut self, _: Square, dests: Bitboard<W>) {
        self.0 += dests.count() as usize;
    }
    #[inline(always)]
    fn push_drops<W: BitWord>(&mut self, _: PieceType, squares: Bitboard<W>) {
        self.0 += squares.count() as usize;
    }
}

impl<V: Variant> Position<V> {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Appends every legal move to `list`.
    pub fn generate_legal(&self, list: &mut MoveList) {
        self.generate::<MoveList, false>(list);
    }

    /// Appends the legal captures (en passant included) and the legal moves that may
    /// promote (a pawn's, and where a piece promotes by entering a zone, every move into,
    /// out of or inside it; not where every move flips a piece, as in gethenian) to
    /// `list`; no castling, no drops, no other quiet moves. Every legal move when the
    /// position needs a replay to tell legal moves from others (set-ups without exactly
    /// one royal piece). The quiescence search's generator.
    pub fn generate_noisy(&self, list: &mut MoveList) {
        self.generate::<MoveList, true>(list);
    }

    /// The number of legal moves (perft's bulk count at the leaves).
    pub fn count_legal(&self) -> usize {
        let mut counter = Counter(0);
        self.generate::<Counter, false>(&mut counter);
        counter.0
    }

    #[inline(always)]
    fn generate<S: Sink, const NOISY: bool>(&self, sink: &mut S) {
        if V::CAMPMATE && self.decided_on_board().is_some() {
            return;
        }
        let us = self.side_to_move();
        let them = !us;
        if V::PSEUDO_ROYAL && self.needs_replay(us) {
            for &m in self.legal_moves_by_replay().iter() {
                sink.push(m);
            }
            return;
        }
        let Some(king) = self.royal_square(us) else { return };
        let tables = V::tables();
        let ours = self.pieces(us);
        let theirs = self.pieces(them);
        let occupied = ours | theirs;
        let checkers = self.attackers_to(king, occupied, them);

        // The royal piece: to squares not attacked once it has left its own.
        let king_kind = self.piece_on(king).expect("royal piece").kind();
        let king_def = &V::PIECES[king_kind.index()];
        let mut dests = tables.attacks(us, king_kind, king, occupied) & !ours;
        if !king_def.captures {
            dests &= !theirs;
        }
        if NOISY {
            dests &= theirs;
        }
        let without_king = occupied ^ Bitboard::from_square(king);
        for to in dests {
            if self.attackers_to(to, without_king, them).is_empty() {
                self.push_expanded(sink, king, to, king_kind);
            }
        }
        // Other pieces must answer every check at once: in chess only a king move answers
        // two, but one piece can close a coherent knight's path and a line together.
        let mut target = V::Geo::all();
        for checker in checkers {
            target &= self.evasion_targets(king, checker, occupied);
        }
        if target.is_empty() {
            return;
        }
        let pinned = self.slider_blockers(king, occupied, !us) & self.pieces(us);
        let knight_blockers = if V::COHERENT_KNIGHTS {
            self.knight_path_pins(king, occupied, them).0
        } else {
            Bitboard::EMPTY
        };

        for (i, def) in V::PIECES.iter().enumerate() {
            let kind = PieceType(i as u8);
            let mine = self.pieces_of(us, kind);
            if def.royal || mine.is_empty() {
                continue;
            }
            for from in mine {
                let mut dests = if def.special == Special::Pawn {
                    let mut dests = tables.attacks(us, kind, from, occupied) & theirs;
                    let push = tables.pawn_push(us, from) & !occupied;
                    if let Some(one) = push.first() {
                        dests |= push;
                        if V::DOUBLE_STEP && tables.second_rank[us.index()].has(from) {
                            dests |= tables.pawn_push(us, one) & !occupied;
                        }
                    }
                    dests
                } else {
                    let dests = tables.attacks(us, kind, from, occupied) & !ours;
                    if def.captures {
                        dests
                    } else {
                        dests & !theirs
                    }
                };
                dests &= target;
                let changing = Self::promotion_squares(us, kind, from);
                if NOISY {
                    // Where every move flips a piece, a flip is no more than a quiet move.
                    dests &= if V::DEMOTION { theirs } else { theirs | changing };
                }
                if pinned.has(from) {
                    dests &= self.pin_segment(king, from, occupied);
                }
                if knight_blockers.has(from) {
                    for to in dests {
                        if !self.attacked_after_move(king, from, to, occupied, them) {
                            self.push_expanded(sink, from, to, kind);
                        }
                    }
                } else {
                    sink.push_all(from, dests & !changing);
                    for to in dests & changing {
                        self.push_expanded(sink, from, to, kind);
                    }
                }
            }
        }

        if V::EN_PASSANT {
            if let Some(ep) = self.ep_square() {
                self.en_passant_moves(sink, ep, king, occupied);
            }
        }
        if NOISY {
            return;
        }
        if V::CASTLING_ROOK.is_some() && checkers.is_empty() {
            self.castling_moves(sink, king, occupied);
        }
        if V::DROPS {
            let open = !occupied & target;
            for (i, def) in V::PIECES.iter().enumerate() {
                let kind = PieceType(i as u8);
                if self.hand_count(us, kind) == 0 {
                    continue;
                }
                let squares = self.drop_squares(us, kind) & open;
                sink.push_drops(kind, squares);
                if let Some(promoted) = def.promotes_to.filter(|_| V::DROP_PROMOTED) {
                    sink.push_drops(promoted, squares);
                }
            }
        }
    }

    /// Where `color` may drop a `kind` from hand, occupied or not: the variant's drop
    /// region, and for pawns neither the first rank nor the promotion zone.
    pub(crate) fn drop_squares(&self, color: Color, kind: PieceType) -> Bb<V> {
        let tables = V::tables();
        let mut region = tables.drop_region[color.index()];
        if V::PIECES[kind.index()].special == Special::Pawn {
            region &= !(tables.promotion_zone[color.index()] | tables.last_rank[(!color).index()]);
        }
        region & V::Geo::all()
    }

    /// Positions the fast generator does not model: not exactly one royal piece, or a
    /// royal piece in hand (both only from set-ups).
    fn needs_replay(&self, us: Color) -> bool {
        self.royals(us).count() != 1
            || V::PIECES
                .iter()
                .enumerate()
                .any(|(i, d)| d.royal && self.hand_count(us, PieceType(i as u8)) > 0)
    }

    /// Where a `kind` piece of `us` on `from` lands with a choice or change of form
    /// (promotion, flip); every other destination is a plain move.
    #[inline(always)]
    fn promotion_squares(us: Color, kind: PieceType, from: Square) -> Bb<V> {
        let def = &V::PIECES[kind.index()];
        let tables = V::tables();
        if def.special == Special::Pawn && !V::PAWN_PROMOTIONS.is_empty() {
            return tables.last_rank[us.index()];
        }
        let changes_form = def.promotes_to.is_some() || (def.promoted && V::DEMOTION);
        if V::PROMOTION_ZONE_RANKS == 0 || !changes_form {
            return Bitboard::EMPTY;
        }
        let zone = tables.promotion_zone[us.index()];
        if zone.has(from) {
            V::Geo::all()
        } else {
            zone
        }
    }

    /// Adds the move `from`-`to` of a `kind` piece, expanded into its promotion choices.
    #[inline(always)]
    pub(crate) fn push_expanded<S: Sink>(
        &self,
        sink: &mut S,
        from: Square,
        to: Square,
        kind: PieceType,
    ) {
        let def = &V::PIECES[kind.index()];
        let us = self.side_to_move();
        let tables = V::tables();
        if def.special == Special::Pawn
            && !V::PAWN_PROMOTIONS.is_empty()
            && tables.last_rank[us.index()].has(to)
        {
            for &choice in V::PAWN_PROMOTIONS {
                sink.push(Move::promotion(from, to, choice));
            }
            return;
        }
        if V::PROMOTION_ZONE_RANKS > 0 {
            let zone = tables.promotion_zone[us.index()];
            if zone.has(from) || zone.has(to) {
                let change = if def.promotes_to.is_some() {
                    Some(MoveKind::Promote)
                } else if def.promoted && V::DEMOTION {
                    Some(MoveKind::Demote)
                } else {
                    None
                };
                if let Some(change) = change {
                    sink.push(Move::new(from, to, change));
                    if !V::MANDATORY_PROMOTION {
                        sink.push(Move::new(from, to, MoveKind::Normal));
                    }
                    return;
                }
            }
        }
        sink.push(Move::new(from, to, MoveKind::Normal));
    }

    /// Squares where a non-royal move answers the check given by `checker`: its own
    /// square, and the squares that close its line or every clear path it has.
    fn evasion_targets(&self, king: Square, checker: Square, occupied: Bb<V>) -> Bb<V> {
        let kind = self.piece_on(checker).expect("checker").kind();
        let def = &V::PIECES[kind.index()];
        let mut targets = Bitboard::from_square(checker);
        if def.slides != 0 {
            targets |= V::Geo::sliders().between(king, checker);
        }
        if def.special == Special::CoherentKnight {
            let paths =
                V::tables().coherent.as_ref().expect("coherent tables").paths(king, checker);
            let mut common = V::Geo::all();
            let mut clear = 0;
            for &path in paths {
                if (path & occupied).is_empty() {
                    common &= path;
                    clear += 1;
                }
            }
            if clear > 0 {
                targets |= common;
            }
        }
        targets
    }

    /// Where the piece pinned on `pinned` may go: the squares from the king out to the
    /// pinner, inclusive. (The whole line would not do: a coherent knight's straight move
    /// goes round the pinner and lands beyond it.)
    fn pin_segment(&self, king: Square, pinned: Square, occupied: Bb<V>) -> Bb<V> {
        let sliders = V::Geo::sliders();
        let without = occupied ^ Bitboard::from_square(pinned);
        let reach = sliders.rook(king, without) | sliders.bishop(king, without);
        (0..8)
            .map(|d| sliders.ray(king, d))
            .find(|ray| ray.has(pinned))
            .map_or(Bitboard::EMPTY, |ray| ray & reach)
    }

    fn en_passant_moves<S: Sink>(&self, sink: &mut S, ep: Square, king: Square, occupied: Bb<V>) {
        let us = self.side_to_move();
        let tables = V::tables();
        for (i, def) in V::PIECES.iter().enumerate() {
            if def.special != Special::Pawn {
                continue;
            }
            let kind = PieceType(i as u8);
            let none = Bitboard::EMPTY;
            let capturers =
                self.pieces_of(us, kind) & tables.attackers_of_kind(us, kind, ep, none, none, none);
            for from in capturers {
                let captured = V::Geo::square(V::Geo::file_of(ep), V::Geo::rank_of(from));
                let after =
                    (occupied ^ Bitboard::from_square(from) ^ Bitboard::from_square(captured))
                        | Bitboard::from_square(ep);
                if (self.attackers_to(king, after, !us) & !Bitboard::from_square(captured))
                    .is_empty()
                {
                    sink.push(Move::new(from, ep, MoveKind::EnPassant));
                }
            }
        }
    }

    fn castling_moves<S: Sink>(&self, sink: &mut S, king: Square, occupied: Bb<V>) {
        let us = self.side_to_move();
        let them = !us;
        let sliders = V::Geo::sliders();
        for king_side in [true, false] {
            let bit = castle_bit(us, king_side);
            if self.castling_rights() & bit == 0 {
                continue;
            }
            let Some(rook) = self.castle_rook(bit) else { continue };
            let (king_to, rook_to) = castling_targets::<V>(us, king, rook);
            let king_and_rook = Bitboard::from_square(king) | Bitboard::from_square(rook);
            let must_be_empty = (sliders.between(king, king_to)
                | Bitboard::from_square(king_to)
                | sliders.between(rook, rook_to)
                | Bitboard::from_square(rook_to))
                & !king_and_rook;
            if (must_be_empty & occupied).is_nonempty() {
                continue;
            }
            let mut passed = sliders.between(king, king_to) | Bitboard::from_square(king_to);
            if passed.any(|sq| self.attackers_to(sq, occupied, them).is_nonempty()) {
                continue;
            }
            let after = (occupied ^ king_and_rook)
                | Bitboard::from_square(king_to)
                | Bitboard::from_square(rook_to);
            if self.attackers_to(king_to, after, them).is_nonempty() {
                continue;
            }
            sink.push(Move::new(king, rook, MoveKind::Castle));
        }
    }
}
