//! Accumulators: each side's first-layer sums, computed from scratch or updated from the
//! parent position's by the last move's changes.
//!
//! An [`Accumulator`] holds both perspectives, White's then Black's, `N` wrapping `i16`
//! each. [`Accumulator::refresh`] sums the biases and the rows of every lit input;
//! [`Accumulator::update`] starts from the parent's and adds the rows of the inputs the
//! move lit and subtracts those it unlit, in one pass per perspective: a quiet move is a
//! row out and a row in, a capture a third row, castling or a capture to hand four, a
//! drop two (the board square in, the hand slot out). A hand count going from `c` to
//! `c + 1` lights slot `c`, from `c + 1` to `c` unlights it; counts of [`HAND_SLOTS`] and
//! more change nothing.
//!
//! [`AccumulatorStack`] is what the search keeps: one accumulator per ply, allocated once.
//! A push records the move's changes only; the update runs when the position is
//! evaluated, from the nearest computed ancestor, so that positions cut off before their
//! evaluation cost nothing. When that ancestor is further back than a refresh is worth
//! the accumulator is computed from scratch instead.

use ekumen_movegen::{Changes, Color, PieceType, Position};

use crate::features::{Inputs, HAND_SLOTS};
use crate::kernels::{self, Lanes};
use crate::network::Network;

/// Both perspectives' sums for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// White's perspective, then Black's.
    values: Vec<Lanes>,
}

impl Accumulator {
    /// An accumulator of `net`'s width, all zero (not yet the sums of any position).
    pub fn new<V: Inputs>(net: &Network<V>) -> Self {
        Accumulator { values: vec![Lanes::default(); 2 * net.blocks()] }
    }

    /// The sums as `perspective` sees the position, in blocks for [`Network::evaluate`].
    #[inline(always)]
    pub fn perspective(&self, perspective: Color) -> &[Lanes] {
        let n = self.values.len() / 2;
        &self.values[perspective.index() * n..(perspective.index() + 1) * n]
    }

    /// The sums as `perspective` sees the position.
    pub fn sums(&self, perspective: Color) -> &[i16] {
        kernels::flat(self.perspective(perspective))
    }

    /// The sums of `pos`, from scratch.
    pub fn refresh<V: Inputs>(&mut self, net: &Network<V>, pos: &Position<V>) {
        let n = net.blocks();
        for perspective in Color::BOTH {
            let sums = &mut self.values[perspective.index() * n..(perspective.index() + 1) * n];
            sums.copy_from_slice(net.biases());
            for sq in pos.occupied() {
                let piece = pos.piece_on(sq).expect("a man on an occupied square");
                kernels::add_row_in_place(
                    sums,
                    net.row(V::board_input(perspective, piece, sq)),
                    false,
                );
            }
            if V::DROPS {
                for owner in Color::BOTH {
                    for kind in (0..V::PIECES.len()).map(|k| PieceType(k as u8)) {
                        let count = (pos.hand_count(owner, kind) as usize).min(HAND_SLOTS);
                        for k in 0..count {
                            let input = V::hand_input(perspective, owner, kind, k).expect("a slot");
                            kernels::add_row_in_place(sums, net.row(input), false);
                        }
                    }
                }
            }
        }
    }

    /// The sums of the position `changes` lead to from the one `parent` holds.
    pub fn update<V: Inputs>(&mut self, net: &Network<V>, parent: &Accumulator, changes: &Changes) {
        let n = net.blocks();
        for perspective in Color::BOTH {
            let mut adds = [0; 3];
            let mut subs = [0; 3];
            let (mut added, mut removed) = (0, 0);
            for (piece, sq) in changes.added() {
                adds[added] = V::board_input(perspective, piece, sq);
                added += 1;
            }
            for (piece, sq) in changes.removed() {
                subs[removed] = V::board_input(perspective, piece, sq);
                removed += 1;
            }
            if let Some(hand) = changes.hand {
                if let Some((k, lit)) = hand_slot(hand.before, hand.after) {
                    let input =
                        V::hand_input(perspective, hand.owner, hand.kind, k).expect("a slot");
                    if lit {
                        adds[added] = input;
                        added += 1;
                    } else {
                        subs[removed] = input;
                        removed += 1;
                    }
                }
            }
            let range = perspective.index() * n..(perspective.index() + 1) * n;
            let (out, parent) = (&mut self.values[range.clone()], &parent.values[range]);
            apply(net, out, parent, &adds[..added], &subs[..removed]);
        }
    }
}

/// The inputs a hand count's change lights (`after > before`) or unlights: the `k`-th
/// man's slot for `k = min(before, after)`, none from [`HAND_SLOTS`] on.
fn hand_slot(before: u8, after: u8) -> Option<(usize, bool)> {
    let k = before.min(after) as usize;
    (k < HAND_SLOTS).then_some((k, after > before))
}

