//! The terms of a variant's evaluation: [`EvalParams`] and the groups it is made of, each
//! term declared once ([`terms!`](crate::declare)): its type, its default, and whether
//! the tuner fits it (`=> shape` for numbers it keeps, `=> condition` for terms a variant
//! reads only with chess pawns, a pawn cover, a piece in hand or the group in use).

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use crate::declare::terms;
#[cfg(doc)]
use crate::EvalTables;

/// A middle-game and an endgame score.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct S {
    pub mg: i32,
    pub eg: i32,
}

/// Shorthand for [`S`] in the parameter tables.
#[inline(always)]
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

terms! {
    /// How one piece type is scored.
    #[derive(Clone, Copy, Debug)]
    pub struct PieceTerms<'a> {
        /// Material on the board.
        value: S = S::ZERO,
        /// Material in hand (drop variants; read for the base types that can be held).
        in_hand: S = S::ZERO => held,
        /// Weight of the mobility curve (bonus per unit of `4 * (sqrt(reach) - sqrt(typical))`).
        mobility: S = S::ZERO,
        /// Piece-square shape: bonus per step towards the centre.
        centre: S = S::ZERO,
        /// Piece-square shape: bonus per rank forward.
        advance: S = S::ZERO,
        /// Piece-square shape: bonus by rank counted from its own side (index 0 = own back
        /// rank); empty for none.
        ranks: &'a [S] = &[],
        /// Piece-square detail on top of the shapes, for the half board nearer the a-file and
        /// mirrored onto the other half: one row per rank counted from its own side, in each
        /// row one entry per file counted from the nearer edge; empty for none.
        squares: &'a [&'a [S]] = &[],
        /// On a file with no pawn (half as much on a file with no pawn of its own side).
        open_file: S = S::ZERO,
        /// King-danger units per enemy king-zone square this piece attacks.
        king_attack: i32 = 0,
        /// King-danger units this piece adds near the enemy king while it is in the
        /// opponent's hand (drop variants).
        drop_danger: i32 = 0,
        /// Contribution to the game phase.
        phase: i32 = 0 => shape,
    }
}

impl<'a> PieceTerms<'a> {
    /// A piece worth `mg`/`eg` with no positional terms yet.
    pub const fn new(mg: i32, eg: i32) -> PieceTerms<'a> {
        PieceTerms { value: s(mg, eg), in_hand: s(mg, eg), ..PieceTerms::NONE }
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

terms! {
    /// Pawn-structure terms (for pieces that move as chess pawns).
    #[derive(Clone, Copy, Debug)]
    pub struct PawnTerms<'a> {
        doubled: S = S::ZERO,
        isolated: S = S::ZERO,
        /// A pawn with a friendly pawn beside it or guarding it.
        connected: S = S::ZERO,
        /// On top of `connected`, by the pawn's rank from its own side: times 2, plus 1 with a
        /// friendly pawn beside it, minus 1 with an enemy pawn ahead on its file. Advanced
        /// chains are what break a position open, and a chain that meets no pawn can still
        /// advance. Empty for none.
        connected_by_rank: &'a [S] = &[],
        /// Per friendly pawn guarding a pawn (with `connected_by_rank`).
        supported: S = S::ZERO => connected_by_rank,
        /// An isolated or backward pawn with no enemy pawn ahead on its file: rooks reach it
        /// down the half-open file.
        weak_unopposed: S = S::ZERO => connected_by_rank,
        /// A pawn no friendly pawn on a neighbouring file can guard (none level with it or
        /// behind) whose next square an enemy pawn holds or guards: it stays behind.
        backward: S = S::ZERO => chess_pawns,
        /// Passed pawn by rank from its own side.
        passed: &'a [S] = &[],
        /// The king's cover, per file of the three around it: index 0 when we have no pawn
        /// level with or ahead of the king there, else 1 + the ranks between the king and our
        /// nearest such pawn (the last entry for that far or further). Empty for none.
        shelter: &'a [S] = &[],
        /// An enemy pawn storming the king, per file, indexed as [`Self::shelter`] by the
        /// nearest enemy pawn level with or ahead of the king, unless one of ours blocks it;
        /// as long as `shelter`.
        storm: &'a [S] = &[],
        /// An enemy pawn on a file by the king stopped by one of ours right in front of it.
        blocked_storm: S = S::ZERO => king_cover,
    }
}

