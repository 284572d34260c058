//! Per-variant static evaluation.
//!
//! # Layout
//! One generic evaluation ([`evaluate`]) reads one table of numbers per variant
//! ([`EvalParams`], in `<variant>.rs`): every term a variant is scored by lives in that one
//! place, so tuning a variant means editing one const. What the terms mean:
//!
//! - **material**, middle game and endgame values per piece type ([`PieceTerms::value`]),
//!   and for drop variants the value of a piece held in hand ([`PieceTerms::in_hand`]);
//!   and the **material imbalance** ([`ImbalanceTerms`]), a second-degree polynomial in
//!   the numbers of men, so that a piece's worth depends on what else is on the board;
//! - **piece-square tables**, generated from three shapes per piece type (a bonus per step
//!   towards the centre, per rank forward, and an optional table by rank), so one
//!   description fits the 7x7, 8x8, 9x9 and 10x8 boards, plus an optional table by square
//!   on top ([`PieceTerms::squares`]) for a variant with enough positions to fit one. That
//!   table covers half the board and is mirrored onto the other half: the asymmetric
//!   start positions make the two wings differ a little, but halving the entries halves
//!   what the tuner must pin down. The tables are built once, so the detail costs nothing
//!   per evaluation;
//! - **mobility**, a concave function (square root) of the squares a piece attacks that
//!   are neither ours nor guarded by an enemy pawn, centred on the piece's typical reach;
//! - **king safety**: attackers of the squares around the king (per piece and per square
//!   hit), undefended squares there, pieces the opponent could drop next to it, squares it
//!   could be checked from (guarded or not), pawn shelter, the enemy's mobility edge, and
//!   less danger when the enemy has no queen-class piece, more for each man that alone
//!   stands between the king and an enemy slider (pinned, or masking a check), less with a
//!   knight guarding the king's squares and per square of its flank we attack; the danger
//!   grows with the square of the attack units, as in most classical evaluations;
//!   besides, a cost per enemy attack on the king's flank, and for a king on a flank with
//!   no pawns;
//! - **pawn structure** (doubled, isolated, backward, passed by rank, connected by rank,
//!   weak pawns on half-open files) for chess-style pawns; **passed pawns** near
//!   promotion also by the kings' distances and how free their path is
//!   ([`PasserTerms`]); the king's **pawn cover**:
//!   on the king's file and the two beside it, how far ahead our nearest pawn stands and
//!   how close the nearest enemy pawn has come;
//! - what the pawns do for the pieces ([`StructureTerms`]): **space** behind our central
//!   pawns (weighted by the square of the pieces on the board), **outposts** and pawn
//!   shields for minor pieces, bishops hemmed in by their own pawns or on an open long
//!   diagonal. Fairy-Stockfish's classical evaluation has these; on positions from games
//!   against it, its space and bishop terms were what best explained its search scores
//!   beyond Ekumen's evaluation;
//! - **threats** (pieces attacked by pawns, by lesser pieces, attacked and undefended, or
//!   attackable by a safe pawn push; pieces and pawns attacked and not held strongly;
//!   squares both sides attack that we do not hold strongly; men attacked by minor and
//!   by rook-class pieces, by the type attacked; squares from which a lesser piece could
//!   attack a queen-class piece next move), the bishop pair, a **tempo** bonus for the
//!   side to move;
//! - **placement** ([`PlacementTerms`]): minor pieces far from their king, rooks on a file
//!   through the enemy king's squares and bishops aimed at them past pieces (not pawns),
//!   a rook shut in by its own king;
//! - **winnability** ([`WinnabilityTerms`]): the edge grows or shrinks with what makes an
//!   endgame winnable (pawns, passed pawns, pawns on both wings, an active king) and an
//!   **endgame scale** by the side ahead's pawns and opposite-coloured bishops
//!   ([`ScaleTerms`]); endgames without pawns where the material edge is too small to win
//!   are quartered.
//!
//! Middle-game and endgame scores are blended by the game phase, the sum of
//! [`PieceTerms::phase`] over the pieces on the board and in hand.
//!
//! Scores are in centipawns (a pawn is 100) from the side to move's point of view.
//! Gethenian has no pawns: its guide values are in knights, and a knight is 200 here.
//!
//! # Cost
//! The evaluation is computed from scratch but for what the pawns alone decide, which a
//! search thread keeps in a [`PawnCache`] (`pawns.rs`), and the material imbalance, kept
//! in a [`MaterialCache`] (`material.rs`): one attack lookup per piece (the
//! same lookups move generation uses), no allocation. In gothic, with every term on, it
//! is about 1.5 microseconds and some 60 % of a search's time, spread over many terms
//! (`tune/examples/eval_cost.rs` times each group). What pawns do as a whole (pushes,
//! the squares behind them, pawns facing pawns, the threats of a push) is computed by
//! shifting the whole set of pawns rather than square by square ([`shifted`]).

mod chess;
mod coherent;
mod gethenian;
mod gothic;
mod material;
mod pawns;
mod shinobi;

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use ekumen_movegen::attacks::Bb;
use ekumen_movegen::piece::{Special, MAX_PIECE_TYPES};
use ekumen_movegen::sliders::DIAGONAL;
use ekumen_movegen::{
    dispatch, AnyPosition, BitWord, Bitboard, Color, Geometry, PieceType, Position, Variant,
};

pub use material::MaterialCache;
pub use pawns::PawnCache;
use pawns::PawnEntry;

/// A middle-game and an endgame score.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct S {
    pub mg: i32,
    pub eg: i32,
}

/// Shorthand for [`S`] in the parameter tables.
pub const fn s(mg: i32, eg: i32) -> S {
    S { mg, eg }
}

impl S {
    pub const ZERO: S = s(0, 0);
}

impl Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, o: S) -> S {
        s(self.mg + o.mg, self.eg + o.eg)
    }
}
impl Sub for S {
    type Output = S;
    #[inline(always)]
    fn sub(self, o: S) -> S {
        s(self.mg - o.mg, self.eg - o.eg)
    }
}
impl AddAssign for S {
    #[inline(always)]
    fn add_assign(&mut self, o: S) {
        *self = *self + o;
    }
}
impl SubAssign for S {
    #[inline(always)]
    fn sub_assign(&mut self, o: S) {
        *self = *self - o;
    }
}
impl Neg for S {
    type Output = S;
    #[inline(always)]
    fn neg(self) -> S {
        s(-self.mg, -self.eg)
    }
}
impl Mul<i32> for S {
    type Output = S;
    #[inline(always)]
    fn mul(self, k: i32) -> S {
        s(self.mg * k, self.eg * k)
    }
}

/// How one piece type is scored.
#[derive(Clone, Copy, Debug)]
pub struct PieceTerms<'a> {
    /// Material on the board.
    pub value: S,
    /// Material in hand (drop variants; read for the base types that can be held).
    pub in_hand: S,
    /// Weight of the mobility curve (bonus per unit of `4 * (sqrt(reach) - sqrt(typical))`).
    pub mobility: S,
    /// Piece-square shape: bonus per step towards the centre.
    pub centre: S,
    /// Piece-square shape: bonus per rank forward.
    pub advance: S,
    /// Piece-square shape: bonus by rank counted from its own side (index 0 = own back
    /// rank); empty for none.
    pub ranks: &'a [S],
    /// Piece-square detail on top of the shapes, for the half board nearer the a-file and
    /// mirrored onto the other half: one row per rank counted from its own side, in each
    /// row one entry per file counted from the nearer edge; empty for none.
    pub squares: &'a [&'a [S]],
    /// On a file with no pawn (half as much on a file with no pawn of its own side).
    pub open_file: S,
    /// King-danger units per enemy king-zone square this piece attacks.
    pub king_attack: i32,
    /// King-danger units this piece adds near the enemy king while it is in the
    /// opponent's hand (drop variants).
    pub drop_danger: i32,
    /// Contribution to the game phase.
    pub phase: i32,
}

impl<'a> PieceTerms<'a> {
    /// A piece worth `mg`/`eg` with no positional terms yet.
    pub const fn new(mg: i32, eg: i32) -> PieceTerms<'a> {
        PieceTerms {
            value: s(mg, eg),
            in_hand: s(mg, eg),
            mobility: S::ZERO,
            centre: S::ZERO,
            advance: S::ZERO,
            ranks: &[],
            squares: &[],
            open_file: S::ZERO,
            king_attack: 0,
            drop_danger: 0,
            phase: 0,
        }
    }
    pub const fn in_hand(mut self, mg: i32, eg: i32) -> Self {
        self.in_hand = s(mg, eg);
        self
    }
    pub const fn mobility(mut self, mg: i32, eg: i32) -> Self {
        self.mobility = s(mg, eg);
        self
    }
    pub const fn centre(mut self, mg: i32, eg: i32) -> Self {
        self.centre = s(mg, eg);
        self
    }
    pub const fn advance(mut self, mg: i32, eg: i32) -> Self {
        self.advance = s(mg, eg);
        self
    }
    pub const fn ranks(mut self, ranks: &'a [S]) -> Self {
        self.ranks = ranks;
        self
    }
    pub const fn squares(mut self, squares: &'a [&'a [S]]) -> Self {
        self.squares = squares;
        self
    }
    pub const fn open_file(mut self, mg: i32, eg: i32) -> Self {
        self.open_file = s(mg, eg);
        self
    }
    pub const fn king_attack(mut self, units: i32) -> Self {
        self.king_attack = units;
        self
    }
    pub const fn drop_danger(mut self, units: i32) -> Self {
        self.drop_danger = units;
        self
    }
    pub const fn phase(mut self, phase: i32) -> Self {
        self.phase = phase;
        self
    }
}

/// Pawn-structure terms (for pieces that move as chess pawns).
#[derive(Clone, Copy, Debug)]
pub struct PawnTerms<'a> {
    pub doubled: S,
    pub isolated: S,
    /// A pawn with a friendly pawn beside it or guarding it.
    pub connected: S,
    /// On top of `connected`, by the pawn's rank from its own side: times 2, plus 1 with a
    /// friendly pawn beside it, minus 1 with an enemy pawn ahead on its file. Advanced
    /// chains are what break a position open, and a chain that meets no pawn can still
    /// advance. Empty for none.
    pub connected_by_rank: &'a [S],
    /// Per friendly pawn guarding a pawn (with `connected_by_rank`).
    pub supported: S,
    /// An isolated or backward pawn with no enemy pawn ahead on its file: rooks reach it
    /// down the half-open file.
    pub weak_unopposed: S,
    /// A pawn no friendly pawn on a neighbouring file can guard (none level with it or
    /// behind) whose next square an enemy pawn holds or guards: it stays behind.
    pub backward: S,
    /// Passed pawn by rank from its own side.
    pub passed: &'a [S],
    /// The king's cover, per file of the three around it: index 0 when we have no pawn
    /// level with or ahead of the king there, else 1 + the ranks between the king and our
    /// nearest such pawn (the last entry for that far or further). Empty for none.
    pub shelter: &'a [S],
    /// An enemy pawn storming the king, per file, indexed as [`Self::shelter`] by the
    /// nearest enemy pawn level with or ahead of the king, unless one of ours blocks it;
    /// as long as `shelter`.
    pub storm: &'a [S],
    /// An enemy pawn on a file by the king stopped by one of ours right in front of it.
    pub blocked_storm: S,
}

