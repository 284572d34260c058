//! Castling notation edge cases, with the king moves Fairy-Stockfish's `go perft 1` lists
//! for the same positions (standard and Chess960 mode, chess and gothic).

use ekumen_movegen::{AnyPosition, VariantId};

fn king_moves(variant: VariantId, fen: &str, chess960: bool, from: &str) -> String {
    let pos = AnyPosition::from_fen(variant, fen, chess960).unwrap();
    let mut moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| pos.move_to_uci(m))
        .filter(|m| m.starts_with(from))
        .collect();
    moves.sort();
    moves.join(" ")
}

#[test]
fn castling_is_written_like_fairy_stockfish() {
    use VariantId::{Chess, Gothic};
    // The castle that lands where a plain king step goes is written king takes rook.
    assert_eq!(
        king_moves(Chess, "4k3/8/8/8/8/8/8/5K1R w K - 0 1", false, "f1"),
        "f1e1 f1e2 f1f2 f1g1 f1g2 f1h1"
    );
    assert_eq!(
        king_moves(Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true, "e1"),
        "e1a1 e1d1 e1d2 e1e2 e1f1 e1f2 e1h1"
    );
    let gothic = "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1";
    assert_eq!(king_moves(Gothic, gothic, false, "f1"), "f1c1 f1e1 f1e2 f1f2 f1g1 f1g2 f1i1");
    assert_eq!(king_moves(Gothic, gothic, true, "f1"), "f1a1 f1e1 f1e2 f1f2 f1g1 f1g2 f1j1");
}

#[test]
fn both_castling_spellings_are_accepted_outside_chess960() {
    let pos = AnyPosition::from_fen(
        VariantId::Gothic,
        "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
        false,
    )
    .unwrap();
    assert_eq!(pos.parse_uci_move("f1i1"), pos.parse_uci_move("f1j1"));
    assert_eq!(pos.parse_uci_move("f1c1"), pos.parse_uci_move("f1a1"));
    assert!(pos.parse_uci_move("f1i1").is_ok());
}

#[test]
fn absurd_empty_runs_are_errors_not_overflows() {
    let fen = "99999999999999999999999/8/8/8/8/8/8/8 w - - 0 1";
    assert!(AnyPosition::from_fen(VariantId::Chess, fen, false).is_err());
}
