//! Trains Ekumen's network evaluation (the net `ekumen-nnue` describes) on the CPU.
//!
//! - [`convert`]: turns sample files into records of the data store.
//! - [`data`]: samples in memory, each with its lit inputs from both sides computed once,
//!   and the split of whole games between training and validation.
//! - [`import`]: turns scored FEN text (`fen;score;result`) into sample files.
//! - [`mirror`]: which variants' positions mirror left to right, and the mirrored sample.
//! - [`net`]: the float net: forward pass, backward pass, quantization to a net file.
//! - [`optimizer`]: AdamW, the learning-rate schedule and the weight bounds that keep the
//!   quantized net inside its integer types.
//! - [`quantized`]: a plain scalar evaluation of a net file, the reference the float net
//!   is checked against.
//! - [`stream`]: samples derived from the data store's game records, streamed through a
//!   bounded buffer.
//! - [`trainer`]: epochs, data-parallel mini-batches, checkpoints.

pub mod convert;
pub mod data;
pub mod import;
pub mod mirror;
pub mod net;
pub mod optimizer;
pub mod quantized;
pub mod stream;
pub mod trainer;
