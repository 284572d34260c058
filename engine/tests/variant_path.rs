//! `VariantPath`: a Fairy-Stockfish `variants.ini` is read as Fairy-Stockfish reads it. A
//! section defining one of our variants with our rules is accepted quietly; with other
//! rules it gets one notice naming the variant and the first difference, and Ekumen goes
//! on playing its own rules; the variants we do not play are named once and `UCI_Variant`
//! still offers only ours; a missing or malformed file gets one message, as `EvalFile`.

mod support;

use std::path::{Path, PathBuf};

use ekumen_tests::python::repository;
use support::Engine;

fn data(file: &str) -> String {
    repository().join("tests/data/fairy").join(file).to_string_lossy().into_owned()
}

/// A fresh directory for this test's files.
fn scratch(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("ekumen-variant-path-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn write(dir: &Path, file: &str, text: &str) -> String {
    let path = dir.join(file);
    std::fs::write(&path, text).expect("a scratch file");
    path.to_str().expect("a UTF-8 path").to_string()
}

fn set_path(engine: &mut Engine, path: &str) -> Vec<String> {
    engine.ask(&format!("setoption name VariantPath value {path}"))
}

/// The `UCI_Variant` line of the `uci` answer.
fn variant_option(engine: &mut Engine) -> String {
    engine.send("uci");
    let lines = engine.until(|l| l == "uciok");
    lines.into_iter().find(|l| l.starts_with("option name UCI_Variant ")).expect("UCI_Variant")
}

/// What `go perft 2` counts in `variant`'s start position: the rules being played.
fn perft(engine: &mut Engine, variant: &str) -> Vec<String> {
    engine.ask(&format!("setoption name UCI_Variant value {variant}"));
    engine.ask("position startpos");
    engine.send("go perft 2");
    let counts = engine.until(|l| l.starts_with("Nodes searched"));
    engine.sync();
    counts
}

#[test]
fn fairy_stockfishs_own_file_is_accepted_quietly() {
    let mut engine = Engine::start();
    let offered = variant_option(&mut engine);
    assert_eq!(set_path(&mut engine, &data("variants.ini")), Vec::<String>::new());
    assert_eq!(variant_option(&mut engine), offered);
    assert!(engine.quit().success());
}

#[test]
fn a_section_with_other_rules_is_named_once_and_our_rules_are_kept() {
    let mut engine = Engine::start();
    variant_option(&mut engine);
    let before = perft(&mut engine, "shinobi");
    let path = data("variants-changed-shinobi.ini");
    let lines = set_path(&mut engine, &path);
    assert_eq!(
        lines,
        [format!(
            "info string VariantPath {path}: shinobi has other rules than Ekumen's \
             (promotionRegionWhite is *6 *7 *8 here, *7 *8 in Ekumen); Ekumen plays its own \
             shinobi"
        )]
    );
    assert_eq!(perft(&mut engine, "shinobi"), before);
    assert!(engine.quit().success());
}

#[test]
fn the_variants_we_do_not_play_are_listed_once_and_not_offered() {
    let dir = scratch("unplayable");
    let own = std::fs::read_to_string(data("variants.ini")).expect("the Fairy-Stockfish file");
    // Inheritance: from a built-in variant, from a section of the file, and from a section
    // that itself inherits; our chess restated through two generations of the file.
    let more = "
[allwayspawns:chess]
customPiece1 = p:mWfceFifmnD
pawnTypes = p

; a comment
[gothhouse:capablanca]
startFen = rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR[] w KQkq - 0 1
pieceDrops = true
capturesToHand = true

[plainchess:chess]
[chess:plainchess]

[gothic:capablanca]
startFen = rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1
";
    let path = write(&dir, "more.ini", &format!("{own}{more}"));
    let mut engine = Engine::start();
    let offered = variant_option(&mut engine);
    assert_eq!(
        set_path(&mut engine, &path),
        [format!(
            "info string VariantPath {path}: not playable by Ekumen: allwayspawns, gothhouse, \
             plainchess"
        )]
    );
    assert_eq!(variant_option(&mut engine), offered);
    assert!(!offered.contains("allwayspawns"), "{offered}");
    let lines = engine.ask("setoption name UCI_Variant value allwayspawns");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("info string ") && lines[0].ends_with("; keeping chess"));

    // A chess section drawn from crazyhouse differs from the start position on.
    let path = write(&dir, "house.ini", "[chess:crazyhouse]\n");
    let lines = set_path(&mut engine, &path);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].contains("chess has other rules than Ekumen's (startFen is"), "{lines:?}");
    assert!(engine.quit().success());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_missing_or_malformed_file_gets_one_message_and_the_engine_goes_on() {
    let dir = scratch("broken");
    let own = std::fs::read_to_string(data("variants.ini")).expect("the Fairy-Stockfish file");
    let broken = [
        (dir.join("missing.ini").to_string_lossy().into_owned(), "cannot be read"),
        (dir.to_string_lossy().into_owned(), "cannot be read"),
        (
            write(&dir, "no-equals.ini", &own.replace("pieceDrops = true", "pieceDrops true")),
            "is malformed: line 25: 'pieceDrops true' is not 'key = value'",
        ),
        (
            write(&dir, "unclosed.ini", &own.replace("[gethenian]", "[gethenian")),
            "is malformed: line 34: '[gethenian' has no closing ']'",
        ),
        (write(&dir, "no-name.ini", "[:chess]\nmaxRank = 8\n"), "lacks a variant name"),
        (write(&dir, "no-key.ini", "[chess]\n= 8\n"), "has no key"),
    ];
    let mut engine = Engine::start();
    variant_option(&mut engine);
    let before = perft(&mut engine, "gethenian");
    for (path, reason) in broken {
        let lines = set_path(&mut engine, &path);
        assert_eq!(lines.len(), 1, "{path}: {lines:?}");
        let line = &lines[0];
        assert!(line.starts_with(&format!("info string VariantPath {path} ")), "{line}");
        assert!(line.contains(reason), "{line}");
        assert!(line.ends_with("; the built-in variants are used"), "{line}");
        assert_eq!(perft(&mut engine, "gethenian"), before, "after {path}");
    }
    assert_eq!(set_path(&mut engine, "<empty>"), Vec::<String>::new());
    assert!(engine.quit().success());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn cecp_notes_a_difference_and_reports_a_bad_file_as_an_error() {
    let dir = scratch("cecp");
    let bad = write(&dir, "bad.ini", "[chess]\nthis line is broken\n");
    let changed = data("variants-changed-shinobi.ini");
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.until(|l| l == "feature done=1");
    engine.send(&format!("option VariantPath={changed}"));
    engine.send(&format!("option VariantPath={bad}"));
    engine.send("ping 1");
    let lines = engine.until(|l| l == "pong 1");
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[0].starts_with(&format!("# VariantPath {changed}: shinobi has")), "{lines:?}");
    assert!(lines[1].starts_with(&format!("Error (VariantPath {bad} is malformed")), "{lines:?}");
    assert!(engine.quit().success());
    std::fs::remove_dir_all(&dir).ok();
}
