//! UCI transcripts: exact answers to every command, option and edge case, checked against
//! the real binary.

mod support;

use std::time::{Duration, Instant};

use ekumen_movegen::{AnyPosition, VariantId};
use support::{is_evaluation_notice, Engine};

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn sorted_variant_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = VariantId::ALL.iter().map(|v| v.name()).collect();
    names.sort_unstable();
    names
}

/// The legal moves of `fen` after `moves`, in UCI notation.
fn legal_moves(variant: VariantId, fen: &str, moves: &[&str]) -> Vec<String> {
    let mut pos = AnyPosition::from_fen(variant, fen, false).expect("test FEN parses");
    for m in moves {
        let m = pos.parse_uci_move(m).expect("test move is legal");
        pos.make_move(m);
    }
    pos.legal_moves().into_iter().map(|m| pos.move_to_uci(m)).collect()
}

#[test]
fn handshake_lists_every_option() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.until(|l| l == "uciok");
    assert_eq!(lines[0], "id name Ekumen 0.1.0");
    assert_eq!(lines[1], "id author The Ekumen developers");
    assert_eq!(lines[2], "");
    let vars: String = sorted_variant_names().iter().map(|v| format!(" var {v}")).collect();
    for expected in [
        "option name Debug Log File type string default ".to_string(),
        "option name Threads type spin default 1 min 1 max 512".into(),
        "option name Hash type spin default 16 min 1 max 33554432".into(),
        "option name Clear Hash type button".into(),
        "option name Ponder type check default false".into(),
        "option name MultiPV type spin default 1 min 1 max 500".into(),
        "option name Skill Level type spin default 20 min -20 max 20".into(),
        "option name Move Overhead type spin default 10 min 0 max 5000".into(),
        "option name UCI_Chess960 type check default false".into(),
        format!("option name UCI_Variant type combo default chess{vars}"),
        "option name UCI_AnalyseMode type check default false".into(),
        "option name UCI_LimitStrength type check default false".into(),
        "option name UCI_Elo type spin default 1350 min 500 max 2850".into(),
        "option name UCI_ShowWDL type check default false".into(),
        "option name SyzygyPath type string default <empty>".into(),
        "option name VariantPath type string default <empty>".into(),
    ] {
        assert!(lines.contains(&expected), "missing '{expected}' in {lines:#?}");
    }
    assert!(lines[3..lines.len() - 1].iter().all(|l| l.starts_with("option name ")));
    assert!(engine.quit().success());
}

#[test]
fn isready_and_unknown_commands() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask("uci").last().unwrap(), "uciok");
    assert!(engine.ask("ucinewgame").is_empty());
    assert_eq!(engine.ask("foo bar"), vec!["Unknown command: foo bar"]);
    assert_eq!(engine.ask("UCI"), vec!["Unknown command: UCI"]);
    assert!(engine.ask("").is_empty());
    assert!(engine.ask("# comment").is_empty());
    assert!(engine.ask("debug on").is_empty());
    assert!(engine.quit().success());
}

#[test]
fn variant_lines_for_every_variant() {
    let mut engine = Engine::start();
    engine.ask("uci");
    assert_eq!(
        engine.ask("setoption name UCI_Variant value chess"),
        vec![format!(
            "info string variant chess files 8 ranks 8 pocket 0 template fairy startpos {CHESS_START}"
        )]
    );
    for variant in VariantId::ALL {
        let info = variant.info();
        let answer = engine.ask(&format!("setoption name UCI_Variant value {}", info.name));
        assert_eq!(
            answer,
            vec![format!(
                "info string variant {} files {} ranks {} pocket {} template {} startpos {}",
                info.name, info.files, info.ranks, info.pocket, info.template, info.start_fen
            )]
        );
        // FENs print hands in Fairy-Stockfish's order, which the start FEN need not use.
        let start = AnyPosition::startpos(variant, false).fen();
        assert_eq!(engine.fen(), start, "a variant change resets the position");
        engine.ask("position startpos");
        assert_eq!(engine.fen(), start);
    }
    // Unknown or wrongly cased values keep the variant, with one line saying so.
    engine.ask("setoption name UCI_Variant value chess");
    for bad in ["Chess", "nosuchvariant", ""] {
        let answer = engine.ask(&format!("setoption name UCI_Variant value {bad}"));
        assert_eq!(answer.len(), 1, "{answer:?}");
        assert!(answer[0].starts_with("info string ") && answer[0].ends_with("keeping chess"));
    }
    assert_eq!(engine.fen(), CHESS_START);
    assert!(engine.quit().success());
}

