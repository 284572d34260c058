//! Accumulators updated move by move equal accumulators computed from scratch, after
//! every move of random games in every variant, taking moves back included.

mod common;

use ekumen_movegen::piece::Special;
use ekumen_movegen::variants::{Chess, Coherent, Gethenian, Gothic, Shinobi};
use ekumen_movegen::{Color, Geometry, Move, MoveKind, Position, Rng};
use ekumen_nnue::features::Inputs;
use ekumen_nnue::file::{Activation, NetFile};
use ekumen_nnue::random_net::{random_net, Weights};
use ekumen_nnue::{Accumulator, AccumulatorStack, Network};

/// How often the games played each kind of move.
#[derive(Debug, Default)]
struct Seen {
    captures: usize,
    castles: usize,
    en_passant: usize,
    promotions: usize,
    shogi_promotions: usize,
    demotions: usize,
    drops: usize,
    captures_to_hand: usize,
    nulls: usize,
    takebacks: usize,
}

impl Seen {
    fn count<V: Inputs>(&mut self, pos: &Position<V>, m: Move) {
        let kind = m.kind();
        let capture = kind == MoveKind::EnPassant
            || (kind != MoveKind::Castle
                && kind != MoveKind::Drop
                && pos.piece_on(m.to()).is_some());
        self.captures += capture as usize;
        self.captures_to_hand += (capture && V::CAPTURES_TO_HAND) as usize;
        match kind {
            MoveKind::Castle => self.castles += 1,
            MoveKind::EnPassant => self.en_passant += 1,
            MoveKind::Promotion => self.promotions += 1,
            MoveKind::Promote => self.shogi_promotions += 1,
            MoveKind::Demote => self.demotions += 1,
            MoveKind::Drop => self.drops += 1,
            MoveKind::Normal => {}
        }
    }
}

/// A random move; half the time one of the rarer kinds where there is one, and often a
/// pawn's double step, so that short games reach castling, en passant and promotions.
fn pick_move<V: Inputs>(rng: &mut Rng, pos: &Position<V>, moves: &[Move]) -> Move {
    let rare: Vec<Move> = moves.iter().copied().filter(|m| m.kind() != MoveKind::Normal).collect();
    let double_steps: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| {
            let pawn = pos.piece_on(m.from()).map(|p| V::PIECES[p.kind().index()].special);
            m.kind() == MoveKind::Normal
                && pawn == Some(Special::Pawn)
                && V::Geo::rank_of(m.from()).abs_diff(V::Geo::rank_of(m.to())) == 2
        })
        .collect();
    if !rare.is_empty() && rng.below(2) == 0 {
        *rng.pick(&rare)
    } else if !double_steps.is_empty() && rng.below(3) == 0 {
        *rng.pick(&double_steps)
    } else {
        *rng.pick(moves)
    }
}

/// Checks the stack's accumulator and score for `pos` against the references.
fn check_stack<V: Inputs>(
    file: &NetFile,
    net: &Network<V>,
    stack: &mut AccumulatorStack,
    pos: &Position<V>,
) {
    let acc = stack.current(net, pos).clone();
    for perspective in Color::BOTH {
        assert_eq!(
            acc.sums(perspective),
            &common::reference_sums(file, pos, perspective)[..],
            "{perspective:?}'s sums after {:?}",
            pos.moves_played().collect::<Vec<_>>()
        );
    }
    assert_eq!(stack.evaluate(net, pos), common::reference_evaluate(file, pos));
}

fn random_games<V: Inputs>() -> Seen {
    random_games_from::<V>(V::START_FEN)
}

/// [`random_games`] from `fen`.
fn random_games_from<V: Inputs>(fen: &str) -> Seen {
    let mut rng = Rng::new(0x5eed ^ V::NAME.len() as u64);
    let mut seen = Seen::default();
    let nets: Vec<(NetFile, Network<V>)> = [
        (Activation::ClippedRelu, Weights::Full),
        (Activation::SquaredClippedRelu, Weights::Trained),
    ]
    .into_iter()
    .map(|(activation, weights)| {
        let file = random_net::<V>(&mut rng, 32, 4, activation, weights);
        let net = Network::<V>::from_file(&file).expect("a good net");
        (file, net)
    })
    .collect();
    for game in 0..20 {
        let (file, net) = &nets[game % 2];
        let mut pos = Position::<V>::from_fen(fen, false).expect("a good FEN");
        let mut stack = AccumulatorStack::new(net);
        stack.reset(net, &pos);
        let mut parent = Accumulator::new(net);
        let mut child = Accumulator::new(net);
        let mut fresh = Accumulator::new(net);
        // Some games evaluate rarely, so that long chains of pending updates build up.
        let evaluate_one_in = if game % 4 == 3 { 25 } else { 2 };
        let plies = if game == 0 { 300 } else { 200 };
        let mut nulls = Vec::new();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            parent.refresh(net, &pos);
            let null = !pos.in_check() && rng.below(20) == 0;
            if null {
                pos.make_null();
                seen.nulls += 1;
            } else {
                let m = pick_move(&mut rng, &pos, &moves);
                seen.count(&pos, m);
                pos.make_move(m);
            }
            nulls.push(null);
            stack.push_move(net, &pos);
            child.update(net, &parent, &pos.last_changes());
            fresh.refresh(net, &pos);
            assert_eq!(child, fresh, "update after {:?}", pos.moves_played().collect::<Vec<_>>());
            if rng.below(evaluate_one_in) == 0 {
                check_stack(file, net, &mut stack, &pos);
            }
            if rng.below(10) == 0 {
                for _ in 0..1 + rng.below(4).min(nulls.len() - 1) {
                    if nulls.pop() == Some(true) {
                        pos.unmake_null();
                    } else {
                        pos.unmake_move();
                    }
                    stack.pop();
                    seen.takebacks += 1;
                    if rng.below(2) == 0 {
                        check_stack(file, net, &mut stack, &pos);
                    }
                }
            }
        }
        check_stack(file, net, &mut stack, &pos);
    }
    seen
}