impl PawnTerms<'static> {
    pub const NONE: PawnTerms<'static> = PawnTerms {
        doubled: S::ZERO,
        isolated: S::ZERO,
        connected: S::ZERO,
        connected_by_rank: &[],
        supported: S::ZERO,
        weak_unopposed: S::ZERO,
        backward: S::ZERO,
        passed: &[],
        shelter: &[],
        storm: &[],
        blocked_storm: S::ZERO,
    };
}

/// How the pawns serve or hem in the pieces (for chess-style pawns).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StructureTerms {
    /// Middle-game bonus per unit of space: a square of the central files on our second
    /// to fourth ranks that no enemy pawn guards and none of ours stands on (twice when a
    /// pawn of ours stands one to three squares in front of it and no enemy piece attacks
    /// it), times `(pieces - 3 + blocked pawns)² / 1024`, where `pieces` counts our men
    /// and `blocked pawns` those of either side facing an enemy pawn (at most nine): room
    /// behind the pawns is worth most while the board is full.
    pub space: i32,
    /// Per bishop-class piece, per own pawn on its colour of squares, times one for a
    /// piece no pawn guards plus one per own central pawn that cannot move forward.
    pub bishop_pawns: S,
    /// A bishop-class piece that sees two of the four centre squares through the pawns.
    pub long_diagonal: S,
    /// A minor piece (see [`EvalTables`]'s `minor_kinds`) on our fourth to sixth rank,
    /// guarded by a pawn of ours, where no enemy pawn can ever attack it.
    pub outpost: S,
    /// A minor piece with a pawn right in front of it, shielded from the front.
    pub behind_pawn: S,
}

impl StructureTerms {
    pub const NONE: StructureTerms = StructureTerms {
        space: 0,
        bishop_pawns: S::ZERO,
        long_diagonal: S::ZERO,
        outpost: S::ZERO,
        behind_pawn: S::ZERO,
    };
}

/// What a passed pawn (chess-style) gains beyond its rank bonus, once it stands four
/// ranks or fewer from promotion. Each weight is multiplied by the pawn's rank weight `w`
/// (2, 7, 12 and 17 from four ranks short of promotion to one) and divided by 4: the
/// nearer promotion, the more the path and the kings decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PasserTerms {
    /// Per square (at most five) between the enemy king and the square in front of the pawn.
    pub enemy_king: S,
    /// Per square (at most five) between our king and the square in front of the pawn.
    pub own_king: S,
    /// The square in front is empty, and every square in front of the pawn on its file and
    /// the files beside it is free of enemy men and attacks, or guarded by our pawns.
    pub free_span: S,
    /// Otherwise: the squares in front of it on its own file are free of enemy men and
    /// attacks.
    pub free_path: S,
    /// Otherwise: the square in front is empty and not attacked.
    pub free_step: S,
    /// On top of the above: the square in front is empty and we attack it.
    pub guarded_step: S,
}

impl PasserTerms {
    pub const NONE: PasserTerms = PasserTerms {
        enemy_king: S::ZERO,
        own_king: S::ZERO,
        free_span: S::ZERO,
        free_path: S::ZERO,
        free_step: S::ZERO,
        guarded_step: S::ZERO,
    };
}

/// How far the side ahead can expect to convert its edge: the endgame score moves by the
/// position's *complexity* (a sum of the weights below), towards zero when it is negative
/// but never past it; the middle-game score moves by `complexity + mg_margin` only when
/// that is negative. Pawns on one wing, no passed pawns and kings facing each other make a
/// draw likelier; pawns on both wings, a king that has broken in and a pawn ending make
/// a win likelier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinnabilityTerms {
    /// Per passed pawn of either side.
    pub passed: i32,
    /// Per pawn of either side.
    pub pawns: i32,
    /// Per file between the kings, less the ranks between them.
    pub outflanking: i32,
    /// Pawns on both halves of the board (by files).
    pub both_flanks: i32,
    /// A king on the enemy's half of the board.
    pub infiltration: i32,
    /// No pieces but kings and pawns.
    pub pawns_only: i32,
    /// Pawns on one half only and kings not outflanking.
    pub almost_unwinnable: i32,
    /// Added always.
    pub bias: i32,
    /// See above.
    pub mg_margin: i32,
}

impl WinnabilityTerms {
    pub const NONE: WinnabilityTerms = WinnabilityTerms {
        passed: 0,
        pawns: 0,
        outflanking: 0,
        both_flanks: 0,
        infiltration: 0,
        pawns_only: 0,
        almost_unwinnable: 0,
        bias: 0,
        mg_margin: 0,
    };
}

/// The endgame score's scale, in 64ths, by the side ahead's pawns (drop games excepted).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScaleTerms {
    /// The scale with no pawns; each pawn adds `per_pawn`, up to 64.
    pub base: i32,
    /// Added per pawn of the side ahead.
    pub per_pawn: i32,
    /// Removed when all pawns stand on one half of the board.
    pub one_flank: i32,
    /// The scale instead when each side has one colour-bound piece and they stand on
    /// opposite colours.
    pub opposite_bishops: i32,
    /// Added to `opposite_bishops` per man of the side ahead, king and pawns included.
    pub opposite_bishops_per_man: i32,
}

impl ScaleTerms {
    /// No scaling.
    pub const NONE: ScaleTerms = ScaleTerms {
        base: 64,
        per_pawn: 0,
        one_flank: 0,
        opposite_bishops: 64,
        opposite_bishops_per_man: 0,
    };
}

/// Where pieces stand with respect to the kings, beyond the piece-square tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacementTerms {
    /// Per minor piece (see [`EvalTables`]'s `minor_kinds`), per king step between it
    /// and our king: far from the king it neither shields it nor comes back in time.
    pub king_protector: S,
    /// A rook-class piece (see [`EvalTables`]'s `rook_kinds`) that attacks none of the
    /// squares around the enemy king but stands on a file through them: it bears on the
    /// king once the file opens.
    pub rook_on_king_ring: S,
    /// A bishop-class piece that attacks none of the squares around the enemy king but
    /// would if only the pawns stood on the board.
    pub bishop_on_king_ring: S,
    /// A rook-class piece with three squares or fewer to go to, on a file with a pawn of
    /// its own, between its king and the nearer edge (as a rook is after the king walks
    /// over to it); twice when its side can no longer castle.
    pub trapped_rook: S,
}

impl PlacementTerms {
    pub const NONE: PlacementTerms = PlacementTerms {
        king_protector: S::ZERO,
        rook_on_king_ring: S::ZERO,
        bishop_on_king_ring: S::ZERO,
        trapped_rook: S::ZERO,
    };
}

/// King-safety terms.
#[derive(Clone, Copy, Debug)]
pub struct KingTerms {
    /// Units per square next to the king that the enemy attacks and we do not defend.
    pub weak_square: i32,
    /// Units removed per own pawn (or, without pawns, own piece) sheltering the king.
    pub shelter: i32,
    /// Units per square we do not guard from which an enemy piece could give check next
    /// move (looked up from the king's square, so for pieces that attack alike both ways:
    /// 0 in coherent, whose knight does not).
    pub safe_check: i32,
    /// Units per square from which an enemy piece could give check next move but that we
    /// guard: a check there costs the enemy a piece or a trade, yet still forces replies.
    pub unsafe_check: i32,
    /// Units per enemy piece attacking the squares around the king, on top of each
    /// piece type's `king_attack` per square it hits.
    pub attacker: i32,
    /// Units removed when the enemy has none of its strongest pieces (see
    /// [`EvalTables`]'s `heavy_kinds`) on the board or in hand: an attack without a
    /// queen-class piece rarely mates.
    pub no_queen: i32,
    /// Units per 32 centipawns by which the enemy's mobility score (middle game) exceeds
    /// ours: a cramped defender cannot bring pieces across.
    pub mobility_edge: i32,
    /// Added to the score per square of the king's flank (its file and two on each side,
    /// on our five nearest ranks) that the enemy attacks, counted twice where it attacks
    /// twice. (As units of danger, fitted from zero, such attacks stayed at zero.)
    pub flank_attack: S,
    /// Added to the score when no pawn of either side stands on the king's flank files.
    pub pawnless_flank: S,
    /// Units removed per eight squares of the king's flank (as for `flank_attack`) that we
    /// attack: defenders there slow an attack down.
    pub flank_defence: i32,
    /// Units per man of either side that alone stands between the king and an enemy
    /// slider: a pinned defender holds nothing, and an enemy one moving away checks.
    pub blockers: i32,
    /// Units removed when one of our minor pieces that is not colour-bound (a knight)
    /// guards a square around the king: the defender that is hardest to drive away.
    pub minor_defender: i32,
    /// King danger counts only with at least this many enemy pieces attacking the
    /// squares around the king. Classical chess evaluations asked for two; gothic counts
    /// it from none, as Fairy-Stockfish does: with one attacker and safe checks the king
    /// is often lost there.
    pub min_attackers: i32,
    /// The middle-game penalty is `units² / divisor`.
    pub divisor: i32,
    /// Endgame penalty per unit.
    pub eg_per_unit: i32,
    /// The largest middle-game penalty.
    pub cap: i32,
}

impl KingTerms {
    /// Every weight zero, on the usual curve (`units² / 8`, at most 600): a variant
    /// names the weights it uses and takes the rest from here.
    pub const NONE: KingTerms = KingTerms {
        weak_square: 0,
        shelter: 0,
        safe_check: 0,
        unsafe_check: 0,
        attacker: 0,
        no_queen: 0,
        mobility_edge: 0,
        flank_attack: S::ZERO,
        pawnless_flank: S::ZERO,
        flank_defence: 0,
        blockers: 0,
        minor_defender: 0,
        min_attackers: 2,
        divisor: 8,
        eg_per_unit: 0,
        cap: 600,
    };
}

