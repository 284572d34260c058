//! The search proper: principal-variation alpha-beta with a quiescence search, run by
//! every thread on its own copy of the position. The thread's state and the steps it is
//! built from (making moves, evaluating, scoring moves, updating histories) are in
//! [`crate::worker`]; the threads and the iterative deepening around the search are in
//! [`crate::thread`].
//!
//! # Node by node
//! 1. **Game ends first**, as the rules core defines them: campmate (a king on its target
//!    rank) loses for the side to move; the fifty-move rule draws (a checkmate on its last
//!    ply still counts, except where checks do not count, as in Fairy-Stockfish); a
//!    position repeated since the root draws at its second occurrence, one repeated from
//!    the game before the root only at its third, and where perpetual check loses
//!    (shinobi) [`Position::repetition_outcome`] decides who won; a side with no legal
//!    move gets [`Position::no_move_outcome`] (a stalemate loses in shinobi and
//!    gethenian). Mate-distance pruning follows.
//! 2. **Transposition table**: a deep enough entry ends a non-PV node; its move is
//!    searched first and its static evaluation is reused, corrected by
//!    [`crate::correction`] (the table keeps it uncorrected), which the node's result
//!    then teaches.
//! 3. **Pruning before moves** (not in check, not on the PV): razoring and reverse
//!    futility at low depth, and null-move pruning with a reduction growing with depth
//!    and with how far the evaluation exceeds beta. The null move is skipped where
//!    zugzwang is likely: a side with no piece but pawns and king, and where stalemate
//!    loses, a side with fewer than two such pieces and an empty hand. Deep null-move
//!    cutoffs are verified by a reduced search without null moves. Then **ProbCut**: a
//!    capture winning enough by static exchange whose quiescence search and a shallower
//!    search both beat beta by a margin ends the node, unless the table already says the
//!    position falls short of that. Each is a function of its own (`razoring`,
//!    `reverse_futility`, `null_move`, `probcut`) returning the node's score when it
//!    settles the node.
//! 4. **Internal iterative reduction**: a PV or expected-cut node with no table move is
//!    searched one ply shallower.
//! 5. **Moves** in the order of [`crate::ordering`]; late quiet moves are pruned at low
//!    depth (move-count, futility, history and static-exchange limits), losing captures
//!    likewise; **singular extension** of a table move that alone holds the score (with
//!    multi-cut when several moves do), and **check extensions** for checks that do not
//!    lose material; **late-move reductions** from a log-log table, adjusted by history,
//!    PV, cut-node expectation, improvement and checks (`singular_extension`,
//!    `check_extends`, `late_move_reduction`). The first move gets the full window, the
//!    rest a null window, re-searched on a fail high.
//! 6. A cutoff rewards the move (killers, counter-move, butterfly, continuation and
//!    capture histories) and penalises the quiet moves and captures tried before it, and
//!    the opponent's quiet move into the node if it was one of the first two tried there.
//!    A table cutoff teaches the same of the table move (a penalty when it fails low),
//!    and a node where no move reached alpha rewards the opponent's quiet move into it.
//!
//! The quiescence search stands pat on the static evaluation and tries only captures and
//! promotions that do not lose material (static exchange), with delta pruning, and on its
//! first ply also quiet moves that give check without losing the checking piece; in
//! check it tries the captures and, once one evasion holds, a few quiet evasions (drop
//! games have dozens: every block by every piece in hand), and it gives up after a fixed
//! number of plies. Other quiet drops are never searched there. Past its first
//! ply, out of check, it generates only captures and promotions
//! ([`Position::generate_noisy`]) rather than filtering every legal move: the same tree,
//! 0-7 % less processor time for 2,000,000-node searches, at the price of stalemates
//! there going unseen.
//!
//! Every margin, depth limit and weight named here is the variant's
//! [`SearchVariant::SEARCH`] ([`crate::params`]).
//!
//! The steps are functions marked `#[inline(always)]`, so `search` reads as the list
//! above at no measurable cost: Cachegrind counts 0.06 % more instructions for `bench`
//! than with the steps written inline (5,196.2 million against 5,192.9), and nodes per
//! second of processor time stay within the noise of ten interleaved runs. The node's
//! parts are such functions too: `tablebase_bounds` and `prune_node` before the moves,
//! `search_moves` (step 5) with `search_child` for one move's searches, and `conclude`
//! (step 6 and the table store); with them `bench` runs 0.16 % fewer instructions than
//! with one `search` of 347 lines (2,890.9 million against 2,895.5).
//!
//! Scores are from the side to move's point of view; mates are `MATE - plies`.

use std::ops::ControlFlow;

use ekumen_movegen::{Move, Position};

use crate::check::CheckInfo;
use crate::correction::CorrectionKeys;
use crate::ordering::{
    ScoredMoves, COUNTER, GOOD_NOISY, KILLER_2, QUIET_PENDING, TT_MOVE, UNSCORED,
};
use crate::params::SearchVariant;
use crate::see::{material_gain, moved_man_holds, see_ge};
use crate::shared::CURRMOVE_AFTER;
use crate::tt::{Bound, TtEntry};
use crate::value::*;
use crate::worker::{Frame, Tried, Worker};

