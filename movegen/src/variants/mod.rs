//! The variants, one file each, each naming its rules page, and [`variants!`](crate::variants),
//! the one list of them.
//!
//! Every per-variant enum, `match`, dispatch and table in Ekumen is generated from that
//! list, in this crate and in the others (evaluation, nets, search, protocols): a variant
//! is its rules file here, its evaluation file (`eval/src/<name>.rs`), its net
//! (`nnue/nets/<name>.nnue`) and one line of the list. docs/architecture.md ("Adding a
//! variant") says what each file holds.

/// The one list of the variants Ekumen plays, `file => Type`, sorted by name (the order of
/// [`VariantId`](crate::VariantId) and of `UCI_Variant`'s values).
///
/// It hands the list to a callback macro: `variants!([callback] args...)` expands to
/// `callback! { [args...] chess => Chess, coherent => Coherent, ... }`, so that each crate
/// writes its per-variant items once, as a repetition over the list.
#[macro_export]
macro_rules! variants {
    ([$($callback:tt)*] $($args:tt)*) => {
        $($callback)*! {
            [$($args)*]
            chess => Chess,
            coherent => Coherent,
            gethenian => Gethenian,
            gothic => Gothic,
            shinobi => Shinobi,
        }
    };
}

/// Each variant's rules file, and its type at `variants::Type`.
macro_rules! rules_files {
    ([] $($file:ident => $variant:ident,)*) => {
        $(
            pub mod $file;
            pub use $file::$variant;
        )*
    };
}

crate::variants!([rules_files]);
