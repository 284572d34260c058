//! `ekumen datagen`: self-play games whose positions, scored by Ekumen's own search, become
//! training samples for the network evaluation (the format is `ekumen_nnue::sample`'s).
//!
//! # A game
//! - **Opening**: a position drawn from the variant's book (`books/<variant>.epd`, or
//!   `--openings`), then `--random-plies` uniformly random legal moves (default 4). A
//!   search of [`OPENING_CHECK_NODES`] nodes then judges it; it is drawn again if its
//!   score lies more than [`OPENING_MARGIN`] cp from the balanced score. The balanced
//!   score is that search's score of the variant's start position, not 0: shinobi's
//!   start is worth about -3 pawns to White and coherent's +1, and centring on 0 would
//!   keep only openings in which one side has already lost its natural edge (the books
//!   are centred the same way, books/README.md). The random plies make almost every game
//!   new, and the check drops walks that simply hung a piece.
//! - **Moves**: every move is a single-threaded search of `--nodes` nodes, with the
//!   game's history (repetitions count), evaluating as a game would (the variant's net
//!   where it has one, else the classical evaluation), or with the classical evaluation
//!   (`--classical`), or with the net of `--eval-file`: so the data of one generation of
//!   nets can be made again once the next one is built in. Each worker thread owns one search with a
//!   [`HASH_MB`] MB table, cleared with its histories before every game, so that a game
//!   depends only on its seed and not on the games its thread played before.
//! - **End**: the rules end the game (`Position::outcome`: mate, stalemate as the variant
//!   scores it, campmate, repetition and perpetual check, the fifty-move rule, dead
//!   positions). Or it is adjudicated: a win once the score has been at least
//!   [`WIN_SCORE`] cp (or a mate) for the same side, from White's view, for
//!   [`WIN_PLIES`] plies in a row; a draw once ply [`DRAW_AFTER_PLY`] is passed and the
//!   score has stayed within [`DRAW_SCORE`] cp for [`DRAW_PLIES`] plies in a row, or at
//!   ply [`MAX_GAME_PLIES`] whatever the score. These are the usual choices of
//!   self-play generators: a 20-pawn lead is never lost by a search of a few thousand
//!   nodes, and long games of near-zero scores are draws that would only add
//!   near-duplicate positions.
//!
//! # What is written
//! Every game goes to the variant's folder of the data store (`--store`, default `data`;
//! the format and the folder are `ekumen_records`'): its book position, the random plies,
//! and every searched move with its score (side to move's view; mates kept as mates), its
//! result and how it ended. Which positions a net learns from is decided when it is
//! trained, so nothing is filtered here. A game that the rules end is recorded up to the
//! position where they end it: the rules are asked before the adjudication, so that a
//! replay of the record reaches the same end.
//!
//! # Chunks, threads and resuming
//! Each finished game is appended, whole, to the store's journal; once the journal holds
//! `--chunk-positions` searched positions it becomes a compressed chunk with its
//! manifest line, and the next chunk begins. The run stops after `--chunks` chunks (0:
//! until it is killed), and the games still being played then go to the journal of the
//! next chunk. A run killed at any point loses only its games in progress: the same
//! command resumes the chunk where the journal stands.
//!
//! Game `i` of a run (from 0) draws its opening with a generator seeded by `--seed`, the
//! chunk the run starts in, the games the journal already held and `i`, so a resumed run
//! plays new games, and one thread gives the same games for the same arguments. With
//! `--threads T` each thread plays whole games, taking the next game number when it
//! finishes one: the same games, written in the order they finish.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ekumen_movegen::{dispatch, random, AnyPosition, Color, GameResult, Move, Rng, VariantId};
use ekumen_records::store::{Journal, Settings};
use ekumen_records::{Ending, GameWriter, Score};
use ekumen_search::{nets, Limits, SearchScore, SearchSettings, Searcher};