/// Whether a table score with this bound settles a search of the window (alpha, beta).
#[inline(always)]
fn table_cutoff(bound: Option<Bound>, score: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Some(Bound::Exact) => true,
        Some(Bound::Lower) => score >= beta,
        Some(Bound::Upper) => score <= alpha,
        None => false,
    }
}

/// `eval` replaced by the table's score where the table's bound says the true score lies
/// beyond it (never by a mate score, which is no estimate of the position).
#[inline(always)]
fn refined_by_table(bound: Option<Bound>, score: i32, eval: i32) -> i32 {
    let refines = match bound {
        Some(Bound::Lower) => score > eval,
        Some(Bound::Upper) => score < eval,
        Some(Bound::Exact) => true,
        None => false,
    };
    if refines && !is_decisive(score) {
        score
    } else {
        eval
    }
}

/// A node's static evaluations ([`NONE`] in check).
#[derive(Clone, Copy)]
struct NodeEval {
    /// As the evaluation gives it: what the table keeps.
    raw: i32,
    /// Moved by [`crate::correction`]: what the node prunes by, and what its result
    /// teaches the corrections about.
    corrected: i32,
    /// The corrected evaluation, or the table's score where its bound says the true score
    /// lies beyond it.
    refined: i32,
}

/// What an interior node knows when it starts on its moves.
#[derive(Clone, Copy)]
struct Node {
    key: u64,
    ply: usize,
    /// After internal iterative reduction.
    depth: i32,
    cut_node: bool,
    in_check: bool,
    /// The move a singular search leaves out.
    excluded: Option<Move>,
    entry: Option<TtEntry>,
    /// The table's move, if legal here.
    tt_move: Option<Move>,
    /// The table's score, from this node's side ([`NONE`] without an entry).
    tt_score: i32,
    raw_eval: i32,
    static_eval: i32,
    improving: bool,
}

/// A move made at an interior node: what its search and its reduction depend on.
#[derive(Clone, Copy)]
struct Child {
    /// Its number in the node's move loop, from 1.
    number: usize,
    /// The depth left after it, extensions included.
    new_depth: i32,
    gives_check: bool,
    noisy: bool,
    order: i32,
    history: i32,
    /// The reduction table's entry for the node's depth and this move's number (1024ths
    /// of a ply).
    base_reduction: i32,
}

/// What an interior node's move loop found.
struct Searched {
    best_score: i32,
    best_move: Option<Move>,
    /// Whether the best move is a capture or otherwise noisy.
    best_is_noisy: bool,
    move_count: usize,
    /// The moves that did not turn out best, for the history penalties.
    quiets_tried: Tried<32>,
    captures_tried: Tried<16>,
}

