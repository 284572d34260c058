//! The session speaking CECP (XBoard), as Fairy-Stockfish does.
//!
//! CECP differs from UCI in who keeps the game: the engine holds the position, plays the
//! colour the GUI assigns (none in `force` mode), answers a user move with a search when
//! it is its turn, and prints `move M` itself. The search thread cannot touch the
//! session's position, so it leaves the move it played in a shared slot, stored before
//! `move M` is printed; the session plays it before handling the next command (every
//! GUI reply comes after the `move` line). Commands that end a search early (`force`,
//! `new`, a user move, ...) abort it without a move, as Fairy-Stockfish's `stop()` does;
//! `?` stops it with a move. With no legal move, or a claimable draw, the engine prints
//! the result (`1-0 {White wins}`, `1/2-1/2 {Draw}`) instead of searching.
//!
//! With `Ponder` on (`hard`), the engine thinks on the opponent's time as Fairy-Stockfish
//! does: once its move is played it prints `Hint: M` for the reply its search expects and
//! searches the position after that reply. If the user plays it, the same search goes on
//! as the engine's move (a ponder hit, on the engine's clock from then on); any other
//! command that changes the game aborts it. The command loop polls the session while a
//! game search runs, so pondering starts as soon as the move is printed, without waiting
//! for the GUI's next command. Pondering is off under `nodestime`: the nodes spent on the
//! opponent's time would count against the engine's node clock.
//!
//! In analysis (`analyze` ... `exit`) the search runs without limit and restarts whenever
//! the position changes; `exclude M` / `include M` (and `all`) restrict it to the moves
//! left, as `searchmoves` does in UCI, until the position changes. `.` (XBoard's request
//! for a status line) is ignored: the thinking lines say the same.
//!
//! For a variant XBoard does not know, `variant X` and `new` also send XBoard its
//! definition (`setup` and `piece` lines, [`xboard::variant_definition`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use ekumen_movegen::{dispatch, AnyPosition, Color, EndReason, GameResult, Move};
use ekumen_search::{IterationReport, Limits, SearchObserver, SearchResult};
use ekumen_uci_protocol::command::Protocol;
use ekumen_uci_protocol::id_name;
use ekumen_uci_protocol::options::{self, names};
use ekumen_uci_protocol::xboard::{self, XboardCommand};

use super::{parse_move, protocol_score, Flow, Job, Session};
use crate::output::Output;

/// The move a finished search played, with the key of the position it was played in.
type EngineMove = Arc<Mutex<Option<PlayedMove>>>;

/// What a finished game search leaves for the session.
#[derive(Clone, Copy, Debug)]
struct PlayedMove {
    /// The key of the position searched.
    key: u64,
    best: Move,
    /// The reply the search expects, if it has one.
    expected_reply: Option<Move>,
    /// How long the search took.
    elapsed_ms: u64,
}

/// CECP state kept by the session.
#[derive(Debug, Default)]
pub(super) struct XboardState {
    /// The colour the engine plays; `None` in force mode.
    play_color: Option<Color>,
    /// Remaining clocks in ms, the engine's ([`ENGINE`], from `time`) and the opponent's
    /// ([`OPPONENT`], from `otim`); `level` sets both. CECP ties them to the players, not
    /// to the colours: after `go` the engine may play the other colour.
    clocks: [Option<u64>; 2],
    increment_ms: u64,
    moves_per_session: u32,
    move_time_ms: Option<u64>,
    depth: Option<u32>,
    post: bool,
    analyzing: bool,
    /// Moves left out of the analysis (`exclude`), with the key of the position they
    /// belong to: they lapse when the position changes.
    excluded: Vec<Move>,
    excluded_at: u64,
    engine_move: EngineMove,
    /// Set to end the running search without printing its move.
    abort: Option<Arc<AtomicBool>>,
    /// The reply to ponder on, with the key of the position it is expected in.
    ponder_candidate: Option<(u64, Move)>,
    /// The reply the running ponder search assumed, and the flag its printer reads: set
    /// on a ponder hit, the only case in which a ponder search prints its move.
    pondering: Option<(Move, Arc<AtomicBool>)>,
    /// The line being handled, for the `Error (...): <command>` form of a complaint.
    pub(super) command: String,
}

