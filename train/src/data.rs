//! Training data in memory.
//!
//! Each sample's lit inputs are computed once, when the samples are loaded, for both
//! perspectives: the side to move's, then the other side's, as `u16` input indices in one
//! flat array (a chess sample with 32 men takes 128 bytes). Its target and output bucket
//! are computed then too, so an epoch reads nothing but these arrays.
//!
//! With mirroring on (`mirror`), each position of a variant whose positions mirror is
//! stored a second time, turned left to right, as a sample of the same game marked as a
//! mirror: training uses both, validation only the positions as they were played.
//!
//! Validation holds out whole games, so that no position of a held-out game has a
//! near-twin among the training positions. A game starts where a sample's ply does not
//! increase over the previous sample's (and at the start of every file); with a
//! validation fraction `f`, every `k`-th game, `k = round(1 / f)`, is held out, so the
//! held-out games are spread over the whole data rather than taken from its end.

use std::path::Path;

use ekumen_movegen::Color;
use ekumen_nnue::features::{active_inputs, Inputs};
use ekumen_nnue::sample::{self, samples, Sample};

use crate::mirror::mirrored;

/// How a sample's target probability is made from its score and its game's result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Targets {
    /// The weight of the score; the result gets `1 - lambda`.
    pub lambda: f32,
    /// Centipawns to win probability: `sigmoid(cp / scale)`.
    pub scale: f32,
}

impl Targets {
    /// The target for the side to move: `lambda · sigmoid(score / scale) + (1 - lambda) ·
    /// result`, the result 1 for a win of the side to move, 0.5 for a draw, 0 for a loss.
    pub fn target(&self, sample: &Sample) -> f32 {
        let white_result = sample.result as f32 / 2.0;
        let result = match sample.side {
            Color::White => white_result,
            Color::Black => 1.0 - white_result,
        };
        self.lambda * sigmoid(sample.score as f32 / self.scale) + (1.0 - self.lambda) * result
    }
}

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Samples with their inputs, targets and buckets.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// Sample `i`'s inputs are `inputs[starts[i]..starts[i + 1]]`: the side to move's,
    /// then as many of the other side's.
    inputs: Vec<u16>,
    starts: Vec<usize>,
    targets: Vec<f32>,
    buckets: Vec<u8>,
    /// The game each sample belongs to, numbered from 0 in load order.
    games: Vec<u32>,
    /// Whether each sample is the mirror image of the one before it.
    mirrors: Vec<bool>,
    /// Whether to add each position's mirror image too.
    mirror: bool,
    last_ply: Option<u16>,
    /// The most inputs one perspective saw lit in a sample.
    most_inputs: usize,
}

impl Dataset {
    pub fn new() -> Dataset {
        Dataset { starts: vec![0], ..Dataset::default() }
    }

    /// Empty data that adds each position's mirror image too, in the variants whose
    /// positions mirror, if `mirror`.
    pub fn with_mirror(mirror: bool) -> Dataset {
        Dataset { mirror, ..Dataset::new() }
    }

    /// Adds a sample, and its mirror image if the data mirrors; `buckets` is the net's
    /// number of output buckets.
    pub fn push<V: Inputs>(&mut self, sample: &Sample, targets: &Targets, buckets: usize) {
        assert!(V::INPUTS <= u16::MAX as usize + 1, "inputs must fit u16");
        let new_game = sample::starts_game(self.last_ply, sample.ply);
        let game = self.games.last().map_or(0, |&g| g + new_game as u32);
        self.last_ply = Some(sample.ply);
        self.push_one::<V>(sample, targets, buckets, game, false);
        if self.mirror {
            if let Some(mirror) = mirrored::<V>(sample) {
                self.push_one::<V>(&mirror, targets, buckets, game, true);
            }
        }
    }

    fn push_one<V: Inputs>(
        &mut self,
        sample: &Sample,
        targets: &Targets,
        buckets: usize,
        game: u32,
        mirror: bool,
    ) {
        let mut lit = Vec::with_capacity(2 * sample.men.len());
        for perspective in [sample.side, !sample.side] {
            let before = lit.len();
            active_inputs::<V>(perspective, sample.men.iter().copied(), &sample.hands, &mut lit);
            self.most_inputs = self.most_inputs.max(lit.len() - before);
        }
        self.inputs.extend(lit.iter().map(|&i| i as u16));
        self.starts.push(self.inputs.len());
        self.targets.push(targets.target(sample));
        self.buckets.push(V::output_bucket(sample.men_count(), buckets) as u8);
        self.games.push(game);
        self.mirrors.push(mirror);
    }

