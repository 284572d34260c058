//! Invariants over random games in every variant: the incremental key equals the key
//! computed from scratch, make/unmake restores the position exactly, FEN round-trips,
//! and the fast generator agrees with the slow replaying one (pseudo-legal moves kept
//! when no royal piece is left attacked), which also checks `is_legal`; the quiescence
//! search's generator gives every legal capture and promotion and nothing but legal
//! moves.

use ekumen_movegen::{dispatch, AnyPosition, MoveKind, MoveList, Position, Variant, VariantId};
use ekumen_tests::data;

fn check_position<V: Variant>(pos: &Position<V>) {
    assert_eq!(pos.key(), pos.compute_key(), "incremental key of {}", pos.fen());
    let fen = pos.fen();
    let reparsed = Position::<V>::from_fen(&fen, pos.chess960()).expect("own FEN parses");
    assert_eq!(reparsed.fen(), fen, "FEN round trip");
    assert_eq!(reparsed.key(), pos.key(), "key after FEN round trip of {fen}");
    let legal = pos.legal_moves();
    let mut fast: Vec<_> = legal.iter().map(|m| m.bits()).collect();
    let mut slow: Vec<_> = pos.legal_moves_by_replay().iter().map(|m| m.bits()).collect();
    fast.sort();
    slow.sort();
    assert_eq!(fast, slow, "fast and replaying generators differ on {fen}");
    assert_eq!(pos.count_legal(), fast.len());
    check_noisy(pos, &legal, &fen);
    for m in pos.pseudo_legal_moves().iter() {
        assert_eq!(
            pos.is_legal(*m),
            legal.contains(*m),
            "is_legal({}) in {fen}",
            pos.move_to_uci(*m)
        );
    }
}

/// `generate_noisy` keeps to legal moves, never castles or drops, and misses no capture
/// or promotion (flips, where every move is one, are not promotions).
fn check_noisy<V: Variant>(pos: &Position<V>, legal: &MoveList, fen: &str) {
    let mut noisy = MoveList::new();
    pos.generate_noisy(&mut noisy);
    let them = !pos.side_to_move();
    for m in noisy.iter() {
        assert!(legal.contains(*m), "noisy {} is legal in {fen}", pos.move_to_uci(*m));
        assert!(
            !matches!(m.kind(), MoveKind::Castle | MoveKind::Drop),
            "noisy {} in {fen}",
            pos.move_to_uci(*m)
        );
    }
    for m in legal.iter() {
        let capture = match m.kind() {
            MoveKind::Castle | MoveKind::Drop => false,
            MoveKind::EnPassant => true,
            _ => pos.piece_on(m.to()).is_some_and(|p| p.color() == them),
        };
        let promotes = match m.kind() {
            MoveKind::Promotion => true,
            MoveKind::Promote => !V::DEMOTION,
            _ => false,
        };
        if capture || promotes {
            assert!(noisy.contains(*m), "noisy moves miss {} in {fen}", pos.move_to_uci(*m));
        }
    }
}

fn random_games<V: Variant>(pos: &Position<V>, games: usize, seed: u64) {
    let mut rng = data::rng(seed);
    for _ in 0..games {
        let mut pos = pos.clone();
        let mut trail = Vec::new();
        for _ in 0..rng.below(200) {
            check_position(&pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            trail.push((pos.fen(), pos.key()));
            pos.make_move(m);
        }
        while let Some((fen, key)) = trail.pop() {
            pos.unmake_move();
            assert_eq!(pos.fen(), fen, "unmake restores the FEN");
            assert_eq!(pos.key(), key, "unmake restores the key");
        }
    }
}

#[test]
fn invariants_hold_in_random_games_of_every_variant() {
    for variant in VariantId::ALL {
        let pos = AnyPosition::startpos(variant, false);
        dispatch!(&pos, p => random_games(p, 30, 7));
    }
}

#[test]
fn chess960_castling_invariants() {
    for fen in [
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "1r2k2r/8/8/8/8/8/8/R3K1R1 w GAhb - 0 1",
    ] {
        let pos = AnyPosition::from_fen(VariantId::Chess, fen, true).unwrap();
        dispatch!(&pos, p => random_games(p, 10, 3));
    }
}
