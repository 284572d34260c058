//! The project's one random generator (xorshift64*), and SplitMix64's finaliser for
//! mixing numbers into seeds: the same numbers on every platform and no dependency.
//!
//! The magic search draws its candidates from it; the bench, the match runner's openings,
//! data generation, training's shuffles and the weakened engine's choices draw from it;
//! the tests draw their random games, placements and fuzzed input. None of these needs
//! more than a fast generator whose sequence a seed fixes.

use std::time::{SystemTime, UNIX_EPOCH};

/// xorshift64*.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed` (zero, a state xorshift never leaves, counts as one).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    /// A generator seeded by the clock: another sequence every run.
    pub fn from_clock() -> Rng {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(1, |d| d.as_nanos());
        Rng::new(mix(nanos as u64 ^ (nanos >> 64) as u64))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// One of `items` (not empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Puts `items` in a random order (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// SplitMix64's finaliser: a bijection of `u64` in which every input bit moves about half
/// the output bits, so seeds made of a run's seed and a small counter (a game, an epoch)
/// start unrelated sequences. A `const fn`, for the Zobrist keys made at compile time.
pub const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_seeds_a_live_generator() {
        let mut rng = Rng::new(0);
        let draws: Vec<u64> = (0..4).map(|_| rng.next_u64()).collect();
        assert!(draws.iter().all(|&d| d != 0) && draws[0] != draws[1], "{draws:?}");
    }

    #[test]
    fn shuffles_with_the_seed() {
        let mut a: Vec<u32> = (0..20).collect();
        let mut b = a.clone();
        Rng::new(5).shuffle(&mut a);
        Rng::new(5).shuffle(&mut b);
        assert_eq!(a, b);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
        assert_ne!(a, sorted);
    }

    #[test]
    fn mix_is_splitmix64s_finaliser() {
        // SplitMix64 seeded 0 gives 0xE220A8397B1DCDAF first: the finaliser of its
        // golden-ratio step.
        assert_eq!(mix(0x9E37_79B9_7F4A_7C15), 0xE220_A839_7B1D_CDAF);
        assert_eq!(mix(0), 0);
    }
}
