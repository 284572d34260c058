//! Gothic: chess's terms on 10x8. The starting values were the rules page's (pawn = 1:
//! Q 9.5, C 9, A 8.75, R 5, B 3.5, N 3); every term was then tuned (`ekumen-tune`) to
//! 26,508 quiet positions from Fairy-Stockfish's self-play at 6,000 nodes a move
//! (`scripts/gen-tuning-data.py`), its scores weighted 3 to 1 against the games' results.
//! Error on the held-out tenth: 0.0361 before, 0.0297 after.

use ekumen_movegen::variants::Gothic;

use crate::{eval_tables, s, EvalParams, Evaluate, KingTerms, PawnTerms, PieceTerms};

impl Evaluate for Gothic {
    const PARAMS: EvalParams<'static> = EvalParams {
        pieces: &[
            // pawn
            PieceTerms::new(85, 82).centre(3, -3).advance(3, 2).ranks(&[
                s(0, 0),
                s(8, 11),
                s(3, -2),
                s(6, -12),
                s(19, 17),
                s(54, 18),
                s(112, 95),
                s(0, 0),
            ]),
            // knight
            PieceTerms::new(326, 296)
                .mobility(7, 1)
                .centre(19, 4)
                .advance(-4, 14)
                .open_file(-12, -3)
                .king_attack(8)
                .phase(1),
            // bishop
            PieceTerms::new(384, 403)
                .mobility(6, 11)
                .centre(10, 1)
                .advance(1, -9)
                .open_file(-30, -5)
                .king_attack(5)
                .phase(1),
            // rook
            PieceTerms::new(486, 566)
                .mobility(4, 10)
                .centre(13, 3)
                .advance(2, -1)
                .open_file(96, -31)
                .ranks(&[
                    s(18, -17),
                    s(-47, 10),
                    s(-9, -12),
                    s(-36, -3),
                    s(30, 12),
                    s(51, 9),
                    s(29, -5),
                    s(169, -12),
                ])
                .king_attack(7)
                .phase(2),
            // queen
            PieceTerms::new(1085, 1072)
                .mobility(7, 7)
                .centre(2, 7)
                .advance(-2, 3)
                .open_file(3, 10)
                .king_attack(6)
                .phase(4),
            // king
            PieceTerms::new(0, 0).centre(-22, 0).advance(-58, 30),
            // chancellor
            PieceTerms::new(874, 1028)
                .mobility(3, 12)
                .centre(2, 9)
                .advance(-11, 46)
                .open_file(16, -50)
                .king_attack(10)
                .phase(4),
            // archbishop
            PieceTerms::new(867, 884)
                .mobility(6, 5)
                .centre(12, -1)
                .advance(-4, 25)
                .open_file(2, 15)
                .king_attack(8)
                .phase(4),
        ],
        tempo: s(47, 15),
        bishop_pair: s(53, 7),
        pawns: PawnTerms {
            doubled: s(-26, 2),
            isolated: s(-4, -7),
            connected: s(13, -1),
            passed: &[
                s(0, 0),
                s(14, 5),
                s(-50, 43),
                s(1, 25),
                s(7, 40),
                s(-24, 119),
                s(-5, 111),
                s(0, 0),
            ],
        },
        king: KingTerms { weak_square: 1, shelter: 3, divisor: 8, eg_per_unit: 1, cap: 600 },
        threat_by_pawn: s(-81, -39),
        hanging: s(-37, -21),
        drawish_margin: 400,
    };
    eval_tables!(Gothic);
}
