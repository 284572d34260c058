//! The command loop's state and what each command does to it.
//!
//! A [`Session`] holds the protocol in use, the option values, the current variant and
//! position, the [`Searcher`] and at most one background job (a search, a perft or a
//! bench). Input arrives through [`Session::handle_input`], one line at a time; long work
//! runs on its own thread so `isready`, `stop` and `ponderhit` are answered at once. UCI
//! and USI share this module (they differ only in notation, done by the protocol crate);
//! CECP, where the engine keeps the game, is in the `xboard` submodule.
//!
//! Robustness rules, applied everywhere:
//! - every malformed line gets exactly one answer (`Unknown command: ...` for an unknown
//!   word, as Fairy-Stockfish, otherwise one `info string ...`) and changes nothing;
//! - `position` builds the new position aside and installs it only when the FEN is good;
//!   like Fairy-Stockfish it stops at the first illegal move, keeping the moves before it,
//!   and says which move it refused;
//! - a `go` while a search runs stops that search first (its `bestmove` is printed), where
//!   Fairy-Stockfish would block until it ends; commands after `go perft` or `bench` wait
//!   for it, as in Fairy-Stockfish, but `stop` interrupts it and `quit` does after a grace
//!   period (see [`Session::handle_input`]);
//! - calls into the rules core on text from outside (FEN, moves) are guarded, so even a bug
//!   there costs one `info string`, not the process.
//!
//! Deliberate differences from Fairy-Stockfish, all invisible to well-behaved clients:
//! `setoption name UCI_Variant` also resets the position to the variant's start (Fairy-
//! Stockfish keeps the old board until the next `position`), and the `info string variant`
//! line is printed for every variant (Fairy-Stockfish skips the ones XBoard knows, such as
//! gothic).

use std::collections::{BTreeMap, VecDeque};
use std::panic::{self, AssertUnwindSafe};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use ekumen_movegen::{
    dispatch, variants_ini, AnyPosition, Geometry, Move, Position, Variant, VariantId,
};
use ekumen_search::{nets, tablebase};
use ekumen_search::{
    IterationReport, Limits, ScoreBound, SearchHandle, SearchObserver, SearchResult, SearchScore,
    SearchSettings, Searcher, SyzygySettings,
};
use ekumen_uci_protocol::command::{parse_command, Command, GoParams, PositionSetup, Protocol};
use ekumen_uci_protocol::options::{self, names, OptionValue};
use ekumen_uci_protocol::report::{self, Bound, InfoLine, Score};
use ekumen_uci_protocol::usi::{self, BoardSize};
use ekumen_uci_protocol::{display, id_name, ENGINE_AUTHOR};

mod node_clock;
mod xboard;

use crate::bench;
use crate::input::Input;
use crate::output::Output;
use crate::perft;
use node_clock::NodeClock;

/// Whether the loop goes on after a command.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    Continue,
    Quit,
}

/// Long work running beside the command loop.
#[derive(Debug)]
enum Job {
    Search(SearchHandle),
    /// Perft or bench: a plain thread with a stop flag. Its last words (the totals) are
    /// returned rather than printed, so the loop prints them when it reaps the thread and
    /// commands queued behind the task cannot overtake them.
    Task {
        stop: Arc<AtomicBool>,
        thread: JoinHandle<String>,
    },
}

impl Job {
    fn stop(&self) {
        match self {
            Job::Search(handle) => handle.stop(),
            Job::Task { stop, .. } => stop.store(true, Ordering::Relaxed),
        }
    }

    fn is_finished(&self) -> bool {
        match self {
            Job::Search(handle) => handle.is_finished(),
            Job::Task { thread, .. } => thread.is_finished(),
        }
    }

    /// Waits for the job to end and prints a task's last words; a search's nodes are
    /// returned.
    fn join(self, output: &Output) -> Option<u64> {
        match self {
            Job::Search(handle) => handle.wait().map(|result| result.nodes),
            Job::Task { thread, .. } => {
                if let Ok(last_words) = thread.join() {
                    output.line(&last_words);
                }
                None
            }
        }
    }
}

