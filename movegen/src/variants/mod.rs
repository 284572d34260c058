//! The variants, one file each, each naming its rules page.

pub mod chess;
pub mod coherent;
pub mod gethenian;
pub mod gothic;
pub mod shinobi;

pub use chess::Chess;
pub use coherent::Coherent;
pub use gethenian::Gethenian;
pub use gothic::Gothic;
pub use shinobi::Shinobi;