/// Nodes of the search that judges an opening.
pub const OPENING_CHECK_NODES: u64 = 1000;
/// How far an opening's score may lie from the balanced score, in centipawns.
pub const OPENING_MARGIN: i32 = 200;
/// How many openings a game may draw before it takes the last one whatever its score.
const OPENING_ATTEMPTS: usize = 100;
/// The hash table of each worker's search, in MB.
pub const HASH_MB: usize = 8;
/// A score (White's view, centipawns) that, held long enough, wins the game.
pub const WIN_SCORE: i32 = 2000;
/// How many plies in a row the winning score must hold.
pub const WIN_PLIES: usize = 6;
/// The ply from which a game of small scores can be adjudicated a draw.
pub const DRAW_AFTER_PLY: usize = 200;
/// The largest score (either side, centipawns) that counts as small.
pub const DRAW_SCORE: i32 = 10;
/// How many plies in a row the scores must stay small.
pub const DRAW_PLIES: usize = 8;
/// The ply at which a game still going is drawn.
pub const MAX_GAME_PLIES: usize = 600;
/// How often the progress line is printed.
const PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// `ekumen datagen`'s command line.
#[derive(clap::Args, Debug)]
pub struct DatagenArgs {
    /// The variant (a UCI_Variant value).
    #[arg(long)]
    pub variant: VariantId,
    /// Nodes searched for every move.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// The data store: games go to its folder for the variant.
    #[arg(long, default_value = "data")]
    pub store: PathBuf,
    /// Searched positions that make a chunk.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=4_000_000))]
    pub chunk_positions: u64,
    /// Chunks to finish before stopping (0: until killed).
    #[arg(long, default_value_t = 1)]
    pub chunks: u64,
    /// Worker threads, each playing whole games with its own search.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// Seed of the openings' random plies.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Book of start positions, one FEN a line (default: books/<variant>.epd).
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Random legal plies played after the book position.
    #[arg(long, default_value_t = 4)]
    pub random_plies: u32,
    /// Searches with the classical evaluation even where the variant has a net.
    #[arg(long, conflicts_with = "eval_file")]
    pub classical: bool,
    /// A net file for the variant, to search with in place of its built-in net.
    #[arg(long)]
    pub eval_file: Option<PathBuf>,
}

