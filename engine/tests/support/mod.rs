//! Driving the `ekumen` binary from tests: spawn it, send lines, read its answers with
//! time limits, so a hang fails the test instead of stalling it.
//!
//! The engine's stderr is kept: a panic the engine survived (it reports `BUG: panic ...`,
//! in a search thread as in reading a command) or one that killed a thread fails the test
//! at `quit`, when the engine is dropped, or wherever a test calls
//! [`Engine::assert_no_bugs`].

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use ekumen_movegen::{AnyPosition, Rng};
use ekumen_nnue::features::Inputs;
use ekumen_nnue::file::{Activation, NetFile};
use ekumen_nnue::random_net::{random_net, Weights};

/// The path of the engine binary cargo built for these tests.
pub const ENGINE: &str = env!("CARGO_BIN_EXE_ekumen");

/// How long any single answer may take before the test fails.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(60);

/// A running engine process.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything the engine wrote to stderr so far.
    stderr: Arc<Mutex<Vec<String>>>,
    stderr_reader: Option<JoinHandle<()>>,
    /// Everything sent and received, for failure messages.
    pub transcript: Vec<String>,
}

/// Whether an stderr line reports a panic.
pub fn reports_bug(line: &str) -> bool {
    line.starts_with("BUG: ") || line.contains("panicked at")
}

impl Engine {
    /// Starts the engine with no arguments and reads its banner line.
    pub fn start() -> Engine {
        let mut engine = Engine::start_with(&[]);
        let banner = engine.line();
        assert!(banner.starts_with("Ekumen "), "banner: {banner}");
        engine
    }

    /// Starts the engine with `args` (the banner, if any, is left unread).
    pub fn start_with(args: &[&str]) -> Engine {
        Engine::start_with_env(args, &[])
    }

