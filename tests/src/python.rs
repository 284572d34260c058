//! The project's Python environment, `.venv` at the workspace root, made by
//! `scripts/setup_venv.sh` (pinned pyffish and python-chess from PyPI) the first time a
//! test needs it. Tests that check games with pyffish or drive the engine with
//! python-chess skip, saying why, when it cannot be made (no Python 3, no network).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The workspace root.
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace root").to_path_buf()
}

fn imports_work(python: &Path, modules: &str) -> bool {
    Command::new(python)
        .args(["-c", &format!("import {modules}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The venv's Python once it can import `modules` (comma-separated, as Python's `import`
/// takes them), running the setup script if it cannot yet; else why it cannot be had.
fn find_project_python(modules: &str) -> Result<PathBuf, String> {
    let root = repository();
    let python = root.join(".venv/bin/python");
    if !imports_work(&python, modules) {
        match Command::new(root.join("scripts/setup_venv.sh")).output() {
            Ok(o) if o.status.success() => {}
            Ok(o) => {
                let stderr = String::from_utf8_lossy(&o.stderr);
                return Err(format!("scripts/setup_venv.sh failed:\n{stderr}"));
            }
            Err(e) => return Err(format!("cannot run scripts/setup_venv.sh ({e})")),
        }
    }
    if imports_work(&python, modules) {
        Ok(python)
    } else {
        Err(format!(".venv cannot import {modules}"))
    }
}

/// The venv's Python once it can import `modules`. `None` when the environment cannot be
/// made, after recording why, and `skipped` (what the caller cannot do without it), with
/// [`crate::skip::skipped`].
pub fn project_python(modules: &str, skipped: &str) -> Option<PathBuf> {
    match find_project_python(modules) {
        Ok(python) => Some(python),
        Err(why) => {
            crate::skip::skipped(&format!("{why}, so {skipped}"));
            None
        }
    }
}

/// [`project_python`] looked for once per test binary (in `cell`), the skip recorded for
/// every test that asks and cannot have it, not only the first.
pub fn shared_project_python(
    cell: &'static OnceLock<Result<PathBuf, String>>,
    modules: &str,
    skipped: &str,
) -> Option<&'static Path> {
    match cell.get_or_init(|| find_project_python(modules)) {
        Ok(python) => Some(python),
        Err(why) => {
            crate::skip::skipped(&format!("{why}, so {skipped}"));
            None
        }
    }
}
