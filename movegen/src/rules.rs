//! How games end: checkmate, stalemate (a draw or a loss by variant), campmate,
//! extinction, the fifty-move rule, repetition and dead positions. Results are from the
//! side to move's point of view.

use crate::piece::{Color, Special};
use crate::position::Position;
use crate::sliders::DIAGONAL;
use crate::square::Geometry;
use crate::variant::{StalemateRule, Variant};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameResult {
    Win,
    Loss,
    Draw,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    /// A king reached the opponent's back rank (shinobi).
    Campmate,
    /// A side has no royal piece left (gethenian).
    Extinction,
    FiftyMoves,
    Repetition,
    /// A repetition forced by one side checking on every move (shinobi: the checker loses).
    PerpetualCheck,
    InsufficientMaterial,
}

/// A finished game: the result for the side to move and why.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Outcome {
    pub result: GameResult,
    pub reason: EndReason,
}

impl<V: Variant> Position<V> {
    /// A result already decided by what stands on the board (campmate, extinction); such
    /// a position has no legal moves, as in Fairy-Stockfish.
    pub fn decided_on_board(&self) -> Option<Outcome> {
        let us = self.side_to_move();
        if V::EXTINCTION {
            if self.royals(us).is_empty() {
                return Some(Outcome { result: GameResult::Loss, reason: EndReason::Extinction });
            }
            if self.royals(!us).is_empty() {
                return Some(Outcome { result: GameResult::Win, reason: EndReason::Extinction });
            }
        }
        if V::CAMPMATE {
            let last_rank = &V::tables().last_rank;
            if (self.royals(!us) & last_rank[(!us).index()]).is_nonempty() {
                return Some(Outcome { result: GameResult::Loss, reason: EndReason::Campmate });
            }
            if (self.royals(us) & last_rank[us.index()]).is_nonempty() {
                return Some(Outcome { result: GameResult::Win, reason: EndReason::Campmate });
            }
        }
        None
    }

    /// The result when the side to move has no legal move.
    pub fn no_move_outcome(&self) -> Outcome {
        if let Some(decided) = self.decided_on_board() {
            return decided;
        }
        if self.in_check() {
            Outcome { result: GameResult::Loss, reason: EndReason::Checkmate }
        } else {
            let result = match V::STALEMATE {
                StalemateRule::Draw => GameResult::Draw,
                StalemateRule::Loss => GameResult::Loss,
            };
            Outcome { result, reason: EndReason::Stalemate }
        }
    }

    /// How the game stands: `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(decided) = self.decided_on_board() {
            return Some(decided);
        }
        if self.count_legal() == 0 {
            return Some(self.no_move_outcome());
        }
        if self.halfmove_clock() >= 100 {
            return Some(Outcome { result: GameResult::Draw, reason: EndReason::FiftyMoves });
        }
        if self.repetitions() >= 2 {
            return Some(Outcome { result: GameResult::Draw, reason: EndReason::Repetition });
        }
        if V::INSUFFICIENT_MATERIAL && self.insufficient_material() {
            return Some(Outcome {
                result: GameResult::Draw,
                reason: EndReason::InsufficientMaterial,
            });
        }
        None
    }

    /// How many earlier positions within the reversible stretch equal this one.
    pub fn repetitions(&self) -> usize {
        let reversible = self.halfmove_clock() as usize;
        self.history_keys()
            .take(reversible)
            .skip(1)
            .step_by(2)
            .filter(|&key| key == self.key())
            .count()
    }

    /// Neither side can ever mate: bare kings, a lone minor piece, or only bishops all on
    /// squares of one colour.
    pub fn insufficient_material(&self) -> bool {
        let mut others = self.occupied() & !(self.royals(Color::White) | self.royals(Color::Black));
        if others.count() <= 1 {
            return others.is_empty() || {
                let def = &V::PIECES[self.piece_on(others.lsb()).expect("a piece").kind().index()];
                def.special == Special::None
                    && ((def.slides == DIAGONAL && def.leaps.is_empty())
                        || (def.slides == 0 && def.leaps.len() <= 8 && !def.leaps.is_empty()))
            };
        }
        let mut colors = 0u8;
        others.all(|sq| {
            let def = &V::PIECES[self.piece_on(sq).expect("a piece").kind().index()];
            colors |= 1 << ((V::Geo::file_of(sq) + V::Geo::rank_of(sq)) & 1);
            def.slides == DIAGONAL && def.leaps.is_empty() && def.special == Special::None
        }) && colors != 0b11
    }
}
