//! Shinobi chess (docs/rules/shinobi.md; reference: Fairy-Stockfish with its variants.ini
//! section `[shinobi:chess]`). The Sakura Clan (White) drops pieces on its first four
//! ranks; captured pieces vanish. Clan pawns, monks, horses and lances promote on ranks
//! 7-8 (Kingdom pawns on 2-1), always: Fairy-Stockfish generates only the promoting move,
//! and so do we, although the game's guide calls lance and monk promotion on rank 7
//! optional. A king on the far rank wins at once (campmate), stalemate loses, and a
//! repetition forced by perpetual check loses for the checker.

use super::chess::{chess_piece, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::piece::{leaps, PieceDef, PieceType};
use crate::sliders::{DIAGONAL, NORTH, ORTHOGONAL};
use crate::square::Board8x8;
use crate::variant::{StalemateRule, Variant, XboardDefinition};

pub const CAPTAIN: PieceType = PieceType(6);
pub const DRAGON: PieceType = PieceType(7);
pub const NINJA: PieceType = PieceType(8);
pub const LANCE: PieceType = PieceType(9);
pub const HORSE: PieceType = PieceType(10);
pub const MONK: PieceType = PieceType(11);
/// Promoted forms, printed `+P`, `+L`, `+H`, `+M`.
pub const PROMOTED_PAWN: PieceType = PieceType(12);
pub const PROMOTED_LANCE: PieceType = PieceType(13);
pub const PROMOTED_HORSE: PieceType = PieceType(14);
pub const PROMOTED_MONK: PieceType = PieceType(15);

const HORSE_LEAPS: &[(i8, i8)] = &[(-1, 2), (1, 2)];

#[derive(Clone, Copy, Default, Debug)]
pub struct Shinobi;

impl Variant for Shinobi {
    type Geo = Board8x8;
    const NAME: &'static str = "shinobi";
    const TEMPLATE: &'static str = "shogi";
    const START_FEN: &'static str =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/LH1CK1HL[LHMMDJ] w kq - 0 1";
    const PIECES: &'static [PieceDef] = &[
        chess_piece(PAWN).promotes_to(PROMOTED_PAWN),
        chess_piece(KNIGHT),
        chess_piece(BISHOP),
        chess_piece(ROOK),
        chess_piece(QUEEN),
        chess_piece(KING),
        PieceDef::new("captain", b'C', CAPTAIN).leaps(leaps::KING),
        PieceDef::new("dragon", b'D', DRAGON).slides(ORTHOGONAL).leaps(leaps::FERS),
        PieceDef::new("ninja", b'J', NINJA).slides(DIAGONAL).leaps(leaps::KNIGHT),
        PieceDef::new("lance", b'L', LANCE).slides(NORTH).promotes_to(PROMOTED_LANCE),
        PieceDef::new("wooden horse", b'H', HORSE).leaps(HORSE_LEAPS).promotes_to(PROMOTED_HORSE),
        PieceDef::new("monk", b'M', MONK).leaps(leaps::FERS).promotes_to(PROMOTED_MONK),
        PieceDef::new("captain", b'P', PROMOTED_PAWN).leaps(leaps::KING).promoted_from(PAWN),
        PieceDef::new("rook", b'L', PROMOTED_LANCE).slides(ORTHOGONAL).promoted_from(LANCE),
        PieceDef::new("knight", b'H', PROMOTED_HORSE).leaps(leaps::KNIGHT).promoted_from(HORSE),
        PieceDef::new("bishop", b'M', PROMOTED_MONK).slides(DIAGONAL).promoted_from(MONK),
    ];
    const DOUBLE_STEP: bool = true;
    const EN_PASSANT: bool = true;
    const CASTLING_ROOK: Option<PieceType> = Some(ROOK);
    const PROMOTION_ZONE_RANKS: u8 = 2;
    const MANDATORY_PROMOTION: bool = true;
    const DROPS: bool = true;
    const DROP_RANKS: u8 = 4;
    const HAND_ORDER: &'static [PieceType] =
        &[KING, CAPTAIN, HORSE, LANCE, NINJA, DRAGON, MONK, QUEEN, ROOK, BISHOP, KNIGHT, PAWN];
    const POCKET: usize = 8;
    const STALEMATE: StalemateRule = StalemateRule::Loss;
    const CAMPMATE: bool = true;
    const PERPETUAL_CHECK_LOSES: bool = true;
    /// The Clan's hand pieces take the first slots so that the holdings stay short, the
    /// rook keeps the rook slot (XBoard reads castling rights only for a rook in the
    /// corner); `bughouse` as parent because a capture does not go to the capturer's hand.
    /// XBoard checks every move shape and check, and shows the hands; under `bughouse` it
    /// does not check that a dropped piece is in hand, and it does not know the drop zone
    /// (ranks 1-4), that promotion is mandatory, campmate or perpetual-check repetitions.
    /// So it accepts a few moves the engine refuses (a human's drop on rank 5, a
    /// non-promoting move into the zone) and never verifies win claims in a drop game.
    const XBOARD_DEFINITION: Option<XboardDefinition> = Some(XboardDefinition {
        setup: "setup (PLHRMDJCNBQ+++.+......Kplhrmdjcnbq+++.+......k) 8x8+7_bughouse \
                rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/LH1CK1HL[LHMMDJ] w kq - 0 1",
        pieces: &[
            "P& fmWfceFifmnD",
            "+P& K",
            "L& fR",
            "+L& R",
            "H& ffN",
            "+H& N",
            "M& F",
            "+M& B",
            "D& RF",
            "J& BN",
            "C& K",
            "N& N",
            "B& B",
            "R& R",
            "Q& Q",
            "K& KO2",
        ],
    });
    /// Fairy-Stockfish's own section (its `src/variants.ini`), the rules we follow.
    const FAIRY_STOCKFISH: Option<&'static str> = Some(
        "[shinobi:chess]
        commoner = c
        bers = d
        archbishop = j
        fers = m
        shogiKnight = h
        lance = l
        promotionRegionWhite = *7 *8
        promotionRegionBlack = *2 *1
        promotionPieceTypes = -
        promotedPieceType = p:c m:b h:n l:r
        mandatoryPiecePromotion = true
        stalemateValue = loss
        perpetualCheckIllegal = true
        startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/LH1CK1HL[LHMMDJ] w kq - 0 1
        pieceDrops = true
        dropRegionWhite = *1 *2 *3 *4
        dropRegionBlack = *5 *6 *7 *8
        immobilityIllegal = true
        flagPiece = k
        flagRegionWhite = *8
        flagRegionBlack = *1",
    );
    crate::variant_tables!(Shinobi);
}
