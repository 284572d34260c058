//! `ekumen datagen` and `ekumen data-check`: the chunks datagen writes replay to the games
//! played and pass the check, are reproducible, survive a killed run, refuse a journal of
//! other settings and a store another run is writing, and name the evaluation the games
//! were played with; the check fails on a damaged store.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use ekumen_movegen::variants::{Chess, Gothic, Shinobi};
use ekumen_movegen::{Variant, VariantId};
use ekumen_nnue::features::Inputs;
use ekumen_records::store::{self, JOURNAL};
use ekumen_records::{chunk, manifest, Ending};
use support::{small_net, ENGINE};

/// The repository root, where `books/` lies.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// A fresh folder for a test's store.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("ekumen-datagen-{}", std::process::id())).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Runs `ekumen datagen` with a tiny search from the repository root: one chunk of
/// `positions` positions.
fn datagen(variant: &str, positions: u32, seed: u32, threads: u32, store: &Path) -> Output {
    datagen_with(variant, positions, seed, threads, store, &[])
}

/// [`datagen`] with more arguments.
fn datagen_with(
    variant: &str,
    positions: u32,
    seed: u32,
    threads: u32,
    store: &Path,
    more: &[&str],
) -> Output {
    datagen_command(variant, positions, seed, threads, store, more)
        .output()
        .expect("the engine runs")
}

fn datagen_command(
    variant: &str,
    positions: u32,
    seed: u32,
    threads: u32,
    store: &Path,
    more: &[&str],
) -> Command {
    let mut command = Command::new(ENGINE);
    command
        .current_dir(ROOT)
        .args(["datagen", "--variant", variant, "--nodes", "300"])
        .args(["--chunk-positions", &positions.to_string(), "--seed", &seed.to_string()])
        .args(["--threads", &threads.to_string()])
        .arg("--store")
        .arg(store)
        .args(more);
    command
}

/// A random net file for `V` named `name`.
fn net_file<V: Inputs>(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(format!("{name}.nnue"));
    std::fs::write(&path, small_net::<V>(name, 5).to_bytes()).expect("a scratch file");
    path
}

fn succeeded(output: &Output) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

