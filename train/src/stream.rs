//! Training samples streamed from the data store, in bounded memory.
//!
//! The store is read a few chunks at a time, one for each thread of the pool, in
//! parallel: each chunk's games are replayed (`ekumen_records`), and their quiet positions
//! become samples, with their mirror images where the variant mirrors. The chunks' samples
//! then go, in the epoch's order, into a buffer of at most `buffer` samples; a full buffer
//! is shuffled and trained on, then emptied for the next samples. The buffer so holds the
//! same samples in the same order whatever the number of threads. The chunks' order is
//! shuffled anew every epoch, so a buffer mixes the games of many chunks, and a sample's
//! neighbours in a batch change from one epoch to the next. The memory held is the buffer,
//! the validation set, and for each thread one chunk's records and samples, whatever the
//! store's size: a chess sample takes about 150 bytes (its lit inputs from both sides,
//! 128 bytes with 32 men, and its target, bucket and place), so the default buffer of 2
//! million samples holds about 300 MB, and a chunk of 100,000 positions searched about 20
//! MB (docs/nnue.md, "Training", has the measured figures).
//!
//! Validation holds out whole games: a game is held out when a hash of its chunk's name
//! and its number in the chunk falls in the validation share, which keeps the choice the
//! same in every epoch and in every run, whatever order the chunks are read in. The
//! validation set is read once, before the first epoch, up to `validation_cap` samples.

use std::path::PathBuf;

use ekumen_movegen::{mix, Rng, VariantId};
use ekumen_nnue::features::Inputs;
use ekumen_nnue::file::fnv1a;
use ekumen_nnue::sample::Sample;
use ekumen_records::manifest::{self, Entry};
use ekumen_records::store::read_chunk;
use ekumen_records::{chunk, Visit};
use rayon::prelude::*;

use crate::data::{Dataset, Targets};
use crate::trainer::Trainer;

/// What to read from the store, and how.
#[derive(Clone, Debug)]
pub struct StreamConfig {
    pub targets: Targets,
    pub buckets: usize,
    pub mirror: bool,
    /// Samples (mirror images included) trained on at once.
    pub buffer: usize,
    /// Hold out one game in this many (0: none).
    pub validation_every: u32,
    /// The most validation samples kept.
    pub validation_cap: usize,
    /// Searched positions at each game's start that give no sample.
    pub skipped: usize,
}

/// The chunks of one or more variant folders of the store.
#[derive(Clone, Debug)]
pub struct StoreSource {
    chunks: Vec<(PathBuf, Entry)>,
}

/// What the first pass over the store found.
#[derive(Clone, Debug, Default)]
pub struct Survey {
    /// The held-out games' samples, up to the cap.
    pub validation: Dataset,
    pub games: u64,
    /// Quiet positions of the training games (mirror images not counted).
    pub training_positions: u64,
    /// The most men, on the board and in hand, of a sample: a bound on the inputs lit.
    pub most_men: usize,
}

/// What a pass over the store found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PassCounts {
    pub games: u64,
    /// Samples trained on, mirror images included.
    pub samples: u64,
    /// The most samples the buffer held: at most `buffer` and a mirror image.
    pub largest_buffer: usize,
}

impl StoreSource {
    /// The chunks listed in the manifests of `dirs`; with `newest`, only the newest that
    /// many of each folder.
    ///
    /// # Errors
    /// A manifest that does not read, or folders without a chunk.
    pub fn open(dirs: &[PathBuf], newest: Option<usize>) -> Result<StoreSource, String> {
        let mut chunks = Vec::new();
        for dir in dirs {
            let entries = manifest::read(dir)?;
            let skip = newest.map_or(0, |n| entries.len().saturating_sub(n));
            chunks.extend(entries.into_iter().skip(skip).map(|entry| (dir.clone(), entry)));
        }
        if chunks.is_empty() {
            return Err(format!("no chunk listed in {}", list(dirs)));
        }
        Ok(StoreSource { chunks })
    }

    /// The chunks read.
    pub fn chunks(&self) -> usize {
        self.chunks.len()
    }

    /// Games and positions searched in the chunks, from their manifest lines.
    pub fn listed(&self) -> (u64, u64) {
        self.chunks.iter().fold((0, 0), |(g, p), (_, e)| (g + e.games, p + e.positions))
    }

    /// Reads the whole store once: the held-out games' samples (up to the cap), and what
    /// an epoch will read.
    ///
    /// # Errors
    /// A chunk that fails its checks.
    pub fn survey<V: Inputs>(
        &self,
        config: &StreamConfig,
        progress: impl FnMut(usize, usize),
    ) -> Result<Survey, String> {
        let mut survey = Survey { validation: Dataset::with_mirror(false), ..Survey::default() };
        let order: Vec<usize> = (0..self.chunks.len()).collect();
        let wanted = Wanted { training: false, held_out: true };
        self.replay_in_order::<V>(&order, config, wanted, progress, |chunk| {
            survey.games += chunk.games;
            survey.training_positions += chunk.training_positions;
            survey.most_men = survey.most_men.max(chunk.most_men);
            let room = config.validation_cap.saturating_sub(survey.validation.len());
            survey.validation.extend_from(&chunk.held_out, 0..chunk.held_out.len().min(room));
        })?;
        Ok(survey)
    }

