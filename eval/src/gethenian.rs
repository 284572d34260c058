//! Gethenian: the guide's values in knights (minister 2.0, each bishop 2.0, knight 1.0,
//! the move itself 0.4), with a knight worth 200 here, were the starting point; every term
//! is fitted (`ekumen-tune`, docs/tuning.md, "Gethenian's fits"). Every piece counts fully
//! in the game phase, so only the middle-game halves are read. Without pawns every file is
//! open: `open_file` is part of a piece's value on the board. Pieces in hand are worth far
//! more than on the board (a drop goes where it hurts, next to the enemy king included),
//! and king safety counts the opponent's hand.

use ekumen_movegen::variants::Gethenian;

use crate::{eval_tables, s, EvalParams, Evaluate, KingTerms, PieceTerms};

impl Evaluate for Gethenian {
    const PARAMS: EvalParams<'static> = EvalParams {
        pieces: &[
            // king
            PieceTerms::new(153, 0).in_hand(300, 300).centre(17, 4).advance(-54, 0).drop_danger(3),
            // dark king
            PieceTerms::new(40, 0).centre(15, 4).advance(-37, 0).drop_danger(3),
            // left bishop
            PieceTerms::new(275, 400)
                .in_hand(534, 400)
                .mobility(19, 3)
                .centre(19, 3)
                .advance(31, 0)
                .open_file(-69, 0)
                .king_attack(12)
                .drop_danger(7)
                .phase(1),
            // dark left bishop
            PieceTerms::new(340, 400)
                .mobility(20, 3)
                .centre(2, 3)
                .advance(6, 0)
                .open_file(4, 0)
                .king_attack(1)
                .drop_danger(4)
                .phase(1),
            // right bishop
            PieceTerms::new(277, 400)
                .in_hand(587, 400)
                .mobility(18, 3)
                .centre(-1, 3)
                .advance(41, 0)
                .open_file(-71, 0)
                .king_attack(6)
                .drop_danger(4)
                .phase(1),
            // dark right bishop
            PieceTerms::new(297, 400)
                .mobility(23, 3)
                .centre(15, 3)
                .advance(30, 0)
                .open_file(-90, 0)
                .king_attack(2)
                .drop_danger(4)
                .phase(1),
            // knight
            PieceTerms::new(241, 200)
                .in_hand(462, 200)
                .mobility(28, 3)
                .centre(21, 5)
                .advance(-2, 0)
                .open_file(-133, 0)
                .king_attack(-15)
                .drop_danger(7)
                .phase(1),
            // dark knight
            PieceTerms::new(216, 200)
                .mobility(10, 3)
                .centre(-12, 5)
                .advance(26, 0)
                .open_file(-19, 0)
                .king_attack(-48)
                .drop_danger(2)
                .phase(1),
            // minister
            PieceTerms::new(383, 400)
                .in_hand(599, 400)
                .mobility(-8, 2)
                .centre(48, 4)
                .advance(-13, 2)
                .open_file(-83, 0)
                .king_attack(2)
                .drop_danger(10)
                .phase(1),
            // dark minister
            PieceTerms::new(388, 400)
                .mobility(4, 2)
                .centre(22, 4)
                .advance(-2, 2)
                .open_file(-78, 0)
                .king_attack(7)
                .drop_danger(4)
                .phase(1),
        ],
        tempo: s(127, 80),
        king: KingTerms {
            weak_square: 0,
            shelter: -5,
            safe_check: 6,
            divisor: 6,
            eg_per_unit: 3,
            cap: 900,
            ..KingTerms::NONE
        },
        hanging: s(-112, -30),
        threat_by_lesser: s(-139, 0),
        ..EvalParams::NONE
    };
    eval_tables!(Gethenian);
}