/// The engine's state between commands.
#[derive(Debug)]
pub struct Session {
    protocol: Protocol,
    output: Output,
    options: BTreeMap<&'static str, OptionValue>,
    position: AnyPosition,
    searcher: Searcher,
    job: Option<Job>,
    /// Input that arrived while a perft or bench ran, to be handled once it ends.
    queued: VecDeque<Input>,
    /// When a queued `quit` stops the running task.
    quit_deadline: Option<Instant>,
    /// CECP game state (used when the protocol is `xboard`).
    xboard: xboard::XboardState,
    /// The clock in nodes, under `nodestime`.
    node_clock: NodeClock,
}

/// How long a perft or bench may still run after `quit` before it is stopped.
pub const QUIT_GRACE: Duration = Duration::from_secs(10);

/// Runs `f`, which reads `what` from outside text with the rules core, turning a panic
/// into `None` so a bug costs one command, not the process. The panic is a bug all the
/// same: it is reported on stderr as `BUG: panic while reading <what>: <message>`, which
/// the protocol tests look for. They make it panic with `EKUMEN_TEST_PANIC=FEN`, `move`
/// or `game end` ([`ekumen_search::TEST_PANIC_VAR`]); such a panic is always caught here,
/// so the hook cannot stop the engine.
fn guarded<T>(what: &str, f: impl FnOnce() -> T) -> Option<T> {
    let result = panic::catch_unwind(AssertUnwindSafe(|| {
        if ekumen_search::panic_asked(what) {
            panic!("{} asked for a panic here", ekumen_search::TEST_PANIC_VAR);
        }
        f()
    }));
    match result {
        Ok(value) => Some(value),
        Err(payload) => {
            let message = ekumen_search::panic_message(payload.as_ref());
            eprintln!("BUG: panic while reading {what}: {message}");
            None
        }
    }
}

fn board_size(variant: VariantId) -> BoardSize {
    let info = variant.info();
    BoardSize { files: info.files, ranks: info.ranks }
}

/// A move of `pos` as `protocol` writes it.
pub fn move_text(pos: &AnyPosition, m: Move, protocol: Protocol) -> String {
    let uci = pos.move_to_uci(m);
    match protocol {
        Protocol::Usi => usi::move_to_usi(&uci, board_size(pos.variant())),
        _ => uci,
    }
}

/// Finds the legal move written `text` in `protocol`'s notation.
///
/// # Errors
/// Why the text is not a legal move here.
pub fn parse_move(pos: &AnyPosition, text: &str, protocol: Protocol) -> Result<Move, String> {
    let uci = match protocol {
        Protocol::Usi => {
            usi::move_from_usi(text, board_size(pos.variant())).map_err(|e| e.to_string())?
        }
        _ => text.to_string(),
    };
    match guarded("move", || pos.parse_uci_move(&uci)) {
        Some(Ok(m)) => Ok(m),
        Some(Err(e)) => Err(e.to_string()),
        None => Err(format!("could not read move '{text}'")),
    }
}

/// The moves of `line`, played from `root`, in `protocol`'s notation; stops at the first
/// move that is not legal. A correct search never produces one: it is reported on stderr
/// as a bug (`BUG: illegal move ...`), which fails the protocol tests, while the GUI gets
/// the legal part of the line.
fn line_text(root: &AnyPosition, line: &[Move], protocol: Protocol) -> Vec<String> {
    let mut pos = root.clone();
    let mut texts = Vec::with_capacity(line.len());
    for (i, &m) in line.iter().enumerate() {
        if !pos.legal_moves().contains(&m) {
            let fen = root.fen();
            eprintln!("BUG: illegal move {m:?} at ply {} of a reported line from {fen}", i + 1);
            break;
        }
        texts.push(move_text(&pos, m, protocol));
        pos.make_move(m);
    }
    texts
}

fn protocol_score(score: SearchScore) -> Score {
    match score {
        SearchScore::Cp(cp) => Score::Cp(cp),
        SearchScore::Mating(plies) => Score::Mating(plies),
        SearchScore::Mated(plies) => Score::Mated(plies),
    }
}

