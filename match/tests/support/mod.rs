//! Helpers for the match runner's tests: finding (building) the engine binary, running a
//! match with a time limit, reading the PGN it wrote, replaying it with Ekumen's rules,
//! and running the pyffish re-validation script.
#![allow(dead_code)]

use std::collections::HashMap;
use std::env;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::thread;
use std::time::{Duration, Instant};

use ekumen_movegen::{AnyPosition, VariantId};
use ekumen_tests::python::shared_project_python;

pub const FAKE_ENGINE: &str = env!("CARGO_BIN_EXE_fake_engine");
/// The standalone runner, built with these tests.
pub const RUNNER: &str = env!("CARGO_BIN_EXE_ekumen-match");

pub use ekumen_tests::python::repository;

/// The `ekumen` binary: `$EKUMEN_BIN`, or the workspace's build for the profile these
/// tests were built with (built here if needed: `cargo build -p ekumen`).
pub fn ekumen() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| {
        if let Some(path) = env::var_os("EKUMEN_BIN") {
            return PathBuf::from(path);
        }
        let test_exe = env::current_exe().expect("the test's path");
        // target/<profile>/deps/<test> → target/<profile>
        let profile_dir = test_exe.parent().and_then(Path::parent).expect("a target dir");
        let target_dir = profile_dir.parent().expect("a target dir");
        // The directory is named after the profile, except `debug` (the dev profile's).
        let profile = match profile_dir.file_name() {
            Some(name) if name == OsStr::new("debug") => OsStr::new("dev"),
            Some(name) => name,
            None => OsStr::new("dev"),
        };
        let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let output = Command::new(cargo)
            .args(["build", "-p", "ekumen"])
            .arg("--profile")
            .arg(profile)
            .env("CARGO_TARGET_DIR", target_dir)
            .current_dir(repository())
            .output()
            .expect("cargo runs");
        assert!(
            output.status.success(),
            "cargo build -p ekumen failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        profile_dir.join(format!("ekumen{}", env::consts::EXE_SUFFIX))
    })
}

/// A fresh path for a test's output file.
pub fn temp_path(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("match-tests");
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// The `--engine` words for the fake engine in `mode`.
pub fn fake(name: &str, mode: &str, after: u32) -> Vec<String> {
    vec![
        "--engine".to_string(),
        format!("cmd={FAKE_ENGINE}"),
        format!("name={name}"),
        format!("arg={mode}"),
        format!("arg={after}"),
    ]
}

/// What a match run printed.
#[derive(Debug)]
pub struct MatchRun {
    pub success: bool,
    pub stdout: String,
    pub stderr: String,
}

/// Which binary runs the match.
#[derive(Clone, Copy, Debug)]
pub enum Runner {
    /// `ekumen-match ARGS`.
    Standalone,
    /// `ekumen match ARGS`, the engine's subcommand.
    Engine,
}

/// Runs a match, failing the test if it takes longer than `limit`.
pub fn run_match(runner: Runner, args: &[String], limit: Duration) -> MatchRun {
    let mut command = match runner {
        Runner::Standalone => Command::new(RUNNER),
        Runner::Engine => {
            let mut command = Command::new(ekumen());
            command.arg("match");
            command
        }
    };
    let mut child = command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ekumen starts");
    let stdout = child.stdout.take().expect("piped");
    let stderr = child.stderr.take().expect("piped");
    let out = thread::spawn(move || std::io::read_to_string(stdout).unwrap_or_default());
    let err = thread::spawn(move || std::io::read_to_string(stderr).unwrap_or_default());
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("a status") {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{runner:?} match {} took longer than {limit:?}; stdout so far:\n{}",
                args.join(" "),
                out.join().unwrap_or_default()
            );
        }
        thread::sleep(Duration::from_millis(20));
    };
    let run = MatchRun {
        success: status.success(),
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    };
    println!("{runner:?} match {}\n{}", args.join(" "), run.stdout);
    run
}

/// One game read back from a PGN file.
#[derive(Clone, Debug)]
pub struct PgnGame {
    pub tags: HashMap<String, String>,
    pub moves: Vec<String>,
    /// The comments in order; the last one is the reason the game ended.
    pub comments: Vec<String>,
    pub result: String,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> &str {
        self.tags.get(name).map_or("", String::as_str)
    }

    pub fn reason(&self) -> &str {
        self.comments.last().map_or("", String::as_str)
    }
}

