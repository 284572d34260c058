//! Random and mutated protocol lines, FENs and moves fed to the running engine: it must
//! never crash or hang, answer every malformed line, and say nothing about good ones.
//!
//! After each line the test sends `isready` and collects the output up to `readyok`. What
//! the engine should have said is worked out independently: the command parser tells
//! which lines are malformed (and the exact error line), and the rules core tells whether
//! a `position` command's FEN and moves are good. Lines that start work (`go`, `bench`)
//! are followed by `stop` and their final line is awaited.
//!
//! The engine survives a panic in its rules core on outside text, but reports it on stderr
//! as a bug; any such report fails these tests, and two tests inject a panic
//! (`EKUMEN_TEST_PANIC`) to show that it does.
//!
//! For standard chess an independent judge exists: mutated chess positions are judged by
//! python-chess (`tests/judges/chess_positions.py`, in the project's .venv). pyffish is
//! not used as a judge of malformed FENs: its `validate_fen` can crash the interpreter on
//! them.

mod support;

use ekumen_movegen::Rng;
use ekumen_movegen::{AnyPosition, VariantId};
use ekumen_uci_protocol::command::{parse_command, Command, PositionSetup, Protocol};
use ekumen_uci_protocol::options::{self, OptionValue};
use ekumen_uci_protocol::usi::{self, BoardSize};
use support::Engine;

/// What the test knows of the engine's state.
struct Model {
    protocol: Protocol,
    variant: VariantId,
    chess960: bool,
}

fn corpus() -> Vec<String> {
    let mut lines: Vec<String> = [
        "isready",
        "uci",
        "usi",
        "ucinewgame",
        "setoption name Hash value 64",
        "setoption name Threads value 2",
        "setoption name MultiPV value 2",
        "setoption name Move Overhead value 100",
        "setoption name UCI_Chess960 value false",
        "setoption name UCI_ShowWDL value true",
        "setoption name SyzygyPath value <empty>",
        "setoption name Clear Hash",
        "position startpos",
        "position startpos moves e2e4 e7e5 g1f3 b8c6",
        "position startpos moves 4g4e 4c4d",
        "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "position sfen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - 1 moves 4g4e",
        "go depth 2",
        "go nodes 300",
        "go movetime 20",
        "go wtime 100 btime 100 winc 0 binc 0",
        "go perft 2",
        "d",
        "eval",
        "stop",
        "ponderhit",
    ]
    .map(String::from)
    .to_vec();
    for variant in VariantId::ALL {
        let info = variant.info();
        lines.push(format!("setoption name UCI_Variant value {}", info.name));
        lines.push(format!("position fen {}", info.start_fen));
        // A short game of the variant, as a `position` line to mutate.
        let mut pos = AnyPosition::startpos(variant, false);
        let mut moves = Vec::new();
        for i in 0..8 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[(i * 7) % legal.len()];
            moves.push(pos.move_to_uci(m));
            pos.make_move(m);
        }
        lines.push(format!("position fen {} moves {}", info.start_fen, moves.join(" ")));
        lines.push(format!("position fen {}", pos.fen()));
    }
    lines
}

const NOISE: &[u8] = b" -+/0123456789abcdefghkmnpqrwxyzKQRBNPLHJDMCIA[]@*#=~";

/// The fuzzer's line of round `round`: noise every tenth round, otherwise a corpus line,
/// mutated three rounds in four.
fn fuzz_line(rng: &mut Rng, corpus: &[String], round: usize) -> Vec<u8> {
    if round.is_multiple_of(10) {
        (0..rng.below(30)).map(|_| *rng.pick(NOISE)).collect()
    } else {
        let line = rng.pick(corpus).clone();
        if round.is_multiple_of(4) {
            line.into_bytes()
        } else {
            mutate(rng, corpus, &line)
        }
    }
}