impl<V: SearchVariant> Worker<'_, V> {
    // ---------------------------------------------------------------------------------
    // Root
    // ---------------------------------------------------------------------------------

    /// Searches the root moves from `pv_index` on with the window (alpha, beta).
    pub fn search_root(
        &mut self,
        mut alpha: i32,
        beta: i32,
        depth: i32,
        observer: &mut Option<&mut dyn crate::SearchObserver>,
    ) -> i32 {
        let in_check = self.pos.in_check();
        let root_eval = if in_check { NONE } else { self.evaluate() };
        self.stack[0] =
            Frame { key: self.pos.key(), static_eval: root_eval, in_check, ..Frame::default() };
        let mut best = -INFINITE;
        for i in self.pv_index..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            if let Some(observer) = observer.as_mut() {
                if self.shared.start.elapsed() > CURRMOVE_AFTER {
                    observer.current_move(depth as u32, m, i + 1);
                }
            }
            let info = self.move_info(m);
            self.seldepth = self.seldepth.max(1);
            self.pv_len[1] = 1;
            self.stack[0].move_count = i + 1;
            self.make(m, info, 0);
            let gives_check = self.stack[1].in_check;
            let new_depth = depth - 1;
            let score = if i == self.pv_index {
                -self.search::<true>(-beta, -alpha, new_depth, 1, false)
            } else {
                let late = i >= self.pv_index + V::SEARCH.root_lmr_moves as usize;
                let reducible = depth >= V::SEARCH.root_lmr_min_depth && late;
                let r = if reducible && !info.noisy && !gives_check { 1 } else { 0 };
                let mut s = -self.search::<false>(-alpha - 1, -alpha, new_depth - r, 1, true);
                if s > alpha && r > 0 {
                    s = -self.search::<false>(-alpha - 1, -alpha, new_depth, 1, true);
                }
                if s > alpha && s < beta {
                    self.pv_len[1] = 1;
                    s = -self.search::<true>(-beta, -alpha, new_depth, 1, false);
                }
                s
            };
            self.unmake();
            if self.stopped {
                break;
            }
            let child_pv = self.child_pv();
            let seldepth = self.seldepth;
            let rm = &mut self.root_moves[i];
            if i == self.pv_index || score > alpha {
                rm.score = score;
                rm.seldepth = seldepth;
                rm.bound = Some(if score >= beta {
                    Bound::Lower
                } else if score <= alpha {
                    Bound::Upper
                } else {
                    Bound::Exact
                });
                rm.average_score = if rm.average_score == -INFINITE {
                    score
                } else {
                    (2 * score + rm.average_score) / 3
                };
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend(child_pv);
            } else {
                rm.score = -INFINITE;
            }
            best = best.max(score);
            if score > alpha {
                if i > self.pv_index {
                    self.best_move_changes += 1.0;
                }
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        best
    }

    // ---------------------------------------------------------------------------------
    // Interior nodes
    // ---------------------------------------------------------------------------------

    pub fn search<const PV: bool>(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.quiescence::<PV>(alpha, beta, ply, 0);
        }
        if PV {
            self.pv_len[ply] = ply;
            self.seldepth = self.seldepth.max(ply + 1);
        }
        if self.poll() {
            return 0;
        }
        let in_check = self.stack[ply].in_check;
        if let Some(score) = self.draw_or_end(ply, in_check) {
            return score;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { self.evaluate() };
        }
        // Mate-distance pruning: no line from here beats a mate already found nearer.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        let excluded = self.stack[ply].excluded;
        let key = self.stack[ply].key;
        let entry = if excluded.is_none() { self.shared.tt.probe(key) } else { None };
        let tt_move = entry.and_then(|e| e.mv);
        let tt_score = entry.map_or(NONE, |e| from_tt(e.score, ply));
        if !PV && excluded.is_none() {
            if let Some(e) = entry {
                if e.depth >= depth && table_cutoff(e.bound, tt_score, alpha, beta) {
                    if let Some(m) = tt_move {
                        self.learn_from_table_cutoff(m, tt_score >= beta, ply, depth);
                    }
                    return tt_score;
                }
            }
        }

        let (tb_floor, tb_ceiling) = if excluded.is_none() {
            match self.tablebase_bounds::<PV>(key, &mut alpha, beta, depth, ply) {
                ControlFlow::Break(score) => return score,
                ControlFlow::Continue(bounds) => bounds,
            }
        } else {
            (-INFINITE, INFINITE)
        };

        // A singular search (a move excluded) neither corrects nor teaches: no keys needed.
        let keys = if in_check || excluded.is_some() {
            CorrectionKeys::default()
        } else {
            CorrectionKeys::of(&self.pos)
        };
        let NodeEval { raw: raw_eval, corrected: static_eval, refined: eval } =
            self.node_eval(ply, in_check, excluded.is_some(), entry, tt_score, &keys);
        self.stack[ply].static_eval = static_eval;
        let improving = !in_check
            && ply >= 2
            && self.stack[ply - 2].static_eval != NONE
            && static_eval > self.stack[ply - 2].static_eval;
        self.stack[ply + 1].killers = [None; 2];

        let mut node = Node {
            key,
            ply,
            depth,
            cut_node,
            in_check,
            excluded,
            entry,
            tt_move,
            tt_score,
            raw_eval,
            static_eval,
            improving,
        };
        if !PV && !in_check && excluded.is_none() && !is_decisive(eval) {
            if let Some(score) = self.prune_node(&node, eval, alpha, beta) {
                return score;
            }
        }

        // Internal iterative reduction.
        if depth >= V::SEARCH.iir_min_depth
            && tt_move.is_none()
            && excluded.is_none()
            && (PV || cut_node)
        {
            node.depth -= 1;
        }

        let mut list = ScoredMoves::new();
        self.pos.generate_legal(&mut list.moves);
        if list.is_empty() {
            return self.no_move_score(ply);
        }
        node.tt_move = tt_move.filter(|m| list.moves.contains(*m));
        match node.tt_move {
            Some(tt) => list.table_move_first(tt),
            None => self.score_moves(&mut list, ply),
        }

        let mut searched = Searched {
            best_score: tb_floor,
            best_move: None,
            best_is_noisy: false,
            move_count: 0,
            quiets_tried: Tried::new(),
            captures_tried: Tried::new(),
        };
        if let ControlFlow::Break(score) =
            self.search_moves::<PV>(&node, &mut list, alpha, beta, &mut searched)
        {
            return score;
        }
        self.conclude::<PV>(&node, &searched, alpha, beta, tb_ceiling, &keys)
    }

    /// Searches the node's moves in order: the move loop of [`Worker::search`], which
    /// fills `searched`. Breaks with the node's score when it ends early (a singular
    /// search's multi-cut, or the search stopped).
    #[inline(always)]
    fn search_moves<const PV: bool>(
        &mut self,
        node: &Node,
        list: &mut ScoredMoves,
        mut alpha: i32,
        beta: i32,
        searched: &mut Searched,
    ) -> ControlFlow<i32> {
        let Node { ply, depth, cut_node, in_check, excluded, entry, tt_move, tt_score, .. } = *node;
        let Node { static_eval, improving, .. } = *node;
        let Searched {
            best_score,
            best_move,
            best_is_noisy,
            move_count,
            quiets_tried,
            captures_tried,
        } = searched;
        let mut skip_quiets = false;
        let late_move_limit =
            (V::SEARCH.lmp_base + depth * depth) as usize / if improving { 1 } else { 2 };
        let mut check_info: Option<CheckInfo<V>> = None;

        while let Some((m, order)) = list.pick() {
            if order == UNSCORED {
                list.unpick();
                self.score_moves(list, ply);
                continue;
            }
            if order == QUIET_PENDING {
                list.unpick();
                self.score_quiets(list, ply);
                continue;
            }
            if Some(m) == excluded {
                continue;
            }
            let info = self.move_info(m);
            // Quiet moves that give check are spared the move-count and futility limits.
            let mut checks: Option<bool> = None;
            let mut quiet_check = |pos: &Position<V>| {
                *checks.get_or_insert_with(|| {
                    check_info.get_or_insert_with(|| CheckInfo::new(pos)).gives_check(pos, m)
                })
            };
            if skip_quiets && !info.noisy && order < KILLER_2 && !quiet_check(&self.pos) {
                continue;
            }
            *move_count += 1;
            let history = if info.noisy { 0 } else { self.quiet_history(m, info.piece, ply) };
            let base_reduction = self.reductions.get(depth, *move_count);

            // Shallow-depth pruning, once a move has saved us from being mated.
            if *best_score > -MATE_IN_MAX_PLY {
                let lmr_depth = (depth - 1 - base_reduction / 1024).max(0);
                if !info.noisy {
                    let late = depth <= V::SEARCH.lmp_max_depth && *move_count >= late_move_limit;
                    let futility_margin =
                        V::SEARCH.futility_margin + V::SEARCH.futility_margin_per_ply * lmr_depth;
                    let futile = !in_check
                        && lmr_depth <= V::SEARCH.futility_max_depth
                        && static_eval + futility_margin <= alpha;
                    let unpromising = lmr_depth <= V::SEARCH.history_prune_max_depth
                        && history < -V::SEARCH.history_prune_per_ply * depth;
                    if (late || futile || unpromising)
                        && order < KILLER_2
                        && !quiet_check(&self.pos)
                    {
                        skip_quiets |= late;
                        continue;
                    }
                    let see_margin = V::SEARCH.see_quiet_margin * lmr_depth * lmr_depth;
                    if lmr_depth <= V::SEARCH.see_quiet_max_depth
                        && !see_ge(&self.pos, m, -see_margin)
                    {
                        continue;
                    }
                } else if depth <= V::SEARCH.see_noisy_max_depth
                    && order < GOOD_NOISY
                    && !see_ge(&self.pos, m, -V::SEARCH.see_noisy_margin * depth)
                {
                    continue;
                }
            }

            // Extensions.
            let mut extension = 0;
            if Some(m) == tt_move && excluded.is_none() {
                if let Some(e) = entry {
                    match self.singular_extension(m, e, tt_score, beta, depth, ply, cut_node) {
                        ControlFlow::Continue(singular) => extension = singular,
                        ControlFlow::Break(score) => return ControlFlow::Break(score),
                    }
                }
            }

            self.stack[ply].move_count = *move_count;
            self.make(m, info, ply);
            if PV {
                // The child's line starts empty: a child searched only with a null window
                // writes none, and a move that fails high there must not take the line of
                // the move searched before it.
                self.pv_len[ply + 1] = ply + 1;
            }
            let gives_check = self.stack[ply + 1].in_check;
            if gives_check && extension == 0 && self.check_extends(ply, depth) {
                extension = 1;
            }
            if extension > 0 {
                self.stack[ply + 1].extensions += extension;
            }
            let new_depth = depth - 1 + extension;

            let child = Child {
                number: *move_count,
                new_depth,
                gives_check,
                noisy: info.noisy,
                order,
                history,
                base_reduction,
            };
            let score = self.search_child::<PV>(node, &child, alpha, beta);
            self.unmake();
            if self.stopped {
                return ControlFlow::Break(0);
            }

            if score > *best_score {
                *best_score = score;
                if score > alpha {
                    *best_move = Some(m);
                    *best_is_noisy = info.capture || info.noisy;
                    if PV {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
            if Some(m) != *best_move {
                if info.capture {
                    captures_tried.push(m, info.piece);
                } else if !info.noisy {
                    quiets_tried.push(m, info.piece);
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The score of the move just made (as `child` describes it) at `node`: a reduced
    /// null-window search for a late move, searched again at full depth, and with the full
    /// window at a PV node, as long as it beats alpha.
    #[inline(always)]
    fn search_child<const PV: bool>(
        &mut self,
        node: &Node,
        child: &Child,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let Node { ply, depth, cut_node, improving, .. } = *node;
        let Child { number, new_depth, gives_check, noisy, order, history, base_reduction } =
            *child;
        let mut score;
        if depth >= V::SEARCH.lmr_min_depth && number > 1 + usize::from(PV) && (!noisy || cut_node)
        {
            let r = Self::late_move_reduction::<PV>(
                base_reduction,
                cut_node,
                improving,
                gives_check,
                order,
                noisy,
                history,
            );
            let reduced = (new_depth - r / 1024).clamp(1, new_depth.max(1));
            score = -self.search::<false>(-alpha - 1, -alpha, reduced, ply + 1, true);
            if score > alpha && reduced < new_depth {
                score = -self.search::<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
            }
        } else if !PV || number > 1 {
            score = -self.search::<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
        } else {
            score = alpha + 1;
        }
        if PV && (number == 1 || (score > alpha && score < beta)) {
            score = -self.search::<true>(-beta, -alpha, new_depth, ply + 1, false);
        }
        score
    }

    /// The node's result from its searched moves: rewards the move that failed high,
    /// teaches the corrections the evaluation's error, and stores the result in the table.
    #[inline(always)]
    fn conclude<const PV: bool>(
        &mut self,
        node: &Node,
        searched: &Searched,
        alpha: i32,
        beta: i32,
        tb_ceiling: i32,
        keys: &CorrectionKeys,
    ) -> i32 {
        let Node { key, ply, depth, in_check, excluded, raw_eval, static_eval, .. } = *node;
        let Searched { mut best_score, best_move, best_is_noisy, move_count, .. } = *searched;
        let (quiets_tried, captures_tried) = (&searched.quiets_tried, &searched.captures_tried);
        let original_alpha = alpha;
        if move_count == 0 {
            // Every move was the excluded one (or pruned): a singular search with nothing
            // else to try fails low.
            return if excluded.is_some() { alpha } else { self.no_move_score(ply) };
        }

        if let Some(best) = best_move {
            if best_score >= beta {
                self.reward(best, ply, depth, quiets_tried.as_slice(), captures_tried.as_slice());
                self.penalise_refuted_early_move(ply, depth);
            }
        } else if excluded.is_none()
            && (PV || depth >= V::SEARCH.fail_low_bonus_min_depth)
            && self.stack[ply - 1].quiet
        {
            // No move here reached alpha: the opponent's quiet move into this node was a
            // good one.
            self.update_previous_continuation(ply, Self::history_bonus(depth));
        }

        if PV {
            best_score = best_score.min(tb_ceiling);
        }
        if excluded.is_none() {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if PV && best_score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            // A bound on the side of the static evaluation it cannot contradict says
            // nothing about the evaluation's error; nor does a capture's gain.
            let uninformative = match bound {
                Bound::Lower => best_score <= static_eval,
                Bound::Upper => best_score >= static_eval,
                Bound::Exact => false,
            };
            if !in_check && !best_is_noisy && !uninformative && !is_decisive(best_score) {
                let error = best_score - static_eval;
                let us = self.pos.side_to_move();
                self.histories.correction.update(us, keys, error, depth);
            }
            self.shared.tt.store(
                key,
                best_move,
                to_tt(best_score, ply),
                raw_eval,
                depth,
                Some(bound),
            );
        }
        best_score
    }

    /// Tablebases: right after a zeroing move, the tables' verdict ends the node when it
    /// settles the window (Break with the score), and bounds a PV node's score otherwise:
    /// Continue with the (floor, ceiling) the score is kept within, `alpha` raised to the
    /// floor.
    #[inline(always)]
    fn tablebase_bounds<const PV: bool>(
        &mut self,
        key: u64,
        alpha: &mut i32,
        beta: i32,
        depth: i32,
        ply: usize,
    ) -> ControlFlow<i32, (i32, i32)> {
        let mut tb_floor = -INFINITE;
        let mut tb_ceiling = INFINITE;
        if let Some((score, bound)) = self.probe_tablebase(depth, ply) {
            if table_cutoff(Some(bound), score, *alpha, beta) {
                let stored_depth = (depth + 6).min(MAX_PLY as i32 - 1);
                let stored = to_tt(score, ply);
                self.shared.tt.store(key, None, stored, NONE, stored_depth, Some(bound));
                return ControlFlow::Break(score);
            }
            if PV {
                if bound == Bound::Lower {
                    tb_floor = score;
                    *alpha = (*alpha).max(score);
                } else {
                    tb_ceiling = score;
                }
            }
        }
        ControlFlow::Continue((tb_floor, tb_ceiling))
    }

    /// Prunes a non-PV node, not in check, before its moves are searched: razoring,
    /// reverse futility, null move and ProbCut, by the node's refined evaluation `eval`.
    #[inline(always)]
    fn prune_node(&mut self, node: &Node, eval: i32, alpha: i32, beta: i32) -> Option<i32> {
        let Node { ply, depth, cut_node, entry, tt_score, raw_eval, static_eval, .. } = *node;
        let improving = node.improving;
        if let Some(score) = self.razoring(eval, alpha, depth, ply) {
            return Some(score);
        }
        if let Some(score) = Self::reverse_futility(eval, beta, depth, improving) {
            return Some(score);
        }
        if let Some(score) = self.null_move(eval, static_eval, beta, depth, ply, cut_node) {
            return Some(score);
        }
        // ProbCut: a capture that beats beta by a margin in a shallower search most
        // likely beats beta in the full one.
        let probcut_beta =
            beta + V::SEARCH.probcut_margin - V::SEARCH.probcut_improving * i32::from(improving);
        let probcut_depth = depth - V::SEARCH.probcut_reduction;
        if depth >= V::SEARCH.probcut_min_depth
            && !is_decisive(beta)
            && !entry.is_some_and(|e| {
                e.depth > probcut_depth && tt_score != NONE && tt_score < probcut_beta
            })
        {
            return self.probcut(probcut_beta, static_eval, raw_eval, depth, ply, cut_node);
        }
        None
    }

    /// The tablebases' score and bound for the node, as Stockfish probes them: with few
    /// enough men (at the probe limit, only from the probe depth), no castling rights,
    /// right after a zeroing move. A proven win is a lower bound `TB_WIN - ply` (the
    /// search may find a mate), a loss likewise an upper bound; a draw, or with
    /// `Syzygy50MoveRule` a cursed win or blessed loss, is exact (those two a hair off 0).
    #[inline(always)]
    fn probe_tablebase(&mut self, depth: i32, ply: usize) -> Option<(i32, Bound)> {
        let use_tables = self.shared.tablebases;
        if use_tables.cardinality == 0 || self.pos.halfmove_clock() != 0 {
            return None;
        }
        let men = self.pos.occupied().count();
        if men > use_tables.cardinality
            || (men == use_tables.cardinality && depth < use_tables.probe_depth)
        {
            return None;
        }
        let wdl = crate::tablebase::probe_wdl(&self.pos)? as i32;
        self.shared.tb_hits.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let draw_margin = i32::from(use_tables.fifty_move_rule);
        let tb_win = TB_WIN - ply as i32;
        Some(if wdl < -draw_margin {
            (-tb_win, Bound::Upper)
        } else if wdl > draw_margin {
            (tb_win, Bound::Lower)
        } else {
            (DRAW + 2 * wdl * draw_margin, Bound::Exact)
        })
    }

    /// The node's evaluations. A new one goes into the table at once, uncorrected, for
    /// the other threads and for later visits.
    #[inline(always)]
    fn node_eval(
        &mut self,
        ply: usize,
        in_check: bool,
        singular: bool,
        entry: Option<TtEntry>,
        tt_score: i32,
        keys: &CorrectionKeys,
    ) -> NodeEval {
        if in_check {
            return NodeEval { raw: NONE, corrected: NONE, refined: NONE };
        }
        if singular {
            // The node's own evaluation, from before the move was excluded.
            let corrected = self.stack[ply].static_eval;
            return NodeEval { raw: NONE, corrected, refined: corrected };
        }
        let raw = entry.and_then(|e| e.static_eval()).unwrap_or_else(|| self.evaluate());
        let corrected = self.corrected(raw, keys);
        let refined = match entry {
            Some(e) => refined_by_table(e.bound, tt_score, corrected),
            None => {
                self.shared.tt.store(self.stack[ply].key, None, NONE, raw, -1, None);
                corrected
            }
        };
        NodeEval { raw, corrected, refined }
    }

    /// Razoring: at low depth, an evaluation so far below alpha that a good capture would
    /// not save it; a quiescence search that agrees gives the node's score.
    #[inline(always)]
    fn razoring(&mut self, eval: i32, alpha: i32, depth: i32, ply: usize) -> Option<i32> {
        let margin = V::SEARCH.razor_margin + V::SEARCH.razor_margin_per_ply * depth;
        if depth > V::SEARCH.razor_max_depth || eval + margin >= alpha {
            return None;
        }
        let score = self.quiescence::<false>(alpha - 1, alpha, ply, 0);
        (score < alpha).then_some(score)
    }

    /// Reverse futility pruning: at low depth, an evaluation above beta by a margin per
    /// ply (one ply fewer when improving) holds; the node scores halfway between them.
    #[inline(always)]
    fn reverse_futility(eval: i32, beta: i32, depth: i32, improving: bool) -> Option<i32> {
        let margin = V::SEARCH.rfp_margin_per_ply * (depth - i32::from(improving));
        let holds =
            depth <= V::SEARCH.rfp_max_depth && eval - margin >= beta && beta > -TB_WIN_IN_MAX_PLY;
        holds.then(|| (eval + beta) / 2)
    }

    /// Null-move pruning: a side still at beta after passing, in a reduced search, is at
    /// beta after its best move too; deep cutoffs are verified by a search without null
    /// moves for this side. Not twice in a row, nor where zugzwang is likely
    /// ([`Self::null_move_allowed`]).
    #[inline(always)]
    fn null_move(
        &mut self,
        eval: i32,
        static_eval: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> Option<i32> {
        let us = self.pos.side_to_move().index();
        let eval_margin = V::SEARCH.nmp_eval_margin - V::SEARCH.nmp_eval_margin_per_ply * depth;
        let worth_trying = depth >= V::SEARCH.nmp_min_depth
            && eval >= beta
            && static_eval >= beta + eval_margin
            && ply >= self.null_move_floor[us]
            && self.stack[ply - 1].current.is_some()
            && beta > -TB_WIN_IN_MAX_PLY
            && self.null_move_allowed();
        if !worth_trying {
            return None;
        }
        let r = V::SEARCH.nmp_reduction
            + depth / V::SEARCH.nmp_depth_per_reduction
            + ((eval - beta) / V::SEARCH.nmp_eval_per_reduction)
                .min(V::SEARCH.nmp_max_eval_reduction);
        self.make_null(ply);
        let score = -self.search::<false>(-beta, -beta + 1, depth - r, ply + 1, !cut_node);
        self.unmake_null();
        if self.stopped {
            return Some(0);
        }
        if score < beta || score >= TB_WIN_IN_MAX_PLY {
            return None;
        }
        if depth < V::SEARCH.nmp_verify_depth || self.null_move_floor[us] > 0 {
            return Some(score);
        }
        self.null_move_floor[us] = ply + 3 * (depth - r) as usize / 4;
        let verified = self.search::<false>(beta - 1, beta, depth - r, ply, false);
        self.null_move_floor[us] = 0;
        (verified >= beta).then_some(score)
    }

    /// Singular extension of the table move `m`, when its entry `e` is deep enough and
    /// a lower bound: if every other move falls short of the table's score less a
    /// margin, a search without `m` shows it, and `m` is extended a ply. Otherwise the
    /// node ends when even that lowered score beats beta (multi-cut: several moves do),
    /// and `m` is searched a ply shallower when the table's score alone beats beta.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn singular_extension(
        &mut self,
        m: Move,
        e: TtEntry,
        tt_score: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> ControlFlow<i32, i32> {
        let applies = depth >= V::SEARCH.singular_min_depth
            && ply < 2 * self.root_depth as usize
            && e.depth >= depth - V::SEARCH.singular_tt_depth
            && matches!(e.bound, Some(Bound::Lower) | Some(Bound::Exact))
            && !is_decisive(tt_score);
        if !applies {
            return ControlFlow::Continue(0);
        }
        let singular_beta = tt_score - V::SEARCH.singular_margin_per_ply * depth;
        self.stack[ply].excluded = Some(m);
        let score =
            self.search::<false>(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
        self.stack[ply].excluded = None;
        if self.stopped {
            ControlFlow::Break(0)
        } else if score < singular_beta {
            ControlFlow::Continue(1)
        } else if singular_beta >= beta {
            ControlFlow::Break(singular_beta)
        } else if tt_score >= beta {
            ControlFlow::Continue(-1)
        } else {
            ControlFlow::Continue(0)
        }
    }

    /// Whether the check just given from `ply` extends the line: while it has extensions
    /// to spare and is shorter than twice the iteration's depth; at low depth always,
    /// deeper only when the checking man cannot be won.
    #[inline(always)]
    fn check_extends(&self, ply: usize, depth: i32) -> bool {
        self.stack[ply].extensions < V::SEARCH.check_extension_limit
            && ply < 2 * self.root_depth as usize
            && (depth <= V::SEARCH.check_extension_any_depth || moved_man_holds(&self.pos))
    }

    /// How much shallower a late move is searched, in 1/1024 plies: the table's
    /// `base` for its depth and number, more at non-PV and expected cut nodes, less when
    /// improving, for checks, killers and the counter-move, captures, and by history.
    #[inline(always)]
    fn late_move_reduction<const PV: bool>(
        base: i32,
        cut_node: bool,
        improving: bool,
        gives_check: bool,
        order: i32,
        noisy: bool,
        history: i32,
    ) -> i32 {
        let mut r = base;
        if !PV {
            r += V::SEARCH.lmr_non_pv;
        }
        if cut_node {
            r += V::SEARCH.lmr_cut_node;
        }
        if improving {
            r -= V::SEARCH.lmr_improving;
        }
        if gives_check {
            r -= V::SEARCH.lmr_gives_check;
        }
        if order >= COUNTER {
            r -= V::SEARCH.lmr_refutation;
        }
        if noisy {
            r -= V::SEARCH.lmr_noisy;
        }
        r - history * 1024 / V::SEARCH.lmr_history_divisor
    }

    /// Tries the captures that win at least `probcut_beta - static_eval` by static
    /// exchange, most valuable victim first (two of them, four at an expected cut node):
    /// the first whose quiescence search and then a search four plies shallower than
    /// `depth` reach `probcut_beta` gives the node's score, stored as a lower bound.
    fn probcut(
        &mut self,
        probcut_beta: i32,
        static_eval: i32,
        raw_eval: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> Option<i32> {
        let mut list = ScoredMoves::new();
        self.pos.generate_noisy(&mut list.moves);
        for i in 0..list.len() {
            let m = list.moves[i];
            let victim = material_gain(&self.pos, m);
            list.set_score(i, victim);
        }
        let mut tries =
            if cut_node { V::SEARCH.probcut_tries_cut_node } else { V::SEARCH.probcut_tries };
        while let Some((m, _)) = list.pick() {
            if tries == 0 {
                break;
            }
            let info = self.move_info(m);
            if !info.noisy || !see_ge(&self.pos, m, probcut_beta - static_eval) {
                continue;
            }
            tries -= 1;
            self.make(m, info, ply);
            let window = (-probcut_beta, -probcut_beta + 1);
            let mut score = -self.quiescence::<false>(window.0, window.1, ply + 1, 0);
            if score >= probcut_beta {
                let reduced = depth - V::SEARCH.probcut_reduction;
                score = -self.search::<false>(window.0, window.1, reduced, ply + 1, !cut_node);
            }
            self.unmake();
            if self.stopped {
                return Some(0);
            }
            if score >= probcut_beta {
                let key = self.stack[ply].key;
                let stored = to_tt(score, ply);
                let stored_depth = depth - V::SEARCH.probcut_reduction + 1;
                self.shared.tt.store(
                    key,
                    Some(m),
                    stored,
                    raw_eval,
                    stored_depth,
                    Some(Bound::Lower),
                );
                return Some(score);
            }
        }
        None
    }

    // ---------------------------------------------------------------------------------
    // Quiescence
    // ---------------------------------------------------------------------------------

    pub fn quiescence<const PV: bool>(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        if PV {
            self.pv_len[ply] = ply;
            self.seldepth = self.seldepth.max(ply + 1);
        }
        if self.poll() {
            return 0;
        }
        let in_check = self.stack[ply].in_check;
        if let Some(score) = self.draw_or_end(ply, in_check) {
            return score;
        }
        if ply >= MAX_PLY - 1 || qply >= V::SEARCH.qs_max_plies as usize {
            return self.evaluate();
        }

        let key = self.stack[ply].key;
        let entry = self.shared.tt.probe(key);
        let tt_score = entry.map_or(NONE, |e| from_tt(e.score, ply));
        if !PV {
            if let Some(e) = entry {
                if e.depth >= 0 && table_cutoff(e.bound, tt_score, alpha, beta) {
                    return tt_score;
                }
            }
        }

        let static_eval;
        let mut raw_eval = NONE;
        let mut best_score;
        if in_check {
            static_eval = NONE;
            best_score = -INFINITE;
        } else {
            raw_eval = entry.and_then(|e| e.static_eval()).unwrap_or_else(|| self.evaluate());
            static_eval = self.corrected(raw_eval, &CorrectionKeys::of(&self.pos));
            best_score = static_eval;
            if let Some(e) = entry {
                best_score = refined_by_table(e.bound, tt_score, best_score);
            }
            if best_score >= beta {
                if entry.is_none() {
                    self.shared.tt.store(
                        key,
                        None,
                        to_tt(best_score, ply),
                        raw_eval,
                        0,
                        Some(Bound::Lower),
                    );
                }
                return best_score;
            }
            alpha = alpha.max(best_score);
        }
        self.stack[ply].static_eval = static_eval;

        // Every move in check and on the first ply (which tries quiet checks too); further
        // on only captures and promotions, so a stalemate there goes unseen.
        let mut all = ScoredMoves::new();
        if in_check || qply == 0 {
            self.pos.generate_legal(&mut all.moves);
            if all.is_empty() {
                return self.no_move_score(ply);
            }
        } else {
            self.pos.generate_noisy(&mut all.moves);
        }
        // Only captures and promotions, unless in check.
        let tt_move = entry.and_then(|e| e.mv);
        let mut list = ScoredMoves::new();
        let check_info = (qply == 0 && !in_check).then(|| CheckInfo::new(&self.pos));
        for &m in all.moves.iter() {
            let info = self.move_info(m);
            if !in_check
                && !info.noisy
                && !check_info
                    .as_ref()
                    .is_some_and(|c| c.gives_check(&self.pos, m) && see_ge(&self.pos, m, 0))
            {
                continue;
            }
            let score = if Some(m) == tt_move {
                TT_MOVE
            } else if info.noisy {
                let victim = material_gain(&self.pos, m);
                let attacker = ekumen_eval::piece_value::<V>(info.piece.kind());
                GOOD_NOISY + victim * V::SEARCH.capture_value_weight
                    - attacker / V::SEARCH.capture_attacker_divisor
            } else {
                self.quiet_history(m, info.piece, ply)
            };
            list.moves.push(m);
            list.set_score(list.len() - 1, score);
        }

        let futility_base =
            if in_check { NONE } else { static_eval + V::SEARCH.qs_futility_margin };
        let mut best_move = None;
        let mut quiet_evasions = 0;
        while let Some((m, _)) = list.pick() {
            let info = self.move_info(m);
            if in_check && !info.noisy {
                // Once an evasion has shown we are not mated, one more quiet evasion is
                // enough: in drop games there can be dozens (every block by every piece).
                if best_score > -MATE_IN_MAX_PLY && quiet_evasions >= V::SEARCH.qs_quiet_evasions {
                    break;
                }
                quiet_evasions += 1;
            }
            if !in_check && info.noisy && best_score > -MATE_IN_MAX_PLY {
                let gain = material_gain(&self.pos, m);
                if futility_base + gain <= alpha {
                    best_score = best_score.max(futility_base + gain);
                    continue;
                }
                if !see_ge(&self.pos, m, 0) {
                    continue;
                }
            }
            self.make(m, info, ply);
            let score = -self.quiescence::<PV>(-beta, -alpha, ply + 1, qply + 1);
            self.unmake();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    if PV {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        let bound = if best_score >= beta { Bound::Lower } else { Bound::Upper };
        self.shared.tt.store(key, best_move, to_tt(best_score, ply), raw_eval, 0, Some(bound));
        best_score
    }
}