/// The material imbalance: a second-degree polynomial in the numbers of each side's men,
/// so that a piece's worth can depend on what else is on the board (a second rook is worth
/// less than the first, a knight more with many pawns). Its slots are the bishop pair
/// (1 when a side has bishops on both colours, else 0) and then every non-royal piece type
/// in the order of the variant's piece table. Values are in sixteenths of a centipawn, as
/// Stockfish's classical tables are, so that the tuner's steps stay fine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ImbalanceTerms<'a> {
    /// Our slot `i` with our slot `j`, `j <= i`, at `i * (i + 1) / 2 + j`.
    pub ours: &'a [S],
    /// Our slot `i` with their slot `j`, `j < i`, at `i * (i - 1) / 2 + j`.
    pub theirs: &'a [S],
}

impl ImbalanceTerms<'static> {
    /// No imbalance term.
    pub const NONE: ImbalanceTerms<'static> = ImbalanceTerms { ours: &[], theirs: &[] };
}

/// Every term of one variant's evaluation.
#[derive(Clone, Copy, Debug)]
pub struct EvalParams<'a> {
    /// One entry per piece type, in the order of the variant's piece table.
    pub pieces: &'a [PieceTerms<'a>],
    pub tempo: S,
    pub bishop_pair: S,
    pub imbalance: ImbalanceTerms<'a>,
    pub pawns: PawnTerms<'a>,
    pub structure: StructureTerms,
    pub placement: PlacementTerms,
    pub king: KingTerms,
    /// A non-pawn piece attacked by an enemy pawn.
    pub threat_by_pawn: S,
    /// A piece attacked and not defended.
    pub hanging: S,
    /// A non-pawn piece attacked by an enemy piece (not a pawn or king) worth less.
    pub threat_by_lesser: S,
    /// A non-pawn piece an enemy pawn could attack by a safe push next move.
    pub threat_by_push: S,
    /// By the attacked man's piece type: a man an enemy minor piece (see [`EvalTables`]'s
    /// `minor_kinds`) attacks, when it is a piece we hold strongly (see
    /// [`Self::weak_piece`]) or any man we do not. Empty for none.
    pub threat_by_minor: &'a [S],
    /// By the attacked man's piece type: a man we do not hold strongly that an enemy
    /// rook-class piece (neither minor nor queen-class) attacks. Empty for none.
    pub threat_by_rook: &'a [S],
    /// Per square both sides attack where ours is not held strongly (see
    /// [`Self::weak_piece`]): a square we cannot use freely, nor leave to the enemy.
    pub restricted: S,
    /// A non-pawn, non-royal piece the enemy attacks that we do not hold strongly: not
    /// guarded by a pawn, and not guarded twice unless the enemy attacks it twice too.
    pub weak_piece: S,
    /// A pawn the enemy attacks that we do not hold strongly.
    pub weak_pawn: S,
    /// Per square from which an enemy minor or rook-class piece that does not slide (a
    /// knight) could attack one of our queen-class pieces next move: a square it reaches
    /// that no enemy man stands on and that we do not hold strongly.
    pub queen_threat_by_leaper: S,
    /// The same for an enemy sliding minor or rook-class piece, on squares the enemy also
    /// attacks with a second piece.
    pub queen_threat_by_slider: S,
    pub passers: PasserTerms,
    pub winnability: WinnabilityTerms,
    pub scale: ScaleTerms,
    /// With no pawns left, a side that is not ahead by at least this much material (mg
    /// values) gets its endgame score divided by four.
    pub drawish_margin: i32,
}

impl EvalParams<'static> {
    /// No pieces and every term zero or off: a variant names the terms it uses and takes
    /// the rest from here.
    pub const NONE: EvalParams<'static> = EvalParams {
        pieces: &[],
        tempo: S::ZERO,
        bishop_pair: S::ZERO,
        imbalance: ImbalanceTerms::NONE,
        pawns: PawnTerms::NONE,
        structure: StructureTerms::NONE,
        placement: PlacementTerms::NONE,
        king: KingTerms::NONE,
        threat_by_pawn: S::ZERO,
        hanging: S::ZERO,
        threat_by_lesser: S::ZERO,
        threat_by_push: S::ZERO,
        threat_by_minor: &[],
        threat_by_rook: &[],
        restricted: S::ZERO,
        weak_piece: S::ZERO,
        weak_pawn: S::ZERO,
        queen_threat_by_leaper: S::ZERO,
        queen_threat_by_slider: S::ZERO,
        passers: PasserTerms::NONE,
        winnability: WinnabilityTerms::NONE,
        scale: ScaleTerms::NONE,
        drawish_margin: 0,
    };
}

/// Scale of the mobility curve: `MOBILITY_SCALE * sqrt(n)` in the tables.
const MOBILITY_SCALE: f64 = 4.0;
/// The most squares a piece can attack on the largest board, plus one.
const MAX_REACH: usize = 82;

/// Tables built once per variant from its [`EvalParams`].
#[derive(Debug)]
pub struct EvalTables<V: Variant> {
    /// Material plus piece-square bonus, `[color][kind][square]`.
    psqt: Vec<S>,
    /// Mobility bonus by reach, `[kind][reach]`.
    mobility: Vec<[S; MAX_REACH]>,
    /// The king's square and its neighbours, per square.
    king_zone: Vec<Bb<V>>,
    /// Squares in front of a pawn on its file and both neighbouring files, `[color][square]`.
    passed_span: Vec<Bb<V>>,
    /// Squares in front of a pawn on its own file, `[color][square]`.
    front_span: Vec<Bb<V>>,
    /// Both files beside each file.
    adjacent_files: Vec<Bb<V>>,
    /// Each file.
    files: Vec<Bb<V>>,
    /// Up to two ranks in front of a king on its file and the neighbouring ones,
    /// `[color][square]`.
    shelter: Vec<Bb<V>>,
    /// Squares on one colour of the board (for the bishop pair).
    light_squares: Bb<V>,
    /// The central files: all but the two outermost on each side.
    central_files: Bb<V>,
    /// The king's flank for [`KingTerms::flank_attack`], `[color][file]`: the file and two
    /// on each side, on the colour's five nearest ranks (all but the three farthest).
    king_flank: Vec<Bb<V>>,
    /// The files of the board's two halves, `[a-file side, other side]` (the middle file
    /// of an odd board in neither).
    flanks: [Bb<V>; 2],
    /// Where space is counted: the central files on our second to fourth ranks, `[color]`.
    space_area: [Bb<V>; 2],
    /// Where a pawn's single step lands when it may go on with a double one: the third
    /// rank, `[color]`.
    double_step_landing: [Bb<V>; 2],
    /// Each pawn type's captures as moves of a whole set, `[color]`: the type, the square
    /// offset of one capture direction, and the squares from which that direction stays
    /// on the board.
    pawn_capture_shifts: [Vec<(PieceType, i32, Bb<V>)>; 2],
    /// Where a minor piece can stand on an outpost: our fourth to sixth ranks, `[color]`.
    outpost_ranks: [Bb<V>; 2],
    /// The four centre squares (two on boards with an odd number of files or ranks).
    centre: Bb<V>,
    /// Piece types that move as chess pawns, one bit each.
    pawn_kinds: u16,
    /// Colour-bound piece types (diagonal sliders only), one bit each.
    bishop_kinds: u16,
    /// The strongest piece types (queen-class: worth at least 60 % of the most valuable
    /// non-royal type, middle game), one bit each.
    heavy_kinds: u16,
    /// Minor piece types: pieces (not pawns or royal) worth less than one and a half
    /// times the cheapest of them, middle game, one bit each.
    minor_kinds: u16,
    /// Rook-class piece types: pieces (not pawns or royal) neither minor nor queen-class.
    rook_kinds: u16,
    /// The piece types with their values (middle game), cheapest first, for
    /// [`EvalParams::threat_by_lesser`], which counts the attacks on each type by the
    /// types worth less.
    kinds_by_value: Vec<(PieceType, i32)>,
    /// The non-royal piece types, in the order of the imbalance's slots after the bishop
    /// pair (see [`ImbalanceTerms`]); empty when the variant has no imbalance term.
    imbalance_kinds: Vec<PieceType>,
    /// The phase of the start position: the most a game has.
    max_phase: i32,
}

/// The minor piece types of `params` (see [`EvalTables`]'s `minor_kinds`).
fn minor_kinds<V: Variant>(params: &EvalParams, pawn_kinds: u16) -> u16 {
    let candidates = || {
        (0..V::PIECES.len())
            .filter(move |&i| !V::PIECES[i].royal && pawn_kinds & (1 << i) == 0)
            .map(|i| (i, params.pieces[i].value.mg))
            .filter(|&(_, value)| value > 0)
    };
    let cheapest = candidates().map(|(_, value)| value).min().unwrap_or(0);
    candidates()
        .filter(|&(_, value)| value * 2 < cheapest * 3)
        .fold(0, |kinds, (i, _)| kinds | 1 << i)
}

/// The queen-class piece types of `params` (see [`EvalTables`]'s `heavy_kinds`).
fn heavy_kinds<V: Variant>(params: &EvalParams, pawn_kinds: u16) -> u16 {
    let candidates = || {
        (0..V::PIECES.len())
            .filter(move |&i| !V::PIECES[i].royal && pawn_kinds & (1 << i) == 0)
            .map(|i| (i, params.pieces[i].value.mg))
    };
    let strongest = candidates().map(|(_, value)| value).max().unwrap_or(0);
    candidates()
        .filter(|&(_, value)| value > 0 && value * 10 >= strongest * 6)
        .fold(0, |kinds, (i, _)| kinds | 1 << i)
}

/// The rook-class piece types of `params` (see [`EvalTables`]'s `rook_kinds`).
fn rook_kinds<V: Variant>(params: &EvalParams, pawn_kinds: u16) -> u16 {
    let pieces = (0..V::PIECES.len())
        .filter(|&i| !V::PIECES[i].royal && pawn_kinds & (1 << i) == 0)
        .fold(0u16, |kinds, i| kinds | 1 << i);
    pieces & !minor_kinds::<V>(params, pawn_kinds) & !heavy_kinds::<V>(params, pawn_kinds)
}