fn mutate(rng: &mut Rng, corpus: &[String], line: &str) -> Vec<u8> {
    let mut bytes = line.as_bytes().to_vec();
    for _ in 0..=rng.below(3) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(7) {
            0 if !bytes.is_empty() => {
                bytes.remove(at.min(bytes.len() - 1));
            }
            1 => bytes.insert(at, *rng.pick(NOISE)),
            2 if !bytes.is_empty() => {
                let i = at.min(bytes.len() - 1);
                bytes[i] = *rng.pick(NOISE);
            }
            3 => bytes.truncate(at.max(1)),
            4 => bytes.insert(at, [0xff_u8, 0xc3, 0x00, b'\t'][rng.below(4)]),
            5 => {
                // Swap in a digit run (huge numbers, zero, negative).
                let number = ["0", "-1", "99999999999999999999", "7", "10"][rng.below(5)];
                bytes.splice(at..at, number.bytes());
            }
            _ => {
                let other = rng.pick(corpus);
                let words: Vec<&str> = other.split(' ').collect();
                let word = rng.pick(&words).as_bytes().to_vec();
                bytes.splice(at..at, word.into_iter().chain([b' ']));
            }
        }
    }
    bytes
}

/// Whether the engine must report a problem with this `position` command.
fn position_is_bad(model: &Model, setup: &PositionSetup, moves: &[String]) -> bool {
    let info = model.variant.info();
    let fen = match setup {
        PositionSetup::Startpos => info.start_fen.to_string(),
        PositionSetup::Fen(fen) => fen.clone(),
        PositionSetup::Sfen(sfen) => match usi::sfen_to_fen(sfen, info.pocket > 0) {
            Ok(fen) => fen,
            Err(_) => return true,
        },
    };
    let Ok(mut pos) = AnyPosition::from_fen(model.variant, &fen, model.chess960) else {
        return true;
    };
    let size = BoardSize { files: info.files, ranks: info.ranks };
    for text in moves {
        let uci = match model.protocol {
            Protocol::Usi => match usi::move_from_usi(text, size) {
                Ok(uci) => uci,
                Err(_) => return true,
            },
            _ => text.clone(),
        };
        match pos.parse_uci_move(&uci) {
            Ok(m) => pos.make_move(m),
            Err(_) => return true,
        }
    }
    false
}

fn is_search_output(line: &str) -> bool {
    line.starts_with("info depth")
        || line.starts_with("bestmove")
        || line.starts_with("info currmove")
}

#[test]
fn random_and_mutated_lines_are_answered() {
    let checked_errors = fuzz_lines(700, &[]);
    assert!(checked_errors > 50, "only {checked_errors} malformed lines were checked");
}

#[test]
#[should_panic(expected = "BUG: panic while reading FEN")]
fn a_panic_reading_a_fen_fails_the_fuzz_test() {
    fuzz_lines(200, &[("EKUMEN_TEST_PANIC", "FEN")]);
}

#[test]
#[should_panic(expected = "BUG: panic while reading move")]
fn a_panic_reading_a_move_fails_the_fuzz_test() {
    fuzz_lines(200, &[("EKUMEN_TEST_PANIC", "move")]);
}

