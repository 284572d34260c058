//! The engine's one way to speak: whole lines to stdout, shared by the command loop and the
//! search thread, optionally copied to the `Debug Log File`.
//!
//! Every line is written and flushed under one lock, so lines from the search thread and
//! the command loop never interleave. The log file gets the whole dialogue in
//! Fairy-Stockfish's form: `>> ` before what the GUI sent, `<< ` before what we answered.
//! Write errors (a GUI that closed its end) are ignored: the loop ends when stdin does.

use std::fs::File;
use std::io::{self, Write};
use std::sync::{Arc, Mutex, MutexGuard};

#[derive(Debug, Default)]
struct Sinks {
    log: Option<File>,
}

/// A cloneable handle on stdout and the dialogue log.
#[derive(Clone, Debug, Default)]
pub struct Output {
    sinks: Arc<Mutex<Sinks>>,
}

impl Output {
    pub fn new() -> Self {
        Output::default()
    }

    fn lock(&self) -> MutexGuard<'_, Sinks> {
        // A panic while holding the lock cannot leave the sinks inconsistent.
        self.sinks.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Prints `text` (one or more lines) followed by a newline.
    pub fn line(&self, text: &str) {
        let mut sinks = self.lock();
        let mut stdout = io::stdout().lock();
        let _ = writeln!(stdout, "{text}");
        let _ = stdout.flush();
        if let Some(log) = sinks.log.as_mut() {
            for line in text.split('\n') {
                let _ = writeln!(log, "<< {line}");
            }
            let _ = log.flush();
        }
    }

    /// Records a line the GUI sent (only in the dialogue log).
    pub fn log_input(&self, line: &str) {
        let mut sinks = self.lock();
        if let Some(log) = sinks.log.as_mut() {
            let _ = writeln!(log, ">> {line}");
            let _ = log.flush();
        }
    }

    /// Starts logging the dialogue to `path` (appending), or stops with `None`.
    ///
    /// # Errors
    /// The file cannot be opened; logging is then off.
    pub fn set_log_file(&self, path: Option<&str>) -> io::Result<()> {
        let mut sinks = self.lock();
        sinks.log = None;
        if let Some(path) = path {
            sinks.log = Some(File::options().create(true).append(true).open(path)?);
        }
        Ok(())
    }
}