/// Reads the games of a PGN file written by the match runner.
pub fn read_pgn(path: &Path) -> Vec<PgnGame> {
    let text = std::fs::read_to_string(path).expect("the PGN file");
    let mut games = Vec::new();
    let mut tags = HashMap::new();
    let mut movetext = String::new();
    let mut flush = |tags: &mut HashMap<String, String>, movetext: &mut String| {
        if movetext.trim().is_empty() {
            return;
        }
        games.push(parse_movetext(std::mem::take(tags), &std::mem::take(movetext)));
    };
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            flush(&mut tags, &mut movetext);
            let (name, value) = tag.split_once(' ').expect("a tag name and value");
            let value = value.trim().trim_matches('"').replace("\\\"", "\"");
            tags.insert(name.to_string(), value);
        } else if !line.is_empty() {
            movetext.push_str(line);
            movetext.push(' ');
        }
    }
    flush(&mut tags, &mut movetext);
    games
}

fn parse_movetext(tags: HashMap<String, String>, text: &str) -> PgnGame {
    let mut moves = Vec::new();
    let mut comments = Vec::new();
    let mut result = String::new();
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
        rest = &rest[start..];
        if let Some(after) = rest.strip_prefix('{') {
            let end = after.find('}').expect("a closed comment");
            comments.push(after[..end].to_string());
            rest = &after[end + 1..];
            continue;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..end];
        rest = &rest[end..];
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
            result = token.to_string();
        } else if !token.ends_with('.') {
            moves.push(token.to_string());
        }
    }
    PgnGame { tags, moves, comments, result }
}

/// Replays a game with Ekumen's rules: every move legal, the game not over before the
/// last move, and for Termination "normal" the final position over with the game's result.
pub fn replay(game: &PgnGame) -> AnyPosition {
    let variant = VariantId::from_name(game.tag("Variant")).expect("a known Variant tag");
    let mut position = match game.tags.get("FEN") {
        Some(fen) => AnyPosition::from_fen(variant, fen, false).expect("a valid FEN tag"),
        None => AnyPosition::startpos(variant, false),
    };
    for (ply, text) in game.moves.iter().enumerate() {
        assert!(position.outcome().is_none(), "game over before ply {} in {game:?}", ply + 1);
        let m = position.parse_uci_move(text).unwrap_or_else(|e| panic!("{e} in {game:?}"));
        assert_eq!(&position.move_to_uci(m), text, "non-canonical move text");
        position.make_move(m);
    }
    let outcome = position.outcome();
    if game.tag("Termination") == "normal" {
        let outcome =
            outcome.unwrap_or_else(|| panic!("normal end but the game goes on: {game:?}"));
        let white_to_move = position.side_to_move() == ekumen_movegen::Color::White;
        let expected = match outcome.result {
            ekumen_movegen::GameResult::Draw => "1/2-1/2",
            ekumen_movegen::GameResult::Win if white_to_move => "1-0",
            ekumen_movegen::GameResult::Loss if !white_to_move => "1-0",
            _ => "0-1",
        };
        assert_eq!(game.result, expected, "{game:?}");
    } else {
        assert!(
            outcome.is_none(),
            "'{}' in a finished position: {game:?}",
            game.tag("Termination")
        );
    }
    assert_eq!(game.tag("Result"), game.result);
    assert_eq!(game.tag("PlyCount"), game.moves.len().to_string());
    position
}

/// The project's Python with pyffish (set up by scripts/setup_venv.sh if needed), or
/// `None` with a message saying why the check is skipped.
pub fn python() -> Option<&'static Path> {
    static PYTHON: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    shared_project_python(&PYTHON, "pyffish", "pyffish cannot re-check the PGN")
}

/// Re-validates a PGN file with pyffish (scripts/analysis/check_pgn.py); skips with a message when
/// the Python environment is missing.
pub fn check_pgn_with_pyffish(pgn: &Path, games: usize) {
    let Some(python) = python() else { return };
    let root = repository();
    let output = Command::new(python)
        .arg(root.join("scripts/analysis/check_pgn.py"))
        .arg(pgn)
        .arg("--variants-ini")
        .arg(root.join("tests/data/fairy/variants.ini"))
        .arg("--games")
        .arg(games.to_string())
        .output()
        .expect("python runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    println!("{stdout}");
    assert!(
        output.status.success(),
        "pyffish rejects {}:\n{stdout}\n{}",
        pgn.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Fairy-Stockfish: `$FAIRY_STOCKFISH`, or `fairy-stockfish` on the PATH.
pub fn fairy_stockfish() -> Option<PathBuf> {
    if let Some(path) = env::var_os("FAIRY_STOCKFISH") {
        let path = PathBuf::from(path);
        return path.is_file().then_some(path);
    }
    env::split_paths(&env::var_os("PATH")?)
        .map(|dir| dir.join("fairy-stockfish"))
        .find(|path| path.is_file())
}
