//! What the tuner's tests share.

use ekumen_movegen::variants::Chess;
use ekumen_movegen::{Position, Rng};

/// Positions from random games, 4 to 40 plies from the start, none without a move.
pub fn random_positions(count: usize, rng: &mut Rng) -> Vec<Position<Chess>> {
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::<Chess>::startpos();
        let plies = 4 + rng.below(37);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.make_move(*rng.pick(&moves));
        }
        if !pos.legal_moves().is_empty() {
            out.push(pos);
        }
    }
    out
}