#[test]
fn chess() {
    let seen = random_games::<Chess>();
    assert!(seen.castles > 0 && seen.en_passant > 0 && seen.promotions > 0, "{seen:?}");
    assert!(seen.captures > 0 && seen.nulls > 0 && seen.takebacks > 0, "{seen:?}");
}

#[test]
fn gothic() {
    let seen = random_games::<Gothic>();
    assert!(seen.castles > 0 && seen.en_passant > 0 && seen.promotions > 0, "{seen:?}");
    assert!(seen.captures > 0, "{seen:?}");
}

#[test]
fn shinobi() {
    let seen = random_games::<Shinobi>();
    assert!(seen.castles > 0 && seen.en_passant > 0 && seen.shogi_promotions > 0, "{seen:?}");
    assert!(seen.drops > 0 && seen.captures > 0, "{seen:?}");
}

#[test]
fn gethenian() {
    let seen = random_games::<Gethenian>();
    assert!(seen.shogi_promotions > 0 && seen.demotions > 0, "flips: {seen:?}");
    assert!(seen.drops > 0 && seen.captures_to_hand > 0, "{seen:?}");
}

#[test]
fn coherent() {
    let seen = random_games::<Coherent>();
    assert!(seen.captures > 0 && seen.takebacks > 0, "{seen:?}");
}

/// Hands fuller than the hand inputs: drops from nine or ten men of a kind change nothing
/// until the eighth.
#[test]
fn full_hands() {
    let seen = random_games_from::<Shinobi>(
        "rnbqkbnr/pppppppp/8/8/8/8/8/4K3[PPPPPPPPPPLLLLLLLLLHH] w kq - 0 1",
    );
    assert!(seen.drops > 20, "{seen:?}");
    let seen = random_games_from::<Gethenian>("2k4/7/7/7/7/7/3K3[MMMMMMMMMNNmmmmmmmmmm] w - - 0 1");
    assert!(seen.drops > 20 && seen.captures_to_hand > 0, "{seen:?}");
}

/// Lines longer than the stack's preallocated depth still work.
#[test]
fn the_stack_grows_past_its_depth() {
    let mut rng = Rng::new(5);
    let file = random_net::<Chess>(&mut rng, 16, 2, Activation::ClippedRelu, Weights::Trained);
    let net = Network::<Chess>::from_file(&file).unwrap();
    let mut pos = Position::<Chess>::startpos();
    let mut stack = AccumulatorStack::new(&net);
    stack.reset(&net, &pos);
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    for ply in 0..ekumen_nnue::accumulator::STACK_DEPTH + 40 {
        let m = pos.parse_uci_move(shuffle[ply % 4]).unwrap();
        pos.make_move(m);
        stack.push_move(&net, &pos);
        if ply % 3 == 0 {
            check_stack(&file, &net, &mut stack, &pos);
        }
    }
    for _ in 0..ekumen_nnue::accumulator::STACK_DEPTH + 40 {
        pos.unmake_move();
        stack.pop();
    }
    check_stack(&file, &net, &mut stack, &pos);
}

/// A stack reset with a net of another width takes its width.
#[test]
fn a_stack_follows_a_new_net() {
    let mut rng = Rng::new(9);
    let pos = common::random_position::<Chess>(&mut rng, 30);
    let small = random_net::<Chess>(&mut rng, 16, 2, Activation::ClippedRelu, Weights::Trained);
    let large = random_net::<Chess>(&mut rng, 64, 2, Activation::ClippedRelu, Weights::Trained);
    let small_net = Network::<Chess>::from_file(&small).unwrap();
    let mut stack = AccumulatorStack::new(&small_net);
    stack.reset(&small_net, &pos);
    check_stack(&small, &small_net, &mut stack, &pos);
    let large_net = Network::<Chess>::from_file(&large).unwrap();
    stack.reset(&large_net, &pos);
    check_stack(&large, &large_net, &mut stack, &pos);
}
