//! A panic in a search thread is a bug the search survives: it still gives a legal move,
//! and it counts the panic in its result and reports it on stderr (`BUG: ...`), which the
//! other tests fail on. The panic is asked for with `EKUMEN_TEST_PANIC`; this binary holds
//! one test, so setting the variable races with nothing.

use ekumen_movegen::{AnyPosition, VariantId};
use ekumen_search::{panics_caught, Limits, SearchSettings, Searcher, TEST_PANIC_VAR};

#[test]
fn a_panicking_search_thread_is_counted_and_the_search_goes_on() {
    let pos = AnyPosition::startpos(VariantId::Gothic, false);
    let settings = SearchSettings { threads: 3, ..SearchSettings::default() };
    let mut searcher = Searcher::new(settings);
    let limits = Limits { depth: Some(5), ..Limits::default() };
    for (thread, panics) in [("search helper", 2), ("search", 1), ("nothing", 0)] {
        std::env::set_var(TEST_PANIC_VAR, thread);
        let before = panics_caught();
        let (result, _) = searcher.search_to_end(&pos, limits.clone()).expect("a result");
        assert_eq!(result.panics, panics, "{thread}");
        assert_eq!(panics_caught() - before, u64::from(panics), "{thread}");
        let best = result.best.expect("a move");
        assert!(pos.legal_moves().contains(&best), "{thread}");
    }
    std::env::remove_var(TEST_PANIC_VAR);
}
