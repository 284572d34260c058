//! One UCI engine as a child process, with a deadline on everything it is asked.
//!
//! The engine's stdout is read on its own thread, which stamps each line with the instant
//! it arrived and passes it through a channel; the game thread waits on that channel with
//! a timeout. So a hung engine costs a timeout, never a blocked runner, and the time an
//! engine used is measured from when its `bestmove` arrived, not from when the game
//! thread got round to reading it. The engine's stderr goes to the log (debug level).
//!
//! When the output ends, the process has crashed (killed by a signal or exited with a
//! failure status) or disconnected (exited cleanly, or closed its output while running);
//! [`EngineProcess::departure`] tells which. Dropping an [`EngineProcess`] kills the
//! process if it is still running, so no engine outlives its game.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use ekumen_movegen::VariantId;

use crate::config::EngineSpec;

/// What came from the engine's stdout.
#[derive(Debug)]
enum Event {
    Line(Instant, String),
    Closed,
}

/// How an engine went away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Departure {
    /// Killed by a signal or exited with a failure status.
    Crashed(String),
    /// Exited cleanly or stopped talking.
    Disconnected(String),
}

/// Why an answer did not come.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WaitError {
    /// The deadline passed first.
    Timeout,
    Gone(Departure),
}

/// A line that arrived, with its arrival time.
#[derive(Clone, Debug)]
pub struct Received {
    pub at: Instant,
    pub line: String,
}

/// A running UCI engine.
#[derive(Debug)]
pub struct EngineProcess {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    events: Receiver<Event>,
    /// Set once the output has ended.
    departure: Option<Departure>,
}

