//! Whether a move gives check, without playing it.
//!
//! Built on the rules core's public queries, so it holds for every piece of every variant:
//! the piece that lands (promoted, flipped or dropped) attacks an enemy royal piece from
//! its new square, given the occupancy after the move (a direct check); or a piece of ours
//! reaches an enemy royal piece once the mover has left its square (a discovered check:
//! tested with `attackers_to` only when the from-square is on a line with that royal
//! piece, or always where coherent knights, whose paths bend, are in the game). Castling
//! and en passant, rare, are played on a copy.
//!
//! Where checks do not exist for the rules (the dark king of gethenian attacks nothing),
//! the answer follows `attackers_to`, which already leaves out pieces that never capture.
//!
//! [`CheckInfo`] answers the same question faster for many moves of one position: it
//! computes once, per piece type, the squares from which that piece would attack an
//! enemy royal piece (a piece's moves for Black are the half-turn of White's, so these are
//! the squares the same piece *of the other colour* attacks from the royal square), and
//! the pieces whose departure could uncover a check: those alone on a line, or on a
//! coherent knight's path, between a piece of ours and an enemy royal piece. A coherent
//! knight's own check is read from its paths to the royal piece with the square it leaves
//! emptied, since a path may bend through that square. Walking the knight's attacks for
//! every move instead cost coherent a third of its speed (docs/speed.md, "Speed rounds").

use ekumen_movegen::attacks::Bb;
use ekumen_movegen::piece::{Special, MAX_PIECE_TYPES};
use ekumen_movegen::{Bitboard, Geometry, Move, MoveKind, PieceType, Position, Variant};

use crate::see::landing_kind;

/// Whether `m`, a legal move of `pos`, attacks an enemy royal piece once played.
pub fn gives_check<V: Variant>(pos: &Position<V>, m: Move) -> bool {
    let us = pos.side_to_move();
    let royals = pos.royals(!us);
    if royals.is_empty() {
        return false;
    }
    if matches!(m.kind(), MoveKind::Castle | MoveKind::EnPassant) {
        let mut after = pos.clone();
        after.make_move(m);
        return after.in_check();
    }
    let Some(kind) = landing_kind(pos, m) else { return false };
    if !V::PIECES[kind.index()].captures {
        // A piece that never captures gives no check, directly.
        return discovered(pos, m, royals);
    }
    let to = m.to();
    let mut occupied = pos.occupied();
    if m.kind() != MoveKind::Drop {
        occupied.clear(m.from());
    }
    occupied.set(to);
    if (pos.attacks_from(us, kind, to, occupied) & royals).is_nonempty() {
        return true;
    }
    discovered(pos, m, royals)
}

/// A check by another piece of ours, uncovered by the mover leaving its square.
#[inline]
fn discovered<V: Variant>(
    pos: &Position<V>,
    m: Move,
    royals: ekumen_movegen::attacks::Bb<V>,
) -> bool {
    if m.kind() == MoveKind::Drop {
        return false;
    }
    let us = pos.side_to_move();
    let from = m.from();
    let sliders = V::Geo::sliders();
    let mut occupied = pos.occupied();
    occupied.clear(from);
    occupied.set(m.to());
    let mover = Bitboard::from_square(from) | Bitboard::from_square(m.to());
    royals.into_iter().any(|king| {
        (V::COHERENT_KNIGHTS || sliders.line(king, from).is_nonempty())
            && (pos.attackers_to(king, occupied, us) & pos.pieces(us) & !mover).is_nonempty()
    })
}

/// Check squares and discovery candidates of one position, for many moves.
#[derive(Debug)]
pub struct CheckInfo<V: Variant> {
    royals: Bb<V>,
    /// Per piece type: where a piece of ours of that type attacks an enemy royal piece.
    check_squares: [Bb<V>; MAX_PIECE_TYPES],
    /// Our pieces that may uncover a check by moving.
    discoverers: Bb<V>,
}

