//! Chess: the classical values (pawn 100 in the middle of the game, a little more in the
//! endgame), piece-square shapes and king safety of a conventional evaluation. The chess
//! terms are also the model the chess-like variants start from.

use ekumen_movegen::variants::Chess;

use crate::{eval_tables, s, EvalParams, Evaluate, KingTerms, PawnTerms, PieceTerms, S};

/// Pawns by rank from their own side: central advance matters in the middle game.
pub(crate) const PAWN_RANKS: &[S] =
    &[s(0, 0), s(0, 0), s(2, 0), s(6, 4), s(10, 10), s(16, 20), s(24, 35), s(0, 0)];
/// Passed pawns by rank.
pub(crate) const PASSED: &[S] =
    &[s(0, 0), s(0, 8), s(2, 10), s(6, 20), s(15, 40), s(30, 70), s(50, 115), s(0, 0)];
/// Rooks like the seventh rank.
pub(crate) const ROOK_RANKS: &[S] =
    &[s(0, 0), s(-4, 0), s(-4, 0), s(-2, 0), s(0, 0), s(4, 4), s(20, 15), s(10, 10)];

pub(crate) const PAWN: PieceTerms = PieceTerms::new(90, 115).centre(3, 0).ranks(PAWN_RANKS);
pub(crate) const KNIGHT: PieceTerms =
    PieceTerms::new(320, 300).mobility(4, 4).centre(8, 6).advance(2, 0).king_attack(2).phase(1);
pub(crate) const BISHOP: PieceTerms =
    PieceTerms::new(330, 320).mobility(5, 5).centre(4, 3).king_attack(2).phase(1);
pub(crate) const ROOK: PieceTerms = PieceTerms::new(480, 540)
    .mobility(3, 6)
    .ranks(ROOK_RANKS)
    .open_file(40, 15)
    .king_attack(3)
    .phase(2);
pub(crate) const QUEEN: PieceTerms =
    PieceTerms::new(950, 1000).mobility(2, 4).centre(2, 4).king_attack(5).phase(4);
pub(crate) const KING: PieceTerms = PieceTerms::new(0, 0).centre(-8, 12).advance(-12, 0);

pub(crate) const KING_TERMS: KingTerms =
    KingTerms { weak_square: 2, shelter: 3, eg_per_unit: 1, ..KingTerms::NONE };
/// The king's pawn cover by the ranks between the king and our nearest pawn on a file by
/// it (none, level, one, two, three, four or more): best one rank ahead, a hole is worst.
pub(crate) const SHELTER: &[S] = &[s(-20, 0), s(10, 0), s(20, 0), s(8, 0), s(-2, 0), s(-10, 0)];
/// Enemy pawns advancing on the king, indexed as [`SHELTER`]: most dangerous one or two
/// ranks away, where they open lines next move.
pub(crate) const STORM: &[S] = &[s(0, 0), s(-5, 0), s(-25, 0), s(-30, 0), s(-15, 0), s(-5, 0)];
pub(crate) const PAWN_TERMS: PawnTerms = PawnTerms {
    doubled: s(-10, -20),
    isolated: s(-8, -12),
    connected: s(5, 5),
    connected_by_rank: &[],
    supported: S::ZERO,
    weak_unopposed: S::ZERO,
    backward: S::ZERO,
    passed: PASSED,
    shelter: SHELTER,
    storm: STORM,
    blocked_storm: s(-5, 0),
};

impl Evaluate for Chess {
    const PARAMS: EvalParams<'static> = EvalParams {
        pieces: &[PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING],
        tempo: s(20, 10),
        bishop_pair: s(30, 50),
        pawns: PAWN_TERMS,
        king: KING_TERMS,
        threat_by_pawn: s(-30, -25),
        hanging: s(-25, -15),
        drawish_margin: 400,
        ..EvalParams::NONE
    };
    eval_tables!(Chess);
}
