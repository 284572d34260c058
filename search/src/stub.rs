//! The stand-in search: iterative deepening, plain alpha-beta over material, and a
//! capture-only quiescence search. It is a placeholder for the real search (see the crate
//! docs) and is kept simple on purpose; what it must get right is the contract with the
//! front end: respect every limit, stop promptly, always return a legal move when there is
//! one, and report no-move positions with the variant's verdict.

use std::time::{Duration, Instant};

use ekumen_movegen::piece::{Special, MAX_PIECE_TYPES};
use ekumen_movegen::{
    dispatch, AnyPosition, Bitboard, Color, GameResult, Geometry, Move, MoveKind,
};
use ekumen_movegen::{Position, Variant};

use crate::limits::{time_budget, Limits, TimeBudget};
use crate::{
    IterationReport, ScoreBound, SearchControl, SearchObserver, SearchResult, SearchScore,
    SearchSettings,
};

/// Mate score at the root; a mate found `n` plies deep scores `MATE - n`.
const MATE: i32 = 32_000;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - 1_000;
const INFINITE: i32 = MATE + 1;
/// The deepest iteration the stand-in starts.
const MAX_DEPTH: u32 = 64;
/// How deep quiescence may follow captures.
const MAX_QUIESCENCE_PLIES: u32 = 8;
/// Nodes between two looks at the clock and the stop flag.
const CHECK_INTERVAL: u64 = 128;
/// `info currmove` lines are printed only after this long.
const CURRMOVE_AFTER: Duration = Duration::from_secs(3);

/// Searches `position` within `limits`, reporting iterations to `observer`; returns at
/// once (with the verdict) when there is no legal move. Waiting for `stop` and the final
/// report are the caller's ([`crate::Searcher::start`]).
pub fn search(
    position: &AnyPosition,
    limits: &Limits,
    settings: &SearchSettings,
    control: &SearchControl,
    start: Instant,
    observer: &mut dyn SearchObserver,
) -> SearchResult {
    dispatch!(position, pos => Worker::new(pos, limits, settings, control, start, observer).search())
}

/// Static evaluation of `position` in centipawns for the side to move (the stand-in's
/// material count; the `eval` command prints it).
pub fn evaluate(position: &AnyPosition) -> i32 {
    dispatch!(position, pos => material::<_>(pos, &piece_values(pos)))
}

/// A piece's value from its average reach on an empty board: ~300 for a knight, ~560 for
/// a rook, ~860 for a queen on 8x8. Pawns are 100 and royal pieces count nothing.
fn piece_values<V: Variant>(pos: &Position<V>) -> [i32; MAX_PIECE_TYPES] {
    let mut values = [0; MAX_PIECE_TYPES];
    for (i, def) in V::PIECES.iter().enumerate() {
        values[i] = if def.royal {
            0
        } else if def.special == Special::Pawn {
            100
        } else {
            let kind = ekumen_movegen::PieceType(i as u8);
            let squares = V::Geo::SQUARES as f64;
            let reach: u32 = (0..V::Geo::SQUARES)
                .map(|s| {
                    let sq = ekumen_movegen::Square::new(s as u8);
                    pos.attacks_from(Color::White, kind, sq, Bitboard::EMPTY).count()
                })
                .sum();
            let average = reach as f64 / squares;
            (60.0 * average.max(1.0).powf(0.85)) as i32
        };
    }
    values
}

fn material<V: Variant>(pos: &Position<V>, values: &[i32; MAX_PIECE_TYPES]) -> i32 {
    let us = pos.side_to_move();
    let mut score = 0;
    for s in 0..V::Geo::SQUARES {
        if let Some(piece) = pos.piece_on(ekumen_movegen::Square::new(s as u8)) {
            let value = values[piece.kind().index()];
            score += if piece.color() == us { value } else { -value };
        }
    }
    if V::DROPS {
        for &kind in V::HAND_ORDER {
            let value = values[kind.index()];
            score += value * i32::from(pos.hand_count(us, kind));
            score -= value * i32::from(pos.hand_count(!us, kind));
        }
    }
    score
}