    /// Adds the samples `range` of `other`, as they are (inputs, target, bucket, mirror
    /// mark), their games numbered on from this data's last.
    pub fn extend_from(&mut self, other: &Dataset, range: std::ops::Range<usize>) {
        if range.is_empty() {
            return;
        }
        let first_game = self.games.last().map_or(0, |&g| g + 1);
        let offset = first_game.wrapping_sub(other.games[range.start]);
        let base = self.inputs.len().wrapping_sub(other.starts[range.start]);
        self.inputs
            .extend_from_slice(&other.inputs[other.starts[range.start]..other.starts[range.end]]);
        self.starts.extend(
            other.starts[range.start + 1..=range.end].iter().map(|&s| s.wrapping_add(base)),
        );
        self.targets.extend_from_slice(&other.targets[range.clone()]);
        self.buckets.extend_from_slice(&other.buckets[range.clone()]);
        self.games.extend(other.games[range.clone()].iter().map(|&g| g.wrapping_add(offset)));
        self.mirrors.extend_from_slice(&other.mirrors[range]);
        self.most_inputs = self.most_inputs.max(other.most_inputs);
        self.last_ply = None;
    }

    /// Whether sample `i` is the mirror image of the one before it.
    pub fn is_mirror(&self, i: usize) -> bool {
        self.mirrors[i]
    }

    /// Adds every sample of a sample file's bytes; the next sample starts a new game.
    pub fn extend_from_bytes<V: Inputs>(
        &mut self,
        bytes: &[u8],
        targets: &Targets,
        buckets: usize,
    ) -> Result<usize, String> {
        self.last_ply = None;
        let mut count = 0;
        for sample in samples::<V>(bytes) {
            self.push::<V>(&sample?, targets, buckets);
            count += 1;
        }
        self.last_ply = None;
        Ok(count)
    }

    /// Loads sample files, adding each position's mirror image too if `mirror`.
    pub fn load<V: Inputs>(
        paths: &[impl AsRef<Path>],
        targets: &Targets,
        buckets: usize,
        mirror: bool,
    ) -> Result<Dataset, String> {
        let mut data = Dataset::with_mirror(mirror);
        for path in paths {
            let path = path.as_ref();
            let bytes =
                std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            data.extend_from_bytes::<V>(&bytes, targets, buckets)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(data)
    }

    /// Drops every sample, keeping the memory for the next ones.
    pub fn clear(&mut self) {
        self.inputs.clear();
        self.starts.truncate(1);
        self.targets.clear();
        self.buckets.clear();
        self.games.clear();
        self.mirrors.clear();
        self.last_ply = None;
    }

    /// The bytes the samples' arrays hold, mirror images included.
    pub fn heap_bytes(&self) -> usize {
        self.inputs.capacity() * 2
            + self.starts.capacity() * std::mem::size_of::<usize>()
            + self.targets.capacity() * 4
            + self.buckets.capacity()
            + self.games.capacity() * 4
            + self.mirrors.capacity()
    }

    /// The samples, mirror images included.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// The samples that are mirror images of others.
    pub fn mirror_images(&self) -> usize {
        self.mirrors.iter().filter(|&&m| m).count()
    }

    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// The games the samples come from.
    pub fn games(&self) -> usize {
        self.games.last().map_or(0, |&g| g as usize + 1)
    }

    /// The most inputs one perspective saw lit in a sample.
    pub fn most_inputs(&self) -> usize {
        self.most_inputs
    }

    /// Sample `i`'s lit inputs: the side to move's and the other side's.
    #[inline(always)]
    pub fn inputs(&self, i: usize) -> (&[u16], &[u16]) {
        let both = &self.inputs[self.starts[i]..self.starts[i + 1]];
        both.split_at(both.len() / 2)
    }

    /// Asks the processor to start fetching sample `i`'s inputs, target and bucket. The
    /// samples of a batch lie at random in a buffer far larger than the caches; fetching
    /// the next one while the current one trains hides part of that wait.
    #[inline(always)]
    pub fn prefetch(&self, i: usize) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let inputs = self.inputs[self.starts[i]..].as_ptr();
            // SAFETY: a prefetch reads nothing and cannot fault, even at an address past
            // the end of the inputs (a short sample's second line).
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(inputs.cast());
                _mm_prefetch::<_MM_HINT_T0>(inputs.wrapping_add(32).cast());
                _mm_prefetch::<_MM_HINT_T0>((&self.targets[i] as *const f32).cast());
                _mm_prefetch::<_MM_HINT_T0>((&self.buckets[i] as *const u8).cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }

    #[inline(always)]
    pub fn target(&self, i: usize) -> f32 {
        self.targets[i]
    }

    #[inline(always)]
    pub fn bucket(&self, i: usize) -> usize {
        self.buckets[i] as usize
    }

    /// Splits the samples into training and validation, holding out every `k`-th game,
    /// `k = round(1 / fraction)` (none for a fraction of 0). The mirror images of the
    /// held-out positions are in neither.
    pub fn split(&self, fraction: f64) -> Split {
        let every = if fraction > 0.0 { (1.0 / fraction).round().max(1.0) as u32 } else { 0 };
        let mut split = Split::default();
        for (i, (&game, &mirror)) in self.games.iter().zip(&self.mirrors).enumerate() {
            if every > 0 && game % every == every - 1 {
                if !mirror {
                    split.validation.push(i as u32);
                }
            } else {
                split.training.push(i as u32);
            }
        }
        split
    }
}

/// Sample indices for training and for validation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Split {
    pub training: Vec<u32>,
    pub validation: Vec<u32>,
}