terms! {
    /// How the pawns serve or hem in the pieces (for chess-style pawns).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct StructureTerms {
        /// Middle-game bonus per unit of space: a square of the central files on our second
        /// to fourth ranks that no enemy pawn guards and none of ours stands on (twice when a
        /// pawn of ours stands one to three squares in front of it and no enemy piece attacks
        /// it), times `(pieces - 3 + blocked pawns)² / 1024`, where `pieces` counts our men
        /// and `blocked pawns` those of either side facing an enemy pawn (at most nine): room
        /// behind the pawns is worth most while the board is full.
        space: i32 = 0,
        /// Per bishop-class piece, per own pawn on its colour of squares, times one for a
        /// piece no pawn guards plus one per own central pawn that cannot move forward.
        bishop_pawns: S = S::ZERO,
        /// A bishop-class piece that sees two of the four centre squares through the pawns.
        long_diagonal: S = S::ZERO,
        /// A minor piece (see [`EvalTables`]'s `minor_kinds`) on our fourth to sixth rank,
        /// guarded by a pawn of ours, where no enemy pawn can ever attack it.
        outpost: S = S::ZERO,
        /// A minor piece with a pawn right in front of it, shielded from the front.
        behind_pawn: S = S::ZERO,
    }
}

terms! {
    /// What a passed pawn (chess-style) gains beyond its rank bonus, once it stands four
    /// ranks or fewer from promotion. Each weight is multiplied by the pawn's rank weight `w`
    /// (2, 7, 12 and 17 from four ranks short of promotion to one) and divided by 4: the
    /// nearer promotion, the more the path and the kings decide.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct PasserTerms {
        /// Per square (at most five) between the enemy king and the square in front of the pawn.
        enemy_king: S = S::ZERO,
        /// Per square (at most five) between our king and the square in front of the pawn.
        own_king: S = S::ZERO,
        /// The square in front is empty, and every square in front of the pawn on its file and
        /// the files beside it is free of enemy men and attacks, or guarded by our pawns.
        free_span: S = S::ZERO,
        /// Otherwise: the squares in front of it on its own file are free of enemy men and
        /// attacks.
        free_path: S = S::ZERO,
        /// Otherwise: the square in front is empty and not attacked.
        free_step: S = S::ZERO,
        /// On top of the above: the square in front is empty and we attack it.
        guarded_step: S = S::ZERO,
    }
}

terms! {
    /// How far the side ahead can expect to convert its edge: the endgame score moves by the
    /// position's *complexity* (a sum of the weights below), towards zero when it is negative
    /// but never past it; the middle-game score moves by `complexity + mg_margin` only when
    /// that is negative. Pawns on one wing, no passed pawns and kings facing each other make a
    /// draw likelier; pawns on both wings, a king that has broken in and a pawn ending make
    /// a win likelier.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct WinnabilityTerms {
        /// Per passed pawn of either side.
        passed: i32 = 0,
        /// Per pawn of either side.
        pawns: i32 = 0,
        /// Per file between the kings, less the ranks between them.
        outflanking: i32 = 0,
        /// Pawns on both halves of the board (by files).
        both_flanks: i32 = 0,
        /// A king on the enemy's half of the board.
        infiltration: i32 = 0,
        /// No pieces but kings and pawns.
        pawns_only: i32 = 0,
        /// Pawns on one half only and kings not outflanking.
        almost_unwinnable: i32 = 0,
        /// Added always.
        bias: i32 = 0,
        /// See above.
        mg_margin: i32 = 0,
    }
}

