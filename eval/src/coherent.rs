//! Coherent chess: values estimated from measured reach (eval/tests/piece_reach.rs: the
//! squares a piece reaches on average on boards filled to a middle-game density), on the
//! scale chess's known values give to the same reach, and cross-checked with Fairy-
//! Stockfish's values for the equivalent pieces of other games.
//!
//! Reach at 40 % density (chess's for comparison: knight 4.2, bishop 4.2, rook 5.4,
//! queen 9.6): pawn 5.4, knight 9.7, bishop 4.4, rook 5.7, queen 10.3. The pawn steps like
//! a king and never promotes, so it is a commoner (Fairy-Stockfish values a commoner at
//! about 0.9-1.05 knights), worth about three chess pawns. The knight reaches as many
//! squares as a queen, but each destination needs a whole path clear, so it is valued a
//! little under the queen. There are no chess pawns: no pawn structure, no pawn threats.

use ekumen_movegen::variants::Coherent;

use crate::{eval_tables, s, EvalParams, Evaluate, KingTerms, PieceTerms};

const PAWN: PieceTerms =
    PieceTerms::new(280, 320).mobility(2, 2).centre(4, 4).advance(3, 3).king_attack(1);
const KNIGHT: PieceTerms =
    PieceTerms::new(850, 850).mobility(3, 3).centre(4, 4).king_attack(4).phase(3);
const BISHOP: PieceTerms =
    PieceTerms::new(350, 360).mobility(4, 4).centre(3, 3).king_attack(2).phase(1);
const ROOK: PieceTerms = PieceTerms::new(520, 580).mobility(3, 5).king_attack(3).phase(2);
const QUEEN: PieceTerms =
    PieceTerms::new(1050, 1100).mobility(2, 4).centre(2, 4).king_attack(5).phase(4);
const KING: PieceTerms = PieceTerms::new(0, 0).centre(-8, 12).advance(-10, 0);
/// Chess's hand-set king safety before its fit: the pawn cover, and danger from weak
/// squares only.
const KING_TERMS: KingTerms =
    KingTerms { weak_square: 2, shelter: 3, eg_per_unit: 1, ..KingTerms::NONE };

impl Evaluate for Coherent {
    const PARAMS: EvalParams<'static> = EvalParams {
        pieces: &[PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING],
        tempo: s(20, 10),
        king: KING_TERMS,
        hanging: s(-25, -15),
        ..EvalParams::NONE
    };
    eval_tables!(Coherent);
}
