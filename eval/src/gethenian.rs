//! Gethenian: the guide's values in knights (minister 2.0, each bishop 2.0, knight 1.0,
//! the move itself 0.4), with a knight worth 200 here. Both forms of a piece are valued
//! alike: every board move flips the piece, so a form lasts one move. A piece in hand is
//! worth about as much as on the board (the guide), and may be dropped next to the enemy
//! king anywhere: king safety, with the opponent's hand counted as attackers, matters
//! more than material.

use ekumen_movegen::variants::Gethenian;

use crate::{eval_tables, s, EvalParams, Evaluate, KingTerms, PawnTerms, PieceTerms};

const KING: PieceTerms = PieceTerms::new(0, 0).in_hand(300, 300).centre(-4, 4).drop_danger(3);
const BISHOP: PieceTerms =
    PieceTerms::new(400, 400).mobility(3, 3).centre(3, 3).king_attack(3).drop_danger(4).phase(1);
const ROOK: PieceTerms = BISHOP;
const KNIGHT: PieceTerms =
    PieceTerms::new(200, 200).mobility(3, 3).centre(5, 5).king_attack(2).drop_danger(2).phase(1);
const MINISTER: PieceTerms = PieceTerms::new(400, 400)
    .mobility(2, 2)
    .centre(4, 4)
    .advance(2, 2)
    .king_attack(3)
    .drop_danger(4)
    .phase(1);

impl Evaluate for Gethenian {
    const PARAMS: EvalParams<'static> = EvalParams {
        pieces: &[KING, KING, BISHOP, ROOK, BISHOP, ROOK, KNIGHT, KNIGHT, MINISTER, MINISTER],
        tempo: s(80, 80),
        bishop_pair: s(0, 0),
        pawns: PawnTerms::NONE,
        king: KingTerms { weak_square: 3, shelter: 2, divisor: 6, eg_per_unit: 3, cap: 900 },
        threat_by_pawn: s(0, 0),
        hanging: s(-30, -30),
        drawish_margin: 0,
    };
    eval_tables!(Gethenian);
}
