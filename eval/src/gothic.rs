//! Gothic: chess's terms on 10x8. The starting values were the rules page's (pawn = 1:
//! Q 9.5, C 9, A 8.75, R 5, B 3.5, N 3); every term is fitted (`ekumen-tune`) to
//! Fairy-Stockfish's scores of quiet positions and the results of its games
//! (docs/tuning.md, "Gothic's fits", has every fit and what it measured).
//!
//! Design choices the fits rest on:
//! - king danger counts from no attacker up (`min_attackers: 0`), on a curve twice as
//!   steep as chess's (`units² / 4`, at most 12 pawns): on positions from Ekumen's games
//!   against Fairy-Stockfish, its king-danger penalty on Ekumen's king averaged 95
//!   centipawns and Ekumen's own 20, and half the time ours was still waiting for a second
//!   attacker;
//! - the tempo is judged by games: fits on quiet positions took it to 61, which scored
//!   worse against Fairy-Stockfish than 24 or 40 (the search adds it at every leaf); a
//!   fit holds it (`ekumen-tune --hold tempo`) or is played before it is adopted;
//! - the material imbalance ([`ImbalanceTerms`]) started from Stockfish's chess tables, as
//!   Fairy-Stockfish's classical evaluation applies them to gothic, the chancellor's and
//!   archbishop's weights from zero.

use ekumen_movegen::variants::Gothic;

use crate::{
    eval_tables, s, EvalParams, Evaluate, ImbalanceTerms, KingTerms, PasserTerms, PawnTerms,
    PieceTerms, PlacementTerms, ScaleTerms, StructureTerms, WinnabilityTerms,
};

