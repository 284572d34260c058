//! Saying that a test skipped, where the user sees it.
//!
//! A test that needs an outside program (a GUI, another engine, the Python packages) and
//! cannot find it passes without running. libtest hides the output of passing tests, so
//! [`skipped`] also appends a line to `target/skipped-tests.txt` (or the file named by
//! `EKUMEN_SKIP_LOG`), which `make test` empties first and prints last.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::PathBuf;

use crate::python::repository;

/// The file that collects the skip notices.
pub fn log_path() -> PathBuf {
    std::env::var_os("EKUMEN_SKIP_LOG")
        .map(PathBuf::from)
        .unwrap_or_else(|| repository().join("target/skipped-tests.txt"))
}

/// Records that the calling test skipped, and `why` (what is missing and how to get it).
/// Call it from the test's own thread: libtest names that thread after the test.
pub fn skipped(why: &str) {
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    let binary = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .map(|stem| stem.rsplit_once('-').map_or(stem.clone(), |(name, _hash)| name.to_string()))
        .unwrap_or_default();
    let line = format!("{binary}::{test}: {why}");
    eprintln!("SKIPPED: {line}");
    let path = log_path();
    if let Some(dir) = path.parent() {
        let _ = fs::create_dir_all(dir);
    }
    // One write per line: `writeln!` writes the text and the newline apart, and two tests
    // skipping at once interleaved them.
    if let Ok(mut file) = OpenOptions::new().create(true).append(true).open(&path) {
        let _ = file.write_all(format!("{line}\n").as_bytes());
    }
}
