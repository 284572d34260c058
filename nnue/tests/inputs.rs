//! The inputs the engine and the trainer read from a position equal those written out from
//! the rules (`common/reference_inputs.rs`, which reads the FEN and shares no code with
//! `ekumen_nnue::features`), for both perspectives, along random games of every variant
//! steered towards the rare cases: men in hand (several of a type), promoted and flipped
//! forms, Black's mirrored or turned view. The incremental tests compare the engine's
//! accumulators with sums over the same reference.

mod common;

use common::reference_inputs::{reference_input_count, reference_inputs};
use ekumen_movegen::variants::{Chess, Coherent, Gethenian, Gothic, Shinobi};
use ekumen_movegen::{Color, Move, MoveKind, Position, Rng};
use ekumen_nnue::features::{layout_description, layout_hash, Inputs};
use ekumen_nnue::file::VERSION_1_LAYOUTS;

/// What the positions compared held.
#[derive(Debug, Default, PartialEq, Eq)]
struct Seen {
    positions: usize,
    /// With a man in hand, and with two or more of one type in one hand.
    hands: usize,
    doubled_hands: usize,
    /// With a promoted or flipped form on the board.
    promoted: usize,
}

/// A random move: a third of the time a capture (which fills a hand where captures go
/// there), a third a drop, promotion or flip, where there is one.
fn pick<V: Inputs>(rng: &mut Rng, pos: &Position<V>, moves: &[Move]) -> Move {
    let captures: Vec<Move> =
        moves.iter().copied().filter(|m| !m.is_drop() && pos.piece_on(m.to()).is_some()).collect();
    let rare: Vec<Move> = moves.iter().copied().filter(|m| m.kind() != MoveKind::Normal).collect();
    match rng.below(3) {
        0 if !captures.is_empty() => *rng.pick(&captures),
        1 if !rare.is_empty() => *rng.pick(&rare),
        _ => *rng.pick(moves),
    }
}

fn compare<V: Inputs>(games: usize, plies: usize) -> Seen {
    assert_eq!(V::INPUTS, reference_input_count(V::NAME), "{} input count", V::NAME);
    let mut rng = Rng::new(0x1A9_0475 ^ V::NAME.len() as u64);
    let mut seen = Seen::default();
    for _ in 0..games {
        let mut pos = Position::<V>::startpos();
        for _ in 0..plies {
            let fen = pos.fen();
            for perspective in Color::BOTH {
                let engine = common::engine_inputs(&pos, perspective);
                let reference = reference_inputs(V::NAME, &fen, perspective);
                assert_eq!(engine, reference, "{perspective:?} sees {fen}");
            }
            let placement = fen.split(' ').next().unwrap_or_default();
            let (board, hand) = placement.split_once('[').unwrap_or((placement, ""));
            let hand = hand.trim_end_matches(']');
            seen.positions += 1;
            seen.hands += usize::from(!hand.is_empty());
            let doubled = hand.chars().any(|c| hand.matches(c).count() >= 2);
            seen.doubled_hands += usize::from(doubled);
            seen.promoted += usize::from(board.contains('+'));
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            pos.make_move(pick(&mut rng, &pos, &moves));
        }
    }
    seen
}

#[test]
fn chess_inputs_follow_the_rules() {
    let seen = compare::<Chess>(20, 120);
    assert!(seen.positions > 1_000, "{seen:?}");
}

#[test]
fn gothic_inputs_follow_the_rules() {
    let seen = compare::<Gothic>(20, 120);
    assert!(seen.positions > 1_000, "{seen:?}");
}

#[test]
fn coherent_inputs_follow_the_rules() {
    let seen = compare::<Coherent>(20, 120);
    assert!(seen.positions > 1_000, "{seen:?}");
}

#[test]
fn shinobi_inputs_follow_the_rules_hands_and_promotions_included() {
    let seen = compare::<Shinobi>(20, 120);
    assert!(seen.positions > 1_000 && seen.hands > 200 && seen.doubled_hands > 100, "{seen:?}");
    assert!(seen.promoted > 100, "{seen:?}");
}

#[test]
fn gethenian_inputs_follow_the_rules_hands_and_flips_included() {
    let seen = compare::<Gethenian>(20, 120);
    assert!(seen.positions > 1_000 && seen.hands > 200 && seen.doubled_hands > 20, "{seen:?}");
    assert!(seen.promoted > 500, "{seen:?}");
}

/// The shipped nets are version-1 files, read with the layouts frozen in
/// `VERSION_1_LAYOUTS`: those must be today's layouts, or the built-in nets are refused.
#[test]
fn version_1_nets_have_today_s_layouts() {
    let today = [
        ("chess", layout_hash::<Chess>()),
        ("gothic", layout_hash::<Gothic>()),
        ("shinobi", layout_hash::<Shinobi>()),
        ("gethenian", layout_hash::<Gethenian>()),
        ("coherent", layout_hash::<Coherent>()),
    ];
    assert_eq!(
        VERSION_1_LAYOUTS,
        today,
        "{}",
        today.map(|(v, h)| format!("(\"{v}\", 0x{h:016x}),")).join("\n")
    );
}

/// The layout description names every input once, so its hash changes with any change of
/// the layout: two hand slots swapped, say.
#[test]
fn the_layout_description_names_every_input() {
    fn check<V: Inputs>() {
        let description = layout_description::<V>();
        let lines: Vec<&str> = description.lines().collect();
        assert_eq!(lines.len(), 2 * V::INPUTS, "{}", V::NAME);
        assert!(!lines.contains(&"-"), "{}: an input nothing lights", V::NAME);
        let mut unique = lines[..V::INPUTS].to_vec();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), V::INPUTS, "{}", V::NAME);
    }
    check::<Chess>();
    check::<Gothic>();
    check::<Shinobi>();
    check::<Gethenian>();
    check::<Coherent>();
    assert_eq!(layout_description::<Shinobi>().lines().nth(2 * 16 * 64 + 1), Some("ours hand P 1"));
}
