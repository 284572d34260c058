//! The nets compiled into the engine, one per variant at most, so that a fresh build
//! plays with them and reads no file. A variant's net is `nnue/nets/<variant>.nnue`,
//! listed in [`NETS`]; shipping a new one is replacing that file. Each listed net is
//! loaded by a test, so a net that does not fit its variant's inputs fails the tests
//! rather than a game.

use crate::features::Inputs;

/// The built-in nets by variant name.
pub const NETS: &[(&str, &[u8])] = &[
    ("chess", include_bytes!("../nets/chess.nnue")),
    ("gothic", include_bytes!("../nets/gothic.nnue")),
    ("gethenian", include_bytes!("../nets/gethenian.nnue")),
    ("shinobi", include_bytes!("../nets/shinobi.nnue")),
    ("coherent", include_bytes!("../nets/coherent.nnue")),
];

/// The bytes of `V`'s built-in net, if it has one.
pub fn net_bytes<V: Inputs>() -> Option<&'static [u8]> {
    NETS.iter().find(|(variant, _)| *variant == V::NAME).map(|&(_, bytes)| bytes)
}