impl<V: Variant> CheckInfo<V> {
    pub fn new(pos: &Position<V>) -> Self {
        let us = pos.side_to_move();
        let royals = pos.royals(!us);
        let occupied = pos.occupied();
        let mut check_squares = [Bitboard::EMPTY; MAX_PIECE_TYPES];
        let mut discoverers = Bitboard::EMPTY;
        for king in royals {
            for (i, def) in V::PIECES.iter().enumerate() {
                if def.captures {
                    check_squares[i] |= pos.attacks_from(!us, PieceType(i as u8), king, occupied);
                }
            }
            discoverers |= (pos.slider_blockers(king, occupied, us)
                | pos.knight_path_blockers(king, occupied, us))
                & pos.pieces(us);
        }
        CheckInfo { royals, check_squares, discoverers }
    }

    /// Whether `m`, a legal move of `pos` (the position this was built for), gives check.
    #[inline]
    pub fn gives_check(&self, pos: &Position<V>, m: Move) -> bool {
        if self.royals.is_empty() {
            return false;
        }
        match m.kind() {
            // A piece that changes form may check along the line through the square it
            // leaves (a pawn on e2 queening on e1 checks a king on e4), which the check
            // squares, made with that square occupied, do not see.
            MoveKind::Castle
            | MoveKind::EnPassant
            | MoveKind::Promotion
            | MoveKind::Promote
            | MoveKind::Demote => return gives_check(pos, m),
            MoveKind::Drop => return self.check_squares[m.piece().index()].has(m.to()),
            _ => {}
        }
        let Some(kind) = landing_kind(pos, m) else { return false };
        let direct =
            if V::COHERENT_KNIGHTS && V::PIECES[kind.index()].special == Special::CoherentKnight {
                self.knight_checks(pos, m)
            } else {
                self.check_squares[kind.index()].has(m.to())
            };
        direct || (self.discoverers.has(m.from()) && discovered(pos, m, self.royals))
    }

    /// Whether a coherent knight moving by `m` attacks an enemy royal piece from its new
    /// square: some path to it is empty once the knight has left its square.
    #[inline]
    fn knight_checks(&self, pos: &Position<V>, m: Move) -> bool {
        let Some(paths) = V::tables().coherent.as_ref() else { return false };
        let occupied =
            (pos.occupied() ^ Bitboard::from_square(m.from())) | Bitboard::from_square(m.to());
        self.royals.into_iter().any(|king| paths.reaches(m.to(), king, occupied))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ekumen_movegen::{dispatch, AnyPosition, Rng, VariantId};

    /// Agrees with playing the move and asking the position, over random games.
    fn agrees<V: Variant>(pos: &Position<V>, seed: u64) {
        let mut rng = Rng::new(seed);
        let mut pos = pos.clone();
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &m in moves.iter() {
                let mut after = pos.clone();
                after.make_move(m);
                let expected = after.royal_attacked();
                assert_eq!(
                    gives_check(&pos, m),
                    expected,
                    "{} in {}",
                    pos.move_to_uci(m),
                    pos.fen()
                );
                let info = CheckInfo::new(&pos);
                assert_eq!(
                    info.gives_check(&pos, m),
                    expected,
                    "{} in {}",
                    pos.move_to_uci(m),
                    pos.fen()
                );
            }
            pos.make_move(moves[rng.below(moves.len())]);
        }
    }

    #[test]
    fn a_promotion_checks_through_the_square_it_leaves() {
        let fen = "4k1n1/7Q/1pn1b3/1P3B1p/1p2K2P/1P3N2/3bp3/2B5 b - - 1 44";
        let pos = Position::<ekumen_movegen::variants::Chess>::from_fen(fen, false).unwrap();
        let m = pos.parse_uci_move("e2e1q").unwrap();
        assert!(gives_check(&pos, m));
        assert!(CheckInfo::new(&pos).gives_check(&pos, m));
    }

    #[test]
    fn agrees_with_playing_the_move_in_every_variant() {
        for variant in VariantId::ALL {
            for seed in 1..6 {
                let pos = AnyPosition::startpos(variant, false);
                dispatch!(&pos, p => agrees(p, seed));
            }
        }
    }
}
