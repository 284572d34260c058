//! Searching with a net in every variant: the accumulators follow the search's moves,
//! null moves and take-backs (each evaluation is checked against a fresh one in builds
//! with debug assertions), the search is as deterministic as with the classical
//! evaluation, and `use_nnue` switches the net off.

mod common;

use ekumen_movegen::{for_variant, AnyPosition, Rng, VariantId};
use ekumen_nnue::features::Inputs;
use ekumen_nnue::file::Activation;
use ekumen_nnue::random_net::{random_net, Weights};
use ekumen_search::{nets, Limits, SearchSettings, Searcher};

/// Loads a random net for `V` through a file, as `EvalFile` does.
fn load_random_net<V: Inputs>(seed: u64) {
    let net = random_net::<V>(
        &mut Rng::new(seed),
        32,
        2,
        Activation::SquaredClippedRelu,
        Weights::Trained,
    );
    let path = std::env::temp_dir().join(format!(
        "ekumen-net-search-{}-{}.nnue",
        std::process::id(),
        V::NAME
    ));
    std::fs::write(&path, net.to_bytes()).expect("a scratch file");
    let loaded = nets::load_eval_file(&path).expect("a random net loads");
    std::fs::remove_file(&path).ok();
    assert_eq!(loaded.name, net.name);
}

/// The nodes and best move of a depth-limited search of `pos`.
fn search(pos: &AnyPosition, use_nnue: bool, threads: usize) -> (u64, String) {
    let settings = SearchSettings { use_nnue, threads, hash_mb: 4, ..SearchSettings::default() };
    let mut searcher = Searcher::new(settings);
    let limits = Limits { depth: Some(6), ..Limits::default() };
    let (result, _) = common::search_to_end(&mut searcher, pos, limits);
    let best = result.best.expect("a legal move");
    assert!(pos.legal_moves().contains(&best), "{best:?} is legal");
    (result.nodes, pos.move_to_uci(best))
}

#[test]
fn every_variant_searches_with_a_net() {
    let mut rng = Rng::new(7);
    for (i, variant) in VariantId::ALL.into_iter().enumerate() {
        for_variant!(variant, V => load_random_net::<V>(100 + i as u64));
        assert!(nets::net_name(variant).is_some(), "{variant} has the net");
        let mut pos = AnyPosition::startpos(variant, false);
        for _ in 0..6 {
            let moves = pos.legal_moves();
            pos.make_move(moves[rng.below(moves.len())]);
        }
        let with_net = search(&pos, true, 1);
        assert_eq!(search(&pos, true, 1), with_net, "{variant}: one thread is deterministic");
        let classical = search(&pos, false, 1);
        assert_ne!(classical.0, with_net.0, "{variant}: the net changes the search");
        search(&pos, true, 2);
    }
}
