//! Property tests over random and mutated input: no parser panics, every rejected command
//! prints as exactly one line of the right kind, and USI conversions round-trip.

use ekumen_movegen::Rng;
use ekumen_movegen::{AnyPosition, VariantId};
use ekumen_uci_protocol::command::{parse_command, Command, Protocol};
use ekumen_uci_protocol::options;
use ekumen_uci_protocol::usi::{self, BoardSize};
use ekumen_uci_protocol::{display, CommandError};

const SEEDS: &[&str] = &[
    "uci",
    "usi",
    "isready",
    "setoption name Hash value 64",
    "setoption name Move Overhead value 100",
    "setoption name UCI_Variant value gothic",
    "setoption name Clear Hash",
    "position startpos moves e2e4 e7e5 g1f3",
    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4",
    "position sfen lnsgkgsnl/9/9/9/9/9/9/9/LNSGKGSNL b 2P 1 moves P*5e",
    "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 20",
    "go depth 5 nodes 10000 movetime 100 mate 3",
    "go infinite searchmoves e2e4 d2d4",
    "go ponder btime 100 wtime 100 byoyomi 1000",
    "go perft 3",
    "bench 3",
    "stop",
    "ponderhit",
    "d",
    "eval",
    "ucinewgame",
    "debug on",
];

const ALPHABET: &[u8] = b" \t-+0123456789abcdefghijklmnopqrstuvwxyzKQRBNP/[]@*#=~\x7f\xc3\xa9";

fn mutate(rng: &mut Rng, line: &str) -> String {
    let mut bytes = line.as_bytes().to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(5) {
            0 if !bytes.is_empty() => {
                bytes.remove(at.min(bytes.len() - 1));
            }
            1 => bytes.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
            2 if !bytes.is_empty() => {
                let i = at.min(bytes.len() - 1);
                bytes[i] = ALPHABET[rng.below(ALPHABET.len())];
            }
            3 => bytes.truncate(at),
            _ => {
                let words: Vec<&str> = SEEDS[rng.below(SEEDS.len())].split(' ').collect();
                let word = words[rng.below(words.len())].as_bytes().to_vec();
                bytes.splice(at..at, word.into_iter().chain([b' ']));
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn random_lines(count: usize) -> Vec<String> {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    (0..count)
        .map(|_| {
            let seed = SEEDS[rng.below(SEEDS.len())];
            if rng.below(10) == 0 {
                (0..rng.below(40)).map(|_| ALPHABET[rng.below(ALPHABET.len())] as char).collect()
            } else {
                mutate(&mut rng, seed)
            }
        })
        .collect()
}

#[test]
fn command_parser_never_panics_and_errors_are_one_line() {
    for line in random_lines(20_000) {
        for protocol in [Protocol::Uci, Protocol::Usi] {
            match parse_command(&line, protocol) {
                Ok(_) => {}
                Err(error) => {
                    let text = error.to_string();
                    assert!(!text.contains('\n'), "{line:?} -> {text:?}");
                    match error {
                        CommandError::Unknown(_) => {
                            assert!(text.starts_with("Unknown command: "))
                        }
                        CommandError::Malformed { .. } => assert!(text.starts_with("info string ")),
                    }
                }
            }
        }
    }
}

#[test]
fn option_values_never_panic() {
    let mut rng = Rng::new(7);
    for line in random_lines(5_000) {
        let spec = &options::all()[rng.below(options::all().len())];
        let _ = options::parse_value(spec, Some(&line));
        let _ = options::find(&line);
        if let Ok(Some(Command::SetOption { name, value })) = parse_command(&line, Protocol::Uci) {
            if let Some(spec) = options::find(&name) {
                if let Err(error) = options::parse_value(spec, value.as_deref()) {
                    assert!(!error.to_string().contains('\n'));
                }
            }
        }
    }
}

#[test]
fn usi_conversions_never_panic_and_round_trip() {
    let sizes = [(7, 7), (8, 8), (9, 9), (10, 8)].map(|(files, ranks)| BoardSize { files, ranks });
    let mut rng = Rng::new(11);
    for line in random_lines(10_000) {
        for word in line.split_whitespace() {
            let size = sizes[rng.below(sizes.len())];
            if let Ok(uci) = usi::move_from_usi(word, size) {
                assert_eq!(usi::move_to_usi(&uci, size), word, "{word}");
            }
            let _ = usi::move_to_usi(word, size);
            let _ = usi::square_from_usi(word, size);
            let _ = usi::square_to_usi(word, size);
        }
        let _ = usi::sfen_to_fen(&line, rng.below(2) == 0);
        let _ = usi::fen_to_sfen(&line);
        let _ = display::draw_board(&line, rng.below(2) == 0);
    }
}

/// Every legal move of random positions of every variant converts to USI and back.
#[test]
fn every_legal_move_round_trips_through_usi() {
    let mut rng = Rng::new(5);
    for variant in VariantId::ALL {
        let info = variant.info();
        let size = BoardSize { files: info.files, ranks: info.ranks };
        let mut pos = AnyPosition::startpos(variant, false);
        for _ in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                let uci = pos.move_to_uci(m);
                let usi_text = usi::move_to_usi(&uci, size);
                assert_ne!(usi_text, uci, "{variant}: {uci} unchanged");
                assert_eq!(usi::move_from_usi(&usi_text, size).unwrap(), uci, "{variant}");
            }
            let fen = pos.fen();
            let sfen = usi::fen_to_sfen(&fen).unwrap();
            let back = usi::sfen_to_fen(&sfen, info.pocket > 0).unwrap();
            // Board, hands and side survive; castling and en passant do not exist in SFEN.
            let board = |f: &str| f.split(' ').take(2).collect::<Vec<_>>().join(" ");
            assert_eq!(board(&back), board(&fen), "{variant}: {sfen}");
            let m = moves[rng.below(moves.len())];
            pos.make_move(m);
        }
    }
}
