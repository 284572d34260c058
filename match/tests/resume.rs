//! Resuming a match from its PGN file (`--resume`), with the scripted fake engines of
//! tests/bin/fake_engine.rs: a match stopped after some games (its file written by hand,
//! or the runner killed) and resumed must end with the games and the figures of the same
//! match played in one go; a game cut short at the end of the file is cut away; a file
//! another match wrote is refused; a finished match can be extended.

mod support;

use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use support::{fake, read_pgn, replay, temp_path, MatchRun, PgnGame, Runner};

const LIMIT: Duration = Duration::from_secs(120);

/// Games of the match in these tests.
const GAMES: usize = 10;

/// Random shinobi games end by the rules more often than not, and with either result; the
/// engines' own seeds differ, so that the two games of a pair differ too.
fn match_args(pgn: &Path, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> =
        [fake("a", "random", 0), fake("b", "random", 0)].into_iter().flatten().collect();
    args.extend(
        [
            "arg=7",
            "--variant",
            "shinobi",
            "--games",
            &GAMES.to_string(),
            "--nodes",
            "1",
            "--max-moves",
            "200",
            "--random-openings",
            "4",
            "--seed",
            "3",
            "--concurrency",
            "2",
            "--sprt",
            "elo0=0",
            "elo1=5",
            "--pgn",
            &pgn.display().to_string(),
        ]
        .map(String::from),
    );
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

fn run(args: &[String]) -> MatchRun {
    support::run_match(Runner::Standalone, args, LIMIT)
}

/// The final report: everything from the standings table on.
fn report(stdout: &str) -> &str {
    &stdout[stdout.find("Rank Name").expect("a final report")..]
}

/// The text of each game of a PGN file, in file order.
fn game_texts(text: &str) -> Vec<&str> {
    let mut starts: Vec<usize> = text.match_indices("[Event ").map(|(at, _)| at).collect();
    starts.push(text.len());
    starts.windows(2).map(|w| &text[w[0]..w[1]]).collect()
}

/// A game's tags but the date, its moves and its result.
type Comparable = (Vec<(String, String)>, Vec<String>, String);

/// What must not depend on how the match was run, in game-number order.
fn comparable(games: &[PgnGame]) -> Vec<Comparable> {
    let mut games: Vec<&PgnGame> = games.iter().collect();
    games.sort_by_key(|g| g.tag("Round").parse::<usize>().expect("a game number"));
    games
        .iter()
        .map(|g| {
            let mut tags: Vec<(String, String)> = g
                .tags
                .iter()
                .filter(|(k, _)| *k != "Date")
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            tags.sort();
            (tags, g.moves.clone(), g.result.clone())
        })
        .collect()
}

/// The match played in one go: its PGN file's text and its stdout.
fn uninterrupted(name: &str) -> (std::path::PathBuf, String, String) {
    let pgn = temp_path(name);
    let whole = run(&match_args(&pgn, &[]));
    assert!(whole.success, "{}", whole.stderr);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(game_texts(&text).len(), GAMES);
    (pgn, text, whole.stdout)
}

#[test]
fn a_resumed_match_ends_as_one_played_in_one_go() {
    let (_, whole_text, whole_stdout) = uninterrupted("resume-whole.pgn");
    let whole_games = read_pgn(&temp_path_with("resume-whole-copy.pgn", &whole_text));
    let games = game_texts(&whole_text);
    // The file of a stopped run: the first games, and the next one cut short while it
    // was being written; or, after an early stop, a gap (game 4 was still being played
    // when game 5 was written), splitting a game pair between the two runs.
    let cut_in_half = |game: &str| game[..game.len() / 2].to_string();
    let stopped = [
        (String::new(), 0, false),
        (games[..3].concat() + &cut_in_half(games[3]), 3, true),
        (games[..6].concat() + "[Eve", 6, true),
        ([games[0], games[1], games[2], games[4]].concat(), 4, false),
    ];
    for (i, (text, taken, cut)) in stopped.into_iter().enumerate() {
        let pgn = temp_path_with(&format!("resume-stopped-{i}.pgn"), &text);
        let resumed = run(&match_args(&pgn, &["--resume"]));
        assert!(resumed.success, "{}", resumed.stderr);
        assert!(
            resumed.stdout.contains(&format!("Resume: {taken} of {GAMES} games taken from")),
            "{}",
            resumed.stdout
        );
        assert_eq!(resumed.stdout.contains("Resume: cut an unfinished game"), cut);
        assert_eq!(resumed.stdout.matches("Finished game").count(), GAMES - taken);
        assert_eq!(report(&resumed.stdout), report(&whole_stdout), "stopped after {taken}");
        let games = read_pgn(&pgn);
        assert_eq!(comparable(&games), comparable(&whole_games), "stopped after {taken}");
        games.iter().for_each(|game| {
            replay(game);
        });
    }
}

#[test]
fn a_match_killed_while_playing_resumes() {
    let (_, whole_text, whole_stdout) = uninterrupted("resume-killed-whole.pgn");
    let whole_games = read_pgn(&temp_path_with("resume-killed-copy.pgn", &whole_text));
    let pgn = temp_path("resume-killed.pgn");
    let mut child = Command::new(support::RUNNER)
        .args(match_args(&pgn, &[]))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the runner starts");
    let started = Instant::now();
    // Killed once a few games are written, most likely while others are being played.
    while std::fs::read_to_string(&pgn).map_or(0, |text| game_texts(&text).len()) < 3 {
        assert!(started.elapsed() < LIMIT, "no games written");
        thread::sleep(Duration::from_millis(2));
    }
    child.kill().expect("the runner is killed");
    child.wait().expect("the runner ends");
    let resumed = run(&match_args(&pgn, &["--resume"]));
    assert!(resumed.success, "{}", resumed.stderr);
    assert_eq!(report(&resumed.stdout), report(&whole_stdout));
    assert_eq!(comparable(&read_pgn(&pgn)), comparable(&whole_games));
}

#[test]
fn a_finished_match_can_be_extended() {
    let (_, text, _) = uninterrupted("resume-extend.pgn");
    let pgn = temp_path_with("resume-extend-copy.pgn", &text);
    let more: Vec<String> = match_args(&pgn, &["--resume"])
        .into_iter()
        .map(|word| if word == GAMES.to_string() { "14".to_string() } else { word })
        .collect();
    let extended = run(&more);
    assert!(extended.success, "{}", extended.stderr);
    assert!(extended.stdout.contains(&format!("Resume: {GAMES} of 14 games taken from")));
    assert_eq!(extended.stdout.matches("Finished game").count(), 4);
    assert!(extended.stdout.contains("14 games finished, 0 aborted"));
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 14);
    assert!(std::fs::read_to_string(&pgn).unwrap().starts_with(&text));
}

