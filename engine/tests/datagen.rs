//! `ekumen datagen`: the sample files it writes decode, are reproducible, survive a
//! killed run, refuse another variant's file and a file another run is writing, and the
//! evaluation the games are played with is the one asked for.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use ekumen_movegen::variants::{Chess, Gothic, Shinobi};
use ekumen_movegen::{Color, Variant};
use ekumen_nnue::features::Inputs;
use ekumen_nnue::sample::{self, Sample};
use support::{small_net, ENGINE};

/// The repository root, where `books/` lies.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// A fresh path for a test's output file.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ekumen-datagen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// Runs `ekumen datagen` with a tiny search from the repository root.
fn datagen(variant: &str, games: u32, seed: u32, threads: u32, out: &Path) -> Output {
    datagen_with(variant, games, seed, threads, out, &[])
}

/// [`datagen`] with more arguments.
fn datagen_with(
    variant: &str,
    games: u32,
    seed: u32,
    threads: u32,
    out: &Path,
    more: &[&str],
) -> Output {
    Command::new(ENGINE)
        .current_dir(ROOT)
        .args(["datagen", "--variant", variant, "--nodes", "300"])
        .args(["--games", &games.to_string(), "--seed", &seed.to_string()])
        .args(["--threads", &threads.to_string()])
        .arg("--out")
        .arg(out)
        .args(more)
        .output()
        .expect("the engine runs")
}

/// A random net file for `V` named `name`.
fn net_file<V: Inputs>(name: &str) -> PathBuf {
    let path = scratch(&format!("{name}.nnue"));
    std::fs::write(&path, small_net::<V>(name, 5).to_bytes()).expect("a scratch file");
    path
}

fn succeeded(output: &Output) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

/// The file's samples cut into games: a game starts where the ply does not grow.
fn games<V: Variant>(bytes: &[u8]) -> Vec<Vec<Sample>> {
    let mut games: Vec<Vec<Sample>> = Vec::new();
    for decoded in sample::samples::<V>(bytes) {
        let decoded = decoded.expect("a valid sample");
        match games.last_mut() {
            Some(game) if game.last().is_some_and(|last| last.ply < decoded.ply) => {
                game.push(decoded);
            }
            _ => games.push(vec![decoded]),
        }
    }
    games
}

/// Checks every sample's fields and each game's consistency.
fn check_games(games: &[Vec<Sample>]) {
    for game in games {
        let result = game[0].result;
        for (i, s) in game.iter().enumerate() {
            assert_eq!(s.result, result, "one result a game");
            assert!(s.result <= 2);
            assert!(s.ply >= 4 + 8, "random plies and the first searched ones are skipped");
            assert!(i16::MIN < s.score, "clamped");
            let men_of = |c: Color| s.men.iter().filter(|(p, _)| p.color() == c).count();
            assert!(men_of(Color::White) >= 1 && men_of(Color::Black) >= 1, "kings stay");
            if i > 0 {
                let plies = s.ply - game[i - 1].ply;
                assert_eq!(plies % 2 == 1, s.side != game[i - 1].side, "sides alternate");
            }
        }
    }
}

#[test]
fn chess_samples_decode_into_the_games_played() {
    let out = scratch("chess.samples");
    let stdout = succeeded(&datagen("chess", 3, 1, 1, &out));
    let bytes = std::fs::read(&out).expect("the file");
    let games = games::<Chess>(&bytes);
    let total: usize = games.iter().map(Vec::len).sum();
    assert!(stdout.contains(&format!("wrote {total} positions of 3 games")), "{stdout}");
    assert!(!games.is_empty() && games.len() <= 3, "{} games", games.len());
    assert!(total >= 10, "{total} samples");
    check_games(&games);
    assert_eq!(sample::complete_length::<Chess>(&bytes), Ok(bytes.len()));
}

#[test]
fn the_same_seed_gives_the_same_bytes_and_threads_the_same_games() {
    let (a, b, c) = (scratch("shinobi-a"), scratch("shinobi-b"), scratch("shinobi-threads"));
    succeeded(&datagen("shinobi", 3, 7, 1, &a));
    succeeded(&datagen("shinobi", 3, 7, 1, &b));
    let bytes = std::fs::read(&a).expect("the file");
    assert_eq!(bytes, std::fs::read(&b).expect("the file"));
    let games_a = games::<Shinobi>(&bytes);
    check_games(&games_a);
    let in_hand = games_a.iter().flatten().filter(|s| s.hands.iter().flatten().any(|&n| n > 0));
    assert!(in_hand.count() > 0, "shinobi samples carry the hands");

    succeeded(&datagen("shinobi", 3, 7, 2, &c));
    let mut threaded = games::<Shinobi>(&std::fs::read(&c).expect("the file"));
    let mut single = games_a;
    let key = |game: &Vec<Sample>| format!("{game:?}");
    threaded.sort_by_key(key);
    single.sort_by_key(key);
    assert_eq!(threaded, single);
}

