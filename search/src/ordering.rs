//! Move ordering: what to try first, learnt from the search itself.
//!
//! A node's moves are generated in full (the rules core generates legal moves only) and
//! scored once, in these bands, best first:
//! 1. the transposition-table move;
//! 2. captures and promotions that do not lose material by static exchange
//!    ([`crate::see`]), by the value taken plus a part of their capture history
//!    (weights in [`crate::params`]);
//! 3. the two killer moves of the ply (quiet moves that refuted a sibling), then the
//!    counter-move (the quiet move that last refuted the opponent's previous move);
//! 4. quiet moves (drops included) by butterfly history (from-square, or the dropped
//!    piece, to to-square, per side) plus continuation history (this move after the
//!    opponent's last move, and after our own move before it);
//! 5. captures that lose material.
//!
//! Scoring is lazy, since most nodes cut off after one or two moves: the table move is
//! tried before any other move is scored, and quiet moves get their history scores only
//! once the captures and killers have been tried. The first few moves are picked by
//! selection, then the rest are sorted once, which keeps drop-rich positions (hundreds of
//! moves in gethenian) cheap.
//!
//! Histories are updated with the "gravity" rule `h += b - h·|b| / MAX`, which keeps them
//! within ±MAX and lets recent results outweigh old ones.

use std::mem::MaybeUninit;

use ekumen_movegen::moves::MAX_MOVES;
use ekumen_movegen::piece::MAX_PIECE_TYPES;
use ekumen_movegen::square::MAX_SQUARES;
use ekumen_movegen::{Color, Move, MoveKind, MoveList, Piece};

use crate::correction::Corrections;
use crate::memory::try_filled;

/// Histories stay within ±this.
pub const HISTORY_MAX: i32 = 16_384;
/// From-slots: a board square, or a drop of a piece type.
const FROM_SLOTS: usize = MAX_SQUARES + MAX_PIECE_TYPES;
const PIECE_CODES: usize = 2 * MAX_PIECE_TYPES;
/// A continuation-history context: the piece that moved and where it went.
const CONTEXTS: usize = PIECE_CODES * MAX_SQUARES;

pub const TT_MOVE: i32 = i32::MAX;
pub const GOOD_NOISY: i32 = 1_000_000_000;
pub const KILLER_1: i32 = 900_000_000;
pub const KILLER_2: i32 = 899_000_000;
pub const COUNTER: i32 = 898_000_000;
/// Placeholders for moves not scored yet: the table move is tried before anything else is
/// scored, and quiet moves are scored only once the captures and killers are done.
pub const UNSCORED: i32 = 950_000_000;
pub const QUIET_PENDING: i32 = 800_000_000;
pub const BAD_NOISY: i32 = -1_000_000_000;

/// The from-slot of a move: its from-square, or for a drop the dropped piece type.
#[inline(always)]
pub fn from_slot(m: Move) -> usize {
    if m.kind() == MoveKind::Drop {
        MAX_SQUARES + m.piece().index()
    } else {
        m.from().index()
    }
}

/// A continuation context: `piece` arrived on `to`.
#[inline(always)]
pub fn context(piece: Piece, to: usize) -> usize {
    piece.code() * MAX_SQUARES + to
}

#[inline(always)]
fn apply(entry: &mut i16, bonus: i32) {
    let value = i32::from(*entry);
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *entry = (value + bonus - value * bonus.abs() / HISTORY_MAX) as i16;
}

/// Everything the search learns, per search thread: the ordering's histories and the
/// evaluation's correction.
pub struct Histories {
    /// `[side][from-slot][to]`.
    butterfly: Vec<i16>,
    /// `[moving piece code][to][captured type]`.
    capture: Vec<i16>,
    /// `[context][piece code * squares + to]`: a move after a given earlier move.
    continuation: Vec<i16>,
    /// `[context of the previous move]`: the quiet move that refuted it.
    counter: Vec<Option<Move>>,
    /// The static evaluation's recent errors by pawn structure and piece placement
    /// ([`crate::correction`]): learnt by the same searches, kept and forgotten with the
    /// rest.
    pub correction: Corrections,
}

impl std::fmt::Debug for Histories {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Histories")
    }
}

impl Histories {
    /// Fresh histories.
    ///
    /// # Panics
    /// If the allocator cannot give their 14 MB: for counts the user chooses, see
    /// [`Histories::try_new`].
    pub fn new() -> Self {
        Self::try_new().expect("memory for a search thread's histories")
    }

