//! Run-time choice of variant: [`VariantId`], [`AnyPosition`] and the `match`es over them,
//! each generated from the variant list ([`crate::variants!`]). Callers that need speed
//! (search, perft) get the typed [`Position`] out with [`dispatch!`], or the variant type
//! of a [`VariantId`] with [`for_variant!`].

use std::fmt;
use std::str::FromStr;

use crate::fen::{piece_text, FenError};
use crate::moves::Move;
use crate::notation::MoveError;
use crate::piece::Color;
use crate::position::Position;
use crate::rules::Outcome;
use crate::square::Geometry;
use crate::variant::{Variant, XboardDefinition};

/// Declares [`VariantId`] and [`AnyPosition`] from the variant list.
macro_rules! variant_enums {
    ([] $($file:ident => $variant:ident,)*) => {
        /// The variants Ekumen plays, in the byte-wise order of their names.
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
        pub enum VariantId {
            $($variant,)*
        }

        impl VariantId {
            /// Every variant, sorted by name as `UCI_Variant` lists them.
            pub const ALL: [VariantId; [$(VariantId::$variant),*].len()] =
                [$(VariantId::$variant),*];
        }

        /// A position of any variant.
        #[derive(Clone, Debug)]
        pub enum AnyPosition {
            $($variant(Position<crate::variants::$variant>),)*
        }

        impl AnyPosition {
            /// Parses `fen` as a position of `variant`.
            ///
            /// # Errors
            /// What is wrong with the FEN.
            pub fn from_fen(
                variant: VariantId,
                fen: &str,
                chess960: bool,
            ) -> Result<AnyPosition, FenError> {
                Ok(match variant {
                    $(VariantId::$variant => {
                        AnyPosition::$variant(Position::from_fen(fen, chess960)?)
                    })*
                })
            }

            pub fn variant(&self) -> VariantId {
                match self {
                    $(AnyPosition::$variant(_) => VariantId::$variant,)*
                }
            }
        }
    };
}

crate::variants!([variant_enums]);

impl VariantId {
    pub fn name(self) -> &'static str {
        crate::for_variant!(self, V => V::NAME)
    }

    pub fn from_name(name: &str) -> Option<VariantId> {
        VariantId::ALL.into_iter().find(|v| v.name() == name)
    }
}

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A variant by its `UCI_Variant` name, as command lines take it.
impl FromStr for VariantId {
    type Err = String;

    fn from_str(name: &str) -> Result<VariantId, String> {
        VariantId::from_name(name).ok_or_else(|| {
            let known: Vec<&str> = VariantId::ALL.iter().map(|v| v.name()).collect();
            format!("unknown variant '{name}' (known: {})", known.join(", "))
        })
    }
}

/// Runs `$body` with `$pos` bound to the typed position of an [`AnyPosition`].
#[macro_export]
macro_rules! dispatch {
    ($any:expr, $pos:ident => $body:expr) => {
        $crate::variants!([$crate::dispatch_arms] ($any) $pos ($body))
    };
}

/// [`dispatch!`]'s `match`, one arm per variant of the list.
#[doc(hidden)]
#[macro_export]
macro_rules! dispatch_arms {
    ([($any:expr) $pos:ident ($body:expr)] $($file:ident => $variant:ident,)*) => {
        match $any {
            $($crate::game::AnyPosition::$variant($pos) => $body,)*
        }
    };
}

/// Runs `$body` with `$v` naming the variant type of the [`VariantId`] `$id`, for code
/// generic over the variant that starts from a variant's name.
#[macro_export]
macro_rules! for_variant {
    ($id:expr, $v:ident => $body:expr) => {
        $crate::variants!([$crate::for_variant_arms] ($id) $v ($body))
    };
}

/// [`for_variant!`]'s `match`, one arm per variant of the list.
#[doc(hidden)]
#[macro_export]
macro_rules! for_variant_arms {
    ([($id:expr) $v:ident ($body:expr)] $($file:ident => $variant:ident,)*) => {
        match $id {
            $($crate::game::VariantId::$variant => {
                type $v = $crate::variants::$variant;
                $body
            })*
        }
    };
}

/// Facts about a variant that do not depend on a position.
#[derive(Clone, Copy, Debug)]
pub struct VariantInfo {
    pub name: &'static str,
    pub files: u8,
    pub ranks: u8,
    pub template: &'static str,
    pub start_fen: &'static str,
    /// Kinds of piece that can be held in hand (0 without drops).
    pub pocket: usize,
    pub xboard_name: &'static str,
    pub xboard_definition: Option<XboardDefinition>,
}

fn info<V: Variant>() -> VariantInfo {
    VariantInfo {
        name: V::NAME,
        files: V::Geo::FILES,
        ranks: V::Geo::RANKS,
        template: V::TEMPLATE,
        start_fen: V::START_FEN,
        pocket: V::POCKET,
        xboard_name: V::XBOARD_NAME,
        xboard_definition: V::XBOARD_DEFINITION,
    }
}

