//! Times the network on chess positions from random games, with random nets of width 128
//! and 256, as the search uses it: updates chained move after move (the parent's sums
//! still in cache), evaluations of freshly updated sums, refreshes from scratch:
//! `cargo run --release -p ekumen-nnue --example nnue_speed`.

use std::hint::black_box;
use std::time::Instant;

use ekumen_movegen::variants::Chess;
use ekumen_movegen::{Changes, Position, Rng};
use ekumen_nnue::file::Activation;
use ekumen_nnue::kernels::Isa;
use ekumen_nnue::random_net::{random_net, Weights};
use ekumen_nnue::{Accumulator, Network};

/// Random games: each a start position's sums and the changes of its moves, with the
/// positions reached.
fn games(rng: &mut Rng) -> Vec<(Vec<Changes>, Vec<Position<Chess>>)> {
    (0..20)
        .map(|_| {
            let mut pos = Position::<Chess>::startpos();
            let (mut changes, mut positions) = (Vec::new(), Vec::new());
            for _ in 0..100 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.make_move(*rng.pick(&moves));
                changes.push(pos.last_changes());
                positions.push(pos.clone());
            }
            (changes, positions)
        })
        .collect()
}

/// Nanoseconds per operation of `round`, which does `ops` of them: the best of many
/// rounds, the machine being shared.
fn time(ops: usize, mut round: impl FnMut()) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..200 {
        let start = Instant::now();
        round();
        best = best.min(start.elapsed().as_nanos() as f64 / ops as f64);
    }
    best
}

fn main() {
    let mut rng = Rng::new(7);
    let games = games(&mut rng);
    let plies: usize = games.iter().map(|(changes, _)| changes.len()).sum();
    let start = Position::<Chess>::startpos();
    for hidden in [128, 256] {
        for isa in Isa::ALL.into_iter().rev().filter(|isa| isa.available()) {
            let mut row = format!("N = {hidden}, {isa:?}:");
            for activation in [Activation::ClippedRelu, Activation::SquaredClippedRelu] {
                let file = random_net::<Chess>(&mut rng, hidden, 8, activation, Weights::Trained);
                let net = Network::<Chess>::from_file(&file).expect("a good net").with_isa(isa);
                assert!(net.is_narrow());
                let (mut a, mut b) = (Accumulator::new(&net), Accumulator::new(&net));
                let updates = time(plies, || {
                    for (changes, _) in &games {
                        a.refresh(&net, &start);
                        for c in changes {
                            b.update(&net, &a, c);
                            std::mem::swap(&mut a, &mut b);
                        }
                    }
                    black_box(&a);
                });
                let with_evaluations = time(plies, || {
                    for (changes, positions) in &games {
                        a.refresh(&net, &start);
                        for (c, pos) in changes.iter().zip(positions) {
                            b.update(&net, &a, c);
                            std::mem::swap(&mut a, &mut b);
                            let us = pos.side_to_move();
                            let bucket = net.bucket(pos);
                            black_box(net.evaluate(a.perspective(us), a.perspective(!us), bucket));
                        }
                    }
                });
                let refresh = time(plies, || {
                    for (_, positions) in &games {
                        for pos in positions {
                            a.refresh(&net, pos);
                            black_box(&a);
                        }
                    }
                });
                row += &format!(
                    " {activation:?}: update {updates:.0} ns, evaluate {:.0} ns, refresh {refresh:.0} ns;",
                    with_evaluations - updates
                );
            }
            println!("{row}");
        }
    }
}
