//! The evaluation's caches change no score: along random games in every variant, the
//! evaluation through a search thread's pawn and material caches equals the evaluation
//! from scratch, with caches of the usual size (entries found again as the games return
//! to earlier pawn structures and material balances) and with caches of two entries
//! (entries replaced at almost every step, pawn covers asked for other king squares).

use ekumen_eval::{evaluate, evaluate_cached, Evaluate, MaterialCache, PawnCache};
use ekumen_movegen::{for_variant, Position, Rng, VariantId};

fn games_agree<V: Evaluate>(
    cache: &mut PawnCache<V>,
    material: &mut MaterialCache<V>,
    seed: u64,
) -> usize {
    let mut rng = Rng::new(seed);
    let mut checked = 0;
    for game in 0..12 {
        let mut pos = Position::<V>::startpos();
        for _ in 0..(20 + game * 8) {
            let fen = pos.fen();
            assert_eq!(
                evaluate_cached(&pos, cache, material),
                evaluate(&pos),
                "{}: {fen}",
                V::NAME
            );
            // Twice: the second evaluation reads the entries the first one filled.
            assert_eq!(evaluate_cached(&pos, cache, material), evaluate(&pos), "{}", V::NAME);
            checked += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.make_move(moves[rng.below(moves.len())]);
        }
    }
    checked
}

#[test]
fn cached_evaluation_equals_the_evaluation_from_scratch() {
    for variant in VariantId::ALL {
        let checked = for_variant!(variant, V => {
            games_agree::<V>(&mut PawnCache::new(), &mut MaterialCache::new(), 7)
                + games_agree::<V>(
                    &mut PawnCache::with_entries(2),
                    &mut MaterialCache::with_entries(2),
                    11,
                )
        });
        assert!(checked > 500, "{variant}: only {checked} positions");
    }
}

/// A fresh pawn cache's slots hold the entry of a board without pawns, and a fresh
/// material cache's the balance of bare kings, unmarked: such positions read from them
/// must score as from scratch.
#[test]
fn pawnless_and_bare_positions_read_from_fresh_caches_score_as_from_scratch() {
    fn agree<V: Evaluate>(fen: &str) {
        let pos = Position::<V>::from_fen(fen, false).expect("a valid FEN");
        let (mut cache, mut material) =
            (PawnCache::with_entries(2), MaterialCache::with_entries(2));
        let cached = evaluate_cached(&pos, &mut cache, &mut material);
        assert_eq!(cached, evaluate(&pos), "{}: {fen}", V::NAME);
    }
    use ekumen_movegen::variants::{Chess, Gothic};
    agree::<Chess>("4k3/8/8/3q4/8/8/2R5/4K3 w - - 0 1");
    agree::<Chess>("8/5k2/8/8/2B5/8/1K6/7r b - - 0 1");
    agree::<Gothic>("5k4/10/10/4c5/10/10/2A7/5K4 w - - 0 1");
    agree::<Gothic>("5k4/10/10/10/10/10/10/5K4 b - - 0 1");
}
