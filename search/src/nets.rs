//! The net each variant evaluates with: its built-in net
//! ([`ekumen_nnue::built_in`]), or the one `EvalFile` loaded in its place.
//!
//! A net file names its variant, so loading one replaces that variant's net whatever
//! variant is being played. A file that cannot be used (unreadable, not a net, corrupt,
//! truncated, of another shape) is refused with the reason, and the net in use stays.
//! Each search takes the variant's net when it starts (an `Arc`), so a net loaded during
//! a search takes effect at the next one.

use std::path::Path;
use std::sync::{Arc, OnceLock, RwLock};

use ekumen_movegen::{for_variant, AnyPosition, Position, VariantId};
use ekumen_nnue::features::Inputs;
use ekumen_nnue::{built_in, NetError, Network};

/// One variant's net.
#[derive(Debug)]
pub struct NetSlot<V: Inputs> {
    /// The built-in net, decoded on first use.
    built_in: OnceLock<Option<Arc<Network<V>>>>,
    /// A net from `EvalFile`, used in place of the built-in one.
    loaded: RwLock<Option<Arc<Network<V>>>>,
}

impl<V: Inputs> NetSlot<V> {
    pub const fn new() -> Self {
        NetSlot { built_in: OnceLock::new(), loaded: RwLock::new(None) }
    }

    /// The net in use, if the variant has one.
    pub fn current(&self) -> Option<Arc<Network<V>>> {
        let loaded = self.loaded.read().unwrap_or_else(|poisoned| poisoned.into_inner()).clone();
        loaded.or_else(|| self.built_in().clone())
    }

    /// The built-in net. The tests load every built-in net, so a failure here is a
    /// broken build, not a user's mistake.
    fn built_in(&self) -> &Option<Arc<Network<V>>> {
        self.built_in.get_or_init(|| {
            built_in::net_bytes::<V>().map(|bytes| {
                Arc::new(Network::load(bytes).expect("the built-in net fits its variant"))
            })
        })
    }

    fn set_loaded(&self, net: Option<Network<V>>) {
        *self.loaded.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = net.map(Arc::new);
    }
}

impl<V: Inputs> Default for NetSlot<V> {
    fn default() -> Self {
        Self::new()
    }
}

/// A variant with a net slot of its own.
pub trait VariantNet: Inputs {
    fn net_slot() -> &'static NetSlot<Self>;
}

/// Gives every variant of the list its slot.
macro_rules! variant_nets {
    ([] $($file:ident => $variant:ident,)*) => {
        $(impl VariantNet for ekumen_movegen::variants::$variant {
            fn net_slot() -> &'static NetSlot<Self> {
                static SLOT: NetSlot<ekumen_movegen::variants::$variant> = NetSlot::new();
                &SLOT
            }
        })*
    };
}
ekumen_movegen::variants!([variant_nets]);

/// The name of the net `variant` evaluates with, if it has one.
pub fn net_name(variant: VariantId) -> Option<String> {
    for_variant!(variant, V => V::net_slot().current().map(|net| net.name().to_string()))
}

/// What [`load_eval_file`] loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedNet {
    pub variant: VariantId,
    pub name: String,
}

/// Loads the net file at `path` for the variant it names, in place of that variant's
/// net; on an error the nets stay as they were.
pub fn load_eval_file(path: &Path) -> Result<LoadedNet, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot be read: {e}"))?;
    let mut other_variant = None;
    for variant in VariantId::ALL {
        let loaded = for_variant!(variant, V => load_into::<V>(&bytes));
        match loaded {
            Ok(name) => return Ok(LoadedNet { variant, name }),
            Err(NetError::WrongVariant { found, .. }) => other_variant = Some(found),
            Err(error) => return Err(error.to_string()),
        }
    }
    let found = other_variant.unwrap_or_default();
    Err(format!("is a net for {found}, a variant this engine does not play"))
}

fn load_into<V: VariantNet>(bytes: &[u8]) -> Result<String, NetError> {
    let net = Network::<V>::load(bytes)?;
    let name = net.name().to_string();
    V::net_slot().set_loaded(Some(net));
    Ok(name)
}

/// Goes back to the built-in nets of every variant.
pub fn use_built_in_nets() {
    for variant in VariantId::ALL {
        for_variant!(variant, V => V::net_slot().set_loaded(None));
    }
}

/// The score of `position` by its variant's net, for the side to move, if it has one.
pub fn net_evaluation(position: &AnyPosition) -> Option<i32> {
    ekumen_movegen::dispatch!(position, pos => evaluate_by_net(pos))
}

fn evaluate_by_net<V: VariantNet>(pos: &Position<V>) -> Option<i32> {
    V::net_slot().current().map(|net| net.evaluate_position(pos))
}
