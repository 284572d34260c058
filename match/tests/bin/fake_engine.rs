//! A scripted UCI engine for the match runner's tests: it plays random legal moves (by
//! Ekumen's rules, in every variant) and misbehaves in a chosen way once it has played a
//! given number of moves.
//!
//! usage: `fake_engine MODE [AFTER] [SEED]`
//!
//! | MODE | after AFTER moves of its own |
//! | --- | --- |
//! | `random` | never misbehaves |
//! | `illegal` | answers `bestmove a1a1` |
//! | `garbage` | answers `bestmove xyz!` |
//! | `none` | answers `bestmove (none)` |
//! | `hang` | stops answering anything (and ignores `quit`) |
//! | `crash` | aborts (killed by SIGABRT) |
//! | `exit` | exits cleanly in the middle of the game |
//! | `slow` | answers only after its whole remaining time (or movetime) plus a second |
//! | `resign` | keeps playing but reports `score cp -2000` |
//! | `nouci` | (from the start) never answers `uci` |
//! | `badstart` | (from the start) exits with status 1 before reading anything |
//!
//! Moves are chosen from the position's hash and SEED, so games are reproducible.

use std::io::{self, BufRead, Write};
use std::thread;
use std::time::Duration;

use ekumen_movegen::{mix, AnyPosition, Color, VariantId};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Random,
    Illegal,
    Garbage,
    NoMove,
    Hang,
    Crash,
    Exit,
    Slow,
    Resign,
    NoUci,
    BadStart,
}

fn mode(name: &str) -> Mode {
    match name {
        "random" => Mode::Random,
        "illegal" => Mode::Illegal,
        "garbage" => Mode::Garbage,
        "none" => Mode::NoMove,
        "hang" => Mode::Hang,
        "crash" => Mode::Crash,
        "exit" => Mode::Exit,
        "slow" => Mode::Slow,
        "resign" => Mode::Resign,
        "nouci" => Mode::NoUci,
        "badstart" => Mode::BadStart,
        other => {
            eprintln!("fake_engine: unknown mode '{other}'");
            std::process::exit(2);
        }
    }
}

fn say(line: &str) {
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Reads stdin to the end without answering, then sleeps: a hung engine.
fn hang() -> ! {
    for _ in io::stdin().lock().lines() {}
    loop {
        thread::sleep(Duration::from_secs(3600));
    }
}

/// The position of a `position` command, or `None` if it cannot be read.
fn parse_position(variant: VariantId, words: &[&str]) -> Option<AnyPosition> {
    let moves_at = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
    let mut position = match words.get(1) {
        Some(&"startpos") => AnyPosition::startpos(variant, false),
        Some(&"fen") => {
            AnyPosition::from_fen(variant, &words[2..moves_at].join(" "), false).ok()?
        }
        _ => return None,
    };
    for text in words.iter().skip(moves_at + 1) {
        let m = position.parse_uci_move(text).ok()?;
        position.make_move(m);
    }
    Some(position)
}

/// The value after `key` in a `go` command.
fn go_value(words: &[&str], key: &str) -> Option<u64> {
    words.iter().position(|w| *w == key).and_then(|i| words.get(i + 1)).and_then(|v| v.parse().ok())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = mode(args.get(1).map_or("random", String::as_str));
    let after: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(0);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(0);
    if mode == Mode::BadStart {
        eprintln!("fake_engine: refusing to start");
        std::process::exit(1);
    }
    let mut variant = VariantId::Chess;
    let mut position = AnyPosition::startpos(variant, false);
    let mut moves_played = 0u32;
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                if mode == Mode::NoUci {
                    continue;
                }
                say("id name fake_engine");
                say("id author the Ekumen tests");
                let names: Vec<String> =
                    VariantId::ALL.iter().map(|v| format!("var {}", v.name())).collect();
                say(&format!(
                    "option name UCI_Variant type combo default chess {}",
                    names.join(" ")
                ));
                say("uciok");
            }
            Some("isready") => say("readyok"),
            Some("setoption") => {
                if let [_, "name", "UCI_Variant", "value", value] = words.as_slice() {
                    if let Some(v) = VariantId::from_name(value) {
                        variant = v;
                        position = AnyPosition::startpos(variant, false);
                    }
                }
            }
            Some("position") => match parse_position(variant, &words) {
                Some(p) => position = p,
                None => say(&format!("info string cannot read: {line}")),
            },
            Some("go") => {
                let misbehave = moves_played >= after;
                moves_played += 1;
                if misbehave {
                    match mode {
                        Mode::Illegal => {
                            say("bestmove a1a1");
                            continue;
                        }
                        Mode::Garbage => {
                            say("bestmove xyz!");
                            continue;
                        }
                        Mode::NoMove => {
                            say("bestmove (none)");
                            continue;
                        }
                        Mode::Hang => hang(),
                        Mode::Crash => std::process::abort(),
                        Mode::Exit => std::process::exit(0),
                        Mode::Slow => {
                            let own_time = match position.side_to_move() {
                                Color::White => "wtime",
                                Color::Black => "btime",
                            };
                            let wait = go_value(&words, own_time)
                                .or_else(|| go_value(&words, "movetime"))
                                .unwrap_or(0);
                            thread::sleep(Duration::from_millis(wait + 1000));
                        }
                        _ => {}
                    }
                }
                let moves = position.legal_moves();
                if moves.is_empty() {
                    say("info depth 0 score mate 0");
                    say("bestmove (none)");
                    continue;
                }
                let score = if mode == Mode::Resign && misbehave { -2000 } else { 0 };
                say(&format!("info depth 1 score cp {score} nodes {}", moves.len()));
                let pick = mix(position.key() ^ seed) % moves.len() as u64;
                say(&format!("bestmove {}", position.move_to_uci(moves[pick as usize])));
            }
            Some("quit") => break,
            _ => {}
        }
    }
}
