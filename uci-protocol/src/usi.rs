//! USI notation as Fairy-Stockfish maps it, as pure functions of the board size.
//!
//! - A square is the file number counted from the right (`1` is the file FEN writes last,
//!   `10` the leftmost on a 10-file board) and the rank as a letter from the top (`a` is
//!   the rank FEN writes first). On 8x8, `e2` is `4g`.
//! - A move is two squares plus the same suffix as in UCI (`+`, `-`, or a chess promotion
//!   letter); a drop is written with `*` instead of `@` (`P*5e`, `+M*4d`).
//! - SFEN is the FEN board, then the side letter **inverted** (`b` is the first player),
//!   the hands as counted letters (`HLJD2M`, first player's upper case first, `-` when
//!   both are empty), then the move number in plies. No castling or en-passant fields.
//!
//! The engine converts at the boundary: moves are generated and matched in UCI form, and
//! this module rewrites the strings on the way in and out.

use std::fmt;

/// A board size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardSize {
    pub files: u8,
    pub ranks: u8,
}

/// Why a USI string was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum UsiError {
    Square(String),
    Move(String),
    Sfen(String),
}

impl fmt::Display for UsiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsiError::Square(s) => write!(f, "bad square '{s}'"),
            UsiError::Move(m) => write!(f, "malformed move '{m}'"),
            UsiError::Sfen(what) => write!(f, "bad SFEN: {what}"),
        }
    }
}

impl std::error::Error for UsiError {}

/// Splits a UCI square (`e4`, `a10`) into 0-based file and rank.
fn parse_uci_square(text: &str, size: BoardSize) -> Option<(u8, u8)> {
    let mut chars = text.chars();
    let file = chars.next().filter(char::is_ascii_lowercase)? as u8 - b'a';
    let digits = chars.as_str();
    if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rank: u8 = digits.parse().ok()?;
    (file < size.files && (1..=size.ranks).contains(&rank)).then_some((file, rank - 1))
}

/// Splits a USI square (`4g`, `10a`) into 0-based file and rank.
fn parse_usi_square(text: &str, size: BoardSize) -> Option<(u8, u8)> {
    let letter_at = text.find(|c: char| !c.is_ascii_digit())?;
    let (digits, letter) = text.split_at(letter_at);
    if digits.is_empty() || digits.starts_with('0') || letter.len() != 1 {
        return None;
    }
    let from_right: u8 = digits.parse().ok()?;
    let letter = letter.as_bytes()[0];
    if !letter.is_ascii_lowercase() || from_right == 0 || from_right > size.files {
        return None;
    }
    let from_top = letter - b'a';
    if from_top >= size.ranks {
        return None;
    }
    Some((size.files - from_right, size.ranks - 1 - from_top))
}

fn usi_square(file: u8, rank: u8, size: BoardSize) -> String {
    format!("{}{}", size.files - file, (b'a' + (size.ranks - 1 - rank)) as char)
}

fn uci_square(file: u8, rank: u8) -> String {
    format!("{}{}", (b'a' + file) as char, rank + 1)
}

/// The USI form of a UCI square name.
///
/// # Errors
/// [`UsiError::Square`] if `square` is not on the board.
pub fn square_to_usi(square: &str, size: BoardSize) -> Result<String, UsiError> {
    let (file, rank) =
        parse_uci_square(square, size).ok_or_else(|| UsiError::Square(square.to_string()))?;
    Ok(usi_square(file, rank, size))
}

/// The UCI form of a USI square name.
///
/// # Errors
/// [`UsiError::Square`] if `square` is not on the board.
pub fn square_from_usi(square: &str, size: BoardSize) -> Result<String, UsiError> {
    let (file, rank) =
        parse_usi_square(square, size).ok_or_else(|| UsiError::Square(square.to_string()))?;
    Ok(uci_square(file, rank))
}

