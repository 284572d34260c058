//! Gothic: chess's terms on 10x8. The starting values were the rules page's (pawn = 1:
//! Q 9.5, C 9, A 8.75, R 5, B 3.5, N 3); every term was then tuned (`ekumen-tune`) to
//! 26,508 quiet positions from Fairy-Stockfish's self-play at 6,000 nodes a move
//! (`scripts/gen-tuning-data.py`), its scores weighted 3 to 1 against the games' results
//! (held-out error 0.0361 before, 0.0291 after, with threats by lesser pieces and safe
//! checks). The king's pawn cover (shelter and storm) was added later and every term fitted
//! again, from those values, to 32,225 new positions (600 games, `--seed 21`) with
//! `--anchor 3e-4`: held-out error 0.0329 before, 0.0298 after. Then each piece type got a
//! table by square (`squares`, half the board mirrored) and every term was fitted again,
//! from those values, with 65,048 more positions (1,200 games, `--seed 41`), 97,273 in
//! all, `--anchor 3e-4 --add-square-tables`: held-out error 0.0326 before, 0.0298 after
//! (0.0313 for the same fit without the tables). Last, the king-danger model got unsafe
//! checks, a weight per attacker, a queenless attack and the mobility edge, and every term
//! was fitted again, from those values, with 65,170 more positions (1,200 games,
//! `--seed 51`), 162,443 in all: held-out error 0.02984 before, 0.02885 after five passes.
//! The four new terms fitted alone reach 0.02979: most of the fall is the new positions.
//! Then came what the pawns do for the pieces (space, outposts, bishops and their pawns,
//! backward pawns) and threats by pawn pushes, started from Fairy-Stockfish's values in
//! centipawns, and every term was fitted again on the same 162,443 positions: held-out
//! error 0.02885 before, 0.02826 after three passes (the structure terms fitted alone,
//! without the push threats: 0.02870). Then came connected pawns by rank, weak unopposed
//! pawns, restricted squares and weak pieces and pawns, also from Fairy-Stockfish's values:
//! fitted alone on the same positions, the pawn terms took the held-out error from 0.02826
//! to 0.02777 and the other three to 0.02761. Every term was then fitted again with 67,376
//! more positions (1,200 games, `--seed 61`), 229,819 in all: held-out error 0.028816
//! before, 0.028412 after three passes.

use ekumen_movegen::variants::Gothic;

use crate::{
    eval_tables, s, EvalParams, Evaluate, KingTerms, PawnTerms, PieceTerms, StructureTerms,
};

