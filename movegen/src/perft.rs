//! Perft: the number of leaf positions of the legal move tree, the move generator's
//! correctness check and benchmark. The last ply is bulk-counted (moves are counted, not
//! played), as Fairy-Stockfish does, so node rates compare like for like.

use rayon::prelude::*;

use crate::moves::Move;
use crate::position::Position;
use crate::variant::Variant;

impl<V: Variant> Position<V> {
    /// Leaf nodes at `depth`.
    pub fn perft(&mut self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal() as u64,
            _ => {
                let moves = self.legal_moves();
                let mut nodes = 0;
                for &m in moves.iter() {
                    self.make_move(m);
                    nodes += self.perft(depth - 1);
                    self.unmake_move();
                }
                nodes
            }
        }
    }

    /// Leaf nodes at `depth` below each legal move (`go perft`'s per-move lines).
    pub fn divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        let moves = self.legal_moves();
        moves
            .iter()
            .map(|&m| {
                self.make_move(m);
                let nodes = if depth <= 1 { 1 } else { self.perft(depth - 1) };
                self.unmake_move();
                (m, nodes)
            })
            .collect()
    }

    /// `divide` with the root moves shared among rayon's threads.
    pub fn divide_parallel(&self, depth: u32) -> Vec<(Move, u64)> {
        let moves = self.legal_moves();
        moves
            .as_slice()
            .par_iter()
            .map(|&m| {
                let mut child = self.clone();
                child.make_move(m);
                let nodes = if depth <= 1 { 1 } else { child.perft(depth - 1) };
                (m, nodes)
            })
            .collect()
    }
}
