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
//! A sample is a searched position with its search score (side to move's view, in
//! centipawns, clamped to `i16`), the game's result for White and its ply counted from
//! the book position (the random plies are the game's first moves). Kept are only quiet
//! positions, where a static evaluation can be right:
//! - not in check, and the search's move is neither a capture nor a promotion: there the
//!   score belongs to the exchange under way, not to the position;
//! - the score is not a mate score (mates have no centipawn value to learn);
//! - not among the first [`SKIPPED_PLIES`] plies searched: right after the random plies a
//!   piece is often still hanging in a way the other filters miss, and the first moves
//!   out of the book would otherwise weigh heavily in the set.
//!
//! About two thirds of the positions searched pass the filters in chess.
//!
//! # The file, threads and resuming
//! A whole game's samples go to the file in one `write_all`, so a kill or Ctrl-C loses at
//! most the games in progress (and can leave a partial sample at the end). If the file
//! exists, its header must be this variant's and this format's; any partial sample at its
//! end is cut off, and the games are appended. `--games` counts the games the file should
//! hold: a run stopped and started again with the same command plays only the games
//! still missing, and a run on a finished file plays none, so raise `--games` to add
//! more. The games in a file are counted by the ply count starting again, so a game that
//! kept no sample, or one whose first kept ply is later than the previous game's last,
//! goes uncounted: a resumed file may get a game or two more than asked.
//!
//! Game `i` of a run (from 0) draws its opening with a generator seeded by `--seed`, the
//! number of samples already in the file and `i`. A fresh file and one thread therefore
//! give byte-identical files for the same arguments, and a resumed run plays new games,
//! not those already in the file. With `--threads T` each thread plays whole games, taking
//! the next game number when it finishes one: the same games, the same samples per game,
//! written in the order they finish.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ekumen_movegen::{dispatch, for_variant, AnyPosition, Color, GameResult, MoveKind, Rng};
use ekumen_movegen::{Variant, VariantId};
use ekumen_nnue::sample::{self, Sample};
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
/// Searched plies at the start of a game that give no sample.
pub const SKIPPED_PLIES: usize = 8;
/// How often the progress line is printed.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

/// `ekumen datagen`'s command line.
#[derive(clap::Args, Debug)]
pub struct DatagenArgs {
    /// The variant (a UCI_Variant value).
    #[arg(long, value_parser = crate::parse_variant)]
    pub variant: VariantId,
    /// How many games the output file should hold (those already in it count).
    #[arg(long)]
    pub games: usize,
    /// Nodes searched for every move.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
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
    /// The sample file, created or appended to.
    #[arg(long)]
    pub out: PathBuf,
    /// Searches with the classical evaluation even where the variant has a net.
    #[arg(long, conflicts_with = "eval_file")]
    pub classical: bool,
    /// A net file for the variant, to search with in place of its built-in net.
    #[arg(long)]
    pub eval_file: Option<PathBuf>,
}

