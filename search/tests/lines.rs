//! Every line the search reports can be played: self-play games in every variant, one
//! searcher per game so that the table carries over from move to move as in a real game,
//! with each reported line (every `multipv`, one to four threads) and each ponder move
//! checked against the rules.
//!
//! A line is the search's own record of its principal variation, so a move in it that is
//! not legal where it stands means the search stitched two subtrees together.

use ekumen_movegen::{AnyPosition, Move, VariantId};
use ekumen_search::{Limits, SearchSettings, Searcher};

mod common;
use common::{search_to_end, suite};

/// The first move of `line` that is not legal where it stands, as text.
fn first_illegal(root: &AnyPosition, line: &[Move]) -> Option<String> {
    let mut pos = root.clone();
    for (i, &m) in line.iter().enumerate() {
        if !pos.legal_moves().contains(&m) {
            return Some(format!("move {} of {:?} in {}", i + 1, line, root.fen()));
        }
        pos.make_move(m);
    }
    None
}

/// Searches `pos` to each depth up to `depth` with a fresh table and checks every line.
fn lines_to_depth_are_legal(pos: &AnyPosition, depth: u32) {
    let mut searcher = Searcher::new(SearchSettings::default());
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let (_, reports) = search_to_end(&mut searcher, pos, limits);
    for report in &reports {
        let bad = first_illegal(pos, &report.pv);
        assert!(bad.is_none(), "depth {}: {}", report.depth, bad.unwrap());
    }
}

/// Mating attacks from both sides: the suites' forced mates, and the positions after the
/// mating move, where every move of the side to move runs into mate. A reply that mates
/// at once ends its line, so a line that goes on past it was stitched together.
#[test]
fn lines_in_mating_attacks_are_legal() {
    for variant in VariantId::ALL {
        for case in suite(variant).iter().filter(|c| c.mate.is_some()) {
            let pos = AnyPosition::from_fen(variant, &case.fen, false).expect("suite FEN");
            lines_to_depth_are_legal(&pos, 6);
            if let Some(best) = case.best.as_deref() {
                let mut after = pos.clone();
                after.make_move(after.parse_uci_move(best).expect("suite move"));
                if after.outcome().is_none() {
                    lines_to_depth_are_legal(&after, 6);
                }
            }
        }
    }
}

fn self_play_lines_are_legal(variant: VariantId, nodes: u64, plies: usize) {
    self_play_lines_are_legal_with(variant, SearchSettings::default(), nodes, plies);
}

fn self_play_lines_are_legal_with(
    variant: VariantId,
    settings: SearchSettings,
    nodes: u64,
    plies: usize,
) {
    let (threads, multi_pv) = (settings.threads, settings.multi_pv);
    let mut searcher = Searcher::new(settings);
    let mut pos = AnyPosition::startpos(variant, false);
    for _ in 0..plies {
        if pos.outcome().is_some() {
            break;
        }
        let limits = Limits { nodes: Some(nodes), ..Limits::default() };
        let (result, reports) = search_to_end(&mut searcher, &pos, limits);
        for report in &reports {
            let bad = first_illegal(&pos, &report.pv);
            let (depth, line) = (report.depth, report.multipv);
            let at = format!("{variant}, {threads} threads, MultiPV {multi_pv}, depth {depth}");
            assert!(bad.is_none(), "{at} line {line}: {}", bad.unwrap());
        }
        let best = result.best.expect("a move in a game not over");
        let line: Vec<Move> = std::iter::once(best).chain(result.ponder).collect();
        let bad = first_illegal(&pos, &line);
        assert!(bad.is_none(), "{variant} bestmove and ponder: {}", bad.unwrap());
        pos.make_move(best);
    }
}

#[test]
fn chess_lines_are_legal() {
    self_play_lines_are_legal(VariantId::Chess, 8_000, 80);
}

#[test]
fn gothic_lines_are_legal() {
    self_play_lines_are_legal(VariantId::Gothic, 8_000, 80);
}

#[test]
fn shinobi_lines_are_legal() {
    self_play_lines_are_legal(VariantId::Shinobi, 8_000, 80);
}

#[test]
fn gethenian_lines_are_legal() {
    self_play_lines_are_legal(VariantId::Gethenian, 8_000, 80);
}

#[test]
fn coherent_lines_are_legal() {
    self_play_lines_are_legal(VariantId::Coherent, 8_000, 80);
}

/// Lines of every `multipv` with one to four threads, in every variant (the helpers write
/// the table the main thread's lines are read from).
#[test]
fn lines_with_threads_and_multipv_are_legal() {
    for variant in VariantId::ALL {
        for threads in 1..=4 {
            for multi_pv in [1, 3] {
                let settings = SearchSettings { threads, multi_pv, ..SearchSettings::default() };
                self_play_lines_are_legal_with(variant, settings, 6_000, 16);
            }
        }
    }
}
