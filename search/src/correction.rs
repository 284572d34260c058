//! The static evaluation corrected by what the search has found.
//!
//! An evaluation errs the same way in positions alike: a pawn structure it misjudges is
//! misjudged wherever it stands, and so is a placement of one side's pieces. So each
//! search thread keeps tables, by side to move and by pawn structure
//! ([`ekumen_eval::pawn_key`]) or by where one side's other pieces stand and what it holds
//! in hand ([`ekumen_eval::piece_key`], one table per side), of how far searches from such
//! positions ended from the static evaluation, and adds the three entries to every static
//! evaluation it prunes by (Stockfish's correction histories, its idea; the sizes here
//! are our own). The transposition table keeps the evaluation uncorrected, so a
//! correction learnt later applies to positions evaluated earlier.
//!
//! A node teaches the tables only where its score says something about the evaluation:
//! not in check, its best move not a capture or promotion (their gain is material, not
//! judgement), no mate score, and not a bound on the side of the static evaluation that
//! cannot contradict it (a fail low above it, a fail high below it). Each lesson weighs
//! with the depth searched, and the entries follow the histories' gravity rule
//! `e += b - e·|b| / LIMIT`, so they stay within ±LIMIT and recent searches outweigh old
//! ones.

use ekumen_eval::{pawn_key, piece_key, Evaluate};
use ekumen_movegen::{Color, Position};

/// Keys (pawn structures, placements) a table tells apart per side (a power of two).
const SLOTS: usize = 1 << 14;
/// An entry's bound: each update pulls it back from here in proportion.
const LIMIT: i32 = 1024;
/// Entry units to a centipawn of correction: at most 32 centipawns a table.
const GRAIN: i32 = 32;

/// `[side to move][slot of a key]`: the evaluation's recent error, in `1 / GRAIN`
/// centipawns.
struct CorrectionTable {
    entries: Vec<i16>,
}

impl CorrectionTable {
    fn new() -> Self {
        CorrectionTable { entries: vec![0; 2 * SLOTS] }
    }

    fn reset(&mut self) {
        self.entries.fill(0);
    }

    #[inline(always)]
    fn index(side: Color, key: u64) -> usize {
        side.index() * SLOTS + (key >> (64 - SLOTS.trailing_zeros())) as usize
    }

    #[inline(always)]
    fn get(&self, side: Color, key: u64) -> i32 {
        i32::from(self.entries[Self::index(side, key)]) / GRAIN
    }

    #[inline(always)]
    fn update(&mut self, side: Color, key: u64, error: i32, depth: i32) {
        let bonus = (error * depth / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let entry = &mut self.entries[Self::index(side, key)];
        let value = i32::from(*entry);
        *entry = (value + bonus - value * bonus.abs() / LIMIT) as i16;
    }
}

/// What positions the tables liken a position to: its pawn structure and each side's
/// piece placement.
#[derive(Clone, Copy, Debug, Default)]
pub struct CorrectionKeys {
    pawns: u64,
    pieces: [u64; 2],
}

impl CorrectionKeys {
    #[inline(always)]
    pub fn of<V: Evaluate>(pos: &Position<V>) -> Self {
        CorrectionKeys {
            pawns: pawn_key(pos),
            pieces: [piece_key(pos, Color::White), piece_key(pos, Color::Black)],
        }
    }
}

/// The three tables a search thread corrects its evaluation by.
#[derive(Debug, Default)]
pub struct Corrections {
    pawns: CorrectionTable,
    pieces: [CorrectionTable; 2],
}

impl Corrections {
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets everything learnt, keeping the memory.
    pub fn reset(&mut self) {
        self.pawns.reset();
        self.pieces.iter_mut().for_each(CorrectionTable::reset);
    }

    /// Centipawns to add to the static evaluation of a position with this side to move.
    #[inline(always)]
    pub fn get(&self, side: Color, keys: &CorrectionKeys) -> i32 {
        self.pawns.get(side, keys.pawns)
            + self.pieces[0].get(side, keys.pieces[0])
            + self.pieces[1].get(side, keys.pieces[1])
    }

    /// Learns that a search of `depth` ended `error` centipawns from the corrected static
    /// evaluation.
    #[inline(always)]
    pub fn update(&mut self, side: Color, keys: &CorrectionKeys, error: i32, depth: i32) {
        self.pawns.update(side, keys.pawns, error, depth);
        self.pieces[0].update(side, keys.pieces[0], error, depth);
        self.pieces[1].update(side, keys.pieces[1], error, depth);
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

    #[test]
    fn a_move_changes_the_keys_of_what_it_moved() {
        use ekumen_movegen::variants::Gothic;
        let start = Position::<Gothic>::startpos();
        let after = |uci: &str| {
            let mut pos = start.clone();
            let mv = pos.parse_uci_move(uci).expect("legal");
            pos.make_move(mv);
            CorrectionKeys::of(&pos)
        };
        let before = CorrectionKeys::of(&start);
        let pawn_push = after("e2e4");
        assert_ne!(pawn_push.pawns, before.pawns);
        assert_eq!(pawn_push.pieces, before.pieces);
        let knight_out = after("b1c3");
        assert_eq!(knight_out.pawns, before.pawns);
        assert_ne!(knight_out.pieces[0], before.pieces[0]);
        assert_eq!(knight_out.pieces[1], before.pieces[1]);
        assert_ne!(before.pieces[0], before.pieces[1], "each side has its own key");
    }

    #[test]
    fn the_tables_add_up() {
        let mut corrections = Corrections::new();
        let keys = CorrectionKeys { pawns: 1 << 63, pieces: [1 << 62, 1 << 61] };
        for _ in 0..200 {
            corrections.update(Color::White, &keys, 300, 12);
        }
        assert_eq!(corrections.get(Color::White, &keys), 3 * LIMIT / GRAIN);
        let other_pawns = CorrectionKeys { pawns: 0, ..keys };
        assert_eq!(corrections.get(Color::White, &other_pawns), 2 * LIMIT / GRAIN);
        corrections.reset();
        assert_eq!(corrections.get(Color::White, &keys), 0);
    }
}
