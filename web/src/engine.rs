//! Engine processes, one per page: each page opens a session, which starts the native
//! engine as a child and speaks UCI to it as any GUI does (`uci`, `setoption`,
//! `ucinewgame`, `isready`, `position`, `go`, `stop`). What the engine prints is queued
//! for the page's event stream; an engine that exits is reported there, and the page can
//! restart it. A session whose page has gone (no event stream for [`IDLE_LIMIT`]) is
//! closed and its engine ended, so closed tabs give their engine slots back.

use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use crate::http::json_string;

/// How long a session lives without a page listening to it.
pub const IDLE_LIMIT: Duration = Duration::from_secs(30);
/// How long the engine may take to answer `uci`, `isready` or `stop`.
const ANSWER_TIME: Duration = Duration::from_secs(10);

/// Where the engine is and how many may run at once.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    pub path: PathBuf,
    pub max_sessions: usize,
}

/// What a page asks an engine to search.
#[derive(Debug, Default, Clone)]
pub struct SearchRequest {
    pub variant: String,
    /// The start FEN as the rules module normalised it, and the moves since.
    pub fen: String,
    pub moves: Vec<String>,
    /// `Skill Level` (-20..20), or `UCI_Elo` when set.
    pub skill: Option<i32>,
    pub elo: Option<i32>,
    pub multipv: u32,
    /// The rest of the `go` command: `infinite`, `movetime 500`, `wtime .. btime ..`.
    pub limits: String,
    pub analyse: bool,
    pub new_game: bool,
}

/// All sessions of the server.
#[derive(Debug)]
pub struct Sessions {
    config: EngineConfig,
    open: Mutex<OpenSessions>,
}

#[derive(Debug, Default)]
struct OpenSessions {
    last_id: u64,
    by_id: HashMap<u64, Arc<Session>>,
}

#[derive(Debug)]
pub struct Session {
    pub id: u64,
    state: Mutex<State>,
    changed: Condvar,
}

#[derive(Debug)]
struct State {
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    /// Counts the processes started, so that a dead process's reader cannot speak for
    /// the one that replaced it.
    generation: u64,
    alive: bool,
    uciok: bool,
    readyok: u64,
    searching: bool,
    search: u64,
    applied: HashMap<String, String>,
    events: VecDeque<(&'static str, String)>,
    listening: bool,
    unheard_since: Instant,
    closed: bool,
}

/// Why a session request failed, as shown to the user.
#[derive(Debug)]
pub struct EngineError {
    pub status: u16,
    pub message: String,
}

fn error(status: u16, message: impl Into<String>) -> EngineError {
    EngineError { status, message: message.into() }
}

impl Sessions {
    pub fn new(config: EngineConfig) -> Arc<Sessions> {
        let sessions = Arc::new(Sessions { config, open: Mutex::new(OpenSessions::default()) });
        let weak = Arc::downgrade(&sessions);
        thread::spawn(move || {
            while let Some(sessions) = weak.upgrade() {
                sessions.close_unheard();
                drop(sessions);
                thread::sleep(Duration::from_secs(1));
            }
        });
        sessions
    }

    /// Opens a session and starts its engine.
    ///
    /// # Errors
    /// The limit of engines reached, or the engine failing to start.
    pub fn open(&self) -> Result<Arc<Session>, EngineError> {
        let session = {
            let mut open = self.open.lock().unwrap();
            if open.by_id.len() >= self.config.max_sessions {
                return Err(error(
                    503,
                    format!(
                        "All {} engines are in use by other pages; close one and retry.",
                        self.config.max_sessions
                    ),
                ));
            }
            open.last_id += 1;
            let id = open.last_id;
            let session = Arc::new(Session::new(id));
            open.by_id.insert(id, session.clone());
            session
        };
        if let Err(e) = session.start(&self.config) {
            self.close(session.id);
            return Err(e);
        }
        Ok(session)
    }

    pub fn get(&self, id: u64) -> Option<Arc<Session>> {
        self.open.lock().unwrap().by_id.get(&id).cloned()
    }

    pub fn close(&self, id: u64) {
        let session = self.open.lock().unwrap().by_id.remove(&id);
        if let Some(session) = session {
            session.shut_down();
        }
    }

    pub fn restart(&self, session: &Arc<Session>) -> Result<(), EngineError> {
        session.start(&self.config)
    }

