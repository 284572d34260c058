//! A handicap for weaker play: `Skill Level`.
//!
//! Below level 20 (full strength) the search looks at several lines behind the scenes
//! ([`Skill::LINES`], or `MultiPV` if more), takes them from a shallow iteration, and
//! plays one of them chosen at random with a bias towards the better ones. Two things
//! weaken the play as the level falls: the iteration the choice is made from is shallower
//! (depth `1 + level`, depth 1 from level 0 down), and the random bonus each line gets is
//! larger ([`Skill::spread`]), so lines further behind the best are chosen more often. A
//! line more than the spread behind is never chosen, and a mate the search has found is
//! worth more than any bonus, so even level -20 takes a mate in one and does not walk into
//! one it has seen.
//!
//! The search keeps its usual pace on the clock, as a player who thinks and still errs.
//!
//! `UCI_LimitStrength` with `UCI_Elo` picks the level from a rating instead, on
//! Fairy-Stockfish's scale ([`level_for_elo`]): 1350 is level 0, 2850 about level 18.5,
//! 500 about level -19.8. A fractional level is rounded up or down at random for each
//! search, so that over a game the average level is the fractional one. The curve was
//! fitted to Stockfish's levels against rated engines; Ekumen's levels have not been
//! matched against rated players, so the rating is a nominal scale that orders the
//! handicaps as Fairy-Stockfish's clients expect, not a measured strength.

use ekumen_movegen::Rng;

use crate::value::MATE_IN_MAX_PLY;

/// The strongest level: no handicap.
pub const FULL_STRENGTH: i32 = 20;
/// The weakest level.
pub const WEAKEST: i32 = -20;

/// A `Skill Level` below full strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    level: i32,
}

impl Skill {
    /// Lines searched to choose from, at least.
    pub const LINES: usize = 4;

    /// The handicap for `level`, or `None` at full strength.
    pub fn new(level: i32) -> Option<Skill> {
        (level < FULL_STRENGTH).then_some(Skill { level: level.max(WEAKEST) })
    }

    /// The handicap for a rating of `elo` (`UCI_Elo`), the fractional
    /// [`level_for_elo`] rounded up with a chance equal to its fraction.
    pub fn for_elo(elo: i32, random: &mut Rng) -> Option<Skill> {
        let level = level_for_elo(elo);
        let whole = level.floor();
        let round_up = (random.below(1024) as f64) < (level - whole) * 1024.0;
        Skill::new(whole as i32 + i32::from(round_up))
    }

    /// The iteration whose lines the move is chosen from (or the last one completed, if
    /// the search ends sooner).
    pub fn choice_depth(&self) -> i32 {
        1 + self.level.max(0)
    }

    /// The largest random bonus a line gets, in the search's units (a pawn is 50 to 100
    /// of them, by variant and phase): 8 at level 19, 160 at level 0, 320 at level -20.
    pub fn spread(&self) -> i32 {
        8 * (FULL_STRENGTH - self.level)
    }

    /// The index of the line to play among `scores` (best first), each line's score plus
    /// a bonus drawn from `random` below [`Skill::spread`]; mate scores are kept apart
    /// from the others by more than any bonus.
    pub fn choose(&self, scores: &[i32], random: &mut Rng) -> usize {
        let spread = self.spread();
        let clamp = |score: i32| {
            if score >= MATE_IN_MAX_PLY {
                10 * spread + score - MATE_IN_MAX_PLY
            } else if score <= -MATE_IN_MAX_PLY {
                -10 * spread + score + MATE_IN_MAX_PLY
            } else {
                score.clamp(-5 * spread, 5 * spread)
            }
        };
        let mut best = (0, i64::MIN);
        for (i, &score) in scores.iter().enumerate() {
            let value = i64::from(clamp(score)) + random.below(spread as usize) as i64;
            if value > best.1 {
                best = (i, value);
            }
        }
        best.0
    }
}