/// The game phase of `pos` under `params`: the [`PieceTerms::phase`] of every man on the
/// board and in hand. (The evaluation sums it as it goes over the pieces.)
pub fn game_phase<V: Variant>(pos: &Position<V>, params: &EvalParams) -> i32 {
    let mut phase = 0;
    for (i, terms) in params.pieces.iter().enumerate() {
        let kind = PieceType(i as u8);
        for color in Color::BOTH {
            let men =
                pos.pieces_of(color, kind).count() as i32 + i32::from(pos.hand_count(color, kind));
            phase += terms.phase * men;
        }
    }
    phase
}

/// A variant with an evaluation: its parameters and their tables.
pub trait Evaluate: Variant {
    const PARAMS: EvalParams<'static>;
    /// Tables built from [`Self::PARAMS`] on first use.
    fn eval_tables() -> &'static EvalTables<Self>;
}

/// Declares a variant's `eval_tables()` with its own lazily built static.
macro_rules! eval_tables {
    ($v:ty) => {
        fn eval_tables() -> &'static $crate::EvalTables<$v> {
            static TABLES: std::sync::LazyLock<$crate::EvalTables<$v>> =
                std::sync::LazyLock::new($crate::EvalTables::new);
            &TABLES
        }
    };
}
pub(crate) use eval_tables;

#[inline(always)]
fn relative_rank<V: Variant>(color: Color, sq: ekumen_movegen::Square) -> u8 {
    let rank = V::Geo::rank_of(sq);
    match color {
        Color::White => rank,
        Color::Black => V::Geo::RANKS - 1 - rank,
    }
}

/// Ranks `color`'s pawns move by per step: +1 for White, -1 for Black.
#[inline(always)]
fn pawn_step(color: Color) -> i32 {
    if color == Color::White {
        1
    } else {
        -1
    }
}

/// The square in front of `sq` on its file, from `color`'s side, if the board has one.
#[inline(always)]
fn square_ahead<V: Variant>(
    color: Color,
    sq: ekumen_movegen::Square,
) -> Option<ekumen_movegen::Square> {
    V::Geo::offset(sq, 0, pawn_step(color))
}

/// The square offset of one step forward for `color`'s pawns.
#[inline(always)]
fn forward<V: Variant>(color: Color) -> i32 {
    pawn_step(color) * i32::from(V::Geo::FILES)
}

/// `set` moved by `offset` squares, what leaves the board dropped. A move across a file
/// edge must be masked by the caller (the sources that stay on the board).
#[inline(always)]
fn shifted<V: Variant>(set: Bb<V>, offset: i32) -> Bb<V> {
    if offset >= 0 {
        Bitboard(set.0 << offset as u32) & V::Geo::all()
    } else {
        Bitboard(set.0 >> offset.unsigned_abs())
    }
}

impl<V: Evaluate> EvalTables<V> {
    /// The tables of the variant's own parameters.
    pub fn new() -> Self {
        Self::from_params(&V::PARAMS)
    }

    /// The tables of another set of parameters for the variant (tuning).
    pub fn from_params(params: &EvalParams) -> Self {
        type G<V> = <V as Variant>::Geo;
        assert_eq!(
            params.pieces.len(),
            V::PIECES.len(),
            "{}: one set of evaluation terms per piece type",
            V::NAME
        );
        let cover = &params.pawns;
        assert!(
            cover.shelter.len() == cover.storm.len()
                && (cover.shelter.is_empty() || cover.shelter.len() >= 2),
            "{}: the shelter and storm tables come together, each with a 'none' entry and one \
             or more distances",
            V::NAME
        );
        let n = G::<V>::SQUARES;
        let files = G::<V>::FILES as i32;
        let ranks = G::<V>::RANKS as i32;
        let mut psqt = vec![S::ZERO; 2 * MAX_PIECE_TYPES * n];
        // Centrality in half-steps: 0 on the edge squares furthest from the centre.
        let most_remote = (files - 1) + (ranks - 1);
        let half_files = (files as usize).div_ceil(2);
        for (i, terms) in params.pieces.iter().enumerate() {
            assert!(
                terms.squares.is_empty()
                    || (terms.squares.len() == ranks as usize
                        && terms.squares.iter().all(|row| row.len() == half_files)),
                "{}: a piece-square table has one entry per square of half the board",
                V::NAME
            );
            for color in Color::BOTH {
                for index in 0..n {
                    let sq = ekumen_movegen::Square::new(index as u8);
                    let f = G::<V>::file_of(sq) as i32;
                    let r = G::<V>::rank_of(sq) as i32;
                    let distance = (2 * f - (files - 1)).abs() + (2 * r - (ranks - 1)).abs();
                    let centrality = (most_remote - distance) / 2;
                    let rank = relative_rank::<V>(color, sq) as usize;
                    let mut value =
                        terms.value + terms.centre * centrality + terms.advance * rank as i32;
                    if let Some(&bonus) = terms.ranks.get(rank) {
                        value += bonus;
                    }
                    if let Some(row) = terms.squares.get(rank) {
                        value += row[f.min(files - 1 - f) as usize];
                    }
                    psqt[(color.index() * MAX_PIECE_TYPES + i) * n + index] = value;
                }
            }
        }

        // Mobility: centred on half the piece's average reach over an empty board.
        let tables = V::tables();
        let mut mobility = vec![[S::ZERO; MAX_REACH]; MAX_PIECE_TYPES];
        let mut pawn_kinds = 0u16;
        let mut bishop_kinds = 0u16;
        for (i, def) in V::PIECES.iter().enumerate() {
            let kind = PieceType(i as u8);
            if def.special == Special::Pawn {
                pawn_kinds |= 1 << i;
            }
            if def.slides == DIAGONAL && def.leaps.is_empty() && def.special == Special::None {
                bishop_kinds |= 1 << i;
            }
            let reach: u32 = (0..n)
                .map(|s| {
                    tables
                        .attacks(
                            Color::White,
                            kind,
                            ekumen_movegen::Square::new(s as u8),
                            Bitboard::EMPTY,
                        )
                        .count()
                })
                .sum();
            let typical = (reach as f64 / n as f64 / 2.0).max(1.0).sqrt();
            let weight = params.pieces[i].mobility;
            for (count, slot) in mobility[i].iter_mut().enumerate() {
                let units = (MOBILITY_SCALE * ((count as f64).sqrt() - typical)).round() as i32;
                *slot = weight * units;
            }
        }

        let mut king_zone = vec![Bitboard::EMPTY; n];
        let mut passed_span = vec![Bitboard::EMPTY; 2 * n];
        let mut front_span = vec![Bitboard::EMPTY; 2 * n];
        let mut shelter = vec![Bitboard::EMPTY; 2 * n];
        let mut light_squares = Bitboard::EMPTY;
        let mut central_files = Bitboard::EMPTY;
        let mut flanks = [Bitboard::EMPTY; 2];
        let mut space_area = [Bitboard::EMPTY; 2];
        let mut outpost_ranks = [Bitboard::EMPTY; 2];
        let mut centre = Bitboard::EMPTY;
        for (index, zone) in king_zone.iter_mut().enumerate() {
            let sq = ekumen_movegen::Square::new(index as u8);
            let f = G::<V>::file_of(sq) as i32;
            let r = G::<V>::rank_of(sq) as i32;
            if (f + r) % 2 == 1 {
                light_squares.set(sq);
            }
            if (2 * f - (files - 1)).abs() <= 1 && (2 * r - (ranks - 1)).abs() <= 1 {
                centre.set(sq);
            }
            let central = f >= 2 && f < files - 2;
            if central {
                central_files.set(sq);
            }
            if 2 * f + 1 < files {
                flanks[0].set(sq);
            } else if 2 * f + 1 > files {
                flanks[1].set(sq);
            }
            for color in Color::BOTH {
                let rank = relative_rank::<V>(color, sq) as i32;
                if central && (1..=3).contains(&rank) {
                    space_area[color.index()].set(sq);
                }
                if (ranks / 2 - 1..=ranks / 2 + 1).contains(&rank) {
                    outpost_ranks[color.index()].set(sq);
                }
            }
            for df in -1..=1 {
                for dr in -1..=1 {
                    if let Some(to) = G::<V>::offset(sq, df, dr) {
                        zone.set(to);
                    }
                }
            }
            for color in Color::BOTH {
                let forward = pawn_step(color);
                let slot = color.index() * n + index;
                for step in 1..ranks {
                    for df in -1..=1 {
                        if let Some(to) = G::<V>::offset(sq, df, forward * step) {
                            passed_span[slot].set(to);
                            if df == 0 {
                                front_span[slot].set(to);
                            }
                            if step <= 2 {
                                shelter[slot].set(to);
                            }
                        }
                    }
                }
            }
        }
        let adjacent_files = (0..files)
            .map(|f| {
                let mut bb = Bitboard::EMPTY;
                if f > 0 {
                    bb |= G::<V>::file_bb((f - 1) as u8);
                }
                if f + 1 < files {
                    bb |= G::<V>::file_bb((f + 1) as u8);
                }
                bb
            })
            .collect();

        let file_masks: Vec<Bb<V>> = (0..files).map(|f| G::<V>::file_bb(f as u8)).collect();
        let mut king_flank = vec![Bitboard::EMPTY; 2 * files as usize];
        for color in Color::BOTH {
            for file in 0..files {
                let flank = &mut king_flank[color.index() * files as usize + file as usize];
                for index in 0..n {
                    let sq = ekumen_movegen::Square::new(index as u8);
                    let near = (G::<V>::file_of(sq) as i32 - file).abs() <= 2;
                    if near && (relative_rank::<V>(color, sq) as i32) < ranks - 3 {
                        flank.set(sq);
                    }
                }
            }
        }
        let mut double_step_landing = [Bitboard::EMPTY; 2];
        let mut pawn_capture_shifts = [Vec::new(), Vec::new()];
        for color in Color::BOTH {
            double_step_landing[color.index()] =
                G::<V>::rank_bb(if color == Color::White { 2 } else { ranks as u8 - 3 });
            for kind in kinds_in(pawn_kinds) {
                let def = &V::PIECES[kind.index()];
                // Pawn captures are leaps; a sliding pawn would need another loop.
                assert!(def.slides == 0, "{}: a pawn that slides", def.name);
                for &(df, dr) in def.leaps {
                    // Black's leaps are White's turned half around, as in the attack tables.
                    let sign = pawn_step(color);
                    let (df, dr) = (sign * i32::from(df), sign * i32::from(dr));
                    let sources = (0..n)
                        .map(|index| ekumen_movegen::Square::new(index as u8))
                        .filter(|&sq| G::<V>::offset(sq, df, dr).is_some())
                        .fold(Bitboard::EMPTY, |set, sq| set | Bitboard::from_square(sq));
                    pawn_capture_shifts[color.index()].push((kind, dr * files + df, sources));
                }
            }
        }
        let mut kinds_by_value: Vec<(PieceType, i32)> =
            (0..V::PIECES.len()).map(|i| (PieceType(i as u8), params.pieces[i].value.mg)).collect();
        kinds_by_value.sort_by_key(|&(_, value)| value);
        let imbalance_kinds: Vec<PieceType> = if params.imbalance == ImbalanceTerms::NONE {
            Vec::new()
        } else {
            (0..V::PIECES.len())
                .filter(|&i| !V::PIECES[i].royal)
                .map(|i| PieceType(i as u8))
                .collect()
        };
        let slots = imbalance_kinds.len() + 1;
        assert!(
            params.imbalance == ImbalanceTerms::NONE
                || (params.imbalance.ours.len() == slots * (slots + 1) / 2
                    && params.imbalance.theirs.len() == slots * (slots - 1) / 2),
            "{}: the imbalance tables have a triangle of {slots} slots each (the bishop pair \
             and every non-royal piece type)",
            V::NAME
        );
        let max_phase = game_phase(&Position::<V>::startpos(), params);
        EvalTables {
            psqt,
            mobility,
            king_zone,
            passed_span,
            front_span,
            adjacent_files,
            files: file_masks,
            king_flank,
            shelter,
            light_squares,
            central_files,
            flanks,
            space_area,
            double_step_landing,
            pawn_capture_shifts,
            outpost_ranks,
            centre,
            pawn_kinds,
            bishop_kinds,
            heavy_kinds: heavy_kinds::<V>(params, pawn_kinds),
            minor_kinds: minor_kinds::<V>(params, pawn_kinds),
            rook_kinds: rook_kinds::<V>(params, pawn_kinds),
            kinds_by_value,
            imbalance_kinds,
            max_phase: max_phase.max(1),
        }
    }

