//! UCI and USI in the Fairy-Stockfish dialect: parsing what a GUI sends and printing what
//! the engine answers, with no I/O of its own.
//!
//! The engine binary owns the command loop; this crate only turns text into typed values
//! and typed values into text, so every rule about the wire format lives in one place and
//! can be tested without spawning a process:
//!
//! - [`command`]: a line of input → [`Command`], or a [`CommandError`] whose `Display` is
//!   the exact line to print back (`Unknown command: ...` or `info string ...`).
//! - [`options`]: the option table with Fairy-Stockfish's names, types and limits, their
//!   USI spellings (`USI_Hash`, `Move_Overhead`, ...), and value checking.
//! - [`usi`]: USI squares (files counted from the right, ranks as letters from the top),
//!   move strings (`*` drops) and SFEN, as pure functions of the board size.
//! - [`report`]: `info ...` search lines, scores (`cp`, `mate` in moves or plies) and
//!   `bestmove`.
//! - [`display`]: the `d` command's board drawing, computed from a FEN.
//! - [`xboard`]: CECP commands, `feature` lines, thinking lines and results.
//!
//! Parsing happens in two stages, as the protocol boundary asks: this crate checks syntax
//! (numbers are numbers, keywords are where they belong); the engine then checks meaning
//! against the current position (a FEN parses for the variant, a move is legal).

pub mod command;
pub mod display;
pub mod options;
pub mod report;
pub mod usi;
pub mod xboard;

pub use command::{Command, CommandError, GoParams, PositionSetup, Protocol};
pub use options::{OptionError, OptionKind, OptionSpec, OptionValue};
pub use report::{Bound, InfoLine, Score};

/// The engine's name as `id name` prints it.
pub const ENGINE_NAME: &str = "Ekumen";
/// The engine's version, from the crate version.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");
/// `id author`.
pub const ENGINE_AUTHOR: &str = "The Ekumen developers";

/// `id name <name> <version>`.
pub fn id_name() -> String {
    format!("{ENGINE_NAME} {ENGINE_VERSION}")
}
