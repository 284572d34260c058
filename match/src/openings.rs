//! Start positions for the games.
//!
//! Games are played in pairs: both games of a pair start from the same opening, with the
//! colours swapped, so that an unbalanced opening favours neither engine. The opening of
//! pair `k` is a function of `k` and the seed alone, whatever the concurrency:
//!
//! - **start position** (default): every game starts from the variant's start position.
//! - **file**: one FEN per line (EPD lines too: only their first four fields are used
//!   when the line is not a whole FEN); empty lines and lines starting with `#` are
//!   skipped. Every position is checked against the rules when the file is read and
//!   stored in Ekumen's (Fairy-Stockfish's) FEN form. Taken in file order, or shuffled
//!   with the seed; pair `k` gets entry `k mod count` of that order.
//! - **random openings** of N plies: N uniformly random legal moves from the start
//!   position, with a generator seeded by (seed, k); a walk on which the game ends (or
//!   is over right after the last ply) is drawn again. Nothing judges whether the result
//!   is balanced: the runner plays no chess of its own, so that a change to the engines
//!   it measures cannot change the openings a seed gives. Random plies in gothic often
//!   leave a piece hanging or a compound piece giving check, so such openings suit
//!   quick tests; measurements use a fixed book (`books/<variant>.epd`).

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::sync::{Arc, Mutex};

use ekumen_movegen::{AnyPosition, Rng, VariantId};

use crate::cli::OpeningOrder;
use crate::config::OpeningSpec;

/// A start position for a pair of games. Only its FEN is kept (a position carries room
/// for its history, and a long match holds many openings); [`Opening::position`] rebuilds it.
#[derive(Clone, Debug)]
pub struct Opening {
    pub variant: VariantId,
    /// Fairy-Stockfish-style FEN (as Ekumen prints it).
    pub fen: String,
    /// The variant's own start position (then no `FEN` tag is written).
    pub is_start: bool,
}

impl Opening {
    fn new(position: &AnyPosition) -> Opening {
        let variant = position.variant();
        let fen = position.fen();
        let is_start = fen == AnyPosition::startpos(variant, false).fen();
        Opening { variant, fen, is_start }
    }

    pub fn start(variant: VariantId) -> Opening {
        Opening::new(&AnyPosition::startpos(variant, false))
    }

    /// The position, rebuilt from the FEN.
    pub fn position(&self) -> AnyPosition {
        AnyPosition::from_fen(self.variant, &self.fen, false)
            .expect("an opening's FEN is Ekumen's own and parses")
    }
}

/// Hands out the opening of each game pair.
#[derive(Debug)]
pub enum OpeningBook {
    StartPosition(Opening),
    List(Vec<Opening>),
    Random { variant: VariantId, plies: u32, seed: u64 },
}

/// How many random walks an opening may take before the start position is used.
const RANDOM_ATTEMPTS: usize = 1000;

impl OpeningBook {
    /// Prepares the openings (reads and checks the file).
    ///
    /// # Errors
    /// A message naming the file, and the line with a bad FEN.
    pub fn new(spec: &OpeningSpec, variant: VariantId, seed: u64) -> Result<OpeningBook, String> {
        Ok(match spec {
            OpeningSpec::StartPosition => OpeningBook::StartPosition(Opening::start(variant)),
            OpeningSpec::File { path, order } => {
                let mut openings = read_fens(path, variant)?;
                if *order == OpeningOrder::Random {
                    Rng::new(seed ^ 0x6f70_656e_696e_6773).shuffle(&mut openings);
                }
                OpeningBook::List(openings)
            }
            OpeningSpec::Random { plies } => OpeningBook::Random { variant, plies: *plies, seed },
        })
    }

    /// The opening of game pair `pair` (0-based).
    pub fn for_pair(&self, pair: usize) -> Opening {
        match self {
            OpeningBook::StartPosition(opening) => opening.clone(),
            OpeningBook::List(openings) => openings[pair % openings.len()].clone(),
            OpeningBook::Random { variant, plies, seed } => {
                random_opening(*variant, *plies, *seed, pair)
            }
        }
    }
}

/// Openings by pair index, made on first use and shared by both games of the pair.
#[derive(Debug)]
pub struct OpeningCache {
    book: OpeningBook,
    made: Mutex<BTreeMap<usize, Arc<Opening>>>,
}

