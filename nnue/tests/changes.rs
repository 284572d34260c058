//! `Position::last_changes` tells exactly what each move did: replayed on the board and
//! hands before the move, its changes give the board and hands after it, in random games
//! of every variant, and it still tells a move's changes once the moves after it are
//! taken back.

use ekumen_movegen::piece::MAX_PIECE_TYPES;
use ekumen_movegen::variants::{Chess, Coherent, Gethenian, Gothic, Shinobi};
use ekumen_movegen::{Changes, Color, Geometry, Piece, PieceType, Position, Rng, Square};
use ekumen_nnue::features::Inputs;

type Board = (Vec<Option<Piece>>, [[u8; MAX_PIECE_TYPES]; 2]);

fn board<V: Inputs>(pos: &Position<V>) -> Board {
    let men = (0..V::Geo::SQUARES as u8).map(|sq| pos.piece_on(Square::new(sq))).collect();
    let mut hands = [[0; MAX_PIECE_TYPES]; 2];
    for color in Color::BOTH {
        for (kind, count) in hands[color.index()].iter_mut().enumerate() {
            *count = pos.hand_count(color, PieceType(kind as u8));
        }
    }
    (men, hands)
}

fn replay(mut before: Board, changes: &Changes) -> Board {
    for (piece, sq) in changes.removed() {
        assert_eq!(before.0[sq.index()].take(), Some(piece), "a man taken from {sq:?}");
    }
    for (piece, sq) in changes.added() {
        assert_eq!(before.0[sq.index()].replace(piece), None, "a man put on {sq:?}");
    }
    if let Some(hand) = changes.hand {
        let count = &mut before.1[hand.owner.index()][hand.kind.index()];
        assert_eq!(*count, hand.before);
        assert_eq!(hand.before.abs_diff(hand.after), 1);
        *count = hand.after;
    }
    before
}

fn random_games<V: Inputs>() {
    let mut rng = Rng::new(0xc4a9 ^ V::NAME.len() as u64);
    for _ in 0..20 {
        let mut pos = Position::<V>::startpos();
        assert_eq!(pos.last_changes(), Changes::default());
        let mut made: Vec<Changes> = Vec::new();
        for _ in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let before = board(&pos);
            if !pos.in_check() && rng.below(20) == 0 {
                pos.make_null();
                assert_eq!(pos.last_changes(), Changes::default());
                pos.unmake_null();
                assert_eq!(pos.last_changes(), made.last().copied().unwrap_or_default());
            }
            pos.make_move(*rng.pick(&moves));
            let changes = pos.last_changes();
            assert_eq!(replay(before, &changes), board(&pos), "{changes:?}");
            made.push(changes);
            if rng.below(8) == 0 {
                for _ in 0..rng.below(3).min(made.len() - 1) {
                    pos.unmake_move();
                    made.pop();
                    assert_eq!(pos.last_changes(), *made.last().unwrap());
                }
            }
        }
    }
}

#[test]
fn chess() {
    random_games::<Chess>();
}

#[test]
fn gothic() {
    random_games::<Gothic>();
}

#[test]
fn shinobi() {
    random_games::<Shinobi>();
}

#[test]
fn gethenian() {
    random_games::<Gethenian>();
}

#[test]
fn coherent() {
    random_games::<Coherent>();
}