/// Win/draw/loss per mille for a score: a logistic model of centipawns, certain for mates.
fn win_draw_loss(score: SearchScore) -> (u32, u32, u32) {
    let win_rate = |cp: f64| (1000.0 / (1.0 + ((250.0 - cp) / 90.0).exp())).round() as u32;
    match score {
        SearchScore::Mating(_) => (1000, 0, 0),
        SearchScore::Mated(_) => (0, 0, 1000),
        SearchScore::Cp(cp) => {
            let cp = f64::from(cp.clamp(-4000, 4000));
            let (win, loss) = (win_rate(cp), win_rate(-cp));
            (win, 1000 - win - loss, loss)
        }
    }
}

/// Prints a search's progress and result in the session's protocol.
struct SearchPrinter {
    output: Output,
    protocol: Protocol,
    root: AnyPosition,
    show_wdl: bool,
}

impl SearchObserver for SearchPrinter {
    fn iteration(&mut self, report: &IterationReport) {
        let info = InfoLine {
            depth: report.depth,
            seldepth: report.seldepth,
            multipv: report.multipv,
            score: protocol_score(report.score),
            wdl: self.show_wdl.then(|| win_draw_loss(report.score)),
            bound: match report.bound {
                ScoreBound::Exact => Bound::Exact,
                ScoreBound::Lower => Bound::Lower,
                ScoreBound::Upper => Bound::Upper,
            },
            nodes: report.nodes,
            time_ms: report.elapsed.as_millis() as u64 + 1,
            hashfull: report.hashfull,
            tbhits: report.tbhits,
            pv: line_text(&self.root, &report.pv, self.protocol),
        };
        self.output.line(&info.to_protocol(self.protocol));
    }

    fn current_move(&mut self, depth: u32, root_move: Move, number: usize) {
        let text = move_text(&self.root, root_move, self.protocol);
        self.output.line(&report::currmove_line(depth, &text, number));
    }

    fn no_legal_move(&mut self, score: SearchScore) {
        self.output.line(&report::no_move_line(protocol_score(score), self.protocol));
    }

    fn finished(&mut self, result: &SearchResult) {
        log::debug!("search done: {} nodes in {:?}", result.nodes, result.elapsed);
        let line: Vec<Move> = result.best.into_iter().chain(result.ponder).collect();
        let texts = line_text(&self.root, &line, self.protocol);
        let best = texts.first().map(String::as_str);
        let ponder = texts.get(1).map(String::as_str);
        self.output.line(&report::bestmove_line(best, ponder, self.protocol));
    }
}

/// Names of the squares of the side to move's checkers.
fn checker_squares<V: Variant>(pos: &Position<V>) -> Vec<String> {
    pos.checkers().map(V::Geo::square_name).collect()
}

impl Session {
    pub fn new(output: Output) -> Self {
        let options =
            options::all().iter().map(|spec| (spec.name, options::default_value(spec))).collect();
        let mut session = Session {
            protocol: Protocol::Uci,
            output,
            options,
            position: AnyPosition::startpos(VariantId::Chess, false),
            searcher: Searcher::default(),
            job: None,
            queued: VecDeque::new(),
            quit_deadline: None,
            xboard: xboard::XboardState::default(),
            node_clock: NodeClock::default(),
        };
        session.position = AnyPosition::startpos(session.variant(), false);
        session
    }

    fn say(&self, text: &str) {
        self.output.line(text);
    }

    /// A notice that is no complaint: `info string` in UCI and USI, a `#` comment line
    /// (which XBoard ignores) in CECP.
    fn note(&self, text: &str) {
        match self.protocol {
            Protocol::Xboard => self.say(&format!("# {text}")),
            _ => self.output.line(&report::info_string(text)),
        }
    }

    /// A complaint about the last command: `info string` in UCI and USI, CECP's
    /// `Error (<text>): <command>` in CECP.
    fn info(&self, text: &str) {
        match self.protocol {
            Protocol::Xboard => self.say(&format!("Error ({text}): {}", self.xboard.command)),
            _ => self.output.line(&report::info_string(text)),
        }
    }

    fn check_option(&self, name: &str) -> bool {
        matches!(self.options.get(name), Some(OptionValue::Check(true)))
    }

