//! Training samples: positions with their search score and the game's result, as
//! `ekumen-train` reads them from sample files and derives them from the data store's
//! game records (`ekumen_records`).
//!
//! A sample file starts with a header: the magic `EKSP`, the format version (u16) and the
//! variant's name (u8 length, then UTF-8). Then come the samples, little-endian:
//!
//! | field | type |
//! | --- | --- |
//! | length of the rest of the sample | u16 |
//! | search score, centipawns, for the side to move | i16 |
//! | the game's result for White: 0 lost, 1 drawn, 2 won | u8 |
//! | side to move: 0 White, 1 Black | u8 |
//! | plies since the game's first position | u16 |
//! | occupied squares, a bit each from square 0, in whole bytes | `ceil(squares / 8)` bytes |
//! | each occupied square's man, in square order: colour · 16 + piece type | a byte each |
//! | in variants with drops: each side's hand, a count per piece type, White's first | `2 · types` bytes |
//!
//! A chess sample takes 24 to 47 bytes. Files are appended to a game at a time, so a run
//! killed mid-write leaves at most one partial sample at the end: [`complete_length`]
//! finds where the whole ones end, and the writer cuts the file there before it appends.

use ekumen_movegen::piece::MAX_PIECE_TYPES;
use ekumen_movegen::{Color, Geometry, Piece, PieceType, Position, Square, Variant};

/// The first four bytes of every sample file.
pub const MAGIC: [u8; 4] = *b"EKSP";
/// The format this code reads and writes.
pub const VERSION: u16 = 1;

/// One decoded sample.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// Centipawns for the side to move.
    pub score: i16,
    /// The game's result for White: 0 lost, 1 drawn, 2 won.
    pub result: u8,
    pub side: Color,
    pub ply: u16,
    /// The men on the board, in square order.
    pub men: Vec<(Piece, Square)>,
    /// Counts in hand, `hands[colour][piece type]`.
    pub hands: [[u8; MAX_PIECE_TYPES]; 2],
}

impl Sample {
    /// The sample of `pos`, scored `score` for the side to move, from a game that ended
    /// `result` for White, `ply` plies from its first position.
    pub fn of<V: Variant>(pos: &Position<V>, score: i16, result: u8, ply: u16) -> Sample {
        let men = (0..V::Geo::SQUARES as u8)
            .map(Square::new)
            .filter_map(|sq| pos.piece_on(sq).map(|piece| (piece, sq)))
            .collect();
        let mut hands = [[0; MAX_PIECE_TYPES]; 2];
        if V::DROPS {
            for color in Color::BOTH {
                let hand = &mut hands[color.index()][..V::PIECES.len()];
                for (kind, count) in hand.iter_mut().enumerate() {
                    *count = pos.hand_count(color, PieceType(kind as u8));
                }
            }
        }
        Sample { score, result, side: pos.side_to_move(), ply, men, hands }
    }

    /// The men on the board and in hand, kings included.
    pub fn men_count(&self) -> usize {
        self.men.len() + self.hands.iter().flatten().map(|&n| n as usize).sum::<usize>()
    }

    /// Appends the sample's bytes to `out`.
    pub fn encode<V: Variant>(&self, out: &mut Vec<u8>) {
        let start = out.len();
        out.extend_from_slice(&[0, 0]);
        out.extend_from_slice(&self.score.to_le_bytes());
        out.push(self.result);
        out.push(self.side as u8);
        out.extend_from_slice(&self.ply.to_le_bytes());
        let mut occupancy = vec![0u8; V::Geo::SQUARES.div_ceil(8)];
        for &(_, sq) in &self.men {
            occupancy[sq.index() / 8] |= 1 << (sq.index() % 8);
        }
        out.extend_from_slice(&occupancy);
        let mut men = self.men.clone();
        men.sort_by_key(|&(_, sq)| sq.index());
        out.extend(men.iter().map(|&(piece, _)| piece.color() as u8 * 16 + piece.kind().0));
        if V::DROPS {
            for color in Color::BOTH {
                out.extend_from_slice(&self.hands[color.index()][..V::PIECES.len()]);
            }
        }
        let length = (out.len() - start - 2) as u16;
        out[start..start + 2].copy_from_slice(&length.to_le_bytes());
    }

