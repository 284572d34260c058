//! Gothic: chess's terms on 10x8. The starting values were the rules page's (pawn = 1:
//! Q 9.5, C 9, A 8.75, R 5, B 3.5, N 3); every term was then tuned (`ekumen-tune`) to
//! 26,508 quiet positions from Fairy-Stockfish's self-play at 6,000 nodes a move
//! (`scripts/gen-tuning-data.py`), its scores weighted 3 to 1 against the games' results.
//! Error on the held-out tenth: 0.0361 before, 0.0297 after; 0.0291 once threats by lesser
//! pieces and safe checks were added and tuned.

use ekumen_movegen::variants::Gothic;

use crate::{eval_tables, s, EvalParams, Evaluate, KingTerms, PawnTerms, PieceTerms};

impl Evaluate for Gothic {
    const PARAMS: EvalParams<'static> = EvalParams {
        pieces: &[
            // pawn
            PieceTerms::new(87, 80).centre(3, -3).advance(3, 2).ranks(&[
                s(0, 0),
                s(8, 10),
                s(3, -2),
                s(7, -12),
                s(20, 17),
                s(67, 16),
                s(107, 102),
                s(0, 0),
            ]),
            // knight
            PieceTerms::new(322, 300)
                .mobility(7, 1)
                .centre(19, 4)
                .advance(-4, 14)
                .open_file(-12, -3)
                .king_attack(7)
                .phase(1),
            // bishop
            PieceTerms::new(374, 415)
                .mobility(6, 11)
                .centre(10, 1)
                .advance(1, -10)
                .open_file(-30, -5)
                .king_attack(5)
                .phase(1),
            // rook
            PieceTerms::new(490, 574)
                .mobility(4, 10)
                .centre(13, 3)
                .advance(2, -1)
                .open_file(96, -31)
                .ranks(&[
                    s(18, -17),
                    s(-47, 13),
                    s(-8, -12),
                    s(-34, -4),
                    s(34, 13),
                    s(54, 11),
                    s(31, -3),
                    s(117, -8),
                ])
                .king_attack(6)
                .phase(2),
            // queen
            PieceTerms::new(1085, 1088)
                .mobility(7, 7)
                .centre(3, 7)
                .advance(-3, 5)
                .open_file(3, 10)
                .king_attack(4)
                .phase(4),
            // king
            PieceTerms::new(0, 0).centre(-22, 0).advance(-62, 32),
            // chancellor
            PieceTerms::new(874, 1032)
                .mobility(3, 12)
                .centre(3, 10)
                .advance(-11, 46)
                .open_file(16, -40)
                .king_attack(8)
                .phase(4),
            // archbishop
            PieceTerms::new(867, 880)
                .mobility(6, 4)
                .centre(13, -1)
                .advance(-5, 27)
                .open_file(4, 19)
                .king_attack(7)
                .phase(4),
        ],
        tempo: s(53, 15),
        bishop_pair: s(65, 3),
        pawns: PawnTerms {
            doubled: s(-26, 6),
            isolated: s(-3, -8),
            connected: s(14, -2),
            passed: &[
                s(0, 0),
                s(12, 9),
                s(-62, 47),
                s(0, 28),
                s(8, 44),
                s(-48, 131),
                s(-6, 113),
                s(0, 0),
            ],
        },
        king: KingTerms {
            weak_square: 1,
            shelter: 1,
            safe_check: 7,
            divisor: 8,
            eg_per_unit: 1,
            cap: 600,
        },
        threat_by_pawn: s(-91, -50),
        hanging: s(-16, -26),
        threat_by_lesser: s(-63, -12),
        drawish_margin: 400,
    };
    eval_tables!(Gothic);
}