    fn spin_option(&self, name: &str) -> i64 {
        match self.options.get(name) {
            Some(OptionValue::Spin(v)) => *v,
            _ => 0,
        }
    }

    fn variant(&self) -> VariantId {
        match self.options.get(names::VARIANT) {
            Some(OptionValue::Combo(name)) => {
                VariantId::from_name(name).unwrap_or(VariantId::Chess)
            }
            _ => VariantId::Chess,
        }
    }

    fn chess960(&self) -> bool {
        self.check_option(names::CHESS960)
    }

    fn settings(&self) -> SearchSettings {
        SearchSettings {
            threads: self.spin_option(names::THREADS).max(1) as usize,
            hash_mb: self.spin_option(names::HASH).max(1) as usize,
            multi_pv: self.spin_option(names::MULTI_PV).max(1) as usize,
            move_overhead: Duration::from_millis(self.spin_option(names::MOVE_OVERHEAD) as u64),
            slow_mover: self.spin_option(names::SLOW_MOVER).clamp(10, 1000) as u32,
            skill_level: self.spin_option(names::SKILL_LEVEL) as i32,
            limit_elo: self
                .check_option(names::LIMIT_STRENGTH)
                .then(|| self.spin_option(names::ELO) as i32),
            syzygy: SyzygySettings {
                probe_depth: self.spin_option(names::SYZYGY_PROBE_DEPTH) as i32,
                fifty_move_rule: self.check_option(names::SYZYGY_50_MOVE_RULE),
                probe_limit: self.spin_option(names::SYZYGY_PROBE_LIMIT).clamp(0, 7) as u32,
            },
            use_nnue: self.check_option(names::USE_NNUE),
        }
    }

    /// Handles what the input thread delivered.
    ///
    /// While a perft or bench runs, input waits in a queue so that answers come in the
    /// order of the commands, as with Fairy-Stockfish's synchronous `go perft` and `bench`
    /// (a script may send `go perft 5` and `quit` at once). Exceptions: `isready` is
    /// answered at once; `stop` interrupts the task at once (and, if other commands are
    /// waiting, is also queued to stop whatever they start); after `quit` (or the end of
    /// input) the task gets [`QUIT_GRACE`] to finish before it is stopped, so a runaway
    /// `go perft 30` cannot keep the process alive. [`Session::poll`] handles the queue.
    pub fn handle_input(&mut self, input: Input) -> Flow {
        // A task that has just ended is reaped (and what waited behind it handled) first.
        if self.poll() == Flow::Quit {
            return Flow::Quit;
        }
        if self.task_running() || !self.queued.is_empty() {
            let word = match &input {
                Input::Line(line) => line.split_whitespace().next(),
                _ => None,
            };
            match (&input, word) {
                (Input::Line(line), Some("isready")) => {
                    self.output.log_input(line);
                    self.say("readyok");
                }
                (Input::Line(line), Some("stop")) => {
                    if let Some(job) = &self.job {
                        job.stop();
                    }
                    if self.queued.is_empty() {
                        self.output.log_input(line);
                    } else {
                        self.queued.push_back(input);
                    }
                }
                (Input::End, _) | (Input::Line(_), Some("quit")) => {
                    self.quit_deadline.get_or_insert_with(|| Instant::now() + QUIT_GRACE);
                    self.queued.push_back(input);
                }
                _ => self.queued.push_back(input),
            }
            return Flow::Continue;
        }
        self.handle_queued(input)
    }

    fn handle_queued(&mut self, input: Input) -> Flow {
        match input {
            Input::Line(line) => self.handle_line(&line),
            Input::TooLong => {
                self.info(&format!(
                    "line longer than {} bytes ignored",
                    crate::input::MAX_LINE_BYTES
                ));
                Flow::Continue
            }
            Input::End => {
                self.finish_job();
                Flow::Quit
            }
        }
    }

    /// Whether a perft or bench is running or not yet reaped.
    fn task_running(&self) -> bool {
        matches!(&self.job, Some(Job::Task { .. }))
    }

