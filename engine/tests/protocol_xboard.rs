//! CECP (XBoard) transcripts: the handshake, a game where the engine keeps the position
//! and answers moves, results claimed when the game is over, and error replies.

mod support;

use ekumen_movegen::{AnyPosition, VariantId};
use support::Engine;

fn xboard_engine() -> Engine {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.until(|l| l == "feature done=1");
    assert!(features[0].starts_with("feature setboard=1 usermove=1 "), "{features:?}");
    assert!(features[0].contains(" ping=1 "));
    let variants = features[0].split("variants=\"").nth(1).unwrap().split('"').next().unwrap();
    for variant in VariantId::ALL {
        let name = if variant == VariantId::Chess { "normal" } else { variant.name() };
        assert!(variants.split(',').any(|v| v == name), "{name} missing in {variants}");
    }
    engine
}

/// Sends `ping n` and returns everything printed before `pong n`.
fn ping(engine: &mut Engine, n: u32) -> Vec<String> {
    engine.send(&format!("ping {n}"));
    let mut lines = engine.until(|l| l == format!("pong {n}"));
    lines.pop();
    lines
}

/// The position the engine holds, from `d`.
fn board_fen(engine: &mut Engine) -> String {
    engine.send("d");
    let lines = engine.until(|l| l.starts_with("Fen: "));
    lines.last().unwrap().strip_prefix("Fen: ").unwrap().to_string()
}

/// The reply the engine announces it ponders on.
fn next_hint(engine: &mut Engine) -> String {
    let lines = engine.until(|l| l.starts_with("Hint: "));
    lines.last().unwrap().strip_prefix("Hint: ").unwrap().to_string()
}

fn engine_move(engine: &mut Engine) -> String {
    let lines = engine.until(|l| l.starts_with("move ") || l.contains(" {"));
    let last = lines.last().unwrap();
    last.strip_prefix("move ").unwrap_or_else(|| panic!("no move: {lines:?}")).to_string()
}

#[test]
fn plays_a_game_keeping_the_position() {
    let mut engine = xboard_engine();
    engine.send("new");
    engine.send("level 0 0:10 0.1");
    engine.send("post");
    engine.send("time 1000");
    engine.send("otim 1000");
    let mut pos = AnyPosition::startpos(VariantId::Chess, false);
    // White: the GUI, playing arbitrary legal moves; Black: the engine. Either may mate
    // the other before the twelfth move; the position must agree wherever the game ends.
    for ply in 0..12 {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[(ply * 5) % legal.len()];
        engine.send(&format!("usermove {}", pos.move_to_uci(m)));
        pos.make_move(m);
        if pos.legal_moves().is_empty() {
            break;
        }
        let reply = engine_move(&mut engine);
        let m = pos.parse_uci_move(&reply).expect("the engine's move is legal");
        pos.make_move(m);
        engine.send("time 1000");
        engine.send("otim 1000");
    }
    let display = ping(&mut engine, 1);
    assert_eq!(board_fen(&mut engine), pos.fen(), "{display:?}");
    assert!(engine.quit().success());
}

#[test]
fn nodestime_keeps_the_clock_in_nodes() {
    let mut engine = xboard_engine();
    engine.send("option nodestime=1");
    engine.send("new");
    engine.send("level 0 1 0");
    engine.send("post");
    // A minute at one node a millisecond: 60,000 nodes for the game, at most 35 % a move,
    // a few milliseconds here. The GUI's minute, sent again before each move, is ignored.
    let mut pos = AnyPosition::startpos(VariantId::Chess, false);
    let mut left: u64 = 60_000;
    for first in [true, false] {
        engine.send("time 6000");
        engine.send("otim 6000");
        let start = std::time::Instant::now();
        if first {
            engine.send("go");
        } else {
            let reply = pos.legal_moves()[0];
            engine.send(&format!("usermove {}", pos.move_to_uci(reply)));
            pos.make_move(reply);
        }
        let lines = engine.until(|l| l.starts_with("move "));
        assert!(start.elapsed() < std::time::Duration::from_secs(5), "{lines:?}");
        let thinking = lines.iter().rev().find(|l| l.contains('\t')).expect("a thinking line");
        let nodes: u64 = thinking.split(' ').nth(3).and_then(|n| n.parse().ok()).expect("nodes");
        // At least a fifth of the optimum (what is left over 30 moves), the least a settled
        // search spends; at most the 35 % cap, with the clock read every 1,024 nodes.
        assert!(nodes >= left / 30 / 5 && nodes <= left * 35 / 100 + 1_024, "{nodes} of {left}");
        left -= nodes.min(left);
        let played = lines.last().unwrap().strip_prefix("move ").unwrap();
        pos.make_move(pos.parse_uci_move(played).expect("a legal move"));
    }
    assert!(engine.quit().success());
}