/// [`XboardState::clocks`]: the engine's clock.
const ENGINE: usize = 0;
/// [`XboardState::clocks`]: the opponent's clock.
const OPPONENT: usize = 1;

/// Prints a CECP search: thinking lines when `post` is on, then `move M`.
struct XboardPrinter {
    output: Output,
    root: AnyPosition,
    post: bool,
    play_move: bool,
    engine_move: EngineMove,
    abort: Arc<AtomicBool>,
    /// For a ponder search: whether the opponent played the reply it assumed.
    ponder_hit: Option<Arc<AtomicBool>>,
}

impl SearchObserver for XboardPrinter {
    fn iteration(&mut self, report: &IterationReport) {
        if self.post {
            let pv = super::line_text(&self.root, &report.pv, Protocol::Xboard);
            self.output.line(&xboard::thinking_line(
                report.depth,
                protocol_score(report.score),
                report.elapsed.as_millis() as u64 + 1,
                report.nodes,
                report.seldepth,
                report.tbhits,
                &pv,
            ));
        }
    }

    fn finished(&mut self, result: &SearchResult) {
        let missed = self.ponder_hit.as_ref().is_some_and(|hit| !hit.load(Ordering::Acquire));
        if !self.play_move || missed || self.abort.swap(true, Ordering::AcqRel) {
            return;
        }
        if let Some(best) = result.best {
            let text = self.root.move_to_uci(best);
            *self.engine_move.lock().unwrap_or_else(|e| e.into_inner()) = Some(PlayedMove {
                key: self.root.key(),
                best,
                expected_reply: result.ponder,
                elapsed_ms: result.elapsed.as_millis() as u64,
            });
            self.output.line(&format!("move {text}"));
        }
    }
}

/// The result of a finished game from White's side: +1, 0 or -1.
fn white_result(pos: &AnyPosition, result: GameResult) -> i32 {
    let for_mover = match result {
        GameResult::Win => 1,
        GameResult::Loss => -1,
        GameResult::Draw => 0,
    };
    if pos.side_to_move() == Color::White {
        for_mover
    } else {
        -for_mover
    }
}

impl Session {
    /// Handles one CECP line.
    pub(super) fn handle_xboard_line(&mut self, line: &str) -> Flow {
        self.play_engine_move();
        self.xboard.command = line.trim().to_string();
        match xboard::parse_xboard(line) {
            Ok(None) => Flow::Continue,
            Ok(Some(command)) => self.execute_xboard(command),
            Err(error) => {
                self.say(&error.to_string());
                Flow::Continue
            }
        }
    }

    /// Plays the move the last search printed, if the position is still the one it was
    /// searched in. Its time comes off the engine's clock until the GUI sends the clock
    /// again, so that a ponder search started now reads it about right (after a ponder
    /// hit the pondering counts too, which errs on the safe side).
    fn play_engine_move(&mut self) {
        let pending = self.xboard.engine_move.lock().unwrap_or_else(|e| e.into_inner()).take();
        let Some(played) = pending else { return };
        if self.position.key() != played.key || !self.position.legal_moves().contains(&played.best)
        {
            return;
        }
        if let Some(clock) = &mut self.xboard.clocks[ENGINE] {
            *clock = clock.saturating_sub(played.elapsed_ms) + self.xboard.increment_ms;
        }
        self.position.make_move(played.best);
        self.xboard.ponder_candidate = played.expected_reply.map(|m| (self.position.key(), m));
    }

    /// Ends a running search without its move.
    fn abort_search(&mut self) {
        if let Some(abort) = &self.xboard.abort {
            abort.store(true, Ordering::Release);
        }
        self.finish_job();
        self.xboard.pondering = None;
        self.play_engine_move();
    }

