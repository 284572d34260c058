//! Shinobi: the starting point was the Kingdom's pieces at their chess values and the
//! Clan's estimated from their measured reach (eval/tests/piece_reach.rs; at 40 % density:
//! captain 5.2, dragon 8.1, ninja 8.4, monk 2.4, lance 1.4, horse 1.1, against chess's
//! knight 4.2, rook 5.4, queen 9.6) on the scale chess's values give to reach, so that the
//! two armies of the start position were worth the same. A piece in hand started at its
//! board value, and a drop next to an enemy king on the Clan's half is a threat
//! (`drop_danger`). A king on the opponent's back rank wins at once (campmate).
//!
//! Every term was then tuned (`ekumen-tune`) to 9,735 quiet positions from Fairy-
//! Stockfish's self-play at 6,000 nodes a move (`scripts/gen-tuning-data.py`), scores
//! weighted 3 to 1 against results, with two guards the plain fit lacked (it lost games):
//! Fairy-Stockfish scores shinobi about 2 pawns below what its own results say, so its
//! scores were raised by that much (`--score-offset 200`); and each term was pulled
//! towards its starting value (`--anchor 1e-3`), so terms that few positions show stay
//! near it. Error on the held-out tenth: 0.0733 before, 0.0294 after. The fit valued an
//! advancing king in the endgame (0.9 pawns a rank: the campmate race) and the Clan's
//! monk and the minor pieces more; the lance less.

use ekumen_movegen::variants::Shinobi;

use crate::{eval_tables, s, EvalParams, Evaluate, KingTerms, PawnTerms, PieceTerms};

impl Evaluate for Shinobi {
    const PARAMS: EvalParams<'static> = EvalParams {
        pieces: &[
            // pawn
            PieceTerms::new(84, 92).in_hand(90, 110).centre(-1, -5).advance(-1, 2).ranks(&[
                s(0, 0),
                s(-11, 4),
                s(3, -7),
                s(2, -10),
                s(9, 12),
                s(18, 27),
                s(24, 35),
                s(0, 0),
            ]),
            // knight
            PieceTerms::new(360, 304)
                .in_hand(320, 300)
                .mobility(9, 12)
                .centre(24, -1)
                .advance(4, 10)
                .open_file(-22, -2)
                .king_attack(5)
                .phase(1),
            // bishop
            PieceTerms::new(380, 323)
                .in_hand(330, 320)
                .mobility(0, 19)
                .centre(24, -2)
                .advance(0, -6)
                .open_file(3, 8)
                .king_attack(8)
                .phase(1),
            // rook
            PieceTerms::new(478, 543)
                .in_hand(480, 540)
                .mobility(4, 3)
                .centre(2, 22)
                .advance(2, 2)
                .open_file(33, 11)
                .ranks(&[
                    s(1, 5),
                    s(-8, -3),
                    s(-8, 0),
                    s(-4, -6),
                    s(-2, -1),
                    s(7, 5),
                    s(22, 17),
                    s(11, 11),
                ])
                .king_attack(8)
                .phase(2),
            // queen
            PieceTerms::new(965, 1015)
                .in_hand(950, 1000)
                .mobility(10, 4)
                .centre(1, 32)
                .advance(-16, 27)
                .open_file(9, 8)
                .king_attack(10)
                .phase(4),
            // king
            PieceTerms::new(0, 0).centre(-20, 35).advance(14, 89).ranks(&[
                s(3, -13),
                s(-14, 4),
                s(-29, 5),
                s(-23, 26),
                s(-18, 40),
                s(-4, 58),
                s(28, 119),
                s(0, 0),
            ]),
            // captain
            PieceTerms::new(342, 389)
                .in_hand(330, 380)
                .mobility(1, 26)
                .centre(13, 31)
                .advance(-20, 7)
                .open_file(7, 5)
                .king_attack(6)
                .drop_danger(2)
                .phase(1),
            // dragon
            PieceTerms::new(730, 769)
                .in_hand(709, 759)
                .mobility(-6, 15)
                .centre(-3, 17)
                .advance(5, 17)
                .open_file(15, 9)
                .king_attack(4)
                .drop_danger(4)
                .phase(3),
            // ninja
            PieceTerms::new(812, 828)
                .in_hand(802, 820)
                .mobility(10, -4)
                .centre(14, 24)
                .advance(13, 14)
                .open_file(-14, -4)
                .king_attack(7)
                .drop_danger(4)
                .phase(3),
            // lance
            PieceTerms::new(140, 103)
                .in_hand(181, 132)
                .mobility(11, 15)
                .centre(12, 7)
                .advance(-4, 4)
                .open_file(18, 5)
                .king_attack(-1)
                .drop_danger(2)
                .phase(1),
            // wooden horse
            PieceTerms::new(159, 94)
                .in_hand(178, 112)
                .mobility(10, 18)
                .centre(9, -6)
                .advance(0, 1)
                .open_file(4, -2)
                .king_attack(11)
                .drop_danger(2)
                .phase(1),
            // monk
            PieceTerms::new(165, 166)
                .in_hand(222, 176)
                .mobility(8, 0)
                .centre(18, -2)
                .advance(1, 5)
                .open_file(1, -3)
                .drop_danger(2)
                .phase(1),
            // captain
            PieceTerms::new(332, 381)
                .mobility(7, 4)
                .centre(13, 12)
                .advance(14, 5)
                .open_file(0, -1)
                .king_attack(3)
                .drop_danger(2)
                .phase(1),
            // rook
            PieceTerms::new(487, 543)
                .mobility(-9, 18)
                .centre(4, 10)
                .advance(7, 3)
                .open_file(44, 20)
                .ranks(&[
                    s(3, 3),
                    s(-4, -1),
                    s(3, 1),
                    s(-3, 0),
                    s(-4, 0),
                    s(6, 6),
                    s(21, 13),
                    s(10, 11),
                ])
                .king_attack(12)
                .phase(2),
            // knight
            PieceTerms::new(319, 301)
                .mobility(0, 6)
                .centre(5, 19)
                .advance(8, 6)
                .open_file(-4, -4)
                .king_attack(3)
                .phase(1),
            // bishop
            PieceTerms::new(332, 322)
                .mobility(-2, 7)
                .centre(5, 8)
                .advance(8, 9)
                .open_file(2, 0)
                .king_attack(3)
                .phase(1),
        ],
        tempo: s(40, 21),
        bishop_pair: s(34, 46),
        pawns: PawnTerms {
            doubled: s(0, -8),
            isolated: s(8, -6),
            connected: s(18, 14),
            passed: &[
                s(0, 0),
                s(-8, 3),
                s(-17, -2),
                s(0, 11),
                s(9, 34),
                s(28, 63),
                s(0, 0),
                s(0, 0),
            ],
        },
        king: KingTerms {
            weak_square: 0,
            shelter: -2,
            safe_check: 19,
            divisor: 8,
            eg_per_unit: 0,
            cap: 600,
        },
        threat_by_pawn: s(-52, -30),
        hanging: s(-30, -12),
        threat_by_lesser: s(-33, -6),
        drawish_margin: 400,
    };
    eval_tables!(Shinobi);
}