impl OpeningCache {
    pub fn new(book: OpeningBook) -> OpeningCache {
        OpeningCache { book, made: Mutex::new(BTreeMap::new()) }
    }

    pub fn get(&self, pair: usize) -> Arc<Opening> {
        let mut made = self.made.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        Arc::clone(made.entry(pair).or_insert_with(|| Arc::new(self.book.for_pair(pair))))
    }
}

/// Reads a file of FENs for `variant`.
fn read_fens(path: &Path, variant: VariantId) -> Result<Vec<Opening>, String> {
    let text = fs::read_to_string(path)
        .map_err(|e| format!("cannot read openings file {}: {e}", path.display()))?;
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let position = parse_fen_or_epd(variant, line).ok_or_else(|| {
            format!("{}:{}: not a {variant} FEN: {line}", path.display(), number + 1)
        })?;
        if let Some(outcome) = position.outcome() {
            return Err(format!(
                "{}:{}: the game is already over there ({:?})",
                path.display(),
                number + 1,
                outcome.reason
            ));
        }
        openings.push(Opening::new(&position));
    }
    if openings.is_empty() {
        return Err(format!("openings file {} has no positions", path.display()));
    }
    Ok(openings)
}

fn parse_fen_or_epd(variant: VariantId, line: &str) -> Option<AnyPosition> {
    if let Ok(position) = AnyPosition::from_fen(variant, line, false) {
        return Some(position);
    }
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() >= 4 {
        let epd = format!("{} 0 1", fields[..4].join(" "));
        return AnyPosition::from_fen(variant, &epd, false).ok();
    }
    None
}

fn random_opening(variant: VariantId, plies: u32, seed: u64, pair: usize) -> Opening {
    let mut rng = Rng::new(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ pair as u64);
    for _ in 0..RANDOM_ATTEMPTS {
        if let Some(position) = random_walk(variant, plies, &mut rng) {
            return Opening::new(&position);
        }
    }
    log::warn!("no random {variant} opening of {plies} plies; using the start position");
    Opening::start(variant)
}

/// `plies` random legal moves from the start; `None` if the game ends on the way. The
/// position returned is rebuilt from its FEN, so it carries no history.
fn random_walk(variant: VariantId, plies: u32, rng: &mut Rng) -> Option<AnyPosition> {
    let mut position = AnyPosition::startpos(variant, false);
    for _ in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            return None;
        }
        position.make_move(moves[rng.below(moves.len())]);
        if position.outcome().is_some() {
            return None;
        }
    }
    AnyPosition::from_fen(variant, &position.fen(), false).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_openings_are_reproducible_and_playable() {
        for variant in VariantId::ALL {
            let a = random_opening(variant, 6, 7, 3);
            let b = random_opening(variant, 6, 7, 3);
            assert_eq!(a.fen, b.fen, "{variant}");
            assert!(!a.is_start, "{variant}");
            assert!(a.position().outcome().is_none(), "{variant}");
            assert!(!a.position().legal_moves().is_empty(), "{variant}");
        }
        let other = random_opening(VariantId::Chess, 6, 7, 4);
        assert_ne!(other.fen, random_opening(VariantId::Chess, 6, 7, 3).fen);
    }

    #[test]
    fn epd_lines_and_bad_lines() {
        let epd = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"x\";";
        let position = parse_fen_or_epd(VariantId::Chess, epd).unwrap();
        assert_eq!(position.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        // Operations whatever they are, or none: the first four fields make the position.
        let bare = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -";
        let counted = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1;";
        for line in [bare, counted] {
            assert_eq!(parse_fen_or_epd(VariantId::Chess, line).unwrap().fen(), position.fen());
        }
        let gothic = AnyPosition::startpos(VariantId::Gothic, false).fen();
        let gothic_epd = gothic.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
        let read = parse_fen_or_epd(VariantId::Gothic, &format!("{gothic_epd} c0 \"start\";"));
        assert_eq!(read.unwrap().fen(), gothic);
        assert!(parse_fen_or_epd(VariantId::Chess, "not a fen").is_none());
        assert!(Opening::start(VariantId::Gothic).is_start);
    }
}