    fn close_unheard(&self) {
        let idle: Vec<u64> = {
            let open = self.open.lock().unwrap();
            open.by_id
                .values()
                .filter(|s| {
                    let state = s.state.lock().unwrap();
                    !state.listening && state.unheard_since.elapsed() > IDLE_LIMIT
                })
                .map(|s| s.id)
                .collect()
        };
        for id in idle {
            log::info!("session {id}: no page listens; closing it");
            self.close(id);
        }
    }
}

impl Drop for Sessions {
    fn drop(&mut self) {
        for session in self.open.get_mut().unwrap().by_id.values() {
            session.shut_down();
        }
    }
}

impl Session {
    fn new(id: u64) -> Session {
        Session {
            id,
            state: Mutex::new(State {
                child: None,
                stdin: None,
                generation: 0,
                alive: false,
                uciok: false,
                readyok: 0,
                searching: false,
                search: 0,
                applied: HashMap::new(),
                events: VecDeque::new(),
                listening: false,
                unheard_since: Instant::now(),
                closed: false,
            }),
            changed: Condvar::new(),
        }
    }

    /// Starts (or restarts) the engine and waits for `uciok`.
    fn start(self: &Arc<Self>, config: &EngineConfig) -> Result<(), EngineError> {
        let mut state = self.state.lock().unwrap();
        kill(&mut state);
        let mut child = Command::new(&config.path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                error(500, format!("Cannot start the engine {}: {e}", config.path.display()))
            })?;
        let stdout = child.stdout.take().expect("piped stdout");
        state.stdin = child.stdin.take();
        state.child = Some(child);
        state.generation += 1;
        state.alive = true;
        state.uciok = false;
        state.searching = false;
        state.applied.clear();
        let generation = state.generation;
        drop(state);
        self.spawn_reader(stdout, generation);

        let mut state = self.state.lock().unwrap();
        send(&mut state, "uci");
        let (mut state, _) =
            self.changed.wait_timeout_while(state, ANSWER_TIME, |s| s.alive && !s.uciok).unwrap();
        if !state.uciok {
            kill(&mut state);
            return Err(error(500, "The engine did not answer 'uci'."));
        }
        state.events.push_back(("ready", "{}".to_string()));
        self.changed.notify_all();
        Ok(())
    }

