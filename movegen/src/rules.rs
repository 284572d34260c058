//! How games end: checkmate, stalemate (a draw or a loss by variant), campmate,
//! extinction, the fifty-move rule, repetition and dead positions. Results are from the
//! side to move's point of view.

use crate::piece::Color;
use crate::position::Position;
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
    /// A result already decided by what stands on the board: campmate, where the side
    /// to move has lost if the opponent's king stands on its target rank. Such a
    /// position has no legal moves, as in Fairy-Stockfish.
    pub fn decided_on_board(&self) -> Option<Outcome> {
        let them = !self.side_to_move();
        if V::CAMPMATE && (self.royals(them) & V::tables().last_rank[them.index()]).is_nonempty() {
            return Some(Outcome { result: GameResult::Loss, reason: EndReason::Campmate });
        }
        None
    }

    /// The result when the side to move has no legal move.
    pub fn no_move_outcome(&self) -> Outcome {
        if let Some(decided) = self.decided_on_board() {
            return decided;
        }
        if self.royal_attacked() {
            Outcome { result: GameResult::Loss, reason: EndReason::Checkmate }
        } else {
            let result = match V::STALEMATE {
                StalemateRule::Draw => GameResult::Draw,
                StalemateRule::Loss => GameResult::Loss,
            };
            Outcome { result, reason: EndReason::Stalemate }
        }
    }

    /// How the game stands: `None` while it goes on. The order is Fairy-Stockfish's:
    /// an on-board result, then the fifty-move rule (which a checkmate on its last ply
    /// beats, except where checks do not count), then no legal move, then repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(decided) = self.decided_on_board() {
            return Some(decided);
        }
        let has_moves = self.count_legal() > 0;
        if self.halfmove_clock() >= 100 && (has_moves || V::PSEUDO_ROYAL || !self.in_check()) {
            return Some(Outcome { result: GameResult::Draw, reason: EndReason::FiftyMoves });
        }
        if !has_moves {
            return Some(self.no_move_outcome());
        }
        if let Some(repetition) = self.repetition_outcome(2) {
            return Some(repetition);
        }
        if V::INSUFFICIENT_MATERIAL && self.insufficient_material() {
            return Some(Outcome {
                result: GameResult::Draw,
                reason: EndReason::InsufficientMaterial,
            });
        }
        None
    }

    /// The stretch of history a repetition may reach back into: since the last capture or
    /// pawn move, or every ply where captures feed the hands (material is never lost) or
    /// pawns step back.
    fn repetition_window(&self) -> usize {
        let plies = self.game_ply();
        if V::CAPTURES_TO_HAND || !V::CLOCK_BOUNDS_REPETITION {
            plies
        } else {
            plies.min(self.halfmove_clock() as usize)
        }
    }

    /// How many earlier positions within the repetition window equal this one.
    pub fn repetitions(&self) -> usize {
        self.history_keys()
            .take(self.repetition_window())
            .skip(1)
            .step_by(2)
            .filter(|&key| key == self.key())
            .count()
    }

    /// The result of this position occurring for the `earlier + 1`-th time, if it has:
    /// a draw, or where perpetual check loses (shinobi), a win for the side that was
    /// checked on every one of its turns since the first occurrence, unless both were.
    pub fn repetition_outcome(&self, earlier: usize) -> Option<Outcome> {
        let mut found = 0;
        let mut oldest = 0;
        for (back, key) in self.history_keys().take(self.repetition_window()).enumerate() {
            let distance = back + 1;
            if distance % 2 == 0 && key == self.key() {
                found += 1;
                oldest = distance;
                if found == earlier {
                    break;
                }
            }
        }
        if found < earlier {
            return None;
        }
        let draw = Outcome { result: GameResult::Draw, reason: EndReason::Repetition };
        if !V::PERPETUAL_CHECK_LOSES {
            return Some(draw);
        }
        let checks = self.history_checks();
        let mut we_were_checked = self.in_check();
        let mut they_were_checked = true;
        for (back, &checked) in checks.take(oldest).enumerate() {
            if (back + 1) % 2 == 0 {
                we_were_checked &= checked;
            } else {
                they_were_checked &= checked;
            }
        }
        let result = match (we_were_checked, they_were_checked) {
            (true, false) => GameResult::Win,
            (false, true) => GameResult::Loss,
            _ => return Some(draw),
        };
        Some(Outcome { result, reason: EndReason::PerpetualCheck })
    }

    /// Neither side can ever mate: bare kings, a lone minor piece, or only bishops all on
    /// squares of one colour.
    pub fn insufficient_material(&self) -> bool {
        let mut others = self.occupied() & !(self.royals(Color::White) | self.royals(Color::Black));
        if others.count() <= 1 {
            return others.is_empty() || {
                let def = &V::PIECES[self.piece_on(others.lsb()).expect("a piece").kind().index()];
                def.is_minor_slider() || def.is_minor_leaper()
            };
        }
        let mut colors = 0u8;
        others.all(|sq| {
            let def = &V::PIECES[self.piece_on(sq).expect("a piece").kind().index()];
            colors |= 1 << ((V::Geo::file_of(sq) + V::Geo::rank_of(sq)) & 1);
            def.is_minor_slider()
        }) && colors != 0b11
    }
}