/// A file at a fresh path holding `text`.
fn temp_path_with(name: &str, text: &str) -> std::path::PathBuf {
    let path = temp_path(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_file_of_another_match_is_refused_and_left_alone() {
    let (_, text, _) = uninterrupted("resume-other.pgn");
    let pgn = temp_path_with("resume-other-copy.pgn", &text);
    let other_seed: Vec<String> = match_args(&pgn, &["--resume"])
        .into_iter()
        .map(|word| if word == "3" { "4".to_string() } else { word })
        .collect();
    let other_engine: Vec<String> = match_args(&pgn, &["--resume"])
        .into_iter()
        .map(|word| if word == "name=b" { "name=c".to_string() } else { word })
        .collect();
    let fewer_games: Vec<String> = match_args(&pgn, &["--resume"])
        .into_iter()
        .map(|word| if word == GAMES.to_string() { "4".to_string() } else { word })
        .collect();
    for (args, message) in [
        (other_seed, "game 1 has FEN \""),
        (other_engine, "game 1 has Black \"b\", but this match plays it with Black \"c\""),
        (fewer_games, "Round \"5\" is not a game of this match (1 to 4)"),
    ] {
        let refused = run(&args);
        assert!(!refused.success);
        assert!(refused.stderr.contains(message), "{message}: {}", refused.stderr);
        assert!(!refused.stdout.contains("Finished game"));
        assert_eq!(std::fs::read_to_string(&pgn).unwrap(), text);
    }
}

#[test]
fn a_file_with_games_is_replaced_only_when_asked() {
    let (pgn, text, _) = uninterrupted("resume-overwrite.pgn");
    let refused = run(&match_args(&pgn, &[]));
    assert!(!refused.success);
    assert!(refused.stderr.contains("already holds games: give --resume"), "{}", refused.stderr);
    assert_eq!(std::fs::read_to_string(&pgn).unwrap(), text);
    let replaced = run(&match_args(&pgn, &["--overwrite"]));
    assert!(replaced.success, "{}", replaced.stderr);
    assert_eq!(read_pgn(&pgn).len(), GAMES);
    let both = run(&match_args(&pgn, &["--overwrite", "--resume"]));
    assert!(!both.success);
}

#[test]
fn a_finished_or_decided_match_has_nothing_to_play() {
    let (pgn, text, whole_stdout) = uninterrupted("resume-finished.pgn");
    let again = run(&match_args(&pgn, &["--resume"]));
    assert!(again.success, "{}", again.stderr);
    assert!(again
        .stdout
        .contains(&format!("Nothing to play: all {GAMES} games are already played")));
    assert_eq!(report(&again.stdout), report(&whole_stdout));
    assert_eq!(std::fs::read_to_string(&pgn).unwrap(), text);

    let pgn = temp_path("resume-decided.pgn");
    let mut args: Vec<String> =
        [fake("good", "random", 0), fake("bad", "illegal", 0)].into_iter().flatten().collect();
    args.extend(
        ["--games", "200", "--nodes", "1", "--sprt", "elo0=0", "elo1=100"].map(String::from),
    );
    args.extend(["--pgn".to_string(), pgn.display().to_string()]);
    let decided = run(&args);
    assert!(decided.success, "{}", decided.stderr);
    let played = read_pgn(&pgn).len();
    args.push("--resume".to_string());
    let again = run(&args);
    assert!(again.success, "{}", again.stderr);
    assert!(
        again.stdout.contains("Nothing to play: the SPRT has already decided: H1 accepted"),
        "{}",
        again.stdout
    );
    assert_eq!(read_pgn(&pgn).len(), played);
}
