//! The project's Python environment, `.venv` at the workspace root, made by
//! `scripts/setup_venv.sh` (pinned pyffish and python-chess from PyPI) the first time a
//! test needs it. Tests that check games with pyffish or drive the engine with
//! python-chess skip, saying why, when it cannot be made (no Python 3, no network).

use std::path::{Path, PathBuf};
use std::process::Command;

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
/// takes them), running the setup script if it cannot yet. `None` when the environment
/// cannot be made, after recording why `skipped` (what the caller cannot do without it)
/// with [`crate::skip::skipped`].
pub fn project_python(modules: &str, skipped: &str) -> Option<PathBuf> {
    let root = repository();
    let python = root.join(".venv/bin/python");
    if !imports_work(&python, modules) {
        match Command::new(root.join("scripts/setup_venv.sh")).output() {
            Ok(o) if o.status.success() => {}
            Ok(o) => {
                crate::skip::skipped(&format!(
                    "scripts/setup_venv.sh failed, so {skipped}:\n{}",
                    String::from_utf8_lossy(&o.stderr)
                ));
                return None;
            }
            Err(e) => {
                crate::skip::skipped(&format!(
                    "cannot run scripts/setup_venv.sh ({e}), so {skipped}"
                ));
                return None;
            }
        }
    }
    if imports_work(&python, modules) {
        Some(python)
    } else {
        crate::skip::skipped(&format!(".venv cannot import {modules}, so {skipped}"));
        None
    }
}
