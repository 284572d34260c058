//! A table larger than the machine: `Hash` and `USI_Hash` at their advertised maximum (32 TB)
//! and CECP's `memory` get one complaint each, and the engine goes on searching with the
//! table it had. (Thread counts that do not fit are covered in the search crate, with a
//! stand-in for a small machine.)

mod support;

use ekumen_movegen::{AnyPosition, VariantId};
use support::Engine;

/// The engine's best move after `go depth 5` from the start position, in its notation.
fn best_move(engine: &mut Engine) -> String {
    engine.send("go depth 5");
    let lines = engine.until(|l| l.starts_with("bestmove "));
    let last = lines.last().expect("a bestmove line");
    last.split_whitespace().nth(1).expect("a move").to_string()
}

fn complaint_names_the_size(lines: &[String], prefix: &str) {
    assert_eq!(lines.len(), 1, "one complaint expected: {lines:?}");
    let line = &lines[0];
    assert!(line.starts_with(prefix), "{line}");
    assert!(line.contains("cannot allocate a 33554432 MB hash table"), "{line}");
    assert!(line.contains("keeping Hash 16 MB"), "{line}");
}

#[test]
fn uci_hash_at_its_maximum_is_refused_and_the_old_table_kept() {
    let mut engine = Engine::start();
    engine.ask("uci");
    let answer = engine.ask("setoption name Hash value 33554432");
    complaint_names_the_size(&answer, "info string ");
    assert_eq!(engine.ask("isready"), Vec::<String>::new());
    engine.send("position startpos");
    let best = best_move(&mut engine);
    let start = AnyPosition::startpos(VariantId::Chess, false);
    assert!(start.parse_uci_move(&best).is_ok(), "illegal bestmove {best}");
    // A size that fits is still taken afterwards.
    assert_eq!(engine.ask("setoption name Hash value 8"), Vec::<String>::new());
    assert!(engine.quit().success());
}

#[test]
fn usi_hash_at_its_maximum_is_refused_and_the_old_table_kept() {
    let mut engine = Engine::start();
    engine.send("usi");
    engine.until(|l| l == "usiok");
    let answer = engine.ask("setoption name USI_Hash value 33554432");
    complaint_names_the_size(&answer, "info string ");
    engine.send("position startpos");
    let best = best_move(&mut engine);
    // USI squares: file counted from the right, rank as a letter (4g4e is e2e4).
    assert_eq!(best.len(), 4, "{best}");
    assert!(engine.quit().success());
}

#[test]
fn cecp_memory_beyond_the_machine_is_an_error_and_play_goes_on() {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.until(|l| l == "feature done=1");
    engine.send("memory 99999999");
    engine.send("ping 1");
    let mut lines = engine.until(|l| l == "pong 1");
    lines.pop();
    complaint_names_the_size(&lines, "Error (");
    assert!(lines[0].ends_with("): memory 99999999"), "{lines:?}");
    engine.send("new");
    engine.send("sd 5");
    engine.send("go");
    let lines = engine.until(|l| l.starts_with("move "));
    let played = lines.last().unwrap().strip_prefix("move ").unwrap().to_string();
    let start = AnyPosition::startpos(VariantId::Chess, false);
    assert!(start.parse_uci_move(&played).is_ok(), "illegal move {played}");
    assert!(engine.quit().success());
}
