//! Perft speed of Ekumen's chess against shakmaty's, on the same positions in one run:
//! `cargo run --release -p ekumen-tests --example perft_vs_shakmaty [depth]`.
//! Both count the last ply without playing it.

use std::time::Instant;

use ekumen_movegen::{AnyPosition, VariantId};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

fn main() {
    let extra: u32 = std::env::args().nth(1).and_then(|d| d.parse().ok()).unwrap_or(0);
    let cases = [
        ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6),
        ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
        ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6),
    ];
    for (name, fen, depth) in cases {
        let depth = depth + extra;
        let mut ours = AnyPosition::from_fen(VariantId::Chess, fen, false).expect("FEN");
        let start = Instant::now();
        let our_nodes = ours.perft(depth);
        let our_time = start.elapsed().as_secs_f64();
        let theirs: Chess =
            fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
        let start = Instant::now();
        let their_nodes = shakmaty::perft(&theirs, depth);
        let their_time = start.elapsed().as_secs_f64();
        assert_eq!(our_nodes, their_nodes, "{name}");
        println!(
            "{name:10} depth {depth}  {our_nodes:>11} nodes  ekumen {:6.1} Mnps  shakmaty {:6.1} Mnps  ratio {:.2}",
            our_nodes as f64 / our_time / 1e6,
            their_nodes as f64 / their_time / 1e6,
            their_time / our_time
        );
    }
}
