//! The variants, one file each, each naming its rules page.

pub mod chess;
pub mod gothic;

pub use chess::Chess;
pub use gothic::Gothic;