    #[inline(always)]
    fn psqt(&self, color: Color, kind: PieceType, sq: ekumen_movegen::Square) -> S {
        // SAFETY-free indexing: the table covers every colour, declared type and square.
        self.psqt[(color.index() * MAX_PIECE_TYPES + kind.index()) * V::Geo::SQUARES + sq.index()]
    }
}

impl<V: Evaluate> Default for EvalTables<V> {
    fn default() -> Self {
        Self::new()
    }
}

/// Attack information gathered while scoring the pieces, per colour.
struct Attacks<V: Variant> {
    by_pawns: [Bb<V>; 2],
    /// Everything a side attacks, its king included.
    all: [Bb<V>; 2],
    /// What a side attacks with two pieces or more (two pawns count as one).
    twice: [Bb<V>; 2],
    /// What a side attacks with pieces other than its royal ones (pawns included).
    by_non_royal: [Bb<V>; 2],
    /// What a side attacks with each non-pawn, non-royal piece type.
    by_kind: [[Bb<V>; MAX_PIECE_TYPES]; 2],
    /// Units of danger against each side's king, and how many pieces contribute.
    king_units: [i32; 2],
    king_attackers: [i32; 2],
}

/// The static evaluation of `pos` in centipawns, from the side to move's point of view.
pub fn evaluate<V: Evaluate>(pos: &Position<V>) -> i32 {
    evaluate_with(pos, &V::PARAMS, V::eval_tables())
}

/// [`evaluate`], reading and filling a search thread's [`PawnCache`] and
/// [`MaterialCache`]: the same score.
pub fn evaluate_cached<V: Evaluate>(
    pos: &Position<V>,
    cache: &mut PawnCache<V>,
    material: &mut MaterialCache<V>,
) -> i32 {
    let (params, tables) = (&V::PARAMS, V::eval_tables());
    if tables.pawn_kinds.count_ones() == 1 {
        evaluate_from(pos, params, tables, cache.entry(pos, params, tables), Some(material))
    } else {
        evaluate_from(
            pos,
            params,
            tables,
            &mut PawnEntry::uncached(pos, params, tables),
            Some(material),
        )
    }
}

/// [`evaluate`] with other parameters and their tables ([`EvalTables::from_params`]), for
/// tuning. Inlined into [`evaluate`], where the parameters are constants.
#[inline(always)]
pub fn evaluate_with<V: Evaluate>(
    pos: &Position<V>,
    params: &EvalParams,
    tables: &EvalTables<V>,
) -> i32 {
    evaluate_from(pos, params, tables, &mut PawnEntry::uncached(pos, params, tables), None)
}

/// The evaluation, given what the pawns alone decide.
#[inline(always)]
fn evaluate_from<V: Evaluate>(
    pos: &Position<V>,
    params: &EvalParams,
    tables: &EvalTables<V>,
    pawn_entry: &mut PawnEntry<V>,
    material: Option<&mut MaterialCache<V>>,
) -> i32 {
    let occupied = pos.occupied();
    let pawn_info = pawn_entry.info;
    let pawns = pawn_info.pawns;
    let mut attacks = Attacks::<V> {
        by_pawns: pawn_info.by_pawns,
        all: [Bitboard::EMPTY; 2],
        twice: [Bitboard::EMPTY; 2],
        by_non_royal: [Bitboard::EMPTY; 2],
        by_kind: [[Bitboard::EMPTY; MAX_PIECE_TYPES]; 2],
        king_units: [0; 2],
        king_attackers: [0; 2],
    };
    let kings = [pos.royal_square(Color::White), pos.royal_square(Color::Black)];
    let zones = kings.map(|k| k.map_or(Bitboard::EMPTY, |k| tables.king_zone[k.index()]));

    let with_placement = params.placement != PlacementTerms::NONE;
    let mut side_scores = [S::ZERO; 2];
    let mut phase = 0;
    let mut non_pawn_material = [0i32; 2];
    let mut mobility_mg = [0i32; 2];
    let mut bishop_pair = [false; 2];
    for color in Color::BOTH {
        let us = color.index();
        let them = (!color).index();
        let mut score = S::ZERO;
        let mobility_area = !pos.pieces(color) & !attacks.by_pawns[them];
        for (i, def) in V::PIECES.iter().enumerate() {
            let kind = PieceType(i as u8);
            let pieces = pos.pieces_of(color, kind);
            if pieces.is_empty() {
                continue;
            }
            let terms = &params.pieces[i];
            let is_pawn = tables.pawn_kinds & (1 << i) != 0;
            for sq in pieces {
                score += tables.psqt(color, kind, sq);
                phase += terms.phase;
                if !is_pawn && !def.royal {
                    non_pawn_material[us] += terms.value.mg;
                }
                if is_pawn {
                    continue;
                }
                let reach = pos.attacks_from(color, kind, sq, occupied);
                if !def.captures {
                    continue;
                }
                attacks.twice[us] |= attacks.all[us] & reach;
                attacks.all[us] |= reach;
                if def.royal {
                    continue;
                }
                attacks.by_non_royal[us] |= reach;
                attacks.by_kind[us][i] |= reach;
                let squares_to_go = (reach & mobility_area).count();
                let mobility = tables.mobility[i][squares_to_go as usize];
                score += mobility;
                mobility_mg[us] += mobility.mg;
                if with_placement {
                    let place = Placed { kind, sq, reach, squares_to_go };
                    score += placement(pos, params, tables, &pawns, kings, zones, color, place);
                }
                if terms.open_file != S::ZERO {
                    let file = tables.files[V::Geo::file_of(sq) as usize];
                    if (file & pawns[us]).is_empty() {
                        score += if (file & pawns[them]).is_empty() {
                            terms.open_file
                        } else {
                            s(terms.open_file.mg / 2, terms.open_file.eg / 2)
                        };
                    }
                }
                let hits = reach & zones[them];
                if hits.is_nonempty() {
                    attacks.king_attackers[them] += 1;
                    attacks.king_units[them] += terms.king_attack * hits.count() as i32;
                }
            }
        }
        attacks.twice[us] |= attacks.all[us] & attacks.by_pawns[us];
        attacks.all[us] |= attacks.by_pawns[us];
        if V::DROPS {
            for &kind in V::HAND_ORDER {
                let count = i32::from(pos.hand_count(color, kind));
                if count > 0 {
                    let terms = &params.pieces[kind.index()];
                    score += terms.in_hand * count;
                    phase += terms.phase * count;
                    non_pawn_material[us] += terms.value.mg * count;
                }
            }
        }
        if tables.bishop_kinds != 0 {
            let bishops = pieces_of_kinds(pos, color, tables.bishop_kinds);
            if (bishops & tables.light_squares).is_nonempty()
                && (bishops & !tables.light_squares).is_nonempty()
            {
                score += params.bishop_pair;
                bishop_pair[us] = true;
            }
        }
        side_scores[us] = score;
    }
    if !tables.imbalance_kinds.is_empty() {
        let (terms, kinds) = (&params.imbalance, &tables.imbalance_kinds);
        let imbalance = match material {
            Some(cache) => cache.imbalance(pos, terms, kinds, bishop_pair),
            None => material::imbalance(pos, terms, kinds, bishop_pair),
        };
        side_scores[0] += imbalance[0];
        side_scores[1] += imbalance[1];
    }

    let passed_count = (pawn_info.passed[0].count() + pawn_info.passed[1].count()) as i32;
    for color in Color::BOTH {
        let us = color.index();
        let them = (!color).index();
        let mut score = side_scores[us];
        // Pawn structure.
        score += pawn_info.structure[us];
        if params.passers != PasserTerms::NONE {
            for sq in pawn_info.passed[us] {
                score += passer(pos, params, tables, &attacks, kings, color, sq);
            }
        }
        if params.structure != StructureTerms::NONE {
            score += structure(pos, params, tables, &attacks, &pawns, pawn_info.blocked, color);
        }
        // Threats against our pieces.
        let targets = pos.pieces(color) & !pawns[us] & !pos.royals(color);
        let by_pawn = (targets & attacks.by_pawns[them]).count() as i32;
        let hanging = (targets & attacks.all[them] & !attacks.all[us]).count() as i32;
        score += params.threat_by_pawn * by_pawn + params.hanging * hanging;
        if params.threat_by_lesser != S::ZERO {
            score += params.threat_by_lesser * threats_by_lesser(pos, tables, &attacks, color);
        }
        if params.threat_by_push != S::ZERO {
            score += params.threat_by_push * threats_by_push(pos, tables, &attacks, &pawns, color);
        }
        let strong = attacks.by_pawns[us] | (attacks.twice[us] & !attacks.twice[them]);
        if params.restricted != S::ZERO
            || params.weak_piece != S::ZERO
            || params.weak_pawn != S::ZERO
        {
            let contested = attacks.all[them] & !strong;
            score += params.restricted * (contested & attacks.all[us]).count() as i32;
            score += params.weak_piece * (contested & targets).count() as i32;
            score += params.weak_pawn * (contested & pawns[us]).count() as i32;
        }
        if !params.threat_by_minor.is_empty() {
            score += threats_by_class(pos, params, tables, &attacks, strong, color);
        }
        if params.queen_threat_by_leaper != S::ZERO || params.queen_threat_by_slider != S::ZERO {
            score += threats_on_queens(pos, params, tables, &attacks, strong, color);
        }
        // King safety.
        if let Some(king) = kings[us] {
            let zone = zones[us];
            let king_terms = &params.king;
            let mut units = attacks.king_units[us];
            let mut attackers = attacks.king_attackers[us];
            let defended_by_others = attacks.by_non_royal[us] | attacks.by_pawns[us];
            let weak = zone & attacks.all[them] & !defended_by_others;
            units += king_terms.weak_square * weak.count() as i32;
            if V::DROPS {
                let drop_spots =
                    (zone & !occupied & V::tables().drop_region[them]).count().min(3) as i32;
                if drop_spots > 0 {
                    let mut hand_units = 0;
                    for &kind in V::HAND_ORDER {
                        let count = i32::from(pos.hand_count(!color, kind));
                        hand_units += params.pieces[kind.index()].drop_danger * count;
                    }
                    if hand_units > 0 {
                        units += hand_units * drop_spots / 3;
                        attackers += 1;
                    }
                }
            }
            let sheltering = if pawns[us].is_nonempty() {
                tables.shelter[us * V::Geo::SQUARES + king.index()] & pawns[us]
            } else {
                zone & pos.pieces(color)
            };
            units -= king_terms.shelter * sheltering.count().min(3) as i32;
            if !params.pawns.shelter.is_empty() {
                score += pawn_entry.cover(params, tables, color, king);
            }
            if king_terms.safe_check != 0 || king_terms.unsafe_check != 0 {
                let (safe, unsafe_) = checks(pos, &attacks, color, king);
                units += king_terms.safe_check * safe + king_terms.unsafe_check * unsafe_;
            }
            units += king_terms.attacker * attacks.king_attackers[us];
            if king_terms.flank_attack != S::ZERO
                || king_terms.pawnless_flank != S::ZERO
                || king_terms.flank_defence != 0
            {
                let file = V::Geo::file_of(king) as usize;
                let flank = tables.king_flank[us * V::Geo::FILES as usize + file];
                let attacked = flank & attacks.all[them];
                let flank_attacks =
                    (attacked.count() + (attacked & attacks.twice[them]).count()) as i32;
                score += king_terms.flank_attack * flank_attacks;
                let defended = (flank & attacks.all[us]).count() as i32;
                units -= king_terms.flank_defence * defended / 8;
                let flank_files =
                    tables.king_flank[file] | tables.king_flank[V::Geo::FILES as usize + file];
                if (flank_files & (pawns[0] | pawns[1])).is_empty() {
                    score += king_terms.pawnless_flank;
                }
            }
            if king_terms.blockers != 0 {
                let blockers = pos.slider_blockers(king, occupied, !color);
                units += king_terms.blockers * blockers.count() as i32;
            }
            if king_terms.minor_defender != 0 {
                let knights = tables.minor_kinds & !tables.bishop_kinds;
                if kinds_in(knights)
                    .any(|kind| (attacks.by_kind[us][kind.index()] & zone).is_nonempty())
                {
                    units -= king_terms.minor_defender;
                }
            }
            units += king_terms.mobility_edge * (mobility_mg[them] - mobility_mg[us]) / 32;
            if king_terms.no_queen != 0 && !has_heavy_piece(pos, tables, !color) {
                units -= king_terms.no_queen;
            }
            if attackers >= king_terms.min_attackers && units > 0 {
                let mg = (units * units / king_terms.divisor).min(king_terms.cap);
                score -= s(mg, units * king_terms.eg_per_unit);
            }
        }
        side_scores[us] = score;
    }

    let mut total = side_scores[0] - side_scores[1];
    let us = pos.side_to_move();
    total += if us == Color::White { params.tempo } else { -params.tempo };

    let all_pawns = pawns[0] | pawns[1];
    let both_flanks = (all_pawns & tables.flanks[0]).is_nonempty()
        && (all_pawns & tables.flanks[1]).is_nonempty();
    if params.winnability != WinnabilityTerms::NONE {
        let terms = &params.winnability;
        let complexity = complexity::<V>(terms, &pawns, kings, passed_count, both_flanks)
            + terms.pawns_only * (non_pawn_material == [0, 0]) as i32;
        let mg_shift = (complexity + terms.mg_margin).clamp(-total.mg.abs(), 0);
        total.mg += total.mg.signum() * mg_shift;
        total.eg += total.eg.signum() * complexity.max(-total.eg.abs());
    }

    // An edge too small to win without pawns is mostly a draw.
    let strong = if total.eg > 0 { 0 } else { 1 };
    if pawns[strong].is_empty()
        && !V::DROPS
        && non_pawn_material[strong] - non_pawn_material[1 - strong] < params.drawish_margin
    {
        total.eg /= 4;
    }
    if params.scale != ScaleTerms::NONE && !V::DROPS {
        let scale = endgame_scale(pos, &params.scale, tables, &pawns, strong, both_flanks);
        total.eg = total.eg * scale / 64;
    }

    let phase = phase.min(tables.max_phase);
    let blended = (total.mg * phase + total.eg * (tables.max_phase - phase)) / tables.max_phase;
    if us == Color::White {
        blended
    } else {
        -blended
    }
}

