//! Shinobi: the Kingdom's pieces keep their chess values. The Clan's were estimated from
//! their measured reach (eval/tests/piece_reach.rs; at 40 % density: captain 5.2, dragon
//! 8.1, ninja 8.4, monk 2.4, lance 1.4, horse 1.1, against chess's knight 4.2, rook 5.4,
//! queen 9.6) on the scale chess's values give to reach, cross-checked with Fairy-
//! Stockfish's values for the same movers in other games (commoner, bers, archbishop,
//! fers, lance, shogi knight). With these numbers the two armies of the start position
//! are worth exactly the same, as engine play says the game is close to balanced.
//!
//! A piece in hand is worth what it is on the board (it earns no mobility until dropped,
//! but the Clan chooses where it goes), and a drop next to an enemy king on the Clan's
//! half of the board is a threat (`drop_danger`). The start position scores about a pawn
//! for the Clan: its move and its choice of drops against a Kingdom whose pieces start
//! boxed in. Promoted pieces are valued as what they became. Pawns promote (to a
//! captain only) on the last two ranks, so passed pawns are worth less than in chess.
//! A king on the opponent's back rank wins at once (campmate): the king's rank table
//! rewards an advanced king in the endgame.

use ekumen_movegen::variants::Shinobi;

use crate::chess::{BISHOP, KING_TERMS, KNIGHT, PAWN_RANKS, QUEEN, ROOK};
use crate::{eval_tables, s, EvalParams, Evaluate, PawnTerms, PieceTerms, S};

const PASSED: &[S] = &[s(0, 0), s(0, 5), s(2, 8), s(5, 15), s(12, 30), s(25, 60), s(0, 0), s(0, 0)];
/// Campmate race: a king closer to the far rank is worth more once the board empties.
const KING_RANKS: &[S] =
    &[s(0, 0), s(-10, 5), s(-20, 12), s(-25, 22), s(-20, 35), s(-5, 55), s(25, 110), s(0, 0)];

const PAWN: PieceTerms = PieceTerms::new(90, 110).centre(3, 0).ranks(PAWN_RANKS);
const KING: PieceTerms = PieceTerms::new(0, 0).centre(-6, 8).ranks(KING_RANKS);
const CAPTAIN: PieceTerms = PieceTerms::new(330, 380)
    .mobility(3, 4)
    .centre(6, 6)
    .advance(2, 2)
    .king_attack(2)
    .drop_danger(2)
    .phase(1);
const DRAGON: PieceTerms =
    PieceTerms::new(720, 760).mobility(3, 5).centre(2, 2).king_attack(4).drop_danger(4).phase(3);
const NINJA: PieceTerms =
    PieceTerms::new(800, 820).mobility(3, 4).centre(4, 4).king_attack(4).drop_danger(4).phase(3);
const LANCE: PieceTerms =
    PieceTerms::new(180, 130).mobility(2, 2).advance(2, 3).king_attack(2).drop_danger(2).phase(1);
const HORSE: PieceTerms =
    PieceTerms::new(160, 110).centre(3, 2).advance(4, 4).king_attack(2).drop_danger(2).phase(1);
const MONK: PieceTerms =
    PieceTerms::new(170, 170).centre(4, 4).advance(2, 3).king_attack(2).drop_danger(2).phase(1);
const PROMOTED_PAWN: PieceTerms = CAPTAIN;
const PROMOTED_LANCE: PieceTerms = ROOK;
const PROMOTED_HORSE: PieceTerms = KNIGHT;
const PROMOTED_MONK: PieceTerms = BISHOP;

impl Evaluate for Shinobi {
    const PARAMS: EvalParams<'static> = EvalParams {
        pieces: &[
            PAWN,
            KNIGHT,
            BISHOP,
            ROOK,
            QUEEN,
            KING,
            CAPTAIN,
            DRAGON,
            NINJA,
            LANCE,
            HORSE,
            MONK,
            PROMOTED_PAWN,
            PROMOTED_LANCE,
            PROMOTED_HORSE,
            PROMOTED_MONK,
        ],
        tempo: s(25, 15),
        bishop_pair: s(30, 50),
        pawns: PawnTerms {
            doubled: s(-8, -15),
            isolated: s(-6, -10),
            connected: s(5, 5),
            passed: PASSED,
        },
        king: KING_TERMS,
        threat_by_pawn: s(-30, -25),
        hanging: s(-25, -15),
        threat_by_lesser: s(0, 0),
        drawish_margin: 400,
    };
    eval_tables!(Shinobi);
}
