//! A search thread's state and the steps the search is built from: the stack of plies,
//! the root moves, the principal variation, making and unmaking moves, game ends by the
//! clock and repetition, evaluating, scoring moves for the order, and what a node
//! teaches the histories ([`crate::alphabeta`] searches with them).
//!
//! Each thread evaluates through its own [`PawnCache`] and [`MaterialCache`], made afresh
//! for each search: they take about 0.1 ms to fill with empty entries, and are warm again
//! within a few thousand nodes. Its late-move reduction table is built from the
//! variant's parameters when the thread starts, in a few microseconds.
//!
//! With a net ([`crate::nets`]), the thread keeps an [`AccumulatorStack`] beside the
//! position: every make and unmake pushes and pops it, and the evaluation reads the net
//! instead of the classical terms.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use ekumen_eval::{evaluate_cached, MaterialCache, PawnCache};
use ekumen_movegen::piece::Special;
use ekumen_movegen::variant::StalemateRule;
use ekumen_movegen::{Color, GameResult, Move, MoveKind, Piece, PieceType, Position};
use ekumen_nnue::{AccumulatorStack, Network};

use crate::correction::CorrectionKeys;
use crate::ordering::{
    context, Histories, ScoredMoves, BAD_NOISY, COUNTER, GOOD_NOISY, KILLER_1, KILLER_2,
    QUIET_PENDING,
};
use crate::params::{SearchParams, SearchVariant};
use crate::see::{material_gain, promotion_gain, see_ge};
use crate::shared::Shared;
use crate::tt::Bound;
use crate::value::*;

/// Late-move reductions in 1/1024 plies, `[depth][move number]`, from the variant's
/// [`SearchParams::lmr_base`] and [`SearchParams::lmr_divisor`].
pub(crate) struct Reductions(Box<[[i32; 64]; 64]>);

impl Reductions {
    pub(crate) fn new(params: &SearchParams) -> Self {
        let base = f64::from(params.lmr_base) / 100.0;
        let divisor = f64::from(params.lmr_divisor) / 100.0;
        Reductions(Box::new(std::array::from_fn(|depth| {
            std::array::from_fn(|moves| {
                if depth == 0 || moves == 0 {
                    0
                } else {
                    let r = base + (depth as f64).ln() * (moves as f64).ln() / divisor;
                    (r * 1024.0) as i32
                }
            })
        })))
    }

    #[inline(always)]
    pub(crate) fn get(&self, depth: i32, move_count: usize) -> i32 {
        self.0[depth.clamp(0, 63) as usize][move_count.min(63)]
    }
}

/// One ply of the search stack.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub key: u64,
    pub static_eval: i32,
    /// The move played from this ply (`None` before it is chosen, or for a null move).
    pub current: Option<Move>,
    /// Continuation context of that move: the piece and where it went.
    pub context: Option<usize>,
    /// Whether that move was quiet: no capture, no promotion that gains.
    pub quiet: bool,
    /// That move's number among the node's moves (1 for the first tried).
    pub move_count: usize,
    pub killers: [Option<Move>; 2],
    /// A move left out of this node's search (singular extension).
    pub excluded: Option<Move>,
    /// Plies since the last null move (or since the root).
    pub plies_from_null: usize,
    pub in_check: bool,
    /// How many plies this line has been extended.
    pub extensions: i32,
}

impl Default for Frame {
    fn default() -> Self {
        Frame {
            key: 0,
            static_eval: NONE,
            current: None,
            context: None,
            quiet: false,
            move_count: 0,
            killers: [None; 2],
            excluded: None,
            plies_from_null: 0,
            in_check: false,
            extensions: 0,
        }
    }
}

/// One root move and what the search knows about it.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    pub score: i32,
    pub previous_score: i32,
    pub average_score: i32,
    pub seldepth: usize,
    pub pv: Vec<Move>,
    pub bound: Option<Bound>,
}

