//! Move strings in Fairy-Stockfish's UCI dialect.
//!
//! `e2e4`, `a7a8q` (chess promotion), `c1b2+` / `d1e1-` (shogi-style promotion and
//! demotion), `J@c3` / `+M@d4` (drops), castling as the king's destination (`e1g1`,
//! gothic `f1i1`) or, with Chess960, as king takes rook (`e1h1`). A move from outside is
//! accepted when it equals our printed form of a legal move; the only leniencies are
//! Fairy-Stockfish's: an upper-case promotion letter, and king-takes-rook castling.

use std::fmt;

use crate::moves::{Move, MoveKind};
use crate::position::{castling_targets, Position};
use crate::square::Geometry;
use crate::variant::Variant;

/// Why a move string was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not a move in this notation at all.
    Syntax(String),
    /// Well formed, but not a legal move here.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(m) => write!(f, "malformed move '{m}'"),
            MoveError::Illegal(m) => write!(f, "illegal move '{m}'"),
        }
    }
}

impl std::error::Error for MoveError {}

impl<V: Variant> Position<V> {
    /// The UCI string of `m`, a move of this position.
    pub fn move_to_uci(&self, m: Move) -> String {
        let name = V::Geo::square_name;
        match m.kind() {
            MoveKind::Drop => {
                let def = &V::PIECES[m.piece().index()];
                format!(
                    "{}{}@{}",
                    if def.promoted { "+" } else { "" },
                    def.letter as char,
                    name(m.to())
                )
            }
            MoveKind::Castle if !self.chess960() && !self.castle_looks_like_king_step(m) => {
                let (king_to, _) = castling_targets::<V>(self.side_to_move(), m.from(), m.to());
                format!("{}{}", name(m.from()), name(king_to))
            }
            MoveKind::Promotion => {
                let letter = V::PIECES[m.piece().index()].letter.to_ascii_lowercase() as char;
                format!("{}{}{}", name(m.from()), name(m.to()), letter)
            }
            MoveKind::Promote => format!("{}{}+", name(m.from()), name(m.to())),
            MoveKind::Demote => format!("{}{}-", name(m.from()), name(m.to())),
            _ => format!("{}{}", name(m.from()), name(m.to())),
        }
    }

    /// Whether castling `m` lands the king where an ordinary king move could also go
    /// (only with the king off its usual file); Fairy-Stockfish then writes the castle as
    /// king takes rook, so that the two moves print differently.
    fn castle_looks_like_king_step(&self, m: Move) -> bool {
        let us = self.side_to_move();
        let (king_to, _) = castling_targets::<V>(us, m.from(), m.to());
        let king = self.piece_on(m.from()).expect("the castling king").kind();
        self.attacks_from(us, king, m.from(), self.occupied()).has(king_to)
            && self.piece_on(king_to).is_none_or(|p| p.color() != us)
    }

    /// The legal move written `text`.
    ///
    /// # Errors
    /// [`MoveError::Syntax`] for text that is no move at all, [`MoveError::Illegal`] for a
    /// well-formed move that is not legal here.
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, MoveError> {
        if !looks_like_move(text) {
            return Err(MoveError::Syntax(text.to_string()));
        }
        let moves = self.legal_moves();
        let lowered_promotion = match text.as_bytes().last() {
            Some(c) if c.is_ascii_uppercase() && !text.contains('@') => {
                Some(text.to_ascii_lowercase())
            }
            _ => None,
        };
        for &m in moves.iter() {
            let printed = self.move_to_uci(m);
            if printed == text || lowered_promotion.as_deref() == Some(printed.as_str()) {
                return Ok(m);
            }
            if m.kind() == MoveKind::Castle && !self.chess960() {
                let king_takes_rook =
                    format!("{}{}", V::Geo::square_name(m.from()), V::Geo::square_name(m.to()));
                if king_takes_rook == text {
                    return Ok(m);
                }
            }
        }
        Err(MoveError::Illegal(text.to_string()))
    }
}

/// The shape of a UCI move: two squares (with an optional suffix) or a drop.
fn looks_like_move(text: &str) -> bool {
    let ok_chars =
        text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'@' || b == b'+' || b == b'-');
    ok_chars && (4..=8).contains(&text.len())
}