struct Worker<'a, V: Variant> {
    pos: Position<V>,
    limits: &'a Limits,
    settings: &'a SearchSettings,
    control: &'a SearchControl,
    observer: &'a mut dyn SearchObserver,
    start: Instant,
    budget: Option<TimeBudget>,
    values: [i32; MAX_PIECE_TYPES],
    nodes: u64,
    seldepth: u32,
    stopped: bool,
    /// Triangular principal-variation table, one row per ply.
    pv: Vec<Vec<Move>>,
}

impl<'a, V: Variant> Worker<'a, V> {
    fn new(
        pos: &Position<V>,
        limits: &'a Limits,
        settings: &'a SearchSettings,
        control: &'a SearchControl,
        start: Instant,
        observer: &'a mut dyn SearchObserver,
    ) -> Self {
        let us = pos.side_to_move();
        Worker {
            pos: pos.clone(),
            limits,
            settings,
            control,
            observer,
            start,
            budget: time_budget(limits, us, settings.move_overhead),
            values: piece_values(pos),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            pv: vec![Vec::new(); 128],
        }
    }

    /// The verdict for a root with no legal move, as Fairy-Stockfish gives it: a result
    /// decided on the board, a draw by the fifty-move rule when not in check, else the
    /// variant's checkmate or stalemate value.
    fn no_move_verdict(&self) -> SearchScore {
        if let Some(decided) = self.pos.decided_on_board() {
            return SearchScore::from_result(decided.result);
        }
        if self.pos.halfmove_clock() >= 100 && !self.pos.in_check() {
            return SearchScore::Cp(0);
        }
        SearchScore::from_result(self.pos.no_move_outcome().result)
    }

    fn search(&mut self) -> SearchResult {
        let mut root_moves: Vec<Move> = self.pos.legal_moves().to_vec();
        if !self.limits.search_moves.is_empty() {
            root_moves.retain(|m| self.limits.search_moves.contains(m));
        }
        if root_moves.is_empty() {
            return SearchResult {
                best: None,
                ponder: None,
                no_move_score: Some(self.no_move_verdict()),
                nodes: 0,
                elapsed: Duration::ZERO,
            };
        }
        self.order_moves(&mut root_moves, None);

        let max_depth = self.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let multi_pv = self.settings.multi_pv.clamp(1, root_moves.len());
        let mut best_line: Vec<Move> = vec![root_moves[0]];
        for depth in 1..=max_depth {
            let Some(lines) = self.root_iteration(depth, &mut root_moves, multi_pv) else {
                break;
            };
            best_line = lines[0].1.clone();
            if self.stopped {
                // An interrupted iteration still improves the move (its first move searched
                // is the previous best), but its scores are not worth reporting.
                break;
            }
            let elapsed = self.start.elapsed();
            for (i, (score, pv)) in lines.iter().enumerate() {
                self.observer.iteration(&IterationReport {
                    depth,
                    seldepth: self.seldepth.max(depth),
                    multipv: i as u32 + 1,
                    score: to_search_score(*score),
                    bound: ScoreBound::Exact,
                    nodes: self.nodes,
                    elapsed,
                    hashfull: 0,
                    pv: pv.clone(),
                });
            }
            let best_score = lines[0].0;
            if let Some(mate) = self.limits.mate {
                if best_score > MATE_BOUND && ((MATE - best_score) as u32).div_ceil(2) <= mate {
                    break;
                }
            }
            if self.out_of_soft_time() {
                break;
            }
        }
        SearchResult {
            best: best_line.first().copied(),
            ponder: best_line.get(1).copied(),
            no_move_score: None,
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
        }
    }

    /// One iteration over the root moves; `None` if it was interrupted before the first
    /// move was searched. Returns the best `multi_pv` lines with their scores, and puts
    /// the root moves in the order of their scores for the next iteration.
    fn root_iteration(
        &mut self,
        depth: u32,
        root_moves: &mut Vec<Move>,
        multi_pv: usize,
    ) -> Option<Vec<(i32, Vec<Move>)>> {
        let mut scored: Vec<(i32, Vec<Move>)> = Vec::with_capacity(root_moves.len());
        let mut alpha = -INFINITE;
        for (number, &m) in root_moves.iter().enumerate() {
            if self.start.elapsed() > CURRMOVE_AFTER {
                self.observer.current_move(depth, m, number + 1);
            }
            // With several lines wanted, every root move gets an exact score.
            let window_alpha = if multi_pv > 1 { -INFINITE } else { alpha };
            self.pos.make_move(m);
            self.nodes += 1;
            let score = -self.alpha_beta(depth - 1, -INFINITE, -window_alpha, 1);
            self.pos.unmake_move();
            if self.stopped {
                if scored.is_empty() {
                    return None;
                }
                break;
            }
            let mut line = vec![m];
            line.extend_from_slice(&self.pv[1]);
            scored.push((score, line));
            alpha = alpha.max(score);
        }
        // Searched moves first, best first (the sort is stable, so ties keep their order);
        // any moves an interrupted iteration did not reach keep their place after them.
        scored.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
        let searched: Vec<Move> = scored.iter().map(|(_, line)| line[0]).collect();
        let rest: Vec<Move> =
            root_moves.iter().copied().filter(|m| !searched.contains(m)).collect();
        *root_moves = searched.into_iter().chain(rest).collect();
        scored.truncate(multi_pv);
        Some(scored)
    }