terms! {
    /// The endgame score's scale, in 64ths, by the side ahead's pawns (drop games excepted).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct ScaleTerms {
        /// The scale before the pawns of the side ahead are counted; each adds
        /// `per_pawn`, up to 64. A side ahead with no pawns is not scaled.
        base: i32 = 64,
        /// Added per pawn of the side ahead.
        per_pawn: i32 = 0,
        /// Removed when all pawns stand on one half of the board.
        one_flank: i32 = 0,
        /// The scale instead when each side has one colour-bound piece and they stand on
        /// opposite colours.
        opposite_bishops: i32 = 64,
        /// Added to `opposite_bishops` per man of the side ahead, king and pawns included.
        opposite_bishops_per_man: i32 = 0,
    }
}

terms! {
    /// Where pieces stand with respect to the kings, beyond the piece-square tables.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct PlacementTerms {
        /// Per minor piece (see [`EvalTables`]'s `minor_kinds`), per king step between it
        /// and our king: far from the king it neither shields it nor comes back in time.
        king_protector: S = S::ZERO,
        /// A rook-class piece (see [`EvalTables`]'s `rook_kinds`) that attacks none of the
        /// squares around the enemy king but stands on a file through them: it bears on the
        /// king once the file opens.
        rook_on_king_ring: S = S::ZERO,
        /// A bishop-class piece that attacks none of the squares around the enemy king but
        /// would if only the pawns stood on the board.
        bishop_on_king_ring: S = S::ZERO,
        /// A rook-class piece with three squares or fewer to go to, on a file with a pawn of
        /// its own, between its king and the nearer edge (as a rook is after the king walks
        /// over to it); twice when its side can no longer castle.
        trapped_rook: S = S::ZERO,
    }
}

terms! {
    /// King-safety terms.
    #[derive(Clone, Copy, Debug)]
    pub struct KingTerms {
        /// Units per square next to the king that the enemy attacks and we do not defend.
        weak_square: i32 = 0,
        /// Units removed per own pawn (or, without pawns, own piece) sheltering the king.
        shelter: i32 = 0,
        /// Units per square we do not guard from which an enemy piece could give check next
        /// move (looked up from the king's square, so for pieces that attack alike both ways:
        /// 0 in coherent, whose knight does not).
        safe_check: i32 = 0,
        /// Units per square from which an enemy piece could give check next move but that we
        /// guard: a check there costs the enemy a piece or a trade, yet still forces replies.
        unsafe_check: i32 = 0,
        /// Units per enemy piece attacking the squares around the king, on top of each
        /// piece type's `king_attack` per square it hits.
        attacker: i32 = 0,
        /// Units removed when the enemy has none of its strongest pieces (see
        /// [`EvalTables`]'s `heavy_kinds`) on the board or in hand: an attack without a
        /// queen-class piece rarely mates.
        no_queen: i32 = 0,
        /// Units per 32 centipawns by which the enemy's mobility score (middle game) exceeds
        /// ours: a cramped defender cannot bring pieces across.
        mobility_edge: i32 = 0,
        /// Added to the score per square of the king's flank (its file and two on each side,
        /// on our five nearest ranks) that the enemy attacks, counted twice where it attacks
        /// twice. (As units of danger, fitted from zero, such attacks stayed at zero.)
        flank_attack: S = S::ZERO => chess_pawns,
        /// Added to the score when no pawn of either side stands on the king's flank files.
        pawnless_flank: S = S::ZERO => chess_pawns,
        /// Units removed per eight squares of the king's flank (as for `flank_attack`) that we
        /// attack: defenders there slow an attack down.
        flank_defence: i32 = 0,
        /// Units per man of either side that alone stands between the king and an enemy
        /// slider: a pinned defender holds nothing, and an enemy one moving away checks.
        blockers: i32 = 0,
        /// Units removed when one of our minor pieces that is not colour-bound (a knight)
        /// guards a square around the king: the defender that is hardest to drive away.
        minor_defender: i32 = 0,
        /// King danger counts only with at least this many enemy pieces attacking the
        /// squares around the king. Classical chess evaluations asked for two; gothic counts
        /// it from none, as Fairy-Stockfish does: with one attacker and safe checks the king
        /// is often lost there.
        min_attackers: i32 = 2 => shape,
        /// The middle-game penalty is `units² / divisor`.
        divisor: i32 = 8 => shape,
        /// Endgame penalty per unit.
        eg_per_unit: i32 = 0,
        /// The largest middle-game penalty.
        cap: i32 = 600 => shape,
    }
}