    /// Fresh histories, or an error if the allocator refuses. Their memory is written now:
    /// a zeroed allocation would be mapped lazily, and the first search would pay for the
    /// page faults (10-20 ms for these 14 MB).
    pub fn try_new() -> Result<Self, std::collections::TryReserveError> {
        Ok(Histories {
            butterfly: try_filled(2 * FROM_SLOTS * MAX_SQUARES, 0)?,
            capture: try_filled(PIECE_CODES * MAX_SQUARES * MAX_PIECE_TYPES, 0)?,
            continuation: try_filled(CONTEXTS * CONTEXTS, 0)?,
            counter: try_filled(CONTEXTS, None)?,
            correction: Corrections::new(),
        })
    }

    /// The bytes one thread's histories take.
    pub fn bytes() -> u64 {
        let entries = 2 * FROM_SLOTS * MAX_SQUARES
            + PIECE_CODES * MAX_SQUARES * MAX_PIECE_TYPES
            + CONTEXTS * CONTEXTS;
        (entries * std::mem::size_of::<i16>() + CONTEXTS * std::mem::size_of::<Option<Move>>())
            as u64
    }

    /// Forgets everything learnt, keeping the memory.
    pub fn reset(&mut self) {
        self.butterfly.fill(0);
        self.capture.fill(0);
        self.continuation.fill(0);
        self.counter.fill(None);
        self.correction.reset();
    }

    #[inline(always)]
    fn butterfly_index(side: Color, m: Move) -> usize {
        (side.index() * FROM_SLOTS + from_slot(m)) * MAX_SQUARES + m.to().index()
    }

    #[inline(always)]
    pub fn butterfly(&self, side: Color, m: Move) -> i32 {
        i32::from(self.butterfly[Self::butterfly_index(side, m)])
    }

    #[inline(always)]
    pub fn update_butterfly(&mut self, side: Color, m: Move, bonus: i32) {
        apply(&mut self.butterfly[Self::butterfly_index(side, m)], bonus);
    }

    #[inline(always)]
    fn capture_index(piece: Piece, to: usize, captured: usize) -> usize {
        (piece.code() * MAX_SQUARES + to) * MAX_PIECE_TYPES + captured
    }

    #[inline(always)]
    pub fn capture(&self, piece: Piece, to: usize, captured: usize) -> i32 {
        i32::from(self.capture[Self::capture_index(piece, to, captured)])
    }

    #[inline(always)]
    pub fn update_capture(&mut self, piece: Piece, to: usize, captured: usize, bonus: i32) {
        apply(&mut self.capture[Self::capture_index(piece, to, captured)], bonus);
    }

    /// The history of the move whose context is `later`, played after the move of
    /// `earlier`.
    #[inline(always)]
    pub fn continuation(&self, earlier: usize, later: usize) -> i32 {
        i32::from(self.continuation[earlier * CONTEXTS + later])
    }

    #[inline(always)]
    pub fn update_continuation(&mut self, earlier: usize, later: usize, bonus: i32) {
        apply(&mut self.continuation[earlier * CONTEXTS + later], bonus);
    }

    #[inline(always)]
    pub fn counter(&self, context: usize) -> Option<Move> {
        self.counter[context]
    }

    #[inline(always)]
    pub fn set_counter(&mut self, context: usize, m: Move) {
        self.counter[context] = Some(m);
    }
}

impl Default for Histories {
    fn default() -> Self {
        Self::new()
    }
}

/// How many moves are picked by selection before the rest are sorted.
const SELECTION_PICKS: usize = 6;
/// Moves [`ScoredMoves::sort_rest`] sorts on the stack (longer lists, rare, by insertion).
const SORT_BUFFER: usize = 256;

/// A node's moves with their scores, handed out best first.
pub struct ScoredMoves {
    pub moves: MoveList,
    scores: [MaybeUninit<i32>; MAX_MOVES],
    next: usize,
    sorted: bool,
    /// Moves before this index are the ones scored above [`QUIET_PENDING`]; picking
    /// selects among them first, so long lists of quiet moves are not scanned.
    good_end: usize,
}