fn failed(output: &Output) -> String {
    assert!(!output.status.success(), "{}", String::from_utf8_lossy(&output.stdout));
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The manifest of `variant`'s folder in `store`.
fn manifest_of(store: &Path, variant: &str) -> Vec<manifest::Entry> {
    manifest::read(&store.join(variant)).expect("a manifest")
}

/// The decompressed records of the first chunk of `variant` in `store`.
fn first_chunk(store: &Path, variant: VariantId) -> Vec<u8> {
    let dir = store.join(variant.name());
    let entry = &manifest::read(&dir).expect("a manifest")[0];
    store::read_chunk(&dir, variant, entry).expect("a sound chunk")
}

/// Each game of a chunk: its searched positions and its ending.
fn games_of<V: Variant>(records: &[u8]) -> Vec<(usize, Ending, u8)> {
    chunk::replay_all::<V>(records, |_| {})
        .expect("the records replay")
        .iter()
        .map(|g| (g.positions, g.ending, g.result))
        .collect()
}

#[test]
fn a_chess_chunk_replays_to_the_games_played_and_checks() {
    let store = scratch("chess");
    let stdout = succeeded(&datagen("chess", 300, 1, 1, &store));
    let entries = manifest_of(&store, "chess");
    assert_eq!(entries.len(), 1);
    let entry = &entries[0];
    assert_eq!(entry.chunk, "chess-00001.ekg");
    assert!(entry.positions >= 300, "a chunk closes at 300 positions: {}", entry.positions);
    assert!(entry.quiet > 0 && entry.quiet < entry.positions, "{entry:?}");
    assert_eq!((entry.nodes, entry.seed), (300, 1));
    assert!(entry.rate > 0.0);
    let line = format!(
        "wrote {} ({} games, {} positions, {} quiet",
        store.join("chess").join("chess-00001.ekg").display(),
        entry.games,
        entry.positions,
        entry.quiet
    );
    assert!(stdout.contains(&line), "{stdout}");

    let games = games_of::<Chess>(&first_chunk(&store, VariantId::Chess));
    assert_eq!(games.len() as u64, entry.games);
    assert_eq!(games.iter().map(|g| g.0 as u64).sum::<u64>(), entry.positions);
    for (positions, ending, result) in games {
        assert!(positions > 0);
        assert!(result <= 2);
        if ending == Ending::AdjudicatedDraw || ending == Ending::PlyCap {
            assert_eq!(result, 1);
        }
    }

    let check = Command::new(ENGINE)
        .args(["data-check", "--store"])
        .arg(&store)
        .output()
        .expect("the engine runs");
    let report = succeeded(&check);
    let expected = format!(
        "chess: 1 chunks, {} games, {} positions ({} quiet), {} bytes: ok",
        entry.games, entry.positions, entry.quiet, entry.bytes
    );
    assert!(report.contains(&expected), "{report}");
    assert!(report.contains("within the budget of 200000000"), "{report}");
}

#[test]
fn the_same_seed_gives_the_same_chunk_and_threads_the_same_games() {
    let (a, b, c) = (scratch("shinobi-a"), scratch("shinobi-b"), scratch("shinobi-threads"));
    succeeded(&datagen("shinobi", 200, 7, 1, &a));
    succeeded(&datagen("shinobi", 200, 7, 1, &b));
    let chunk_a = std::fs::read(a.join("shinobi/shinobi-00001.ekg")).expect("the chunk");
    let chunk_b = std::fs::read(b.join("shinobi/shinobi-00001.ekg")).expect("the chunk");
    assert_eq!(chunk_a, chunk_b);

    // Two threads play the same games, in the order they finish; the chunk closes at
    // the same count of positions, so it holds the first games of the single thread's
    // run and, at most, one more in place of one of them.
    succeeded(&datagen("shinobi", 200, 7, 2, &c));
    let single = first_chunk(&a, VariantId::Shinobi);
    let threaded = first_chunk(&c, VariantId::Shinobi);
    let mut single_records = records_of::<Shinobi>(&single);
    let threaded_records = records_of::<Shinobi>(&threaded);
    let in_both = threaded_records.iter().filter(|r| single_records.contains(r)).count();
    assert!(in_both + 1 >= threaded_records.len(), "{in_both} of {}", threaded_records.len());
    single_records.retain(|r| threaded_records.contains(r));
    assert!(!single_records.is_empty());
}

/// A chunk's records, one by one.
fn records_of<V: Variant>(records: &[u8]) -> Vec<Vec<u8>> {
    let mut at = 0;
    let mut out = Vec::new();
    for game in chunk::replay_all::<V>(records, |_| {}).expect("the records replay") {
        out.push(records[at..at + game.bytes].to_vec());
        at += game.bytes;
    }
    out
}

#[test]
fn a_killed_run_loses_only_its_games_in_progress() {
    let store = scratch("killed");
    let journal = store.join("gothic").join(JOURNAL);
    let mut child = datagen_command("gothic", 1_000_000, 5, 1, &store, &[])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine runs");
    // Until the journal holds a few games beyond its header.
    let started = Instant::now();
    let mut journal_len = 0;
    while journal_len < 1_000 && started.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(100));
        journal_len = std::fs::metadata(&journal).map_or(0, |m| m.len());
    }
    child.kill().expect("the run is killed");
    child.wait().expect("it ends");
    assert!(journal_len >= 1_000, "the journal grew to {journal_len} bytes");
    let before = std::fs::read(&journal).expect("the journal");

    // The same command, now for a chunk small enough to finish from what is there.
    let output = datagen("gothic", 1, 5, 1, &store);
    let stdout = succeeded(&output);
    assert!(stdout.contains("gothic-00001.ekg"), "{stdout}");
    let records = first_chunk(&store, VariantId::Gothic);
    // The records kept by the killed run open the chunk, in order (whole frames: a
    // 32-bit length, a 32-bit time, the record).
    let header_len = 4 + 2 + 1 + "gothic".len() + 1 + before[7 + 6] as usize + 4 + 8 + 8;
    let mut frames = &before[header_len..];
    let mut kept = Vec::new();
    while frames.len() >= 8 {
        let len = u32::from_le_bytes(frames[..4].try_into().unwrap()) as usize;
        let Some(record) = frames.get(8..8 + len) else { break };
        kept.extend_from_slice(record);
        frames = &frames[8 + len..];
    }
    assert!(!kept.is_empty());
    assert_eq!(&records[..kept.len()], &kept[..]);
    assert!(store::check(&store.join("gothic"), VariantId::Gothic).is_ok());
}