impl Evaluate for Gothic {
    const PARAMS: EvalParams<'static> = EvalParams {
        pieces: &[
            // pawn
            PieceTerms::new(73, 82)
                .centre(-1, -3)
                .advance(-3, 7)
                .ranks(&[
                    s(0, 0),
                    s(7, 11),
                    s(13, -1),
                    s(6, -2),
                    s(20, -7),
                    s(57, 8),
                    s(98, 106),
                    s(0, 0),
                ])
                .squares(&[
                    &[s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
                    &[s(-7, -3), s(12, -6), s(18, 13), s(-13, -16), s(-7, 18)],
                    &[s(-9, 10), s(-7, -6), s(17, -5), s(9, 3), s(-11, 1)],
                    &[s(5, 3), s(-17, 0), s(6, -14), s(11, 6), s(2, 9)],
                    &[s(-15, 9), s(-5, 10), s(-6, -1), s(-3, 0), s(12, -12)],
                    &[s(-8, 3), s(4, 16), s(6, 10), s(20, -5), s(-8, -28)],
                    &[s(-3, 9), s(1, 1), s(-6, 0), s(-1, 15), s(-6, -17)],
                    &[s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
                ]),
            // knight
            PieceTerms::new(286, 288)
                .mobility(5, 6)
                .centre(21, 7)
                .advance(2, 0)
                .open_file(-1, -21)
                .squares(&[
                    &[s(-3, 0), s(11, -15), s(-3, -7), s(-6, -13), s(-5, -4)],
                    &[s(-26, -14), s(5, -7), s(-5, -1), s(-12, 2), s(-20, -13)],
                    &[s(-7, 7), s(8, 9), s(3, -6), s(-4, 0), s(-17, 9)],
                    &[s(-3, -18), s(10, 0), s(7, 21), s(6, 13), s(1, 5)],
                    &[s(20, 7), s(20, 10), s(23, 14), s(2, 1), s(8, -1)],
                    &[s(3, -3), s(1, 5), s(12, 4), s(-7, -8), s(-1, 2)],
                    &[s(-13, -4), s(-6, -7), s(12, 6), s(0, 9), s(0, -6)],
                    &[s(-13, -11), s(-3, -7), s(-5, -5), s(-4, -8), s(0, 2)],
                ])
                .king_attack(7)
                .phase(1),
            // bishop
            PieceTerms::new(396, 327)
                .mobility(5, 5)
                .centre(9, 11)
                .advance(0, 1)
                .open_file(-1, -15)
                .squares(&[
                    &[s(-8, 1), s(-1, -15), s(2, -7), s(4, -8), s(-2, -5)],
                    &[s(-3, -19), s(27, 5), s(8, -8), s(8, -18), s(-5, 3)],
                    &[s(18, 9), s(29, 3), s(1, -5), s(-9, 11), s(-7, 10)],
                    &[s(5, 7), s(-13, -1), s(5, 12), s(-1, -9), s(-5, 7)],
                    &[s(5, 0), s(-7, -13), s(-10, 5), s(-2, 0), s(7, 3)],
                    &[s(-1, -2), s(-1, 10), s(6, 0), s(0, -14), s(4, 2)],
                    &[s(-8, -3), s(-8, 9), s(-4, -1), s(4, 1), s(-3, -10)],
                    &[s(4, 23), s(-1, -8), s(-4, -2), s(-1, -6), s(-3, -2)],
                ])
                .king_attack(5)
                .phase(1),
            // rook
            PieceTerms::new(488, 594)
                .mobility(4, 8)
                .centre(5, 5)
                .advance(0, 4)
                .open_file(68, -19)
                .ranks(&[
                    s(15, -12),
                    s(-24, 14),
                    s(-9, 1),
                    s(-13, -8),
                    s(8, 13),
                    s(38, 5),
                    s(59, 4),
                    s(109, -13),
                ])
                .squares(&[
                    &[s(0, -14), s(-7, -7), s(-7, 12), s(8, 4), s(6, 13)],
                    &[s(6, -7), s(-5, -11), s(2, 0), s(8, 5), s(-3, 0)],
                    &[s(14, 17), s(4, 4), s(-3, 8), s(-4, -13), s(-8, -9)],
                    &[s(4, -2), s(7, 0), s(3, 5), s(7, -6), s(0, 0)],
                    &[s(-3, 7), s(1, 10), s(-5, -7), s(-3, -5), s(0, -8)],
                    &[s(-8, -9), s(-2, 0), s(6, 19), s(0, 0), s(-8, -17)],
                    &[s(10, 1), s(-7, -7), s(5, 9), s(1, 10), s(-9, -7)],
                    &[s(1, 1), s(-2, 4), s(5, 13), s(-5, -15), s(1, 0)],
                ])
                .king_attack(7)
                .phase(2),
            // queen
            PieceTerms::new(1081, 1080)
                .mobility(4, 8)
                .centre(-1, 12)
                .advance(-8, 15)
                .open_file(1, -4)
                .squares(&[
                    &[s(-2, 9), s(13, -3), s(8, 4), s(2, 10), s(10, 3)],
                    &[s(-14, -8), s(-9, -1), s(3, -15), s(9, 3), s(9, -8)],
                    &[s(-9, -3), s(-5, -9), s(-9, 0), s(7, -12), s(5, -3)],
                    &[s(-18, 1), s(3, 2), s(0, 2), s(-14, 0), s(-9, -9)],
                    &[s(-1, 2), s(2, 11), s(21, 14), s(-3, 1), s(0, 0)],
                    &[s(-3, -3), s(2, 2), s(-1, 8), s(14, 22), s(1, -2)],
                    &[s(-5, -20), s(-12, -7), s(3, 0), s(-1, 3), s(-8, -17)],
                    &[s(-2, 4), s(4, 4), s(2, 5), s(2, 1), s(1, 7)],
                ])
                .king_attack(4)
                .phase(4),
            // king
            PieceTerms::new(0, 0).centre(-29, 8).advance(-45, 12).squares(&[
                &[s(-8, -4), s(20, 10), s(-2, 7), s(-36, -20), s(24, -8)],
                &[s(-2, -10), s(4, 8), s(-2, 14), s(8, 0), s(-35, 1)],
                &[s(-3, -9), s(7, -3), s(4, 17), s(5, 13), s(0, -4)],
                &[s(-2, -10), s(-2, -5), s(1, 3), s(0, 6), s(2, -3)],
                &[s(0, -17), s(-1, -10), s(-1, -21), s(1, 3), s(2, 4)],
                &[s(-1, -9), s(0, 13), s(2, 7), s(0, 6), s(0, 0)],
                &[s(-3, 0), s(4, 12), s(0, 4), s(0, -14), s(3, 8)],
                &[s(-3, -2), s(0, 0), s(0, 0), s(0, 2), s(0, -2)],
            ]),
            // chancellor
            PieceTerms::new(863, 1049)
                .mobility(2, 16)
                .centre(8, 2)
                .advance(-4, 23)
                .open_file(24, -25)
                .squares(&[
                    &[s(-13, -2), s(2, 0), s(-11, -7), s(-7, 4), s(4, 19)],
                    &[s(11, 5), s(12, -1), s(11, 5), s(10, 3), s(-9, -1)],
                    &[s(15, -6), s(17, 1), s(-2, -2), s(-7, -3), s(-11, -3)],
                    &[s(0, -7), s(1, 2), s(-3, 6), s(-17, -12), s(-10, -4)],
                    &[s(1, 2), s(-3, -4), s(12, 13), s(8, 0), s(-5, -8)],
                    &[s(3, 8), s(5, -1), s(12, 10), s(5, 3), s(-1, 6)],
                    &[s(3, 14), s(-6, -5), s(3, -8), s(3, 4), s(0, 0)],
                    &[s(6, 3), s(3, 2), s(2, 4), s(-11, -15), s(-5, -10)],
                ])
                .king_attack(3)
                .phase(4),
            // archbishop
            PieceTerms::new(864, 893)
                .mobility(2, 10)
                .centre(11, 2)
                .advance(2, 19)
                .open_file(-13, 4)
                .squares(&[
                    &[s(1, 1), s(3, 2), s(-9, 3), s(0, -1), s(-7, -1)],
                    &[s(1, 0), s(-2, -6), s(3, 0), s(-1, -5), s(4, 5)],
                    &[s(8, 6), s(11, 2), s(14, -6), s(-10, -3), s(-9, 6)],
                    &[s(-5, 2), s(-1, 0), s(11, 3), s(4, 7), s(-10, -11)],
                    &[s(4, 5), s(9, -2), s(25, 14), s(-4, 3), s(1, -12)],
                    &[s(1, 5), s(5, -2), s(4, 6), s(7, 2), s(2, 0)],
                    &[s(-3, -4), s(-7, -2), s(1, 1), s(1, 2), s(3, 1)],
                    &[s(-16, -9), s(-4, -4), s(-6, 3), s(1, -1), s(-3, -4)],
                ])
                .king_attack(7)
                .phase(4),
        ],
        tempo: s(56, 31),
        bishop_pair: s(59, 17),
        pawns: PawnTerms {
            doubled: s(-7, -15),
            isolated: s(7, -15),
            connected: s(6, -14),
            connected_by_rank: &[
                s(0, 0),
                s(4, -1),
                s(2, 1),
                s(6, 5),
                s(13, 11),
                s(40, 14),
                s(81, 71),
                s(0, 0),
            ],
            supported: s(9, 4),
            weak_unopposed: s(-12, -3),
            backward: s(-2, -6),
            passed: &[
                s(0, 0),
                s(-22, 11),
                s(-21, 13),
                s(-23, 36),
                s(-8, 76),
                s(-38, 141),
                s(-18, 117),
                s(0, 0),
            ],
            shelter: &[s(-27, -1), s(5, 26), s(16, 17), s(4, -4), s(8, -14), s(-5, -22)],
            storm: &[s(-25, -11), s(7, 55), s(-17, 77), s(-50, 12), s(-28, -20), s(0, -20)],
            blocked_storm: s(-9, -30),
        },
        structure: StructureTerms {
            space: 30,
            bishop_pawns: s(-1, 0),
            long_diagonal: s(17, -5),
            outpost: s(26, 6),
            behind_pawn: s(6, -1),
        },
        king: KingTerms {
            weak_square: 6,
            shelter: 0,
            safe_check: 13,
            unsafe_check: 2,
            attacker: -1,
            no_queen: 14,
            mobility_edge: 4,
            divisor: 8,
            eg_per_unit: -1,
            cap: 600,
        },
        threat_by_pawn: s(-82, -59),
        hanging: s(-23, -12),
        threat_by_lesser: s(-60, -43),
        threat_by_push: s(-22, -2),
        restricted: s(-6, 1),
        weak_piece: s(-8, -18),
        weak_pawn: s(-3, -18),
        drawish_margin: 400,
    };
    eval_tables!(Gothic);
}
