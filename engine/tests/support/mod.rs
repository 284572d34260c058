//! Driving the `ekumen` binary from tests: spawn it, send lines, read its answers with
//! time limits, so a hang fails the test instead of stalling it.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// The path of the engine binary cargo built for these tests.
pub const ENGINE: &str = env!("CARGO_BIN_EXE_ekumen");

/// How long any single answer may take before the test fails.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(60);

/// A running engine process.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything sent and received, for failure messages.
    pub transcript: Vec<String>,
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
        let mut child = Command::new(ENGINE)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
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
        Engine { child, stdin, lines, transcript: Vec::new() }
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

    /// Lines until `bestmove`, returning (info lines, the bestmove line).
    pub fn search_output(&mut self) -> (Vec<String>, String) {
        let mut lines = self.until(|l| l.starts_with("bestmove"));
        let best = lines.pop().expect("a bestmove line");
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

    /// Waits for the process to end (fails the test after [`ANSWER_TIMEOUT`]).
    pub fn wait(mut self) -> ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("the engine can be waited for") {
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
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
