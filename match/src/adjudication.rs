//! Adjudication beyond the rules of the game: resigning a game one side's engine
//! scores as lost, drawing one both engines score as level, and a move limit. The scores
//! are the engines' own, their last `info ... score` before each `bestmove`.

use ekumen_movegen::Color;

use crate::record::{EngineScore, GameResult, Termination};

/// Resign adjudication: a side whose score stays at or below `-score_cp` for `move_count`
/// of its consecutive moves loses (with `two_sided`, only while its opponent's score stays
/// at or above `score_cp` as long).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ResignRule {
    pub move_count: u32,
    pub score_cp: i32,
    pub two_sided: bool,
}

/// Draw adjudication: from full move `move_number` on, a game where both sides' scores
/// stay within `score_cp` of zero for `move_count` consecutive moves each is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DrawRule {
    pub move_number: u32,
    pub move_count: u32,
    pub score_cp: i32,
}

/// Adjudication beyond the rules of the game.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Adjudication {
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    /// Draw after this many full moves.
    pub max_moves: Option<u32>,
}

/// Score-based adjudication state.
#[derive(Debug)]
pub struct ScoreAdjudicator {
    rules: Adjudication,
    /// Consecutive own moves with a score at or below -resign score, per side.
    losing_streak: [u32; 2],
    /// Consecutive own moves with a score at or above the resign score, per side.
    winning_streak: [u32; 2],
    /// Consecutive plies with a score within the draw window.
    quiet_plies: u32,
}

impl ScoreAdjudicator {
    pub fn new(rules: Adjudication) -> ScoreAdjudicator {
        ScoreAdjudicator { rules, losing_streak: [0; 2], winning_streak: [0; 2], quiet_plies: 0 }
    }

    /// After `side` played with `score`, `plies` having been played in all.
    pub fn after_move(
        &mut self,
        side: Color,
        score: Option<EngineScore>,
        plies: usize,
    ) -> Option<(GameResult, Termination)> {
        let cp = score.map(EngineScore::as_centipawns);
        let us = side.index();
        if let Some(resign) = self.rules.resign {
            let threshold = resign.score_cp;
            self.losing_streak[us] = match cp {
                Some(cp) if cp <= -threshold => self.losing_streak[us] + 1,
                _ => 0,
            };
            self.winning_streak[us] = match cp {
                Some(cp) if cp >= threshold => self.winning_streak[us] + 1,
                _ => 0,
            };
            let them = (!side).index();
            if self.losing_streak[us] >= resign.move_count
                && (!resign.two_sided || self.winning_streak[them] >= resign.move_count)
            {
                return Some((GameResult::win_for(!side), Termination::ResignAdjudication));
            }
        }
        if let Some(draw) = self.rules.draw {
            self.quiet_plies = match cp {
                Some(cp) if cp.abs() <= draw.score_cp => self.quiet_plies + 1,
                _ => 0,
            };
            if plies >= 2 * draw.move_number as usize && self.quiet_plies >= 2 * draw.move_count {
                return Some((GameResult::Draw, Termination::DrawAdjudication));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resign_and_draw_adjudication() {
        let rules = Adjudication {
            resign: Some(ResignRule { move_count: 2, score_cp: 500, two_sided: false }),
            draw: None,
            max_moves: None,
        };
        let mut adjudicator = ScoreAdjudicator::new(rules);
        let bad = Some(EngineScore::Centipawns(-600));
        assert_eq!(adjudicator.after_move(Color::White, bad, 1), None);
        assert_eq!(adjudicator.after_move(Color::Black, bad, 2), None);
        // Black already had one losing move, White one: White's second ends it.
        assert_eq!(
            adjudicator.after_move(Color::White, bad, 3),
            Some((GameResult::BlackWins, Termination::ResignAdjudication))
        );
        let rules = Adjudication {
            resign: None,
            draw: Some(DrawRule { move_number: 2, move_count: 1, score_cp: 10 }),
            max_moves: None,
        };
        let mut adjudicator = ScoreAdjudicator::new(rules);
        let level = Some(EngineScore::Centipawns(5));
        assert_eq!(adjudicator.after_move(Color::White, level, 1), None);
        assert_eq!(adjudicator.after_move(Color::Black, level, 2), None);
        assert_eq!(adjudicator.after_move(Color::White, level, 3), None);
        assert_eq!(
            adjudicator.after_move(Color::Black, level, 4),
            Some((GameResult::Draw, Termination::DrawAdjudication))
        );
    }
}
