//! The one-shot commands, `ekumen perft` and `ekumen bench`, as scripts run them: their
//! output, and a reader that stops reading (`ekumen perft ... | head`).

mod support;

use std::process::{Command, Stdio};

use support::ENGINE;

#[test]
fn perft_prints_each_root_move_and_the_total() {
    let output = Command::new(ENGINE)
        .args(["perft", "--variant", "chess", "--depth", "3"])
        .output()
        .expect("the engine runs");
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let root_moves = stdout.lines().filter(|l| l.contains(": ") && !l.starts_with("Nodes")).count();
    assert_eq!(root_moves, 20, "{stdout}");
    assert!(stdout.contains("Nodes searched: 8902"), "{stdout}");
}

/// Runs the engine with `args`, its stdout closed before it writes anything, and gives
/// its exit status and what it wrote to stderr.
fn run_with_stdout_closed(args: &[&str]) -> (std::process::ExitStatus, String) {
    let mut child = Command::new(ENGINE)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine runs");
    // The reader goes at once; the engine's first line comes after its first result.
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("the engine ends");
    (output.status, String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn a_closed_stdout_ends_perft_quietly() {
    let (status, stderr) = run_with_stdout_closed(&["perft", "--variant", "chess", "--depth", "5"]);
    assert!(status.success(), "{status}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_closed_stdout_ends_bench_quietly() {
    let (status, stderr) = run_with_stdout_closed(&["bench", "6"]);
    assert!(status.success(), "{status}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
