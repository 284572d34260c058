//! Epochs of mini-batch training, and checkpoints to resume them.
//!
//! Each epoch visits the training samples in an order shuffled by a generator seeded
//! from the run's seed and the epoch's number, so that an epoch's order does not depend
//! on the epochs before it: a checkpoint needs only the epoch count to restore the
//! "random state", and a resumed run repeats an uninterrupted one exactly.
//!
//! A batch is cut into one chunk per worker (rayon); each worker adds its chunk's gradient
//! into its own dense buffer, and the buffers are summed in worker order, so a run is
//! repeatable for a given number of threads.
//!
//! A checkpoint (`DIR/checkpoint.bin`, replaced atomically) holds the net's shape and its
//! count of shared rows (`net::Factoriser`), the seed, the epochs done, the float
//! parameters and AdamW's moments and step count, all little-endian, followed by an
//! FNV-1a hash of the rest.

use std::path::Path;

use ekumen_movegen::{mix, Rng};
use ekumen_nnue::file::{fnv1a, Activation, Quantization, Shape};
use rayon::prelude::*;

use crate::data::Dataset;
use crate::net::{Factoriser, Layout, Net, Scratch};
use crate::optimizer::{AdamW, Bounds, Schedule};

/// What a training run is asked to do, beyond its data.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub shape: Shape,
    pub quantization: Quantization,
    /// Shared rows for the board inputs while training, if any.
    pub factoriser: Option<Factoriser>,
    pub batch: usize,
    pub schedule: Schedule,
    pub weight_decay: f32,
    /// Centipawns to win probability: `sigmoid(cp / scale)`.
    pub scale: f32,
    pub seed: u64,
    /// Parallel workers per batch.
    pub workers: usize,
    pub bounds: Bounds,
}

/// A training run's state: what a checkpoint saves.
#[derive(Clone, Debug, PartialEq)]
pub struct Trainer {
    pub config: Config,
    pub net: Net,
    pub optimizer: AdamW,
    pub epochs_done: usize,
}

/// One worker's gradient buffer and scratch.
#[derive(Debug)]
struct Worker {
    grad: Vec<f32>,
    scratch: Scratch,
}

impl Trainer {
    /// A new run, its net drawn from the seed.
    pub fn new(config: Config) -> Trainer {
        let net = Net::random(config.shape, config.quantization, config.factoriser, config.seed);
        let optimizer = AdamW::new(net.params.len());
        Trainer { config, net, optimizer, epochs_done: 0 }
    }

    /// Trains one more epoch on the samples `training`; returns its mean loss.
    pub fn epoch(&mut self, data: &Dataset, training: &[u32]) -> f64 {
        let epoch = self.epochs_done + 1;
        let mut order = training.to_vec();
        Rng::new(epoch_seed(self.config.seed, epoch)).shuffle(&mut order);
        let loss = self.train_in_order(data, &order, epoch);
        self.epochs_done = epoch;
        loss / training.len().max(1) as f64
    }

    /// Trains on the samples `order` of `data`, in that order, a batch at a time, at epoch
    /// `epoch`'s learning rate; returns the sum of their losses. An epoch streamed from the
    /// data store calls this once per buffer, then [`Trainer::finish_epoch`].
    pub fn train_in_order(&mut self, data: &Dataset, order: &[u32], epoch: usize) -> f64 {
        let layout = self.net.layout();
        let mut workers: Vec<Worker> = (0..self.config.workers.max(1))
            .map(|_| Worker { grad: vec![0.0; layout.len()], scratch: Scratch::new(layout.hidden) })
            .collect();
        let lr = self.config.schedule.lr(epoch);
        let mut loss = 0.0;
        for batch in order.chunks(self.config.batch.max(1)) {
            let chunk = batch.len().div_ceil(workers.len());
            let net = &self.net;
            let scale = self.config.scale;
            let used = batch.len().div_ceil(chunk);
            let losses: Vec<f64> = workers
                .par_iter_mut()
                .zip(batch.par_chunks(chunk))
                .map(|(worker, samples)| {
                    worker.grad.fill(0.0);
                    net.accumulate_gradient(
                        data,
                        samples,
                        batch.len(),
                        scale,
                        &mut worker.scratch,
                        &mut worker.grad,
                    )
                })
                .collect();
            loss += losses.iter().sum::<f64>();
            let (first, rest) = workers.split_first_mut().expect("one worker at least");
            for other in &rest[..used - 1] {
                for (g, o) in first.grad.iter_mut().zip(&other.grad) {
                    *g += o;
                }
            }
            self.optimizer.step(
                &mut self.net.params,
                &first.grad,
                &layout,
                lr,
                self.config.weight_decay,
                self.config.bounds,
            );
        }
        loss
    }