impl ScoredMoves {
    /// An empty list. Only the counters are written: built as a struct literal, the
    /// compiler merged their stores and the uninitialised arrays into one 8-kilobyte
    /// `memset`, 2-3 % of a gothic search's time, as every node makes a list.
    #[inline(always)]
    pub fn new() -> Self {
        let mut list = MaybeUninit::<ScoredMoves>::uninit();
        let p = list.as_mut_ptr();
        // SAFETY: every field but the two arrays of `MaybeUninit` is written before
        // `assume_init`, and those arrays need no initialisation.
        unsafe {
            MoveList::init_empty(&raw mut (*p).moves);
            (&raw mut (*p).next).write(0);
            (&raw mut (*p).sorted).write(false);
            (&raw mut (*p).good_end).write(0);
            list.assume_init()
        }
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Sets the score of move `i` (every move must be scored before picking).
    #[inline(always)]
    pub fn set_score(&mut self, i: usize, score: i32) {
        self.scores[i] = MaybeUninit::new(score);
    }

    #[inline(always)]
    fn score(&self, i: usize) -> i32 {
        debug_assert!(i < self.moves.len());
        // SAFETY: callers score every move before picking (see `set_score`).
        unsafe { self.scores[i].assume_init() }
    }

    /// The next move and its score, best first.
    #[inline]
    pub fn pick(&mut self) -> Option<(Move, i32)> {
        let len = self.moves.len();
        if self.next >= len {
            return None;
        }
        if self.next < self.good_end {
            self.select(self.good_end);
        } else {
            if !self.sorted && self.next >= SELECTION_PICKS {
                self.sort_rest();
            }
            if !self.sorted {
                self.select(len);
            }
        }
        let i = self.next;
        self.next += 1;
        Some((self.moves[i], self.score(i)))
    }

    /// Brings the best move of `next..end` to `next`.
    #[inline(always)]
    fn select(&mut self, end: usize) {
        let mut best = self.next;
        let mut best_score = self.score(best);
        for i in self.next + 1..end {
            let score = self.score(i);
            if score > best_score {
                best = i;
                best_score = score;
            }
        }
        self.swap(self.next, best);
    }

    /// Moves the moves not yet picked that score above `threshold` to the front, so
    /// that they are picked from among themselves.
    pub fn partition_above(&mut self, threshold: i32) {
        let mut end = self.next;
        for i in self.next..self.moves.len() {
            if self.score(i) > threshold {
                self.swap(i, end);
                end += 1;
            }
        }
        self.good_end = end;
    }

    /// Puts the table move `tt`, one of the moves, next in line, scored [`TT_MOVE`]; the
    /// others are [`UNSCORED`] until it has been tried.
    #[inline(always)]
    pub fn table_move_first(&mut self, tt: Move) {
        for i in 0..self.len() {
            self.set_score(i, if self.moves[i] == tt { TT_MOVE } else { UNSCORED });
        }
        let index = self.moves.iter().position(|&m| m == tt).expect("the table move");
        self.put_next(index);
    }

    /// Puts move `i` next in line (the table move, before anything is scored).
    #[inline(always)]
    pub fn put_next(&mut self, i: usize) {
        self.swap(self.next, i);
        self.good_end = self.next + 1;
    }

    #[inline(always)]
    fn swap(&mut self, a: usize, b: usize) {
        self.moves.as_mut_slice().swap(a, b);
        self.scores.swap(a, b);
    }

    /// Steps back one move: the last move picked will be picked again (after the scores
    /// of the moves not yet tried have been changed).
    #[inline(always)]
    pub fn unpick(&mut self) {
        self.next -= 1;
        self.sorted = false;
        self.good_end = self.good_end.min(self.next);
    }

    /// Indices of the moves not yet picked (to rescore them).
    #[inline(always)]
    pub fn remaining(&self) -> std::ops::Range<usize> {
        self.next..self.moves.len()
    }

    /// The current score of move `i`.
    #[inline(always)]
    pub fn score_of(&self, i: usize) -> i32 {
        self.score(i)
    }

    /// Sorts the moves not yet picked, best first, keeping equal scores in generation
    /// order (so the search stays deterministic). Each move's score and position are
    /// packed into one integer, the score above the position, so one unstable sort of
    /// plain integers gives the stable order: O(n log n) where drop games have hundreds
    /// of moves.
    pub fn sort_rest(&mut self) {
        let start = self.next;
        let count = self.moves.len() - start;
        if count > SORT_BUFFER {
            self.sort_rest_by_insertion();
            return;
        }
        let mut keys = [0u64; SORT_BUFFER];
        for (k, key) in keys[..count].iter_mut().enumerate() {
            let score = self.score(start + k);
            let order = u64::from((score as u32) ^ 0x8000_0000);
            *key = order << 32 | u64::from(u32::MAX - k as u32);
        }
        let keys = &mut keys[..count];
        keys.sort_unstable_by(|a, b| b.cmp(a));
        let mut original = [None; SORT_BUFFER];
        for (slot, &m) in original.iter_mut().zip(&self.moves.as_slice()[start..]) {
            *slot = Some(m);
        }
        let moves = self.moves.as_mut_slice();
        for (k, &key) in keys.iter().enumerate() {
            let from = (u32::MAX - key as u32) as usize;
            moves[start + k] = original[from].expect("a move from the unsorted list");
            self.scores[start + k] = MaybeUninit::new(((key >> 32) as u32 ^ 0x8000_0000) as i32);
        }
        self.sorted = true;
    }

    /// [`Self::sort_rest`] for lists too long for its buffer.
    fn sort_rest_by_insertion(&mut self) {
        let len = self.moves.len();
        let moves = self.moves.as_mut_slice();
        for i in self.next + 1..len {
            // SAFETY (score reads): every move was scored before picking began.
            let score = unsafe { self.scores[i].assume_init() };
            let m = moves[i];
            let mut j = i;
            while j > self.next && unsafe { self.scores[j - 1].assume_init() } < score {
                self.scores[j] = self.scores[j - 1];
                moves[j] = moves[j - 1];
                j -= 1;
            }
            self.scores[j] = MaybeUninit::new(score);
            moves[j] = m;
        }
        self.sorted = true;
    }
}

impl std::fmt::Debug for ScoredMoves {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ScoredMoves({} moves, next {})", self.moves.len(), self.next)
    }
}

