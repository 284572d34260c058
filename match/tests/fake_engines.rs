//! The match runner (`ekumen-match`) against scripted fake engines (tests/bin/fake_engine.rs)
//! that play illegal moves, hang, crash, disconnect, lose on time or report hopeless
//! scores: the runner must record the right result and reason, and carry on with the next
//! game.

mod support;

use std::time::Duration;

use support::{fake, read_pgn, replay, temp_path, PgnGame, Runner};

fn run_match(args: &[String], limit: Duration) -> support::MatchRun {
    support::run_match(Runner::Standalone, args, limit)
}

const LIMIT: Duration = Duration::from_secs(120);

fn args(parts: &[&[String]], extra: &[&str]) -> Vec<String> {
    let mut all: Vec<String> = parts.iter().flat_map(|p| p.iter().cloned()).collect();
    all.extend(extra.iter().map(|s| s.to_string()));
    all
}

/// The games `loser` played, each of which it must have lost with `termination` and a
/// reason containing `reason`.
fn assert_lost_all(games: &[PgnGame], loser: &str, termination: &str, reason: &str) {
    let played: Vec<&PgnGame> =
        games.iter().filter(|g| g.tag("White") == loser || g.tag("Black") == loser).collect();
    assert!(!played.is_empty(), "{loser} played no game");
    for game in played {
        let expected = if game.tag("White") == loser { "0-1" } else { "1-0" };
        assert_eq!(game.result, expected, "{loser}: {game:?}");
        assert_eq!(game.tag("Termination"), termination, "{loser}: {game:?}");
        assert!(game.reason().contains(reason), "{loser}: '{}' lacks '{reason}'", game.reason());
        replay(game);
    }
}

#[test]
fn illegal_malformed_and_missing_moves_lose() {
    let pgn = temp_path("illegal.pgn");
    let run = run_match(
        &args(
            &[
                &fake("good", "random", 0),
                &fake("illegal", "illegal", 2),
                &fake("garbage", "garbage", 1),
                &fake("nomove", "none", 0),
            ],
            &["--tournament", "gauntlet", "--games", "2", "--nodes", "1"],
        )
        .into_iter()
        .chain(["--pgn".to_string(), pgn.display().to_string()])
        .collect::<Vec<_>>(),
        LIMIT,
    );
    assert!(run.success, "{}", run.stderr);
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 6);
    assert_lost_all(&games, "illegal", "rules infraction", "illegal move 'a1a1'");
    assert_lost_all(&games, "garbage", "rules infraction", "malformed move 'xyz!'");
    assert_lost_all(&games, "nomove", "rules infraction", "'(none)' while 20 legal moves exist");
    // The illegal mover played two good moves first; they are in the game record.
    let illegal_white = games.iter().find(|g| g.tag("White") == "illegal").unwrap();
    assert_eq!(illegal_white.moves.len(), 4);
    assert!(run.stdout.contains("6 games finished, 0 aborted; endings: rules infraction 6"));
}

#[test]
fn crashes_and_disconnects_lose() {
    let pgn = temp_path("crash.pgn");
    let mut all = args(
        &[&fake("good", "random", 0), &fake("crasher", "crash", 1), &fake("quitter", "exit", 2)],
        &["--tournament", "gauntlet", "--games", "2", "--nodes", "1", "--pgn"],
    );
    all.push(pgn.display().to_string());
    let run = run_match(&all, LIMIT);
    assert!(run.success, "{}", run.stderr);
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 4);
    assert_lost_all(&games, "crasher", "abandoned", "crashed (killed by signal 6)");
    assert_lost_all(&games, "quitter", "abandoned", "disconnects (the engine exited)");
}

#[test]
fn a_hung_engine_loses_on_time_and_the_match_goes_on() {
    let pgn = temp_path("hang-clock.pgn");
    let mut all = args(
        &[&fake("good", "random", 0), &fake("hanger", "hang", 1)],
        &["--games", "2", "--tc", "0.5+0.05", "--time-margin", "50", "--pgn"],
    );
    all.push(pgn.display().to_string());
    let run = run_match(&all, LIMIT);
    assert!(run.success, "{}", run.stderr);
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 2);
    assert_lost_all(&games, "hanger", "time forfeit", "loses on time");
    for game in &games {
        // The moves before the hang carry clock comments.
        assert!(game.comments.iter().any(|c| c.contains("[%clk 0:00:00.")), "{game:?}");
    }
}

