//! Per-variant attack tables, built once from the variant's [`PieceDef`] table.
//!
//! Every piece's attack set is `leaps | (rook(occ) | bishop(occ)) & rays`, where `rays`
//! holds only the directions that piece slides in: a full rook, a lance (one direction),
//! gethenian's one-diagonal bishops and rank-only rooks all share the two magic lookups
//! and differ only by a mask. Reverse tables (`rev_*`: from where does a piece attack this
//! square) serve `attackers_to` for the asymmetric pieces (pawns, lances, shogi knights).
//! The coherent knight has its own path tables (see [`coherent`](crate::coherent)).

use crate::bitboard::Bitboard;
use crate::coherent::CoherentPaths;
use crate::piece::{Color, PieceType, Special, MAX_PIECE_TYPES};
use crate::sliders::{half_turn, DIAGONAL, DIRECTIONS, ORTHOGONAL};
use crate::square::{Geometry, Square};
use crate::variant::Variant;

/// A bitboard on the board of variant `V`.
pub type Bb<V> = Bitboard<<<V as Variant>::Geo as Geometry>::Bits>;

/// Attack and region tables of one variant.
#[derive(Debug)]
pub struct PieceTables<V: Variant> {
    leaps: Vec<Bb<V>>,
    rays: Vec<Bb<V>>,
    rev_leaps: Vec<Bb<V>>,
    rev_rays: Vec<Bb<V>>,
    /// `[color][square]`: the union of `rev_leaps` over the types that capture, so
    /// `attackers_to` can rule out most squares before looking at each type.
    any_rev_leaps: Vec<Bb<V>>,
    pawn_push: Vec<Bb<V>>,
    /// Squares where shogi-style promotion happens, per colour.
    pub promotion_zone: [Bb<V>; 2],
    /// Squares a side may drop on.
    pub drop_region: [Bb<V>; 2],
    /// Each side's last rank (chess promotion, campmate).
    pub last_rank: [Bb<V>; 2],
    /// Each side's second rank (double steps start there).
    pub second_rank: [Bb<V>; 2],
    /// Piece types with the `royal` flag, one bit each.
    pub royal_types: u16,
    /// Piece types that slide orthogonally / diagonally, one bit each.
    pub orthogonal_sliders: u16,
    pub diagonal_sliders: u16,
    /// Paths of the coherent knight, built only where the variant has one.
    pub coherent: Option<CoherentPaths<V::Geo>>,
}

#[inline(always)]
fn slot<V: Variant>(color: Color, kind: PieceType, sq: Square) -> usize {
    (color.index() * MAX_PIECE_TYPES + kind.index()) * <V::Geo as Geometry>::SQUARES + sq.index()
}

impl<V: Variant> PieceTables<V> {
    pub fn new() -> Self {
        type G<V> = <V as Variant>::Geo;
        let squares = G::<V>::SQUARES;
        assert!(V::PIECES.len() <= MAX_PIECE_TYPES, "{} defines too many piece types", V::NAME);
        let size = 2 * MAX_PIECE_TYPES * squares;
        let sliders = G::<V>::sliders();
        let mut t = PieceTables {
            leaps: vec![Bitboard::EMPTY; size],
            rays: vec![Bitboard::EMPTY; size],
            rev_leaps: vec![Bitboard::EMPTY; size],
            rev_rays: vec![Bitboard::EMPTY; size],
            any_rev_leaps: vec![Bitboard::EMPTY; 2 * squares],
            pawn_push: vec![Bitboard::EMPTY; 2 * squares],
            promotion_zone: [Bitboard::EMPTY; 2],
            drop_region: [Bitboard::EMPTY; 2],
            last_rank: [G::<V>::rank_bb(G::<V>::RANKS - 1), G::<V>::rank_bb(0)],
            second_rank: [G::<V>::rank_bb(1), G::<V>::rank_bb(G::<V>::RANKS - 2)],
            royal_types: 0,
            orthogonal_sliders: 0,
            diagonal_sliders: 0,
            coherent: V::COHERENT_KNIGHTS.then(CoherentPaths::new),
        };
        let ranks = G::<V>::RANKS;
        for r in 0..ranks {
            let (white, black) = (G::<V>::rank_bb(r), G::<V>::rank_bb(ranks - 1 - r));
            if r >= ranks - V::PROMOTION_ZONE_RANKS.min(ranks) {
                t.promotion_zone[0] |= white;
                t.promotion_zone[1] |= black;
            }
            if r < V::DROP_RANKS {
                t.drop_region[0] |= white;
                t.drop_region[1] |= black;
            }
        }
        for (i, def) in V::PIECES.iter().enumerate() {
            let kind = PieceType(i as u8);
            if def.royal {
                t.royal_types |= 1 << i;
            }
            if def.slides & ORTHOGONAL != 0 {
                t.orthogonal_sliders |= 1 << i;
            }
            if def.slides & DIAGONAL != 0 {
                t.diagonal_sliders |= 1 << i;
            }
            for color in Color::BOTH {
                let sign = if color == Color::White { 1 } else { -1 };
                let dirs = if color == Color::White { def.slides } else { half_turn(def.slides) };
                for s in 0..squares {
                    let sq = Square::new(s as u8);
                    let at = slot::<V>(color, kind, sq);
                    for &(df, dr) in def.leaps {
                        if let Some(to) = G::<V>::offset(sq, sign * df as i32, sign * dr as i32) {
                            t.leaps[at].set(to);
                            t.rev_leaps[slot::<V>(color, kind, to)].set(sq);
                        }
                    }
                    for d in 0..DIRECTIONS.len() {
                        if dirs & (1 << d) != 0 {
                            t.rays[at] |= sliders.ray(sq, d);
                            t.rev_rays[at] |= sliders.ray(sq, d ^ 1);
                        }
                    }
                    if def.special == Special::Pawn {
                        if let Some(to) = G::<V>::offset(sq, 0, sign) {
                            t.pawn_push[color.index() * squares + s].set(to);
                        }
                    }
                }
            }
        }
        for (i, _) in V::PIECES.iter().enumerate().filter(|(_, def)| def.captures) {
            for color in Color::BOTH {
                for s in 0..squares {
                    let at = slot::<V>(color, PieceType(i as u8), Square::new(s as u8));
                    t.any_rev_leaps[color.index() * squares + s] |= t.rev_leaps[at];
                }
            }
        }
        t
    }