    /// Whether the loop should call [`Session::poll`] often rather than wait for input: a
    /// perft or bench holds queued commands back, or a CECP search is to be followed by
    /// pondering.
    pub fn wants_polling(&self) -> bool {
        self.task_running() || (self.protocol == Protocol::Xboard && self.xboard_wants_polling())
    }

    /// Handles queued input once the task that held it back has ended.
    pub fn poll(&mut self) -> Flow {
        if self.quit_deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            if let Some(job) = &self.job {
                job.stop();
            }
        }
        self.reap_finished_job();
        if self.protocol == Protocol::Xboard {
            self.xboard_poll();
        }
        loop {
            if self.task_running() {
                // A `stop` that waited behind the command that started this task stops it:
                // left in the queue, it would wait for the task's end (for ever after a
                // `go perft 20`).
                if let Some(Input::Line(line)) = self.queued.front() {
                    if line.split_whitespace().next() == Some("stop") {
                        self.output.log_input(line);
                        self.queued.pop_front();
                        if let Some(job) = &self.job {
                            job.stop();
                        }
                    }
                }
                break;
            }
            let Some(input) = self.queued.pop_front() else { break };
            if self.handle_queued(input) == Flow::Quit {
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    /// Handles one line of input.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        log::debug!("command: {line}");
        self.output.log_input(line);
        self.reap_finished_job();
        if self.protocol == Protocol::Xboard {
            return self.handle_xboard_line(line);
        }
        match parse_command(line, self.protocol) {
            Ok(None) => Flow::Continue,
            Ok(Some(command)) => self.execute(command),
            Err(error) => {
                self.say(&error.to_string());
                Flow::Continue
            }
        }
    }

    /// Stops any running job and waits for it (its final output is printed).
    pub fn finish_job(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop();
            self.job_ended(job);
        }
    }

    fn reap_finished_job(&mut self) {
        if self.job.as_ref().is_some_and(Job::is_finished) {
            if let Some(job) = self.job.take() {
                self.job_ended(job);
            }
        }
    }

    fn job_ended(&mut self, job: Job) {
        if let Some(nodes) = job.join(&self.output) {
            self.node_clock.search_ended(nodes);
        }
    }

