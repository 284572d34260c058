//! The network's inputs written out from the rules pages (`docs/rules/`) and the input
//! description of `docs/nnue.md`, read straight off a FEN: the reference every network
//! test compares the engine's inputs with. It shares no code with `ekumen_nnue::features`
//! nor with the move generator's piece tables: the piece types are listed here, in the
//! order the net files were trained with, and the FEN is read character by character.
//!
//! The layout, per perspective (the side whose accumulator it is):
//! - a man on the board: `(theirs · T + type) · S + square`, `theirs` 1 for the other
//!   side's men, `T` the variant's piece types, `S` its squares, the square numbered
//!   `rank · files + file` from a1 as the perspective sees the board: White as it is,
//!   Black mirrored top to bottom, or in gethenian turned a half-turn;
//! - in variants with drops, the `k`-th man (from 0, below 8) of a type in a hand:
//!   `2 · T · S + (theirs · T + type) · 8 + k`.

use ekumen_movegen::Color;

/// What the inputs of one variant are made of.
struct Layout {
    files: usize,
    ranks: usize,
    /// The piece types in input order, as FEN writes White's: `+` for a promoted or flipped
    /// form.
    types: &'static [&'static str],
    /// Black sees the board turned a half-turn, not mirrored (left and right pieces).
    half_turn: bool,
    drops: bool,
}

/// Hand inputs per (side, piece type).
const HAND_SLOTS: usize = 8;

fn layout(variant: &str) -> Layout {
    const CHESS: &[&str] = &["P", "N", "B", "R", "Q", "K"];
    match variant {
        "chess" => Layout { files: 8, ranks: 8, types: CHESS, half_turn: false, drops: false },
        "coherent" => Layout { files: 9, ranks: 9, types: CHESS, half_turn: false, drops: false },
        // The marshal (chancellor) `C` and the cardinal (archbishop) `A` after chess's.
        "gothic" => Layout {
            files: 10,
            ranks: 8,
            types: &["P", "N", "B", "R", "Q", "K", "C", "A"],
            half_turn: false,
            drops: false,
        },
        // Chess's types (the Kingdom's and the Clan's king and pawns), the Clan's six
        // (captain, dragon, ninja, lance, wooden horse, monk), then the promoted pawn,
        // lance, horse and monk.
        "shinobi" => Layout {
            files: 8,
            ranks: 8,
            types: &[
                "P", "N", "B", "R", "Q", "K", "C", "D", "J", "L", "H", "M", "+P", "+L", "+H", "+M",
            ],
            half_turn: false,
            drops: true,
        },
        // Each piece, then its dark form: king, left bishop, right bishop, knight,
        // minister.
        "gethenian" => Layout {
            files: 7,
            ranks: 7,
            types: &["K", "+K", "B", "+B", "I", "+I", "N", "+N", "M", "+M"],
            half_turn: true,
            drops: true,
        },
        other => panic!("no input layout written for {other}"),
    }
}

/// The pieces of a FEN's board or hand text: (white, type text such as `+L`), and for
/// the board the squares they stand on (`None` in a hand).
fn read_men(text: &str, files: usize, ranks: usize) -> Vec<(bool, String, Option<usize>)> {
    let mut men = Vec::new();
    let (mut rank, mut file) = (ranks - 1, 0);
    let mut promoted = false;
    let mut digits = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            file += digits.parse::<usize>().expect("a count of empty squares");
            digits.clear();
        }
        match c {
            '/' => {
                rank -= 1;
                file = 0;
            }
            '+' => promoted = true,
            _ => {
                let kind = format!("{}{}", if promoted { "+" } else { "" }, c.to_ascii_uppercase());
                men.push((c.is_ascii_uppercase(), kind, Some(rank * files + file)));
                file += 1;
                promoted = false;
            }
        }
    }
    men
}

/// Every input `perspective` sees lit in the position `fen` of `variant`, sorted.
pub fn reference_inputs(variant: &str, fen: &str, perspective: Color) -> Vec<usize> {
    let layout = layout(variant);
    let types = layout.types.len();
    let squares = layout.files * layout.ranks;
    let placement = fen.split(' ').next().expect("a placement field");
    let (board, hand) = match placement.split_once('[') {
        Some((board, hand)) => (board, hand.trim_end_matches(']')),
        None => (placement, ""),
    };
    let white_sees = perspective == Color::White;
    let type_index = |kind: &str| {
        layout.types.iter().position(|&t| t == kind).unwrap_or_else(|| panic!("{kind} in {fen}"))
    };
    let mut inputs = Vec::new();
    for (white, kind, square) in read_men(board, layout.files, layout.ranks) {
        let sq = square.expect("a square");
        let seen = if white_sees {
            sq
        } else if layout.half_turn {
            squares - 1 - sq
        } else {
            (layout.ranks - 1 - sq / layout.files) * layout.files + sq % layout.files
        };
        let theirs = usize::from(white != white_sees);
        inputs.push((theirs * types + type_index(&kind)) * squares + seen);
    }
    assert!(layout.drops || hand.is_empty(), "a hand in {fen}");
    let mut in_hand = std::collections::HashMap::new();
    for (white, kind, _) in read_men(hand, layout.files, layout.ranks) {
        let k = in_hand.entry((white, kind.clone())).or_insert(0);
        if *k < HAND_SLOTS {
            let theirs = usize::from(white != white_sees);
            inputs
                .push(2 * types * squares + (theirs * types + type_index(&kind)) * HAND_SLOTS + *k);
        }
        *k += 1;
    }
    inputs.sort_unstable();
    inputs
}

/// The input count of `variant`: the board's, and the hands' where it drops.
pub fn reference_input_count(variant: &str) -> usize {
    let layout = layout(variant);
    let board = 2 * layout.types.len() * layout.files * layout.ranks;
    board + if layout.drops { 2 * layout.types.len() * HAND_SLOTS } else { 0 }
}