/// A hash of both sides' pawns (of every pawn type; the same for every position without
/// pawns), for what the search learns by pawn structure. Its top bits are the best mixed.
#[inline(always)]
pub fn pawn_key<V: Evaluate>(pos: &Position<V>) -> u64 {
    let kinds = V::eval_tables().pawn_kinds;
    let pawns = [Color::White, Color::Black].map(|color| pieces_of_kinds(pos, color, kinds));
    pawns::structure_hash::<V>(pawns)
}

/// A hash of where `color`'s pieces other than pawns stand, type by type, and of what it
/// holds in hand, for what the search learns by piece placement. Its top bits are the best
/// mixed.
#[inline(always)]
pub fn piece_key<V: Evaluate>(pos: &Position<V>, color: Color) -> u64 {
    use pawns::FIBONACCI;
    let all_kinds = ((1u32 << V::PIECES.len()) - 1) as u16;
    let mut hash = 0u64;
    for kind in kinds_in(all_kinds & !V::eval_tables().pawn_kinds) {
        let set = pos.pieces_of(color, kind).0.to_u128();
        let folded = (set as u64) ^ ((set >> 64) as u64).rotate_left(32);
        hash = (hash.rotate_left(21) ^ folded).wrapping_mul(FIBONACCI);
    }
    if V::DROPS {
        for &kind in V::HAND_ORDER {
            let count = u64::from(pos.hand_count(color, kind));
            hash = (hash.rotate_left(21) ^ count).wrapping_mul(FIBONACCI);
        }
    }
    hash
}

/// The piece types in `kinds` (one bit per type), lowest first.
#[inline(always)]
fn kinds_in(mut kinds: u16) -> impl Iterator<Item = PieceType> {
    std::iter::from_fn(move || {
        let kind = (kinds != 0).then(|| PieceType(kinds.trailing_zeros() as u8));
        kinds &= kinds.wrapping_sub(1);
        kind
    })
}

/// `color`'s men of the piece types in `kinds` (one bit per type).
#[inline(always)]
fn pieces_of_kinds<V: Variant>(pos: &Position<V>, color: Color, kinds: u16) -> Bb<V> {
    kinds_in(kinds).fold(Bitboard::EMPTY, |pieces, kind| pieces | pos.pieces_of(color, kind))
}

/// Chebyshev distance: the king steps from `a` to `b`.
fn distance<V: Variant>(a: ekumen_movegen::Square, b: ekumen_movegen::Square) -> i32 {
    let files = (V::Geo::file_of(a) as i32 - V::Geo::file_of(b) as i32).abs();
    let ranks = (V::Geo::rank_of(a) as i32 - V::Geo::rank_of(b) as i32).abs();
    files.max(ranks)
}

/// What `color`'s passed pawn on `sq` gains from the kings and its path ([`PasserTerms`]).
fn passer<V: Evaluate>(
    pos: &Position<V>,
    params: &EvalParams,
    tables: &EvalTables<V>,
    attacks: &Attacks<V>,
    kings: [Option<ekumen_movegen::Square>; 2],
    color: Color,
    sq: ekumen_movegen::Square,
) -> S {
    let (us, them) = (color.index(), (!color).index());
    let to_promotion = V::Geo::RANKS as i32 - 1 - relative_rank::<V>(color, sq) as i32;
    let weight = 5 * (7 - to_promotion) - 13;
    let Some(block) = square_ahead::<V>(color, sq) else {
        return S::ZERO;
    };
    if to_promotion > 4 || weight <= 0 {
        return S::ZERO;
    }
    let terms = &params.passers;
    let king_distance = |king: Option<ekumen_movegen::Square>| {
        king.map_or(5, |king| distance::<V>(king, block).min(5))
    };
    let mut units =
        terms.enemy_king * king_distance(kings[them]) + terms.own_king * king_distance(kings[us]);
    if !pos.occupied().has(block) {
        let slot = us * V::Geo::SQUARES + sq.index();
        let contested = tables.passed_span[slot] & (attacks.all[them] | pos.pieces(!color));
        units += if (contested & !attacks.by_pawns[us]).is_empty() {
            terms.free_span
        } else if (contested & tables.front_span[slot]).is_empty() {
            terms.free_path
        } else if !contested.has(block) {
            terms.free_step
        } else {
            S::ZERO
        };
        if attacks.all[us].has(block) {
            units += terms.guarded_step;
        }
    }
    let scaled = units * weight;
    s(scaled.mg / 4, scaled.eg / 4)
}