    /// Squares a `color` piece of `kind` on `sq` attacks, given the occupancy.
    #[inline(always)]
    pub fn attacks(&self, color: Color, kind: PieceType, sq: Square, occupied: Bb<V>) -> Bb<V> {
        let at = slot::<V>(color, kind, sq);
        // SAFETY: `slot` of an on-board square and a declared type is within the tables.
        let (leaps, rays) =
            unsafe { (*self.leaps.get_unchecked(at), *self.rays.get_unchecked(at)) };
        let def = &V::PIECES[kind.index()];
        let mut attacks = leaps;
        if def.slides != 0 {
            let sliders = V::Geo::sliders();
            let mut slid = Bitboard::EMPTY;
            if def.slides & ORTHOGONAL != 0 {
                slid |= sliders.rook(sq, occupied);
            }
            if def.slides & DIAGONAL != 0 {
                slid |= sliders.bishop(sq, occupied);
            }
            attacks |= slid & rays;
        }
        if def.special == Special::CoherentKnight {
            attacks |= self.coherent_knight(sq, occupied);
        }
        attacks
    }

    /// Squares from which a `color` piece of `kind` would attack `sq`, given `rook` and
    /// `bishop`, the slider attacks from `sq` (computed once by the caller).
    #[inline(always)]
    pub fn attackers_of_kind(
        &self,
        color: Color,
        kind: PieceType,
        sq: Square,
        rook: Bb<V>,
        bishop: Bb<V>,
        coherent: Bb<V>,
    ) -> Bb<V> {
        let at = slot::<V>(color, kind, sq);
        // SAFETY: as in `attacks`.
        let (leaps, rays) =
            unsafe { (*self.rev_leaps.get_unchecked(at), *self.rev_rays.get_unchecked(at)) };
        let def = &V::PIECES[kind.index()];
        let mut from = leaps;
        if def.slides & ORTHOGONAL != 0 {
            from |= rook & rays;
        }
        if def.slides & DIAGONAL != 0 {
            from |= bishop & rays;
        }
        if def.special == Special::CoherentKnight {
            from |= coherent;
        }
        from
    }

    /// Squares from which some `color` piece that captures would attack `sq` by a leap.
    #[inline(always)]
    pub fn any_leap_attackers(&self, color: Color, sq: Square) -> Bb<V> {
        self.any_rev_leaps[color.index() * V::Geo::SQUARES + sq.index()]
    }

    /// Squares from which a `color` slider of `kind` reaches `sq` on an empty board.
    #[inline(always)]
    pub fn slider_sources(&self, color: Color, kind: PieceType, sq: Square) -> Bb<V> {
        self.rev_rays[slot::<V>(color, kind, sq)]
    }

    /// The square a pawn of `color` on `sq` pushes to (empty at the far edge).
    #[inline(always)]
    pub fn pawn_push(&self, color: Color, sq: Square) -> Bb<V> {
        self.pawn_push[color.index() * V::Geo::SQUARES + sq.index()]
    }

    /// Coherent knight attacks from `sq`; empty where the variant has no such knight.
    #[inline(always)]
    pub fn coherent_knight(&self, sq: Square, occupied: Bb<V>) -> Bb<V> {
        match &self.coherent {
            Some(paths) => paths.attacks(sq, occupied),
            None => Bitboard::EMPTY,
        }
    }
}

impl<V: Variant> Default for PieceTables<V> {
    fn default() -> Self {
        Self::new()
    }
}