/// Starts a chess game with pondering on, the engine playing White at depth 4, and
/// returns its first move and the reply it ponders on, once that search has reported.
fn first_move_and_hint(engine: &mut Engine, pos: &mut AnyPosition) -> String {
    for line in ["new", "hard", "post", "sd 4", "go"] {
        engine.send(line);
    }
    let played = engine_move(engine);
    pos.make_move(pos.parse_uci_move(&played).expect("a legal move"));
    let hint = next_hint(engine);
    assert!(pos.parse_uci_move(&hint).is_ok(), "{hint}");
    // The ponder search reports on the opponent's time, before any reply is sent.
    engine.until(|l| l.contains('\t'));
    hint
}

#[test]
fn ponders_on_the_expected_reply() {
    let mut engine = xboard_engine();
    let mut pos = AnyPosition::startpos(VariantId::Chess, false);
    let hint = first_move_and_hint(&mut engine, &mut pos);
    // A ponder hit: the search goes on (no new first iteration) and plays its move.
    engine.send(&format!("usermove {hint}"));
    pos.make_move(pos.parse_uci_move(&hint).unwrap());
    let lines = engine.until(|l| l.starts_with("move "));
    assert!(!lines.iter().any(|l| l.starts_with("1 ")), "{lines:?}");
    let played = lines.last().unwrap().strip_prefix("move ").unwrap();
    pos.make_move(pos.parse_uci_move(played).expect("a legal move after the hit"));
    // A miss: the ponder search is dropped and the engine answers the move played.
    let hint = next_hint(&mut engine);
    let other = pos.legal_moves().into_iter().find(|&m| pos.move_to_uci(m) != hint).unwrap();
    engine.send(&format!("usermove {}", pos.move_to_uci(other)));
    pos.make_move(other);
    let played = engine_move(&mut engine);
    pos.make_move(pos.parse_uci_move(&played).expect("a legal move after the miss"));
    ping(&mut engine, 1);
    assert_eq!(board_fen(&mut engine), pos.fen());
    assert!(engine.quit().success());
}

#[test]
fn easy_force_and_question_mark_while_pondering() {
    let mut engine = xboard_engine();
    let mut pos = AnyPosition::startpos(VariantId::Chess, false);
    first_move_and_hint(&mut engine, &mut pos);
    // `?` has no move to play; `easy` ends the ponder search without one.
    engine.send("?");
    engine.send("easy");
    let lines = ping(&mut engine, 1);
    assert!(!lines.iter().any(|l| l.starts_with("move ")), "{lines:?}");
    assert_eq!(board_fen(&mut engine), pos.fen());
    // Pondering again, then `perft` and `force`: no move either, and the position stays
    // the GUI's.
    for (n, command) in [(2, "perft 1"), (3, "force")] {
        let mut pos = AnyPosition::startpos(VariantId::Chess, false);
        first_move_and_hint(&mut engine, &mut pos);
        engine.send(command);
        let lines = ping(&mut engine, n);
        assert!(!lines.iter().any(|l| l.starts_with("move ")), "{command}: {lines:?}");
        assert_eq!(board_fen(&mut engine), pos.fen());
    }
    assert!(engine.quit().success());
}

#[test]
fn go_force_undo_and_move_now() {
    let mut engine = xboard_engine();
    engine.send("new");
    engine.send("sd 2");
    engine.send("go");
    let first = engine_move(&mut engine);
    let pos = AnyPosition::startpos(VariantId::Chess, false);
    assert!(pos.parse_uci_move(&first).is_ok(), "{first}");
    engine.send("force");
    engine.send("e7e5");
    engine.send("undo");
    engine.send("undo");
    ping(&mut engine, 2);
    assert_eq!(board_fen(&mut engine), pos.fen());
    // `?` makes the engine move at once.
    engine.send("st 60");
    engine.send("sd 64");
    engine.send("go");
    std::thread::sleep(std::time::Duration::from_millis(200));
    engine.send("?");
    let best = engine_move(&mut engine);
    assert!(pos.parse_uci_move(&best).is_ok());
    assert!(engine.quit().success());
}