    /// Whether the command loop should call [`Session::poll`] while waiting for input: a
    /// game search is running whose move may be followed by pondering.
    pub(super) fn xboard_wants_polling(&self) -> bool {
        matches!(self.job, Some(Job::Search(_)))
            && self.xboard.pondering.is_none()
            && self.xboard.play_color.is_some()
            && self.check_option(names::PONDER)
    }

    /// Between commands: plays the move of a search that has ended, then ponders if it
    /// should.
    pub(super) fn xboard_poll(&mut self) {
        if self.job.is_some() {
            return;
        }
        self.play_engine_move();
        let Some((key, reply)) = self.xboard.ponder_candidate.take() else { return };
        let wanted = self.check_option(names::PONDER)
            && self.spin_option(names::NODES_TIME) == 0
            && !self.xboard.analyzing
            && self.xboard.play_color == Some(!self.position.side_to_move())
            && self.position.key() == key
            && self.position.legal_moves().contains(&reply);
        if !wanted {
            return;
        }
        let mut after = self.position.clone();
        after.make_move(reply);
        // A reply that ends the game (no legal move included) is claimed when it is
        // played, not pondered on.
        if super::guarded("game end", || after.outcome()).flatten().is_some() {
            return;
        }
        self.say(&format!("Hint: {}", self.position.move_to_uci(reply)));
        let hit = Arc::new(AtomicBool::new(false));
        self.xboard.pondering = Some((reply, Arc::clone(&hit)));
        let limits = Limits { ponder: true, ..self.xboard_limits(after.side_to_move()) };
        self.start_game_search(after, limits, Some(hit));
    }