#[test]
fn option_errors_keep_values() {
    let mut engine = Engine::start();
    engine.ask("uci");
    assert_eq!(engine.ask("setoption name Nope value 1"), vec!["No such option: Nope"]);
    for bad in [
        "setoption name Hash value lots",
        "setoption name Hash value 0",
        "setoption name Threads value 100000",
        "setoption name Ponder value maybe",
        "setoption name MultiPV",
        "setoption name",
        "setoption",
        "setoption value 3",
    ] {
        let answer = engine.ask(bad);
        assert_eq!(answer.len(), 1, "{bad}: {answer:?}");
        assert!(answer[0].starts_with("info string "), "{bad}: {answer:?}");
    }
    // Options lichess-bot's default configuration sets, in either case or spelling.
    for good in [
        "setoption name Move Overhead value 100",
        "setoption name Threads value 4",
        "setoption name Hash value 512",
        "setoption name UCI_ShowWDL value true",
        "setoption name move overhead value 50",
        "setoption name Clear Hash",
        "setoption name Ponder value true",
    ] {
        assert!(engine.ask(good).is_empty(), "{good}");
    }
    let syzygy = engine.ask("setoption name SyzygyPath value ./syzygy/");
    assert_eq!(syzygy.len(), 1);
    assert!(syzygy[0].starts_with("info string SyzygyPath"));
    assert!(engine.ask("setoption name SyzygyPath value <empty>").is_empty());
    for used in [
        "setoption name Skill Level value 3",
        "setoption name Slow Mover value 80",
        "setoption name UCI_LimitStrength value true",
        "setoption name UCI_Elo value 1800",
        "setoption name nodestime value 600",
    ] {
        assert!(engine.ask(used).is_empty(), "{used}");
    }
    assert!(engine.quit().success());
}

#[test]
fn skill_level_plays_a_legal_move_shown_last_as_the_best() {
    let mut engine = Engine::start();
    engine.ask("uci");
    engine.send("setoption name Skill Level value -5");
    engine.send("position startpos moves e2e4");
    engine.send("go depth 5");
    let (infos, best) = engine.search_output();
    let played = best.split(' ').nth(1).expect("a move");
    assert!(legal_moves(VariantId::Chess, CHESS_START, &["e2e4"]).contains(&played.to_string()));
    // Four lines behind the scenes; the last `multipv 1` line is the one played.
    assert!(infos.iter().any(|i| i.contains(" multipv 4 ")), "{infos:?}");
    let last_best = infos.iter().rev().find(|i| i.contains(" multipv 1 ")).expect("a line");
    assert!(last_best.contains(&format!(" pv {played}")), "{last_best} / {best}");
    assert!(engine.quit().success());
}

#[test]
fn a_limited_strength_searches_lines_behind_the_scenes_and_full_strength_does_not() {
    let mut engine = Engine::start();
    engine.ask("uci");
    let lines_shown = |engine: &mut Engine| {
        engine.send("position startpos");
        engine.send("go depth 4");
        let (infos, _) = engine.search_output();
        infos.iter().any(|i| i.contains(" multipv 4 "))
    };
    assert!(!lines_shown(&mut engine));
    // Even the top of the rating scale (level 18.5) plays with a handicap.
    engine.send("setoption name UCI_Elo value 2850");
    engine.send("setoption name UCI_LimitStrength value true");
    assert!(lines_shown(&mut engine));
    engine.send("setoption name UCI_LimitStrength value false");
    assert!(!lines_shown(&mut engine));
    assert!(engine.quit().success());
}

