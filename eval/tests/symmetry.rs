//! The evaluation has no colour bias: a position and its mirror image (ranks reversed,
//! colours swapped, the other side to move) score the same for the side to move, in every
//! variant whose armies are mirror images of each other.

use ekumen_eval::evaluate_any;
use ekumen_movegen::{AnyPosition, Rng, VariantId};

/// The FEN of the position seen from the other side: ranks reversed, letters' case and
/// the side to move swapped, castling rights swapped, en passant dropped.
fn mirror(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let (board, hand) = match fields[0].find('[') {
        Some(i) => (&fields[0][..i], &fields[0][i..]),
        None => (fields[0], ""),
    };
    let swap = |s: &str| {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect::<String>()
    };
    let ranks: Vec<String> = board.split('/').rev().map(swap).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling = if fields[2] == "-" { "-".to_string() } else { swap(fields[2]) };
    format!("{}{} {side} {castling} - 0 1", ranks.join("/"), swap(hand))
}

fn positions(variant: VariantId) -> Vec<AnyPosition> {
    let mut rng = Rng::new(0x1234_5678);
    let mut out = Vec::new();
    for game in 0..20 {
        let mut pos = AnyPosition::startpos(variant, false);
        for _ in 0..(10 + game * 3) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.make_move(moves[rng.below(moves.len())]);
        }
        out.push(pos);
    }
    out
}

#[test]
fn mirrored_positions_score_alike() {
    for variant in [VariantId::Chess, VariantId::Gothic, VariantId::Coherent] {
        for pos in positions(variant) {
            let fen = pos.fen();
            let mirrored = AnyPosition::from_fen(variant, &mirror(&fen), false).expect("mirror");
            assert_eq!(
                evaluate_any(&pos),
                evaluate_any(&mirrored),
                "{variant}: {fen} against {}",
                mirrored.fen()
            );
        }
    }
}

#[test]
fn start_positions_are_close_to_even() {
    for variant in VariantId::ALL {
        let score = evaluate_any(&AnyPosition::startpos(variant, false));
        assert!(score.abs() < 150, "{variant}: {score}");
    }
}