#[test]
fn bad_settings_variants_and_books_are_refused() {
    let store = scratch("refused");
    // Leave a chunk in progress: a chunk larger than the run's one game.
    let mut child = datagen_command("chess", 1_000_000, 1, 1, &store, &[])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine runs");
    let journal = store.join("chess").join(JOURNAL);
    let started = Instant::now();
    while std::fs::metadata(&journal).map_or(0, |m| m.len()) < 300
        && started.elapsed() < Duration::from_secs(120)
    {
        std::thread::sleep(Duration::from_millis(100));
    }
    // While it runs, a second run on the same store is refused.
    let stderr = failed(&datagen("chess", 10, 1, 1, &store));
    assert!(stderr.contains("is being written by another run"), "{stderr}");
    child.kill().expect("the run is killed");
    child.wait().expect("it ends");
    let before = std::fs::read(&journal).expect("the journal");

    let stderr = failed(&datagen("chess", 10, 2, 1, &store));
    assert!(stderr.contains("with seed 1: finish its chunk with those settings"), "{stderr}");
    let stderr = failed(&datagen_with("chess", 10, 1, 1, &store, &["--classical"]));
    assert!(stderr.contains("holds games of chess-gen"), "{stderr}");
    assert_eq!(std::fs::read(&journal).expect("the journal"), before, "left alone");

    let stderr = failed(&datagen("xiangqi", 10, 1, 1, &store));
    assert!(stderr.contains("unknown variant 'xiangqi'"), "{stderr}");

    let stderr = failed(&datagen("chess", 10, 1, 1, Path::new("/proc/no-store")));
    assert!(stderr.contains("cannot create /proc/no-store/chess"), "{stderr}");

    let stderr =
        failed(&datagen_with("gothic", 10, 1, 1, &store, &["--openings", "/nonexistent/book.epd"]));
    assert!(stderr.contains("cannot read the openings /nonexistent/book.epd"), "{stderr}");
}

#[test]
fn the_check_fails_on_a_damaged_store() {
    let store = scratch("damaged");
    succeeded(&datagen("gothic", 50, 1, 1, &store));
    let chunk = store.join("gothic/gothic-00001.ekg");
    let mut bytes = std::fs::read(&chunk).expect("the chunk");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    std::fs::write(&chunk, &bytes).expect("write");
    let check = Command::new(ENGINE)
        .args(["data-check", "--store"])
        .arg(&store)
        .output()
        .expect("the engine runs");
    assert!(!check.status.success());
    let report = String::from_utf8_lossy(&check.stdout);
    assert!(report.contains("gothic: gothic-00001.ekg: SHA-256"), "{report}");

    let check = Command::new(ENGINE)
        .args(["data-check", "--store", "/nonexistent/store"])
        .output()
        .expect("the engine runs");
    assert!(String::from_utf8_lossy(&failed(&check).into_bytes()).contains("is not a folder"));
}

#[test]
fn games_are_played_with_the_evaluation_asked_for() {
    let dir = scratch("nets");
    let net = net_file::<Chess>(&dir, "datagen-chess-net");
    let net_arg = net.to_str().expect("a UTF-8 path");
    let classical = scratch("classical");
    succeeded(&datagen_with("chess", 100, 4, 1, &classical, &["--classical"]));
    assert_eq!(manifest_of(&classical, "chess")[0].evaluation, "classical");
    let with_net = scratch("with-net");
    succeeded(&datagen_with("chess", 100, 4, 1, &with_net, &["--eval-file", net_arg]));
    assert_eq!(manifest_of(&with_net, "chess")[0].evaluation, "datagen-chess-net");
    let built_in = scratch("built-in");
    succeeded(&datagen("chess", 100, 4, 1, &built_in));
    assert!(manifest_of(&built_in, "chess")[0].evaluation.starts_with("chess-gen"));
    assert_ne!(
        first_chunk(&classical, VariantId::Chess),
        first_chunk(&with_net, VariantId::Chess),
        "the net's games differ from the classical evaluation's"
    );

    let gothic = net_file::<Gothic>(&dir, "datagen-gothic-net");
    let gothic_arg = gothic.to_str().expect("a UTF-8 path");
    let refused = [
        (gothic_arg, "is a net for gothic, not for chess"),
        ("/nonexistent/net.nnue", "/nonexistent/net.nnue cannot be read"),
    ];
    for (file, reason) in refused {
        let store = scratch("refused-net");
        let stderr = failed(&datagen_with("chess", 10, 1, 1, &store, &["--eval-file", file]));
        assert!(stderr.contains(reason), "{stderr}");
        assert!(!store.join("chess").exists(), "nothing is written");
    }
    let stderr = failed(&datagen_with(
        "chess",
        10,
        1,
        1,
        &scratch("both"),
        &["--classical", "--eval-file", net_arg],
    ));
    assert!(stderr.contains("cannot be used with"), "{stderr}");
}