/// Feeds `rounds` random, mutated or corpus lines to an engine started with `env` and
/// checks every answer; returns how many malformed lines had their error checked.
fn fuzz_lines(rounds: usize, env: &[(&str, &str)]) -> usize {
    let corpus = corpus();
    let mut rng = Rng::new(0xC0FF_EE00_1234_5678);
    let mut engine = Engine::start_with_env(&[], env);
    let banner = engine.line();
    assert!(banner.starts_with("Ekumen "), "banner: {banner}");
    let mut model = Model { protocol: Protocol::Uci, variant: VariantId::Chess, chess960: false };
    let mut checked_errors = 0;
    for round in 0..rounds {
        let bytes = fuzz_line(&mut rng, &corpus, round);
        let bytes: Vec<u8> = bytes.into_iter().filter(|&b| b != b'\n' && b != b'\r').collect();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let parsed = parse_command(&text, model.protocol);
        // Never quit, never write files, stay in UCI/USI.
        match &parsed {
            Ok(Some(Command::Quit | Command::Hello(Protocol::Xboard))) => continue,
            Ok(Some(Command::SetOption { name, .. }))
                if options::find(name).is_some_and(|s| s.name == "Debug Log File") =>
            {
                continue
            }
            _ => {}
        }
        let mut line_bytes = bytes.clone();
        line_bytes.push(b'\n');
        engine.send_bytes(&line_bytes);
        let starts_work =
            matches!(parsed, Ok(Some(Command::Go(_) | Command::Perft(_) | Command::Bench { .. })));
        if starts_work {
            engine.send("stop");
            let done = |l: &str| {
                l.starts_with("bestmove")
                    || l.starts_with("Nodes searched")
                    || l == "info string perft stopped"
                    || l.ends_with(" nps")
            };
            engine.until(done);
        }
        if matches!(parsed, Ok(Some(Command::IsReady))) {
            engine.until(|l| l == "readyok");
        }
        let output = engine.sync();
        let reports: Vec<&String> = output.iter().filter(|l| !is_search_output(l)).collect();
        let complaints: Vec<&&String> = reports
            .iter()
            .filter(|l| {
                (l.starts_with("info string ") && !l.starts_with("info string variant "))
                    || l.starts_with("Unknown command: ")
                    || l.starts_with("No such option: ")
            })
            .collect();
        engine.assert_no_bugs();
        let check = |ok: bool| {
            if !ok {
                engine.fail(&format!("{text:?}: {output:?}"));
            }
        };
        match &parsed {
            Err(error) => {
                check(complaints.len() == 1);
                check(complaints[0].as_str() == error.to_string());
                checked_errors += 1;
            }
            Ok(Some(Command::Position { setup, moves })) => {
                let bad = position_is_bad(&model, setup, moves);
                check(complaints.len() == usize::from(bad));
            }
            Ok(Some(Command::SetOption { name, value })) => {
                let Some(spec) = options::find(name) else {
                    check(complaints.len() == 1);
                    continue;
                };
                match options::parse_value(spec, value.as_deref()) {
                    Err(_) => check(complaints.len() == 1),
                    Ok(OptionValue::Combo(variant)) => {
                        model.variant = VariantId::from_name(&variant).expect("a variant");
                        check(complaints.is_empty());
                    }
                    Ok(OptionValue::Check(on)) if spec.name == "UCI_Chess960" => {
                        model.chess960 = on;
                    }
                    Ok(_) => check(complaints.len() <= 1),
                }
            }
            Ok(Some(Command::Hello(protocol))) => {
                if *protocol != Protocol::Xboard {
                    model.protocol = *protocol;
                }
            }
            Ok(_) => {}
        }
    }
    assert!(engine.quit().success());
    checked_errors
}

/// The long fuzz run, outside `make test` (docs/testing.md has its figure):
/// `EKUMEN_FUZZ_LINES` lines (a million unless set) of the same random, mutated and corpus
/// lines, in batches of 1,000, each batch starting in the next of the five variants. No
/// answer is checked line by line (`random_and_mutated_lines_are_answered` does that):
/// after each batch the engine must answer `isready` within a minute, and it must never
/// report a panic.
///
/// `cargo test --release -p ekumen --test protocol_fuzz -- --ignored --nocapture`
#[test]
#[ignore = "the long fuzz run: minutes"]
fn a_million_lines_across_the_variants() {
    const BATCH: usize = 1_000;
    let total: usize =
        std::env::var("EKUMEN_FUZZ_LINES").ok().and_then(|n| n.parse().ok()).unwrap_or(1_000_000);
    let corpus = corpus();
    let mut rng = Rng::new(0x1_000_000);
    let mut engine = Engine::start();
    let started = std::time::Instant::now();
    let mut sent = 0;
    for batch in 0..total.div_ceil(BATCH) {
        let variant = VariantId::ALL[batch % VariantId::ALL.len()];
        engine.send("uci");
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        for round in 0..BATCH.min(total - sent) {
            let bytes = fuzz_line(&mut rng, &corpus, round);
            let mut bytes: Vec<u8> =
                bytes.into_iter().filter(|&b| b != b'\n' && b != b'\r').collect();
            let text = String::from_utf8_lossy(&bytes).into_owned();
            // Never quit, never write files, stay in UCI/USI.
            let parsed = parse_command(&text, Protocol::Uci);
            let parsed_usi = parse_command(&text, Protocol::Usi);
            let unwanted = |parsed: &Result<Option<Command>, _>| match parsed {
                Ok(Some(Command::Quit | Command::Hello(Protocol::Xboard))) => true,
                Ok(Some(Command::SetOption { name, .. })) => {
                    options::find(name).is_some_and(|s| s.name == "Debug Log File")
                }
                _ => false,
            };
            if unwanted(&parsed) || unwanted(&parsed_usi) || text.contains("quit") {
                continue;
            }
            bytes.push(b'\n');
            engine.send_bytes(&bytes);
            let starts_work = |parsed: &Result<Option<Command>, _>| {
                matches!(
                    parsed,
                    Ok(Some(Command::Go(_) | Command::Perft(_) | Command::Bench { .. }))
                )
            };
            if starts_work(&parsed) || starts_work(&parsed_usi) {
                engine.send("stop");
            }
            sent += 1;
        }
        // `isready` is answered at once even while a perft or bench holds the lines behind
        // it, so the batch's end is marked by a position only this batch sets, displayed.
        engine.send("stop");
        let info = variant.info();
        let start: Vec<&str> = info.start_fen.split(' ').collect();
        let marker =
            format!("{} {} {} {} 0 {}", start[0], start[1], start[2], start[3], 1000 + batch);
        engine.send("uci");
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        engine.send("setoption name UCI_Chess960 value false");
        engine.send(&format!("position fen {marker}"));
        engine.send("d");
        let within_a_minute = |engine: &mut Engine, wanted: &dyn Fn(&str) -> bool, what: &str| {
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
            loop {
                let left = deadline.saturating_duration_since(std::time::Instant::now());
                match engine.try_line(left) {
                    Some(line) if wanted(&line) => break,
                    Some(_) => {}
                    None => engine.fail(&format!("batch {batch}: no {what} within a minute")),
                }
            }
        };
        // The hands may come back in another order; the move number is the batch's.
        let number = format!(" 0 {}", 1000 + batch);
        let marked = |l: &str| l.starts_with("Fen: ") && l.ends_with(&number);
        within_a_minute(&mut engine, &marked, &format!("'Fen: {marker}'"));
        engine.send("isready");
        within_a_minute(&mut engine, &|l: &str| l == "readyok", "readyok");
        // Keep the transcript of the last batch only.
        let kept = engine.transcript.len().saturating_sub(4 * BATCH);
        engine.transcript.drain(..kept);
        engine.assert_no_bugs();
    }
    let elapsed = started.elapsed();
    println!("{sent} lines in {} batches, {elapsed:?}", total.div_ceil(BATCH));
    assert!(engine.quit().success());
}