    fn out_of_soft_time(&self) -> bool {
        !self.control.pondering()
            && self.budget.is_some_and(|budget| self.start.elapsed() >= budget.soft)
    }

    /// Looks at the stop flag, the clock and the node limit.
    fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        } else if self.nodes % CHECK_INTERVAL == 0 {
            let out_of_time = !self.control.pondering()
                && self.budget.is_some_and(|budget| self.start.elapsed() >= budget.hard);
            self.stopped = self.control.stop_requested() || out_of_time;
        }
        self.stopped
    }

    fn alpha_beta(&mut self, depth: u32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv[ply].clear();
        if self.should_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        // A repetition inside the tree, or the fifty-move rule, is scored a draw.
        if self.pos.halfmove_clock() >= 100 || self.pos.repetitions() >= 1 {
            return 0;
        }
        let mut moves = self.pos.legal_moves().to_vec();
        if moves.is_empty() {
            return match self.pos.no_move_outcome().result {
                GameResult::Win => MATE - ply as i32,
                GameResult::Loss => -MATE + ply as i32,
                GameResult::Draw => 0,
            };
        }
        if depth == 0 || ply >= self.pv.len() - 1 {
            return self.quiescence(alpha, beta, ply, 0);
        }
        self.order_moves(&mut moves, None);
        let mut best = -INFINITE;
        for m in moves {
            self.pos.make_move(m);
            self.nodes += 1;
            let score = -self.alpha_beta(depth - 1, -beta, -alpha, ply + 1);
            self.pos.unmake_move();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m);
                    head[ply].extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    fn quiescence(&mut self, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        self.pv[ply].clear();
        if self.should_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        let stand_pat = material(&self.pos, &self.values);
        if stand_pat >= beta || qply >= MAX_QUIESCENCE_PLIES || ply >= self.pv.len() - 1 {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut captures: Vec<Move> =
            self.pos.legal_moves().iter().copied().filter(|&m| self.is_capture(m)).collect();
        self.order_moves(&mut captures, None);
        let mut best = stand_pat;
        for m in captures {
            self.pos.make_move(m);
            self.nodes += 1;
            let score = -self.quiescence(-beta, -alpha, ply + 1, qply + 1);
            self.pos.unmake_move();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    fn is_capture(&self, m: Move) -> bool {
        match m.kind() {
            MoveKind::Drop | MoveKind::Castle => false,
            MoveKind::EnPassant => true,
            _ => self.pos.piece_on(m.to()).is_some(),
        }
    }

    /// Captures of valuable pieces first, then promotions, then the rest in generation
    /// order; `first` goes before everything.
    fn order_moves(&self, moves: &mut [Move], first: Option<Move>) {
        moves.sort_by_key(|&m| {
            if Some(m) == first {
                return i32::MIN;
            }
            let victim = if self.is_capture(m) {
                self.pos.piece_on(m.to()).map_or(100, |p| self.values[p.kind().index()]) + 1
            } else {
                0
            };
            let promotion = i32::from(matches!(m.kind(), MoveKind::Promotion | MoveKind::Promote));
            -(victim * 2 + promotion)
        });
    }
}

/// Converts an internal score to a reported one.
fn to_search_score(score: i32) -> SearchScore {
    if score > MATE_BOUND {
        SearchScore::Mating((MATE - score) as u32)
    } else if score < -MATE_BOUND {
        SearchScore::Mated((MATE + score) as u32)
    } else {
        SearchScore::Cp(score)
    }
}
