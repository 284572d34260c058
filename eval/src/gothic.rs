//! Gothic: chess's terms on 10x8 with the values of the rules page (pawn = 1: Q 9.5,
//! C 9, A 8.75, R 5, B 3.5, N 3). The compounds attack the king like a queen.

use ekumen_movegen::variants::Gothic;

use crate::chess::{KING, KING_TERMS, PAWN, PAWN_TERMS, ROOK_RANKS};
use crate::{eval_tables, s, EvalParams, Evaluate, PieceTerms};

const KNIGHT: PieceTerms =
    PieceTerms::new(300, 290).mobility(4, 4).centre(7, 5).advance(2, 0).king_attack(2).phase(1);
const BISHOP: PieceTerms =
    PieceTerms::new(350, 350).mobility(5, 5).centre(3, 3).king_attack(2).phase(1);
const ROOK: PieceTerms = PieceTerms::new(500, 560)
    .mobility(3, 6)
    .ranks(ROOK_RANKS)
    .open_file(40, 15)
    .king_attack(3)
    .phase(2);
const QUEEN: PieceTerms =
    PieceTerms::new(950, 1000).mobility(2, 4).centre(2, 4).king_attack(5).phase(4);
const CHANCELLOR: PieceTerms =
    PieceTerms::new(900, 960).mobility(3, 4).centre(3, 3).open_file(20, 10).king_attack(5).phase(4);
const ARCHBISHOP: PieceTerms =
    PieceTerms::new(875, 880).mobility(3, 4).centre(4, 4).king_attack(5).phase(4);

impl Evaluate for Gothic {
    const PARAMS: EvalParams<'static> = EvalParams {
        pieces: &[PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, CHANCELLOR, ARCHBISHOP],
        tempo: s(20, 10),
        bishop_pair: s(35, 50),
        pawns: PAWN_TERMS,
        king: KING_TERMS,
        threat_by_pawn: s(-30, -25),
        hanging: s(-25, -15),
        drawish_margin: 400,
    };
    eval_tables!(Gothic);
}