    /// Reads the engine's output until it exits. The thread holds the session until
    /// then; closing the session ends the process, and so the thread.
    fn spawn_reader(self: &Arc<Self>, stdout: std::process::ChildStdout, generation: u64) {
        let session = Arc::clone(self);
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                session.on_line(generation, line.trim_end());
            }
            session.on_exit(generation);
        });
    }

    fn on_line(&self, generation: u64, line: &str) {
        let mut state = self.state.lock().unwrap();
        if state.generation != generation {
            return;
        }
        let word = line.split_whitespace().next().unwrap_or_default();
        match word {
            "uciok" => state.uciok = true,
            "readyok" => state.readyok += 1,
            "bestmove" => state.searching = false,
            _ => {}
        }
        if matches!(word, "info" | "bestmove") {
            let data = format!("{{\"search\":{},\"line\":{}}}", state.search, json_string(line));
            state.events.push_back(("uci", data));
        }
        self.changed.notify_all();
    }

    fn on_exit(&self, generation: u64) {
        let mut state = self.state.lock().unwrap();
        if state.generation != generation || state.closed {
            return;
        }
        let status = state.child.as_mut().and_then(|c| c.wait().ok());
        let how = status.map_or("it stopped".to_string(), |s| s.to_string());
        log::warn!("session {}: the engine died ({how})", self.id);
        state.alive = false;
        state.searching = false;
        state.child = None;
        state.stdin = None;
        let message = format!("The engine stopped ({how}).");
        state.events.push_back(("dead", format!("{{\"message\":{}}}", json_string(&message))));
        self.changed.notify_all();
    }

    fn shut_down(&self) {
        let mut state = self.state.lock().unwrap();
        state.closed = true;
        kill(&mut state);
        self.changed.notify_all();
    }

    /// Stops any search, sets the options that differ, sends the position and starts the
    /// search. Returns the search's number, which tags its `info` lines.
    ///
    /// # Errors
    /// The engine is dead or does not answer.
    pub fn go(&self, request: &SearchRequest) -> Result<u64, EngineError> {
        let mut state = self.stop_and_wait(self.state.lock().unwrap())?;
        let mut options = vec![
            ("UCI_Variant", request.variant.clone()),
            ("MultiPV", request.multipv.max(1).to_string()),
            ("UCI_AnalyseMode", request.analyse.to_string()),
            ("UCI_LimitStrength", request.elo.is_some().to_string()),
        ];
        match request.elo {
            Some(elo) => options.push(("UCI_Elo", elo.to_string())),
            None => options.push(("Skill Level", request.skill.unwrap_or(20).to_string())),
        }
        let variant_changed = state.applied.get("UCI_Variant") != Some(&request.variant);
        for (name, value) in options {
            if state.applied.get(name) != Some(&value) {
                send(&mut state, &format!("setoption name {name} value {value}"));
                state.applied.insert(name.to_string(), value);
            }
        }
        if request.new_game || variant_changed {
            send(&mut state, "ucinewgame");
        }
        let mut state = self.ready(state)?;
        let moves = if request.moves.is_empty() {
            String::new()
        } else {
            format!(" moves {}", request.moves.join(" "))
        };
        send(&mut state, &format!("position fen {}{moves}", request.fen));
        state.search += 1;
        state.searching = true;
        send(&mut state, format!("go {}", request.limits).trim());
        if !state.alive {
            return Err(error(409, "The engine stopped; restart it."));
        }
        Ok(state.search)
    }

    /// Ends the running search; its `bestmove` still arrives.
    pub fn stop(&self) -> Result<(), EngineError> {
        let mut state = self.state.lock().unwrap();
        if !state.alive {
            return Err(error(409, "The engine stopped; restart it."));
        }
        if state.searching {
            send(&mut state, "stop");
        }
        Ok(())
    }

    fn stop_and_wait<'a>(
        &'a self,
        mut state: MutexGuard<'a, State>,
    ) -> Result<MutexGuard<'a, State>, EngineError> {
        if !state.alive {
            return Err(error(409, "The engine stopped; restart it."));
        }
        if state.searching {
            send(&mut state, "stop");
            let (waited, _) = self
                .changed
                .wait_timeout_while(state, ANSWER_TIME, |s| s.alive && s.searching)
                .unwrap();
            state = waited;
            if state.searching {
                return Err(error(500, "The engine did not stop its search."));
            }
        }
        Ok(state)
    }

    fn ready<'a>(
        &'a self,
        mut state: MutexGuard<'a, State>,
    ) -> Result<MutexGuard<'a, State>, EngineError> {
        let before = state.readyok;
        send(&mut state, "isready");
        let (state, _) = self
            .changed
            .wait_timeout_while(state, ANSWER_TIME, |s| s.alive && s.readyok == before)
            .unwrap();
        if !state.alive {
            return Err(error(409, "The engine stopped; restart it."));
        }
        if state.readyok == before {
            return Err(error(500, "The engine did not answer 'isready'."));
        }
        Ok(state)
    }

    /// Waits for the next events for the page, up to `wait`; `None` once the session is
    /// closed.
    pub fn next_events(&self, wait: Duration) -> Option<Vec<(&'static str, String)>> {
        let state = self.state.lock().unwrap();
        let (mut state, _) = self
            .changed
            .wait_timeout_while(state, wait, |s| s.events.is_empty() && !s.closed)
            .unwrap();
        if state.closed {
            return None;
        }
        Some(state.events.drain(..).collect())
    }

    /// Marks whether a page listens to this session's events.
    pub fn set_listening(&self, listening: bool) {
        let mut state = self.state.lock().unwrap();
        state.listening = listening;
        state.unheard_since = Instant::now();
    }
}

/// Writes a command to the engine; a failed write means the engine has gone, which its
/// reader reports.
fn send(state: &mut State, command: &str) {
    log::debug!("> {command}");
    let written = match state.stdin.as_mut() {
        Some(stdin) => writeln!(stdin, "{command}").and_then(|()| stdin.flush()).is_ok(),
        None => false,
    };
    if !written {
        state.alive = false;
    }
}

fn kill(state: &mut State) {
    state.stdin = None;
    if let Some(mut child) = state.child.take() {
        let _ = child.kill();
        let _ = child.wait();
    }
    state.alive = false;
    state.searching = false;
}
