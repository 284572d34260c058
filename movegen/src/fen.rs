//! FEN in Fairy-Stockfish's form: `+` before promoted pieces, hands in `[...]` after the
//! board (upper case White's), `-` fields where a right is absent.
//!
//! Parsing is strict about the board (every rank must have exactly the board's width,
//! every letter must be a piece of the variant) and lenient where Fairy-Stockfish is:
//! missing trailing fields take their defaults, castling rights without their king and
//! rook are dropped, and an en-passant square no pawn can capture on is ignored.

use std::fmt;

use crate::bitboard::Bitboard;
use crate::piece::{Color, Piece, PieceType, Special};
use crate::position::{castle_bit, Position};
use crate::square::{Geometry, Square};
use crate::variant::Variant;

/// Why a FEN was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Empty,
    RankCount { found: usize, expected: u8 },
    RankWidth { rank: usize, found: usize, expected: u8 },
    UnknownPiece(String),
    BadHand(String),
    BadSide(String),
    BadCastling(String),
    BadEnPassant(String),
    BadClock(String),
    Royals(String),
    OpponentInCheck,
    TrailingFields(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::RankCount { found, expected } => {
                write!(f, "{found} ranks, expected {expected}")
            }
            FenError::RankWidth { rank, found, expected } => {
                write!(f, "rank {rank} from the top has {found} squares, expected {expected}")
            }
            FenError::UnknownPiece(p) => write!(f, "unknown piece '{p}'"),
            FenError::BadHand(h) => write!(f, "bad pieces in hand '{h}'"),
            FenError::BadSide(s) => write!(f, "bad side to move '{s}' (expected w or b)"),
            FenError::BadCastling(c) => write!(f, "bad castling rights '{c}'"),
            FenError::BadEnPassant(e) => write!(f, "bad en-passant square '{e}'"),
            FenError::BadClock(c) => write!(f, "bad move counter '{c}'"),
            FenError::Royals(what) => write!(f, "{what}"),
            FenError::OpponentInCheck => write!(f, "the side not to move is in check"),
            FenError::TrailingFields(t) => write!(f, "unexpected text after the FEN: '{t}'"),
        }
    }
}

impl std::error::Error for FenError {}

/// One item of a FEN rank, left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RankToken {
    /// A run of empty squares: all the digits in a row, so `10` is ten squares (a run too
    /// long for any board saturates rather than wraps).
    Empty(usize),
    /// A piece's letter, `promoted` when a `+` stands before it. Fairy-Stockfish's `~`
    /// after a piece is read and dropped; a `+` at the end of the rank comes out as the
    /// letter `+`, which is no piece's.
    Piece { letter: char, promoted: bool },
}

/// The items of one rank of a FEN's board (the text between two `/`), for the parser and
/// for whatever draws a board from a FEN.
pub fn rank_tokens(rank: &str) -> impl Iterator<Item = RankToken> + '_ {
    let mut chars = rank.chars().peekable();
    std::iter::from_fn(move || {
        let c = chars.next()?;
        if let Some(digit) = c.to_digit(10) {
            let mut run = digit as usize;
            while let Some(next) = chars.peek().and_then(|c| c.to_digit(10)) {
                run = run.saturating_mul(10).saturating_add(next as usize);
                chars.next();
            }
            return Some(RankToken::Empty(run));
        }
        let token = if c != '+' {
            RankToken::Piece { letter: c, promoted: false }
        } else if let Some(letter) = chars.next() {
            RankToken::Piece { letter, promoted: true }
        } else {
            RankToken::Piece { letter: '+', promoted: false }
        };
        chars.next_if_eq(&'~');
        Some(token)
    })
}

/// The piece type written `letter` (upper case), promoted form if `promoted`.
fn piece_type<V: Variant>(letter: u8, promoted: bool) -> Option<PieceType> {
    V::PIECES
        .iter()
        .position(|d| d.letter == letter && d.promoted == promoted)
        .map(|i| PieceType(i as u8))
}

fn parse_piece<V: Variant>(c: char, promoted: bool) -> Result<Piece, FenError> {
    let unknown = || FenError::UnknownPiece(format!("{}{c}", if promoted { "+" } else { "" }));
    if !c.is_ascii_alphabetic() {
        return Err(unknown());
    }
    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
    let kind = piece_type::<V>(c.to_ascii_uppercase() as u8, promoted).ok_or_else(unknown)?;
    Ok(Piece::new(color, kind))
}

/// The FEN letter(s) of a piece: `+B` for a promoted form, lower case for Black.
pub fn piece_text<V: Variant>(piece: Piece) -> String {
    let def = &V::PIECES[piece.kind().index()];
    let letter =
        if piece.color() == Color::White { def.letter } else { def.letter.to_ascii_lowercase() };
    if def.promoted {
        format!("+{}", letter as char)
    } else {
        (letter as char).to_string()
    }
}