terms! {
    /// The material imbalance: a second-degree polynomial in the numbers of each side's men,
    /// so that a piece's worth can depend on what else is on the board (a second rook is worth
    /// less than the first, a knight more with many pawns). Its slots are the bishop pair
    /// (1 when a side has bishops on both colours, else 0) and then every non-royal piece type
    /// in the order of the variant's piece table. Values are in sixteenths of a centipawn, as
    /// Stockfish's classical tables are, so that the tuner's steps stay fine.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct ImbalanceTerms<'a> {
        /// Our slot `i` with our slot `j`, `j <= i`, at `i * (i + 1) / 2 + j`.
        ours: &'a [S] = &[],
        /// Our slot `i` with their slot `j`, `j < i`, at `i * (i - 1) / 2 + j`.
        theirs: &'a [S] = &[],
    }
}

terms! {
    /// Every term of one variant's evaluation.
    #[derive(Clone, Copy, Debug)]
    pub struct EvalParams<'a> {
        /// One entry per piece type, in the order of the variant's piece table.
        pieces: &'a [PieceTerms<'a>] = &[],
        tempo: S = S::ZERO,
        bishop_pair: S = S::ZERO,
        imbalance: ImbalanceTerms<'a> = ImbalanceTerms::NONE,
        pawns: PawnTerms<'a> = PawnTerms::NONE,
        structure: StructureTerms = StructureTerms::NONE => chess_pawns,
        placement: PlacementTerms = PlacementTerms::NONE => in_use,
        king: KingTerms = KingTerms::NONE,
        /// A non-pawn piece attacked by an enemy pawn.
        threat_by_pawn: S = S::ZERO,
        /// A piece attacked and not defended.
        hanging: S = S::ZERO,
        /// A non-pawn piece attacked by an enemy piece (not a pawn or king) worth less.
        threat_by_lesser: S = S::ZERO,
        /// A non-pawn piece an enemy pawn could attack by a safe push next move.
        threat_by_push: S = S::ZERO => chess_pawns,
        /// By the attacked man's piece type: a man an enemy minor piece (see [`EvalTables`]'s
        /// `minor_kinds`) attacks, when it is a piece we hold strongly (see
        /// [`Self::weak_piece`]) or any man we do not. Empty for none.
        threat_by_minor: &'a [S] = &[],
        /// By the attacked man's piece type: a man we do not hold strongly that an enemy
        /// rook-class piece (neither minor nor queen-class) attacks. Empty for none.
        threat_by_rook: &'a [S] = &[],
        /// Per square both sides attack where ours is not held strongly (see
        /// [`Self::weak_piece`]): a square we cannot use freely, nor leave to the enemy.
        restricted: S = S::ZERO,
        /// A non-pawn, non-royal piece the enemy attacks that we do not hold strongly: not
        /// guarded by a pawn, and not guarded twice unless the enemy attacks it twice too.
        weak_piece: S = S::ZERO,
        /// A pawn the enemy attacks that we do not hold strongly.
        weak_pawn: S = S::ZERO => chess_pawns,
        /// Per square from which an enemy minor or rook-class piece that does not slide (a
        /// knight) could attack one of our queen-class pieces next move: a square it reaches
        /// that no enemy man stands on and that we do not hold strongly.
        queen_threat_by_leaper: S = S::ZERO,
        /// The same for an enemy sliding minor or rook-class piece, on squares the enemy also
        /// attacks with a second piece.
        queen_threat_by_slider: S = S::ZERO,
        passers: PasserTerms = PasserTerms::NONE => in_use,
        winnability: WinnabilityTerms = WinnabilityTerms::NONE => in_use,
        scale: ScaleTerms = ScaleTerms::NONE => in_use,
        /// With no pawns left, a side that is not ahead by at least this much material (mg
        /// values) gets its endgame score divided by four.
        drawish_margin: i32 = 0 => shape,
    }
}
