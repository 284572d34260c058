//! What the selective search must not prune away: a mate in one for the opponent.

use ekumen_movegen::{AnyPosition, GameResult, VariantId};
use ekumen_search::{Limits, SearchSettings, Searcher};

mod common;
use common::search_to_end;

/// A move that mates at once for the side to move in `pos`, if there is one.
fn mate_in_one_for_side_to_move(pos: &mut AnyPosition) -> Option<String> {
    for reply in pos.legal_moves() {
        pos.make_move(reply);
        let mated = pos.in_check()
            && pos.outcome().is_some_and(|outcome| outcome.result == GameResult::Loss);
        pos.unmake_move();
        if mated {
            return Some(pos.move_to_uci(reply));
        }
    }
    None
}

/// A gothic game lost to Fairy-Stockfish: Black took the knight on i5 (g7i5) and White's
/// archbishop mated on e6, the pawn on f7 that attacks e6 being pinned by the chancellor
/// on f3. While static exchange saw no pins, the checking move looked like a hanging
/// archbishop, the search pruned it at shallow depth and took the knight at depths 1 to 5
/// and 8.
#[test]
fn a_check_that_mates_is_not_pruned_as_hanging() {
    let fen = "rn1qcka2r/1p2ppb1p1/p1pp6/4P1p1Np/3P4n1/5C2P1/PPPN1PP1AP/R1BQ1K3R b KQkq - 4 13";
    let root = AnyPosition::from_fen(VariantId::Gothic, fen, false).expect("FEN");
    for depth in 2..=10 {
        let mut searcher = Searcher::new(SearchSettings::default());
        let limits = Limits { depth: Some(depth), ..Limits::default() };
        let (result, _) = search_to_end(&mut searcher, &root, limits);
        let best = result.best.expect("a move");
        let mut pos = root.clone();
        let text = pos.move_to_uci(best);
        pos.make_move(best);
        let mate = mate_in_one_for_side_to_move(&mut pos);
        assert_eq!(mate, None, "depth {depth}: {text} allows mate in one");
    }
}
