//! Gothic chess (docs/rules/gothic.md): chess on 10x8 with the chancellor (rook + knight)
//! and the archbishop (bishop + knight). Castling moves the king three squares (f1-i1,
//! f1-c1) as Fairy-Stockfish and Cute Chess do.

use super::chess::{chess_piece, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::piece::{leaps, PieceDef, PieceType};
use crate::sliders::{DIAGONAL, ORTHOGONAL};
use crate::square::Board10x8;
use crate::variant::Variant;

pub const CHANCELLOR: PieceType = PieceType(6);
pub const ARCHBISHOP: PieceType = PieceType(7);

#[derive(Clone, Copy, Default, Debug)]
pub struct Gothic;

impl Variant for Gothic {
    type Geo = Board10x8;
    const NAME: &'static str = "gothic";
    const TEMPLATE: &'static str = "fairy";
    const START_FEN: &'static str =
        "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1";
    const PIECES: &'static [PieceDef] = &[
        chess_piece(PAWN),
        chess_piece(KNIGHT),
        chess_piece(BISHOP),
        chess_piece(ROOK),
        chess_piece(QUEEN),
        chess_piece(KING),
        PieceDef::new("chancellor", b'C', CHANCELLOR).leaps(leaps::KNIGHT).slides(ORTHOGONAL),
        PieceDef::new("archbishop", b'A', ARCHBISHOP).leaps(leaps::KNIGHT).slides(DIAGONAL),
    ];
    const DOUBLE_STEP: bool = true;
    const EN_PASSANT: bool = true;
    const CASTLING_ROOK: Option<PieceType> = Some(ROOK);
    const PAWN_PROMOTIONS: &'static [PieceType] =
        &[QUEEN, CHANCELLOR, ARCHBISHOP, ROOK, BISHOP, KNIGHT];
    const INSUFFICIENT_MATERIAL: bool = true;
    /// Fairy-Stockfish's built-in gothic: capablanca's pieces, castling and promotions.
    const FAIRY_STOCKFISH: Option<&'static str> = Some("[gothic:gothic]");
    crate::variant_tables!(Gothic);
}