/// `out = parent + rows(adds) − rows(subs)`, in one pass for the usual moves.
#[inline(always)]
fn apply<V: Inputs>(
    net: &Network<V>,
    out: &mut [Lanes],
    parent: &[Lanes],
    adds: &[usize],
    subs: &[usize],
) {
    let row = |input: usize| net.row(input);
    match (adds, subs) {
        ([], []) => out.copy_from_slice(parent),
        (&[a], &[s]) => kernels::add_sub(out, parent, [row(a)], [row(s)]),
        (&[a], &[s, t]) => kernels::add_sub(out, parent, [row(a)], [row(s), row(t)]),
        (&[a, b], &[s, t]) => kernels::add_sub(out, parent, [row(a), row(b)], [row(s), row(t)]),
        (&[a], []) => kernels::add_sub(out, parent, [row(a)], []),
        _ => {
            out.copy_from_slice(parent);
            for &a in adds {
                kernels::add_row_in_place(out, net.row(a), false);
            }
            for &s in subs {
                kernels::add_row_in_place(out, net.row(s), true);
            }
        }
    }
}

/// Plies the stack holds without growing: deeper than the search's furthest ply.
pub const STACK_DEPTH: usize = 256;

/// One ply of the stack.
#[derive(Clone, Debug)]
struct Entry {
    acc: Accumulator,
    /// The changes from the ply below.
    changes: Changes,
    /// `acc` holds this ply's sums.
    computed: bool,
}

/// The accumulators along the search's current line, one per ply.
#[derive(Clone, Debug)]
pub struct AccumulatorStack {
    entries: Vec<Entry>,
    top: usize,
}

impl AccumulatorStack {
    /// A stack for `net`, [`STACK_DEPTH`] plies allocated; [`Self::reset`] it to a position
    /// before use.
    pub fn new<V: Inputs>(net: &Network<V>) -> Self {
        let entry =
            Entry { acc: Accumulator::new(net), changes: Changes::default(), computed: false };
        AccumulatorStack { entries: vec![entry; STACK_DEPTH], top: 0 }
    }

    /// Starts over from `pos` (the search's root), with `net`: a net of another width
    /// than the last one's reallocates the stack.
    pub fn reset<V: Inputs>(&mut self, net: &Network<V>, pos: &Position<V>) {
        if self.entries[0].acc.values.len() != 2 * net.blocks() {
            *self = Self::new(net);
        }
        self.top = 0;
        let root = &mut self.entries[0];
        root.acc.refresh(net, pos);
        root.computed = true;
    }

    /// Records the move (or null move) that led to `pos`, just played.
    #[inline]
    pub fn push_move<V: Inputs>(&mut self, net: &Network<V>, pos: &Position<V>) {
        self.top += 1;
        if self.top == self.entries.len() {
            let acc = Accumulator::new(net);
            self.entries.push(Entry { acc, changes: Changes::default(), computed: false });
        }
        let entry = &mut self.entries[self.top];
        entry.changes = pos.last_changes();
        entry.computed = false;
    }

    /// Goes back to the position before the last pushed move.
    #[inline]
    pub fn pop(&mut self) {
        debug_assert!(self.top > 0, "a pop without its push");
        self.top -= 1;
    }

    /// The accumulator of `pos`, the position at the top of the stack.
    pub fn current<V: Inputs>(&mut self, net: &Network<V>, pos: &Position<V>) -> &Accumulator {
        let top = self.top;
        let mut base = top;
        while !self.entries[base].computed && base > 0 {
            base -= 1;
        }
        let pending = top - base;
        // A refresh costs about as much as an update per two or three men on the board
        // (455 and 50 ns at N = 256 in positions of random chess games).
        let men = pos.occupied().count() as usize;
        if !self.entries[base].computed || 5 * pending > 2 * men {
            self.entries[top].acc.refresh(net, pos);
        } else {
            for ply in base + 1..=top {
                let (below, above) = self.entries.split_at_mut(ply);
                let entry = &mut above[0];
                entry.acc.update(net, &below[ply - 1].acc, &entry.changes);
                entry.computed = true;
            }
        }
        self.entries[top].computed = true;
        &self.entries[top].acc
    }

    /// The score of `pos`, the position at the top of the stack, in centipawns for the
    /// side to move.
    #[inline]
    pub fn evaluate<V: Inputs>(&mut self, net: &Network<V>, pos: &Position<V>) -> i32 {
        let us = pos.side_to_move();
        let bucket = net.bucket(pos);
        let acc = self.current(net, pos);
        net.evaluate(acc.perspective(us), acc.perspective(!us), bucket)
    }
}