/// A FEN's piece placement: the ranks from the top, `/` between them, with the man on each
/// square as `piece_on` gives it.
pub fn placement_text<V: Variant>(piece_on: impl Fn(Square) -> Option<Piece>) -> String {
    let mut out = String::new();
    for rank in (0..V::Geo::RANKS).rev() {
        let mut empty = 0;
        for file in 0..V::Geo::FILES {
            match piece_on(V::Geo::square(file, rank)) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        out += &empty.to_string();
                        empty = 0;
                    }
                    out += &piece_text::<V>(piece);
                }
            }
        }
        if empty > 0 {
            out += &empty.to_string();
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// Both hands, with the counts `count` gives, in Fairy-Stockfish's order, White's first.
pub fn hands_text<V: Variant>(count: impl Fn(Color, PieceType) -> u8) -> String {
    let mut out = String::new();
    for color in Color::BOTH {
        for &kind in V::HAND_ORDER {
            let letter = V::PIECES[kind.index()].letter;
            let letter = if color == Color::White { letter } else { letter.to_ascii_lowercase() };
            out.extend(std::iter::repeat_n(letter as char, usize::from(count(color, kind))));
        }
    }
    out
}

impl<V: Variant> Position<V> {
    /// Parses a FEN.
    ///
    /// # Errors
    /// A [`FenError`] saying what is wrong; nothing is changed.
    pub fn from_fen(fen: &str, chess960: bool) -> Result<Self, FenError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or(FenError::Empty)?;
        let mut pos = Position::<V>::empty();
        pos.set_chess960(chess960);

        let (board, hand) = match placement.find('[') {
            Some(open) => {
                let close = placement.rfind(']').filter(|&c| c > open && c == placement.len() - 1);
                let close =
                    close.ok_or_else(|| FenError::BadHand(placement[open..].to_string()))?;
                (&placement[..open], Some(&placement[open + 1..close]))
            }
            None => (placement, None),
        };
        let mut ranks: Vec<&str> = board.split('/').collect();
        let mut hand = hand;
        if hand.is_none() && V::DROPS && ranks.len() == V::Geo::RANKS as usize + 1 {
            hand = ranks.pop();
        }
        if ranks.len() != V::Geo::RANKS as usize {
            return Err(FenError::RankCount { found: ranks.len(), expected: V::Geo::RANKS });
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = V::Geo::RANKS - 1 - i as u8;
            let mut file = 0usize;
            let width_error =
                |found| FenError::RankWidth { rank: i + 1, found, expected: V::Geo::FILES };
            for token in rank_tokens(text) {
                match token {
                    RankToken::Empty(0) => return Err(width_error(file)),
                    // Saturating: any run wider than a board is an error below.
                    RankToken::Empty(run) => file = file.saturating_add(run),
                    RankToken::Piece { letter, promoted } => {
                        let piece = parse_piece::<V>(letter, promoted)?;
                        if file >= V::Geo::FILES as usize {
                            return Err(width_error(file + 1));
                        }
                        pos.put_piece(piece, V::Geo::square(file as u8, rank));
                        file += 1;
                    }
                }
            }
            if file != V::Geo::FILES as usize {
                return Err(width_error(file));
            }
        }
        if let Some(hand) = hand {
            if !V::DROPS && !hand.is_empty() {
                return Err(FenError::BadHand(hand.to_string()));
            }
            for c in hand.chars().filter(|&c| c != '-') {
                let piece =
                    parse_piece::<V>(c, false).map_err(|_| FenError::BadHand(hand.to_string()))?;
                if (V::PIECES[piece.kind().index()].royal && !V::PSEUDO_ROYAL)
                    || pos.hand_count(piece.color(), piece.kind()) >= 64
                {
                    return Err(FenError::BadHand(hand.to_string()));
                }
                pos.add_to_hand(piece.color(), piece.kind());
            }
        }

        let side = match fields.next() {
            None | Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(other) => return Err(FenError::BadSide(other.to_string())),
        };
        pos.set_side(side);

        for color in Color::BOTH {
            let royals = pos.royals(color).count();
            if !V::PSEUDO_ROYAL && royals != 1 {
                let name = if color == Color::White { "White" } else { "Black" };
                return Err(FenError::Royals(format!(
                    "{name} must have exactly one king, has {royals}"
                )));
            }
        }

        if let Some(castling) = fields.next() {
            pos.parse_castling(castling)?;
        }
        if let Some(ep) = fields.next() {
            if ep != "-" {
                let sq = V::Geo::parse_square(ep)
                    .ok_or_else(|| FenError::BadEnPassant(ep.to_string()))?;
                if pos.en_passant_capturable(sq) {
                    pos.set_ep_square(Some(sq));
                }
            }
        }
        let mut clock = |default: u32| -> Result<u32, FenError> {
            match fields.next() {
                None => Ok(default),
                Some(t) => t.parse::<u32>().map_err(|_| FenError::BadClock(t.to_string())),
            }
        };
        let halfmove = clock(0)?;
        let fullmove = clock(1)?;
        pos.set_clocks(halfmove, fullmove);
        let rest: Vec<&str> = fields.collect();
        if !rest.is_empty() {
            return Err(FenError::TrailingFields(rest.join(" ")));
        }
        let occupied = pos.occupied();
        if pos.royals(!side).any(|king| pos.attackers_to(king, occupied, side).is_nonempty()) {
            return Err(FenError::OpponentInCheck);
        }
        Ok(pos)
    }

    fn parse_castling(&mut self, text: &str) -> Result<(), FenError> {
        if text == "-" {
            return Ok(());
        }
        let bad = || FenError::BadCastling(text.to_string());
        for c in text.chars() {
            if !c.is_ascii_alphabetic() {
                return Err(bad());
            }
            let Some(rook_kind) = V::CASTLING_ROOK else { continue };
            let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
            let back = if color == Color::White { 0 } else { V::Geo::RANKS - 1 };
            let Some(king) = self.royal_square(color).filter(|&k| V::Geo::rank_of(k) == back)
            else {
                continue;
            };
            let king_file = V::Geo::file_of(king);
            let rooks: Vec<u8> = (0..V::Geo::FILES)
                .filter(|&f| {
                    self.piece_on(V::Geo::square(f, back)) == Some(Piece::new(color, rook_kind))
                })
                .collect();
            let rook_file = match c.to_ascii_uppercase() {
                'K' => rooks.iter().copied().filter(|&f| f > king_file).max(),
                'Q' => rooks.iter().copied().filter(|&f| f < king_file).min(),
                letter => {
                    let file = letter as u8 - b'A';
                    if file >= V::Geo::FILES {
                        return Err(bad());
                    }
                    rooks.contains(&file).then_some(file)
                }
            };
            if let Some(file) = rook_file {
                let bit = castle_bit(color, file > king_file);
                self.add_castling_right(bit, king, V::Geo::square(file, back));
            }
        }
        Ok(())
    }

    /// Whether the side to move has a pawn that could capture en passant on `sq`: the
    /// square behind an enemy pawn that stands on its double-step rank.
    fn en_passant_capturable(&self, sq: Square) -> bool {
        if !V::EN_PASSANT {
            return false;
        }
        let us = self.side_to_move();
        let forward: i32 = if us == Color::White { 1 } else { -1 };
        let tables = V::tables();
        V::PIECES.iter().enumerate().any(|(i, def)| {
            let kind = PieceType(i as u8);
            let none = Bitboard::EMPTY;
            def.special == Special::Pawn
                && self.piece_on(sq).is_none()
                && V::Geo::offset(sq, 0, -forward).and_then(|s| self.piece_on(s))
                    == Some(Piece::new(!us, kind))
                && V::Geo::offset(sq, 0, forward).is_some_and(|s| self.piece_on(s).is_none())
                && (self.pieces_of(us, kind)
                    & tables.attackers_of_kind(us, kind, sq, none, none, none))
                .is_nonempty()
        })
    }

    /// The position as a FEN.
    pub fn fen(&self) -> String {
        let mut out = placement_text::<V>(|sq| self.piece_on(sq));
        if V::DROPS {
            out.push('[');
            out += &self.hand_text();
            out.push(']');
        }
        out.push(' ');
        out.push(if self.side_to_move() == Color::White { 'w' } else { 'b' });
        out.push(' ');
        out += &self.castling_text();
        out.push(' ');
        match self.ep_square() {
            Some(sq) => out += &V::Geo::square_name(sq),
            None => out.push('-'),
        }
        out += &format!(" {} {}", self.halfmove_clock(), self.fullmove_number());
        out
    }

    /// Both hands in Fairy-Stockfish's order, White's first (empty string when empty).
    pub fn hand_text(&self) -> String {
        hands_text::<V>(|color, kind| self.hand_count(color, kind))
    }

    fn castling_text(&self) -> String {
        let mut out = String::new();
        for color in Color::BOTH {
            for king_side in [true, false] {
                let bit = castle_bit(color, king_side);
                if self.castling_rights() & bit == 0 {
                    continue;
                }
                let letter = if self.chess960() {
                    let rook = self.castle_rook(bit).expect("a castling rook");
                    (b'A' + V::Geo::file_of(rook)) as char
                } else if king_side {
                    'K'
                } else {
                    'Q'
                };
                out.push(if color == Color::White { letter } else { letter.to_ascii_lowercase() });
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::RankToken::{Empty, Piece};
    use super::*;

    #[test]
    fn rank_tokens_read_runs_promotions_and_markers() {
        let tokens: Vec<RankToken> = rank_tokens("r10+Kb~1+").collect();
        let piece = |letter, promoted| Piece { letter, promoted };
        let expected = [
            piece('r', false),
            Empty(10),
            piece('K', true),
            piece('b', false),
            Empty(1),
            piece('+', false),
        ];
        assert_eq!(tokens, expected);
        assert_eq!(rank_tokens("99999999999999999999999").collect::<Vec<_>>(), [Empty(usize::MAX)]);
    }
}