#[test]
fn a_partial_sample_is_cut_before_appending() {
    let out = scratch("partial.samples");
    succeeded(&datagen("chess", 2, 3, 1, &out));
    let whole = std::fs::read(&out).expect("the file");
    let before = games::<Chess>(&whole);
    let kept: usize = before.iter().map(Vec::len).sum();
    std::fs::write(&out, &whole[..whole.len() - 5]).expect("cut the file");
    let samples_left = kept - 1;

    let output = datagen("chess", 3, 3, 1, &out);
    let stdout = succeeded(&output);
    assert!(String::from_utf8_lossy(&output.stderr).contains("cutting a partial sample"));
    let bytes = std::fs::read(&out).expect("the file");
    assert_eq!(sample::complete_length::<Chess>(&bytes), Ok(bytes.len()));
    let after: Vec<Sample> = sample::samples::<Chess>(&bytes).map(Result::unwrap).collect();
    assert_eq!(after[..samples_left], before.concat()[..samples_left]);
    let added = after.len() - samples_left;
    assert!(stdout.contains(&format!("wrote {added} positions of 1 games")), "{stdout}");

    // The file now holds the games asked for: a rerun plays none.
    let again = datagen("chess", 3, 3, 1, &out);
    assert!(succeeded(&again).is_empty());
    assert_eq!(std::fs::read(&out).expect("the file"), bytes);
}

#[test]
fn bad_files_variants_and_books_are_refused() {
    let chess = scratch("refused.samples");
    succeeded(&datagen("chess", 1, 1, 1, &chess));
    let before = std::fs::read(&chess).expect("the file");
    let output = datagen("shinobi", 2, 1, 1, &chess);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("samples of chess, not of shinobi"), "{stderr}");
    assert_eq!(std::fs::read(&chess).expect("the file"), before, "left alone");

    let output = datagen("xiangqi", 1, 1, 1, &scratch("unknown.samples"));
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown variant 'xiangqi'"));

    let output = datagen("chess", 1, 1, 1, Path::new("/nonexistent/dir/x.samples"));
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot open /nonexistent"));

    let output = Command::new(ENGINE)
        .current_dir(ROOT)
        .args(["datagen", "--variant", "chess", "--games", "1", "--nodes", "100"])
        .args(["--openings", "/nonexistent/book.epd", "--out"])
        .arg(scratch("nobook.samples"))
        .output()
        .expect("the engine runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot read the openings /nonexistent/book.epd"), "{stderr}");
}

#[test]
fn a_file_another_run_is_writing_is_refused() {
    let path = scratch("locked.samples");
    succeeded(&datagen("chess", 1, 1, 1, &path));
    let before = std::fs::read(&path).expect("the file");
    // This test holds the lock a running datagen would hold.
    let held = std::fs::OpenOptions::new().write(true).open(&path).expect("the file");
    held.try_lock().expect("the lock is free");
    let output = datagen("chess", 2, 1, 1, &path);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("is being written by another run"), "{stderr}");
    assert_eq!(std::fs::read(&path).expect("the file"), before, "left alone");
    drop(held);
    succeeded(&datagen("chess", 2, 1, 1, &path));
}

#[test]
fn games_are_played_with_the_evaluation_asked_for() {
    let net = net_file::<Chess>("datagen-chess-net");
    let net_arg = net.to_str().expect("a UTF-8 path");
    let classical = scratch("classical.samples");
    let output = datagen_with("chess", 2, 4, 1, &classical, &["--classical"]);
    succeeded(&output);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("with the classical evaluation"), "{stderr}");
    let with_net = scratch("with-net.samples");
    let output = datagen_with("chess", 2, 4, 1, &with_net, &["--eval-file", net_arg]);
    succeeded(&output);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("with net datagen-chess-net"), "{stderr}");
    let classical = std::fs::read(&classical).expect("the file");
    let with_net = std::fs::read(&with_net).expect("the file");
    check_games(&games::<Chess>(&with_net));
    assert_ne!(classical, with_net, "the net's games differ from the classical evaluation's");

    let gothic = net_file::<Gothic>("datagen-gothic-net");
    let gothic_arg = gothic.to_str().expect("a UTF-8 path");
    let refused = [
        (gothic_arg, "is a net for gothic, not for chess"),
        ("/nonexistent/net.nnue", "/nonexistent/net.nnue cannot be read"),
    ];
    for (file, reason) in refused {
        let out = scratch("refused-net.samples");
        let output = datagen_with("chess", 1, 1, 1, &out, &["--eval-file", file]);
        assert!(!output.status.success(), "{file}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(reason), "{stderr}");
        assert!(!out.exists(), "nothing is written");
    }
    let output = datagen_with(
        "chess",
        1,
        1,
        1,
        &scratch("both.samples"),
        &["--classical", "--eval-file", net_arg],
    );
    assert!(!output.status.success(), "--classical and --eval-file exclude each other");
}