/// Splits `text` into two squares and a suffix, each square being a run of `first`-class
/// characters followed by a run of `second`-class ones.
fn split_two_squares(text: &str, starts_with_letter: bool) -> Option<(&str, &str, &str)> {
    let bytes = text.as_bytes();
    let is_head =
        |b: u8| if starts_with_letter { b.is_ascii_lowercase() } else { b.is_ascii_digit() };
    let is_tail =
        |b: u8| if starts_with_letter { b.is_ascii_digit() } else { b.is_ascii_lowercase() };
    let square_end = |start: usize| -> Option<usize> {
        let mut i = start;
        let head_start = i;
        while i < bytes.len() && is_head(bytes[i]) {
            i += 1;
        }
        // A UCI square has exactly one file letter; a USI square exactly one rank letter.
        if i == head_start || (starts_with_letter && i - head_start != 1) {
            return None;
        }
        let tail_start = i;
        while i < bytes.len() && is_tail(bytes[i]) {
            i += 1;
            if !starts_with_letter {
                break;
            }
        }
        (i > tail_start).then_some(i)
    };
    let first_end = square_end(0)?;
    let second_end = square_end(first_end)?;
    Some((&text[..first_end], &text[first_end..second_end], &text[second_end..]))
}

/// The USI form of a UCI move string (`e2e4` → `4g4e`, `J@c3` → `J*6f`). Strings that are
/// not moves (`(none)`, `0000`) pass through unchanged.
pub fn move_to_usi(uci_move: &str, size: BoardSize) -> String {
    convert_move(uci_move, size, true).unwrap_or_else(|| uci_move.to_string())
}

/// The UCI form of a USI move string (`4g4e` → `e2e4`, `P*5e` → `P@d4`).
///
/// # Errors
/// [`UsiError::Move`] if `usi_move` is not a move on this board.
pub fn move_from_usi(usi_move: &str, size: BoardSize) -> Result<String, UsiError> {
    convert_move(usi_move, size, false).ok_or_else(|| UsiError::Move(usi_move.to_string()))
}

fn convert_move(text: &str, size: BoardSize, to_usi: bool) -> Option<String> {
    let (drop_mark, new_mark) = if to_usi { ('@', '*') } else { ('*', '@') };
    let convert_square = |sq: &str| -> Option<String> {
        if to_usi {
            parse_uci_square(sq, size).map(|(f, r)| usi_square(f, r, size))
        } else {
            parse_usi_square(sq, size).map(|(f, r)| uci_square(f, r))
        }
    };
    if let Some((piece, square)) = text.split_once(drop_mark) {
        let letter = piece.strip_prefix('+').unwrap_or(piece);
        if letter.len() != 1 || !letter.as_bytes()[0].is_ascii_alphabetic() {
            return None;
        }
        return Some(format!("{piece}{new_mark}{}", convert_square(square)?));
    }
    let (from, to, suffix) = split_two_squares(text, to_usi)?;
    let suffix_ok = suffix.is_empty()
        || suffix == "+"
        || suffix == "-"
        || (suffix.len() == 1 && suffix.as_bytes()[0].is_ascii_alphabetic());
    if !suffix_ok {
        return None;
    }
    Some(format!("{}{}{suffix}", convert_square(from)?, convert_square(to)?))
}

/// Splits a FEN's first field into board and hand (the text inside `[...]`, if any).
fn split_hand(placement: &str) -> (&str, Option<&str>) {
    match placement.find('[') {
        Some(open) => {
            let hand = &placement[open + 1..];
            (&placement[..open], Some(hand.strip_suffix(']').unwrap_or(hand)))
        }
        None => (placement, None),
    }
}