    /// Decodes one sample's body (the bytes after its length).
    pub fn decode<V: Variant>(body: &[u8]) -> Result<Sample, String> {
        let squares = V::Geo::SQUARES;
        let occupancy_len = squares.div_ceil(8);
        let fixed = 6 + occupancy_len;
        if body.len() < fixed {
            return Err(format!("a sample of {} bytes, shorter than its fixed part", body.len()));
        }
        let score = i16::from_le_bytes([body[0], body[1]]);
        let result = body[2];
        if result > 2 {
            return Err(format!("result {result}"));
        }
        let side = match body[3] {
            0 => Color::White,
            1 => Color::Black,
            other => return Err(format!("side to move {other}")),
        };
        let ply = u16::from_le_bytes([body[4], body[5]]);
        let occupancy = &body[6..fixed];
        let occupied: Vec<usize> =
            (0..squares).filter(|&sq| occupancy[sq / 8] & (1 << (sq % 8)) != 0).collect();
        if occupancy_len * 8 > squares && occupancy[occupancy_len - 1] >> (squares % 8) != 0 {
            return Err("a man beyond the board".to_string());
        }
        let hand_len = if V::DROPS { 2 * V::PIECES.len() } else { 0 };
        if body.len() != fixed + occupied.len() + hand_len {
            return Err(format!(
                "{} bytes for {} men{}",
                body.len(),
                occupied.len(),
                if V::DROPS { " and the hands" } else { "" }
            ));
        }
        let mut men = Vec::with_capacity(occupied.len());
        for (i, &sq) in occupied.iter().enumerate() {
            let code = body[fixed + i];
            let (color, kind) = (code / 16, code % 16);
            if color > 1 || kind as usize >= V::PIECES.len() {
                return Err(format!("man code {code}"));
            }
            let color = if color == 0 { Color::White } else { Color::Black };
            men.push((Piece::new(color, PieceType(kind)), Square::new(sq as u8)));
        }
        let mut hands = [[0; MAX_PIECE_TYPES]; 2];
        if V::DROPS {
            let hand_bytes = &body[fixed + occupied.len()..];
            for color in 0..2 {
                let types = V::PIECES.len();
                hands[color][..types]
                    .copy_from_slice(&hand_bytes[color * types..(color + 1) * types]);
            }
        }
        Ok(Sample { score, result, side, ply, men, hands })
    }
}

/// Whether a sample of ply `ply` starts a new game after a sample of ply `previous` (none
/// for the file's first): a file holds its games one after the other and records no game
/// numbers, so a game starts where the ply does not grow.
pub fn starts_game(previous: Option<u16>, ply: u16) -> bool {
    previous.is_none_or(|previous| ply <= previous)
}

/// The header of a sample file for `V`.
pub fn header<V: Variant>() -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(V::NAME.len() as u8);
    out.extend_from_slice(V::NAME.as_bytes());
    out
}

/// Checks a sample file's header for `V`; returns its length.
pub fn check_header<V: Variant>(bytes: &[u8]) -> Result<usize, String> {
    let expected = header::<V>();
    if bytes.len() < 7 || bytes[..4] != MAGIC {
        return Err("not an Ekumen sample file (bad magic)".to_string());
    }
    let version = u16::from_le_bytes([bytes[4], bytes[5]]);
    if version != VERSION {
        return Err(format!("sample format version {version}, this build reads {VERSION}"));
    }
    let name_len = bytes[6] as usize;
    let name = bytes.get(7..7 + name_len).ok_or("a truncated header")?;
    if bytes[..7 + name_len] != expected[..] {
        return Err(format!("samples of {}, not of {}", String::from_utf8_lossy(name), V::NAME));
    }
    Ok(expected.len())
}

/// Where the last whole sample ends in a file's bytes (header included): a partial sample
/// after it is what a killed writer left.
pub fn complete_length<V: Variant>(bytes: &[u8]) -> Result<usize, String> {
    let mut at = check_header::<V>(bytes)?;
    while at + 2 <= bytes.len() {
        let length = u16::from_le_bytes([bytes[at], bytes[at + 1]]) as usize;
        if at + 2 + length > bytes.len() {
            break;
        }
        at += 2 + length;
    }
    Ok(at)
}

/// Every whole sample of a file's bytes, in order; stops at the first malformed one with
/// its byte offset, and ignores a partial sample at the end.
pub fn samples<V: Variant>(bytes: &[u8]) -> impl Iterator<Item = Result<Sample, String>> + '_ {
    let start = check_header::<V>(bytes);
    let mut at = *start.as_ref().unwrap_or(&bytes.len());
    let mut failed = start.err();
    std::iter::from_fn(move || {
        if let Some(why) = failed.take() {
            at = bytes.len();
            return Some(Err(why));
        }
        if at + 2 > bytes.len() {
            return None;
        }
        let length = u16::from_le_bytes([bytes[at], bytes[at + 1]]) as usize;
        let body = bytes.get(at + 2..at + 2 + length)?;
        let offset = at;
        at += 2 + length;
        Some(Sample::decode::<V>(body).map_err(|why| {
            at = bytes.len();
            format!("the sample at byte {offset}: {why}")
        }))
    })
}
