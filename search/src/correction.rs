//! The static evaluation corrected by what the search has found.
//!
//! An evaluation errs the same way in positions alike: a pawn structure it misjudges is
//! misjudged wherever it stands. So each search thread keeps a table, by side to move and
//! pawn structure ([`ekumen_eval::pawn_key`]), of how far searches from such positions
//! ended from the static evaluation, and adds that to every static evaluation it prunes
//! by (Stockfish's correction history, its idea; the sizes here are our own). The
//! transposition table keeps the evaluation uncorrected, so a correction learnt later
//! applies to positions evaluated earlier.
//!
//! A node teaches the table only where its score says something about the evaluation:
//! not in check, its best move not a capture or promotion (their gain is material, not
//! judgement), no mate score, and not a bound on the side of the static evaluation that
//! cannot contradict it (a fail low above it, a fail high below it). Each lesson weighs
//! with the depth searched, and the entries follow the histories' gravity rule
//! `e += b - e·|b| / LIMIT`, so they stay within ±LIMIT and recent searches outweigh old
//! ones.

use ekumen_movegen::Color;

/// Pawn structures the table tells apart per side (a power of two).
const SLOTS: usize = 1 << 14;
/// An entry's bound: each update pulls it back from here in proportion.
const LIMIT: i32 = 1024;
/// Entry units to a centipawn of correction: at most 32 centipawns.
const GRAIN: i32 = 32;

/// `[side to move][pawn-structure slot]`: the evaluation's recent error, in `1 / GRAIN`
/// centipawns.
pub struct CorrectionTable {
    entries: Vec<i16>,
}

impl CorrectionTable {
    pub fn new() -> Self {
        CorrectionTable { entries: vec![0; 2 * SLOTS] }
    }

    /// Forgets everything learnt, keeping the memory.
    pub fn reset(&mut self) {
        self.entries.fill(0);
    }

    #[inline(always)]
    fn index(side: Color, pawn_key: u64) -> usize {
        side.index() * SLOTS + (pawn_key >> (64 - SLOTS.trailing_zeros())) as usize
    }

    /// Centipawns to add to the static evaluation of a position with this side to move
    /// and pawn structure.
    #[inline(always)]
    pub fn get(&self, side: Color, pawn_key: u64) -> i32 {
        i32::from(self.entries[Self::index(side, pawn_key)]) / GRAIN
    }

    /// Learns that a search of `depth` ended `error` centipawns from the corrected static
    /// evaluation.
    #[inline(always)]
    pub fn update(&mut self, side: Color, pawn_key: u64, error: i32, depth: i32) {
        let bonus = (error * depth / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let entry = &mut self.entries[Self::index(side, pawn_key)];
        let value = i32::from(*entry);
        *entry = (value + bonus - value * bonus.abs() / LIMIT) as i16;
    }
}

impl std::fmt::Debug for CorrectionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CorrectionTable")
    }
}

impl Default for CorrectionTable {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_follow_the_errors_within_their_bound() {
        let mut table = CorrectionTable::new();
        let key = 0x1234_5678_9ABC_DEF0;
        for _ in 0..200 {
            table.update(Color::White, key, 300, 12);
        }
        assert_eq!(table.get(Color::White, key), LIMIT / GRAIN, "saturates at the bound");
        assert_eq!(table.get(Color::Black, key), 0, "the other side to move learns nothing");
        assert_eq!(table.get(Color::White, !key), 0, "another structure learns nothing");
        for _ in 0..200 {
            table.update(Color::White, key, -40, 4);
        }
        assert!(table.get(Color::White, key) < 0, "recent errors outweigh old ones");
        table.reset();
        assert_eq!(table.get(Color::White, key), 0);
    }
}
