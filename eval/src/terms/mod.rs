//! The evaluation's terms, one theme a file. [`crate::evaluate_from`] calls them in turn:
//!
//! - `pieces.rs`: material, piece-square tables, mobility, open files, pieces in hand,
//!   the bishop pair; it gathers the [`Attacks`] the other themes read;
//! - `material.rs`: the material imbalance, and its cache;
//! - `pawns.rs`: pawn structure and the king's pawn cover, and the pawn cache;
//! - `passed.rs`: passed pawns by the kings and their path;
//! - `structure.rs`: what the pawns do for the pieces (space, outposts, bishops);
//! - `placement.rs`: pieces with respect to the kings;
//! - `threats.rs`: attacked pieces and squares;
//! - `king.rs`: king safety;
//! - `endgame.rs`: winnability, the endgame scale, drawish endings without pawns.

pub(crate) mod endgame;
pub(crate) mod king;
pub(crate) mod material;
pub(crate) mod passed;
pub(crate) mod pawns;
pub(crate) mod pieces;
pub(crate) mod placement;
pub(crate) mod structure;
pub(crate) mod threats;

use ekumen_movegen::attacks::Bb;
use ekumen_movegen::piece::MAX_PIECE_TYPES;
use ekumen_movegen::{Position, Square, Variant};

use crate::{EvalParams, EvalTables, Evaluate};

/// Attack information gathered while scoring the pieces, per colour.
pub(crate) struct Attacks<V: Variant> {
    pub by_pawns: [Bb<V>; 2],
    /// Everything a side attacks, its king included.
    pub all: [Bb<V>; 2],
    /// What a side attacks with two pieces or more (two pawns count as one).
    pub twice: [Bb<V>; 2],
    /// What a side attacks with pieces other than its royal ones (pawns included).
    pub by_non_royal: [Bb<V>; 2],
    /// What a side attacks with each non-pawn, non-royal piece type.
    pub by_kind: [[Bb<V>; MAX_PIECE_TYPES]; 2],
    /// Units of danger against each side's king, and how many pieces contribute.
    pub king_units: [i32; 2],
    pub king_attackers: [i32; 2],
}

/// What every term reads: the position, the parameters and their tables, and what the
/// pawns and the kings' places decide. [`crate::evaluate_from`] makes it once a position.
pub(crate) struct Context<'a, V: Evaluate> {
    pub pos: &'a Position<V>,
    pub params: &'a EvalParams<'a>,
    pub tables: &'a EvalTables<V>,
    /// Each side's pawns, of every pawn type.
    pub pawns: [Bb<V>; 2],
    /// Each side's royal piece, where it has one.
    pub kings: [Option<Square>; 2],
    /// The squares around each side's king ([`EvalTables::king_zone`]); empty without one.
    pub zones: [Bb<V>; 2],
}
