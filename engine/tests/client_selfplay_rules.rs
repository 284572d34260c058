//! Self-play through the protocol for every variant, coherent included, with each move
//! checked by the rules core: the engine must play only legal moves, keep to its clock,
//! and answer `bestmove (none)` exactly when there is no legal move.

mod support;

use std::time::{Duration, Instant};

use ekumen_movegen::{AnyPosition, GameResult, VariantId};
use support::Engine;

#[test]
fn every_variant_plays_legal_games_on_the_clock() {
    let mut engine = Engine::start();
    engine.ask("uci");
    // As a GUI on a busy machine would: keep back time for the transport.
    engine.ask("setoption name Move Overhead value 100");
    for variant in VariantId::ALL {
        engine.ask(&format!("setoption name UCI_Variant value {variant}"));
        engine.ask("ucinewgame");
        let mut pos = AnyPosition::startpos(variant, false);
        let mut moves: Vec<String> = Vec::new();
        let mut clocks = [Duration::from_millis(2000); 2];
        let increment = Duration::from_millis(40);
        for ply in 0..30 {
            engine.send(&format!("position startpos moves {}", moves.join(" ")));
            let side = ply % 2;
            engine.send(&format!(
                "go wtime {} btime {} winc 40 binc 40",
                clocks[0].as_millis(),
                clocks[1].as_millis()
            ));
            let start = Instant::now();
            let (infos, best) = engine.search_output();
            let used = start.elapsed();
            assert!(used < clocks[side], "{variant}: out of time at ply {ply}");
            clocks[side] = clocks[side] - used + increment;
            let best = best.split(' ').nth(1).expect("a move").to_string();
            let legal = pos.legal_moves();
            if best == "(none)" {
                assert!(legal.is_empty(), "{variant}: (none) with legal moves after {moves:?}");
                let expected = match pos.outcome().map(|o| o.result) {
                    Some(GameResult::Draw) => "info depth 0 score cp 0",
                    _ => "info depth 0 score mate 0",
                };
                assert_eq!(infos.last().map(String::as_str), Some(expected), "{variant}");
                break;
            }
            let m = pos.parse_uci_move(&best).unwrap_or_else(|e| {
                panic!("{variant}: {e} after {moves:?} ({})", pos.fen());
            });
            pos.make_move(m);
            moves.push(best);
            if pos.outcome().is_some() && !pos.legal_moves().is_empty() {
                // A draw a GUI would adjudicate (repetition, fifty moves).
                break;
            }
        }
    }
    assert!(engine.quit().success());
}
