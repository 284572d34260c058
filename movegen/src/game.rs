//! Run-time choice of variant: the one `match` over variants in the rules core. Callers
//! that need speed (search, perft) get the typed [`Position`] out with [`dispatch!`].

use std::fmt;

use crate::fen::{piece_text, FenError};
use crate::moves::Move;
use crate::notation::MoveError;
use crate::piece::Color;
use crate::position::Position;
use crate::rules::Outcome;
use crate::square::Geometry;
use crate::variant::Variant;
use crate::variants::{Chess, Coherent, Gethenian, Gothic, Shinobi};

/// The variants Ekumen plays, in the byte-wise order of their names.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum VariantId {
    Chess,
    Coherent,
    Gethenian,
    Gothic,
    Shinobi,
}

impl VariantId {
    /// Every variant, sorted by name as `UCI_Variant` lists them.
    pub const ALL: [VariantId; 5] = [
        VariantId::Chess,
        VariantId::Coherent,
        VariantId::Gethenian,
        VariantId::Gothic,
        VariantId::Shinobi,
    ];

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

/// A position of any variant.
#[derive(Clone, Debug)]
pub enum AnyPosition {
    Chess(Position<Chess>),
    Coherent(Position<Coherent>),
    Gethenian(Position<Gethenian>),
    Gothic(Position<Gothic>),
    Shinobi(Position<Shinobi>),
}

/// Runs `$body` with `$pos` bound to the typed position and `$v` to its variant type.
#[macro_export]
macro_rules! dispatch {
    ($any:expr, $pos:ident => $body:expr) => {
        match $any {
            $crate::game::AnyPosition::Chess($pos) => $body,
            $crate::game::AnyPosition::Coherent($pos) => $body,
            $crate::game::AnyPosition::Gethenian($pos) => $body,
            $crate::game::AnyPosition::Gothic($pos) => $body,
            $crate::game::AnyPosition::Shinobi($pos) => $body,
        }
    };
}

/// Runs `$body` with `$v` naming the variant type of the [`VariantId`] `$id`, for code
/// generic over the variant that starts from a variant's name.
#[macro_export]
macro_rules! for_variant {
    ($id:expr, $v:ident => $body:expr) => {
        match $id {
            $crate::game::VariantId::Chess => {
                type $v = $crate::variants::Chess;
                $body
            }
            $crate::game::VariantId::Coherent => {
                type $v = $crate::variants::Coherent;
                $body
            }
            $crate::game::VariantId::Gethenian => {
                type $v = $crate::variants::Gethenian;
                $body
            }
            $crate::game::VariantId::Gothic => {
                type $v = $crate::variants::Gothic;
                $body
            }
            $crate::game::VariantId::Shinobi => {
                type $v = $crate::variants::Shinobi;
                $body
            }
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
}

fn info<V: Variant>() -> VariantInfo {
    VariantInfo {
        name: V::NAME,
        files: V::Geo::FILES,
        ranks: V::Geo::RANKS,
        template: V::TEMPLATE,
        start_fen: V::START_FEN,
        pocket: V::POCKET,
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
            VariantId::Chess => AnyPosition::Chess(Position::from_fen(fen, chess960)?),
            VariantId::Coherent => AnyPosition::Coherent(Position::from_fen(fen, chess960)?),
            VariantId::Gethenian => AnyPosition::Gethenian(Position::from_fen(fen, chess960)?),
            VariantId::Gothic => AnyPosition::Gothic(Position::from_fen(fen, chess960)?),
            VariantId::Shinobi => AnyPosition::Shinobi(Position::from_fen(fen, chess960)?),
        })
    }

    pub fn variant(&self) -> VariantId {
        match self {
            AnyPosition::Chess(_) => VariantId::Chess,
            AnyPosition::Coherent(_) => VariantId::Coherent,
            AnyPosition::Gethenian(_) => VariantId::Gethenian,
            AnyPosition::Gothic(_) => VariantId::Gothic,
            AnyPosition::Shinobi(_) => VariantId::Shinobi,
        }
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