#[test]
fn nodestime_keeps_the_clock_in_nodes_across_moves() {
    let mut engine = Engine::start();
    engine.ask("uci");
    engine.send("setoption name nodestime value 2");
    let nodes_searched = |engine: &mut Engine, moves: &str, time: u32| {
        engine.send(&format!("position startpos moves {moves}"));
        engine.send(&format!("go wtime {time} btime {time} winc 0 binc 0"));
        let (infos, best) = engine.search_output();
        assert!(best.starts_with("bestmove "), "{best}");
        Engine::nodes_searched(&infos)
    };
    // 10 s at two nodes a millisecond: 20,000 nodes for the game, at most 35 % a move.
    // The later moves' ten minutes are ignored: the engine keeps its own count.
    let mut left = 20_000;
    for (moves, time) in [
        ("e2e4 e7e5", 10_000),
        ("e2e4 e7e5 g1f3 b8c6", 600_000),
        ("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6", 600_000),
    ] {
        let nodes = nodes_searched(&mut engine, moves, time);
        // At least a fifth of the optimum (what is left over 30 moves), the least a settled
        // search spends; at most the 35 % cap, with the clock read every 1,024 nodes.
        assert!(nodes >= left / 30 / 5 && nodes <= left * 35 / 100 + 1_024, "{nodes} of {left}");
        left -= nodes.min(left);
    }
    assert!(engine.quit().success());
}

