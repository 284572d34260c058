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
//! monk and the minor pieces more; the lance less (+68 ± 40 Elo against the hand-set
//! values, 300 games). A second fit started from those values with a weaker anchor
//! (`--anchor 3e-4`, held-out error 0.0269 -> 0.0223 with the scaling refitted) and
//! gained again: +93.6 ± 46.6 Elo, 142-82-4 in 228 games.

use ekumen_movegen::variants::Shinobi;

use crate::{eval_tables, s, EvalParams, Evaluate, KingTerms, PawnTerms, PieceTerms};

impl Evaluate for Shinobi {
    const PARAMS: EvalParams<'static> = EvalParams {
        pieces: &[
            // pawn
            PieceTerms::new(92, 83).in_hand(90, 110).centre(4, -5).advance(-5, 3).ranks(&[
                s(0, 0),
                s(-12, 1),
                s(5, -6),
                s(-1, -13),
                s(1, 11),
                s(20, 31),
                s(24, 35),
                s(0, 0),
            ]),
            // knight
            PieceTerms::new(348, 296)
                .in_hand(320, 300)
                .mobility(8, 9)
                .centre(21, 1)
                .advance(-3, 14)
                .open_file(-40, 3)
                .king_attack(5)
                .phase(1),
            // bishop
            PieceTerms::new(382, 321)
                .in_hand(330, 320)
                .mobility(0, 20)
                .centre(26, -4)
                .advance(-6, -2)
                .open_file(3, 26)
                .king_attack(8)
                .phase(1),
            // rook
            PieceTerms::new(492, 559)
                .in_hand(480, 540)
                .mobility(4, 0)
                .centre(0, 27)
                .open_file(33, 13)
                .ranks(&[
                    s(9, 14),
                    s(-20, -12),
                    s(-13, 7),
                    s(-5, -19),
                    s(-7, -8),
                    s(17, 4),
                    s(22, 18),
                    s(15, 17),
                ])
                .king_attack(9)
                .phase(2),
            // queen
            PieceTerms::new(993, 1039)
                .in_hand(950, 1000)
                .mobility(12, -3)
                .centre(-1, 40)
                .advance(-31, 45)
                .open_file(27, 22)
                .king_attack(7)
                .phase(4),
            // king
            PieceTerms::new(0, 0).centre(-39, 42).advance(16, 129).ranks(&[
                s(19, -6),
                s(-4, 6),
                s(-57, -15),
                s(-28, 23),
                s(-18, 42),
                s(0, 63),
                s(32, 130),
                s(0, 0),
            ]),
            // captain
            PieceTerms::new(348, 383)
                .in_hand(330, 380)
                .mobility(4, 28)
                .centre(12, 30)
                .advance(-33, 7)
                .open_file(14, 5)
                .king_attack(8)
                .drop_danger(2)
                .phase(1),
            // dragon
            PieceTerms::new(732, 780)
                .in_hand(687, 756)
                .mobility(-5, 21)
                .centre(-8, 18)
                .advance(1, 28)
                .open_file(45, 18)
                .king_attack(1)
                .drop_danger(4)
                .phase(3),
            // ninja
            PieceTerms::new(844, 836)
                .in_hand(818, 821)
                .mobility(12, -22)
                .centre(13, 34)
                .advance(4, 26)
                .open_file(-38, -18)
                .king_attack(2)
                .drop_danger(4)
                .phase(3),
            // lance
            PieceTerms::new(140, 98)
                .in_hand(180, 134)
                .mobility(10, 14)
                .centre(17, 12)
                .advance(-9, 8)
                .open_file(59, 9)
                .king_attack(-21)
                .drop_danger(2)
                .phase(1),
            // wooden horse
            PieceTerms::new(159, 85)
                .in_hand(211, 115)
                .mobility(8, 21)
                .centre(10, -1)
                .advance(0, 2)
                .open_file(10, -4)
                .king_attack(13)
                .drop_danger(2)
                .phase(1),
            // monk
            PieceTerms::new(157, 174)
                .in_hand(246, 176)
                .mobility(6, -2)
                .centre(21, -2)
                .advance(0, 11)
                .open_file(7, -13)
                .king_attack(-7)
                .drop_danger(2)
                .phase(1),
            // captain
            PieceTerms::new(333, 382)
                .mobility(8, -1)
                .centre(22, 24)
                .advance(12, -7)
                .open_file(-2, -3)
                .king_attack(3)
                .drop_danger(2)
                .phase(1),
            // rook
            PieceTerms::new(491, 548)
                .mobility(-27, 38)
                .centre(3, 22)
                .advance(-5, -2)
                .open_file(52, 28)
                .ranks(&[
                    s(12, 13),
                    s(-6, -6),
                    s(18, 1),
                    s(-5, 1),
                    s(-19, -1),
                    s(11, 13),
                    s(24, 9),
                    s(8, 10),
                ])
                .king_attack(12)
                .phase(2),
            // knight
            PieceTerms::new(321, 301)
                .mobility(1, 4)
                .centre(-1, 31)
                .advance(2, 1)
                .open_file(-10, -20)
                .king_attack(7)
                .phase(1),
            // bishop
            PieceTerms::new(333, 326)
                .mobility(-25, 12)
                .centre(2, 13)
                .advance(10, 13)
                .open_file(6, 1)
                .king_attack(4)
                .phase(1),
        ],
        tempo: s(46, 22),
        bishop_pair: s(26, 27),
        pawns: PawnTerms {
            doubled: s(-6, 6),
            isolated: s(12, -16),
            connected: s(17, 10),
            passed: &[
                s(0, 0),
                s(-28, -4),
                s(-50, -7),
                s(5, 9),
                s(-7, 35),
                s(25, 60),
                s(0, 0),
                s(0, 0),
            ],
            shelter: &[],
            storm: &[],
            blocked_storm: s(0, 0),
        },
        king: KingTerms {
            weak_square: 0,
            shelter: -1,
            safe_check: 19,
            divisor: 8,
            eg_per_unit: 0,
            cap: 600,
        },
        threat_by_pawn: s(-68, -38),
        hanging: s(-28, -10),
        threat_by_lesser: s(-69, -22),
        drawish_margin: 400,
    };
    eval_tables!(Shinobi);
}
