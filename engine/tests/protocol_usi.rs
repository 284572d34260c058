//! USI transcripts: Fairy-Stockfish's option spellings, squares counted from the right with
//! rank letters, `*` drops, SFEN with the inverted side letter and counted hands, swapped
//! clocks and `bestmove resign`.

mod support;

use ekumen_movegen::{AnyPosition, Move, Rng, VariantId};
use support::Engine;

fn usi_engine() -> Engine {
    let mut engine = Engine::start();
    engine.send("usi");
    engine.until(|l| l == "usiok");
    engine
}

#[test]
fn handshake_uses_usi_spellings() {
    let mut engine = Engine::start();
    engine.send("usi");
    let lines = engine.until(|l| l == "usiok");
    assert_eq!(lines[0], "id name Ekumen 0.1.0");
    for expected in [
        "option name Debug_Log_File type string default ",
        "option name USI_Hash type spin default 16 min 1 max 33554432",
        "option name Clear_Hash type button",
        "option name USI_Ponder type check default false",
        "option name USI_MultiPV type spin default 1 min 1 max 500",
        "option name Move_Overhead type spin default 10 min 0 max 5000",
        "option name USI_Chess960 type check default false",
        "option name USI_ShowWDL type check default false",
    ] {
        assert!(lines.iter().any(|l| l == expected), "missing '{expected}' in {lines:#?}");
    }
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name USI_Variant type combo default chess")));
    assert!(engine.ask("usinewgame").is_empty());
    assert!(engine.ask("setoption name USI_Hash value 32").is_empty());
    assert!(engine.ask("setoption name Move_Overhead value 30").is_empty());
    assert!(engine.ask("gameover win").is_empty());
    assert!(engine.quit().success());
}