impl EngineProcess {
    /// Starts the engine's process (no UCI yet).
    ///
    /// # Errors
    /// Why the process could not be started.
    pub fn spawn(spec: &EngineSpec) -> Result<EngineProcess, String> {
        let mut command = Command::new(&spec.command);
        command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = &spec.working_dir {
            command.current_dir(dir);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", spec.command.display()))?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        let (sender, events) = mpsc::channel();
        let name = spec.name.clone();
        let reader_name = name.clone();
        thread::Builder::new()
            .name(format!("{name} stdout"))
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buffer = Vec::new();
                loop {
                    buffer.clear();
                    match reader.read_until(b'\n', &mut buffer) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let at = Instant::now();
                            let line = String::from_utf8_lossy(&buffer);
                            let line = line.trim_end_matches(['\n', '\r']).to_string();
                            log::debug!("{reader_name} > {line}");
                            if sender.send(Event::Line(at, line)).is_err() {
                                return;
                            }
                        }
                    }
                }
                let _ = sender.send(Event::Closed);
            })
            .map_err(|e| format!("cannot start a reader thread: {e}"))?;
        let stderr_name = name.clone();
        thread::Builder::new()
            .name(format!("{name} stderr"))
            .spawn(move || {
                for line in BufReader::new(stderr).lines() {
                    match line {
                        Ok(line) => log::debug!("{stderr_name} stderr: {line}"),
                        Err(_) => break,
                    }
                }
            })
            .map_err(|e| format!("cannot start a reader thread: {e}"))?;
        let stdin = child.stdin.take();
        Ok(EngineProcess { name, child, stdin, events, departure: None })
    }

    /// Sends one line.
    ///
    /// # Errors
    /// The engine is gone (its input pipe is closed).
    pub fn send(&mut self, line: &str) -> Result<(), Departure> {
        if let Some(departure) = &self.departure {
            return Err(departure.clone());
        }
        log::debug!("{} < {line}", self.name);
        let written = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|()| stdin.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        match written {
            Ok(()) => Ok(()),
            Err(_) => {
                self.stdin = None;
                let departure = self.departure();
                self.departure = Some(departure.clone());
                Err(departure)
            }
        }
    }

    /// Reads lines until `wanted` accepts one (which is returned) or `deadline` passes.
    /// Every line, the accepted one included, is shown to `seen` first.
    ///
    /// # Errors
    /// [`WaitError::Timeout`] or [`WaitError::Gone`].
    pub fn wait_for(
        &mut self,
        deadline: Instant,
        mut seen: impl FnMut(&str),
        mut wanted: impl FnMut(&str) -> bool,
    ) -> Result<Received, WaitError> {
        if let Some(departure) = &self.departure {
            return Err(WaitError::Gone(departure.clone()));
        }
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(left) {
                Ok(Event::Line(at, line)) => {
                    seen(&line);
                    if wanted(&line) {
                        return Ok(Received { at, line });
                    }
                }
                Ok(Event::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    let departure = self.departure();
                    self.departure = Some(departure.clone());
                    return Err(WaitError::Gone(departure));
                }
                Err(RecvTimeoutError::Timeout) => return Err(WaitError::Timeout),
            }
        }
    }

    /// Waits for a line whose first word is `word`.
    ///
    /// # Errors
    /// As [`Self::wait_for`].
    pub fn wait_for_word(&mut self, word: &str, timeout: Duration) -> Result<Received, WaitError> {
        let deadline = Instant::now() + timeout;
        self.wait_for(deadline, |_| {}, |line| line.split_whitespace().next() == Some(word))
    }

    /// Describes how the engine went away once its output has ended: waits briefly for the
    /// process to exit and reads its status.
    fn departure(&mut self) -> Departure {
        let deadline = Instant::now() + Duration::from_millis(500);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    return if status.success() {
                        Departure::Disconnected("the engine exited".to_string())
                    } else {
                        Departure::Crashed(describe_exit(status))
                    };
                }
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                Ok(None) => {
                    return Departure::Disconnected(
                        "the engine closed its connection but is still running".to_string(),
                    )
                }
                Err(e) => return Departure::Disconnected(format!("cannot read its status: {e}")),
            }
        }
    }

    /// The UCI handshake: `uci`/`uciok`, the options, the variant, `isready`/`readyok`.
    ///
    /// # Errors
    /// What went wrong, as a message.
    pub fn start_uci(
        &mut self,
        options: &[(String, String)],
        variant: VariantId,
        timeout: Duration,
    ) -> Result<(), String> {
        let gone = |d: Departure| describe_departure(&d);
        self.send("uci").map_err(gone)?;
        let mut offered_variants: Option<Vec<String>> = None;
        let deadline = Instant::now() + timeout;
        self.wait_for(
            deadline,
            |line| {
                if let Some(values) = variant_combo(line) {
                    offered_variants = Some(values);
                }
            },
            |line| line.trim() == "uciok",
        )
        .map_err(|e| self.wait_error_text(e, "uciok", timeout))?;
        for (name, value) in options {
            self.send(&format!("setoption name {name} value {value}")).map_err(gone)?;
        }
        let variant_name = variant.name();
        match &offered_variants {
            Some(values) => {
                let loads_variants = options.iter().any(|(name, _)| name == "VariantPath");
                if !values.iter().any(|v| v == variant_name) && !loads_variants {
                    log::warn!(
                        "{}: UCI_Variant does not list '{variant_name}'; trying anyway",
                        self.name
                    );
                }
                self.send(&format!("setoption name UCI_Variant value {variant_name}"))
                    .map_err(gone)?;
            }
            None if variant != VariantId::Chess => {
                return Err(format!("the engine has no UCI_Variant option for {variant_name}"));
            }
            None => {}
        }
        self.ready(timeout)
    }

    /// `isready` and its `readyok`.
    ///
    /// # Errors
    /// What went wrong, as a message.
    pub fn ready(&mut self, timeout: Duration) -> Result<(), String> {
        self.send("isready").map_err(|d| describe_departure(&d))?;
        self.wait_for_word("readyok", timeout)
            .map(|_| ())
            .map_err(|e| self.wait_error_text(e, "readyok", timeout))
    }

    fn wait_error_text(&self, error: WaitError, wanted: &str, timeout: Duration) -> String {
        match error {
            WaitError::Timeout => {
                format!("no {wanted} within {:.1} s", timeout.as_secs_f64())
            }
            WaitError::Gone(departure) => describe_departure(&departure),
        }
    }

    /// Ends the engine: `quit`, a short grace period, then kill.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_millis(1000);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        log::debug!("{} did not quit; killing it", self.name);
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The values of a `option name UCI_Variant type combo ... var X var Y` line.
fn variant_combo(line: &str) -> Option<Vec<String>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() < 3 || words[0] != "option" || words[1] != "name" || words[2] != "UCI_Variant" {
        return None;
    }
    Some(words.windows(2).filter(|w| w[0] == "var").map(|w| w[1].to_string()).collect())
}

pub fn describe_departure(departure: &Departure) -> String {
    match departure {
        Departure::Crashed(how) => format!("crashed ({how})"),
        Departure::Disconnected(how) => format!("disconnected ({how})"),
    }
}

#[cfg(unix)]
fn describe_exit(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit status {code}"),
        (None, Some(signal)) => format!("killed by signal {signal}"),
        (None, None) => status.to_string(),
    }
}

#[cfg(not(unix))]
fn describe_exit(status: std::process::ExitStatus) -> String {
    status.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_variant_combo() {
        let line = "option name UCI_Variant type combo default chess var chess var gothic";
        assert_eq!(variant_combo(line), Some(vec!["chess".to_string(), "gothic".to_string()]));
        assert_eq!(variant_combo("option name Hash type spin default 16"), None);
        assert_eq!(variant_combo("id name x"), None);
    }
}
