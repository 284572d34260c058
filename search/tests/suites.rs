//! Mate and tactics suites, one file per variant in `tests/data`, solved within node
//! budgets.
//!
//! chess, gothic, shinobi and gethenian: positions from Ekumen self-play that
//! Fairy-Stockfish analysed (`scripts/datagen/gen_search_suites.py`): `mate N` lines are
//! forced mates FS found, `bm` lines have one best move that FS rates at least three
//! pawns above the second best. Coherent chess, which FS does not play, has mates built
//! by hand and checked here by brute force ([`proves_mate`]), independently of the
//! search.
//!
//! A mate counts as solved when the search reports a mate at least as short within the
//! budget; a tactic when the search's move is the best move. Mates must all be solved. A
//! few tactics need more than the budget: each suite may leave unsolved one more than
//! the engine leaves today (chess 1 of 21, gothic 0 of 24, shinobi 2 of 14, gethenian 0 of
//! 18, at 100,000 nodes on one thread, where the search is repeatable), so that a change
//! costing two tactics fails.

use ekumen_movegen::{dispatch, AnyPosition, GameResult, Position, Rng, Variant, VariantId};
use ekumen_search::{Limits, SearchScore, SearchSettings, Searcher};

mod common;
use common::{search_to_end, suite, Case};

struct Outcome {
    best: Option<String>,
    score: Option<SearchScore>,
    nodes: u64,
}

fn solve(searcher: &mut Searcher, pos: &AnyPosition, limits: Limits) -> Outcome {
    let (result, reports) = search_to_end(searcher, pos, limits);
    let score = reports.iter().rev().find(|r| r.multipv == 1).map(|r| r.score);
    Outcome { best: result.best.map(|m| pos.move_to_uci(m)), score, nodes: result.nodes }
}

fn settings() -> SearchSettings {
    SearchSettings { hash_mb: 16, ..SearchSettings::default() }
}

fn run_mates(variant: VariantId, budget: u64) {
    let mut searcher = Searcher::new(settings());
    let mut failures = Vec::new();
    let mut total_nodes = 0;
    let mates: Vec<Case> = suite(variant).into_iter().filter(|c| c.mate.is_some()).collect();
    assert!(!mates.is_empty(), "{variant}: no mate positions");
    for case in &mates {
        let n = case.mate.unwrap();
        let pos = AnyPosition::from_fen(variant, &case.fen, false).expect("suite FEN");
        searcher.clear();
        let limits = Limits { nodes: Some(budget), mate: Some(n), ..Limits::default() };
        let outcome = solve(&mut searcher, &pos, limits);
        total_nodes += outcome.nodes;
        let solved = matches!(outcome.score, Some(SearchScore::Mating(p)) if p < 2 * n);
        if !solved {
            failures.push(format!(
                "{}: mate {n}, got {:?} {:?}",
                case.fen, outcome.score, outcome.best
            ));
        }
    }
    println!("{variant}: {} mates, {total_nodes} nodes", mates.len());
    assert!(failures.is_empty(), "{variant}: unsolved mates:\n{}", failures.join("\n"));
}

fn run_tactics(variant: VariantId, budget: u64, unsolved_allowed: usize) {
    let mut searcher = Searcher::new(settings());
    let tactics: Vec<Case> =
        suite(variant).into_iter().filter(|c| c.mate.is_none() && c.best.is_some()).collect();
    assert!(!tactics.is_empty(), "{variant}: no tactics");
    let mut failures = Vec::new();
    for case in &tactics {
        let pos = AnyPosition::from_fen(variant, &case.fen, false).expect("suite FEN");
        searcher.clear();
        let outcome =
            solve(&mut searcher, &pos, Limits { nodes: Some(budget), ..Limits::default() });
        if outcome.best != case.best {
            failures.push(format!("{}: bm {:?}, got {:?}", case.fen, case.best, outcome.best));
        }
    }
    println!("{variant}: {} of {} tactics solved", tactics.len() - failures.len(), tactics.len());
    assert!(
        failures.len() <= unsolved_allowed,
        "{variant}: {} of {} tactics unsolved (at most {unsolved_allowed} allowed):\n{}",
        failures.len(),
        tactics.len(),
        failures.join("\n")
    );
}

#[test]
fn chess_mates() {
    run_mates(VariantId::Chess, 1_500_000);
}

#[test]
fn chess_tactics() {
    run_tactics(VariantId::Chess, 100_000, 2);
}