/// Runs `ekumen datagen`; errors go to stderr with a nonzero exit code.
pub fn run(args: &DatagenArgs) -> ExitCode {
    let result = generate(args);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// What a run needs to play games, shared by its workers.
struct Plan {
    variant: VariantId,
    book: Vec<String>,
    nodes: u64,
    random_plies: u32,
    /// The seed of game 0 of this run; game `i` mixes `i` in.
    seed: u64,
    /// The balanced score, White's view (see the module documentation).
    centre: i32,
}

/// A finished game's record.
struct FinishedGame {
    record: Vec<u8>,
    millis: u32,
}

fn generate(args: &DatagenArgs) -> Result<(), String> {
    let book_path = args
        .openings
        .clone()
        .unwrap_or_else(|| PathBuf::from("books").join(format!("{}.epd", args.variant.name())));
    let book = read_book(&book_path, args.variant)?;
    let use_nnue = !args.classical;
    let evaluation = match &args.eval_file {
        Some(path) => load_net(path, args.variant)?,
        None => match nets::net_name(args.variant) {
            Some(name) if use_nnue => name,
            _ => "classical".to_string(),
        },
    };
    let dir = args.store.join(args.variant.name());
    let settings = Settings {
        variant: args.variant,
        evaluation: evaluation.clone(),
        nodes: args.nodes,
        seed: args.seed,
    };
    let mut journal = Journal::open(&dir, settings)?;
    let start = AnyPosition::startpos(args.variant, false);
    let start_score = judge(&mut new_searcher(use_nnue), &start).unwrap_or(0);
    let plan = Arc::new(Plan {
        variant: args.variant,
        book,
        nodes: args.nodes,
        random_plies: args.random_plies,
        seed: mix(mix(args.seed, u64::from(journal.chunk())), journal.games()),
        centre: if start.side_to_move() == Color::White { start_score } else { -start_score },
    });
    let chunks =
        if args.chunks == 0 { "until killed".to_string() } else { args.chunks.to_string() };
    eprintln!(
        "datagen {}: chunks of {} positions ({chunks}) at {} nodes a move with {evaluation} on \
         {} thread{} into {} (chunk {} holds {} positions of {} games)",
        args.variant,
        args.chunk_positions,
        args.nodes,
        args.threads,
        if args.threads == 1 { "" } else { "s" },
        dir.display(),
        journal.chunk(),
        journal.positions(),
        journal.games()
    );

    let next_game = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel::<FinishedGame>();
    let workers: Vec<_> = (0..args.threads)
        .map(|id| {
            let plan = Arc::clone(&plan);
            let next_game = Arc::clone(&next_game);
            let stop = Arc::clone(&stop);
            let sender = sender.clone();
            std::thread::Builder::new()
                .name(format!("datagen {id}"))
                .spawn(move || {
                    let mut searcher = new_searcher(use_nnue);
                    while !stop.load(Ordering::Relaxed) {
                        let game = next_game.fetch_add(1, Ordering::Relaxed);
                        let started = Instant::now();
                        let Some(record) = play_game(&plan, &mut searcher, game) else {
                            continue;
                        };
                        let millis = started.elapsed().as_millis().min(u128::from(u32::MAX));
                        let finished = FinishedGame { record, millis: millis as u32 };
                        if sender.send(finished).is_err() {
                            break;
                        }
                    }
                })
                .map_err(|e| format!("cannot start a worker thread: {e}"))
        })
        .collect::<Result<_, _>>()?;
    drop(sender);

    let mut progress = Progress::new(args.chunk_positions, journal.positions());
    let mut finished_chunks = 0;
    let mut failure = None;
    loop {
        match receiver.recv_timeout(PROGRESS_EVERY) {
            Ok(game) => {
                if let Err(e) = journal.add(&game.record, game.millis) {
                    failure.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
        if journal.positions() >= args.chunk_positions && failure.is_none() {
            match journal.finish_chunk() {
                Ok(entry) => {
                    finished_chunks += 1;
                    crate::print_line(&format!(
                        "datagen {}: wrote {} ({} games, {} positions, {} quiet, {:.1} positions/s \
                         a thread, {} bytes)",
                        args.variant,
                        dir.join(&entry.chunk).display(),
                        entry.games,
                        entry.positions,
                        entry.quiet,
                        entry.rate,
                        entry.bytes
                    ));
                    progress = Progress::new(args.chunk_positions, 0);
                    if args.chunks != 0 && finished_chunks >= args.chunks {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Err(e) => {
                    failure.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
        if progress.due() && !stop.load(Ordering::Relaxed) {
            eprintln!("{}", progress.line(journal.chunk(), journal.positions(), journal.games()));
        }
    }
    for worker in workers {
        worker.join().map_err(|_| "a worker thread failed".to_string())?;
    }
    if let Some(e) = failure {
        return Err(e);
    }
    if journal.games() > 0 {
        eprintln!(
            "datagen {}: chunk {} keeps {} positions of {} games in {} for the next run",
            args.variant,
            journal.chunk(),
            journal.positions(),
            journal.games(),
            dir.join(ekumen_records::store::JOURNAL).display()
        );
    }
    Ok(())
}

fn new_searcher(use_nnue: bool) -> Searcher {
    Searcher::new(SearchSettings {
        threads: 1,
        hash_mb: HASH_MB,
        use_nnue,
        ..SearchSettings::default()
    })
}

/// Loads the net file at `path`, which must be `variant`'s, in place of its built-in net;
/// returns its name.
fn load_net(path: &Path, variant: VariantId) -> Result<String, String> {
    let loaded = nets::load_eval_file(path).map_err(|e| format!("{} {e}", path.display()))?;
    if loaded.variant != variant {
        return Err(format!(
            "{} is a net for {}, not for {variant}",
            path.display(),
            loaded.variant
        ));
    }
    Ok(loaded.name)
}

/// Reads a book: one FEN a line, `#` lines and empty lines skipped.
fn read_book(path: &Path, variant: VariantId) -> Result<Vec<String>, String> {
    let text = fs::read_to_string(path).map_err(|e| {
        format!("cannot read the openings {}: {e} (choose a book with --openings)", path.display())
    })?;
    let mut book = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let position = AnyPosition::from_fen(variant, line, false).map_err(|e| {
            format!("{}:{}: not a {variant} FEN ({e}): {line}", path.display(), number + 1)
        })?;
        if position.outcome().is_none() {
            book.push(position.fen());
        }
    }
    if book.is_empty() {
        return Err(format!("the openings {} hold no playable position", path.display()));
    }
    Ok(book)
}

/// The opening of a game: its book position and the random plies played from it.
struct Opening {
    book: AnyPosition,
    random_moves: Vec<Move>,
    /// The position after the random plies, with them in its history.
    pos: AnyPosition,
}

/// Plays game `game` of the run and returns its record; `None` if a search failed.
fn play_game(plan: &Plan, searcher: &mut Searcher, game: usize) -> Option<Vec<u8>> {
    searcher.clear();
    let mut rng = Rng::new(mix(plan.seed, game as u64));
    let Opening { book, random_moves, mut pos } = opening(plan, searcher, &mut rng);
    let mut writer = dispatch!(&book, p => GameWriter::new(p));
    let mut walk = book;
    for mv in random_moves {
        dispatch!(&walk, p => writer.push(p, mv, Score::NONE));
        walk.make_move(mv);
    }
    let mut white_scores: Vec<i32> = Vec::new();
    let (result, ending) = loop {
        let ply = game_ply(&pos);
        if let Some(outcome) = pos.outcome() {
            break (
                white_result(outcome.result, pos.side_to_move()),
                Ending::Rules(outcome.reason),
            );
        }
        if let Some(adjudged) = adjudicate(&white_scores, ply) {
            let ending = match adjudged {
                GameResult::Draw => Ending::AdjudicatedDraw,
                _ => Ending::AdjudicatedWin,
            };
            break (adjudged, ending);
        }
        if ply >= MAX_GAME_PLIES {
            break (GameResult::Draw, Ending::PlyCap);
        }
        let limits = Limits { nodes: Some(plan.nodes), ..Limits::default() };
        // A search that failed ends the game without a record worth keeping.
        let (result, reports) = searcher.search_to_end(&pos, limits)?;
        let Some(best) = result.best else { break (GameResult::Draw, Ending::NoMove) };
        let score = reports.iter().rev().find(|r| r.multipv == 1).map(|r| r.score);
        let score = score.unwrap_or(SearchScore::Cp(0));
        let white = if pos.side_to_move() == Color::White { 1 } else { -1 };
        white_scores.push(white * centipawns(score));
        dispatch!(&pos, p => writer.push(p, best, record_score(score)));
        pos.make_move(best);
    };
    let mut record = Vec::with_capacity(64 + 3 * writer.len());
    writer.finish(result, ending, &mut record);
    Some(record)
}

/// A search score as a record keeps it.
fn record_score(score: SearchScore) -> Score {
    match score {
        SearchScore::Cp(cp) => Score::centipawns(cp),
        SearchScore::Mating(plies) => Score::mating(plies),
        SearchScore::Mated(plies) => Score::mated(plies),
    }
}

/// The game's opening: a book position and random plies, judged balanced enough.
fn opening(plan: &Plan, searcher: &mut Searcher, rng: &mut Rng) -> Opening {
    let mut last = None;
    for _ in 0..OPENING_ATTEMPTS {
        let fen = &plan.book[rng.below(plan.book.len())];
        let Some(opening) = random_walk(plan, fen, rng) else { continue };
        let white = if opening.pos.side_to_move() == Color::White { 1 } else { -1 };
        if let Some(score) = judge(searcher, &opening.pos) {
            if (white * score - plan.centre).abs() <= OPENING_MARGIN {
                searcher.clear();
                return opening;
            }
        }
        last = Some(opening);
    }
    searcher.clear();
    last.unwrap_or_else(|| {
        let book = book_position(plan, &plan.book[0]);
        Opening { pos: book.clone(), book, random_moves: Vec::new() }
    })
}

fn book_position(plan: &Plan, fen: &str) -> AnyPosition {
    AnyPosition::from_fen(plan.variant, fen, false).expect("book FENs were checked")
}

/// `random_plies` random legal moves from the book position; `None` if the game ends.
fn random_walk(plan: &Plan, fen: &str, rng: &mut Rng) -> Option<Opening> {
    let book = book_position(plan, fen);
    let mut pos = book.clone();
    let mut random_moves = Vec::new();
    for _ in 0..plan.random_plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let mv = moves[rng.below(moves.len())];
        pos.make_move(mv);
        random_moves.push(mv);
        if pos.outcome().is_some() {
            return None;
        }
    }
    Some(Opening { book, random_moves, pos })
}

/// The score of a short search, side to move's view; `None` for a mate score.
fn judge(searcher: &mut Searcher, pos: &AnyPosition) -> Option<i32> {
    searcher.clear();
    let limits = Limits { nodes: Some(OPENING_CHECK_NODES), ..Limits::default() };
    let (_, reports) = searcher.search_to_end(pos, limits)?;
    match reports.iter().rev().find(|r| r.multipv == 1)?.score {
        SearchScore::Cp(cp) => Some(cp),
        _ => None,
    }
}

/// A score in centipawns, mates as far beyond every evaluation.
fn centipawns(score: SearchScore) -> i32 {
    match score {
        SearchScore::Cp(cp) => cp,
        SearchScore::Mating(_) => 100 * WIN_SCORE,
        SearchScore::Mated(_) => -100 * WIN_SCORE,
    }
}

/// The adjudicated result for White, if the scores so far (White's view, one a ply)
/// decide the game at `ply`.
fn adjudicate(white_scores: &[i32], ply: usize) -> Option<GameResult> {
    let recent = |n: usize| white_scores.len() >= n;
    if recent(WIN_PLIES) {
        let last = &white_scores[white_scores.len() - WIN_PLIES..];
        if last.iter().all(|&s| s >= WIN_SCORE) {
            return Some(GameResult::Win);
        }
        if last.iter().all(|&s| s <= -WIN_SCORE) {
            return Some(GameResult::Loss);
        }
    }
    if ply >= DRAW_AFTER_PLY && recent(DRAW_PLIES) {
        let last = &white_scores[white_scores.len() - DRAW_PLIES..];
        if last.iter().all(|&s| s.abs() <= DRAW_SCORE) {
            return Some(GameResult::Draw);
        }
    }
    None
}

/// A result for the side to move, seen from White.
fn white_result(result: GameResult, side_to_move: Color) -> GameResult {
    match (result, side_to_move) {
        (_, Color::White) | (GameResult::Draw, _) => result,
        (GameResult::Win, Color::Black) => GameResult::Loss,
        (GameResult::Loss, Color::Black) => GameResult::Win,
    }
}

/// Plies played since the book position.
fn game_ply(pos: &AnyPosition) -> usize {
    dispatch!(pos, p => p.game_ply())
}

/// Mixes two numbers into a seed (SplitMix64's finaliser on their combination).
fn mix(a: u64, b: u64) -> u64 {
    random::mix(a.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ b.wrapping_add(0x6a09_e667_f3bc_c909))
}

/// The progress line's clock.
struct Progress {
    chunk_positions: u64,
    /// Positions in the journal when the clock started.
    positions_before: u64,
    start: Instant,
    last_line: Instant,
}

impl Progress {
    fn new(chunk_positions: u64, positions_before: u64) -> Progress {
        let now = Instant::now();
        Progress { chunk_positions, positions_before, start: now, last_line: now }
    }

    fn due(&mut self) -> bool {
        let due = self.last_line.elapsed() >= PROGRESS_EVERY;
        if due {
            self.last_line = Instant::now();
        }
        due
    }

    fn line(&self, chunk: u32, positions: u64, games: u64) -> String {
        let seconds = self.start.elapsed().as_secs_f64().max(1e-3);
        let rate = positions.saturating_sub(self.positions_before) as f64 / seconds;
        let left = if rate > 0.0 {
            clock((self.chunk_positions.saturating_sub(positions) as f64 / rate) as u64)
        } else {
            "?".to_string()
        };
        format!(
            "chunk {chunk}: positions {positions}/{}, games {games}, {rate:.0} positions/s, \
             {left} left",
            self.chunk_positions
        )
    }
}

/// `h:mm:ss`.
fn clock(seconds: u64) -> String {
    format!("{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjudication_needs_a_lasting_score() {
        let mut scores = vec![0; 10];
        assert_eq!(adjudicate(&scores, 10), None);
        scores.extend([WIN_SCORE; WIN_PLIES - 1]);
        assert_eq!(adjudicate(&scores, 15), None);
        scores.push(WIN_SCORE + 5);
        assert_eq!(adjudicate(&scores, 16), Some(GameResult::Win));
        let losing = vec![-WIN_SCORE; WIN_PLIES];
        assert_eq!(adjudicate(&losing, 6), Some(GameResult::Loss));
        let quiet = vec![3; DRAW_PLIES];
        assert_eq!(adjudicate(&quiet, DRAW_AFTER_PLY - 1), None);
        assert_eq!(adjudicate(&quiet, DRAW_AFTER_PLY), Some(GameResult::Draw));
    }

    #[test]
    fn results_turn_to_whites_view() {
        assert_eq!(white_result(GameResult::Win, Color::Black), GameResult::Loss);
        assert_eq!(white_result(GameResult::Loss, Color::Black), GameResult::Win);
        assert_eq!(white_result(GameResult::Draw, Color::Black), GameResult::Draw);
        assert_eq!(white_result(GameResult::Win, Color::White), GameResult::Win);
    }

    #[test]
    fn seeds_differ_by_game() {
        assert_ne!(mix(1, 0), mix(1, 1));
        assert_ne!(mix(1, 0), mix(2, 0));
    }
}
