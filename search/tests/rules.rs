//! The search applies each variant's game-end rules as Fairy-Stockfish does. Every
//! expected result here was checked with Fairy-Stockfish (`go depth 8`).

use ekumen_movegen::{AnyPosition, VariantId};
use ekumen_search::{Limits, SearchScore, SearchSettings, Searcher};

mod common;
use common::search_to_end;

/// Searches `fen` then `moves` to `depth`; the best move and the final score.
fn search(
    variant: VariantId,
    fen: &str,
    moves: &[&str],
    depth: u32,
) -> (Option<String>, SearchScore) {
    let mut pos = AnyPosition::from_fen(variant, fen, false).expect("FEN");
    for text in moves {
        let m = pos.parse_uci_move(text).expect("legal move");
        pos.make_move(m);
    }
    let mut searcher = Searcher::new(SearchSettings::default());
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let (result, reports) = search_to_end(&mut searcher, &pos, limits);
    let score = match result.no_move_score {
        Some(score) => score,
        None => reports.last().expect("a report").score,
    };
    (result.best.map(|m| pos.move_to_uci(m)), score)
}

#[test]
fn stalemate_draws_in_chess_and_loses_in_shinobi() {
    let (best, score) = search(VariantId::Chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[], 4);
    assert_eq!((best, score), (None, SearchScore::Cp(0)));
    let (best, score) = search(VariantId::Shinobi, "7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1", &[], 4);
    assert_eq!((best, score), (None, SearchScore::Mated(0)));
}

#[test]
fn campmate_wins_at_once() {
    let (_, score) = search(VariantId::Shinobi, "8/8/8/8/8/8/3k4/7K[] b - - 0 1", &[], 5);
    assert_eq!(score, SearchScore::Mating(1));
    // Already reached: the side to move has lost and has no move.
    let (best, score) = search(VariantId::Shinobi, "8/8/8/8/8/8/8/3k3K[] w - - 0 1", &[], 5);
    assert_eq!((best, score), (None, SearchScore::Mated(0)));
}

const CHECKING_CYCLE: [&str; 7] = ["d3d8", "h8h7", "d8d3", "h7h8", "d3d8", "h8h7", "d8d3"];

#[test]
fn perpetual_check_loses_in_shinobi_and_draws_in_chess() {
    // Black completes the threefold repetition of a cycle in which White checked on
    // every move: in shinobi the checker loses, in chess it is a draw (which Black, a
    // queen down, takes).
    let (best, score) =
        search(VariantId::Shinobi, "7k/6p1/8/8/8/3Q4/8/K7[] w - - 0 1", &CHECKING_CYCLE, 6);
    assert_eq!((best.as_deref(), score), (Some("h7h8"), SearchScore::Mating(1)));
    let (best, score) =
        search(VariantId::Chess, "7k/6p1/8/8/8/3Q4/8/K7 w - - 0 1", &CHECKING_CYCLE, 8);
    assert_eq!((best.as_deref(), score), (Some("h7h8"), SearchScore::Cp(0)));
}

#[test]
fn fifty_move_rule() {
    // A mate on the hundredth ply still wins...
    let (best, score) = search(VariantId::Chess, "7k/8/5K2/8/8/8/8/6Q1 w - - 99 80", &[], 6);
    assert_eq!((best.as_deref(), score), (Some("g1g7"), SearchScore::Mating(1)));
    // ...anything else is a draw.
    let (_, score) = search(VariantId::Chess, "7k/8/8/4K3/8/8/8/6Q1 w - - 99 80", &[], 6);
    assert_eq!(score, SearchScore::Cp(0));
    // In gethenian a drop resets the clock, so a mating drop wins.
    let (_, score) = search(VariantId::Gethenian, "3k3/7/3K3/7/7/7/7[MMMM] w - - 99 80", &[], 4);
    assert_eq!(score, SearchScore::Mating(1));
}

#[test]
fn a_capture_into_a_dead_position_draws() {
    // Every line takes the pawn, leaving a lone bishop: a draw by rule, which the chess
    // net alone would score as a win (its search said +3.15 before the rule was applied).
    let (_, score) = search(VariantId::Chess, "8/8/8/4k3/8/8/3p4/2B1K3 w - - 0 1", &[], 12);
    assert_eq!(score, SearchScore::Cp(0));
    let (_, score) = search(VariantId::Gothic, "10/10/10/5k4/10/10/4p5/3B2K3 w - - 0 1", &[], 12);
    assert_eq!(score, SearchScore::Cp(0));
}