    /// Counts epoch `epoch` done, after a streamed epoch's last buffer.
    pub fn finish_epoch(&mut self, epoch: usize) {
        self.epochs_done = epoch;
    }

    /// The generator seed of part `part` of epoch `epoch`: a streamed epoch's chunk order
    /// (part 0) and each buffer's order.
    pub fn shuffle_seed(&self, epoch: usize, part: u64) -> u64 {
        epoch_seed(self.config.seed ^ part.wrapping_mul(0xD6E8_FEB8_6659_FD93), epoch)
    }

    /// The mean loss over `samples`, computed in parallel.
    pub fn loss(&self, data: &Dataset, samples: &[u32]) -> f64 {
        let sums: Vec<f64> = samples
            .par_chunks(4096)
            .map(|chunk| self.net.loss_sum(data, chunk, self.config.scale))
            .collect();
        sums.iter().sum::<f64>() / samples.len().max(1) as f64
    }

    /// Writes the checkpoint to `dir/checkpoint.bin`, through a temporary file.
    pub fn save(&self, dir: &Path) -> Result<(), String> {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let mut out = CHECKPOINT_MAGIC.to_vec();
        let shape = self.config.shape;
        let factors = self.net.layout().factors as u32;
        for n in [shape.inputs, shape.hidden, shape.buckets, shape.activation as u32, factors] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        for n in [self.config.seed, self.epochs_done as u64, self.optimizer.steps] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        for part in [&self.net.params, &self.optimizer.first, &self.optimizer.second] {
            for x in part.iter() {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        let hash = fnv1a(&out);
        out.extend_from_slice(&hash.to_le_bytes());
        let temporary = dir.join("checkpoint.tmp");
        let path = dir.join("checkpoint.bin");
        std::fs::write(&temporary, &out)
            .and_then(|()| std::fs::rename(&temporary, &path))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// The run saved in `dir/checkpoint.bin`, continued under `config`; its shape and seed
    /// must be the config's.
    pub fn resume(config: Config, dir: &Path) -> Result<Trainer, String> {
        let path = dir.join("checkpoint.bin");
        let bytes =
            std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let bad = |why: &str| format!("{}: {why}", path.display());
        if bytes.len() >= 4 && bytes[..4] == *b"EKTC" {
            return Err(bad("a checkpoint of an older format; start the run afresh"));
        }
        if bytes.len() < 8 || bytes[..4] != CHECKPOINT_MAGIC {
            return Err(bad("not a checkpoint"));
        }
        let (body, hash) = bytes.split_at(bytes.len() - 8);
        if fnv1a(body).to_le_bytes() != hash {
            return Err(bad("corrupt (its hash does not match)"));
        }
        let mut at = 4;
        let mut take = |n: usize| {
            let field = body.get(at..at + n).ok_or_else(|| bad("truncated"));
            at += n;
            field
        };
        let mut u32s = [0u32; 5];
        for n in &mut u32s {
            *n = u32::from_le_bytes(take(4)?.try_into().expect("four bytes"));
        }
        let mut u64s = [0u64; 3];
        for n in &mut u64s {
            *n = u64::from_le_bytes(take(8)?.try_into().expect("eight bytes"));
        }
        let activation = match u32s[3] {
            0 => Activation::ClippedRelu,
            1 => Activation::SquaredClippedRelu,
            other => return Err(bad(&format!("activation {other}"))),
        };
        let shape = Shape { inputs: u32s[0], hidden: u32s[1], buckets: u32s[2], activation };
        let factors = Layout::of(&config.shape, config.factoriser).factors;
        if shape != config.shape || u64s[0] != config.seed || u32s[4] as usize != factors {
            return Err(bad(&format!(
                "a run of {shape:?} with {} shared rows, seed {}, not of {:?} with {factors}, seed {}",
                u32s[4], u64s[0], config.shape, config.seed
            )));
        }
        let mut trainer = Trainer::new(config);
        let len = trainer.net.params.len();
        for part in
            [&mut trainer.net.params, &mut trainer.optimizer.first, &mut trainer.optimizer.second]
        {
            let raw = take(4 * len)?;
            for (x, b) in part.iter_mut().zip(raw.chunks_exact(4)) {
                *x = f32::from_le_bytes(b.try_into().expect("four bytes"));
            }
        }
        if at != body.len() {
            return Err(bad("bytes after its parameters"));
        }
        trainer.epochs_done = u64s[1] as usize;
        trainer.optimizer.steps = u64s[2];
        Ok(trainer)
    }
}

const CHECKPOINT_MAGIC: [u8; 4] = *b"EKT2";

/// The shuffling seed of epoch `epoch` of a run seeded `seed` (splitmix64 of the pair).
fn epoch_seed(seed: u64, epoch: usize) -> u64 {
    mix(seed ^ (epoch as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}
