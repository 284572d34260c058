//! Moves packed in 32 bits, and a fixed-capacity move list.
//!
//! Layout: `from` (7 bits), `to` (7), kind (3), piece type (4). Squares need 7 bits on
//! 80- and 81-square boards; every kind is non-zero, so `Option<Move>` is 4 bytes too.
//! Castling is stored as king-takes-rook (`to` is the rook's square), which serves
//! Chess960 and standard castling alike; notation decides how to print it.

use std::fmt;
use std::mem::MaybeUninit;
use std::num::NonZeroU32;

use crate::piece::PieceType;
use crate::square::Square;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum MoveKind {
    Normal = 1,
    /// Chess-style promotion to the move's piece type.
    Promotion = 2,
    /// King takes own rook.
    Castle = 3,
    EnPassant = 4,
    /// The move's piece type dropped from hand on `to`.
    Drop = 5,
    /// Shogi-style promotion (`+`): the piece turns into its promoted form.
    Promote = 6,
    /// Back to the base form (`-`), gethenian.
    Demote = 7,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU32);

impl Move {
    #[inline(always)]
    const fn pack(from: Square, to: Square, kind: MoveKind, piece: u8) -> Move {
        let bits = from.index() as u32
            | (to.index() as u32) << 7
            | (kind as u32) << 14
            | (piece as u32) << 17;
        match NonZeroU32::new(bits) {
            Some(v) => Move(v),
            None => unreachable!(),
        }
    }
    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move::pack(from, to, kind, 0)
    }
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, piece: PieceType) -> Move {
        Move::pack(from, to, MoveKind::Promotion, piece.0)
    }
    #[inline(always)]
    pub const fn drop(piece: PieceType, to: Square) -> Move {
        Move::pack(Square::new(0), to, MoveKind::Drop, piece.0)
    }
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::new((self.0.get() & 0x7F) as u8)
    }
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::new((self.0.get() >> 7 & 0x7F) as u8)
    }
    #[inline(always)]
    pub fn kind(self) -> MoveKind {
        match self.0.get() >> 14 & 7 {
            1 => MoveKind::Normal,
            2 => MoveKind::Promotion,
            3 => MoveKind::Castle,
            4 => MoveKind::EnPassant,
            5 => MoveKind::Drop,
            6 => MoveKind::Promote,
            _ => MoveKind::Demote,
        }
    }
    /// The promotion or drop piece type (meaningless for other kinds).
    #[inline(always)]
    pub const fn piece(self) -> PieceType {
        PieceType((self.0.get() >> 17 & 0xF) as u8)
    }
    #[inline(always)]
    pub fn is_drop(self) -> bool {
        self.kind() == MoveKind::Drop
    }
    /// The raw 32-bit encoding (for hashing tables).
    #[inline(always)]
    pub const fn bits(self) -> u32 {
        self.0.get()
    }
    /// The move with these raw bits, if they are a valid encoding.
    pub fn from_bits(bits: u32) -> Option<Move> {
        let kind = bits >> 14 & 7;
        (kind != 0 && bits >> 21 == 0)
            .then(|| Move(NonZeroU32::new(bits).expect("kind is non-zero")))
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?}({}->{}, {})",
            self.kind(),
            self.from().index(),
            self.to().index(),
            self.piece().0
        )
    }
}

/// The most legal moves any position of the five variants can have, with room to spare
/// (a gethenian hand of four kinds dropped in two forms on 49 squares is under 400).
pub const MAX_MOVES: usize = 1024;

/// A stack-allocated list of moves.
pub struct MoveList {
    len: usize,
    moves: [MaybeUninit<Move>; MAX_MOVES],
}

impl MoveList {
    #[inline(always)]
    pub fn new() -> Self {
        MoveList { len: 0, moves: [MaybeUninit::uninit(); MAX_MOVES] }
    }
    /// Makes the list at `list` empty, writing only its length.
    ///
    /// # Safety
    /// `list` must be valid for writes and properly aligned.
    #[inline(always)]
    pub unsafe fn init_empty(list: *mut MoveList) {
        // SAFETY: the caller's guarantee; the array needs no initialisation.
        unsafe { (&raw mut (*list).len).write(0) };
    }
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        // SAFETY: no position has MAX_MOVES legal moves (see MAX_MOVES).
        unsafe { self.moves.get_unchecked_mut(self.len).write(m) };
        self.len += 1;
    }
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr() as *const Move, self.len) }
    }
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: as in `as_slice`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr() as *mut Move, self.len) }
    }
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}