#[test]
fn a_hung_engine_without_a_clock_stalls() {
    let pgn = temp_path("hang-nodes.pgn");
    let mut all = args(
        &[&fake("good", "random", 0), &fake("hanger", "hang", 0)],
        &["--games", "2", "--nodes", "10", "--stall-timeout", "0.5", "--pgn"],
    );
    all.push(pgn.display().to_string());
    let run = run_match(&all, LIMIT);
    assert!(run.success, "{}", run.stderr);
    let games = read_pgn(&pgn);
    assert_lost_all(&games, "hanger", "abandoned", "stalls (no answer within 0.5 s)");
}

#[test]
fn a_slow_engine_loses_on_time() {
    let pgn = temp_path("slow.pgn");
    let mut all = args(
        &[&fake("good", "random", 0), &fake("slow", "slow", 2)],
        &["--games", "2", "--movetime", "50", "--time-margin", "100", "--pgn"],
    );
    all.push(pgn.display().to_string());
    let run = run_match(&all, LIMIT);
    assert!(run.success, "{}", run.stderr);
    let games = read_pgn(&pgn);
    assert_lost_all(&games, "slow", "time forfeit", "loses on time");
    let slow_white = games.iter().find(|g| g.tag("White") == "slow").unwrap();
    assert_eq!(slow_white.moves.len(), 4, "two good moves each, then the slow one");
}

#[test]
fn resign_adjudication_by_score() {
    let pgn = temp_path("resign.pgn");
    let mut all = args(
        &[&fake("good", "random", 0), &fake("hopeless", "resign", 3)],
        &["--games", "2", "--nodes", "1", "--resign", "movecount=2", "score=1000", "--pgn"],
    );
    all.push(pgn.display().to_string());
    let run = run_match(&all, LIMIT);
    assert!(run.success, "{}", run.stderr);
    let games = read_pgn(&pgn);
    assert_lost_all(&games, "hopeless", "adjudication", "resigns (score adjudication)");
    let hopeless_white = games.iter().find(|g| g.tag("White") == "hopeless").unwrap();
    // Three normal moves, then two at -20.00: resigned after its fifth move.
    assert_eq!(hopeless_white.moves.len(), 9);
    assert!(hopeless_white.comments.iter().any(|c| c.starts_with("-20.00/1 ")));
}

#[test]
fn a_broken_engine_stops_the_match_before_it_starts() {
    for mode in ["nouci", "badstart"] {
        let all = args(
            &[&fake("good", "random", 0), &fake("broken", mode, 0)],
            &["--games", "2", "--nodes", "1", "--stall-timeout", "0.5"],
        );
        let run = run_match(&all, LIMIT);
        assert!(!run.success, "{mode}");
        assert!(run.stderr.contains("engine 'broken' failed the UCI handshake"), "{}", run.stderr);
        assert!(!run.stdout.contains("Finished game"));
    }
    let run = run_match(
        &["--engine", "cmd=/nonexistent/engine", "--engine", "cmd=/bin/true", "--nodes", "1"]
            .map(String::from),
        LIMIT,
    );
    assert!(!run.success);
    assert!(run.stderr.contains("cannot start '/nonexistent/engine'"), "{}", run.stderr);
}

#[test]
fn bad_command_lines_are_refused() {
    for (extra, message) in [
        (vec!["--tc", "ten"], "bad time control 'ten'"),
        (vec!["--nodes", "1", "--sprt", "elo0=5", "elo1=0"], "elo0 < elo1"),
        (vec![], "no search limit"),
        (vec!["--nodes", "1", "--variant", "xiangqi"], "unknown variant 'xiangqi'"),
        (vec!["--nodes", "1", "--resign", "moves=3"], "unknown resign setting 'moves'"),
    ] {
        let all = args(&[&fake("a", "random", 0), &fake("b", "random", 0)], &extra);
        let run = run_match(&all, LIMIT);
        assert!(!run.success, "{extra:?}");
        assert!(run.stderr.contains(message), "{extra:?}: {}", run.stderr);
    }
}

