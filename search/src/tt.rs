//! The transposition table, shared by every search thread without locks.
//!
//! # Layout
//! The table is an array of 64-byte clusters (one cache line), each holding four entries
//! of two `u64`: `data` packs everything an entry says, and `check = key ^ data`. A probe
//! accepts an entry only if `check ^ data` gives back the full 64-bit key, so an entry
//! torn by two threads writing at once (one thread's `data` with another's `check`) reads
//! as a miss, never as a wrong move. That costs no lock and no extra word, and the whole
//! key is verified (no index bits are trusted).
//!
//! `data`, low bits first: move (21 bits, 0 for none), score (16, mates stored relative to
//! the node), static evaluation (13, clamped to ±4095), depth + 2 (7; never 0, so an
//! all-zero slot is empty), bound (2; 0 for an entry that only records an evaluation),
//! generation (5).
//!
//! # Replacement and aging
//! Each search starts a new generation. A store goes to the entry of the same key if the
//! cluster has one, else to the entry worth least: `depth - 8 * age`, where the age is how
//! many searches ago it was written. An entry of the same key keeps its move when the new
//! result has none, and is only overwritten by a shallower result when that result is
//! exact or the old one is from an earlier search.
//!
//! `hashfull` samples the first thousand entries and counts those of this generation.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use ekumen_movegen::Move;

/// What a stored score says about the true score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true score is at most the stored one (no move reached alpha).
    Upper = 1,
    /// The true score is at least the stored one (a move reached beta).
    Lower = 2,
    Exact = 3,
}

/// What a probe found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TtEntry {
    pub mv: Option<Move>,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    /// `None` for an entry that only records a static evaluation.
    pub bound: Option<Bound>,
}

impl TtEntry {
    /// The stored static evaluation, if one was stored (none reads as the clamp limit).
    #[inline(always)]
    pub fn static_eval(&self) -> Option<i32> {
        (self.eval.abs() < EVAL_LIMIT).then_some(self.eval)
    }
}

const ENTRIES_PER_CLUSTER: usize = 4;
const GENERATION_BITS: u32 = 5;
const GENERATION_MASK: u8 = (1 << GENERATION_BITS) - 1;
/// The largest evaluation stored exactly.
const EVAL_LIMIT: i32 = 4095;
/// Depths are stored plus this offset so that quiescence (0) and evaluation-only (-1)
/// entries fit and a stored depth is never 0, which marks an empty slot.
const DEPTH_OFFSET: i32 = 2;

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Cluster {
    slots: [Slot; ENTRIES_PER_CLUSTER],
}

fn pack(mv: Option<Move>, score: i32, eval: i32, depth: i32, bound: u8, generation: u8) -> u64 {
    let mv = mv.map_or(0, |m| u64::from(m.bits())) & 0x1F_FFFF;
    let score = u64::from(score.clamp(-32_767, 32_767) as i16 as u16);
    let eval = (eval.clamp(-EVAL_LIMIT, EVAL_LIMIT) as u64) & 0x1FFF;
    let depth = (depth + DEPTH_OFFSET).clamp(1, 127) as u64;
    mv | score << 21
        | eval << 37
        | depth << 50
        | u64::from(bound & 3) << 57
        | u64::from(generation & GENERATION_MASK) << 59
}

fn unpack(data: u64) -> TtEntry {
    let eval_bits = (data >> 37 & 0x1FFF) as i32;
    let eval = if eval_bits >= 0x1000 { eval_bits - 0x2000 } else { eval_bits };
    TtEntry {
        mv: Move::from_bits((data & 0x1F_FFFF) as u32),
        score: i32::from((data >> 21) as u16 as i16),
        eval,
        depth: (data >> 50 & 0x7F) as i32 - DEPTH_OFFSET,
        bound: match data >> 57 & 3 {
            1 => Some(Bound::Upper),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Exact),
            _ => None,
        },
    }
}

#[inline(always)]
fn stored_depth(data: u64) -> i32 {
    (data >> 50 & 0x7F) as i32
}

#[inline(always)]
fn stored_generation(data: u64) -> u8 {
    (data >> 59) as u8 & GENERATION_MASK
}

/// An entry slot holds something (a zero word is an empty slot).
#[inline(always)]
fn occupied(data: u64) -> bool {
    data >> 50 != 0
}

/// The shared hash table.
pub struct TranspositionTable {
    clusters: Vec<Cluster>,
    generation: AtomicU8,
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TranspositionTable({} MB)", self.size_mb())
    }
}

impl TranspositionTable {
    /// A table of `mb` megabytes (at least one cluster). The memory comes zeroed from the
    /// allocator, so even a large table costs nothing until its pages are touched.
    ///
    /// # Panics
    /// If the allocator cannot give the memory: for sizes the user chooses, see
    /// [`TranspositionTable::try_new`].
    pub fn new(mb: usize) -> Self {
        Self::try_new(mb).unwrap_or_else(|| panic!("cannot allocate a {mb} MB hash table"))
    }

    /// A table of `mb` megabytes, or `None` if the allocator refuses (it is asked for
    /// zeroed memory, so the refusal comes at once, not when the pages are touched).
    pub fn try_new(mb: usize) -> Option<Self> {
        let count = (mb.max(1).checked_mul(1 << 20)? / std::mem::size_of::<Cluster>()).max(1);
        let layout = std::alloc::Layout::array::<Cluster>(count).ok()?;
        // SAFETY: the layout is non-empty; an all-zero `Cluster` is a valid value (atomic
        // integers of zero), so the zeroed allocation holds `count` initialised clusters,
        // and the vector takes ownership of exactly that allocation.
        let clusters = unsafe {
            let memory = std::alloc::alloc_zeroed(layout) as *mut Cluster;
            if memory.is_null() {
                return None;
            }
            Vec::from_raw_parts(memory, count, count)
        };
        Some(TranspositionTable { clusters, generation: AtomicU8::new(0) })
    }

