//! The position: board, hands, rights and clocks, with make/unmake and an incremental key.
//!
//! Pieces live in a mailbox and in bitboards by colour and by type. `make_move` pushes
//! what it cannot recompute (captured piece, rights, clocks, key) on a history stack that
//! `unmake_move` pops; the same stack answers repetition questions. Nothing here
//! allocates once the history has grown to the game's length.
//!
//! [`Position::last_changes`] tells what the last move did to the board and the hands,
//! for evaluations that update themselves move by move. It is read back from the history
//! entry and the board as they stand after the move rather than written down by
//! `make_move`, so that searches that never ask pay nothing for it.

use crate::attacks::Bb;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Piece, PieceType, Special, MAX_PIECE_TYPES};
use crate::square::{Geometry, Square, MAX_SQUARES};
use crate::variant::Variant;
use crate::zobrist;

/// Castling right bits: White king side, White queen side, Black king side, Black queen side.
pub const fn castle_bit(color: Color, king_side: bool) -> u8 {
    1 << (color as u8 * 2 + if king_side { 0 } else { 1 })
}

/// What `unmake_move` needs to restore.
#[derive(Clone, Copy, Debug)]
struct Undo {
    key: u64,
    mv: Option<Move>,
    moved: Option<Piece>,
    captured: Option<Piece>,
    castling: u8,
    ep: Option<Square>,
    halfmove: u32,
    /// The side to move was in check (recorded only where perpetual check loses).
    in_check: bool,
}

/// A man taken off or put on a square.
pub type ManOnSquare = (Piece, Square);

/// A hand count the last move changed: `owner`'s men of base type `kind` in hand went from
/// `before` to `after` (one more or one fewer).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HandChange {
    pub owner: Color,
    pub kind: PieceType,
    pub before: u8,
    pub after: u8,
}

/// What one move changed: at most two men taken off the board (the mover, and what it
/// captured or the castling rook), at most two put on it (the mover, in its new form if it
/// promoted or flipped, and the castling rook) and at most one hand count (a drop, or a
/// capture to hand). A null move changes nothing.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Changes {
    pub removed: [Option<ManOnSquare>; 2],
    pub added: [Option<ManOnSquare>; 2],
    pub hand: Option<HandChange>,
}

impl Changes {
    /// The men taken off the board.
    pub fn removed(&self) -> impl Iterator<Item = ManOnSquare> + '_ {
        self.removed.iter().flatten().copied()
    }
    /// The men put on the board.
    pub fn added(&self) -> impl Iterator<Item = ManOnSquare> + '_ {
        self.added.iter().flatten().copied()
    }
}

/// A position of variant `V`.
#[derive(Clone, Debug)]
pub struct Position<V: Variant> {
    board: [Option<Piece>; MAX_SQUARES],
    by_color: [Bb<V>; 2],
    by_type: [Bb<V>; MAX_PIECE_TYPES],
    hands: [[u8; MAX_PIECE_TYPES]; 2],
    side: Color,
    castling: u8,
    /// The rook of each castling right (indexed by the right's bit number).
    castle_rooks: [Option<Square>; 4],
    /// Rights that survive a move from or to each square.
    castle_keep: [u8; MAX_SQUARES],
    ep: Option<Square>,
    halfmove: u32,
    fullmove: u32,
    key: u64,
    chess960: bool,
    history: Vec<Undo>,
}

impl<V: Variant> Position<V> {
    /// An empty board with White to move; FEN parsing fills it.
    pub(crate) fn empty() -> Self {
        Position {
            board: [None; MAX_SQUARES],
            by_color: [Bitboard::EMPTY; 2],
            by_type: [Bitboard::EMPTY; MAX_PIECE_TYPES],
            hands: [[0; MAX_PIECE_TYPES]; 2],
            side: Color::White,
            castling: 0,
            castle_rooks: [None; 4],
            castle_keep: [0xF; MAX_SQUARES],
            ep: None,
            halfmove: 0,
            fullmove: 1,
            key: zobrist::castling(0),
            chess960: false,
            history: Vec::with_capacity(256),
        }
    }

    /// The variant's start position.
    pub fn startpos() -> Self {
        Self::from_fen(V::START_FEN, false).expect("every variant's start FEN parses")
    }

    // ---- queries ----

