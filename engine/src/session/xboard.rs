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
type EngineMove = Arc<Mutex<Option<(u64, Move)>>>;

/// CECP state kept by the session.
#[derive(Debug, Default)]
pub(super) struct XboardState {
    /// The colour the engine plays; `None` in force mode.
    play_color: Option<Color>,
    /// Remaining clock per colour in ms (from `level`, `time`, `otim`).
    clock: [Option<u64>; 2],
    increment_ms: u64,
    moves_per_session: u32,
    move_time_ms: Option<u64>,
    depth: Option<u32>,
    post: bool,
    analyzing: bool,
    engine_move: EngineMove,
    /// Set to end the running search without printing its move.
    abort: Option<Arc<AtomicBool>>,
}

/// Prints a CECP search: thinking lines when `post` is on, then `move M`.
struct XboardPrinter {
    output: Output,
    root: AnyPosition,
    post: bool,
    play_move: bool,
    engine_move: EngineMove,
    abort: Arc<AtomicBool>,
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
                &pv,
            ));
        }
    }

    fn finished(&mut self, result: &SearchResult) {
        if !self.play_move || self.abort.swap(true, Ordering::AcqRel) {
            return;
        }
        if let Some(best) = result.best {
            let text = self.root.move_to_uci(best);
            *self.engine_move.lock().unwrap_or_else(|e| e.into_inner()) =
                Some((self.root.key(), best));
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
    /// searched in.
    fn play_engine_move(&mut self) {
        let pending = self.xboard.engine_move.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some((key, m)) = pending {
            if self.position.key() == key && self.position.legal_moves().contains(&m) {
                self.position.make_move(m);
            }
        }
    }

    /// Ends a running search without its move.
    fn abort_search(&mut self) {
        if let Some(abort) = &self.xboard.abort {
            abort.store(true, Ordering::Release);
        }
        self.finish_job();
        self.play_engine_move();
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
                self.xboard.clock = [Some(base_ms); 2];
                self.xboard.increment_ms = increment_ms;
                self.xboard.move_time_ms = None;
            }
            C::MoveTime { ms } => {
                self.xboard.move_time_ms = Some(ms);
                self.xboard.clock = [None; 2];
            }
            C::Depth(depth) => self.xboard.depth = Some(depth),
            C::Time(centiseconds) | C::OpponentTime(centiseconds) => {
                let ours = self.xboard.play_color.unwrap_or(self.position.side_to_move());
                let color = if matches!(command, C::Time(_)) { ours } else { !ours };
                self.xboard.clock[color.index()] = Some(centiseconds.max(0) as u64 * 10);
            }
            C::UserMove { text, explicit } => {
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
                match super::guarded(|| AnyPosition::from_fen(variant, &fen, self.chess960())) {
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

    /// After the GUI changed the position: analyse it, or move if it is our turn.
    fn after_position_change(&mut self) {
        if self.xboard.analyzing || self.xboard.play_color == Some(self.position.side_to_move()) {
            self.start_xboard_search();
        }
    }

    fn xboard_limits(&self) -> Limits {
        let ms = std::time::Duration::from_millis;
        let x = &self.xboard;
        if x.analyzing {
            return Limits { infinite: true, ..Limits::default() };
        }
        Limits {
            time: x.clock.map(|t| t.map(ms)),
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
        if !self.xboard.analyzing {
            // A finished game is claimed instead of searched, as Fairy-Stockfish does.
            let outcome = super::guarded(|| pos.outcome()).flatten();
            if let Some(outcome) = outcome {
                let claim = pos.legal_moves().is_empty()
                    || matches!(outcome.reason, EndReason::FiftyMoves | EndReason::Repetition);
                if claim {
                    self.say(xboard::result_line(white_result(pos, outcome.result)));
                    return;
                }
            }
        }
        let abort = Arc::new(AtomicBool::new(false));
        self.xboard.abort = Some(Arc::clone(&abort));
        let printer = XboardPrinter {
            output: self.output.clone(),
            root: self.position.clone(),
            post: self.xboard.post,
            play_move: !self.xboard.analyzing,
            engine_move: Arc::clone(&self.xboard.engine_move),
            abort,
        };
        self.searcher.configure(self.settings());
        let mut limits = Limits { started: Some(started), ..self.xboard_limits() };
        let nodes_per_ms = self.spin_option(names::NODES_TIME).max(0) as u64;
        self.node_clock.apply(&mut limits, self.position.side_to_move(), nodes_per_ms);
        let handle = self.searcher.start(self.position.clone(), limits, Box::new(printer));
        self.job = Some(Job::Search(handle));
    }
}