/// The fractional `Skill Level` for a rating of `elo`, on Fairy-Stockfish's scale: above
/// the anchor of 1346.6 (level 0) a power curve, each 143.4 points a level at first and
/// fewer further up; below it a level each 143.4 points and, far below, a quintic term
/// that reaches the weakest level near 500. Within [`WEAKEST`, `FULL_STRENGTH`].
pub fn level_for_elo(elo: i32) -> f64 {
    const ANCHOR: f64 = 1346.6;
    const POINTS_A_LEVEL: f64 = 143.4;
    let above = f64::from(elo) - ANCHOR;
    let level = if above > 0.0 {
        (above / POINTS_A_LEVEL).powf(1.0 / 0.806)
    } else {
        above / POINTS_A_LEVEL + (above / 500.0).powi(5)
    };
    level.clamp(f64::from(WEAKEST), f64::from(FULL_STRENGTH))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::MATE;

    #[test]
    fn full_strength_is_no_handicap() {
        assert_eq!(Skill::new(20), None);
        assert!(Skill::new(19).is_some());
        assert_eq!(Skill::new(-50), Skill::new(WEAKEST));
    }

    #[test]
    fn a_lower_level_chooses_from_shallower_iterations_with_more_noise() {
        let (strong, middle, weak) =
            (Skill::new(15).unwrap(), Skill::new(0).unwrap(), Skill::new(-20).unwrap());
        assert_eq!((strong.choice_depth(), middle.choice_depth()), (16, 1));
        assert_eq!(weak.choice_depth(), 1);
        assert!(strong.spread() < middle.spread() && middle.spread() < weak.spread());
    }

    /// How often each line is chosen in `trials` choices.
    fn counts(skill: Skill, scores: &[i32], trials: usize) -> Vec<usize> {
        let mut random = Rng::new(12345);
        let mut counts = vec![0; scores.len()];
        for _ in 0..trials {
            counts[skill.choose(scores, &mut random)] += 1;
        }
        counts
    }

    #[test]
    fn better_lines_are_chosen_more_often_and_hopeless_ones_never() {
        let skill = Skill::new(0).unwrap();
        let scores = [40, 0, -60, -400];
        let chosen = counts(skill, &scores, 10_000);
        assert!(chosen[0] > chosen[1] && chosen[1] > chosen[2], "{chosen:?}");
        assert!(chosen[1] > 0 && chosen[2] > 0, "{chosen:?}");
        assert_eq!(chosen[3], 0, "{chosen:?}");
        // Level 19 plays the best line unless another is within its small spread.
        let strong = counts(Skill::new(19).unwrap(), &scores, 1_000);
        assert_eq!(strong, vec![1_000, 0, 0, 0]);
    }

    #[test]
    fn the_weakest_level_still_takes_a_mate_and_avoids_being_mated() {
        let weakest = Skill::new(WEAKEST).unwrap();
        let mate_in_one = [MATE - 1, 300, 0, -100];
        assert_eq!(counts(weakest, &mate_in_one, 1_000)[0], 1_000);
        let mated = [0, -200, -MATE + 2, -MATE + 4];
        let chosen = counts(weakest, &mated, 1_000);
        assert_eq!(chosen[2] + chosen[3], 0, "{chosen:?}");
    }

    #[test]
    fn a_rating_maps_to_a_level_on_fairy_stockfish_scale() {
        let level = level_for_elo;
        assert!(level(1350).abs() < 0.05, "{}", level(1350));
        assert!((level(2850) - 18.46).abs() < 0.01, "{}", level(2850));
        assert!((level(500) - f64::from(WEAKEST)).abs() < 0.5, "{}", level(500));
        assert!((1..=2_850).step_by(50).all(|elo| level(elo) <= level(elo + 50)));
        assert_eq!(level(-10_000), f64::from(WEAKEST));
        assert_eq!(level(10_000), f64::from(FULL_STRENGTH));
    }

    #[test]
    fn a_fractional_level_averages_out() {
        // 2000 is level 6.56: rounded to 6 or 7, 7 a little more than half the time.
        let mut random = Rng::new(7);
        let levels: Vec<i32> = (0..3_000)
            .map(|_| Skill::for_elo(2000, &mut random).expect("a handicap").level)
            .collect();
        assert!(levels.iter().all(|&l| l == 6 || l == 7), "{levels:?}");
        let mean = f64::from(levels.iter().sum::<i32>()) / levels.len() as f64;
        assert!((mean - level_for_elo(2000)).abs() < 0.05, "{mean}");
        // Full strength is out of reach of the scale: 2850 always plays with a handicap.
        assert!((0..100).all(|_| Skill::for_elo(2850, &mut random).is_some()));
    }
}
