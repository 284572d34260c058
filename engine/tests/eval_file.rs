//! `Use NNUE` and `EvalFile`: a net file is loaded for the variant it names and announced
//! on `go`; a file that cannot be used gets one message naming it and the reason, and the
//! engine keeps the net it had and goes on playing.

mod support;

use std::path::{Path, PathBuf};

use ekumen_movegen::variants::{Chess, Gothic};
use support::{small_net, Engine};

/// A fresh directory for this test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ekumen-eval-file-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn write(dir: &Path, file: &str, bytes: &[u8]) -> String {
    let path = dir.join(file);
    std::fs::write(&path, bytes).expect("a scratch file");
    path.to_str().expect("a UTF-8 path").to_string()
}

/// The notice `go` prints, and a legal best move after it.
fn notice_of_search(engine: &mut Engine) -> String {
    engine.send("go depth 3");
    let notice = engine.line();
    let (_, best) = engine.search_output();
    assert!(best.starts_with("bestmove ") && !best.contains("(none)"), "{best}");
    notice
}

/// The file paths of every kind of bad net file, with the words their message must hold.
fn bad_files(dir: &Path) -> Vec<(String, &'static str)> {
    let good = small_net::<Chess>("good", 1).to_bytes();
    let mut corrupt = good.clone();
    let middle = corrupt.len() / 2;
    corrupt[middle] ^= 0x40;
    let mut other_variant = small_net::<Chess>("other", 2);
    other_variant.variant = "xiangqi".to_string();
    let mut wrong_shape = small_net::<Chess>("shape", 3);
    wrong_shape.shape.inputs += 1;
    vec![
        (write(dir, "truncated.nnue", &good[..good.len() - 100]), "truncated"),
        (write(dir, "corrupt.nnue", &corrupt), "corrupt"),
        (write(dir, "xiangqi.nnue", &other_variant.to_bytes()), "xiangqi"),
        (write(dir, "shape.nnue", &wrong_shape.to_bytes()), "inputs"),
        (write(dir, "text.nnue", b"not a net at all\n"), "not an Ekumen net"),
        (write(dir, "empty.nnue", b""), "truncated"),
        (dir.join("missing.nnue").to_str().unwrap().to_string(), "cannot be read"),
        (dir.to_str().unwrap().to_string(), "cannot be read"),
    ]
}

#[test]
fn a_net_file_is_announced_and_bad_ones_keep_the_net_in_use() {
    let dir = scratch("uci");
    let good = write(&dir, "good.nnue", &small_net::<Chess>("chess-test-net", 4).to_bytes());
    let mut engine = Engine::start();
    engine.ask("uci");
    engine.ask("position startpos moves e2e4");
    let loaded = engine.ask(&format!("setoption name EvalFile value {good}"));
    assert_eq!(loaded, [format!("info string EvalFile {good}: net chess-test-net for chess")]);
    let announced = "info string NNUE evaluation using chess-test-net enabled";
    assert_eq!(notice_of_search(&mut engine), announced);
    for (path, reason) in bad_files(&dir) {
        let lines = engine.ask(&format!("setoption name EvalFile value {path}"));
        assert_eq!(lines.len(), 1, "{path}: {lines:?}");
        let line = &lines[0];
        assert!(line.starts_with(&format!("info string EvalFile {path} ")), "{line}");
        assert!(line.contains(reason) && line.ends_with("; the net in use is kept"), "{line}");
        assert_eq!(notice_of_search(&mut engine), announced, "after {path}");
    }
    engine.ask("setoption name Use NNUE value false");
    assert_eq!(notice_of_search(&mut engine), "info string classical evaluation enabled");
    engine.ask("setoption name Use NNUE value true");
    assert_eq!(notice_of_search(&mut engine), announced);
    // `<empty>` goes back to the built-in nets: chess has none in this test's build or
    // its own, whichever the build ships.
    engine.ask("setoption name EvalFile value <empty>");
    assert_ne!(notice_of_search(&mut engine), announced);
    assert!(engine.quit().success());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_net_names_its_variant_whichever_variant_is_played() {
    let dir = scratch("variant");
    let gothic = write(&dir, "gothic.nnue", &small_net::<Gothic>("gothic-test-net", 5).to_bytes());
    let mut engine = Engine::start();
    engine.ask("uci");
    let before = notice_of_search(&mut engine);
    let loaded = engine.ask(&format!("setoption name EvalFile value {gothic}"));
    assert_eq!(loaded, [format!("info string EvalFile {gothic}: net gothic-test-net for gothic")]);
    assert_eq!(notice_of_search(&mut engine), before, "chess keeps its evaluation");
    engine.ask("setoption name UCI_Variant value gothic");
    engine.ask("position startpos");
    let announced = "info string NNUE evaluation using gothic-test-net enabled";
    assert_eq!(notice_of_search(&mut engine), announced);
    assert!(engine.quit().success());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn cecp_and_usi_report_a_bad_net_file_in_their_own_way() {
    let dir = scratch("protocols");
    let (corrupt, _) = bad_files(&dir).swap_remove(1);
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.until(|l| l == "feature done=1");
    engine.send(&format!("option EvalFile={corrupt}"));
    engine.send("ping 1");
    let lines = engine.until(|l| l == "pong 1");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with(&format!("Error (EvalFile {corrupt} corrupt")), "{lines:?}");
    assert!(engine.quit().success());

    let mut engine = Engine::start();
    engine.send("usi");
    engine.until(|l| l == "usiok");
    let lines = engine.ask(&format!("setoption name EvalFile value {corrupt}"));
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with(&format!("info string EvalFile {corrupt} corrupt")), "{lines:?}");
    assert!(engine.quit().success());
    std::fs::remove_dir_all(&dir).ok();
}
