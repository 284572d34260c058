//! Coherent chess (docs/rules/coherent.md, its specification: no other engine plays it).
//! 9x9; pawns step one square in any direction, moving or capturing, and never promote;
//! the knight slides `k` squares like a rook then `k` like a bishop (or the reverse)
//! through empty squares; no castling, no en passant, no double step. Stalemate is a draw.

use super::chess::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::piece::{leaps, PieceDef};
use crate::sliders::{DIAGONAL, ORTHOGONAL};
use crate::square::Board9x9;
use crate::variant::{Variant, XboardDefinition};

#[derive(Clone, Copy, Default, Debug)]
pub struct Coherent;

impl Variant for Coherent {
    type Geo = Board9x9;
    const NAME: &'static str = "coherent";
    const TEMPLATE: &'static str = "fairy";
    const START_FEN: &'static str =
        "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - 0 1";
    const PIECES: &'static [PieceDef] = &[
        PieceDef::new("pawn", b'P', PAWN).leaps(leaps::KING).resets_clock(),
        PieceDef::new("knight", b'N', KNIGHT).coherent_knight(),
        PieceDef::new("bishop", b'B', BISHOP).slides(DIAGONAL),
        PieceDef::new("rook", b'R', ROOK).slides(ORTHOGONAL),
        PieceDef::new("queen", b'Q', QUEEN).slides(ORTHOGONAL | DIAGONAL),
        PieceDef::new("king", b'K', KING).leaps(leaps::KING).royal(),
    ];
    const COHERENT_KNIGHTS: bool = true;
    const CLOCK_BOUNDS_REPETITION: bool = false;
    /// The knight is XBoard's `iso` two-leg move `maifsbsQ`: a non-capturing queen slide
    /// of k steps, then a slide of exactly k steps (`i`) turned by 45 (`fs`) or 135 (`bs`)
    /// degrees, every square passed empty. The pawn (a non-royal king) sits in a non-pawn
    /// slot so that XBoard does not promote it.
    const XBOARD_DEFINITION: Option<XboardDefinition> = Some(XboardDefinition {
        setup: "setup (.NBRQ.....P..........K.nbrq.....p..........k) 9x9+0_fairy \
                1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - 0 1",
        pieces: &["N& maifsbsQ", "B& B", "R& R", "Q& Q", "P& K", "K& K"],
    });
    crate::variant_tables!(Coherent);
}
