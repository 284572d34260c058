//! Gethenian chess (docs/rules/gethenian.md; reference: Fairy-Stockfish with its
//! variants.ini section `[gethenian]`). Every board move flips the moved piece between
//! its light form and its dark form (`+`, back with `-`); captures go to the capturer's
//! hand and may be dropped anywhere in either form. Each form is a piece type of its own,
//! so the rook that came from the left bishop (`+B`) and the one from the right bishop
//! (`+I`) move alike but remember where they turn back to.
//!
//! As in Fairy-Stockfish the kings are pseudo-royal: either form may not be left attacked
//! (while a side has one of that form), the dark king attacks nothing, losing the king is
//! not itself a game end, no check counts for the fifty-move rule, and a side without a
//! legal move has lost. The game's first description speaks of fifty moves without a
//! capture; Fairy-Stockfish's clock, which we follow, is also reset by drops.

use crate::piece::{leaps, PieceDef, PieceType};
use crate::sliders::{EAST, NORTH_EAST, NORTH_WEST, SOUTH_EAST, SOUTH_WEST, WEST};
use crate::square::Board7x7;
use crate::variant::{StalemateRule, Variant, XboardDefinition};

pub const KING: PieceType = PieceType(0);
pub const DARK_KING: PieceType = PieceType(1);
pub const LEFT_BISHOP: PieceType = PieceType(2);
pub const LEFT_ROOK: PieceType = PieceType(3);
pub const RIGHT_BISHOP: PieceType = PieceType(4);
pub const RIGHT_ROOK: PieceType = PieceType(5);
pub const KNIGHT: PieceType = PieceType(6);
pub const DARK_KNIGHT: PieceType = PieceType(7);
pub const MINISTER: PieceType = PieceType(8);
pub const DARK_MINISTER: PieceType = PieceType(9);

/// The left-handed half of the knight's jumps, and the right-handed half.
const LEFT_KNIGHT: &[(i8, i8)] = &[(-1, 2), (2, 1), (1, -2), (-2, -1)];
const RIGHT_KNIGHT: &[(i8, i8)] = &[(1, 2), (2, -1), (-1, -2), (-2, 1)];
/// Gold general: orthogonal steps and the two forward diagonals.
const GOLD: &[(i8, i8)] = &[(0, 1), (1, 0), (0, -1), (-1, 0), (-1, 1), (1, 1)];
/// Silver general: diagonal steps and straight forward.
const SILVER: &[(i8, i8)] = &[(1, 1), (1, -1), (-1, -1), (-1, 1), (0, 1)];

#[derive(Clone, Copy, Default, Debug)]
pub struct Gethenian;

impl Variant for Gethenian {
    type Geo = Board7x7;
    const NAME: &'static str = "gethenian";
    const TEMPLATE: &'static str = "fairy";
    const START_FEN: &'static str = "2ikb2/2mnm2/7/7/7/2MNM2/2B+KI2[] w - - 0 1";
    const PIECES: &'static [PieceDef] = &[
        PieceDef::new("king", b'K', KING).leaps(leaps::KING).royal().promotes_to(DARK_KING),
        PieceDef::new("dark king", b'K', DARK_KING)
            .leaps(leaps::WAZIR)
            .never_captures()
            .royal()
            .promoted_from(KING),
        PieceDef::new("left bishop", b'B', LEFT_BISHOP)
            .slides(NORTH_WEST | SOUTH_EAST)
            .promotes_to(LEFT_ROOK),
        PieceDef::new("dark left bishop", b'B', LEFT_ROOK)
            .slides(EAST | WEST)
            .promoted_from(LEFT_BISHOP),
        PieceDef::new("right bishop", b'I', RIGHT_BISHOP)
            .slides(NORTH_EAST | SOUTH_WEST)
            .promotes_to(RIGHT_ROOK),
        PieceDef::new("dark right bishop", b'I', RIGHT_ROOK)
            .slides(EAST | WEST)
            .promoted_from(RIGHT_BISHOP),
        PieceDef::new("knight", b'N', KNIGHT).leaps(LEFT_KNIGHT).promotes_to(DARK_KNIGHT),
        PieceDef::new("dark knight", b'N', DARK_KNIGHT).leaps(RIGHT_KNIGHT).promoted_from(KNIGHT),
        PieceDef::new("minister", b'M', MINISTER).leaps(GOLD).promotes_to(DARK_MINISTER),
        PieceDef::new("dark minister", b'M', DARK_MINISTER).leaps(SILVER).promoted_from(MINISTER),
    ];
    const PROMOTION_ZONE_RANKS: u8 = 7;
    const MANDATORY_PROMOTION: bool = true;
    const DEMOTION: bool = true;
    const DROPS: bool = true;
    const DROP_RANKS: u8 = 7;
    const DROP_PROMOTED: bool = true;
    const CAPTURES_TO_HAND: bool = true;
    const HAND_ORDER: &'static [PieceType] = &[MINISTER, KNIGHT, RIGHT_BISHOP, LEFT_BISHOP, KING];
    const POCKET: usize = 9;
    const STALEMATE: StalemateRule = StalemateRule::Loss;
    const PSEUDO_ROYAL: bool = true;
    /// The line is well formed, but XBoard 4.9 cannot play the game. Its move parser
    /// reads a trailing `+` as a promotion only under a shogi parent, it has no move that
    /// turns a promoted piece back (`-`) nor drops of promoted pieces (`+N@d4`), and its
    /// FEN reader drops a promoted piece standing in a non-pawn slot (`2B+KI2` became
    /// `2B4`). With legality testing on it forfeits the first flip (`c1a3+`); with it off
    /// it passes the move on without the flip.
    const XBOARD_DEFINITION: Option<XboardDefinition> = Some(XboardDefinition {
        setup: "setup (.NBIMK......+++++.......nbimk......+++++.......) 7x7+5_fairy \
                2ikb2/2mnm2/7/7/7/2MNM2/2B+KI2[] w - - 0 1",
        pieces: &[
            "N& hlN", "+N& hrN", "B& lfrbB", "+B& lrR", "I& rflbB", "+I& lrR", "M& WfF", "+M& FfW",
            "K& K", "+K& mW",
        ],
    });
    /// Fairy-Stockfish's section in its `variants.ini`, the rules we follow.
    const FAIRY_STOCKFISH: Option<&'static str> = Some(
        "[gethenian]
        maxRank = 7
        maxFile = 7
        king = -
        customPiece1 = k:K
        customPiece2 = q:mW
        customPiece3 = b:lfrbB
        customPiece4 = i:rflbB
        customPiece5 = r:lrR
        customPiece6 = n:hlN
        customPiece7 = t:hrN
        customPiece8 = m:WfF
        customPiece9 = s:FfW
        startFen = 2ikb2/2mnm2/7/7/7/2MNM2/2B+KI2[] w - - 0 1
        promotionPieceTypes = -
        promotedPieceType = k:q b:r i:r n:t m:s
        promotionRegionWhite = *1 *2 *3 *4 *5 *6 *7
        promotionRegionBlack = *7 *6 *5 *4 *3 *2 *1
        mandatoryPiecePromotion = true
        pieceDemotion = true
        pieceDrops = true
        capturesToHand = true
        dropPromoted = true
        immobilityIllegal = false
        extinctionValue = loss
        extinctionPieceTypes = kq
        extinctionPseudoRoyal = true
        stalemateValue = loss",
    );
    crate::variant_tables!(Gethenian);
}