/// Runs `ekumen datagen`; errors go to stderr with a nonzero exit code.
pub fn run(args: &DatagenArgs) -> ExitCode {
    let result = for_variant!(args.variant, V => generate::<V>(args));
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

/// A finished game's encoded samples.
struct GameSamples {
    bytes: Vec<u8>,
    count: usize,
}

/// The samples and games a file holds.
#[derive(Clone, Copy, Default)]
struct FileCounts {
    samples: usize,
    games: usize,
}

fn generate<V: Variant>(args: &DatagenArgs) -> Result<(), String> {
    let book_path = args
        .openings
        .clone()
        .unwrap_or_else(|| PathBuf::from("books").join(format!("{}.epd", args.variant.name())));
    let book = read_book(&book_path, args.variant)?;
    if let Some(path) = &args.eval_file {
        load_net(path, args.variant)?;
    }
    let use_nnue = !args.classical;
    let evaluation = match nets::net_name(args.variant) {
        Some(name) if use_nnue => format!("net {name}"),
        _ => "the classical evaluation".to_string(),
    };
    let (mut file, existing) = open_output::<V>(&args.out)?;
    let to_play = args.games.saturating_sub(existing.games);
    if to_play == 0 {
        eprintln!(
            "{} already holds {} games ({} positions); nothing to do",
            args.out.display(),
            existing.games,
            existing.samples
        );
        return Ok(());
    }
    let start = AnyPosition::startpos(args.variant, false);
    let start_score = judge(&mut new_searcher(use_nnue), &start).unwrap_or(0);
    let plan = Arc::new(Plan {
        variant: args.variant,
        book,
        nodes: args.nodes,
        random_plies: args.random_plies,
        seed: mix(args.seed, existing.samples as u64),
        centre: if start.side_to_move() == Color::White { start_score } else { -start_score },
    });
    eprintln!(
        "datagen {}: {to_play} games at {} nodes a move with {evaluation} on {} thread{} \
         into {} (holding {} games, {} positions)",
        args.variant,
        args.nodes,
        args.threads,
        if args.threads == 1 { "" } else { "s" },
        args.out.display(),
        existing.games,
        existing.samples
    );

    let next_game = Arc::new(AtomicUsize::new(0));
    let (sender, receiver) = mpsc::channel::<GameSamples>();
    let workers: Vec<_> = (0..args.threads)
        .map(|id| {
            let plan = Arc::clone(&plan);
            let next_game = Arc::clone(&next_game);
            let sender = sender.clone();
            std::thread::Builder::new()
                .name(format!("datagen {id}"))
                .spawn(move || {
                    let mut searcher = new_searcher(use_nnue);
                    loop {
                        let game = next_game.fetch_add(1, Ordering::Relaxed);
                        if game >= to_play {
                            break;
                        }
                        let samples = play_game::<V>(&plan, &mut searcher, game);
                        if sender.send(samples).is_err() {
                            break;
                        }
                    }
                })
                .map_err(|e| format!("cannot start a worker thread: {e}"))
        })
        .collect::<Result<_, _>>()?;
    drop(sender);

    let mut progress = Progress::new(to_play, existing);
    loop {
        match receiver.recv_timeout(PROGRESS_EVERY) {
            Ok(game) => {
                file.write_all(&game.bytes)
                    .map_err(|e| format!("cannot write to {}: {e}", args.out.display()))?;
                progress.add(game.count);
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
        if progress.due() {
            eprintln!("{}", progress.line());
            progress.games_shown = progress.games;
        }
    }
    for worker in workers {
        worker.join().map_err(|_| "a worker thread failed".to_string())?;
    }
    file.flush().map_err(|e| format!("cannot write to {}: {e}", args.out.display()))?;
    if progress.games > progress.games_shown {
        eprintln!("{}", progress.line());
    }
    crate::print_line(&format!(
        "datagen {}: wrote {} positions of {} games to {} (it holds {} positions of {} games)",
        args.variant,
        progress.samples,
        progress.games,
        args.out.display(),
        existing.samples + progress.samples,
        existing.games + progress.games
    ));
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

/// Loads the net file at `path`, which must be `variant`'s, in place of its built-in net.
fn load_net(path: &Path, variant: VariantId) -> Result<(), String> {
    let loaded = nets::load_eval_file(path).map_err(|e| format!("{} {e}", path.display()))?;
    if loaded.variant != variant {
        return Err(format!(
            "{} is a net for {}, not for {variant}",
            path.display(),
            loaded.variant
        ));
    }
    Ok(())
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

/// Opens the sample file for appending: a new (or empty) one gets the header; an existing
/// one is checked, cut after its last whole sample and counted. The file stays locked
/// while the run writes it, so that a second run on the same file is refused rather than
/// interleaving its games with the first's.
fn open_output<V: Variant>(path: &Path) -> Result<(File, FileCounts), String> {
    let cannot = |e: std::io::Error| format!("cannot open {}: {e}", path.display());
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(cannot)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            return Err(format!("{} is being written by another run", path.display()))
        }
        Err(TryLockError::Error(e)) => return Err(cannot(e)),
    }
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.is_empty() {
        file.write_all(&sample::header::<V>()).map_err(cannot)?;
        return Ok((file, FileCounts::default()));
    }
    let whole = sample::complete_length::<V>(&bytes)
        .map_err(|why| format!("{} cannot be appended to: {why}", path.display()))?;
    let mut counts = FileCounts::default();
    let mut last_ply = None;
    for decoded in sample::samples::<V>(&bytes[..whole]) {
        let decoded = decoded.map_err(|why| format!("{}: {why}", path.display()))?;
        if sample::starts_game(last_ply, decoded.ply) {
            counts.games += 1;
        }
        last_ply = Some(decoded.ply);
        counts.samples += 1;
    }
    if whole < bytes.len() {
        eprintln!("{}: cutting a partial sample at byte {whole}", path.display());
        file.set_len(whole as u64).map_err(cannot)?;
    }
    file.seek(SeekFrom::End(0)).map_err(cannot)?;
    Ok((file, counts))
}

/// Plays game `game` of the run and encodes its samples.
fn play_game<V: Variant>(plan: &Plan, searcher: &mut Searcher, game: usize) -> GameSamples {
    searcher.clear();
    let mut rng = Rng::new(mix(plan.seed, game as u64));
    let mut pos = opening(plan, searcher, &mut rng);
    let first_searched = game_ply(&pos);
    // The samples get the result when the game ends.
    let mut kept: Vec<Sample> = Vec::new();
    let mut white_scores: Vec<i32> = Vec::new();
    let result_for_white = loop {
        let ply = game_ply(&pos);
        if let Some(outcome) = pos.outcome() {
            break white_result(outcome.result, pos.side_to_move());
        }
        if ply >= MAX_GAME_PLIES {
            break GameResult::Draw;
        }
        let limits = Limits { nodes: Some(plan.nodes), ..Limits::default() };
        let Some((result, reports)) = searcher.search_to_end(&pos, limits) else {
            // A search that failed ends the game without a result worth keeping.
            return GameSamples { bytes: Vec::new(), count: 0 };
        };
        let Some(best) = result.best else { break GameResult::Draw };
        let score = reports.iter().rev().find(|r| r.multipv == 1).map(|r| r.score);
        let score = score.unwrap_or(SearchScore::Cp(0));
        let white = if pos.side_to_move() == Color::White { 1 } else { -1 };
        white_scores.push(white * centipawns(score));
        let before = pos.clone();
        pos.make_move(best);
        let quiet = !before.in_check()
            && !matches!(best.kind(), MoveKind::Promotion | MoveKind::Promote)
            && !captured_last(&pos);
        if let (SearchScore::Cp(cp), true) = (score, quiet) {
            if ply - first_searched >= SKIPPED_PLIES {
                let cp = cp.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16;
                let ply = ply.min(usize::from(u16::MAX)) as u16;
                kept.push(dispatch!(&before, p => Sample::of(p, cp, 0, ply)));
            }
        }
        if let Some(adjudged) = adjudicate(&white_scores, ply + 1) {
            break adjudged;
        }
    };
    let result = match result_for_white {
        GameResult::Loss => 0,
        GameResult::Draw => 1,
        GameResult::Win => 2,
    };
    let mut bytes = Vec::with_capacity(kept.len() * 48);
    for sample in &mut kept {
        sample.result = result;
        sample.encode::<V>(&mut bytes);
    }
    GameSamples { bytes, count: kept.len() }
}

/// The game's opening: a book position and random plies, judged balanced enough.
fn opening(plan: &Plan, searcher: &mut Searcher, rng: &mut Rng) -> AnyPosition {
    let mut last = None;
    for _ in 0..OPENING_ATTEMPTS {
        let fen = &plan.book[rng.below(plan.book.len())];
        let Some(pos) = random_walk(plan, fen, rng) else { continue };
        let white = if pos.side_to_move() == Color::White { 1 } else { -1 };
        if let Some(score) = judge(searcher, &pos) {
            if (white * score - plan.centre).abs() <= OPENING_MARGIN {
                searcher.clear();
                return pos;
            }
        }
        last = Some(pos);
    }
    searcher.clear();
    last.unwrap_or_else(|| book_position(plan, &plan.book[0]))
}

fn book_position(plan: &Plan, fen: &str) -> AnyPosition {
    AnyPosition::from_fen(plan.variant, fen, false).expect("book FENs were checked")
}

/// `random_plies` random legal moves from the book position; `None` if the game ends.
fn random_walk(plan: &Plan, fen: &str, rng: &mut Rng) -> Option<AnyPosition> {
    let mut pos = book_position(plan, fen);
    for _ in 0..plan.random_plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        pos.make_move(moves[rng.below(moves.len())]);
        if pos.outcome().is_some() {
            return None;
        }
    }
    Some(pos)
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

/// Whether the last move played captured.
fn captured_last(pos: &AnyPosition) -> bool {
    dispatch!(pos, p => p.last_captured().is_some())
}

/// Plies played since the book position.
fn game_ply(pos: &AnyPosition) -> usize {
    dispatch!(pos, p => p.game_ply())
}

/// Mixes two numbers into a seed (SplitMix64's finaliser on their combination).
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ b.wrapping_add(0x6a09_e667_f3bc_c909);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Counts for the progress line.
struct Progress {
    to_play: usize,
    before: FileCounts,
    games: usize,
    samples: usize,
    /// The games done at the last progress line.
    games_shown: usize,
    start: Instant,
    last_line: Instant,
}

impl Progress {
    fn new(to_play: usize, before: FileCounts) -> Progress {
        let now = Instant::now();
        Progress {
            to_play,
            before,
            games: 0,
            samples: 0,
            games_shown: 0,
            start: now,
            last_line: now,
        }
    }

    fn add(&mut self, samples: usize) {
        self.games += 1;
        self.samples += samples;
    }

    fn due(&mut self) -> bool {
        let due = self.last_line.elapsed() >= PROGRESS_EVERY;
        if due {
            self.last_line = Instant::now();
        }
        due
    }

    fn line(&self) -> String {
        let seconds = self.start.elapsed().as_secs_f64().max(1e-3);
        let left = if self.games == 0 {
            "?".to_string()
        } else {
            let per_game = seconds / self.games as f64;
            clock((per_game * (self.to_play - self.games) as f64) as u64)
        };
        format!(
            "games {}/{} (file {}), positions {} (file {}), {:.0} positions/s, {} left",
            self.games,
            self.to_play,
            self.before.games + self.games,
            self.samples,
            self.before.samples + self.samples,
            self.samples as f64 / seconds,
            left
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