#[test]
fn random_games_in_every_variant_end_by_the_rules() {
    for variant in ["chess", "coherent", "gethenian", "gothic", "shinobi"] {
        let pgn = temp_path(&format!("random-{variant}.pgn"));
        let mut all = args(
            &[&fake("a", "random", 0), &fake("b", "random", 0)],
            &["--variant", variant, "--games", "4", "--nodes", "1", "--concurrency", "2"],
        );
        all.extend(["--max-moves", "150", "--pgn", &pgn.display().to_string()].map(String::from));
        let run = run_match(&all, LIMIT);
        assert!(run.success, "{}", run.stderr);
        let games = read_pgn(&pgn);
        assert_eq!(games.len(), 4, "{variant}");
        for (i, game) in games.iter().enumerate() {
            assert_eq!(game.tag("Round"), (i + 1).to_string(), "games in order");
            assert_eq!(game.tag("Variant"), variant);
            assert!(["normal", "adjudication"].contains(&game.tag("Termination")), "{game:?}");
            replay(game);
        }
    }
}

#[test]
fn concurrency_counts_every_game_once_in_order() {
    let pgn = temp_path("concurrency.pgn");
    let mut all = args(
        &[
            &fake("a", "random", 0),
            &fake("b", "random", 0),
            &fake("c", "crash", 3),
            &fake("d", "illegal", 5),
        ],
        &["--games", "2", "--nodes", "1", "--concurrency", "3", "--max-moves", "30"],
    );
    all.extend(["--pgn".to_string(), pgn.display().to_string()]);
    let run = run_match(&all, LIMIT);
    assert!(run.success, "{}", run.stderr);
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 12);
    for (i, game) in games.iter().enumerate() {
        assert_eq!(game.tag("Round"), (i + 1).to_string());
        replay(game);
    }
    assert_eq!(run.stdout.matches("Finished game").count(), 12);
    assert!(run.stdout.contains("12 games finished, 0 aborted"));
    assert_lost_all(&games, "c", "abandoned", "crashed");
}

#[test]
fn sprt_stops_once_decided() {
    let pgn = temp_path("sprt.pgn");
    let mut all = args(
        &[&fake("good", "random", 0), &fake("bad", "illegal", 0)],
        &["--games", "200", "--nodes", "1", "--sprt", "elo0=0", "elo1=100", "--pgn"],
    );
    all.push(pgn.display().to_string());
    let run = run_match(&all, LIMIT);
    assert!(run.success, "{}", run.stderr);
    assert!(run.stdout.contains("SPRT: H1 accepted"), "{}", run.stdout);
    assert!(run.stdout.contains("), H1 accepted\n"));
    let games = read_pgn(&pgn);
    assert!(games.len() < 60 && games.len() >= 10, "{} games", games.len());
    assert!(games.iter().all(|g| g.tag("Termination") == "rules infraction"));
}

#[test]
fn openings_from_a_file_and_random_openings() {
    let book = temp_path("openings.epd");
    std::fs::write(
        &book,
        "# two chess openings\n\
         rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
         \n\
         rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - bm g1f3; id \"open\";\n",
    )
    .unwrap();
    let pgn = temp_path("openings.pgn");
    let mut all = args(
        &[&fake("a", "random", 0), &fake("b", "random", 0)],
        &["--games", "6", "--nodes", "1", "--max-moves", "10", "--openings"],
    );
    all.extend([book.display().to_string(), "--pgn".into(), pgn.display().to_string()]);
    let run = run_match(&all, LIMIT);
    assert!(run.success, "{}", run.stderr);
    let games = read_pgn(&pgn);
    let fens: Vec<&str> = games.iter().map(|g| g.tag("FEN")).collect();
    let first = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let second = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(fens, [first, first, second, second, first, first]);
    assert!(games.iter().all(|g| g.tag("SetUp") == "1"));
    // Colours swap within each pair.
    assert_eq!(games[0].tag("White"), games[1].tag("Black"));

    for variant in ["gothic", "gethenian"] {
        let pgn = temp_path(&format!("random-openings-{variant}.pgn"));
        let mut all = args(
            &[&fake("a", "random", 0), &fake("b", "random", 0)],
            &["--variant", variant, "--games", "4", "--nodes", "1", "--max-moves", "5"],
        );
        all.extend(["--random-openings", "6", "--seed", "9", "--pgn"].map(String::from));
        all.push(pgn.display().to_string());
        let run = run_match(&all, LIMIT);
        assert!(run.success, "{}", run.stderr);
        let games = read_pgn(&pgn);
        assert_eq!(games[0].tag("FEN"), games[1].tag("FEN"));
        assert_eq!(games[2].tag("FEN"), games[3].tag("FEN"));
        assert_ne!(games[0].tag("FEN"), games[2].tag("FEN"));
        games.iter().for_each(|g| {
            replay(g);
        });
    }
}
