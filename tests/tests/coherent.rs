//! Coherent chess against the naive reference walker (tests/src/coherent_reference.rs):
//! identical legal moves, check flags, FENs and results over random games and over
//! random placements crowded with knights, where paths, pins and blocks get tricky.

use ekumen_movegen::{AnyPosition, GameResult, VariantId};
use ekumen_tests::coherent_reference::{self as reference, Game};
use ekumen_tests::data::{self, Rng};

fn compare(ours: &AnyPosition, theirs: &reference::Position, what: &str) {
    let fen = theirs.to_fen();
    let mut moves: Vec<String> =
        ours.legal_moves().into_iter().map(|m| ours.move_to_uci(m)).collect();
    moves.sort();
    assert_eq!(moves, theirs.legal_moves_uci(), "{what}: legal moves of {fen}");
    assert_eq!(ours.in_check(), theirs.is_check(), "{what}: check in {fen}");
    assert_eq!(ours.fen(), fen, "{what}: FEN");
}

fn result_of(game: &Game) -> Option<GameResult> {
    game.outcome().map(|o| match o.winner() {
        None => GameResult::Draw,
        Some(winner) if winner == game.position().side_to_move => GameResult::Win,
        Some(_) => GameResult::Loss,
    })
}

#[test]
fn random_games_agree_with_the_reference() {
    let mut rng = data::rng(2024);
    let mut positions = 0;
    for _ in 0..40 {
        let mut ours = AnyPosition::startpos(VariantId::Coherent, false);
        let mut game = Game::new(reference::Position::startpos());
        for _ in 0..300 {
            compare(&ours, game.position(), "random game");
            assert_eq!(
                ours.outcome().map(|o| o.result),
                result_of(&game),
                "result of {}",
                ours.fen()
            );
            positions += 1;
            let moves = game.position().legal_moves_uci();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            let uci = &moves[rng.below(moves.len())];
            let m = ours.parse_uci_move(uci).expect("the reference's move is ours too");
            ours.make_move(m);
            game.play(uci).expect("the reference plays its own move");
        }
    }
    assert!(positions > 4_000, "only {positions} positions");
}

/// A random placement: both kings, and a random mix weighted towards knights.
fn random_placement(rng: &mut Rng) -> String {
    let mut board = [[' '; 9]; 9];
    let pieces = ['N', 'N', 'N', 'n', 'n', 'n', 'P', 'p', 'B', 'b', 'R', 'r', 'Q', 'q'];
    let place = |board: &mut [[char; 9]; 9], piece: char, rng: &mut Rng| loop {
        let (r, f) = (rng.below(9), rng.below(9));
        if board[r][f] == ' ' {
            board[r][f] = piece;
            return;
        }
    };
    place(&mut board, 'K', rng);
    place(&mut board, 'k', rng);
    for _ in 0..2 + rng.below(14) {
        place(&mut board, pieces[rng.below(pieces.len())], rng);
    }
    let ranks: Vec<String> = board
        .iter()
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for &c in rank {
                if c == ' ' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        text += &empty.to_string();
                        empty = 0;
                    }
                    text.push(c);
                }
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            text
        })
        .collect();
    let side = if rng.below(2) == 0 { "w" } else { "b" };
    format!("{} {side} - - 0 1", ranks.join("/"))
}

#[test]
fn random_placements_agree_with_the_reference() {
    let mut rng = data::rng(99);
    let mut compared = 0;
    let mut in_check = 0;
    while compared < 4_000 {
        let fen = random_placement(&mut rng);
        let theirs = reference::Position::from_fen(&fen);
        let ours = AnyPosition::from_fen(VariantId::Coherent, &fen, false);
        match (ours, theirs) {
            (Ok(ours), Ok(theirs)) => {
                compare(&ours, &theirs, "placement");
                for uci in theirs.legal_moves_uci().iter().take(3) {
                    let mut child = ours.clone();
                    child.make_move(child.parse_uci_move(uci).unwrap());
                    compare(&child, &theirs.play(uci).unwrap(), "after a move");
                }
                in_check += usize::from(theirs.is_check());
                compared += 1;
            }
            (Err(_), Err(_)) => {}
            (ours, theirs) => panic!("{fen}: ours {:?}, reference {:?}", ours.err(), theirs.err()),
        }
    }
    assert!(in_check > 400, "only {in_check} positions in check");
}
