//! The nets compiled into the engine, one per variant of the list
//! ([`ekumen_movegen::variants!`]), so that a fresh build plays with them and reads no
//! file. A variant's net is `nnue/nets/<variant>.nnue`; shipping a new one is replacing
//! that file, and an empty file stands for a variant that has no net yet (it plays with
//! its classical evaluation). Each net is loaded by a test, so a net that does not fit
//! its variant's inputs fails the tests rather than a game.

use crate::features::Inputs;

/// Lists every variant's net file, `nets/<variant>.nnue`, by variant name.
macro_rules! nets {
    ([] $($file:ident => $variant:ident,)*) => {
        /// The built-in nets by variant name; empty for a variant without a net yet.
        pub const NETS: &[(&str, &[u8])] = &[
            $((
                <ekumen_movegen::variants::$variant as ekumen_movegen::Variant>::NAME,
                include_bytes!(concat!("../nets/", stringify!($file), ".nnue")),
            ),)*
        ];
    };
}
ekumen_movegen::variants!([nets]);

/// The bytes of `V`'s built-in net, if it has one.
pub fn net_bytes<V: Inputs>() -> Option<&'static [u8]> {
    net_in(NETS, V::NAME)
}

/// The net of `variant` in `nets`, unless its file is empty.
fn net_in(nets: &[(&str, &'static [u8])], variant: &str) -> Option<&'static [u8]> {
    nets.iter().find(|(name, bytes)| *name == variant && !bytes.is_empty()).map(|&(_, bytes)| bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_net_file_is_no_net() {
        let nets: &[(&str, &[u8])] = &[("chess", b"net"), ("newcomer", b"")];
        assert_eq!(net_in(nets, "chess"), Some(&b"net"[..]));
        assert_eq!(net_in(nets, "newcomer"), None);
        assert_eq!(net_in(nets, "xiangqi"), None);
    }
}
