//! Self-play games as compact records, and the data store that keeps them.
//!
//! A record holds a game rather than its positions: the book position it started from,
//! each move with the search score of the position it was played from, and how the game
//! ended ([`game`]). A chess game takes about three bytes a move before compression. The
//! training samples are derived from the records when a net is trained, by replaying the
//! games, so that data generated today can train a net of any future input layout.
//!
//! Records are kept in compressed chunks ([`chunk`]), listed with their counts and
//! checksums in a manifest per variant ([`manifest`]), in the repository's `data/`
//! folder ([`store`]).

pub mod chunk;
pub mod game;
pub mod manifest;
pub mod sha256;
pub mod store;

pub use game::{replay, Ending, GameWriter, Score, Visit};

/// Searched positions at the start of every game that the trainer skips by default.
pub const SKIPPED_SEARCHES: usize = 8;
