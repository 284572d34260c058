//! `ekumen-tune --held-out FILE` judges the fit by all of FILE's positions and fits all of
//! `--data`; without it the last tenth of `--data` is held out.

use std::path::{Path, PathBuf};
use std::process::Command;

use ekumen_movegen::Rng;

mod common;

/// `count` lines of positions from random chess games, with made-up scores and results.
fn scored_lines(count: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut text = String::new();
    for pos in common::random_positions(count, &mut rng) {
        let score = rng.below(200) as i32 - 100;
        let result = ["0", "0.5", "1"][rng.below(3)];
        text += &format!("{};{score};{result}\n", pos.fen());
    }
    text
}

fn written(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("temporary file written");
    path
}

/// The tuner's log line that counts the positions, from a run that tunes nothing.
fn counted(with_held_out_file: bool) -> String {
    let dir = std::env::temp_dir()
        .join(format!("ekumen-held-out-{}-{with_held_out_file}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let data = written(&dir, "data.txt", &scored_lines(300, 1));
    let mut command = Command::new(env!("CARGO_BIN_EXE_ekumen-tune"));
    command.args(["--variant", "chess", "--passes", "0", "--data"]).arg(&data);
    if with_held_out_file {
        command.arg("--held-out").arg(written(&dir, "held-out.txt", &scored_lines(120, 2)));
    }
    let output = command.env("RUST_LOG", "info").output().expect("ekumen-tune runs");
    std::fs::remove_dir_all(&dir).ok();
    let log = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{log}");
    log.lines()
        .find(|line| line.contains("training and"))
        .unwrap_or_else(|| panic!("no count in the log:\n{log}"))
        .to_string()
}

#[test]
fn without_it_the_last_tenth_of_the_data_is_held_out() {
    let line = counted(false);
    assert!(line.contains("270 training and 30 held-out positions"), "{line}");
}

#[test]
fn a_held_out_file_is_held_out_whole_and_the_data_fitted_whole() {
    let line = counted(true);
    assert!(line.contains("300 training and 120 held-out positions"), "{line}");
}