    fn execute_xboard(&mut self, command: XboardCommand) -> Flow {
        use XboardCommand as C;
        match command {
            C::Xboard | C::FeatureReply | C::Ignored | C::Draw | C::Hint | C::Book => {}
            C::Protover(version) => {
                if version >= 2 {
                    for line in xboard::features(&id_name()) {
                        self.say(&line);
                    }
                }
            }
            C::New => {
                self.abort_search();
                self.searcher.clear();
                self.node_clock.reset();
                self.position = AnyPosition::startpos(self.variant(), self.chess960());
                self.xboard.play_color = Some(Color::Black);
                self.xboard.analyzing = false;
                self.xboard.move_time_ms = None;
                self.xboard.depth = None;
                self.define_variant();
            }
            C::Variant(name) => {
                self.abort_search();
                match xboard::variant_from_xboard(&name) {
                    Some(variant) => {
                        self.options.insert(
                            names::VARIANT,
                            options::OptionValue::Combo(variant.name().to_string()),
                        );
                        self.position = AnyPosition::startpos(variant, self.chess960());
                        self.define_variant();
                    }
                    None => self.say(&format!("Error (unsupported variant): {name}")),
                }
            }
            C::Force | C::Result(_) => {
                self.abort_search();
                self.xboard.play_color = None;
            }
            C::Go => {
                self.abort_search();
                self.xboard.play_color = Some(self.position.side_to_move());
                self.xboard.analyzing = false;
                self.start_xboard_search();
            }
            C::PlayOther => {
                self.abort_search();
                self.xboard.play_color = Some(!self.position.side_to_move());
            }
            C::SetSide { white } => {
                self.abort_search();
                self.xboard.play_color = Some(if white { Color::Black } else { Color::White });
            }
            C::Level { moves_per_session, base_ms, increment_ms } => {
                self.xboard.moves_per_session = moves_per_session;
                self.xboard.clocks = [Some(base_ms); 2];
                self.xboard.increment_ms = increment_ms;
                self.xboard.move_time_ms = None;
            }
            C::MoveTime { ms } => {
                self.xboard.move_time_ms = Some(ms);
                self.xboard.clocks = [None; 2];
            }
            C::Depth(depth) => self.xboard.depth = Some(depth),
            C::Time(centiseconds) | C::OpponentTime(centiseconds) => {
                let owner = if matches!(command, C::Time(_)) { ENGINE } else { OPPONENT };
                self.xboard.clocks[owner] = Some(centiseconds.max(0) as u64 * 10);
            }
            C::UserMove { text, explicit } => {
                if self.ponder_hit(&text) {
                    return Flow::Continue;
                }
                self.abort_search();
                match parse_move(&self.position, &text, Protocol::Xboard) {
                    Ok(m) => {
                        self.position.make_move(m);
                        self.after_position_change();
                    }
                    Err(_) if explicit => self.say(&format!("Illegal move: {text}")),
                    Err(_) => self.say(&format!("Error (unknown command): {text}")),
                }
            }
            // A ponder search has no move to play yet: `?` is ignored, as in Fairy-Stockfish.
            C::MoveNow if self.xboard.pondering.is_some() => {}
            C::MoveNow => {
                if let Some(Job::Search(_)) = &self.job {
                    self.finish_job();
                    self.play_engine_move();
                }
            }
            C::Ping(token) => self.say(&format!("pong {token}")),
            C::SetBoard(fen) => {
                self.abort_search();
                let variant = self.variant();
                match super::guarded("FEN", || {
                    AnyPosition::from_fen(variant, &fen, self.chess960())
                }) {
                    Some(Ok(pos)) => {
                        self.position = pos;
                        self.after_position_change();
                    }
                    Some(Err(error)) => {
                        self.say(&format!("tellusererror Illegal position: {error}"))
                    }
                    None => self.say("tellusererror Illegal position"),
                }
            }
            C::Undo | C::Remove => {
                self.abort_search();
                let plies = if matches!(command, C::Undo) { 1 } else { 2 };
                for _ in 0..plies {
                    if dispatch!(&self.position, p => p.game_ply()) > 0 {
                        self.position.unmake_move();
                    }
                }
                if self.xboard.analyzing {
                    self.start_xboard_search();
                }
            }
            C::Hard | C::Easy => {
                if matches!(command, C::Easy) && self.xboard.pondering.is_some() {
                    self.abort_search();
                }
                self.options
                    .insert(names::PONDER, options::OptionValue::Check(matches!(command, C::Hard)));
            }
            C::Post => self.xboard.post = true,
            C::NoPost => self.xboard.post = false,
            C::Analyze => {
                self.abort_search();
                self.xboard.analyzing = true;
                self.xboard.play_color = None;
                self.start_xboard_search();
            }
            C::Exit => {
                self.abort_search();
                self.xboard.analyzing = false;
            }
            C::Exclude(ref text) | C::Include(ref text) => {
                let exclude = matches!(command, C::Exclude(_));
                let moves = match text {
                    None => self.position.legal_moves().to_vec(),
                    Some(text) => match parse_move(&self.position, text, Protocol::Xboard) {
                        Ok(m) => vec![m],
                        Err(_) => {
                            self.say(&format!("Illegal move: {text}"));
                            return Flow::Continue;
                        }
                    },
                };
                if self.xboard.excluded_at != self.position.key() {
                    self.xboard.excluded.clear();
                    self.xboard.excluded_at = self.position.key();
                }
                self.xboard.excluded.retain(|m| !moves.contains(m));
                if exclude {
                    self.xboard.excluded.extend(moves);
                }
                if self.xboard.analyzing {
                    self.abort_search();
                    self.start_xboard_search();
                }
            }
            C::Option { name, value } => self.set_option(&name, value.as_deref()),
            C::Memory(mb) => {
                let mb = mb.min(options::MAX_HASH_MB as u64).to_string();
                self.set_option(names::HASH, Some(&mb));
            }
            C::Cores(cores) => {
                let cores = cores.min(options::MAX_THREADS as u64).to_string();
                self.set_option(names::THREADS, Some(&cores));
            }
            C::Quit => {
                self.abort_search();
                return Flow::Quit;
            }
            C::Perft(depth) => self.start_perft(depth),
            C::Display => self.display(),
            C::Eval => self.eval(),
        }
        Flow::Continue
    }