impl Evaluate for Gothic {
    const PARAMS: EvalParams<'static> = EvalParams {
        pieces: &[
            // pawn
            PieceTerms::new(46, 91)
                .centre(1, -3)
                .advance(-6, 5)
                .ranks(&[
                    s(0, 0),
                    s(9, 12),
                    s(1, -5),
                    s(9, -2),
                    s(33, -3),
                    s(50, 16),
                    s(105, 84),
                    s(0, 0),
                ])
                .squares(&[
                    &[s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
                    &[s(-6, -4), s(7, 0), s(13, 5), s(-8, -8), s(-11, 12)],
                    &[s(7, -1), s(-8, -4), s(9, -9), s(16, 5), s(-21, 12)],
                    &[s(8, -2), s(-24, 7), s(0, -5), s(15, -2), s(1, -5)],
                    &[s(-11, 8), s(-1, 5), s(-15, 7), s(1, 4), s(22, -12)],
                    &[s(-16, -7), s(11, 19), s(6, 13), s(15, -6), s(-4, -14)],
                    &[s(1, 2), s(-4, -9), s(-2, 3), s(-3, -5), s(-2, -12)],
                    &[s(0, 0), s(0, 0), s(0, 0), s(0, 0), s(0, 0)],
                ]),
            // knight
            PieceTerms::new(270, 264)
                .mobility(3, 6)
                .centre(20, 7)
                .advance(3, 4)
                .open_file(1, -16)
                .squares(&[
                    &[s(-2, 1), s(2, -18), s(-5, -14), s(-6, -1), s(-4, 0)],
                    &[s(-18, -11), s(15, 2), s(-1, 5), s(-13, 5), s(-22, -12)],
                    &[s(-8, -6), s(14, -1), s(5, 3), s(9, 6), s(-27, 10)],
                    &[s(7, -6), s(11, 2), s(5, 11), s(-9, 9), s(-17, 5)],
                    &[s(23, 7), s(18, 12), s(21, -1), s(3, 3), s(-2, 2)],
                    &[s(6, -1), s(7, 7), s(17, 7), s(0, 2), s(1, 0)],
                    &[s(-10, -3), s(-5, 1), s(11, 0), s(6, 15), s(3, 2)],
                    &[s(-19, -18), s(-4, -9), s(-7, -5), s(-7, -9), s(-1, 1)],
                ])
                .king_attack(3)
                .phase(1),
            // bishop
            PieceTerms::new(386, 349)
                .mobility(5, 3)
                .centre(10, 11)
                .advance(-2, -1)
                .open_file(-5, -9)
                .squares(&[
                    &[s(-4, 7), s(-2, -15), s(8, -1), s(3, -8), s(2, -3)],
                    &[s(-3, -22), s(21, 4), s(11, -7), s(8, -8), s(-3, 1)],
                    &[s(16, 11), s(37, 7), s(5, -10), s(0, 13), s(-3, -10)],
                    &[s(6, 6), s(-22, -3), s(18, 16), s(3, -12), s(-9, -3)],
                    &[s(8, 5), s(1, -4), s(-6, 5), s(-12, -4), s(6, -3)],
                    &[s(0, 1), s(-2, 10), s(-1, -3), s(2, -8), s(5, 2)],
                    &[s(-5, 0), s(-6, 15), s(-3, 4), s(7, 9), s(-5, -13)],
                    &[s(6, 19), s(-2, -7), s(-6, 3), s(-1, -6), s(-2, 0)],
                ])
                .king_attack(4)
                .phase(1),
            // rook
            PieceTerms::new(588, 618)
                .mobility(4, 4)
                .centre(3, 3)
                .advance(-6, 4)
                .open_file(71, -19)
                .ranks(&[
                    s(5, -5),
                    s(-20, 12),
                    s(-7, 5),
                    s(-8, 0),
                    s(1, 18),
                    s(37, 6),
                    s(59, 0),
                    s(112, -15),
                ])
                .squares(&[
                    &[s(0, -16), s(1, -5), s(-9, 11), s(10, 7), s(-2, 16)],
                    &[s(-6, -10), s(5, -11), s(6, 10), s(12, 8), s(-3, 0)],
                    &[s(-2, 11), s(7, 3), s(1, 1), s(2, -2), s(-6, 0)],
                    &[s(10, 2), s(8, 1), s(1, 5), s(9, -4), s(0, 0)],
                    &[s(-7, 4), s(0, 8), s(-2, -2), s(-6, -6), s(-2, -13)],
                    &[s(-6, 0), s(-2, 3), s(4, 17), s(-2, -3), s(-7, -17)],
                    &[s(13, 5), s(0, -1), s(3, 5), s(-2, 4), s(-10, -10)],
                    &[s(2, 3), s(-1, 6), s(5, 14), s(-7, -20), s(0, -1)],
                ])
                .king_attack(3)
                .phase(2),
            // queen
            PieceTerms::new(1129, 1088)
                .mobility(4, 0)
                .centre(-2, 10)
                .advance(-7, 16)
                .open_file(-9, -5)
                .squares(&[
                    &[s(2, 15), s(11, -4), s(2, 14), s(0, 13), s(6, 3)],
                    &[s(-17, -7), s(-7, -3), s(4, -12), s(25, 6), s(15, -3)],
                    &[s(-9, -5), s(3, -11), s(-10, 6), s(-5, -14), s(3, -5)],
                    &[s(-10, 1), s(6, 4), s(3, 6), s(-14, -2), s(-6, -11)],
                    &[s(4, 10), s(0, 12), s(16, 9), s(-1, 11), s(-8, -10)],
                    &[s(-7, -5), s(2, 5), s(-2, 12), s(14, 24), s(3, -2)],
                    &[s(-4, -15), s(-14, -6), s(-1, -4), s(2, 5), s(-10, -19)],
                    &[s(0, 1), s(5, 3), s(-1, 2), s(2, 4), s(-1, 6)],
                ])
                .king_attack(-1)
                .phase(4),
            // king
            PieceTerms::new(0, 0).centre(-24, 12).advance(-46, 8).squares(&[
                &[s(-30, -20), s(38, 6), s(9, 7), s(-44, -12), s(12, -16)],
                &[s(4, -4), s(7, 4), s(4, 27), s(2, 0), s(-38, -3)],
                &[s(-5, -16), s(8, 3), s(6, 16), s(4, 13), s(3, 1)],
                &[s(-4, -11), s(-3, -14), s(-1, -7), s(1, 2), s(5, 0)],
                &[s(0, -19), s(0, -12), s(0, -9), s(0, 4), s(5, 8)],
                &[s(-1, -14), s(0, 12), s(2, 10), s(1, 11), s(-1, 1)],
                &[s(-5, -2), s(4, 13), s(0, 3), s(0, -17), s(3, 7)],
                &[s(-3, -3), s(0, 0), s(0, 0), s(0, 3), s(0, -2)],
            ]),
            // chancellor
            PieceTerms::new(951, 1089)
                .mobility(2, 8)
                .centre(6, 2)
                .advance(-1, 17)
                .open_file(29, -15)
                .squares(&[
                    &[s(-18, -1), s(4, 3), s(-9, -4), s(-6, -2), s(7, 16)],
                    &[s(8, 5), s(13, -3), s(5, 0), s(3, 3), s(6, 7)],
                    &[s(10, -9), s(7, 0), s(-4, -6), s(-9, -4), s(-18, 1)],
                    &[s(0, -8), s(2, 3), s(1, 6), s(-10, -9), s(-16, -3)],
                    &[s(0, 2), s(1, -4), s(12, 12), s(13, -4), s(-7, -7)],
                    &[s(3, 10), s(9, -1), s(13, 13), s(6, 7), s(-2, 7)],
                    &[s(0, 13), s(-7, -2), s(4, -4), s(4, 9), s(0, -3)],
                    &[s(5, -3), s(3, 4), s(1, 0), s(-11, -17), s(-7, -18)],
                ])
                .king_attack(1)
                .phase(4),
            // archbishop
            PieceTerms::new(944, 933)
                .mobility(1, 6)
                .centre(13, 0)
                .advance(-3, 19)
                .open_file(-9, -10)
                .squares(&[
                    &[s(4, 2), s(-3, 0), s(-3, 5), s(2, 7), s(-6, -3)],
                    &[s(3, 0), s(13, -3), s(9, 2), s(1, -4), s(0, 1)],
                    &[s(8, 5), s(4, -6), s(4, 3), s(-4, 1), s(-9, 6)],
                    &[s(3, 4), s(5, 7), s(17, 4), s(0, 7), s(-7, -7)],
                    &[s(6, 4), s(15, 3), s(20, 17), s(-12, 3), s(-9, -17)],
                    &[s(2, 7), s(8, -3), s(9, 5), s(8, -2), s(4, -1)],
                    &[s(-2, -3), s(-3, 1), s(2, 1), s(2, 3), s(4, 1)],
                    &[s(-24, -16), s(-6, -8), s(-8, 7), s(-1, -5), s(-2, -5)],
                ])
                .king_attack(4)
                .phase(4),
        ],
        tempo: s(48, 20),
        bishop_pair: s(91, 13),
        imbalance: ImbalanceTerms {
            ours: &[
                s(2, 10),
                s(40, 11),
                s(12, 10),
                s(29, 14),
                s(112, 90),
                s(-22, -25),
                s(2, 1),
                s(33, 25),
                s(-13, 9),
                s(1, 2),
                s(-23, -22),
                s(2, -3),
                s(40, 33),
                s(53, 47),
                s(-99, -98),
                s(84, -84),
                s(25, 8),
                s(64, 56),
                s(64, 40),
                s(-63, -77),
                s(-4, -9),
                s(6, 1),
                s(24, -2),
                s(0, -1),
                s(0, 0),
                s(0, 6),
                s(0, -3),
                s(0, 0),
                s(-5, 1),
                s(16, 0),
                s(0, -5),
                s(0, 3),
                s(0, 1),
                s(2, -2),
                s(0, 1),
                s(0, -2),
            ],
            theirs: &[
                s(21, 10),
                s(17, 9),
                s(22, 34),
                s(30, 14),
                s(16, 18),
                s(24, 6),
                s(10, 13),
                s(3, 9),
                s(15, 16),
                s(-5, -1),
                s(45, 41),
                s(56, 65),
                s(-23, -27),
                s(45, 77),
                s(121, 99),
                s(1, 2),
                s(2, 1),
                s(-1, -1),
                s(0, 0),
                s(0, 0),
                s(1, -2),
                s(-6, 7),
                s(0, 0),
                s(0, -2),
                s(0, 2),
                s(0, -2),
                s(0, 1),
                s(0, -1),
            ],
        },
        pawns: PawnTerms {
            doubled: s(-1, -13),
            isolated: s(11, -17),
            connected: s(3, -12),
            connected_by_rank: &[
                s(0, 0),
                s(5, -1),
                s(7, 1),
                s(8, 5),
                s(12, 12),
                s(39, 10),
                s(81, 62),
                s(0, 0),
            ],
            supported: s(14, 4),
            weak_unopposed: s(-15, -5),
            backward: s(5, -12),
            passed: &[
                s(0, 0),
                s(-12, 8),
                s(-16, 3),
                s(-1, 29),
                s(60, 40),
                s(125, 75),
                s(213, 68),
                s(0, 0),
            ],
            shelter: &[s(-25, 1), s(27, 14), s(11, 10), s(2, -4), s(2, -2), s(-2, -21)],
            storm: &[s(-25, 1), s(6, 23), s(-7, 38), s(-54, -1), s(-14, -9), s(-5, -4)],
            blocked_storm: s(4, -19),
        },
        structure: StructureTerms {
            space: 30,
            bishop_pawns: s(-1, -2),
            long_diagonal: s(25, 8),
            outpost: s(32, 7),
            behind_pawn: s(4, 1),
        },
        placement: PlacementTerms {
            king_protector: s(-2, -4),
            rook_on_king_ring: s(24, -6),
            bishop_on_king_ring: s(40, 12),
            trapped_rook: s(-38, -13),
        },
        king: KingTerms {
            weak_square: 3,
            shelter: 2,
            safe_check: 7,
            unsafe_check: 2,
            attacker: 3,
            no_queen: 16,
            mobility_edge: 2,
            flank_attack: s(-4, -5),
            pawnless_flank: s(-14, -66),
            flank_defence: 1,
            blockers: 6,
            minor_defender: 0,
            min_attackers: 0,
            divisor: 4,
            eg_per_unit: 1,
            cap: 1200,
        },
        threat_by_pawn: s(-82, -64),
        hanging: s(-23, -1),
        threat_by_lesser: s(-32, -33),
        threat_by_push: s(-27, -7),
        threat_by_minor: &[
            s(-7, -3),
            s(-17, -19),
            s(-15, -7),
            s(-14, -32),
            s(-40, -68),
            s(0, 0),
            s(-41, -71),
            s(-46, -77),
        ],
        threat_by_rook: &[
            s(13, -16),
            s(-25, -30),
            s(-25, -13),
            s(0, -15),
            s(-48, -16),
            s(0, 0),
            s(-47, -23),
            s(-45, -24),
        ],
        restricted: s(-9, 1),
        weak_piece: s(-8, -6),
        weak_pawn: s(4, -14),
        queen_threat_by_leaper: s(-11, -6),
        queen_threat_by_slider: s(-8, -6),
        passers: PasserTerms {
            enemy_king: s(-7, 7),
            own_king: s(-5, -4),
            free_span: s(57, 20),
            free_path: s(46, 17),
            free_step: s(0, 7),
            guarded_step: s(17, 10),
        },
        winnability: WinnabilityTerms {
            passed: 2,
            pawns: 6,
            outflanking: 3,
            both_flanks: 26,
            infiltration: -1,
            pawns_only: 36,
            almost_unwinnable: -29,
            bias: -47,
            mg_margin: 10,
        },
        scale: ScaleTerms {
            base: 16,
            per_pawn: 31,
            one_flank: -1,
            opposite_bishops: 31,
            opposite_bishops_per_man: 4,
        },
        drawish_margin: 400,
    };
    eval_tables!(Gothic);
}