/// The position's complexity for [`WinnabilityTerms`], all but `pawns_only`.
fn complexity<V: Variant>(
    terms: &WinnabilityTerms,
    pawns: &[Bb<V>; 2],
    kings: [Option<ekumen_movegen::Square>; 2],
    passed_count: i32,
    both_flanks: bool,
) -> i32 {
    let (outflanking, infiltration) = match kings {
        [Some(white), Some(black)] => {
            let files = (V::Geo::file_of(white) as i32 - V::Geo::file_of(black) as i32).abs();
            let ranks = (V::Geo::rank_of(white) as i32 - V::Geo::rank_of(black) as i32).abs();
            let half = V::Geo::RANKS / 2;
            let infiltration =
                V::Geo::rank_of(white) >= half || V::Geo::rank_of(black) < V::Geo::RANKS - half;
            (files - ranks, infiltration)
        }
        _ => (0, false),
    };
    terms.passed * passed_count
        + terms.pawns * (pawns[0].count() + pawns[1].count()) as i32
        + terms.outflanking * outflanking
        + terms.both_flanks * both_flanks as i32
        + terms.infiltration * infiltration as i32
        + terms.almost_unwinnable * (outflanking < 0 && !both_flanks) as i32
        + terms.bias
}

/// The endgame scale in 64ths for the side ahead, `strong` ([`ScaleTerms`]).
fn endgame_scale<V: Evaluate>(
    pos: &Position<V>,
    terms: &ScaleTerms,
    tables: &EvalTables<V>,
    pawns: &[Bb<V>; 2],
    strong: usize,
    both_flanks: bool,
) -> i32 {
    let strong_color = Color::BOTH[strong];
    let colour_bound = |color| pieces_of_kinds(pos, color, tables.bishop_kinds);
    let scale = if tables.bishop_kinds != 0 && opposite_bishops(colour_bound, tables) {
        terms.opposite_bishops
            + terms.opposite_bishops_per_man * pos.pieces(strong_color).count() as i32
    } else {
        (terms.base + terms.per_pawn * pawns[strong].count() as i32).min(64)
            - terms.one_flank * (!both_flanks) as i32
    };
    scale.clamp(0, 64)
}

/// Whether each side has exactly one colour-bound piece, on squares of opposite colours.
fn opposite_bishops<V: Evaluate>(
    colour_bound: impl Fn(Color) -> Bb<V>,
    tables: &EvalTables<V>,
) -> bool {
    let (white, black) = (colour_bound(Color::White), colour_bound(Color::Black));
    white.count() == 1
        && black.count() == 1
        && (white & tables.light_squares).is_empty() != (black & tables.light_squares).is_empty()
}

/// What `color`'s pieces gain or lose from the pawns ([`StructureTerms`]);
/// `blocked_pawns` counts the pawns of either side facing an enemy pawn.
#[inline(always)]
fn structure<V: Evaluate>(
    pos: &Position<V>,
    params: &EvalParams,
    tables: &EvalTables<V>,
    attacks: &Attacks<V>,
    pawns: &[Bb<V>; 2],
    blocked_pawns: i32,
    color: Color,
) -> S {
    let terms = &params.structure;
    let (us, them) = (color.index(), (!color).index());
    let all_pawns = pawns[0] | pawns[1];
    let occupied = pos.occupied();
    let mut score = S::ZERO;
    if terms.space != 0 {
        let blocked = blocked_pawns.min(9);
        let safe = tables.space_area[us] & !pawns[us] & !attacks.by_pawns[them];
        // One to three squares behind each of our pawns.
        let back = -forward::<V>(color);
        let one = shifted::<V>(pawns[us], back);
        let two = shifted::<V>(one, back);
        let behind_ours = one | two | shifted::<V>(two, back);
        let bonus = (safe.count() + (safe & behind_ours & !attacks.all[them]).count()) as i32;
        let weight = (pos.pieces(color).count() as i32 - 3 + blocked).max(0);
        score.mg += terms.space * bonus * weight * weight / 1024;
    }
    // Our central pawns that cannot move forward: they fix a bishop's bad colour longest.
    let stuck = if terms.bishop_pawns == S::ZERO || tables.bishop_kinds == 0 {
        0
    } else {
        let blocked = shifted::<V>(occupied, -forward::<V>(color));
        (pawns[us] & tables.central_files & blocked).count() as i32
    };
    for kind in kinds_in(tables.minor_kinds | tables.bishop_kinds) {
        let i = kind.0 as usize;
        let minor = tables.minor_kinds & (1 << i) != 0;
        let bishop = tables.bishop_kinds & (1 << i) != 0;
        for sq in pos.pieces_of(color, kind) {
            let slot = us * V::Geo::SQUARES + sq.index();
            let guarded_by_pawn = attacks.by_pawns[us].has(sq);
            if minor {
                let attack_span = tables.passed_span[slot] & !tables.front_span[slot];
                if tables.outpost_ranks[us].has(sq)
                    && guarded_by_pawn
                    && (attack_span & pawns[them]).is_empty()
                {
                    score += terms.outpost;
                }
                if square_ahead::<V>(color, sq).is_some_and(|next| all_pawns.has(next)) {
                    score += terms.behind_pawn;
                }
            }
            if bishop {
                let colour = if tables.light_squares.has(sq) {
                    tables.light_squares
                } else {
                    !tables.light_squares
                };
                let same_colour = (pawns[us] & colour).count() as i32;
                score += terms.bishop_pawns * (same_colour * (i32::from(!guarded_by_pawn) + stuck));
                let seen = pos.attacks_from(color, kind, sq, all_pawns) & tables.centre;
                if seen.more_than_one() {
                    score += terms.long_diagonal;
                }
            }
        }
    }
    score
}

/// Squares from which an enemy piece (not a pawn or king) could check `color`'s king
/// next move and that the enemy does not occupy, counted per piece type: those `color`
/// does not guard (safe checks) and those it does (unsafe ones).
#[inline(always)]
fn checks<V: Evaluate>(
    pos: &Position<V>,
    attacks: &Attacks<V>,
    color: Color,
    king: ekumen_movegen::Square,
) -> (i32, i32) {
    let them = (!color).index();
    let occupied = pos.occupied();
    let guarded = attacks.all[color.index()];
    let open = !pos.pieces(!color);
    let (mut safe, mut unsafe_) = (0, 0);
    // `by_kind` holds no pawn or royal attacks: only pieces are counted.
    for j in 0..V::PIECES.len() {
        let reach = attacks.by_kind[them][j] & open;
        if reach.is_empty() {
            continue;
        }
        // A left-right symmetric piece of ours on the king's square reaches exactly the
        // squares from which the enemy's piece of that kind attacks it.
        let checks = pos.attacks_from(color, PieceType(j as u8), king, occupied) & reach;
        safe += (checks & !guarded).count() as i32;
        unsafe_ += (checks & guarded).count() as i32;
    }
    (safe, unsafe_)
}

/// Whether `color` has a queen-class piece on the board or in hand.
#[inline(always)]
fn has_heavy_piece<V: Evaluate>(pos: &Position<V>, tables: &EvalTables<V>, color: Color) -> bool {
    kinds_in(tables.heavy_kinds).any(|kind| {
        pos.pieces_of(color, kind).is_nonempty() || (V::DROPS && pos.hand_count(color, kind) > 0)
    })
}

/// How many of `color`'s non-pawn pieces an enemy piece worth less attacks.
#[inline(always)]
fn threats_by_lesser<V: Evaluate>(
    pos: &Position<V>,
    tables: &EvalTables<V>,
    attacks: &Attacks<V>,
    color: Color,
) -> i32 {
    let them = (!color).index();
    let mut count = 0;
    // Walking the types from the cheapest, `lesser` gathers the attacks of every type
    // worth less than the current one; `same_value` holds those of its equals until a
    // dearer type comes.
    let mut lesser = Bitboard::EMPTY;
    let mut same_value = Bitboard::EMPTY;
    let mut value = i32::MIN;
    for &(kind, kind_value) in &tables.kinds_by_value {
        let i = kind.index();
        if kind_value != value {
            value = kind_value;
            lesser |= same_value;
            same_value = Bitboard::EMPTY;
        }
        same_value |= attacks.by_kind[them][i];
        if tables.pawn_kinds & (1 << i) == 0 && !V::PIECES[i].royal {
            count += (pos.pieces_of(color, kind) & lesser).count() as i32;
        }
    }
    count
}

/// What `color` loses to enemy minor and rook-class pieces attacking its men
/// ([`EvalParams::threat_by_minor`] and [`EvalParams::threat_by_rook`]); `strong` is what
/// `color` holds strongly.
fn threats_by_class<V: Evaluate>(
    pos: &Position<V>,
    params: &EvalParams,
    tables: &EvalTables<V>,
    attacks: &Attacks<V>,
    strong: Bb<V>,
    color: Color,
) -> S {
    let them = (!color).index();
    let attacked_by = |kinds: u16| {
        kinds_in(kinds).fold(Bitboard::EMPTY, |attacked, kind| {
            attacked | attacks.by_kind[them][kind.0 as usize]
        })
    };
    let by_minor = attacked_by(tables.minor_kinds);
    let by_rook = attacked_by(tables.rook_kinds);
    let weak = !strong & attacks.all[them];
    let mut score = S::ZERO;
    for (i, def) in V::PIECES.iter().enumerate() {
        if def.royal {
            continue;
        }
        let ours = pos.pieces_of(color, PieceType(i as u8));
        if ours.is_empty() {
            continue;
        }
        let is_pawn = tables.pawn_kinds & (1 << i) != 0;
        let held = if is_pawn { Bitboard::EMPTY } else { ours & strong };
        let minor_hits = ((held | (ours & weak)) & by_minor).count() as i32;
        score += params.threat_by_minor[i] * minor_hits;
        if let Some(&by_rook_value) = params.threat_by_rook.get(i) {
            score += by_rook_value * (ours & weak & by_rook).count() as i32;
        }
    }
    score
}

/// One of our pieces as the piece loop of [`evaluate_with`] sees it.
struct Placed<V: Variant> {
    kind: PieceType,
    sq: ekumen_movegen::Square,
    /// What it attacks.
    reach: Bb<V>,
    /// How many of those squares count for its mobility.
    squares_to_go: u32,
}

