//! The [`Variant`] trait: everything that makes one game differ from another, as consts.
//!
//! Move generation, make/unmake and FEN are generic over it and monomorphised per
//! variant, so a rule a variant does not have (`if V::DROPS { .. }`) costs nothing there.

use crate::attacks::PieceTables;
use crate::piece::{PieceDef, PieceType};
use crate::square::Geometry;

/// What a position with no legal move means for the side to move, when not in check.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StalemateRule {
    Draw,
    Loss,
}

/// How XBoard learns a variant it does not know: a `setup` line (piece-to-char table,
/// board size, holdings and parent variant, start FEN) and one `piece` line per piece
/// (XBoard's Betza dialect), sent by the first engine after `variant X` and at `new`.
///
/// XBoard 4.9 places each piece in a fixed slot of its own piece list: the table names
/// the letter in every slot, white slots then the king, then the black ones. A slot
/// `i < 11` promotes with `+` to slot `i + 11` when that slot holds `+`, and the holdings
/// list, in slot order, the pieces that are neither `.` nor `+`. The slot's meaning for
/// XBoard matters only for the pawn slot (promotion on the last rank, en passant) and the
/// king slot (royalty): every move comes from the `piece` lines. Each variant's file says
/// what XBoard 4.9.1 then checks of its rules, as measured by
/// `engine/tests/client_xboard.rs` and `docs/guis.md`.
#[derive(Clone, Copy, Debug)]
pub struct XboardDefinition {
    /// The `setup` command.
    pub setup: &'static str,
    /// The `piece` commands' arguments: a letter (`+` first for a promoted form), `&`
    /// and the moves.
    pub pieces: &'static [&'static str],
}

/// One game's rules.
pub trait Variant: 'static + Copy + Default + std::fmt::Debug + Send + Sync {
    type Geo: Geometry;
    /// The `UCI_Variant` value.
    const NAME: &'static str;
    /// Fairy-Stockfish's `template` field of the `info string variant` line.
    const TEMPLATE: &'static str;
    const START_FEN: &'static str;
    /// The piece types; [`PieceType`] indexes this table.
    const PIECES: &'static [PieceDef];

    /// Pawns may step twice from their second rank.
    const DOUBLE_STEP: bool = false;
    const EN_PASSANT: bool = false;
    /// The piece type that castles with the king, if the variant castles.
    const CASTLING_ROOK: Option<PieceType> = None;

    /// Chess-style promotion: a pawn reaching the last rank becomes one of these.
    const PAWN_PROMOTIONS: &'static [PieceType] = &[];
    /// Shogi-style promotion zone: the last this-many ranks (0: no such promotion).
    const PROMOTION_ZONE_RANKS: u8 = 0;
    /// A piece that may promote (or demote) in the zone must do so.
    const MANDATORY_PROMOTION: bool = false;
    /// Promoted pieces moving in the zone turn back to their base form.
    const DEMOTION: bool = false;

    const DROPS: bool = false;
    /// Drops go on the first this-many ranks of the dropping side.
    const DROP_RANKS: u8 = 0;
    /// A piece may be dropped in its promoted form.
    const DROP_PROMOTED: bool = false;
    /// Captured pieces go to the capturer's hand in their base form.
    const CAPTURES_TO_HAND: bool = false;
    /// The order Fairy-Stockfish prints hands in (base types).
    const HAND_ORDER: &'static [PieceType] = &[];
    /// The `pocket` field of the `info string variant` line.
    const POCKET: usize = 0;

    const STALEMATE: StalemateRule = StalemateRule::Draw;
    /// A king reaching the opponent's back rank wins at once (shinobi).
    const CAMPMATE: bool = false;
    /// Royal pieces are pseudo-royal, as Fairy-Stockfish's extinction-pseudo-royal kings:
    /// a royal type is royal only while its side has at most one of it, losing them all
    /// does not end the game, and no check counts for the draw rules (gethenian).
    const PSEUDO_ROYAL: bool = false;
    /// A repetition caused by perpetual check loses for the checker (shinobi).
    const PERPETUAL_CHECK_LOSES: bool = false;
    /// Moves that reset the fifty-move clock can never be undone, so a repetition cannot
    /// reach back past the last of them (false where pawns step backwards: coherent).
    const CLOCK_BOUNDS_REPETITION: bool = true;
    /// Chess's dead positions (bare kings, a lone minor piece) are draws.
    const INSUFFICIENT_MATERIAL: bool = false;
    /// Any piece type is a coherent knight (switches on path-based pins and blocks).
    const COHERENT_KNIGHTS: bool = false;

    /// The name XBoard knows the variant by (`normal` for chess).
    const XBOARD_NAME: &'static str = Self::NAME;
    /// How XBoard learns the variant, if it does not play it itself.
    const XBOARD_DEFINITION: Option<XboardDefinition> = None;

    /// The rules as Fairy-Stockfish states them: a `variants.ini` section, whose parent
    /// may be one of the built-in variants [`crate::variants_ini::BUILT_INS`] lists;
    /// `None` where Fairy-Stockfish cannot state them. A `VariantPath` file's section of
    /// the same name is compared with it ([`crate::variants_ini`]).
    const FAIRY_STOCKFISH: Option<&'static str> = None;

    /// Attack tables built from [`Self::PIECES`] on first use.
    fn tables() -> &'static PieceTables<Self>;
}

/// Declares a variant's `tables()` with its own lazily built static.
#[macro_export]
macro_rules! variant_tables {
    ($v:ty) => {
        fn tables() -> &'static $crate::attacks::PieceTables<$v> {
            static TABLES: std::sync::LazyLock<$crate::attacks::PieceTables<$v>> =
                std::sync::LazyLock::new($crate::attacks::PieceTables::new);
            &TABLES
        }
    };
}
