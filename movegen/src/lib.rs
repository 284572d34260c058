//! Ekumen's rules core: board geometry, variants, positions, FEN, legal move generation,
//! game-end rules, UCI move notation and perft.
//!
//! Everything is generic over a [`Variant`] and monomorphised; [`game::AnyPosition`] is
//! the one place that dispatches on the variant at run time. The variants are listed
//! once, by [`variants!`], from which every crate generates its per-variant code.

pub mod attacks;
pub mod bitboard;
pub mod coherent;
pub mod fen;
pub mod game;
pub mod legality;
pub mod magics;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod position;
pub mod random;
pub mod rules;
pub mod sliders;
pub mod square;
pub mod variant;
pub mod variants;
pub mod variants_ini;
pub mod zobrist;

pub use bitboard::{BitWord, Bitboard};
pub use fen::{rank_tokens, FenError, RankToken};
pub use game::{AnyPosition, VariantId};
pub use moves::{Move, MoveKind, MoveList};
pub use notation::MoveError;
pub use piece::{Color, Piece, PieceType};
pub use position::{Changes, HandChange, Position};
pub use random::{mix, Rng};
pub use rules::{EndReason, GameResult, Outcome};
pub use square::{Geometry, Square};
pub use variant::Variant;
