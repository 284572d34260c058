//! What the search tests share: an observer that records a search, a search run to its
//! end, and the mate and tactics suites. (Each test binary uses part of it.)
#![allow(dead_code)]

use std::sync::{Arc, Mutex};

use ekumen_movegen::{AnyPosition, VariantId};
use ekumen_search::{
    IterationReport, Limits, SearchHandle, SearchObserver, SearchResult, Searcher,
};

/// Records every iteration a search reports (`.0`) and its final result (`.1`).
#[derive(Clone, Default)]
pub struct Collect(pub Arc<Mutex<Vec<IterationReport>>>, pub Arc<Mutex<Option<SearchResult>>>);

impl SearchObserver for Collect {
    fn iteration(&mut self, report: &IterationReport) {
        self.0.lock().unwrap().push(report.clone());
    }
    fn finished(&mut self, result: &SearchResult) {
        *self.1.lock().unwrap() = Some(result.clone());
    }
}

/// Searches `pos` within `limits` and waits for the end: the result and every iteration
/// reported. Fails the test if a search thread panicked (the search survives it).
pub fn search_to_end(
    searcher: &mut Searcher,
    pos: &AnyPosition,
    limits: Limits,
) -> (SearchResult, Vec<IterationReport>) {
    let ended = searcher.search_to_end(pos, limits).expect("the search thread ends normally");
    assert_no_panic(&ended.0, pos);
    ended
}

/// Fails the test if a thread of the search that gave `result` panicked.
pub fn assert_no_panic(result: &SearchResult, pos: &AnyPosition) {
    assert_eq!(result.panics, 0, "a search thread panicked (see BUG: above) on {}", pos.fen());
}

/// Waits for a started search and fails the test if one of its threads panicked.
pub fn wait(handle: SearchHandle, pos: &AnyPosition) -> SearchResult {
    let result = handle.wait().expect("the search thread ends normally");
    assert_no_panic(&result, pos);
    result
}

/// A suite position: a mate in `mate` moves, or a best move `best`.
pub struct Case {
    pub fen: String,
    pub mate: Option<u32>,
    pub best: Option<String>,
}

/// The suite of `variant`, `tests/data/<variant>.epd`: `fen; mate N` or `fen; bm MOVE` lines.
pub fn suite(variant: VariantId) -> Vec<Case> {
    let path = format!("{}/tests/data/{variant}.epd", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut cases = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut fields = line.split(';').map(str::trim);
        let fen = fields.next().unwrap().to_string();
        let mut case = Case { fen, mate: None, best: None };
        for field in fields {
            if let Some(n) = field.strip_prefix("mate ") {
                case.mate = Some(n.parse().unwrap());
            } else if let Some(m) = field.strip_prefix("bm ") {
                case.best = Some(m.to_string());
            }
        }
        cases.push(case);
    }
    cases
}