#[test]
fn position_and_display() {
    let mut engine = Engine::start();
    engine.ask("uci");
    engine.send("position startpos moves e2e4 c7c5 e4e5 d7d5");
    let lines = engine.ask("d");
    let expected_tail = [
        "   a   b   c   d   e   f   g   h",
        "",
        "Fen: rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        "Sfen: rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR b - 5",
    ];
    assert_eq!(lines[0], "");
    assert_eq!(lines[1], " +---+---+---+---+---+---+---+---+");
    assert_eq!(lines[2], " | r | n | b | q | k | b | n | r |8  ");
    assert_eq!(lines[16], " | R | N | B | Q | K | B | N | R |1 *");
    assert_eq!(&lines[18..22], &expected_tail);
    assert!(lines[22].starts_with("Key: ") && lines[22].len() == 21);
    assert_eq!(lines[23], "Checkers: ");
    assert_eq!(lines[24], "Chased: ");

    engine.ask("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    let lines = engine.ask("d");
    assert!(lines.contains(&"Checkers: h4 ".to_string()), "{lines:?}");
    assert!(engine.quit().success());
}

#[test]
fn position_stops_at_the_first_illegal_move() {
    let mut engine = Engine::start();
    engine.ask("uci");
    let answer = engine.ask("position startpos moves e2e4 e7e5 e2e4 g1f3");
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(answer[0].starts_with("info string illegal move e2e4 in position "), "{answer:?}");
    assert_eq!(engine.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let answer = engine.ask("position startpos moves e2e4 xyz");
    assert_eq!(answer.len(), 1);
    assert!(answer[0].starts_with("info string illegal move xyz"));
    // FS's leniencies: upper-case promotion letter and a trailing '='.
    engine.ask("position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1 moves a7a8Q");
    assert_eq!(engine.fen(), "Q7/7k/8/8/8/8/8/K7 b - - 0 1");
    assert!(engine.quit().success());
}

#[test]
fn bad_position_commands_leave_the_position() {
    let mut engine = Engine::start();
    engine.ask("uci");
    engine.ask("position startpos moves d2d4");
    let before = engine.fen();
    for bad in [
        "position",
        "position fen",
        "position fen moves e2e4",
        "position startpos e2e4",
        "position elsewhere",
        "position fen 8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position fen 4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
        "position sfen 8/8/8 q",
    ] {
        let answer = engine.ask(bad);
        assert_eq!(answer.len(), 1, "{bad}: {answer:?}");
        assert!(answer[0].starts_with("info string "), "{bad}: {answer:?}");
        assert_eq!(engine.fen(), before, "{bad}");
    }
    assert!(engine.quit().success());
}

#[test]
fn perft_in_fairy_stockfish_format() {
    let mut engine = Engine::start();
    engine.ask("uci");
    engine.send("position startpos");
    engine.send("go perft 2");
    let lines = engine.until(|l| l.starts_with("Nodes searched"));
    assert_eq!(lines.len(), 22);
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 400");
    let mut moves: Vec<String> =
        lines[..20].iter().map(|l| l.strip_suffix(": 20").expect("20 each").to_string()).collect();
    moves.sort();
    let mut legal = legal_moves(VariantId::Chess, CHESS_START, &[]);
    legal.sort();
    assert_eq!(moves, legal);
    assert_eq!(engine.line(), "");
    // Perft in a position without moves, and for every variant.
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine.send("go perft 3");
    assert_eq!(engine.until(|l| l.starts_with("Nodes")), vec!["", "Nodes searched: 0"]);
    assert_eq!(engine.line(), "");
    for variant in VariantId::ALL {
        engine.ask(&format!("setoption name UCI_Variant value {variant}"));
        engine.send("position startpos");
        engine.send("go perft 1");
        let lines = engine.until(|l| l.starts_with("Nodes"));
        let count = legal_moves(variant, variant.info().start_fen, &[]).len();
        assert_eq!(lines.last().unwrap(), &format!("Nodes searched: {count}"));
        engine.line();
    }
    // `go perft` runs in order with later commands and `stop` interrupts it.
    engine.ask("setoption name UCI_Variant value chess");
    engine.send("position startpos");
    engine.send("go perft 2");
    engine.send("d");
    let lines = engine.until(|l| l.starts_with("Chased"));
    assert!(lines.iter().position(|l| l.starts_with("Nodes searched")).unwrap() < 25);
    engine.send("go perft 12");
    engine.send("stop");
    let lines = engine.until(|l| l.starts_with("info string"));
    assert_eq!(lines.last().unwrap(), "info string perft stopped");
    // A `stop` sent while a perft waits behind another stops both: the running one at once,
    // the waiting one when it starts (it used to wait for the end of `go perft 20`, which
    // the long fuzz run found).
    engine.send("go perft 12");
    engine.send("go perft 20");
    engine.send("stop");
    engine.send("d");
    let lines = engine.until(|l| l.starts_with("Chased"));
    let stopped = lines.iter().filter(|l| *l == "info string perft stopped").count();
    assert_eq!(stopped, 2, "{lines:?}");
    for bad in ["go perft", "go perft 0", "go perft x"] {
        let answer = engine.ask(bad);
        assert_eq!(answer.len(), 1, "{bad}: {answer:?}");
        assert!(answer[0].starts_with("info string go: "), "{bad}: {answer:?}");
    }
    assert!(engine.quit().success());
}

fn assert_info_line(line: &str) {
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(&words[..2], &["info", "depth"], "{line}");
    for key in ["seldepth", "multipv", "score", "nodes", "nps", "tbhits", "time", "pv"] {
        assert!(words.contains(&key), "{key} missing in {line}");
    }
    let score = words.iter().position(|&w| w == "score").unwrap();
    assert!(["cp", "mate"].contains(&words[score + 1]), "{line}");
    words[score + 2].parse::<i32>().expect("a score value");
}

#[test]
fn go_depth_prints_info_and_a_legal_bestmove() {
    let mut engine = Engine::start();
    engine.ask("uci");
    engine.send("position startpos moves e2e4");
    engine.send("go depth 3");
    let (infos, best) = engine.search_output();
    assert_eq!(infos.len(), 3, "{infos:?}");
    for (depth, info) in infos.iter().enumerate() {
        assert!(info.starts_with(&format!("info depth {} ", depth + 1)), "{info}");
        assert_info_line(info);
    }
    let words: Vec<&str> = best.split(' ').collect();
    let legal = legal_moves(VariantId::Chess, CHESS_START, &["e2e4"]);
    assert!(legal.contains(&words[1].to_string()), "{best}");
    if words.len() > 2 {
        assert_eq!(words[2], "ponder");
        assert!(legal_moves(VariantId::Chess, CHESS_START, &["e2e4", words[1]])
            .contains(&words[3].to_string()));
    }
    assert!(engine.quit().success());
}

#[test]
fn no_legal_move_verdicts() {
    let mut engine = Engine::start();
    engine.ask("uci");
    // Checkmate.
    engine.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    engine.send("go depth 3");
    assert!(is_evaluation_notice(&engine.line()));
    assert_eq!(engine.line(), "info depth 0 score mate 0");
    assert_eq!(engine.line(), "bestmove (none)");
    // Stalemate is a draw in chess.
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine.send("go wtime 1000 btime 1000");
    assert!(is_evaluation_notice(&engine.line()));
    assert_eq!(engine.line(), "info depth 0 score cp 0");
    assert_eq!(engine.line(), "bestmove (none)");
    // With `go infinite` the answer waits for `stop`.
    engine.send("go infinite");
    assert!(is_evaluation_notice(&engine.line()));
    assert_eq!(engine.line(), "info depth 0 score cp 0");
    engine.expect_silence(Duration::from_millis(200));
    engine.send("stop");
    assert_eq!(engine.line(), "bestmove (none)");
    assert!(engine.quit().success());
}

#[test]
fn finds_mate_in_one() {
    let mut engine = Engine::start();
    engine.ask("uci");
    engine.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    engine.send("go depth 2");
    let (infos, best) = engine.search_output();
    assert!(infos.last().unwrap().contains(" score mate 1 "), "{infos:?}");
    assert_eq!(best.split(' ').nth(1), Some("a1a8"));
    assert!(engine.quit().success());
}

#[test]
fn infinite_search_answers_isready_and_stops() {
    let mut engine = Engine::start();
    engine.ask("uci");
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let during = engine.sync();
    assert!(during.iter().all(|l| l.starts_with("info ")), "{during:?}");
    engine.send("stop");
    let (_, best) = engine.search_output();
    assert!(legal_moves(VariantId::Chess, CHESS_START, &[])
        .contains(&best.split(' ').nth(1).unwrap().to_string()));
    // A second stop, or a stop with nothing running, says nothing.
    engine.send("stop");
    assert!(engine.sync().is_empty());
    assert!(engine.quit().success());
}

#[test]
fn ponder_then_ponderhit() {
    let mut engine = Engine::start();
    engine.ask("uci");
    engine.ask("setoption name Ponder value true");
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go ponder wtime 300 btime 300");
    std::thread::sleep(Duration::from_millis(400));
    // While pondering the clock does not run out: no bestmove yet.
    let during = engine.sync();
    assert!(!during.iter().any(|l| l.starts_with("bestmove")), "{during:?}");
    let start = Instant::now();
    engine.send("ponderhit");
    let (_, best) = engine.search_output();
    assert!(start.elapsed() < Duration::from_secs(5));
    assert!(best.starts_with("bestmove "));
    // Ponder, then stop (the opponent played something else).
    engine.send("go ponder wtime 300 btime 300");
    engine.send("stop");
    let (_, best) = engine.search_output();
    assert!(best.starts_with("bestmove "));
    assert!(engine.quit().success());
}

#[test]
fn a_ponder_search_finished_before_ponderhit_repeats_its_last_line() {
    let mut engine = Engine::start();
    engine.ask("uci");
    engine.send("position startpos moves e2e4");
    engine.send("go ponder depth 3");
    let lines = engine.until(|l| l.starts_with("info depth 3 "));
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "{lines:?}");
    // The search is over and waits for the GUI's word.
    engine.expect_silence(Duration::from_millis(200));
    engine.send("ponderhit");
    let (infos, best) = engine.search_output();
    let last = infos.last().unwrap_or_else(|| panic!("no line before {best}"));
    assert!(last.starts_with("info depth 3 ") && last.contains(" score "), "{last}");
    assert!(best.starts_with("bestmove "));
    // After `stop` nothing is repeated: the GUI was following the search.
    engine.send("go ponder depth 3");
    engine.until(|l| l.starts_with("info depth 3 "));
    engine.expect_silence(Duration::from_millis(200));
    engine.send("stop");
    let (infos, _) = engine.search_output();
    assert!(infos.is_empty(), "{infos:?}");
    assert!(engine.quit().success());
}

#[test]
fn odd_limits_still_give_a_move() {
    // Clocks as a GUI judges them are timed in protocol_clocks.rs; here, clocks already
    // run out or negative, and a node limit, still give a move at once.
    let mut engine = Engine::start();
    engine.ask("uci");
    engine.send("position startpos");
    for (go, limit_ms) in
        [("go wtime 0 btime 0", 1500), ("go wtime -100 btime 1000", 1500), ("go nodes 500", 3000)]
    {
        let start = Instant::now();
        engine.send(go);
        let (_, best) = engine.search_output();
        assert!(
            start.elapsed() < Duration::from_millis(limit_ms),
            "{go} took {:?}",
            start.elapsed()
        );
        assert!(best.len() > "bestmove ".len(), "{go}: {best}");
    }
    assert!(engine.quit().success());
}

#[test]
fn go_options_multipv_wdl_searchmoves() {
    let mut engine = Engine::start();
    engine.ask("uci");
    engine.ask("setoption name MultiPV value 3");
    engine.send("position startpos");
    engine.send("go depth 2");
    let (infos, _) = engine.search_output();
    let last_depth: Vec<&String> =
        infos.iter().filter(|l| l.starts_with("info depth 2 ")).collect();
    assert_eq!(last_depth.len(), 3, "{infos:?}");
    for (i, line) in last_depth.iter().enumerate() {
        assert!(line.contains(&format!(" multipv {} ", i + 1)), "{line}");
    }
    engine.ask("setoption name MultiPV value 1");
    engine.ask("setoption name UCI_ShowWDL value true");
    engine.send("go depth 1");
    let (infos, _) = engine.search_output();
    let info = &infos[0];
    let words: Vec<&str> = info.split(' ').collect();
    let wdl = words.iter().position(|&w| w == "wdl").expect("wdl shown");
    let total: u32 = words[wdl + 1..wdl + 4].iter().map(|w| w.parse::<u32>().unwrap()).sum();
    assert_eq!(total, 1000);
    engine.ask("setoption name UCI_ShowWDL value false");
    engine.send("go depth 2 searchmoves a2a3 h2h3");
    let (_, best) = engine.search_output();
    let best = best.split(' ').nth(1).unwrap();
    assert!(best == "a2a3" || best == "h2h3", "{best}");
    engine.send("go depth 1 searchmoves zz9");
    let lines = engine.until(|l| l.starts_with("bestmove"));
    assert!(lines[0].starts_with("info string searchmoves"), "{lines:?}");
    assert!(engine.quit().success());
}

#[test]
fn malformed_go_commands_answer_once() {
    let mut engine = Engine::start();
    engine.ask("uci");
    for bad in ["go depth", "go depth deep", "go nodes -5", "go sideways", "go wtime x"] {
        let answer = engine.ask(bad);
        assert_eq!(answer.len(), 1, "{bad}: {answer:?}");
        assert!(answer[0].starts_with("info string go: "), "{bad}: {answer:?}");
    }
    assert!(engine.quit().success());
}

#[test]
fn chess960_castling_notation() {
    let mut engine = Engine::start();
    engine.ask("uci");
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    engine.ask(&format!("position fen {fen} moves e1g1"));
    assert_eq!(engine.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    engine.ask("setoption name UCI_Chess960 value true");
    engine.ask(&format!("position fen {fen} moves e1h1"));
    assert_eq!(engine.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b ha - 1 1");
    assert!(engine.quit().success());
}

#[test]
fn eval_and_bench_commands() {
    let mut engine = Engine::start();
    engine.ask("uci");
    // The classical evaluation, the net's where the variant has one, then the one used:
    // each in pawns from White's side, as Fairy-Stockfish words them.
    let pawns = |line: &str, label: &str| -> f64 {
        let text = line.strip_prefix(label).expect("FS's wording").trim();
        let number = text.strip_suffix("(white side)").expect("FS's wording").trim();
        number.parse().expect("a signed number of pawns")
    };
    let classical_and_final = |lines: Vec<String>| -> (f64, f64) {
        assert!(lines.len() >= 2, "{lines:?}");
        let last = lines.last().expect("a line");
        (pawns(&lines[0], "Classical evaluation"), pawns(last, "Final evaluation"))
    };
    let white_side = |lines: Vec<String>| classical_and_final(lines).1;
    // The hand-made terms see the start as about even. A trained net gives the side to
    // move a tempo of its own size, but the start with Black to move is the same position
    // with the colours swapped, so from White's side its score must change sign exactly.
    let (classical, white_to_move) = classical_and_final(engine.ask("eval"));
    assert!(classical.abs() < 0.5, "{classical}");
    engine.ask("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    let black_to_move = white_side(engine.ask("eval"));
    assert!(
        white_to_move != 0.0 && white_to_move == -black_to_move,
        "{white_to_move} {black_to_move}"
    );
    // Black is missing the queen: White is far ahead whoever is to move.
    engine.ask("position fen rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(white_side(engine.ask("eval")) > 5.0);
    engine.ask("position fen rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    assert!(white_side(engine.ask("eval")) > 5.0);
    engine.send("bench 1");
    let last = engine.line();
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words.len(), 4, "{last}");
    assert_eq!((words[1], words[3]), ("nodes", "nps"));
    assert!(engine.quit().success());
}

#[test]
fn debug_log_file_records_the_dialogue() {
    let path = std::env::temp_dir().join(format!("ekumen-log-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let mut engine = Engine::start();
    engine.ask(&format!("setoption name Debug Log File value {}", path.display()));
    engine.ask("foo");
    engine.ask("setoption name Debug Log File value");
    engine.ask("isready");
    assert!(engine.quit().success());
    let log = std::fs::read_to_string(&path).expect("the log exists");
    let _ = std::fs::remove_file(&path);
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(
        lines,
        vec![
            ">> isready",
            "<< readyok",
            ">> foo",
            "<< Unknown command: foo",
            ">> isready",
            "<< readyok",
            ">> setoption name Debug Log File value",
        ]
    );
    let mut engine = Engine::start();
    let answer = engine.ask("setoption name Debug Log File value /nonexistent/dir/log.txt");
    assert_eq!(answer.len(), 1);
    assert!(answer[0].starts_with("info string cannot open log file"));
    assert!(engine.quit().success());
}

#[test]
fn protocol_word_on_the_command_line_and_end_of_input() {
    let mut engine = Engine::start_with(&["uci"]);
    let lines = engine.until(|l| l == "uciok");
    assert!(lines.iter().any(|l| l == "id name Ekumen 0.1.0"));
    engine.close_input();
    assert!(engine.wait().success());

    // End of input during a search ends the search and the process.
    let mut engine = Engine::start();
    engine.send("go infinite");
    engine.close_input();
    let lines = engine.until(|l| l.starts_with("bestmove"));
    assert!(lines.last().unwrap().starts_with("bestmove "));
    assert!(engine.wait().success());

    // `quit` during a search still prints the bestmove, like Fairy-Stockfish.
    let mut engine = Engine::start();
    engine.send("go infinite");
    engine.send("quit");
    engine.until(|l| l.starts_with("bestmove"));
    assert!(engine.wait().success());

    // A runaway perft answers isready, and `quit` stops it after a grace period.
    let mut engine = Engine::start();
    engine.send("go perft 30");
    engine.send("d");
    assert!(engine.sync().is_empty(), "isready is answered at once");
    let start = Instant::now();
    engine.send("quit");
    let lines = engine.until(|l| l.starts_with("Chased"));
    assert!(lines.contains(&"info string perft stopped".to_string()), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("Fen: ")), "queued commands run: {lines:?}");
    assert!(engine.wait().success());
    assert!(start.elapsed() < Duration::from_secs(20));

    // A perft piped with `quit` completes first.
    let mut engine = Engine::start();
    engine.send("go perft 3");
    engine.send("quit");
    let lines = engine.until(|l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    assert!(engine.wait().success());
}

#[test]
fn command_line_perft_and_bench() {
    let output = std::process::Command::new(support::ENGINE)
        .args(["perft", "--variant", "chess", "--depth", "3", "--threads", "2"])
        .output()
        .expect("perft runs");
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 23);
    assert_eq!(&lines[20..], &["", "Nodes searched: 8902", ""]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("8902 nodes"));

    let output = std::process::Command::new(support::ENGINE)
        .args(["perft", "--variant", "nope", "--depth", "1"])
        .output()
        .unwrap();
    assert!(!output.status.success());

    let bench = || {
        let output = std::process::Command::new(support::ENGINE)
            .args(["bench", "2"])
            .output()
            .expect("bench runs");
        assert!(output.status.success());
        let stdout = String::from_utf8(output.stdout).unwrap();
        let last = stdout.lines().last().unwrap().to_string();
        let words: Vec<String> = last.split(' ').map(String::from).collect();
        assert_eq!(words.len(), 4, "{last}");
        assert_eq!((words[1].as_str(), words[3].as_str()), ("nodes", "nps"));
        words[0].parse::<u64>().unwrap()
    };
    assert_eq!(bench(), bench());
}

#[test]
fn infinite_analysis_with_multipv_and_searchmoves_in_every_variant() {
    for variant in VariantId::ALL {
        let mut engine = Engine::start();
        engine.ask("uci");
        engine.ask(&format!("setoption name UCI_Variant value {variant}"));
        engine.ask("setoption name MultiPV value 2");
        engine.ask("position startpos");
        let pos = AnyPosition::startpos(variant, false);
        let legal: Vec<String> = pos.legal_moves().iter().map(|&m| pos.move_to_uci(m)).collect();
        let allowed =
            [legal[0].clone(), legal[legal.len() - 1].clone(), legal[legal.len() / 2].clone()];
        engine.send(&format!("go infinite searchmoves {}", allowed.join(" ")));
        let lines = engine.until(|l| l.starts_with("info depth 4 ") && l.contains(" multipv 2 "));
        engine.send("stop");
        let (rest, best) = engine.search_output();
        let best = best.split(' ').nth(1).unwrap();
        assert!(allowed.iter().any(|m| m == best), "{variant}: {best} not in {allowed:?}");
        for line in lines.iter().chain(&rest).filter(|l| l.contains(" pv ")) {
            let first = line.split(" pv ").nth(1).unwrap().split(' ').next().unwrap();
            assert!(allowed.iter().any(|m| m == first), "{variant}: {line}");
        }
        assert!(engine.quit().success());
    }
}