impl VariantId {
    pub fn info(self) -> VariantInfo {
        crate::for_variant!(self, V => info::<V>())
    }
}

impl AnyPosition {
    /// The start position of `variant`.
    pub fn startpos(variant: VariantId, chess960: bool) -> AnyPosition {
        Self::from_fen(variant, variant.info().start_fen, chess960).expect("start FENs parse")
    }

    pub fn fen(&self) -> String {
        dispatch!(self, p => p.fen())
    }
    pub fn key(&self) -> u64 {
        dispatch!(self, p => p.key())
    }
    pub fn side_to_move(&self) -> Color {
        dispatch!(self, p => p.side_to_move())
    }
    pub fn in_check(&self) -> bool {
        dispatch!(self, p => p.in_check())
    }
    pub fn legal_moves(&self) -> Vec<Move> {
        dispatch!(self, p => p.legal_moves().to_vec())
    }
    pub fn move_to_uci(&self, m: Move) -> String {
        dispatch!(self, p => p.move_to_uci(m))
    }
    /// # Errors
    /// Why `text` is not a legal move here.
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, MoveError> {
        dispatch!(self, p => p.parse_uci_move(text))
    }
    /// Plays a legal move.
    pub fn make_move(&mut self, m: Move) {
        dispatch!(self, p => p.make_move(m))
    }
    pub fn unmake_move(&mut self) {
        dispatch!(self, p => p.unmake_move())
    }
    /// Some royal piece of the side to move is attacked (Fairy-Stockfish's `checked`).
    pub fn royal_attacked(&self) -> bool {
        dispatch!(self, p => p.royal_attacked())
    }
    /// A result already decided on the board (campmate).
    pub fn decided_on_board(&self) -> Option<Outcome> {
        dispatch!(self, p => p.decided_on_board())
    }
    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, p => p.outcome())
    }
    pub fn perft(&mut self, depth: u32) -> u64 {
        dispatch!(self, p => p.perft(depth))
    }
    /// Each legal move in UCI form with its perft count at `depth - 1`.
    pub fn divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        dispatch!(self, p => {
            let counts = p.divide(depth);
            counts.into_iter().map(|(m, n)| (p.move_to_uci(m), n)).collect()
        })
    }
    /// `divide` on rayon's thread pool.
    pub fn divide_parallel(&self, depth: u32) -> Vec<(String, u64)> {
        dispatch!(self, p => {
            let counts = p.divide_parallel(depth);
            counts.into_iter().map(|(m, n)| (p.move_to_uci(m), n)).collect()
        })
    }

    /// The board drawn in text, White at the bottom, then hands where the variant has them.
    pub fn board_text(&self) -> String {
        dispatch!(self, p => draw_board(p))
    }
}

fn draw_board<V: Variant>(pos: &Position<V>) -> String {
    let files = V::Geo::FILES as usize;
    let separator = format!(" {}+\n", "+---".repeat(files));
    let mut out = String::from("\n");
    out += &separator;
    for rank in (0..V::Geo::RANKS).rev() {
        for file in 0..V::Geo::FILES {
            let text = match pos.piece_on(V::Geo::square(file, rank)) {
                Some(piece) => piece_text::<V>(piece),
                None => " ".to_string(),
            };
            out += &format!(" |{:^3}", text).replacen(' ', "", 1);
        }
        out += &format!(" |{}\n", rank + 1);
        out += &separator;
    }
    out += " ";
    for file in 0..files {
        out += &format!("  {} ", (b'a' + file as u8) as char);
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each line of the list names the variant's files (`<file>.rs`, `<file>.nnue`) by the
    /// variant's `UCI_Variant` name.
    macro_rules! file_names_are_variant_names {
        ([] $($file:ident => $variant:ident,)*) => {
            $(assert_eq!(stringify!($file), <crate::variants::$variant as Variant>::NAME);)*
        };
    }

    #[test]
    fn the_list_is_sorted_by_name_and_names_each_variants_files() {
        crate::variants!([file_names_are_variant_names]);
        let names: Vec<&str> = VariantId::ALL.iter().map(|v| v.name()).collect();
        assert!(names.windows(2).all(|pair| pair[0] < pair[1]), "{names:?}");
        assert!(VariantId::ALL.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn names_parse_back_and_unknown_names_list_the_known_ones() {
        for variant in VariantId::ALL {
            assert_eq!(variant.name().parse::<VariantId>(), Ok(variant));
            assert_eq!(AnyPosition::startpos(variant, false).variant(), variant);
        }
        let error = "xiangqi".parse::<VariantId>().unwrap_err();
        assert_eq!(
            error,
            "unknown variant 'xiangqi' (known: chess, coherent, gethenian, gothic, shinobi)"
        );
    }
}
