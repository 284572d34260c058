//! Perft for `go perft` and `ekumen perft`: leaf counts below each root move, split over
//! threads and interruptible by `stop`.
//!
//! Root moves are handed out to the threads one at a time from a shared counter, each
//! thread working on its own copy of the position. The recursion looks at the stop flag at
//! every interior node (one relaxed load); leaves are bulk-counted with `count_legal`, as
//! the rules core's own perft does, so the node rate is the same.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use ekumen_movegen::{dispatch, AnyPosition, Move, Position, Variant};

/// Each root move in UCI notation with its leaf count, in generation order; `None` if
/// `stop` was raised first. `on_move` sees each result as soon as it is known when only
/// one thread works (so long runs show progress), else all at the end in order.
pub fn divide(
    position: &AnyPosition,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
    on_move: &mut dyn FnMut(&str, u64),
) -> Option<Vec<(String, u64)>> {
    dispatch!(position, pos => divide_typed(pos, depth, threads, stop, on_move))
}

fn divide_typed<V: Variant>(
    root: &Position<V>,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
    on_move: &mut dyn FnMut(&str, u64),
) -> Option<Vec<(String, u64)>> {
    let moves: Vec<Move> = root.legal_moves().to_vec();
    let names: Vec<String> = moves.iter().map(|&m| root.move_to_uci(m)).collect();
    let count_below = |pos: &mut Position<V>, m: Move| -> Option<u64> {
        pos.make_move(m);
        let nodes = count(pos, depth - 1, stop);
        pos.unmake_move();
        nodes
    };
    let threads = threads.clamp(1, moves.len().max(1));
    if threads == 1 {
        let mut pos = root.clone();
        let mut results = Vec::with_capacity(moves.len());
        for (&m, name) in moves.iter().zip(&names) {
            let nodes = count_below(&mut pos, m)?;
            on_move(name, nodes);
            results.push((name.clone(), nodes));
        }
        return Some(results);
    }
    let next = AtomicUsize::new(0);
    let counts: Mutex<Vec<Option<u64>>> = Mutex::new(vec![None; moves.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut pos = root.clone();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&m) = moves.get(i) else { break };
                    let Some(nodes) = count_below(&mut pos, m) else { break };
                    counts.lock().expect("no thread panics holding it")[i] = Some(nodes);
                }
            });
        }
    });
    let counts = counts.into_inner().expect("no thread panicked");
    let mut results = Vec::with_capacity(moves.len());
    for (name, nodes) in names.into_iter().zip(counts) {
        let nodes = nodes?;
        on_move(&name, nodes);
        results.push((name, nodes));
    }
    Some(results)
}

/// Leaves `depth` plies below `pos`, or `None` once `stop` is set.
fn count<V: Variant>(pos: &mut Position<V>, depth: u32, stop: &AtomicBool) -> Option<u64> {
    match depth {
        0 => Some(1),
        1 => Some(pos.count_legal() as u64),
        _ => {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let mut nodes = 0;
            for m in pos.legal_moves().iter().copied() {
                pos.make_move(m);
                let below = count(pos, depth - 1, stop);
                pos.unmake_move();
                nodes += below?;
            }
            Some(nodes)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ekumen_movegen::VariantId;

    #[test]
    fn chess_start_counts() {
        let pos = AnyPosition::startpos(VariantId::Chess, false);
        let stop = AtomicBool::new(false);
        for threads in [1, 3] {
            let moves = divide(&pos, 3, threads, &stop, &mut |_, _| {}).unwrap();
            assert_eq!(moves.len(), 20);
            assert_eq!(moves.iter().map(|(_, n)| n).sum::<u64>(), 8902);
        }
    }

    #[test]
    fn stop_interrupts() {
        let pos = AnyPosition::startpos(VariantId::Chess, false);
        let stop = AtomicBool::new(true);
        assert_eq!(divide(&pos, 4, 2, &stop, &mut |_, _| {}), None);
    }
}
