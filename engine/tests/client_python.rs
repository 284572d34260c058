//! Real clients: python-chess driving the engine as lichess-bot does, and self-play games
//! in gothic, shinobi and gethenian (UCI and USI) with every move checked by pyffish,
//! Fairy-Stockfish's own rules code.
//!
//! The Python packages live in the repository's `.venv`, created by
//! `scripts/setup-venv.sh` (pinned versions from PyPI). If the environment cannot be
//! created (no Python 3.11, no network), the tests say so and pass without running.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

const ENGINE: &str = env!("CARGO_BIN_EXE_ekumen");

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace root").to_path_buf()
}

fn imports_work(python: &Path) -> bool {
    Command::new(python)
        .args(["-c", "import chess, chess.engine, pyffish"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The virtual environment's Python, set up once per test run.
fn python() -> Option<&'static Path> {
    static PYTHON: OnceLock<Option<PathBuf>> = OnceLock::new();
    PYTHON
        .get_or_init(|| {
            let root = repository();
            let python = root.join(".venv/bin/python");
            if !imports_work(&python) {
                let setup = Command::new(root.join("scripts/setup-venv.sh")).output();
                match setup {
                    Ok(o) if o.status.success() => {}
                    Ok(o) => {
                        eprintln!(
                            "SKIPPED: scripts/setup-venv.sh failed, so the Python client tests \
                             cannot run:\n{}",
                            String::from_utf8_lossy(&o.stderr)
                        );
                        return None;
                    }
                    Err(e) => {
                        eprintln!("SKIPPED: cannot run scripts/setup-venv.sh: {e}");
                        return None;
                    }
                }
            }
            if imports_work(&python) {
                Some(python)
            } else {
                eprintln!("SKIPPED: .venv has no working python-chess/pyffish");
                None
            }
        })
        .as_deref()
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
    run_script("client-python-chess.py", &[ENGINE, "4"]);
}

#[test]
fn selfplay_checked_by_pyffish() {
    let ini = repository().join("tests/data/fairy/variants.ini");
    let ini = ini.to_str().expect("a UTF-8 path");
    let mut args = vec![ENGINE, ini];
    args.extend(["gothic", "shinobi", "gethenian", "shinobi:usi", "gethenian:usi", "gothic:usi"]);
    args.extend(["--games", "1", "--plies", "24", "--clock", "2000", "--increment", "40"]);
    run_script("client-selfplay.py", &args);
}
