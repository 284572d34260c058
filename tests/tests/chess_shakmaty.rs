//! Differential test against shakmaty, an independent chess move generator: on
//! thousands of positions from random games (standard chess and Chess960), both must
//! list the same legal moves and the same perft(2).

use ekumen_movegen::{AnyPosition, VariantId};
use ekumen_tests::data;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

fn shakmaty_moves(pos: &Chess, mode: CastlingMode) -> Vec<String> {
    let mut moves: Vec<String> =
        pos.legal_moves().iter().map(|m| m.to_uci(mode).to_string()).collect();
    moves.sort();
    moves
}

fn shakmaty_perft2(pos: &Chess) -> u64 {
    pos.legal_moves()
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            child.legal_moves().len() as u64
        })
        .sum()
}

fn our_moves(pos: &AnyPosition) -> Vec<String> {
    let mut moves: Vec<String> =
        pos.legal_moves().into_iter().map(|m| pos.move_to_uci(m)).collect();
    moves.sort();
    moves
}

/// Plays `games` random games from `start`, comparing every position on the way.
fn compare_games(start_fen: &str, mode: CastlingMode, games: usize, seed: u64) -> usize {
    let chess960 = mode == CastlingMode::Chess960;
    let mut rng = data::rng(seed);
    let mut compared = 0;
    for _ in 0..games {
        let fen: Fen = start_fen.parse().expect("a valid FEN");
        let mut theirs: Chess = fen.into_position(mode).expect("a legal position");
        let mut ours =
            AnyPosition::from_fen(VariantId::Chess, start_fen, chess960).expect("our FEN parser");
        for _ply in 0..rng.below(160) {
            let expected = shakmaty_moves(&theirs, mode);
            let fen = Fen::from_position(theirs.clone(), EnPassantMode::Legal).to_string();
            let ours_fen_parsed =
                AnyPosition::from_fen(VariantId::Chess, &fen, chess960).expect("parses");
            assert_eq!(our_moves(&ours), expected, "moves of {fen}");
            assert_eq!(our_moves(&ours_fen_parsed), expected, "moves of {fen} (parsed)");
            let mut copy = ours.clone();
            assert_eq!(copy.perft(2), shakmaty_perft2(&theirs), "perft(2) of {fen}");
            compared += 1;
            if expected.is_empty() {
                break;
            }
            let uci = &expected[rng.below(expected.len())];
            let m = ours.parse_uci_move(uci).expect("our move parser accepts our own move");
            ours.make_move(m);
            let theirs_move =
                uci.parse::<shakmaty::uci::UciMove>().unwrap().to_move(&theirs).unwrap();
            theirs.play_unchecked(&theirs_move);
        }
    }
    compared
}

#[test]
fn standard_chess_random_games() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let compared = compare_games(start, CastlingMode::Standard, 60, 1);
    assert!(compared > 3000, "only {compared} positions compared");
}

#[test]
fn tricky_positions_random_games() {
    for (i, fen) in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/P1k5/K7/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/2pP4/8/8/8/4K2R w K c6 0 2",
    ]
    .into_iter()
    .enumerate()
    {
        compare_games(fen, CastlingMode::Standard, 15, 100 + i as u64);
    }
}

/// A Chess960 start position from its Scharnagl number.
fn chess960_fen(n: usize) -> String {
    let mut back = [' '; 8];
    let free = |back: &mut [char; 8], piece: char, mut k: usize| {
        for slot in back.iter_mut() {
            if *slot == ' ' {
                if k == 0 {
                    *slot = piece;
                    return;
                }
                k -= 1;
            }
        }
    };
    back[2 * (n % 4) + 1] = 'B';
    back[2 * (n / 4 % 4)] = 'B';
    free(&mut back, 'Q', n / 16 % 6);
    let knights =
        [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)][n / 96];
    let empties: Vec<usize> = (0..8).filter(|&i| back[i] == ' ').collect();
    back[empties[knights.0]] = 'N';
    back[empties[knights.1]] = 'N';
    for piece in ['R', 'K', 'R'] {
        free(&mut back, piece, 0);
    }
    let white: String = back.iter().collect();
    format!("{}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1", white.to_lowercase(), white)
}

#[test]
fn chess960_random_games() {
    let mut compared = 0;
    for n in [0, 1, 137, 281, 518, 700, 959] {
        compared += compare_games(&chess960_fen(n), CastlingMode::Chess960, 8, n as u64);
    }
    assert!(compared > 500);
}