/// Random FENs built from each variant's own letters, fed straight to `position fen`.
#[test]
fn random_fens_are_answered_or_accepted() {
    let mut rng = Rng::new(42);
    let mut engine = Engine::start();
    for variant in VariantId::ALL {
        engine.ask(&format!("setoption name UCI_Variant value {variant}"));
        let info = variant.info();
        let letters: Vec<char> = info
            .start_fen
            .split(' ')
            .next()
            .unwrap()
            .chars()
            .filter(|c| c.is_ascii_alphabetic())
            .collect();
        for _ in 0..60 {
            let mut ranks = Vec::new();
            for _ in 0..info.ranks + u8::from(rng.below(8) == 0) {
                let mut rank = String::new();
                let mut files = 0;
                while files < info.files + u8::from(rng.below(20) == 0) {
                    if rng.below(3) == 0 {
                        let run = 1 + rng.below((info.files - files.min(info.files - 1)) as usize);
                        rank += &run.to_string();
                        files += run as u8;
                    } else {
                        if rng.below(10) == 0 {
                            rank.push('+');
                        }
                        rank.push(*rng.pick(&letters));
                        files += 1;
                    }
                }
                ranks.push(rank);
            }
            let hand = if info.pocket > 0 { "[Mm]" } else { "" };
            let side = ["w", "b", "x"][rng.below(3)];
            let fen = format!("{}{hand} {side} - - 0 1", ranks.join("/"));
            let model = Model { protocol: Protocol::Uci, variant, chess960: false };
            let bad = position_is_bad(&model, &PositionSetup::Fen(fen.clone()), &[]);
            let answer = engine.ask(&format!("position fen {fen}"));
            engine.assert_no_bugs();
            if answer.len() != usize::from(bad) {
                engine.fail(&format!("{fen}: {answer:?}"));
            }
            if !bad {
                // The engine can search and display any position it accepted.
                engine.send("go depth 1");
                engine.search_output();
                assert!(engine.ask("d").iter().any(|l| l.starts_with("Fen: ")));
            }
        }
    }
    assert!(engine.quit().success());
}