    #[inline(always)]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    #[inline(always)]
    pub fn pieces(&self, color: Color) -> Bb<V> {
        self.by_color[color.index()]
    }
    #[inline(always)]
    pub fn pieces_of_type(&self, kind: PieceType) -> Bb<V> {
        self.by_type[kind.index()]
    }
    #[inline(always)]
    pub fn pieces_of(&self, color: Color, kind: PieceType) -> Bb<V> {
        self.by_color[color.index()] & self.by_type[kind.index()]
    }
    #[inline(always)]
    pub fn occupied(&self) -> Bb<V> {
        self.by_color[0] | self.by_color[1]
    }
    /// How many pieces of base type `kind` `color` holds in hand.
    #[inline(always)]
    pub fn hand_count(&self, color: Color, kind: PieceType) -> u8 {
        self.hands[color.index()][kind.index()]
    }
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }
    #[inline(always)]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }
    #[inline(always)]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }
    /// The rook square of castling right `bit` (see [`castle_bit`]).
    pub fn castle_rook(&self, bit: u8) -> Option<Square> {
        self.castle_rooks[bit.trailing_zeros() as usize & 3]
    }
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    #[inline(always)]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }
    #[inline(always)]
    pub fn chess960(&self) -> bool {
        self.chess960
    }
    /// Plies played since this position was set up.
    pub fn game_ply(&self) -> usize {
        self.history.len()
    }
    /// The moves played since the position was set up, oldest first (null moves skipped).
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().filter_map(|u| u.mv)
    }
    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().and_then(|u| u.mv)
    }
    /// The piece the last move captured, if any.
    pub fn last_captured(&self) -> Option<Piece> {
        self.history.last().and_then(|u| u.captured)
    }

    /// What the last move (the last [`Self::make_move`] or [`Self::make_null`] not taken
    /// back) changed on the board and in the hands; nothing at the start.
    pub fn last_changes(&self) -> Changes {
        let mut changes = Changes::default();
        let Some(undo) = self.history.last() else { return changes };
        let Some(m) = undo.mv else { return changes };
        let us = !self.side;
        let (from, to) = (m.from(), m.to());
        let hand = |kind: PieceType, dropped: bool| {
            let after = self.hands[us.index()][kind.index()];
            let before = if dropped { after + 1 } else { after - 1 };
            HandChange { owner: us, kind, before, after }
        };
        match m.kind() {
            MoveKind::Drop => {
                let piece = self.board[to.index()].expect("the dropped man");
                changes.added[0] = Some((piece, to));
                changes.hand = Some(hand(V::PIECES[piece.kind().index()].base, true));
            }
            MoveKind::Castle => {
                let (king_to, rook_to) = castling_targets::<V>(us, from, to);
                let king = undo.moved.expect("the castling king");
                let rook = self.board[rook_to.index()].expect("the castling rook");
                changes.removed = [Some((king, from)), Some((rook, to))];
                changes.added = [Some((king, king_to)), Some((rook, rook_to))];
            }
            kind => {
                changes.removed[0] = Some((undo.moved.expect("the moved man"), from));
                changes.added[0] = Some((self.board[to.index()].expect("the moved man"), to));
                if let Some(captured) = undo.captured {
                    let captured_sq = if kind == MoveKind::EnPassant {
                        V::Geo::square(V::Geo::file_of(to), V::Geo::rank_of(from))
                    } else {
                        to
                    };
                    changes.removed[1] = Some((captured, captured_sq));
                    if V::CAPTURES_TO_HAND {
                        changes.hand = Some(hand(V::PIECES[captured.kind().index()].base, false));
                    }
                }
            }
        }
        changes
    }

    /// The royal pieces of `color`: its king, or where kings are pseudo-royal, each royal
    /// type of which it has exactly one.
    #[inline(always)]
    pub fn royals(&self, color: Color) -> Bb<V> {
        let mut bits = V::tables().royal_types;
        let mut royals = Bitboard::EMPTY;
        while bits != 0 {
            let of_type =
                self.by_type[bits.trailing_zeros() as usize] & self.by_color[color.index()];
            if !V::PSEUDO_ROYAL || !of_type.more_than_one() {
                royals |= of_type;
            }
            bits &= bits - 1;
        }
        royals
    }
    #[inline(always)]
    pub fn royal_square(&self, color: Color) -> Option<Square> {
        self.royals(color).first()
    }

    /// Squares a piece of `color` and `kind` on `sq` attacks through `occupied`.
    #[inline(always)]
    pub fn attacks_from(
        &self,
        color: Color,
        kind: PieceType,
        sq: Square,
        occupied: Bb<V>,
    ) -> Bb<V> {
        V::tables().attacks(color, kind, sq, occupied)
    }

    /// Men of either colour that alone stand, in `occupied`, between `king` and a slider
    /// of `by` that would reach it without them: the king's side's men among them are
    /// pinned, and `by`'s own would uncover a check by moving. (Straight lines only; for
    /// a coherent knight's paths see [`Self::knight_path_pins`].)
    #[inline]
    pub fn slider_blockers(&self, king: Square, occupied: Bb<V>, by: Color) -> Bb<V> {
        self.slider_pins(king, occupied, by).0
    }

    /// [`Self::slider_blockers`], with the sliders of `by` that pin a man of the king's
    /// side: `(blockers, pinners)`.
    #[inline]
    pub fn slider_pins(&self, king: Square, occupied: Bb<V>, by: Color) -> (Bb<V>, Bb<V>) {
        let tables = V::tables();
        let sliders = V::Geo::sliders();
        let defenders = self.by_color[(!by).index()];
        let mut blockers = Bitboard::EMPTY;
        let mut pinners = Bitboard::EMPTY;
        let mut kinds = tables.orthogonal_sliders | tables.diagonal_sliders;
        while kinds != 0 {
            let kind = PieceType(kinds.trailing_zeros() as u8);
            kinds &= kinds - 1;
            for sniper in self.pieces_of(by, kind) & tables.slider_sources(by, kind, king) {
                let between = sliders.between(king, sniper) & occupied;
                if !between.more_than_one() {
                    blockers |= between;
                    if (between & defenders).is_nonempty() {
                        pinners.set(sniper);
                    }
                }
            }
        }
        (blockers, pinners)
    }

    /// The coherent knights' counterpart of [`Self::slider_pins`]: the men of the king's
    /// side that alone stand, in `occupied`, on some path of a knight of `by` to `king`,
    /// and the knights that pin them: `(pinned, pinners)`. A pinned man may still move
    /// where it keeps every such path closed, which only a look at the position after
    /// the move can tell (a knight has several paths to the king). Empty where there are
    /// no coherent knights.
    #[inline]
    pub fn knight_path_pins(&self, king: Square, occupied: Bb<V>, by: Color) -> (Bb<V>, Bb<V>) {
        let defenders = self.by_color[(!by).index()];
        let mut pinned = Bitboard::EMPTY;
        let mut pinners = Bitboard::EMPTY;
        self.for_each_lone_knight_path_blocker(king, occupied, by, |blocker, knight| {
            if (blocker & defenders).is_nonempty() {
                pinned |= blocker;
                pinners.set(knight);
            }
        });
        (pinned, pinners)
    }

    /// The coherent knights' counterpart of [`Self::slider_blockers`]: men of either
    /// colour that alone stand, in `occupied`, on some path of a knight of `by` to `king`.
    /// `by`'s own among them would uncover a check by moving away (unless the move closes
    /// the path again). Empty where there are no coherent knights.
    #[inline]
    pub fn knight_path_blockers(&self, king: Square, occupied: Bb<V>, by: Color) -> Bb<V> {
        let mut blockers = Bitboard::EMPTY;
        self.for_each_lone_knight_path_blocker(king, occupied, by, |blocker, _| {
            blockers |= blocker
        });
        blockers
    }

    /// Calls `found(blocker, knight)` for every path of a coherent knight of `by` to
    /// `king` that exactly one man (`blocker`, a one-square set) closes in `occupied`.
    #[inline]
    fn for_each_lone_knight_path_blocker(
        &self,
        king: Square,
        occupied: Bb<V>,
        by: Color,
        mut found: impl FnMut(Bb<V>, Square),
    ) {
        if !V::COHERENT_KNIGHTS {
            return;
        }
        let Some(paths) = V::tables().coherent.as_ref() else { return };
        for (i, def) in V::PIECES.iter().enumerate() {
            if def.special != Special::CoherentKnight {
                continue;
            }
            for knight in self.pieces_of(by, PieceType(i as u8)) {
                for &path in paths.paths(king, knight) {
                    let on_path = path & occupied;
                    if on_path.is_nonempty() && !on_path.more_than_one() {
                        found(on_path, knight);
                    }
                }
            }
        }
    }

    /// Whether, on the board `occupied`, some man of `by` still on it attacks `king` once
    /// the man on `from` has moved to `to` (taking whatever stood there): the test for a
    /// man a coherent knight may pin, whose safe squares no line describes.
    #[inline]
    pub fn attacked_after_move(
        &self,
        king: Square,
        from: Square,
        to: Square,
        occupied: Bb<V>,
        by: Color,
    ) -> bool {
        let after = (occupied ^ Bitboard::from_square(from)) | Bitboard::from_square(to);
        (self.attackers_to(king, after, by) & after & !Bitboard::from_square(to)).is_nonempty()
    }

    /// Pieces of `by` attacking `sq` through `occupied`.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bb<V>, by: Color) -> Bb<V> {
        let tables = V::tables();
        let sliders = V::Geo::sliders();
        let theirs = self.by_color[by.index()];
        let rook = if tables.orthogonal_sliders != 0 {
            sliders.rook(sq, occupied)
        } else {
            Bitboard::EMPTY
        };
        let bishop = if tables.diagonal_sliders != 0 {
            sliders.bishop(sq, occupied)
        } else {
            Bitboard::EMPTY
        };
        let coherent = if V::COHERENT_KNIGHTS {
            tables.coherent_knight(sq, occupied)
        } else {
            Bitboard::EMPTY
        };
        // Only pieces on these squares can attack `sq`; usually there are none.
        let candidates = (rook | bishop | coherent | tables.any_leap_attackers(by, sq)) & theirs;
        if candidates.is_empty() {
            return Bitboard::EMPTY;
        }
        let mut attackers = Bitboard::EMPTY;
        for (i, def) in V::PIECES.iter().enumerate() {
            let mine = self.by_type[i] & candidates;
            if mine.is_empty() || !def.captures {
                continue;
            }
            attackers |=
                tables.attackers_of_kind(by, PieceType(i as u8), sq, rook, bishop, coherent) & mine;
        }
        attackers
    }

    /// Enemy pieces giving check to the side to move's royal piece.
    #[inline]
    pub fn checkers(&self) -> Bb<V> {
        match self.royal_square(self.side) {
            Some(king) => self.attackers_to(king, self.occupied(), !self.side),
            None => Bitboard::EMPTY,
        }
    }

    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers().is_nonempty()
    }

    /// Some royal piece of the side to move is attacked (with several royals possible,
    /// any of them).
    pub fn royal_attacked(&self) -> bool {
        let occupied = self.occupied();
        self.royals(self.side).any(|sq| self.attackers_to(sq, occupied, !self.side).is_nonempty())
    }

    // ---- editing ----

    #[inline(always)]
    pub(crate) fn put_piece(&mut self, piece: Piece, sq: Square) {
        debug_assert!(self.board[sq.index()].is_none());
        let bb = Bitboard::from_square(sq);
        self.board[sq.index()] = Some(piece);
        self.by_color[piece.color().index()] |= bb;
        self.by_type[piece.kind().index()] |= bb;
        self.key ^= zobrist::piece_square(piece, sq);
    }

    #[inline(always)]
    pub(crate) fn remove_piece(&mut self, sq: Square) -> Piece {
        let piece = self.board[sq.index()].take().expect("a piece to remove");
        let bb = Bitboard::from_square(sq);
        self.by_color[piece.color().index()] ^= bb;
        self.by_type[piece.kind().index()] ^= bb;
        self.key ^= zobrist::piece_square(piece, sq);
        piece
    }

    #[inline(always)]
    pub(crate) fn add_to_hand(&mut self, color: Color, kind: PieceType) {
        let count = &mut self.hands[color.index()][kind.index()];
        self.key ^= zobrist::hand(Piece::new(color, kind), *count);
        *count += 1;
    }

    #[inline(always)]
    pub(crate) fn take_from_hand(&mut self, color: Color, kind: PieceType) {
        let count = &mut self.hands[color.index()][kind.index()];
        debug_assert!(*count > 0);
        *count -= 1;
        self.key ^= zobrist::hand(Piece::new(color, kind), *count);
    }

    #[inline(always)]
    fn set_castling(&mut self, rights: u8) {
        self.key ^= zobrist::castling(self.castling) ^ zobrist::castling(rights);
        self.castling = rights;
    }

    #[inline(always)]
    fn set_ep(&mut self, ep: Option<Square>) {
        if let Some(old) = self.ep {
            self.key ^= zobrist::en_passant(V::Geo::file_of(old));
        }
        if let Some(new) = ep {
            self.key ^= zobrist::en_passant(V::Geo::file_of(new));
        }
        self.ep = ep;
    }

    pub(crate) fn set_side(&mut self, side: Color) {
        if side != self.side {
            self.key ^= zobrist::KEYS.side;
        }
        self.side = side;
    }

    pub(crate) fn set_clocks(&mut self, halfmove: u32, fullmove: u32) {
        self.halfmove = halfmove;
        self.fullmove = fullmove.max(1);
    }

    pub(crate) fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
    }

    /// Grants the castling right `bit` with the rook on `rook`; the king's square loses
    /// both of its side's rights when it moves, the rook's square this one.
    pub(crate) fn add_castling_right(&mut self, bit: u8, king: Square, rook: Square) {
        self.castle_rooks[bit.trailing_zeros() as usize] = Some(rook);
        let color_bits = if bit & 0b0011 != 0 { 0b0011 } else { 0b1100 };
        self.castle_keep[king.index()] &= !color_bits;
        self.castle_keep[rook.index()] &= !bit;
        self.set_castling(self.castling | bit);
    }

    pub(crate) fn set_ep_square(&mut self, ep: Option<Square>) {
        self.set_ep(ep);
    }

    /// The key computed from scratch (the incremental one must always equal it).
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for s in 0..V::Geo::SQUARES {
            if let Some(p) = self.board[s] {
                key ^= zobrist::piece_square(p, Square::new(s as u8));
            }
        }
        for color in Color::BOTH {
            for kind in 0..MAX_PIECE_TYPES {
                for n in 0..self.hands[color.index()][kind] {
                    key ^= zobrist::hand(Piece::new(color, PieceType(kind as u8)), n);
                }
            }
        }
        key ^= zobrist::castling(self.castling);
        if let Some(ep) = self.ep {
            key ^= zobrist::en_passant(V::Geo::file_of(ep));
        }
        if self.side == Color::Black {
            key ^= zobrist::KEYS.side;
        }
        key
    }

    // ---- make / unmake ----

    /// Plays a legal move.
    pub fn make_move(&mut self, m: Move) {
        let us = self.side;
        let mut undo = Undo {
            key: self.key,
            mv: Some(m),
            moved: None,
            captured: None,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            in_check: V::PERPETUAL_CHECK_LOSES && self.in_check(),
        };
        self.set_ep(None);
        let from = m.from();
        let to = m.to();
        let mut reset_clock = false;
        match m.kind() {
            MoveKind::Drop => {
                let kind = m.piece();
                self.take_from_hand(us, V::PIECES[kind.index()].base);
                self.put_piece(Piece::new(us, kind), to);
                reset_clock = true;
            }
            MoveKind::Castle => {
                let king = self.remove_piece(from);
                let rook = self.remove_piece(to);
                let (king_to, rook_to) = castling_targets::<V>(us, from, to);
                self.put_piece(king, king_to);
                self.put_piece(rook, rook_to);
                undo.moved = Some(king);
            }
            kind => {
                let moving = self.remove_piece(from);
                undo.moved = Some(moving);
                let captured_sq = if kind == MoveKind::EnPassant {
                    V::Geo::square(V::Geo::file_of(to), V::Geo::rank_of(from))
                } else {
                    to
                };
                if self.board[captured_sq.index()].is_some() {
                    let captured = self.remove_piece(captured_sq);
                    if V::CAPTURES_TO_HAND {
                        self.add_to_hand(us, V::PIECES[captured.kind().index()].base);
                    }
                    undo.captured = Some(captured);
                    reset_clock = true;
                }
                let def = &V::PIECES[moving.kind().index()];
                // Promotion is irreversible where pieces never turn back (shinobi), not
                // where every move flips one (gethenian).
                reset_clock |=
                    kind == MoveKind::Promotion || (kind == MoveKind::Promote && !V::DEMOTION);
                let landing = match kind {
                    MoveKind::Promotion => m.piece(),
                    MoveKind::Promote => def.promotes_to.expect("a promotable piece"),
                    MoveKind::Demote => def.base,
                    _ => moving.kind(),
                };
                self.put_piece(Piece::new(us, landing), to);
                if def.special == Special::Pawn {
                    reset_clock = true;
                    if V::EN_PASSANT && V::Geo::rank_of(from).abs_diff(V::Geo::rank_of(to)) == 2 {
                        let middle = V::Geo::square(
                            V::Geo::file_of(from),
                            (V::Geo::rank_of(from) + V::Geo::rank_of(to)) / 2,
                        );
                        let their_pawns = self.pieces_of(!us, moving.kind());
                        if (V::tables().attacks(us, moving.kind(), middle, Bitboard::EMPTY)
                            & their_pawns)
                            .is_nonempty()
                        {
                            self.set_ep(Some(middle));
                        }
                    }
                } else {
                    reset_clock |= def.resets_clock;
                }
            }
        }
        if self.castling != 0 {
            let keep = self.castle_keep[from.index()] & self.castle_keep[to.index()];
            if m.kind() != MoveKind::Drop {
                self.set_castling(self.castling & keep);
            }
        }
        self.halfmove = if reset_clock { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.history.push(undo);
        self.set_side(!us);
    }

    /// Takes back the last move.
    pub fn unmake_move(&mut self) {
        let undo = self.history.pop().expect("a move to take back");
        let m = undo.mv.expect("unmake_move after make_move (use unmake_null for null moves)");
        let us = !self.side;
        self.side = us;
        if us == Color::Black {
            self.fullmove -= 1;
        }
        let from = m.from();
        let to = m.to();
        match m.kind() {
            MoveKind::Drop => {
                let piece = self.remove_piece(to);
                self.add_to_hand(us, V::PIECES[piece.kind().index()].base);
            }
            MoveKind::Castle => {
                let (king_to, rook_to) = castling_targets::<V>(us, from, to);
                let king = self.remove_piece(king_to);
                let rook = self.remove_piece(rook_to);
                self.put_piece(king, from);
                self.put_piece(rook, to);
            }
            kind => {
                self.remove_piece(to);
                self.put_piece(undo.moved.expect("the moved piece"), from);
                if let Some(captured) = undo.captured {
                    let captured_sq = if kind == MoveKind::EnPassant {
                        V::Geo::square(V::Geo::file_of(to), V::Geo::rank_of(from))
                    } else {
                        to
                    };
                    self.put_piece(captured, captured_sq);
                    if V::CAPTURES_TO_HAND {
                        self.take_from_hand(us, V::PIECES[captured.kind().index()].base);
                    }
                }
            }
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
    }

    /// Passes the turn (for null-move pruning); the side to move must not be in check.
    pub fn make_null(&mut self) {
        self.history.push(Undo {
            key: self.key,
            mv: None,
            moved: None,
            captured: None,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            in_check: false,
        });
        self.set_ep(None);
        self.halfmove += 1;
        self.set_side(!self.side);
    }

    pub fn unmake_null(&mut self) {
        let undo = self.history.pop().expect("a null move to take back");
        debug_assert!(undo.mv.is_none());
        self.side = !self.side;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
    }

    /// Keys of earlier positions, most recent first.
    pub(crate) fn history_keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.history.iter().rev().map(|u| u.key)
    }

    /// Whether the side to move was in check in each earlier position, most recent first
    /// (recorded only where perpetual check loses).
    pub(crate) fn history_checks(&self) -> impl Iterator<Item = &bool> + '_ {
        self.history.iter().rev().map(|u| &u.in_check)
    }
}

/// Where king and rook land when the king on `king` castles with the rook on `rook`:
/// the king two files from the edge on its side (g/c in chess, i/c in gothic), the rook
/// next to it on the inside.
#[inline]
pub fn castling_targets<V: Variant>(color: Color, king: Square, rook: Square) -> (Square, Square) {
    let rank = if color == Color::White { 0 } else { V::Geo::RANKS - 1 };
    let files = V::Geo::FILES;
    if V::Geo::file_of(rook) > V::Geo::file_of(king) {
        (V::Geo::square(files - 2, rank), V::Geo::square(files - 3, rank))
    } else {
        (V::Geo::square(2, rank), V::Geo::square(3, rank))
    }
}