/// What `color`'s piece gains or loses from where it stands with respect to the kings
/// ([`PlacementTerms`]).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn placement<V: Evaluate>(
    pos: &Position<V>,
    params: &EvalParams,
    tables: &EvalTables<V>,
    pawns: &[Bb<V>; 2],
    kings: [Option<ekumen_movegen::Square>; 2],
    zones: [Bb<V>; 2],
    color: Color,
    piece: Placed<V>,
) -> S {
    let terms = &params.placement;
    let (us, them) = (color.index(), (!color).index());
    let bit = 1u16 << piece.kind.index();
    let file = V::Geo::file_of(piece.sq);
    let mut score = S::ZERO;
    if tables.minor_kinds & bit != 0 {
        if let Some(king) = kings[us] {
            score += terms.king_protector * distance::<V>(king, piece.sq);
        }
    }
    let enemy_zone = zones[them];
    if enemy_zone.is_nonempty() && (piece.reach & enemy_zone).is_empty() {
        if tables.rook_kinds & bit != 0 {
            if (tables.files[file as usize] & enemy_zone).is_nonempty() {
                score += terms.rook_on_king_ring;
            }
        } else if tables.bishop_kinds & bit != 0
            // Its diagonals on an empty board (a bishop moves alike both ways) first: most
            // of the time they miss the king's squares and the lookup is spared.
            && (V::tables().slider_sources(color, piece.kind, piece.sq) & enemy_zone).is_nonempty()
        {
            let through_pawns = pos.attacks_from(color, piece.kind, piece.sq, pawns[0] | pawns[1]);
            if (through_pawns & enemy_zone).is_nonempty() {
                score += terms.bishop_on_king_ring;
            }
        }
    }
    if tables.rook_kinds & bit != 0
        && piece.squares_to_go <= 3
        && (tables.files[file as usize] & pawns[us]).is_nonempty()
    {
        if let Some(king) = kings[us] {
            let king_file = V::Geo::file_of(king);
            if (king_file < V::Geo::FILES / 2) == (file < king_file) {
                let rights = pos.castling_rights() & (0b11 << (2 * us));
                score += terms.trapped_rook * (1 + i32::from(rights == 0));
            }
        }
    }
    score
}

/// What `color` loses to squares from which enemy minor and rook-class pieces could
/// attack its queen-class pieces next move ([`EvalParams::queen_threat_by_leaper`] and
/// [`EvalParams::queen_threat_by_slider`]); `strong` is what `color` holds strongly.
#[inline(always)]
fn threats_on_queens<V: Evaluate>(
    pos: &Position<V>,
    params: &EvalParams,
    tables: &EvalTables<V>,
    attacks: &Attacks<V>,
    strong: Bb<V>,
    color: Color,
) -> S {
    let them = (!color).index();
    let occupied = pos.occupied();
    let safe = !pos.pieces(!color) & !strong;
    let pieces = V::tables();
    let mut score = S::ZERO;
    for heavy in kinds_in(tables.heavy_kinds) {
        for sq in pos.pieces_of(color, heavy) {
            for kind in kinds_in(tables.minor_kinds | tables.rook_kinds) {
                let def = &V::PIECES[kind.index()];
                let reach = attacks.by_kind[them][kind.index()] & safe;
                // A pure slider reaches `sq` only from its lines on an empty board: most
                // of the time none of those is in reach, and the lookup with the real
                // occupancy is spared (the same count).
                let pure_slider =
                    def.slides != 0 && def.leaps.is_empty() && def.special == Special::None;
                if reach.is_empty()
                    || (pure_slider && (reach & pieces.slider_sources(!color, kind, sq)).is_empty())
                {
                    continue;
                }
                // As in `checks`: a piece of ours on `sq` reaches the squares from which
                // the enemy's piece of that kind attacks it.
                let from = pos.attacks_from(color, kind, sq, occupied) & reach;
                if def.slides != 0 {
                    let backed = (from & attacks.twice[them]).count() as i32;
                    score += params.queen_threat_by_slider * backed;
                } else {
                    score += params.queen_threat_by_leaper * from.count() as i32;
                }
            }
        }
    }
    score
}

/// How many of `color`'s non-pawn pieces an enemy pawn could attack next move by a push
/// (one step, or two from its second rank) to a square our pawns do not guard and that
/// the enemy holds at least as well as we do (it attacks it, or we do not).
#[inline(always)]
fn threats_by_push<V: Evaluate>(
    pos: &Position<V>,
    tables: &EvalTables<V>,
    attacks: &Attacks<V>,
    pawns: &[Bb<V>; 2],
    color: Color,
) -> i32 {
    let (us, them) = (color.index(), (!color).index());
    let empty = !pos.occupied();
    let safe = !attacks.by_pawns[us] & (attacks.all[them] | !attacks.all[us]);
    let targets = pos.pieces(color) & !pawns[us] & !pos.royals(color);
    let ahead = forward::<V>(!color);
    let mut threatened = Bitboard::EMPTY;
    for kind in kinds_in(tables.pawn_kinds) {
        let one = shifted::<V>(pos.pieces_of(!color, kind), ahead) & empty;
        let two = shifted::<V>(one & tables.double_step_landing[them], ahead) & empty;
        let pushed = (one | two) & safe;
        for &(capturer, offset, sources) in &tables.pawn_capture_shifts[them] {
            if capturer == kind {
                threatened |= shifted::<V>(pushed & sources, offset);
            }
        }
    }
    (threatened & targets).count() as i32
}

/// The material value of a piece type (middle game), for exchange evaluation and move
/// ordering. A piece captured in a variant where captures go to hand is worth its value on
/// the board plus its value in hand to the capturer; see [`exchange_value`].
#[inline(always)]
pub fn piece_value<V: Evaluate>(kind: PieceType) -> i32 {
    V::PARAMS.pieces[kind.index()].value.mg
}

/// What capturing a piece of `kind` gains: its value, plus, where captures go to the
/// capturer's hand, the value of its base form in hand. Royal pieces count as a queen's
/// worth and more, so exchanges never plan on winning them.
#[inline(always)]
pub fn exchange_value<V: Evaluate>(kind: PieceType) -> i32 {
    let def = &V::PIECES[kind.index()];
    if def.royal {
        return 20_000;
    }
    let terms = &V::PARAMS.pieces[kind.index()];
    let mut value = terms.value.mg;
    if V::CAPTURES_TO_HAND {
        value += V::PARAMS.pieces[def.base.index()].in_hand.mg;
    }
    value
}

/// The evaluation of a position of any variant, from the side to move's point of view.
pub fn evaluate_any(position: &AnyPosition) -> i32 {
    dispatch!(position, pos => evaluate(pos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ekumen_movegen::variants::{Chess, Gothic, Shinobi};
    use ekumen_movegen::Square;

    /// Gothic's imbalance slots: the bishop pair, then pawn, knight, bishop, rook, queen,
    /// chancellor and archbishop (the king has none).
    const GOTHIC_ROOK_SLOT: usize = 4;
    const GOTHIC_QUEEN_SLOT: usize = 5;

    #[test]
    fn imbalance_weighs_each_pair_of_men_once() {
        let slots = 8;
        let mut ours = vec![S::ZERO; slots * (slots + 1) / 2];
        let mut theirs = vec![S::ZERO; slots * (slots - 1) / 2];
        let (rook, queen) = (GOTHIC_ROOK_SLOT, GOTHIC_QUEEN_SLOT);
        // Our rook with our rook, and our queen with their rook.
        ours[rook * (rook + 1) / 2 + rook] = s(-160, -320);
        theirs[queen * (queen - 1) / 2 + rook] = s(32, 64);
        let terms = ImbalanceTerms { ours: &ours, theirs: &theirs };
        let kinds: Vec<PieceType> = (0..Gothic::PIECES.len())
            .filter(|&i| !Gothic::PIECES[i].royal)
            .map(|i| PieceType(i as u8))
            .collect();
        assert_eq!(kinds.len() + 1, slots);
        assert_eq!(Gothic::PIECES[kinds[rook - 1].index()].name, "rook");
        assert_eq!(Gothic::PIECES[kinds[queen - 1].index()].name, "queen");
        let pos =
            Position::<Gothic>::from_fen("r4k4/10/10/10/10/10/10/RR2QK4 w - - 0 1", false).unwrap();
        // White: two rooks, 2 * (2 * -160) / 16; the queen with one enemy rook, 32 / 16.
        // Black: one rook, -160 / 16; no queen.
        assert_eq!(
            material::imbalance(&pos, &terms, &kinds, [false, false]),
            [s(-40 + 2, -80 + 4), s(-10, -20)]
        );
    }

    /// A one-square set moved by whole-set shifts lands where the square's own offset does.
    fn shifts_match_offsets<V: Variant>() {
        let files = i32::from(V::Geo::FILES);
        for index in 0..V::Geo::SQUARES {
            let sq = Square::new(index as u8);
            for df in -2..=2 {
                for dr in -2..=2 {
                    let moved = shifted::<V>(Bitboard::from_square(sq), dr * files + df);
                    match V::Geo::offset(sq, df, dr) {
                        Some(to) => {
                            assert_eq!(moved, Bitboard::from_square(to), "{sq:?} {df} {dr}")
                        }
                        // Off the board: gone when it leaves by a rank edge; a file edge
                        // is the caller's to mask.
                        None if df == 0 => assert!(moved.is_empty(), "{sq:?} {dr}"),
                        None => {}
                    }
                }
            }
        }
    }

    #[test]
    fn shifted_sets_move_like_single_squares() {
        shifts_match_offsets::<Chess>();
        shifts_match_offsets::<Gothic>();
    }

    /// The pawn captures as set moves give each pawn type's attack table, from every
    /// square, for both colours.
    fn pawn_shifts_match_attacks<V: Evaluate>() {
        let tables = V::eval_tables();
        assert!(tables.pawn_kinds != 0);
        for color in Color::BOTH {
            for kind in kinds_in(tables.pawn_kinds) {
                for index in 0..V::Geo::SQUARES {
                    let sq = Square::new(index as u8);
                    let from = Bitboard::from_square(sq);
                    let mut by_shifts = Bitboard::EMPTY;
                    for &(capturer, offset, sources) in &tables.pawn_capture_shifts[color.index()] {
                        if capturer == kind {
                            by_shifts |= shifted::<V>(from & sources, offset);
                        }
                    }
                    let attacks = V::tables().attacks(color, kind, sq, Bitboard::EMPTY);
                    assert_eq!(by_shifts, attacks, "{color:?} {kind:?} {sq:?}");
                }
            }
        }
    }

    #[test]
    fn pawn_capture_shifts_are_the_pawn_attacks() {
        pawn_shifts_match_attacks::<Chess>();
        pawn_shifts_match_attacks::<Gothic>();
        pawn_shifts_match_attacks::<Shinobi>();
    }

    #[test]
    fn types_by_value_are_sorted_cheapest_first() {
        let by_value = &Gothic::eval_tables().kinds_by_value;
        assert_eq!(by_value.len(), Gothic::PIECES.len());
        assert!(by_value.windows(2).all(|pair| pair[0].1 <= pair[1].1));
    }
}
