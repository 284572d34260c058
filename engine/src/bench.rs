//! `bench`: a fixed search over fixed positions of every variant, for speed comparisons
//! and as a build signature (OpenBench reads the last line, `<N> nodes <M> nps`, and
//! expects N to be the same on every run and machine).
//!
//! The positions are each variant's start position and the positions reached from it
//! after a few plies chosen by a fixed pseudo-random sequence, so every variant the rules
//! core defines is covered without a hand-kept list. The search runs single-threaded to a
//! fixed depth with no clock, which makes the node count deterministic.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ekumen_movegen::{AnyPosition, Move, Rng, VariantId};
use ekumen_search::{
    IterationReport, Limits, SearchObserver, SearchResult, SearchSettings, Searcher,
};

/// The depth `bench` searches to when none is given.
pub const DEFAULT_DEPTH: u32 = 9;

/// How many plies into the game each bench position lies, per variant.
const PLIES_PLAYED: [usize; 3] = [0, 7, 16];

/// Nodes and time of a bench run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchSummary {
    pub nodes: u64,
    pub elapsed: Duration,
}

impl BenchSummary {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let micros = self.elapsed.as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / micros) as u64
    }

    /// The line OpenBench reads.
    pub fn last_line(&self) -> String {
        format!("{} nodes {} nps", self.nodes, self.nps())
    }
}

/// The bench positions: for each variant, its start and a few positions of a fixed game.
pub fn positions() -> Vec<AnyPosition> {
    let mut positions = Vec::new();
    for variant in VariantId::ALL {
        let mut random = Rng::new(0x2545_F491_4F6C_DD1D ^ variant.name().len() as u64);
        let mut pos = AnyPosition::startpos(variant, false);
        let mut played = 0;
        for &target in &PLIES_PLAYED {
            while played < target {
                let moves: Vec<Move> = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.make_move(moves[random.below(moves.len())]);
                played += 1;
            }
            if played == target {
                // Start afresh from the FEN so the search sees no game history.
                let fen = pos.fen();
                positions
                    .push(AnyPosition::from_fen(variant, &fen, false).expect("our own FEN parses"));
            }
        }
    }
    positions
}

struct Silent;

impl SearchObserver for Silent {
    fn iteration(&mut self, _: &IterationReport) {}
    fn finished(&mut self, _: &SearchResult) {}
}

/// Searches every bench position to `depth`, printing progress to stderr, until `stop`.
pub fn run(depth: u32, stop: &AtomicBool) -> BenchSummary {
    let mut searcher = Searcher::new(SearchSettings::default());
    let positions = positions();
    let mut nodes = 0;
    let start = Instant::now();
    for (i, pos) in positions.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        eprintln!("Position: {}/{} ({} {})", i + 1, positions.len(), pos.variant(), pos.fen());
        let limits = Limits { depth: Some(depth), ..Limits::default() };
        let search = searcher.start(pos.clone(), limits, Box::new(Silent));
        while !search.is_finished() {
            if stop.load(Ordering::Relaxed) {
                search.stop();
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        nodes += search.wait().map_or(0, |result| result.nodes);
    }
    let summary = BenchSummary { nodes, elapsed: start.elapsed() };
    eprintln!("\n===========================");
    eprintln!("Total time (ms) : {}", summary.elapsed.as_millis());
    eprintln!("Nodes searched  : {}", summary.nodes);
    eprintln!("Nodes/second    : {}", summary.nps());
    summary
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_bench_positions() {
        let positions = positions();
        for variant in VariantId::ALL {
            assert!(positions.iter().any(|p| p.variant() == variant), "{variant}");
        }
    }

    #[test]
    fn node_count_is_repeatable() {
        let stop = AtomicBool::new(false);
        assert_eq!(run(2, &stop).nodes, run(2, &stop).nodes);
    }
}