impl Default for ScoredMoves {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ekumen_movegen::{Rng, Square};

    #[test]
    fn moves_come_out_best_first() {
        let mut list = ScoredMoves::new();
        let scores = [5, -3, 99, 7, 7, 0, 12, -50, 3, 1, 8, 2];
        for (i, _) in scores.iter().enumerate() {
            list.moves.push(Move::new(Square::new(i as u8), Square::new(40), MoveKind::Normal));
        }
        for (i, &score) in scores.iter().enumerate() {
            list.set_score(i, score);
        }
        let mut picked = Vec::new();
        while let Some((_, score)) = list.pick() {
            picked.push(score);
        }
        let mut expected = scores.to_vec();
        expected.sort_by(|a, b| b.cmp(a));
        assert_eq!(picked, expected);
    }

    /// The packed sort gives exactly the order of a stable sort, ties in list order,
    /// for short lists, long ones and scores at the extremes.
    #[test]
    fn packed_sort_keeps_ties_in_list_order() {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        for len in [7, 40, 200, SORT_BUFFER, SORT_BUFFER + 44] {
            let mut packed = ScoredMoves::new();
            for i in 0..len {
                let m = Move::new(
                    Square::new((i % 81) as u8),
                    Square::new((i / 81) as u8),
                    MoveKind::Normal,
                );
                packed.moves.push(m);
                let state = rng.next_u64();
                let score = match state >> 61 {
                    0 => i32::MIN + 1,
                    1 => i32::MAX - 1,
                    _ => (state >> 40) as i32 % 9 - 4,
                };
                packed.set_score(i, score);
            }
            let mut reference = ScoredMoves::new();
            for i in 0..len {
                reference.moves.push(packed.moves[i]);
                reference.set_score(i, packed.score(i));
            }
            packed.next = 3;
            reference.next = 3;
            packed.sort_rest();
            reference.sort_rest_by_insertion();
            for i in 0..len {
                assert_eq!(packed.moves[i], reference.moves[i], "move {i} of {len}");
                assert_eq!(packed.score(i), reference.score(i), "score {i} of {len}");
            }
        }
    }

    #[test]
    fn gravity_keeps_histories_bounded() {
        let mut entry = 0i16;
        for _ in 0..1000 {
            apply(&mut entry, 1_800);
        }
        assert!(i32::from(entry) <= HISTORY_MAX);
        for _ in 0..1000 {
            apply(&mut entry, -1_800);
        }
        assert!(i32::from(entry) >= -HISTORY_MAX);
    }
}