/// Chess positions with mutated FENs and moves.
fn mutated_chess_positions(rng: &mut Rng, count: usize) -> Vec<String> {
    const BASES: [(&str, &str); 4] = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1",
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "e1c1 h3g2 d5e6 g2h1q",
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "e2e4 f4e3 g2g4 h4g3"),
        ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6 g8f6 f6g7"),
    ];
    const NOISE: &[u8] = b" -/012345678abcdefghknpqrKQRBNP";
    let mut mutate = |text: &str| {
        let mut bytes = text.as_bytes().to_vec();
        for _ in 0..=rng.below(2) {
            let at = rng.below(bytes.len() + 1);
            match rng.below(3) {
                0 if !bytes.is_empty() => {
                    bytes.remove(at.min(bytes.len() - 1));
                }
                1 => bytes.insert(at, *rng.pick(NOISE)),
                _ if !bytes.is_empty() => {
                    let i = at.min(bytes.len() - 1);
                    bytes[i] = *rng.pick(NOISE);
                }
                _ => {}
            }
        }
        String::from_utf8(bytes).expect("ASCII")
    };
    (0..count)
        .map(|i| {
            let (fen, moves) = BASES[i / 4 % BASES.len()];
            let prefix: Vec<&str> = moves.split(' ').take(1 + i / 16 % 7).collect();
            match i % 4 {
                0 => format!("position fen {}", mutate(fen)),
                1 => format!("position fen {fen} moves {}", mutate(&prefix.join(" "))),
                2 => format!("position fen {} moves {}", mutate(fen), prefix.join(" ")),
                _ => format!("position fen {fen} moves {}", prefix.join(" ")),
            }
        })
        .collect()
}

/// Mutated chess positions, judged by python-chess rather than by Ekumen's own rules: the
/// engine complains exactly about those python-chess finds bad, and reaches the position
/// python-chess reaches from the others (pieces, side to move, castling, en passant and
/// both counters).
#[test]
fn chess_positions_are_judged_as_python_chess_judges_them() {
    let Some(python) = ekumen_tests::python::project_python(
        "chess",
        "chess positions cannot be judged by python-chess",
    ) else {
        return;
    };
    let mut rng = Rng::new(0x5EED_CE55);
    let mut engine = Engine::start();
    engine.ask("uci");
    let mut queries = Vec::new();
    for line in mutated_chess_positions(&mut rng, 400) {
        let Ok(Some(Command::Position { setup: PositionSetup::Fen(fen), moves })) =
            parse_command(&line, Protocol::Uci)
        else {
            continue;
        };
        let complaints = engine.ask(&line);
        engine.assert_no_bugs();
        // A refused command leaves the last position; only an accepted one is compared.
        let reached = if complaints.is_empty() { engine.fen() } else { String::new() };
        let query = format!("{fen}\t{}\t{reached}\n", moves.join(" "));
        queries.push((line, complaints, query));
    }
    let judge =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/judges/chess_positions.py");
    let mut child = std::process::Command::new(python)
        .arg(judge)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python runs");
    let input: String = queries.iter().map(|(_, _, query)| query.as_str()).collect();
    let mut stdin = child.stdin.take().expect("piped stdin");
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        stdin.write_all(input.as_bytes()).expect("the judge reads");
    });
    let output = child.wait_with_output().expect("the judge answers");
    writer.join().expect("written");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let verdicts: Vec<String> =
        String::from_utf8_lossy(&output.stdout).lines().map(str::to_string).collect();
    assert_eq!(verdicts.len(), queries.len());
    let (mut bad, mut compared) = (0, 0);
    let mut failures = Vec::new();
    for ((line, complaints, _), verdict) in queries.iter().zip(&verdicts) {
        let judged_bad = verdict == "bad";
        if complaints.len() != usize::from(judged_bad) {
            failures.push(format!("{line}: python-chess says {verdict}, Ekumen {complaints:?}"));
        } else if !judged_bad && verdict != "good" {
            failures.push(format!("{line}: {verdict}"));
        }
        bad += usize::from(judged_bad);
        compared += usize::from(!judged_bad);
    }
    assert!(
        failures.is_empty(),
        "{} of {}:\n{}",
        failures.len(),
        queries.len(),
        failures.join("\n")
    );
    // Both kinds are well represented.
    assert!(bad > 50 && compared > 50, "{bad} bad, {compared} compared");
    assert!(engine.quit().success());
}
