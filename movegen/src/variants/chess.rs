//! Chess (FIDE rules; docs/rules/chess.md), the dialect's default variant. `UCI_Chess960`
//! switches castling notation to king-takes-rook; the castling rules themselves are
//! Chess960's, of which standard castling is the special case.

use crate::piece::{leaps, PieceDef, PieceType};
use crate::sliders::{DIAGONAL, ORTHOGONAL};
use crate::square::Board8x8;
use crate::variant::Variant;

pub const PAWN: PieceType = PieceType(0);
pub const KNIGHT: PieceType = PieceType(1);
pub const BISHOP: PieceType = PieceType(2);
pub const ROOK: PieceType = PieceType(3);
pub const QUEEN: PieceType = PieceType(4);
pub const KING: PieceType = PieceType(5);

/// Chess's six pieces, shared by the chess-like variants that extend them.
pub const fn chess_piece(kind: PieceType) -> PieceDef {
    match kind.0 {
        0 => PieceDef::new("pawn", b'P', PAWN).leaps(leaps::PAWN_CAPTURES).pawn(),
        1 => PieceDef::new("knight", b'N', KNIGHT).leaps(leaps::KNIGHT),
        2 => PieceDef::new("bishop", b'B', BISHOP).slides(DIAGONAL),
        3 => PieceDef::new("rook", b'R', ROOK).slides(ORTHOGONAL),
        4 => PieceDef::new("queen", b'Q', QUEEN).slides(ORTHOGONAL | DIAGONAL),
        _ => PieceDef::new("king", b'K', KING).leaps(leaps::KING).royal(),
    }
}

#[derive(Clone, Copy, Default, Debug)]
pub struct Chess;

impl Variant for Chess {
    type Geo = Board8x8;
    const NAME: &'static str = "chess";
    const TEMPLATE: &'static str = "fairy";
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const PIECES: &'static [PieceDef] = &[
        chess_piece(PAWN),
        chess_piece(KNIGHT),
        chess_piece(BISHOP),
        chess_piece(ROOK),
        chess_piece(QUEEN),
        chess_piece(KING),
    ];
    const DOUBLE_STEP: bool = true;
    const EN_PASSANT: bool = true;
    const CASTLING_ROOK: Option<PieceType> = Some(ROOK);
    const PAWN_PROMOTIONS: &'static [PieceType] = &[QUEEN, ROOK, BISHOP, KNIGHT];
    const INSUFFICIENT_MATERIAL: bool = true;
    const XBOARD_NAME: &'static str = "normal";
    /// Fairy-Stockfish's built-in chess.
    const FAIRY_STOCKFISH: Option<&'static str> = Some("[chess:chess]");
    crate::variant_tables!(Chess);
}
