//! Shinobi: the starting point was the Kingdom's pieces at their chess values and the
//! Clan's estimated from their measured reach (eval/tests/piece_reach.rs; at 40 % density:
//! captain 5.2, dragon 8.1, ninja 8.4, monk 2.4, lance 1.4, horse 1.1, against chess's
//! knight 4.2, rook 5.4, queen 9.6) on the scale chess's values give to reach, so that the
//! two armies of the start position were worth the same. A piece in hand started at its
//! board value, and a drop next to an enemy king on the Clan's half is a threat
//! (`drop_danger`). A king on the opponent's back rank wins at once (campmate).
//!
//! Every term is fitted (`ekumen-tune`) to Fairy-Stockfish's scores raised by two pawns
//! (`--score-offset 200`: it scores shinobi about that much below what its own results say)
//! and pulled towards the starting values (`--anchor`), so that terms few positions show
//! stay near them (docs/tuning.md, "Shinobi's fits").

use ekumen_movegen::variants::Shinobi;

use crate::{eval_tables, s, EvalParams, Evaluate, KingTerms, PawnTerms, PieceTerms};

impl Evaluate for Shinobi {
    const PARAMS: EvalParams<'static> = EvalParams {
        pieces: &[
            // pawn
            PieceTerms::new(76, 89).in_hand(90, 110).centre(12, -4).advance(-17, -2).ranks(&[
                s(0, 0),
                s(-14, 11),
                s(1, 10),
                s(-2, -6),
                s(14, 2),
                s(33, 23),
                s(24, 35),
                s(0, 0),
            ]),
            // knight
            PieceTerms::new(362, 287)
                .in_hand(320, 300)
                .mobility(1, 2)
                .centre(22, 3)
                .advance(-6, 13)
                .open_file(-11, 13)
                .phase(1),
            // bishop
            PieceTerms::new(389, 331)
                .in_hand(330, 320)
                .mobility(3, 11)
                .centre(16, -1)
                .advance(-3, 8)
                .open_file(-17, 30)
                .king_attack(-5)
                .phase(1),
            // rook
            PieceTerms::new(532, 566)
                .in_hand(480, 540)
                .mobility(3, 7)
                .centre(-4, 17)
                .advance(15, -4)
                .open_file(34, 14)
                .ranks(&[
                    s(5, 16),
                    s(-25, 14),
                    s(7, 9),
                    s(-9, -21),
                    s(-1, -3),
                    s(19, 5),
                    s(24, 23),
                    s(11, 5),
                ])
                .king_attack(7)
                .phase(2),
            // queen
            PieceTerms::new(997, 1045)
                .in_hand(950, 1000)
                .mobility(8, 1)
                .centre(-2, 35)
                .advance(-12, 47)
                .open_file(5, 18)
                .king_attack(8)
                .phase(4),
            // king
            PieceTerms::new(0, 0).centre(-28, 40).advance(-9, 119).ranks(&[
                s(32, 1),
                s(-5, 20),
                s(-53, -24),
                s(-45, 1),
                s(-19, 37),
                s(5, 68),
                s(35, 140),
                s(0, 0),
            ]),
            // captain
            PieceTerms::new(348, 359)
                .in_hand(330, 380)
                .mobility(7, 1)
                .centre(15, 22)
                .advance(-18, 20)
                .open_file(3, 1)
                .king_attack(12)
                .drop_danger(2)
                .phase(1),
            // dragon
            PieceTerms::new(747, 796)
                .in_hand(708, 759)
                .mobility(7, -1)
                .centre(-3, 13)
                .advance(0, 24)
                .open_file(24, 5)
                .king_attack(-13)
                .drop_danger(4)
                .phase(3),
            // ninja
            PieceTerms::new(868, 850)
                .in_hand(839, 823)
                .mobility(9, -10)
                .centre(11, 49)
                .advance(-9, 29)
                .open_file(-21, -22)
                .king_attack(-7)
                .drop_danger(4)
                .phase(3),
            // lance
            PieceTerms::new(145, 102)
                .in_hand(211, 142)
                .mobility(4, 23)
                .centre(18, -3)
                .advance(2, 4)
                .open_file(79, 34)
                .king_attack(7)
                .drop_danger(2)
                .phase(1),
            // wooden horse
            PieceTerms::new(146, 110)
                .in_hand(223, 120)
                .mobility(2, 17)
                .centre(10, 7)
                .advance(2, -5)
                .open_file(18, 10)
                .king_attack(4)
                .drop_danger(2)
                .phase(1),
            // monk
            PieceTerms::new(137, 168)
                .in_hand(235, 174)
                .mobility(5, 10)
                .centre(20, -4)
                .advance(2, 14)
                .open_file(26, -3)
                .king_attack(3)
                .drop_danger(2)
                .phase(1),
            // captain
            PieceTerms::new(336, 380)
                .mobility(11, -10)
                .centre(23, 18)
                .advance(17, -22)
                .open_file(-3, -4)
                .king_attack(8)
                .drop_danger(2)
                .phase(1),
            // rook
            PieceTerms::new(490, 541)
                .mobility(-23, 34)
                .centre(10, 38)
                .advance(7, 8)
                .open_file(42, 18)
                .ranks(&[
                    s(11, 6),
                    s(-3, -8),
                    s(11, -5),
                    s(-4, 4),
                    s(-18, 2),
                    s(10, 12),
                    s(27, 15),
                    s(6, 7),
                ])
                .phase(2),
            // knight
            PieceTerms::new(327, 306)
                .mobility(-3, 0)
                .centre(17, 35)
                .advance(-6, -5)
                .open_file(2, -8)
                .king_attack(3)
                .phase(1),
            // bishop
            PieceTerms::new(337, 327)
                .mobility(-22, 13)
                .centre(19, 25)
                .advance(10, 12)
                .open_file(8, 2)
                .king_attack(11)
                .phase(1),
        ],
        tempo: s(48, 17),
        bishop_pair: s(18, 46),
        pawns: PawnTerms {
            doubled: s(-11, -6),
            isolated: s(8, -2),
            connected: s(22, 10),
            connected_by_rank: &[],
            supported: s(0, 0),
            weak_unopposed: s(0, 0),
            backward: s(0, 0),
            passed: &[
                s(0, 0),
                s(-29, 20),
                s(-42, 6),
                s(-13, 7),
                s(-19, 23),
                s(30, 46),
                s(0, 0),
                s(0, 0),
            ],
            shelter: &[s(-24, 6), s(7, 1), s(16, -2), s(1, 2), s(15, -6), s(-6, 2)],
            storm: &[s(-5, 6), s(-5, 3), s(-18, 13), s(-32, -2), s(-24, -1), s(-1, 2)],
            blocked_storm: s(-2, -16),
        },
        king: KingTerms {
            weak_square: -2,
            shelter: -3,
            safe_check: 11,
            divisor: 8,
            eg_per_unit: 1,
            cap: 600,
            ..KingTerms::NONE
        },
        threat_by_pawn: s(-67, -42),
        hanging: s(-36, -9),
        threat_by_lesser: s(-89, -32),
        drawish_margin: 400,
        ..EvalParams::NONE
    };
    eval_tables!(Shinobi);
}