    /// Starts the engine with `args` and extra environment variables.
    pub fn start_with_env(args: &[&str], env: &[(&str, &str)]) -> Engine {
        let mut child = Command::new(ENGINE)
            .args(args)
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let stderr_pipe = child.stderr.take().expect("piped stderr");
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&stderr);
        let stderr_reader = thread::spawn(move || {
            for line in BufReader::new(stderr_pipe).lines() {
                let Ok(line) = line else { break };
                kept.lock().expect("stderr lines").push(line);
            }
        });
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
            stderr,
            stderr_reader: Some(stderr_reader),
            transcript: Vec::new(),
        }
    }

    /// The stderr lines so far that report a panic.
    pub fn bug_reports(&self) -> Vec<String> {
        let lines = self.stderr.lock().expect("stderr lines");
        lines.iter().filter(|l| reports_bug(l)).cloned().collect()
    }

    /// The panic reports so far, which the test expected (it asked for a panic): taken
    /// out of the record, so they do not fail the test.
    pub fn take_bug_reports(&mut self) -> Vec<String> {
        thread::sleep(Duration::from_millis(200));
        let mut lines = self.stderr.lock().expect("stderr lines");
        let (bugs, rest) = lines.drain(..).partition(|l| reports_bug(l));
        *lines = rest;
        bugs
    }

    /// Fails the test if the engine has reported a panic.
    pub fn assert_no_bugs(&self) {
        if self.bug_reports().is_empty() {
            return;
        }
        // A report comes in several lines (the panic, then the engine's own `BUG:` line),
        // and stderr may lag: take the whole of it before failing.
        thread::sleep(Duration::from_millis(200));
        let bugs = self.bug_reports();
        panic!("{}\n{}", bugs.join("\n"), self.transcript.join("\n"));
    }

    /// Fails the test with `message`, any panic the engine reported (its stderr may lag
    /// its stdout by a moment) and the transcript.
    pub fn fail(&self, message: &str) -> ! {
        thread::sleep(Duration::from_millis(200));
        let bugs = self.bug_reports().join("\n");
        panic!("{bugs}\n{message}\n{}", self.transcript.join("\n"));
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!(">> {line}"));
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{line}").expect("the engine reads its input");
        stdin.flush().expect("flush");
    }

    /// Sends raw bytes (for invalid UTF-8 and the like).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.transcript.push(format!(">> {:?}", String::from_utf8_lossy(bytes)));
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).expect("the engine reads its input");
        stdin.flush().expect("flush");
    }

    /// Closes the engine's stdin.
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line within `timeout`, or `None`.
    pub fn try_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(format!("<< {line}"));
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// The next line; fails the test after [`ANSWER_TIMEOUT`].
    pub fn line(&mut self) -> String {
        match self.try_line(ANSWER_TIMEOUT) {
            Some(line) => line,
            None => panic!("no answer from the engine\n{}", self.transcript.join("\n")),
        }
    }

    /// Asserts that the next line is `expected`.
    pub fn expect(&mut self, expected: &str) {
        let line = self.line();
        assert_eq!(line, expected, "\n{}", self.transcript.join("\n"));
    }

    /// Lines up to and including the first one for which `done` holds.
    pub fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.line();
            let finished = done(&line);
            lines.push(line);
            if finished {
                return lines;
            }
        }
    }

    /// Sends `isready` and returns every line before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until(|l| l == "readyok");
        lines.pop();
        lines
    }

    /// Sends `line`, then `isready`, and returns what the engine printed in between.
    pub fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.sync()
    }

    /// Asserts that nothing is printed for `quiet`.
    pub fn expect_silence(&mut self, quiet: Duration) {
        if let Some(line) = self.try_line(quiet) {
            panic!("unexpected output '{line}'\n{}", self.transcript.join("\n"));
        }
    }

    /// Lines until `bestmove`, returning (info lines, the bestmove line), without the
    /// notice of the evaluation in use that starts every search's output.
    pub fn search_output(&mut self) -> (Vec<String>, String) {
        let mut lines = self.until(|l| l.starts_with("bestmove"));
        let best = lines.pop().expect("a bestmove line");
        if lines.first().is_some_and(|l| is_evaluation_notice(l)) {
            lines.remove(0);
        }
        (lines, best)
    }

    /// The node count of the last `info` line that has one, in a search's output.
    pub fn nodes_searched(infos: &[String]) -> u64 {
        let last = infos.iter().rev().find(|i| i.contains(" nodes ")).expect("an info line");
        let nodes = last.split(' ').skip_while(|&w| w != "nodes").nth(1).expect("a count");
        nodes.parse().expect("a number")
    }

    /// The `Fen:` line of `d`.
    pub fn fen(&mut self) -> String {
        let lines = self.ask("d");
        let fen = lines.iter().find_map(|l| l.strip_prefix("Fen: "));
        fen.unwrap_or_else(|| panic!("no Fen line in {lines:?}")).to_string()
    }

    /// Sends `quit` and waits for the process to end.
    pub fn quit(mut self) -> ExitStatus {
        self.send("quit");
        self.close_input();
        self.wait()
    }

    /// Waits for the process to end (fails the test after [`ANSWER_TIMEOUT`], or if the
    /// engine reported a panic).
    pub fn wait(mut self) -> ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("the engine can be waited for") {
                if let Some(reader) = self.stderr_reader.take() {
                    let _ = reader.join();
                }
                self.assert_no_bugs();
                return status;
            }
            if start.elapsed() > ANSWER_TIMEOUT {
                let _ = self.child.kill();
                panic!("the engine did not exit\n{}", self.transcript.join("\n"));
            }
            thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Engine {
    /// Stops the engine, and fails a test that did not already fail if the engine reported
    /// a panic.
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        if !thread::panicking() && !self.bug_reports().is_empty() {
            self.assert_no_bugs();
        }
    }
}

/// The first illegal move of each `pv` in a search's UCI `info` lines, played from `root`
/// (every move of every line, every `multipv`): empty when all are legal.
pub fn illegal_lines(root: &AnyPosition, infos: &[String]) -> Vec<String> {
    let mut bad = Vec::new();
    for info in infos {
        let Some((_, pv)) = info.split_once(" pv ") else { continue };
        let mut pos = root.clone();
        for (ply, text) in pv.split(' ').enumerate() {
            match pos.parse_uci_move(text) {
                Ok(m) => pos.make_move(m),
                Err(e) => {
                    bad.push(format!(
                        "ply {} ({text}: {e}) of '{info}' from {}",
                        ply + 1,
                        root.fen()
                    ));
                    break;
                }
            }
        }
    }
    bad
}

/// Whether `line` is the notice of the evaluation a search uses, as Fairy-Stockfish prints
/// it on `go`.
pub fn is_evaluation_notice(line: &str) -> bool {
    line == "info string classical evaluation enabled"
        || line.starts_with("info string NNUE evaluation using ") && line.ends_with(" enabled")
}

/// A small random net for `V` named `name`: a file the engine loads like a trained one.
pub fn small_net<V: Inputs>(name: &str, seed: u64) -> NetFile {
    let mut net = random_net::<V>(
        &mut Rng::new(seed),
        32,
        2,
        Activation::SquaredClippedRelu,
        Weights::Trained,
    );
    net.name = name.to_string();
    net
}
