//! Ekumen's efficiently updatable network evaluation.
//!
//! - [`built_in`]: the nets compiled into the engine.
//! - [`features`]: the inputs, one per (man, square) and per man in hand, from each side's
//!   perspective; shared with the trainer, so that both read positions alike.
//! - [`file`](mod@file): the net file format, written by `ekumen-train` and loaded by the
//!   engine.
//! - [`sample`]: the training samples `ekumen datagen` writes and `ekumen-train` reads.
//! - [`network`]: a loaded net and its output layer.
//! - [`accumulator`]: the first layer's sums, refreshed or updated move by move, and the
//!   stack of them the search keeps.
//! - [`kernels`]: the vector loops both spend their time in.
//! - [`random_net`]: random nets, for tests and speed measurements.
//!
//! How the search uses it: load the net once, `Network::<Chess>::load(&bytes)` with the
//! bytes of a net file ([`Network::load`]; a [`NetError`] says what is wrong with a bad
//! one). Each search thread owns an [`AccumulatorStack`], made once with
//! [`AccumulatorStack::new`] and [`AccumulatorStack::reset`] to the root position at the
//! start of each search. After every `make_move` or `make_null` it calls
//! [`AccumulatorStack::push_move`] with the position after the move, and
//! [`AccumulatorStack::pop`] with every `unmake_move` or `unmake_null`;
//! [`AccumulatorStack::evaluate`] gives the score of the current position in centipawns
//! for the side to move. Pushes only note the move's changes (read from
//! [`ekumen_movegen::Position::last_changes`]); the work happens in `evaluate`, so a node
//! that is never evaluated costs nothing. Nothing allocates after `new` in lines up to
//! [`accumulator::STACK_DEPTH`] plies.

pub mod accumulator;
pub mod built_in;
pub mod features;
pub mod file;
pub mod kernels;
pub mod network;
pub mod random_net;
pub mod sample;

pub use accumulator::{Accumulator, AccumulatorStack};
pub use file::{NetError, NetFile};
pub use network::Network;