    /// Tells XBoard the board, start position and piece moves of a variant it does not
    /// know (see [`xboard::variant_definition`]).
    fn define_variant(&self) {
        for line in xboard::variant_definition(self.variant()).into_iter().flatten() {
            self.say(&line);
        }
    }

    /// After the GUI changed the position: analyse it, or move if it is our turn.
    fn after_position_change(&mut self) {
        if self.xboard.analyzing || self.xboard.play_color == Some(self.position.side_to_move()) {
            self.start_xboard_search();
        }
    }

    /// The limits of a search in which the engine plays `engine` (the side to move).
    fn xboard_limits(&self, engine: Color) -> Limits {
        let ms = std::time::Duration::from_millis;
        let x = &self.xboard;
        if x.analyzing {
            return Limits { infinite: true, ..Limits::default() };
        }
        let mut time = [None; 2];
        time[engine.index()] = x.clocks[ENGINE].map(ms);
        time[(!engine).index()] = x.clocks[OPPONENT].map(ms);
        Limits {
            time,
            increment: [ms(x.increment_ms); 2],
            moves_to_go: (x.moves_per_session > 0).then_some(x.moves_per_session),
            depth: x.depth,
            move_time: x.move_time_ms.map(ms),
            ..Limits::default()
        }
    }

    fn start_xboard_search(&mut self) {
        let started = std::time::Instant::now();
        self.finish_job();
        let pos = &self.position;
        if self.xboard.excluded_at != pos.key() {
            self.xboard.excluded.clear();
        }
        if !self.xboard.analyzing {
            // A finished game is claimed instead of searched, as Fairy-Stockfish does.
            let outcome = super::guarded("game end", || pos.outcome()).flatten();
            if let Some(outcome) = outcome {
                let claim = pos.legal_moves().is_empty()
                    || matches!(outcome.reason, EndReason::FiftyMoves | EndReason::Repetition);
                if claim {
                    self.say(xboard::result_line(white_result(pos, outcome.result)));
                    return;
                }
            }
        }
        let engine = self.position.side_to_move();
        let mut limits = Limits { started: Some(started), ..self.xboard_limits(engine) };
        if self.xboard.analyzing && !self.xboard.excluded.is_empty() {
            let excluded = &self.xboard.excluded;
            limits.search_moves =
                pos.legal_moves().iter().copied().filter(|m| !excluded.contains(m)).collect();
            if limits.search_moves.is_empty() {
                return;
            }
        }
        let nodes_per_ms = self.spin_option(names::NODES_TIME).max(0) as u64;
        self.node_clock.apply(&mut limits, self.position.side_to_move(), nodes_per_ms);
        self.start_game_search(self.position.clone(), limits, None);
    }

    /// Starts searching `root`; unless analysing, the search prints its move (a ponder
    /// search, given its hit flag, only after a hit).
    fn start_game_search(
        &mut self,
        root: AnyPosition,
        limits: Limits,
        ponder_hit: Option<Arc<AtomicBool>>,
    ) {
        let abort = Arc::new(AtomicBool::new(false));
        self.xboard.abort = Some(Arc::clone(&abort));
        let printer = XboardPrinter {
            output: self.output.clone(),
            root: root.clone(),
            post: self.xboard.post,
            play_move: !self.xboard.analyzing,
            engine_move: Arc::clone(&self.xboard.engine_move),
            abort,
            ponder_hit,
        };
        self.apply_settings();
        let handle = self.searcher.start(root, limits, Box::new(printer));
        self.job = Some(Job::Search(handle));
    }

    /// The user played the reply the running ponder search assumed: the search goes on as
    /// the engine's move. Returns whether it did.
    fn ponder_hit(&mut self, text: &str) -> bool {
        let Some((expected, hit)) = &self.xboard.pondering else { return false };
        let Ok(m) = parse_move(&self.position, text, Protocol::Xboard) else { return false };
        let Some(Job::Search(handle)) = &self.job else { return false };
        if m != *expected {
            return false;
        }
        hit.store(true, Ordering::Release);
        handle.ponderhit();
        self.position.make_move(m);
        self.xboard.pondering = None;
        true
    }
}