#[test]
fn moves_and_sfen_in_chess() {
    let mut engine = usi_engine();
    engine.ask("position startpos moves 4g4e 4b4d 2h3f");
    let lines = engine.ask("d");
    assert!(lines.contains(
        &"Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2".to_string()
    ));
    assert!(lines
        .contains(&"Sfen: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - 4".to_string()));
    // UCI-style moves are not USI moves.
    let answer = engine.ask("position startpos moves e2e4");
    assert_eq!(answer.len(), 1);
    assert!(answer[0].starts_with("info string illegal move e2e4"), "{answer:?}");
    // SFEN in, FEN and SFEN out.
    engine.ask("position sfen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w - 2 moves 4b4d");
    assert_eq!(engine.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2");
    assert!(engine.quit().success());
}

#[test]
fn perft_and_search_speak_usi() {
    let mut engine = usi_engine();
    engine.send("position startpos");
    engine.send("go perft 1");
    let lines = engine.until(|l| l.starts_with("Nodes"));
    assert!(lines.contains(&"4g4e: 1".to_string()), "{lines:?}");
    assert!(lines.contains(&"2h3f: 1".to_string()), "{lines:?}");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 20");
    engine.line();

    // btime is the first player's clock: a tiny btime makes the first player hurry.
    engine.send("go btime 100 wtime 600000 byoyomi 0");
    let start = std::time::Instant::now();
    let (infos, best) = engine.search_output();
    assert!(start.elapsed() < std::time::Duration::from_secs(2));
    let best = best.split(' ').nth(1).unwrap().to_string();
    let legal: Vec<String> =
        lines[..20].iter().map(|l| l.trim_end_matches(": 1").to_string()).collect();
    assert!(legal.contains(&best), "{best}");
    for info in infos {
        let pv = info.split(" pv ").nth(1).unwrap_or("");
        for m in pv.split(' ').filter(|m| !m.is_empty()) {
            assert!(m.as_bytes()[0].is_ascii_digit(), "USI move expected: {info}");
        }
    }
    engine.send("go byoyomi 300");
    let (_, best) = engine.search_output();
    assert!(legal.contains(&best.split(' ').nth(1).unwrap().to_string()));
    assert!(engine.quit().success());
}

#[test]
fn nodestime_spends_a_byoyomi_period_in_nodes() {
    let mut engine = usi_engine();
    engine.send("setoption name nodestime value 1");
    engine.send("position startpos");
    // A 10 s period at one node a millisecond is 10,000 nodes, a few milliseconds here;
    // with or without a main time, the search ends within it and far sooner in real time.
    for go in ["go btime 0 wtime 0 byoyomi 10000", "go byoyomi 10000"] {
        let start = std::time::Instant::now();
        engine.send(go);
        let (infos, best) = engine.search_output();
        assert!(start.elapsed() < std::time::Duration::from_secs(5), "{go}");
        assert!(best.starts_with("bestmove "), "{best}");
        let nodes = Engine::nodes_searched(&infos);
        // The whole period but the 10 ms overhead is the aim, 90 % of it: 8,991 nodes, with
        // the node clock read every 1,024 nodes.
        assert!((8_991..=8_991 + 1_024).contains(&nodes), "{go}: {nodes}");
    }
    assert!(engine.quit().success());
}

#[test]
fn no_move_is_resign() {
    let mut engine = usi_engine();
    engine.ask("position sfen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR b - 5");
    engine.send("go byoyomi 100");
    assert!(support::is_evaluation_notice(&engine.line()));
    assert_eq!(engine.line(), "info depth 0 score mate 0");
    assert_eq!(engine.line(), "bestmove resign");
    assert!(engine.quit().success());
}

#[test]
fn mate_scores_count_plies() {
    let mut engine = usi_engine();
    engine.ask("position sfen 6k1/5ppp/8/8/8/8/8/R5K1 b - 1");
    engine.send("go depth 2");
    let (infos, best) = engine.search_output();
    assert!(infos.last().unwrap().contains(" score mate 1 "), "{infos:?}");
    assert_eq!(best, "bestmove 8h8a");
    assert!(engine.quit().success());
}

#[test]
fn drops_use_a_star_in_every_drop_variant() {
    for variant in VariantId::ALL.into_iter().filter(|v| v.info().pocket > 0) {
        let mut engine = usi_engine();
        let answer = engine.ask(&format!("setoption name USI_Variant value {variant}"));
        assert!(answer[0].starts_with(&format!("info string variant {variant} ")));
        engine.ask("position startpos");
        // Play until the side to move has a drop; every drop is written `X*sq` or `+X*sq`.
        let mut pos = AnyPosition::startpos(variant, false);
        let mut played: Vec<String> = Vec::new();
        let mut dropped = false;
        let mut rng = Rng::new(7);
        for _ in 0..40 {
            let moves = pos.legal_moves();
            // A drop if there is one, else a capture that fills a hand (gethenian starts
            // with empty hands), else a random move.
            let hand = |pos: &AnyPosition| pos.fen().split(' ').next().unwrap_or("").to_string();
            let fills_hand = |m: &Move| {
                let mut after = pos.clone();
                after.make_move(*m);
                hand(&after).len() > hand(&pos).len()
            };
            let drop = moves.iter().find(|m| m.is_drop());
            let random = moves.get(rng.below(moves.len().max(1)));
            let Some(&m) = drop.or(moves.iter().find(|m| fills_hand(m))).or(random) else {
                break;
            };
            let uci = pos.move_to_uci(m);
            if m.is_drop() {
                engine.send(&format!("position startpos moves {}", played.join(" ")));
                engine.send("go perft 1");
                let lines = engine.until(|l| l.starts_with("Nodes"));
                engine.line();
                let drops: Vec<&String> = lines.iter().filter(|l| l.contains('*')).collect();
                assert!(!drops.is_empty(), "{variant}: {lines:?}");
                for line in drops {
                    let text = line.split(':').next().unwrap();
                    let (piece, square) = text.split_once('*').unwrap();
                    assert!(piece.trim_start_matches('+').len() == 1, "{line}");
                    assert!(square.as_bytes()[0].is_ascii_digit(), "{line}");
                }
                assert!(!lines.iter().any(|l| l.contains('@')));
                dropped = true;
                break;
            }
            let size = variant.info();
            played.push(to_usi(&uci, size.files, size.ranks));
            pos.make_move(m);
        }
        assert!(dropped, "{variant}: no drop within 40 plies");
        assert!(engine.quit().success());
    }
}

fn to_usi(uci: &str, files: u8, ranks: u8) -> String {
    ekumen_uci_protocol::usi::move_to_usi(uci, ekumen_uci_protocol::usi::BoardSize { files, ranks })
}

#[test]
fn shinobi_sfen_counts_the_hand() {
    let mut engine = usi_engine();
    engine.ask("setoption name USI_Variant value shinobi");
    engine.ask("position startpos");
    let lines = engine.ask("d");
    assert!(
        lines.contains(&"Sfen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/LH1CK1HL b HLJD2M 1".to_string())
    );
    engine.ask("position sfen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/LH1CK1HL b HLJD2M 1 moves M*6h");
    assert_eq!(engine.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/LHMCK1HL[HLJDM] b - - 0 1");
    assert!(engine.quit().success());
}

#[test]
fn infinite_analysis_with_multipv_and_searchmoves_in_every_variant() {
    for variant in VariantId::ALL {
        let mut engine = usi_engine();
        engine.ask(&format!("setoption name USI_Variant value {variant}"));
        engine.ask("setoption name USI_MultiPV value 2");
        engine.ask("position startpos");
        let pos = AnyPosition::startpos(variant, false);
        let size = variant.info();
        let legal: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| to_usi(&pos.move_to_uci(m), size.files, size.ranks))
            .collect();
        let allowed =
            [legal[0].clone(), legal[legal.len() - 1].clone(), legal[legal.len() / 2].clone()];
        engine.send(&format!("go infinite searchmoves {}", allowed.join(" ")));
        let lines = engine.until(|l| l.starts_with("info depth 4 ") && l.contains(" multipv 2 "));
        engine.send("stop");
        let rest = engine.until(|l| l.starts_with("bestmove"));
        let best = rest.last().unwrap().split(' ').nth(1).unwrap();
        assert!(allowed.iter().any(|m| m == best), "{variant}: {best} not in {allowed:?}");
        for line in lines.iter().chain(&rest).filter(|l| l.contains(" pv ")) {
            let first = line.split(" pv ").nth(1).unwrap().split(' ').next().unwrap();
            assert!(allowed.iter().any(|m| m == first), "{variant}: {line}");
        }
        assert!(engine.quit().success());
    }
}