/// Hands written with counts: `HLJDMM` → `HLJD2M`, first player's pieces first.
fn counted_hand(hand: &str) -> String {
    let mut letters: Vec<char> = hand.chars().filter(|c| c.is_ascii_uppercase()).collect();
    letters.extend(hand.chars().filter(|c| c.is_ascii_lowercase()));
    let mut out = String::new();
    let mut i = 0;
    while i < letters.len() {
        let run = letters[i..].iter().take_while(|&&c| c == letters[i]).count();
        if run > 1 {
            out += &run.to_string();
        }
        out.push(letters[i]);
        i += run;
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// The SFEN of a position given as FEN.
///
/// # Errors
/// [`UsiError::Sfen`] if the FEN lacks its board or has a bad side or move number.
pub fn fen_to_sfen(fen: &str) -> Result<String, UsiError> {
    let mut fields = fen.split_whitespace();
    let placement = fields.next().ok_or_else(|| UsiError::Sfen("empty FEN".into()))?;
    let (board, hand) = split_hand(placement);
    let black_to_move = match fields.next() {
        None | Some("w") => false,
        Some("b") => true,
        Some(other) => return Err(UsiError::Sfen(format!("bad side to move '{other}'"))),
    };
    let fullmove: u64 = fields.nth(3).and_then(|n| n.parse().ok()).unwrap_or(1).max(1);
    let ply = 2 * (fullmove - 1) + u64::from(black_to_move) + 1;
    let side = if black_to_move { 'w' } else { 'b' };
    Ok(format!("{board} {side} {} {ply}", counted_hand(hand.unwrap_or(""))))
}

/// The FEN of a position given as SFEN, for a variant with (`drops`) or without pieces in
/// hand. Castling rights and en passant do not exist in SFEN and come out empty.
///
/// # Errors
/// [`UsiError::Sfen`] saying what is wrong.
pub fn sfen_to_fen(sfen: &str, drops: bool) -> Result<String, UsiError> {
    let bad = |what: String| UsiError::Sfen(what);
    let fields: Vec<&str> = sfen.split_whitespace().collect();
    let (board, rest) = fields.split_first().ok_or_else(|| bad("empty SFEN".into()))?;
    if board.contains('[') {
        return Err(bad(format!("'{board}' has a FEN hand; SFEN writes hands after the side")));
    }
    let side = match rest.first() {
        None | Some(&"b") => 'w',
        Some(&"w") => 'b',
        Some(other) => return Err(bad(format!("bad side to move '{other}' (expected b or w)"))),
    };
    let mut hand = String::new();
    if let Some(&hand_text) = rest.get(1) {
        if hand_text != "-" {
            let mut count = String::new();
            for c in hand_text.chars() {
                if c.is_ascii_digit() {
                    count.push(c);
                } else if c.is_ascii_alphabetic() {
                    let n: usize = if count.is_empty() {
                        1
                    } else {
                        count.parse().ok().filter(|&n| (1..=64).contains(&n)).ok_or_else(|| {
                            bad(format!("bad count '{count}' in hand '{hand_text}'"))
                        })?
                    };
                    count.clear();
                    hand.extend((0..n).map(|_| c));
                } else {
                    return Err(bad(format!("bad hand '{hand_text}'")));
                }
            }
            if !count.is_empty() {
                return Err(bad(format!("bad hand '{hand_text}'")));
            }
        }
    }
    if !hand.is_empty() && !drops {
        return Err(bad(format!("this variant has no pieces in hand, found '{}'", rest[1])));
    }
    let ply: u64 = match rest.get(2) {
        None => 1,
        Some(n) => n
            .parse::<u64>()
            .ok()
            .filter(|&n| n >= 1 && n < u32::MAX as u64)
            .ok_or_else(|| bad(format!("bad move number '{n}'")))?,
    };
    if rest.len() > 3 {
        return Err(bad(format!("unexpected text after the SFEN: '{}'", rest[3..].join(" "))));
    }
    let game_ply = ply - 1;
    let black = side == 'b';
    let fullmove = 1 + (game_ply.saturating_sub(u64::from(black))) / 2;
    let hand = if drops { format!("[{hand}]") } else { String::new() };
    Ok(format!("{board}{hand} {side} - - 0 {fullmove}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHESS: BoardSize = BoardSize { files: 8, ranks: 8 };
    const GOTHIC: BoardSize = BoardSize { files: 10, ranks: 8 };
    const SEVEN: BoardSize = BoardSize { files: 7, ranks: 7 };

    #[test]
    fn squares() {
        assert_eq!(square_to_usi("e2", CHESS).unwrap(), "4g");
        assert_eq!(square_to_usi("f5", CHESS).unwrap(), "3d");
        assert_eq!(square_to_usi("a1", GOTHIC).unwrap(), "10h");
        assert_eq!(square_to_usi("j8", GOTHIC).unwrap(), "1a");
        assert_eq!(square_from_usi("10h", GOTHIC).unwrap(), "a1");
        assert_eq!(square_from_usi("4g", CHESS).unwrap(), "e2");
        assert!(square_to_usi("i1", CHESS).is_err());
        assert!(square_from_usi("9a", CHESS).is_err());
        assert!(square_from_usi("1i", CHESS).is_err());
        assert!(square_from_usi("0a", CHESS).is_err());
    }

    #[test]
    fn moves_round_trip() {
        for (uci, usi, size) in [
            ("e2e4", "4g4e", CHESS),
            ("a7a8q", "8b8aq", CHESS),
            ("M@c1", "M*6h", CHESS),
            ("d2c4+", "4f5d+", SEVEN),
            ("c1b2-", "5g6f-", SEVEN),
            ("+M@d4", "+M*4d", SEVEN),
            ("f1i1", "5h2h", GOTHIC),
            ("a2a3", "10g10f", GOTHIC),
        ] {
            assert_eq!(move_to_usi(uci, size), usi, "{uci}");
            assert_eq!(move_from_usi(usi, size).unwrap(), uci, "{usi}");
        }
        assert_eq!(move_to_usi("(none)", CHESS), "(none)");
        for bad in ["", "4g", "4g4", "4g4e++", "M*", "MM*4e", "4g4e5", "e2e4", "0a1a"] {
            assert!(move_from_usi(bad, CHESS).is_err(), "{bad}");
        }
    }

    #[test]
    fn sfen_from_fen() {
        assert_eq!(
            fen_to_sfen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - 1"
        );
        assert_eq!(
            fen_to_sfen("rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3").unwrap(),
            "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR b - 5"
        );
        assert_eq!(
            fen_to_sfen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/LH1CK1HL[HLJDMM] w kq - 0 1").unwrap(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/LH1CK1HL b HLJD2M 1"
        );
        assert_eq!(
            fen_to_sfen("2ikb2/2mnm2/7/7/7/2MNM2/2B+KI2[] w - - 0 1").unwrap(),
            "2ikb2/2mnm2/7/7/7/2MNM2/2B+KI2 b - 1"
        );
        assert_eq!(
            fen_to_sfen("k6/7/7/7/7/7/K6[MMmn] b - - 3 7").unwrap(),
            "k6/7/7/7/7/7/K6 w 2Mmn 14"
        );
    }

    #[test]
    fn fen_from_sfen() {
        assert_eq!(
            sfen_to_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/LH1CK1HL b HLJD2M 1", true).unwrap(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/LH1CK1HL[HLJDMM] w - - 0 1"
        );
        assert_eq!(
            sfen_to_fen("k6/7/7/7/7/7/K6 w 2Mmn 14", true).unwrap(),
            "k6/7/7/7/7/7/K6[MMmn] b - - 0 7"
        );
        assert_eq!(
            sfen_to_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - 1", false).unwrap(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
        );
        assert!(sfen_to_fen("8/8/8/8/8/8/8/K1k5 b P 1", false).is_err());
        assert!(sfen_to_fen("8/8/8/8/8/8/8/K1k5 x - 1", false).is_err());
        assert!(sfen_to_fen("8/8/8/8/8/8/8/K1k5 b 2 1", true).is_err());
        assert!(sfen_to_fen("8/8/8/8/8/8/8/K1k5 b - 0", true).is_err());
        assert!(sfen_to_fen("", true).is_err());
    }
}
