//! The `d` command's drawing of a position, made from its FEN, in Fairy-Stockfish's layout:
//!
//! ```text
//!
//!  +---+---+---+---+---+---+---+
//!  |   |   | i | k | b |   |   |7   []
//!  ...
//!  |   |   | B |+K | I |   |   |1 * []
//!  +---+---+---+---+---+---+---+
//!    a   b   c   d   e   f   g
//!
//! Fen: 2ikb2/2mnm2/7/7/7/2MNM2/2B+KI2[] w - - 0 1
//! ```
//!
//! A ` *` after the top or bottom rank number marks the side to move (Black's at the top);
//! in variants with pieces in hand each side's hand follows its back rank.

use ekumen_movegen::{rank_tokens, RankToken};

/// One square's contents as the FEN writes it: `None` when empty, else the piece text
/// (`r`, `+K`).
fn parse_ranks(board: &str) -> Vec<Vec<Option<String>>> {
    board
        .split('/')
        .map(|rank| {
            let mut squares = Vec::new();
            for token in rank_tokens(rank) {
                match token {
                    RankToken::Empty(run) => squares.resize(squares.len() + run.min(64), None),
                    RankToken::Piece { letter, promoted: true } => {
                        squares.push(Some(format!("+{letter}")))
                    }
                    RankToken::Piece { letter, promoted: false } => {
                        squares.push(Some(letter.to_string()))
                    }
                }
            }
            squares
        })
        .collect()
}

/// The board drawing for `fen`, ending with the file letters line and an empty line (the
/// caller prints `Fen: ...` next). `drops` says whether hands are shown.
pub fn draw_board(fen: &str, drops: bool) -> String {
    let mut fields = fen.split_whitespace();
    let placement = fields.next().unwrap_or("");
    let black_to_move = fields.next() == Some("b");
    let (board, hand) = match placement.find('[') {
        Some(open) => (&placement[..open], placement[open + 1..].trim_end_matches(']')),
        None => (placement, ""),
    };
    let ranks = parse_ranks(board);
    let files = ranks.iter().map(Vec::len).max().unwrap_or(0);
    let separator = format!(" {}+\n", "+---".repeat(files));
    let white_hand: String = hand.chars().filter(|c| c.is_ascii_uppercase()).collect();
    let black_hand: String = hand.chars().filter(|c| c.is_ascii_lowercase()).collect();

    let mut out = String::from("\n");
    out += &separator;
    let count = ranks.len();
    for (i, rank) in ranks.iter().enumerate() {
        out.push(' ');
        for file in 0..files {
            match rank.get(file).cloned().flatten() {
                Some(piece) if piece.starts_with('+') => out += &format!("|{piece} "),
                Some(piece) => out += &format!("| {piece} "),
                None => out += "|   ",
            }
        }
        let number = count - i;
        out += &format!("|{number}");
        let (is_edge, to_move, hand) = if i == 0 {
            (true, black_to_move, &black_hand)
        } else if i == count - 1 {
            (true, !black_to_move, &white_hand)
        } else {
            (false, false, &black_hand)
        };
        if is_edge {
            out += if to_move { " *" } else { "  " };
            if drops {
                out += &format!(" [{hand}]");
            }
        }
        out.push('\n');
        out += &separator;
    }
    for file in 0..files {
        let letter =
            u8::try_from(file).ok().filter(|&f| f < 26).map_or('?', |f| (b'a' + f) as char);
        out += &format!("   {letter}");
    }
    out += "\n";
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_start_matches_fairy_stockfish() {
        let drawing = draw_board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false);
        let lines: Vec<&str> = drawing.lines().collect();
        assert_eq!(lines[0], "");
        assert_eq!(lines[1], " +---+---+---+---+---+---+---+---+");
        assert_eq!(lines[2], " | r | n | b | q | k | b | n | r |8  ");
        assert_eq!(lines[16], " | R | N | B | Q | K | B | N | R |1 *");
        assert_eq!(lines[18], "   a   b   c   d   e   f   g   h");
        assert_eq!(lines.len(), 19);
    }

    #[test]
    fn hands_and_promoted_pieces() {
        let drawing = draw_board("2ikb2/2mnm2/7/7/7/2MNM2/2B+KI2[] w - - 0 1", true);
        let lines: Vec<&str> = drawing.lines().collect();
        assert_eq!(lines[2], " |   |   | i | k | b |   |   |7   []");
        assert_eq!(lines[14], " |   |   | B |+K | I |   |   |1 * []");
        let drawing =
            draw_board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/LH1CK1HL[HLJDMM] w kq - 0 1", true);
        assert!(drawing.contains(" | L | H |   | C | K |   | H | L |1 * [HLJDMM]\n"));
        assert!(drawing.contains("|8   []\n"));
    }
}