    /// The bytes a table of `mb` megabytes takes.
    pub fn bytes_for(mb: usize) -> u64 {
        (mb.max(1) as u64) << 20
    }

    pub fn size_mb(&self) -> usize {
        (self.clusters.len() * std::mem::size_of::<Cluster>()) >> 20
    }

    /// Empties every entry.
    pub fn clear(&self) {
        for cluster in &self.clusters {
            for slot in &cluster.slots {
                slot.check.store(0, Ordering::Relaxed);
                slot.data.store(0, Ordering::Relaxed);
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: entries written from now on are of a new generation.
    pub fn new_search(&self) {
        let next = self.generation.load(Ordering::Relaxed).wrapping_add(1) & GENERATION_MASK;
        self.generation.store(next, Ordering::Relaxed);
    }

    #[inline(always)]
    fn cluster(&self, key: u64) -> &Cluster {
        let index = ((u128::from(key) * self.clusters.len() as u128) >> 64) as usize;
        // SAFETY: index < len because key < 2^64.
        unsafe { self.clusters.get_unchecked(index) }
    }

    /// Hints the processor to fetch the cluster of `key`.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let address = self.cluster(key) as *const Cluster as *const i8;
            // SAFETY: prefetching any address is harmless; this one is valid anyway.
            unsafe { std::arch::x86_64::_mm_prefetch(address, std::arch::x86_64::_MM_HINT_T0) };
        }
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        for slot in &self.cluster(key).slots {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == key && occupied(data) {
                return Some(unpack(data));
            }
        }
        None
    }

    /// Stores a search result for `key`; `bound` is `None` to record only an evaluation.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(
        &self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Option<Bound>,
    ) {
        let generation = self.generation.load(Ordering::Relaxed);
        let cluster = self.cluster(key);
        let mut target = &cluster.slots[0];
        let mut target_worth = i32::MAX;
        let mut same_key = false;
        for slot in &cluster.slots {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if !occupied(data) || check ^ data == key {
                same_key = occupied(data);
                target = slot;
                break;
            }
            let age = i32::from(generation.wrapping_sub(stored_generation(data)) & GENERATION_MASK);
            let worth = stored_depth(data) - 8 * age;
            if worth < target_worth {
                target_worth = worth;
                target = slot;
            }
        }
        let bound_bits = bound.map_or(0, |b| b as u8);
        let mut mv = mv;
        if same_key {
            let old = target.data.load(Ordering::Relaxed);
            let old_entry = unpack(old);
            if mv.is_none() {
                mv = old_entry.mv;
            }
            let fresh = stored_generation(old) != generation;
            if bound != Some(Bound::Exact) && !fresh && depth + DEPTH_OFFSET + 3 < stored_depth(old)
            {
                return;
            }
        }
        let data = pack(mv, score, eval, depth, bound_bits, generation);
        target.data.store(data, Ordering::Relaxed);
        target.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Per mille of the sampled entries written by the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let mut used = 0u32;
        let mut sampled = 0;
        for cluster in self.clusters.iter().take(1000 / ENTRIES_PER_CLUSTER) {
            for slot in &cluster.slots {
                let data = slot.data.load(Ordering::Relaxed);
                sampled += 1;
                if occupied(data) && stored_generation(data) == generation {
                    used += 1;
                }
            }
        }
        (used * 1000).checked_div(sampled).unwrap_or(0)
    }
}

impl Default for TranspositionTable {
    fn default() -> Self {
        TranspositionTable::new(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ekumen_movegen::{MoveKind, Square};

    #[test]
    fn an_entry_reads_back_as_written() {
        let tt = TranspositionTable::new(1);
        let mv = Move::new(Square::new(12), Square::new(28), MoveKind::Normal);
        for (score, eval, depth, bound) in [
            (31_990, -4000, 40, Bound::Lower),
            (-150, 77, 0, Bound::Exact),
            (3, -1, -1, Bound::Upper),
        ] {
            let key = 0xDEAD_BEEF_0000_0001u64.wrapping_mul(score as u64 + 17);
            tt.store(key, Some(mv), score, eval, depth, Some(bound));
            let entry = tt.probe(key).expect("stored");
            assert_eq!(entry, TtEntry { mv: Some(mv), score, eval, depth, bound: Some(bound) });
        }
        assert_eq!(tt.probe(42), None);
    }

    #[test]
    fn a_size_beyond_the_address_space_is_refused_not_aborted() {
        assert!(TranspositionTable::try_new(usize::MAX).is_none());
        assert!(TranspositionTable::try_new(usize::MAX >> 20).is_none());
        assert_eq!(TranspositionTable::try_new(2).map(|t| t.size_mb()), Some(2));
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let tt = TranspositionTable::new(1);
        let key = 0x1234_5678_9ABC_DEF0;
        tt.store(key, None, 10, 10, 5, Some(Bound::Exact));
        let slot = &tt.cluster(key).slots[0];
        slot.data.store(slot.data.load(Ordering::Relaxed) ^ (1 << 21), Ordering::Relaxed);
        assert_eq!(tt.probe(key), None);
    }

    #[test]
    fn hashfull_counts_this_search_only() {
        let tt = TranspositionTable::new(1);
        for key in 0..200_000u64 {
            tt.store(key.wrapping_mul(0x9E37_79B9_7F4A_7C15), None, 0, 0, 1, Some(Bound::Exact));
        }
        assert!(tt.hashfull() > 500);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }
}