#[test]
fn results_and_errors() {
    let mut engine = xboard_engine();
    engine.send("new");
    engine.send("force");
    engine.send("setboard rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    engine.send("go");
    assert_eq!(engine.line(), "0-1 {Black wins}");
    engine.send("setboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine.send("go");
    assert_eq!(engine.line(), "1/2-1/2 {Draw}");
    engine.send("force");
    assert_eq!(ping(&mut engine, 3), Vec::<String>::new());
    engine.send("setboard 8/8/8 w - - 0 1");
    assert!(engine.line().starts_with("tellusererror Illegal position"));
    engine.send("usermove e2e5");
    assert_eq!(engine.line(), "Illegal move: e2e5");
    engine.send("nonsense here");
    assert_eq!(engine.line(), "Error (unknown command): nonsense here");
    engine.send("level 40 x 0");
    assert_eq!(engine.line(), "Error (bad parameter): level 40 x 0");
    engine.send("variant nosuch");
    assert_eq!(engine.line(), "Error (unsupported variant): nosuch");
    assert!(engine.quit().success());
}

#[test]
fn every_variant_plays_its_first_moves() {
    for variant in VariantId::ALL {
        let mut engine = xboard_engine();
        engine.send("new");
        let name = if variant == VariantId::Chess { "normal" } else { variant.name() };
        engine.send(&format!("variant {name}"));
        engine.send("sd 2");
        let mut pos = AnyPosition::startpos(variant, false);
        engine.send("go");
        for _ in 0..4 {
            let reply = engine_move(&mut engine);
            let m = pos.parse_uci_move(&reply).unwrap_or_else(|e| panic!("{variant}: {e}"));
            pos.make_move(m);
            let Some(&answer) = pos.legal_moves().first() else { break };
            engine.send(&format!("usermove {}", pos.move_to_uci(answer)));
            pos.make_move(answer);
        }
        assert!(engine.quit().success());
    }
}

#[test]
fn defines_the_variants_xboard_does_not_know() {
    let mut engine = xboard_engine();
    for (variant, size, pieces) in [
        ("shinobi", "8x8+7_bughouse", 16),
        ("gethenian", "7x7+5_fairy", 10),
        ("coherent", "9x9+0_fairy", 6),
    ] {
        engine.send("new");
        engine.send(&format!("variant {variant}"));
        let lines = ping(&mut engine, 2);
        let setups: Vec<&String> = lines.iter().filter(|l| l.starts_with("setup (")).collect();
        // One definition at `variant`; `new` defined the previous variant.
        let setup = setups.last().unwrap_or_else(|| panic!("{variant}: {lines:?}"));
        assert!(setup.contains(&format!(") {size} ")), "{setup}");
        let fen = AnyPosition::startpos(VariantId::from_name(variant).unwrap(), false).fen();
        let board = fen.split(['[', ' ']).next().unwrap();
        assert!(setup.contains(board), "{setup} vs {fen}");
        let defined = lines.iter().rev().take_while(|l| l.starts_with("piece ")).count();
        assert_eq!(defined, pieces, "{variant}: {lines:?}");
        engine.send("new");
        let again = ping(&mut engine, 3);
        assert!(again.iter().any(|l| l == *setup), "{variant}: `new` defines it again");
    }
    for known in ["normal", "gothic"] {
        engine.send(&format!("variant {known}"));
        let lines = ping(&mut engine, 4);
        assert!(lines.iter().all(|l| !l.starts_with("setup")), "{known}: {lines:?}");
    }
}

#[test]
fn analysis_leaves_out_excluded_moves() {
    for variant in VariantId::ALL {
        let mut engine = xboard_engine();
        engine.send("new");
        engine.send(&format!(
            "variant {}",
            ekumen_uci_protocol::xboard::xboard_variant_name(variant)
        ));
        engine.send("post");
        let pos = AnyPosition::startpos(variant, false);
        let legal: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_to_uci(m)).collect();
        engine.send("analyze");
        engine.send("exclude all");
        let kept = &legal[legal.len() / 2];
        engine.send(&format!("include {kept}"));
        ping(&mut engine, 5);
        // Thinking lines after the `include` all start with the one move left.
        let depth = |l: &str| l.split_whitespace().next()?.parse::<u32>().ok();
        let thinking = engine.until(|l| l.contains('\t') && depth(l) >= Some(4));
        let first_moves: Vec<&str> = thinking
            .iter()
            .filter(|l| l.contains('\t'))
            .filter_map(|l| l.split('\t').nth(1)?.split_whitespace().next())
            .collect();
        assert!(first_moves.iter().all(|m| m == kept), "{variant:?}: {first_moves:?}");
        engine.send("include all");
        engine.send("exit");
        ping(&mut engine, 6);
        engine.send(".");
        engine.send("quit");
        assert!(engine.wait().success());
    }
}