    /// One epoch: every chunk in an order drawn for the epoch, its training games'
    /// samples buffered and trained on a buffer at a time. Returns the mean training
    /// loss and what was read.
    ///
    /// # Errors
    /// A chunk that fails its checks.
    pub fn epoch<V: Inputs>(
        &self,
        trainer: &mut Trainer,
        config: &StreamConfig,
        buffer: &mut Dataset,
        progress: impl FnMut(usize, usize),
    ) -> Result<(f64, PassCounts), String> {
        let epoch = trainer.epochs_done + 1;
        let mut order: Vec<usize> = (0..self.chunks.len()).collect();
        Rng::new(trainer.shuffle_seed(epoch, 0)).shuffle(&mut order);
        let mut loss = 0.0;
        let mut counts = PassCounts::default();
        let mut buffers = 0;
        buffer.clear();
        let mut train = |buffer: &mut Dataset, trainer: &mut Trainer| {
            counts.samples += buffer.len() as u64;
            counts.largest_buffer = counts.largest_buffer.max(buffer.len());
            let mut samples: Vec<u32> = (0..buffer.len() as u32).collect();
            buffers += 1;
            Rng::new(trainer.shuffle_seed(epoch, buffers)).shuffle(&mut samples);
            loss += trainer.train_in_order(buffer, &samples, epoch);
            buffer.clear();
        };
        let wanted = Wanted { training: true, held_out: false };
        self.replay_in_order::<V>(&order, config, wanted, progress, |chunk| {
            counts.games += chunk.games;
            let samples = &chunk.training;
            let mut next = 0;
            while next < samples.len() {
                // Fill the buffer to its size, then finish the last position's pair: a
                // buffer holds whole pairs of a position and its mirror image.
                let room = config.buffer.saturating_sub(buffer.len()).max(1);
                let mut end = (next + room).min(samples.len());
                while end < samples.len() && samples.is_mirror(end) {
                    end += 1;
                }
                buffer.extend_from(samples, next..end);
                next = end;
                if buffer.len() >= config.buffer {
                    train(buffer, trainer);
                }
            }
        })?;
        if !buffer.is_empty() {
            train(buffer, trainer);
        }
        trainer.finish_epoch(epoch);
        Ok((loss / counts.samples.max(1) as f64, counts))
    }

    /// Replays the chunks `order`, as many at once as the thread pool has threads, and
    /// hands what each gave to `take` in `order`'s order: the same samples in the same
    /// order whatever the number of threads.
    fn replay_in_order<V: Inputs>(
        &self,
        order: &[usize],
        config: &StreamConfig,
        wanted: Wanted,
        mut progress: impl FnMut(usize, usize),
        mut take: impl FnMut(ChunkSamples),
    ) -> Result<(), String> {
        let mut done = 0;
        for group in order.chunks(rayon::current_num_threads().max(1)) {
            let replayed: Vec<Result<ChunkSamples, String>> = group
                .par_iter()
                .map(|&index| {
                    let (dir, entry) = &self.chunks[index];
                    Self::replay::<V>(dir, entry, config, wanted)
                })
                .collect();
            for chunk in replayed {
                take(chunk?);
                done += 1;
                progress(done, self.chunks.len());
            }
        }
        Ok(())
    }

    /// Replays a chunk: its quiet positions' samples, those of the training games and
    /// those of the held-out games apart, as `wanted`.
    fn replay<V: Inputs>(
        dir: &std::path::Path,
        entry: &Entry,
        config: &StreamConfig,
        wanted: Wanted,
    ) -> Result<ChunkSamples, String> {
        let variant = VariantId::from_name(V::NAME).expect("one of the variants");
        let records =
            read_chunk(dir, variant, entry).map_err(|e| format!("{}: {e}", dir.display()))?;
        let chunk_hash = fnv1a(entry.chunk.as_bytes());
        let mut samples = ChunkSamples {
            games: 0,
            training_positions: 0,
            most_men: 0,
            training: Dataset::with_mirror(config.mirror),
            held_out: Dataset::with_mirror(false),
        };
        let mut game = 0u64;
        let mut held_out = false;
        let games = chunk::replay_all::<V>(&records, |visit: &Visit<'_, V>| {
            if visit.index == 0 {
                held_out = is_held_out(chunk_hash, game, config.validation_every);
                game += 1;
            }
            if !visit.is_quiet(config.skipped) {
                return;
            }
            let cp = visit.score.cp().expect("a quiet position has a centipawn score");
            let ply = visit.index.min(usize::from(u16::MAX)) as u16;
            let sample = Sample::of(visit.pos, cp, visit.result, ply);
            samples.most_men = samples.most_men.max(sample.men_count());
            if held_out {
                if wanted.held_out {
                    samples.held_out.push::<V>(&sample, &config.targets, config.buckets);
                }
            } else {
                samples.training_positions += 1;
                if wanted.training {
                    samples.training.push::<V>(&sample, &config.targets, config.buckets);
                }
            }
        })
        .map_err(|e| format!("{}: {}: {e}", dir.display(), entry.chunk))?;
        samples.games = games.len() as u64;
        Ok(samples)
    }
}

/// Which of a chunk's samples to keep.
#[derive(Clone, Copy, Debug)]
struct Wanted {
    training: bool,
    held_out: bool,
}

/// What replaying one chunk gave.
struct ChunkSamples {
    games: u64,
    /// Quiet positions of the training games (mirror images not counted).
    training_positions: u64,
    most_men: usize,
    /// The training games' samples, with their mirror images, if wanted.
    training: Dataset,
    /// The held-out games' samples, if wanted.
    held_out: Dataset,
}

/// Whether game `game` of the chunk hashed `chunk_hash` is held out for validation.
fn is_held_out(chunk_hash: u64, game: u64, every: u32) -> bool {
    every > 0
        && mix(chunk_hash ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .is_multiple_of(u64::from(every))
}

fn list(dirs: &[PathBuf]) -> String {
    dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", ")
}