impl RootMove {
    pub fn new(mv: Move) -> Self {
        RootMove {
            mv,
            score: -INFINITE,
            previous_score: -INFINITE,
            average_score: -INFINITE,
            seldepth: 0,
            pv: vec![mv],
            bound: None,
        }
    }
}

/// A search thread's state.
pub(crate) struct Worker<'a, V: SearchVariant> {
    pub pos: Position<V>,
    pub id: usize,
    pub shared: &'a Shared<'a>,
    pub nodes: u64,
    pub seldepth: usize,
    pub root_moves: Vec<RootMove>,
    pub pv_index: usize,
    pub root_depth: i32,
    pub completed_depth: i32,
    pub stopped: bool,
    /// How often another root move took the lead, halved after each iteration (the
    /// clock's measure of an unsettled search).
    pub best_move_changes: f64,
    pub(crate) stack: Vec<Frame>,
    pub(crate) pv: Box<[[Option<Move>; MAX_PLY + 1]; MAX_PLY + 1]>,
    pub(crate) pv_len: [usize; MAX_PLY + 1],
    pub histories: Histories,
    /// The pawn structures this thread evaluated lately.
    pub(crate) pawn_cache: PawnCache<V>,
    /// The material balances it evaluated lately.
    pub(crate) material_cache: MaterialCache<V>,
    /// Null moves are off for this side below this ply (verification searches).
    pub(crate) null_move_floor: [usize; 2],
    pub(crate) reductions: Reductions,
    /// The net and its accumulators, when the search evaluates with a net.
    pub(crate) nnue: Option<NetState<V>>,
}

/// A net and the accumulators of the thread's current line.
pub(crate) struct NetState<V: SearchVariant> {
    net: Arc<Network<V>>,
    stack: AccumulatorStack,
}

/// What the flags of a move are, computed once per move.
#[derive(Clone, Copy)]
pub(crate) struct MoveInfo {
    pub capture: bool,
    pub noisy: bool,
    pub piece: Piece,
}

