//! Cute Chess: a gothic match between two Ekumen processes under `cutechess-cli`, which
//! checks every move with its own gothic rules and adjudicates clocks itself.
//!
//! Cute Chess is a Qt application that no package repository this project uses provides,
//! so the test runs only where it is installed: `CUTECHESS_CLI=/path/to/cutechess-cli`, or
//! `cutechess-cli` on the PATH. Elsewhere it passes and `make test` lists it as skipped.

use std::path::PathBuf;
use std::process::Command;

const ENGINE: &str = env!("CARGO_BIN_EXE_ekumen");

fn cutechess() -> Option<PathBuf> {
    let candidate = std::env::var_os("CUTECHESS_CLI")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("cutechess-cli"));
    let works =
        Command::new(&candidate).arg("--version").output().is_ok_and(|o| o.status.success());
    works.then_some(candidate)
}

#[test]
fn a_cutechess_gothic_match_ends_without_a_rules_dispute() {
    let Some(cutechess) = cutechess() else {
        ekumen_tests::skip::skipped(
            "no cutechess-cli (build Cute Chess, docs/testing.md; or set CUTECHESS_CLI)",
        );
        return;
    };
    let output = Command::new(cutechess)
        .args(["-variant", "gothic", "-games", "4", "-repeat", "-recover"])
        .args(["-engine", &format!("cmd={ENGINE}"), "name=ekumen-a"])
        .args(["-engine", &format!("cmd={ENGINE}"), "name=ekumen-b"])
        .args(["-each", "proto=uci", "tc=4+0.04", "option.Move Overhead=50"])
        .output()
        .expect("cutechess-cli starts");
    let stdout = String::from_utf8_lossy(&output.stdout);
    println!("{stdout}");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let finished: Vec<&str> = stdout.lines().filter(|l| l.starts_with("Finished game")).collect();
    assert_eq!(finished.len(), 4, "{stdout}");
    for line in finished {
        let disputed = ["illegal", "disconnect", "on time", "stall", "crash", "connection"]
            .iter()
            .any(|word| line.to_lowercase().contains(word));
        assert!(!disputed, "{line}");
    }
}