#[test]
fn gothic_mates() {
    run_mates(VariantId::Gothic, 1_500_000);
}

#[test]
fn gothic_tactics() {
    run_tactics(VariantId::Gothic, 100_000, 1);
}

#[test]
fn shinobi_mates() {
    run_mates(VariantId::Shinobi, 1_500_000);
}

#[test]
fn shinobi_tactics() {
    run_tactics(VariantId::Shinobi, 100_000, 3);
}

#[test]
fn gethenian_mates() {
    run_mates(VariantId::Gethenian, 1_500_000);
}

#[test]
fn gethenian_tactics() {
    run_tactics(VariantId::Gethenian, 100_000, 1);
}

#[test]
fn coherent_mates() {
    for case in suite(VariantId::Coherent) {
        let pos = AnyPosition::from_fen(VariantId::Coherent, &case.fen, false).unwrap();
        let n = case.mate.expect("coherent cases are mates");
        let proved = dispatch!(&pos, p => { let mut p = p.clone(); proves_mate(&mut p, n) });
        assert!(proved, "{}: not a mate in {n} by brute force", case.fen);
    }
    run_mates(VariantId::Coherent, 1_500_000);
}

/// Brute force, no search heuristics: the side to move mates in at most `n` moves.
fn proves_mate<V: Variant>(pos: &mut Position<V>, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    for &m in pos.legal_moves().iter() {
        pos.make_move(m);
        let replies = pos.legal_moves();
        let mated = if replies.is_empty() {
            pos.no_move_outcome().result == GameResult::Loss
        } else {
            n > 1
                && replies.iter().all(|&r| {
                    pos.make_move(r);
                    let proved = proves_mate(pos, n - 1);
                    pos.unmake_move();
                    proved
                })
        };
        pos.unmake_move();
        if mated {
            return true;
        }
    }
    false
}

/// Writes candidate coherent mates to stdout: random sparse placements (each side's king,
/// White's knight and up to two more pieces, a few pawns) where brute force finds a mate
/// in 1 to 3 and none shorter. Run with
/// `cargo test --release -p ekumen-search --test suites generate_coherent_mates -- --ignored --nocapture`
/// and pick lines for `tests/data/coherent.epd`.
#[test]
#[ignore = "generates suite data"]
fn generate_coherent_mates() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut random = move |n: usize| rng.below(n);
    let wanted = [0, 6, 8, 6];
    let mut found = [0usize; 4];
    let mut tries = 0;
    while found[1..] != wanted[1..] && tries < 2_000_000 {
        tries += 1;
        let mut board = [b'.'; 81];
        let mut pieces = vec![b'K', b'k', b'N'];
        for _ in 0..random(3) {
            pieces.push(b"QRBNP"[random(5)]);
        }
        for _ in 0..random(4) {
            pieces.push(b"pppnbrq"[random(7)]);
        }
        for piece in pieces {
            let mut sq = random(81);
            while board[sq] != b'.' {
                sq = random(81);
            }
            board[sq] = piece;
        }
        let rows: Vec<String> = board
            .chunks(9)
            .rev()
            .map(|row| {
                let mut text = String::new();
                let mut empty = 0;
                for &c in row {
                    if c == b'.' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            text += &empty.to_string();
                            empty = 0;
                        }
                        text.push(c as char);
                    }
                }
                if empty > 0 {
                    text += &empty.to_string();
                }
                text
            })
            .collect();
        let fen = format!("{} w - - 0 1", rows.join("/"));
        let Ok(pos) = AnyPosition::from_fen(VariantId::Coherent, &fen, false) else { continue };
        let legal = dispatch!(&pos, p => {
            let mut p = p.clone();
            // The side not to move must not be in check, and the game must not be over.
            p.make_null();
            let quiet = !p.in_check();
            p.unmake_null();
            quiet && !p.legal_moves().is_empty()
        });
        if !legal {
            continue;
        }
        let moves = pos.legal_moves().len();
        for n in 1..=3u32 {
            if found[n as usize] >= wanted[n as usize] || (n > 1 && moves > 40 - 10 * n as usize) {
                continue;
            }
            let (shorter, exact) = dispatch!(&pos, p => {
                let mut p = p.clone();
                ((1..n).any(|k| proves_mate(&mut p, k)), proves_mate(&mut p, n))
            });
            if shorter {
                break;
            }
            if exact {
                found[n as usize] += 1;
                println!("{fen}; mate {n}");
                break;
            }
        }
    }
}