impl<'a, V: SearchVariant> Worker<'a, V> {
    pub fn new(
        pos: &Position<V>,
        id: usize,
        shared: &'a Shared<'a>,
        moves: &[Move],
        histories: Histories,
        net: Option<Arc<Network<V>>>,
    ) -> Self {
        let nnue = net.map(|net| {
            let mut stack = AccumulatorStack::new(&net);
            stack.reset(&net, pos);
            NetState { net, stack }
        });
        Worker {
            pos: pos.clone(),
            id,
            shared,
            nodes: 0,
            seldepth: 0,
            root_moves: moves.iter().map(|&m| RootMove::new(m)).collect(),
            pv_index: 0,
            root_depth: 0,
            completed_depth: 0,
            stopped: false,
            best_move_changes: 0.0,
            stack: vec![Frame::default(); MAX_PLY + 8],
            pv: Box::new([[None; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            histories,
            pawn_cache: PawnCache::new(),
            material_cache: MaterialCache::new(),
            null_move_floor: [0; 2],
            reductions: Reductions::new(&V::SEARCH),
            nnue,
        }
    }

    #[inline(always)]
    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Looks at the stop flag, the node limit (and, on the main thread, the clock) every
    /// [`Shared::poll_interval`] nodes; with one thread the node limit is exact.
    #[inline(always)]
    pub(crate) fn poll(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        // The main thread finishes depth 1 whatever the limits, so that every search
        // reports a score and plays a searched move (`go nodes 1`, a clock of 1 ms).
        if self.is_main() && self.completed_depth == 0 {
            return false;
        }
        if let Some(limit) = self.shared.exact_node_limit {
            if self.nodes >= limit {
                self.shared.stop.store(true, Ordering::Relaxed);
                self.stopped = true;
                return true;
            }
        }
        if self.nodes.is_multiple_of(self.shared.poll_interval) {
            self.shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
            if self.is_main() {
                self.shared.check_limits();
            } else {
                self.shared.check_node_limit();
            }
            self.stopped = self.shared.stop.load(Ordering::Relaxed);
        }
        self.stopped
    }

    /// The static evaluation, shrunk towards a draw as the fifty-move count grows.
    #[inline(always)]
    pub(crate) fn evaluate(&mut self) -> i32 {
        let raw = match &mut self.nnue {
            Some(nnue) => {
                let score = nnue.stack.evaluate(&nnue.net, &self.pos);
                debug_assert_eq!(score, nnue.net.evaluate_position(&self.pos), "incremental");
                score
            }
            None => evaluate_cached(&self.pos, &mut self.pawn_cache, &mut self.material_cache),
        };
        let clock = self.pos.halfmove_clock().min(100) as i32;
        let scale = V::SEARCH.fifty_move_scale;
        let scaled = raw * (scale - clock) / scale;
        scaled.clamp(-MATE_IN_MAX_PLY + 1, MATE_IN_MAX_PLY - 1)
    }

    /// `raw` (a static evaluation of the current position) moved by what searches from
    /// positions alike (`keys`) with its side to move have lately found.
    #[inline(always)]
    pub(crate) fn corrected(&self, raw: i32, keys: &CorrectionKeys) -> i32 {
        let correction = self.histories.correction.get(self.pos.side_to_move(), keys);
        (raw + correction).clamp(-MATE_IN_MAX_PLY + 1, MATE_IN_MAX_PLY - 1)
    }

    #[inline(always)]
    fn outcome_score(result: GameResult, ply: usize) -> i32 {
        match result {
            GameResult::Win => mate_in(ply),
            GameResult::Loss => mated_in(ply),
            GameResult::Draw => DRAW,
        }
    }

    /// The score of a node that has no legal move.
    #[inline]
    pub(crate) fn no_move_score(&self, ply: usize) -> i32 {
        Self::outcome_score(self.pos.no_move_outcome().result, ply)
    }

    /// A game end by the clock or repetition at this node, if any.
    #[inline]
    pub(crate) fn draw_or_end(&self, ply: usize, in_check: bool) -> Option<i32> {
        if V::CAMPMATE && self.pos.decided_on_board().is_some() {
            return Some(mated_in(ply));
        }
        if self.pos.halfmove_clock() >= 100 {
            if V::PSEUDO_ROYAL || !in_check || self.pos.count_legal() > 0 {
                return Some(DRAW);
            }
            return Some(self.no_move_score(ply));
        }
        // Only a capture or a promotion (both reset the clock) can leave a dead position;
        // the net does not know these draws, so the rule must say them.
        if V::INSUFFICIENT_MATERIAL
            && self.pos.halfmove_clock() == 0
            && self.pos.insufficient_material()
        {
            return Some(DRAW);
        }
        self.repetition(ply)
    }

    /// Repetition: a position that occurred since the root counts at once, one from the
    /// game before the root only as a threefold.
    #[inline]
    fn repetition(&self, ply: usize) -> Option<i32> {
        let frame = &self.stack[ply];
        let clock = self.pos.halfmove_clock() as usize;
        let window = if V::CAPTURES_TO_HAND || !V::CLOCK_BOUNDS_REPETITION {
            frame.plies_from_null
        } else {
            frame.plies_from_null.min(clock)
        };
        let mut distance = 4;
        while distance <= window && distance < ply {
            if self.stack[ply - distance].key == frame.key {
                if !V::PERPETUAL_CHECK_LOSES {
                    return Some(DRAW);
                }
                let outcome = self.pos.repetition_outcome(1);
                return Some(outcome.map_or(DRAW, |o| Self::outcome_score(o.result, ply)));
            }
            distance += 2;
        }
        let reaches_root = frame.plies_from_null >= ply
            && (V::CAPTURES_TO_HAND || !V::CLOCK_BOUNDS_REPETITION || clock >= ply);
        if reaches_root && self.shared.pre_root_keys.binary_search(&frame.key).is_ok() {
            if let Some(outcome) = self.pos.repetition_outcome(2) {
                return Some(Self::outcome_score(outcome.result, ply));
            }
        }
        None
    }

    /// Whether the side to move may try a null move: not where zugzwang is likely.
    pub(crate) fn null_move_allowed(&self) -> bool {
        let us = self.pos.side_to_move();
        let mut pieces = 0;
        for (i, def) in V::PIECES.iter().enumerate() {
            if !def.royal && def.special != Special::Pawn {
                pieces += self.pos.pieces_of(us, PieceType(i as u8)).count();
            }
        }
        let in_hand: u32 = if V::DROPS {
            V::HAND_ORDER.iter().map(|&k| u32::from(self.pos.hand_count(us, k))).sum()
        } else {
            0
        };
        match V::STALEMATE {
            StalemateRule::Loss => in_hand > 0 || pieces >= 2,
            StalemateRule::Draw => pieces >= 1 || in_hand > 0,
        }
    }

    #[inline(always)]
    pub(crate) fn move_info(&self, m: Move) -> MoveInfo {
        let us = self.pos.side_to_move();
        let piece = match m.kind() {
            MoveKind::Drop => Piece::new(us, m.piece()),
            _ => self.pos.piece_on(m.from()).expect("a piece on the from-square"),
        };
        let capture = match m.kind() {
            MoveKind::Drop | MoveKind::Castle => false,
            MoveKind::EnPassant => true,
            _ => self.pos.piece_on(m.to()).is_some(),
        };
        let noisy = capture
            || match m.kind() {
                MoveKind::Promotion => promotion_gain(&self.pos, m) > 0,
                MoveKind::Promote => !V::DEMOTION && promotion_gain(&self.pos, m) > 0,
                _ => false,
            };
        MoveInfo { capture, noisy, piece }
    }

    /// Plays `m` from `ply`, keeping the stack in step.
    #[inline(always)]
    pub(crate) fn make(&mut self, m: Move, info: MoveInfo, ply: usize) {
        let frame = &mut self.stack[ply];
        frame.current = Some(m);
        frame.context = Some(context(info.piece, m.to().index()));
        frame.quiet = !info.noisy;
        self.pos.make_move(m);
        if let Some(nnue) = &mut self.nnue {
            nnue.stack.push_move(&nnue.net, &self.pos);
        }
        self.nodes += 1;
        let key = self.pos.key();
        self.shared.tt.prefetch(key);
        let plies = self.stack[ply].plies_from_null + 1;
        let extensions = self.stack[ply].extensions;
        let in_check = self.pos.in_check();
        let child = &mut self.stack[ply + 1];
        child.key = key;
        child.plies_from_null = plies;
        child.excluded = None;
        child.extensions = extensions;
        child.in_check = in_check;
    }

    /// Passes from `ply` (a null move), keeping the stack in step.
    #[inline(always)]
    pub(crate) fn make_null(&mut self, ply: usize) {
        let frame = &mut self.stack[ply];
        frame.current = None;
        frame.context = None;
        frame.quiet = false;
        self.pos.make_null();
        if let Some(nnue) = &mut self.nnue {
            nnue.stack.push_move(&nnue.net, &self.pos);
        }
        self.nodes += 1;
        let key = self.pos.key();
        let extensions = self.stack[ply].extensions;
        let child = &mut self.stack[ply + 1];
        child.key = key;
        child.plies_from_null = 0;
        child.excluded = None;
        child.extensions = extensions;
        child.in_check = false;
    }

    #[inline(always)]
    pub(crate) fn unmake(&mut self) {
        self.pos.unmake_move();
        if let Some(nnue) = &mut self.nnue {
            nnue.stack.pop();
        }
    }

    /// Takes back a null move.
    #[inline(always)]
    pub(crate) fn unmake_null(&mut self) {
        self.pos.unmake_null();
        if let Some(nnue) = &mut self.nnue {
            nnue.stack.pop();
        }
    }

    /// The historical score of a quiet move for ordering and pruning.
    #[inline(always)]
    pub(crate) fn quiet_history(&self, m: Move, piece: Piece, ply: usize) -> i32 {
        let us = self.pos.side_to_move();
        let later = context(piece, m.to().index());
        let mut score = self.histories.butterfly(us, m);
        for earlier in self.contexts_before(ply).into_iter().flatten() {
            score += self.histories.continuation(earlier, later);
        }
        score
    }

    /// Scores the moves of `list` not yet picked for the main search: captures and
    /// promotions, killers and the counter-move now; quiet moves get [`QUIET_PENDING`]
    /// until [`Self::score_quiets`].
    pub(crate) fn score_moves(&self, list: &mut ScoredMoves, ply: usize) {
        let killers = self.stack[ply].killers;
        let counter = if ply >= 1 {
            self.stack[ply - 1].context.and_then(|c| self.histories.counter(c))
        } else {
            None
        };
        for i in list.remaining() {
            let m = list.moves[i];
            let info = self.move_info(m);
            let score = if info.noisy {
                let history = if info.capture {
                    let kind = self.pos.piece_on(m.to()).map_or(0, |p| p.kind().index());
                    self.histories.capture(info.piece, m.to().index(), kind)
                } else {
                    0
                };
                let value = material_gain(&self.pos, m);
                if see_ge(&self.pos, m, -V::SEARCH.good_capture_see) {
                    GOOD_NOISY
                        + value * V::SEARCH.capture_value_weight
                        + history / V::SEARCH.capture_history_divisor
                } else {
                    BAD_NOISY + value
                }
            } else if Some(m) == killers[0] {
                KILLER_1
            } else if Some(m) == killers[1] {
                KILLER_2
            } else if Some(m) == counter {
                COUNTER
            } else {
                QUIET_PENDING
            };
            list.set_score(i, score);
        }
        list.partition_above(QUIET_PENDING);
    }

    /// Gives the quiet moves not yet picked their history scores, and sorts them.
    pub(crate) fn score_quiets(&self, list: &mut ScoredMoves, ply: usize) {
        for i in list.remaining() {
            if list.score_of(i) == QUIET_PENDING {
                let m = list.moves[i];
                let piece = self.move_info(m).piece;
                list.set_score(i, self.quiet_history(m, piece, ply));
            }
        }
        list.sort_rest();
    }

    /// Records a PV move at `ply` followed by the child's line.
    #[inline(always)]
    pub(crate) fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = Some(m);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// The principal variation below the root, after the root move.
    pub fn child_pv(&self) -> Vec<Move> {
        (1..self.pv_len[1].max(1)).filter_map(|i| self.pv[1][i]).collect()
    }

    /// What a table cutoff teaches the histories: a quiet table move that holds beta is
    /// rewarded as if it had just cut off, one that falls short is penalised; and when it
    /// holds beta, the opponent's quiet move into this node, if among the first two tried
    /// there, was refuted.
    pub(crate) fn learn_from_table_cutoff(
        &mut self,
        m: Move,
        fails_high: bool,
        ply: usize,
        depth: i32,
    ) {
        if !self.is_plausible(m) {
            return;
        }
        let info = self.move_info(m);
        if fails_high {
            if !info.noisy {
                self.reward(m, ply, depth, &[], &[]);
            }
            self.penalise_refuted_early_move(ply, depth);
        } else if !info.noisy {
            let us = self.pos.side_to_move();
            let contexts = self.contexts_before(ply);
            self.update_quiet(us, m, info.piece, contexts, -Self::history_bonus(depth));
        }
    }

    /// The bonus a move earns for a cutoff at `depth`.
    #[inline(always)]
    pub(crate) fn history_bonus(depth: i32) -> i32 {
        let p = V::SEARCH;
        (p.history_bonus_quadratic * depth * depth + p.history_bonus_linear * depth)
            .min(p.history_bonus_max)
    }

    /// After a cutoff at `ply`: the opponent's quiet move into this node, if among the
    /// first two tried there (its histories ranked it high), was refuted.
    pub(crate) fn penalise_refuted_early_move(&mut self, ply: usize, depth: i32) {
        let previous = &self.stack[ply - 1];
        if previous.quiet && previous.move_count <= 2 {
            self.update_previous_continuation(ply, -Self::history_bonus(depth + 1));
        }
    }

    /// Whether a move from the table (which a key collision may have put there) at least
    /// moves a piece of the side to move, or drops one it holds: enough for the
    /// histories, which only index by it.
    fn is_plausible(&self, m: Move) -> bool {
        let us = self.pos.side_to_move();
        match m.kind() {
            MoveKind::Drop => V::DROPS && self.pos.hand_count(us, m.piece()) > 0,
            _ => self.pos.piece_on(m.from()).is_some_and(|p| p.color() == us),
        }
    }

    /// The continuation contexts of a move at `ply`: the last move and our move before it.
    #[inline(always)]
    fn contexts_before(&self, ply: usize) -> [Option<usize>; 2] {
        [
            if ply >= 1 { self.stack[ply - 1].context } else { None },
            if ply >= 2 { self.stack[ply - 2].context } else { None },
        ]
    }

    /// Moves the continuation histories of the move that led to `ply` by `bonus`.
    pub(crate) fn update_previous_continuation(&mut self, ply: usize, bonus: i32) {
        let Some(previous) = self.stack[ply - 1].context else {
            return;
        };
        for earlier in self.contexts_before(ply - 1).into_iter().flatten() {
            self.histories.update_continuation(earlier, previous, bonus);
        }
    }

    /// Updates the histories after `best` caused a cutoff.
    pub(crate) fn reward(
        &mut self,
        best: Move,
        ply: usize,
        depth: i32,
        quiets: &[(Move, Piece)],
        captures: &[(Move, Piece)],
    ) {
        let us = self.pos.side_to_move();
        let bonus = Self::history_bonus(depth);
        let info = self.move_info(best);
        let contexts = self.contexts_before(ply);
        if !info.noisy {
            let frame = &mut self.stack[ply];
            if frame.killers[0] != Some(best) {
                frame.killers[1] = frame.killers[0];
                frame.killers[0] = Some(best);
            }
            if let Some(previous) = contexts[0] {
                self.histories.set_counter(previous, best);
            }
            self.update_quiet(us, best, info.piece, contexts, bonus);
            for &(m, piece) in quiets {
                self.update_quiet(us, m, piece, contexts, -bonus);
            }
        } else if info.capture {
            let kind = self.pos.piece_on(best.to()).map_or(0, |p| p.kind().index());
            self.histories.update_capture(info.piece, best.to().index(), kind, bonus);
        }
        for &(m, piece) in captures {
            let kind = self.pos.piece_on(m.to()).map_or(0, |p| p.kind().index());
            self.histories.update_capture(piece, m.to().index(), kind, -bonus);
        }
    }

    #[inline(always)]
    fn update_quiet(
        &mut self,
        us: Color,
        m: Move,
        piece: Piece,
        contexts: [Option<usize>; 2],
        bonus: i32,
    ) {
        self.histories.update_butterfly(us, m, bonus);
        let later = context(piece, m.to().index());
        for earlier in contexts.into_iter().flatten() {
            self.histories.update_continuation(earlier, later, bonus);
        }
    }
}

/// Moves tried at a node, for the history penalties (at most `N`; no initialisation cost).
pub(crate) struct Tried<const N: usize> {
    moves: [std::mem::MaybeUninit<(Move, Piece)>; N],
    len: usize,
}

impl<const N: usize> Tried<N> {
    #[inline(always)]
    pub(crate) fn new() -> Self {
        Tried { moves: [std::mem::MaybeUninit::uninit(); N], len: 0 }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, m: Move, piece: Piece) {
        if self.len < N {
            self.moves[self.len] = std::mem::MaybeUninit::new((m, piece));
            self.len += 1;
        }
    }

    #[inline(always)]
    pub(crate) fn as_slice(&self) -> &[(Move, Piece)] {
        // SAFETY: the first `len` entries were written by `push`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr() as *const (Move, Piece), self.len) }
    }
}
