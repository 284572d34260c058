//! Real clients: python-chess driving the engine as lichess-bot does, and self-play games
//! in gothic, shinobi and gethenian (UCI, USI and CECP) with every move checked by pyffish,
//! Fairy-Stockfish's own rules code.
//!
//! The Python packages live in the repository's `.venv`, created by
//! `scripts/setup_venv.sh` (pinned versions from PyPI). If the environment cannot be
//! created (no Python 3.11, no network), the tests say so and pass without running.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

use ekumen_tests::python::{repository, shared_project_python};

const ENGINE: &str = env!("CARGO_BIN_EXE_ekumen");

/// The virtual environment's Python, set up once per test run (each test that cannot
/// have it records its skip).
fn python() -> Option<&'static Path> {
    static PYTHON: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    let modules = "chess, chess.engine, pyffish";
    shared_project_python(&PYTHON, modules, "the Python client tests cannot run")
}

/// The scripts play games with real clocks: run one at a time, so that two of them do not
/// share the machine's cores and lose on time for it.
static ONE_CLIENT_AT_A_TIME: Mutex<()> = Mutex::new(());

fn run_script(script: &str, args: &[&str]) {
    let Some(python) = python() else { return };
    let _turn = ONE_CLIENT_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let output = Command::new(python)
        .arg(repository().join("scripts").join(script))
        .args(args)
        .output()
        .expect("the script starts");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}");
    assert!(output.status.success(), "{script} failed:\n{stdout}\n{stderr}");
}

#[test]
fn python_chess_plays_like_lichess_bot() {
    run_script("clients/python_chess_client.py", &[ENGINE, "4"]);
}

#[test]
fn selfplay_checked_by_pyffish() {
    let ini = repository().join("tests/data/fairy/variants.ini");
    let ini = ini.to_str().expect("a UTF-8 path");
    let mut args = vec![ENGINE, ini];
    args.extend(["gothic", "shinobi", "gethenian", "shinobi:usi", "gethenian:usi", "gothic:usi"]);
    // CECP, two engine processes pondering on each other's time, as fairyfishtest plays.
    args.extend(["gothic:xboard", "shinobi:xboard", "gethenian:xboard"]);
    args.extend(["--games", "1", "--plies", "24", "--clock", "2000", "--increment", "40"]);
    run_script("clients/selfplay_client.py", &args);
}