    fn execute(&mut self, command: Command) -> Flow {
        match command {
            Command::Hello(protocol) => self.hello(protocol),
            Command::Debug(_) | Command::Register => {}
            Command::IsReady => {
                self.searcher.prepare();
                self.say("readyok");
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => {
                self.finish_job();
                self.searcher.clear();
                self.node_clock.reset();
            }
            Command::Position { setup, moves } => self.set_position(&setup, &moves),
            Command::Go(params) => self.go(&params),
            Command::Perft(depth) => self.start_perft(depth),
            Command::Stop => {
                if let Some(job) = &self.job {
                    job.stop();
                }
            }
            Command::PonderHit => {
                if let Some(Job::Search(handle)) = &self.job {
                    handle.ponderhit();
                }
            }
            Command::GameOver(_) => {
                if let Some(job) = &self.job {
                    job.stop();
                }
            }
            Command::Quit => {
                self.finish_job();
                return Flow::Quit;
            }
            Command::Display => self.display(),
            Command::Eval => self.eval(),
            Command::Bench { depth } => self.start_bench(depth),
        }
        Flow::Continue
    }

    fn hello(&mut self, protocol: Protocol) {
        self.protocol = protocol;
        if protocol == Protocol::Xboard {
            // CECP answers `xboard` with nothing; `protover 2` brings the features.
            return;
        }
        let mut text = format!("id name {}\nid author {ENGINE_AUTHOR}\n", id_name());
        for spec in options::all() {
            text.push('\n');
            text += &options::option_line(spec, protocol);
        }
        text += &format!("\n{}ok", protocol.word());
        self.say(&text);
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let Some(spec) = options::find(name) else {
            self.say(&options::OptionError::NoSuchOption(name.to_string()).to_string());
            return;
        };
        let value = match options::parse_value(spec, value) {
            Ok(value) => value,
            Err(error) => {
                let keeping = if spec.name == names::VARIANT {
                    format!("; keeping {}", self.variant())
                } else {
                    String::new()
                };
                self.info(&format!("{error}{keeping}"));
                return;
            }
        };
        match (spec.name, &value) {
            (names::VARIANT, OptionValue::Combo(variant_name)) => {
                let Some(variant) = VariantId::from_name(variant_name) else {
                    self.info(&format!("unknown variant {variant_name}"));
                    return;
                };
                self.options.insert(spec.name, value.clone());
                self.position = AnyPosition::startpos(variant, self.chess960());
                self.announce_variant(variant);
                return;
            }
            (names::DEBUG_LOG_FILE, OptionValue::Text(path)) => {
                let path = (!path.is_empty()).then_some(path.as_str());
                if let Err(error) = self.output.set_log_file(path) {
                    self.info(&format!("cannot open log file '{}': {error}", path.unwrap_or("")));
                    self.options.insert(spec.name, OptionValue::Text(String::new()));
                    return;
                }
            }
            (names::CLEAR_HASH, _) => self.searcher.clear(),
            (names::SYZYGY_PATH, OptionValue::Text(path)) => self.load_tablebases(path),
            (names::EVAL_FILE, OptionValue::Text(path)) if !self.load_eval_file(path) => return,
            (names::NODES_TIME, _) => self.node_clock.reset(),
            (names::VARIANT_PATH, OptionValue::Text(path)) if !self.read_variant_path(path) => {
                return
            }
            _ => {}
        }
        self.options.insert(spec.name, value);
        // Apply search settings now (so a new `Hash` is paid for before `readyok`, not on
        // the clock), unless a search is running; `go` applies them in any case.
        if [names::HASH, names::THREADS, names::MULTI_PV, names::MOVE_OVERHEAD, names::SLOW_MOVER]
            .contains(&spec.name)
            && !matches!(self.job, Some(Job::Search(_)))
        {
            self.apply_settings();
        }
    }

    /// Loads the Syzygy tables of `SyzygyPath` (empty or `<empty>`: none) and says what
    /// was found; a directory that cannot be read is named, and the engine goes on with
    /// the tables it could load.
    fn load_tablebases(&self, path: &str) {
        match tablebase::set_path(path) {
            Ok(loaded) => {
                for error in &loaded.unreadable {
                    self.info(&format!("SyzygyPath {error}; its tablebases are not used"));
                }
                if loaded.tables > 0 {
                    self.note(&format!(
                        "Found {} tablebases (up to {}-man)",
                        loaded.tables, loaded.max_pieces
                    ));
                } else if loaded.unreadable.is_empty() && !path.is_empty() && path != "<empty>" {
                    self.info(&format!("SyzygyPath {path} holds no tablebases"));
                }
            }
            Err(error) => self.info(&format!("SyzygyPath: {error}; no tablebases in use")),
        }
    }

    /// Loads the net of `EvalFile` (empty or `<empty>`: the built-in nets) for the variant
    /// it names; a file that cannot be used is named with the reason, and the nets stay as
    /// they were. Returns whether the option takes the new value.
    fn load_eval_file(&self, path: &str) -> bool {
        if path.is_empty() {
            nets::use_built_in_nets();
            return true;
        }
        match nets::load_eval_file(Path::new(path)) {
            Ok(loaded) => {
                let note = format!("EvalFile {path}: net {} for {}", loaded.name, loaded.variant);
                self.note(&note);
                true
            }
            Err(reason) => {
                self.info(&format!("EvalFile {path} {reason}; the net in use is kept"));
                false
            }
        }
    }

    /// Reads the `VariantPath` file (empty or `<empty>`: none) as Fairy-Stockfish would and
    /// says what of it Ekumen does not follow: each of our variants it gives other rules,
    /// with the first difference, and in one line the variants it defines that we do not
    /// play. The rules played stay ours. A file that cannot be read or is malformed is
    /// named with the reason; returns whether the option takes the new value.
    fn read_variant_path(&self, path: &str) -> bool {
        if path.is_empty() {
            return true;
        }
        let verdict = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot be read: {e}"))
            .and_then(|text| variants_ini::check(&text).map_err(|e| format!("is malformed: {e}")));
        let verdict = match verdict {
            Ok(verdict) => verdict,
            Err(reason) => {
                self.info(&format!("VariantPath {path} {reason}; the built-in variants are used"));
                return false;
            }
        };
        for (variant, difference) in &verdict.differing {
            self.note(&format!(
                "VariantPath {path}: {variant} has other rules than Ekumen's ({difference}); \
                 Ekumen plays its own {variant}"
            ));
        }
        if !verdict.unplayable.is_empty() {
            self.note(&format!(
                "VariantPath {path}: not playable by Ekumen: {}",
                verdict.unplayable.join(", ")
            ));
        }
        true
    }

    /// Says which evaluation the next search uses, as Fairy-Stockfish does on `go`.
    fn announce_evaluation(&self) {
        let net = self.check_option(names::USE_NNUE).then(|| nets::net_name(self.variant()));
        match net.flatten() {
            Some(name) => self.note(&format!("NNUE evaluation using {name} enabled")),
            None => self.note("classical evaluation enabled"),
        }
    }

    /// Hands the options to the search. A `Hash` or `Threads` value that does not fit in
    /// memory gets one complaint, and the two options go back to what the search keeps.
    fn apply_settings(&mut self) {
        if let Err(error) = self.searcher.configure(self.settings()) {
            let kept = self.searcher.settings();
            let (mb, threads) = (kept.hash_mb, kept.threads);
            self.options.insert(names::HASH, OptionValue::Spin(mb as i64));
            self.options.insert(names::THREADS, OptionValue::Spin(threads as i64));
            self.info(&format!("{error}; keeping Hash {mb} MB and Threads {threads}"));
        }
    }

    fn announce_variant(&self, variant: VariantId) {
        let info = variant.info();
        self.say(&format!(
            "info string variant {} files {} ranks {} pocket {} template {} startpos {}",
            info.name, info.files, info.ranks, info.pocket, info.template, info.start_fen
        ));
    }

    fn set_position(&mut self, setup: &PositionSetup, moves: &[String]) {
        let variant = self.variant();
        let chess960 = self.chess960();
        let fen = match setup {
            PositionSetup::Startpos => variant.info().start_fen.to_string(),
            PositionSetup::Fen(fen) => fen.clone(),
            PositionSetup::Sfen(sfen) => match usi::sfen_to_fen(sfen, variant.info().pocket > 0) {
                Ok(fen) => fen,
                Err(error) => {
                    self.info(&format!("{error}; position unchanged"));
                    return;
                }
            },
        };
        let mut pos = match guarded("FEN", || AnyPosition::from_fen(variant, &fen, chess960)) {
            Some(Ok(pos)) => pos,
            Some(Err(error)) => {
                self.info(&format!("invalid {variant} FEN '{fen}': {error}; position unchanged"));
                return;
            }
            None => {
                self.info(&format!("invalid {variant} FEN '{fen}'; position unchanged"));
                return;
            }
        };
        for text in moves {
            match parse_move(&pos, text, self.protocol) {
                Ok(m) => pos.make_move(m),
                Err(error) => {
                    let here = self.position_text(&pos);
                    self.info(&format!(
                        "illegal move {text} in position {here} ({error}); later moves ignored"
                    ));
                    break;
                }
            }
        }
        self.position = pos;
    }

    /// The position as this protocol writes it: FEN, or SFEN in USI.
    fn position_text(&self, pos: &AnyPosition) -> String {
        let fen = pos.fen();
        match self.protocol {
            Protocol::Usi => usi::fen_to_sfen(&fen).unwrap_or(fen),
            _ => fen,
        }
    }

    fn limits(&self, params: &GoParams) -> Limits {
        let ms = Duration::from_millis;
        let mut search_moves = Vec::new();
        for text in &params.search_moves {
            match parse_move(&self.position, text, self.protocol) {
                Ok(m) => search_moves.push(m),
                Err(error) => self.info(&format!("searchmoves: {error}; move ignored")),
            }
        }
        let to_u32 = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
        Limits {
            time: params.time.map(|t| t.map(ms)),
            increment: params.increment.map(|t| ms(t.unwrap_or(0))),
            moves_to_go: params.moves_to_go.map(to_u32),
            byoyomi: params.byoyomi.map(ms),
            depth: params.depth.map(to_u32),
            nodes: params.nodes,
            move_time: params.move_time.map(ms),
            mate: params.mate.map(to_u32),
            infinite: params.infinite,
            ponder: params.ponder,
            search_moves,
            nodes_per_ms: None,
            started: None,
        }
    }

    fn go(&mut self, params: &GoParams) {
        let started = Instant::now();
        self.finish_job();
        let mut limits = Limits { started: Some(started), ..self.limits(params) };
        let nodes_per_ms = self.spin_option(names::NODES_TIME).max(0) as u64;
        self.node_clock.apply(&mut limits, self.position.side_to_move(), nodes_per_ms);
        if !params.search_moves.is_empty() && limits.search_moves.is_empty() {
            self.info("no legal move among searchmoves; searching all moves");
        }
        self.apply_settings();
        self.announce_evaluation();
        let printer = SearchPrinter {
            output: self.output.clone(),
            protocol: self.protocol,
            root: self.position.clone(),
            show_wdl: self.check_option(names::SHOW_WDL),
        };
        let handle = self.searcher.start(self.position.clone(), limits, Box::new(printer));
        self.job = Some(Job::Search(handle));
    }

    fn start_perft(&mut self, depth: u32) {
        self.finish_job();
        let stop = Arc::new(AtomicBool::new(false));
        let position = self.position.clone();
        let output = self.output.clone();
        let protocol = self.protocol;
        let threads = self.settings().threads;
        let flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let size = board_size(position.variant());
            let mut print = |name: &str, nodes: u64| {
                let name = match protocol {
                    Protocol::Usi => usi::move_to_usi(name, size),
                    _ => name.to_string(),
                };
                output.line(&format!("{name}: {nodes}"));
            };
            match perft::divide(&position, depth, threads, &flag, &mut print) {
                Some(moves) => {
                    let total: u64 = moves.iter().map(|(_, n)| n).sum();
                    format!("\nNodes searched: {total}\n")
                }
                None => report::info_string("perft stopped"),
            }
        });
        self.job = Some(Job::Task { stop, thread });
    }

    fn start_bench(&mut self, depth: Option<u32>) {
        self.finish_job();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let summary = bench::run(depth.unwrap_or(bench::DEFAULT_DEPTH), &flag);
            summary.last_line()
        });
        self.job = Some(Job::Task { stop, thread });
    }

    fn display(&self) {
        let pos = &self.position;
        let fen = pos.fen();
        let drops = pos.variant().info().pocket > 0;
        let sfen = usi::fen_to_sfen(&fen).unwrap_or_default();
        let size = board_size(pos.variant());
        let checkers: String = dispatch!(pos, p => checker_squares(p))
            .into_iter()
            .map(|sq| match self.protocol {
                Protocol::Usi => usi::square_to_usi(&sq, size).unwrap_or(sq) + " ",
                _ => sq + " ",
            })
            .collect();
        self.say(&format!(
            "{}\nFen: {fen}\nSfen: {sfen}\nKey: {:016X}\nCheckers: {checkers}\nChased: ",
            display::draw_board(&fen, drops),
            pos.key()
        ));
    }

    /// Prints the static evaluation, White's, by the classical terms and by the net, and
    /// the one the search uses.
    fn eval(&self) {
        let white = |score: i32| {
            let score = if self.position.side_to_move() == ekumen_movegen::Color::White {
                score
            } else {
                -score
            };
            format!("{:+.2} (white side)", f64::from(score) / 100.0)
        };
        let classical = ekumen_eval::evaluate_any(&self.position);
        let net = nets::net_evaluation(&self.position);
        self.say(&format!("Classical evaluation   {}", white(classical)));
        if let Some(net) = net {
            self.say(&format!("NNUE evaluation        {}", white(net)));
        }
        let used = net.filter(|_| self.check_option(names::USE_NNUE)).unwrap_or(classical);
        self.say(&format!("Final evaluation       {}", white(used)));
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.finish_job();
    }
}
