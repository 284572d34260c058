//! Ekumen's efficiently updatable network evaluation.
//!
//! - [`features`]: the inputs, one per (man, square) and per man in hand, from each side's
//!   perspective; shared with the trainer, so that both read positions alike.
//! - [`file`]: the net file format, written by `ekumen-train` and loaded by the engine.
//! - [`sample`]: the training samples `ekumen datagen` writes and `ekumen-train` reads.

pub mod features;
pub mod file;
pub mod sample;
