//! Colours, pieces and the declarative description of how a piece moves.
//!
//! A variant lists its piece types in a const table of [`PieceDef`]s; a [`PieceType`] is an
//! index into that table. A promoted or flipped form is a type of its own that names its
//! base form (`base`), so a gethenian rook that came from the left bishop and one that came
//! from the right bishop are two types with the same movement: the "memory" is the type,
//! the position needs no side table, and FEN's `+B` / `+I` print straight from it.

use std::num::NonZeroU8;
use std::ops::Not;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// Index of a piece type in its variant's [`PieceDef`] table.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct PieceType(pub u8);

impl PieceType {
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The most piece types a variant may define (shinobi uses 16: twelve kinds and four
/// promoted forms).
pub const MAX_PIECE_TYPES: usize = 16;

/// A coloured piece, packed in a byte so that `Option<Piece>` is a byte too.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Piece(NonZeroU8);

impl Piece {
    #[inline(always)]
    pub const fn new(color: Color, kind: PieceType) -> Piece {
        match NonZeroU8::new(1 + (color as u8) * MAX_PIECE_TYPES as u8 + kind.0) {
            Some(v) => Piece(v),
            None => unreachable!(),
        }
    }
    #[inline(always)]
    pub const fn color(self) -> Color {
        if (self.0.get() - 1) as usize >= MAX_PIECE_TYPES {
            Color::Black
        } else {
            Color::White
        }
    }
    #[inline(always)]
    pub const fn kind(self) -> PieceType {
        PieceType((self.0.get() - 1) % MAX_PIECE_TYPES as u8)
    }
    /// A dense index `color * MAX_PIECE_TYPES + kind`, for hashing tables.
    #[inline(always)]
    pub const fn code(self) -> usize {
        (self.0.get() - 1) as usize
    }
}

/// Movement that is not a plain leap or slide.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Special {
    None,
    /// A chess pawn: pushes forward (double step from its second rank where the variant
    /// allows it), captures along its leaps, may capture en passant.
    Pawn,
    /// The coherent knight: a rook leg then an equal bishop leg (or the reverse), every
    /// passed square empty.
    CoherentKnight,
}

/// How one piece type moves, what it is called, and how it promotes.
///
/// Leaps and slide directions are given from White's side; Black's are the half-turn
/// (both coordinates negated), as Fairy-Stockfish does.
#[derive(Clone, Copy, Debug)]
pub struct PieceDef {
    pub name: &'static str,
    /// Upper-case FEN letter; for a promoted form, the letter printed after `+`.
    pub letter: u8,
    /// Printed as `+` and the base form's letter.
    pub promoted: bool,
    /// (file, rank) offsets it attacks by leaping.
    pub leaps: &'static [(i8, i8)],
    /// Slide directions, a bit per entry of [`crate::sliders::DIRECTIONS`].
    pub slides: u8,
    pub special: Special,
    /// False for a piece that moves without ever capturing (gethenian's dark king).
    pub captures: bool,
    /// Must not be left attacked.
    pub royal: bool,
    /// Its moves reset the fifty-move counter.
    pub resets_clock: bool,
    /// The form it takes on a shogi-style promotion (or gethenian flip to dark).
    pub promotes_to: Option<PieceType>,
    /// Its unpromoted form: what it demotes to and what a capture puts in hand.
    pub base: PieceType,
}

impl PieceDef {
    /// A minor bishop: it slides diagonally and does nothing else. Alone, or with others
    /// on one colour of square, it cannot mate.
    pub fn is_minor_slider(&self) -> bool {
        self.special == Special::None
            && self.slides == crate::sliders::DIAGONAL
            && self.leaps.is_empty()
    }

    /// A minor leaper: it leaps to at most eight squares and does not slide (a knight).
    pub fn is_minor_leaper(&self) -> bool {
        self.special == Special::None
            && self.slides == 0
            && !self.leaps.is_empty()
            && self.leaps.len() <= 8
    }

    /// It moves alike to the left and to the right: its slides and leaps are their own
    /// mirror image across a file (not so gethenian's left and right bishops).
    pub const fn moves_alike_left_and_right(&self) -> bool {
        if crate::sliders::mirror_files(self.slides) != self.slides {
            return false;
        }
        let mut i = 0;
        while i < self.leaps.len() {
            let (file, rank) = self.leaps[i];
            let mut mirrored = false;
            let mut j = 0;
            while j < self.leaps.len() {
                mirrored |= self.leaps[j].0 == -file && self.leaps[j].1 == rank;
                j += 1;
            }
            if !mirrored {
                return false;
            }
            i += 1;
        }
        true
    }

    /// A piece that neither leaps nor slides yet; refine it with the builder methods.
    pub const fn new(name: &'static str, letter: u8, this: PieceType) -> PieceDef {
        PieceDef {
            name,
            letter,
            promoted: false,
            leaps: &[],
            slides: 0,
            special: Special::None,
            captures: true,
            royal: false,
            resets_clock: false,
            promotes_to: None,
            base: this,
        }
    }
    pub const fn leaps(mut self, leaps: &'static [(i8, i8)]) -> Self {
        self.leaps = leaps;
        self
    }
    pub const fn slides(mut self, slides: u8) -> Self {
        self.slides = slides;
        self
    }
    pub const fn pawn(mut self) -> Self {
        self.special = Special::Pawn;
        self.resets_clock = true;
        self
    }
    pub const fn coherent_knight(mut self) -> Self {
        self.special = Special::CoherentKnight;
        self
    }
    pub const fn royal(mut self) -> Self {
        self.royal = true;
        self
    }
    pub const fn never_captures(mut self) -> Self {
        self.captures = false;
        self
    }
    pub const fn resets_clock(mut self) -> Self {
        self.resets_clock = true;
        self
    }
    pub const fn promotes_to(mut self, to: PieceType) -> Self {
        self.promotes_to = Some(to);
        self
    }
    /// A promoted form of `base`.
    pub const fn promoted_from(mut self, base: PieceType) -> Self {
        self.promoted = true;
        self.base = base;
        self
    }
}

/// Common leap sets, White's view.
pub mod leaps {
    pub const KNIGHT: &[(i8, i8)] =
        &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    pub const KING: &[(i8, i8)] =
        &[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
    pub const WAZIR: &[(i8, i8)] = &[(0, 1), (1, 0), (0, -1), (-1, 0)];
    pub const FERS: &[(i8, i8)] = &[(1, 1), (1, -1), (-1, -1), (-1, 1)];
    pub const PAWN_CAPTURES: &[(i8, i8)] = &[(-1, 1), (1, 1)];
}
