//! Match statistics: Elo from a score, its 95 % error bars, the likelihood of superiority
//! (LOS), and the sequential probability ratio test (SPRT) that stops a match once it is
//! decided.
//!
//! # Models
//! - **Elo** is the logistic Elo of the mean score `s`: `elo = -400 log10(1/s - 1)`.
//! - **Error bars** come from the normal approximation of the mean score: with the sample
//!   variance `var` of one game's (trinomial) or one game pair's (pentanomial) score and
//!   `n` games or pairs, the score's standard error is `sqrt(var / n)`; the bounds are the
//!   Elo of `s ± 1.96 σ`, and the error shown is half the distance between them.
//! - **LOS** is the probability, under the same normal approximation, that the true score
//!   is above one half: `Φ((s - 0.5) / σ)`.
//! - **SPRT** is the generalized SPRT (GSPRT) on logistic Elo: the log-likelihood ratio
//!   of the multinomial outcome counts under the maximum-likelihood distributions whose
//!   expected scores are `score(elo1)` and `score(elo0)` (M. Van den Bergh, "Comments on
//!   Normalized Elo", proposition 1.1). The match runner feeds it the **pentanomial**
//!   counts of complete game pairs (the same opening played with both colours), whose
//!   variance reflects the pairing; the trinomial form is here for two-game-less cases
//!   and for comparison. Counts of zero are replaced by 0.001 so that the estimate exists
//!   from the first game, as other runners do. The bounds are Wald's: `ln(β/(1-α))` and
//!   `ln((1-β)/α)`.
//!
//! These are the formulas of fastchess and fishtest's logistic mode, so their published
//! figures serve as test values (see the tests at the end).

/// Two-sided 95 % quantile of the standard normal distribution.
const Z_95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses of one side (the first engine of a match).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Trinomial {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Trinomial {
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The points scored: a win is 1, a draw one half.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// `[loss, draw, win]` frequencies with the scores they give.
    fn outcomes(&self) -> [(f64, u64); 3] {
        [(0.0, self.losses), (0.5, self.draws), (1.0, self.wins)]
    }
}

/// Game pairs (one opening, both colours) by their total score, from the first engine's
/// side: `counts[k]` pairs scored `k / 2` points out of 2 (LL, LD, DD or WL, WD, WW).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u64; 5],
}

impl Pentanomial {
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Adds a pair whose two games scored `first + second` (each 0, 0.5 or 1).
    pub fn add_pair(&mut self, first: f64, second: f64) {
        let half_points = ((first + second) * 2.0).round() as usize;
        self.counts[half_points.min(4)] += 1;
    }

    /// Frequencies with the per-game mean score of the pair (0, 1/4, 1/2, 3/4, 1).
    fn outcomes(&self) -> [(f64, u64); 5] {
        let c = self.counts;
        [(0.0, c[0]), (0.25, c[1]), (0.5, c[2]), (0.75, c[3]), (1.0, c[4])]
    }
}

/// The expected score of a player `elo` points stronger than its opponent.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that gives the expected score `score` (infinite at 0 and 1).
pub fn score_to_elo(score: f64) -> f64 {
    if score <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if score >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / score - 1.0).log10()
}

/// An Elo estimate with its 95 % error and the likelihood of superiority.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// Mean score per game, 0..1.
    pub score: f64,
    pub elo: f64,
    /// Half the width of the 95 % interval, in Elo (infinite when a bound is 0 or 1).
    pub error: f64,
    /// Probability that the first engine is the stronger one, 0..1.
    pub los: f64,
}

/// Mean and variance of a discrete distribution given as (value, count).
fn mean_and_variance(outcomes: &[(f64, u64)]) -> Option<(f64, f64, f64)> {
    let total: u64 = outcomes.iter().map(|&(_, n)| n).sum();
    if total == 0 {
        return None;
    }
    let n = total as f64;
    let mean = outcomes.iter().map(|&(x, c)| x * c as f64).sum::<f64>() / n;
    let variance = outcomes.iter().map(|&(x, c)| c as f64 * (x - mean).powi(2)).sum::<f64>() / n;
    Some((mean, variance, n))
}

fn estimate(outcomes: &[(f64, u64)]) -> Option<EloEstimate> {
    let (score, variance, n) = mean_and_variance(outcomes)?;
    let sigma = (variance / n).sqrt();
    let upper = score_to_elo(score + Z_95 * sigma);
    let lower = score_to_elo(score - Z_95 * sigma);
    let los = if sigma > 0.0 {
        normal_cdf((score - 0.5) / sigma)
    } else if score > 0.5 {
        1.0
    } else if score < 0.5 {
        0.0
    } else {
        0.5
    };
    Some(EloEstimate { score, elo: score_to_elo(score), error: (upper - lower) / 2.0, los })
}

/// Elo from win/draw/loss counts, each game an independent observation.
pub fn elo_from_trinomial(results: &Trinomial) -> Option<EloEstimate> {
    estimate(&results.outcomes())
}

/// Elo from game pairs, each pair one observation (its variance includes the pairing).
pub fn elo_from_pentanomial(pairs: &Pentanomial) -> Option<EloEstimate> {
    estimate(&pairs.outcomes())
}

/// The standard normal distribution function.
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// The complementary error function (Chebyshev fit, relative error below 1.2e-7).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// What an SPRT has concluded so far.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SprtDecision {
    /// H0 accepted: the Elo difference is at most elo0.
    AcceptH0,
    /// H1 accepted: the Elo difference is at least elo1.
    AcceptH1,
}

/// An SPRT between two Elo hypotheses with error rates alpha (false H1) and beta (false H0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Sprt {
    /// Checks the parameters.
    ///
    /// # Errors
    /// What is wrong with them.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if elo0.is_nan() || elo1.is_nan() || elo0 >= elo1 {
            return Err(format!("SPRT needs elo0 < elo1 (got {elo0} and {elo1})"));
        }
        for (name, p) in [("alpha", alpha), ("beta", beta)] {
            if p.is_nan() || p <= 0.0 || p >= 1.0 {
                return Err(format!("SPRT {name} must lie strictly between 0 and 1 (got {p})"));
            }
        }
        if alpha + beta >= 1.0 {
            return Err("SPRT needs alpha + beta < 1".to_string());
        }
        Ok(Sprt { elo0, elo1, alpha, beta })
    }

    /// The LLR at or below which H0 is accepted.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The LLR at or above which H1 is accepted.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    pub fn decision(&self, llr: f64) -> Option<SprtDecision> {
        if llr >= self.upper_bound() {
            Some(SprtDecision::AcceptH1)
        } else if llr <= self.lower_bound() {
            Some(SprtDecision::AcceptH0)
        } else {
            None
        }
    }

    /// The log-likelihood ratio of H1 against H0 for game pairs.
    pub fn llr_pentanomial(&self, pairs: &Pentanomial) -> f64 {
        self.llr(&pairs.outcomes())
    }

    /// The log-likelihood ratio of H1 against H0 for single games.
    pub fn llr_trinomial(&self, results: &Trinomial) -> f64 {
        self.llr(&results.outcomes())
    }

    fn llr(&self, outcomes: &[(f64, u64)]) -> f64 {
        if outcomes.iter().all(|&(_, n)| n == 0) {
            return 0.0;
        }
        // Empty classes get a tiny count so that every class has a positive frequency.
        let counts: Vec<(f64, f64)> =
            outcomes.iter().map(|&(x, n)| (x, if n == 0 { 1e-3 } else { n as f64 })).collect();
        let total: f64 = counts.iter().map(|&(_, n)| n).sum();
        let observed: Vec<(f64, f64)> = counts.iter().map(|&(x, n)| (x, n / total)).collect();
        let p0 = constrained_mle(&observed, elo_to_score(self.elo0));
        let p1 = constrained_mle(&observed, elo_to_score(self.elo1));
        total
            * observed
                .iter()
                .zip(p0.iter().zip(&p1))
                .map(|(&(_, p), (&q0, &q1))| p * (q1.ln() - q0.ln()))
                .sum::<f64>()
    }
}

/// The distribution closest (in likelihood) to the observed one whose expected score is
/// `s`: `p_i = p̂_i / (1 + θ (a_i - s))`, with θ the root of `Σ p̂_i (a_i - s) / (1 + θ
/// (a_i - s)) = 0` on the interval where every denominator is positive. The function is
/// decreasing in θ, so bisection finds the root.
fn constrained_mle(observed: &[(f64, f64)], s: f64) -> Vec<f64> {
    let lowest = observed.iter().map(|&(a, _)| a).fold(f64::INFINITY, f64::min);
    let highest = observed.iter().map(|&(a, _)| a).fold(f64::NEG_INFINITY, f64::max);
    let f = |theta: f64| -> f64 {
        observed.iter().map(|&(a, p)| p * (a - s) / (1.0 + theta * (a - s))).sum()
    };
    let mut low = -1.0 / (highest - s);
    let mut high = -1.0 / (lowest - s);
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if f(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    let theta = 0.5 * (low + high);
    observed.iter().map(|&(a, p)| p / (1.0 + theta * (a - s))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "{actual} is not within {tolerance} of {expected}"
        );
    }

    fn trinomial(wins: u64, losses: u64, draws: u64) -> Trinomial {
        Trinomial { wins, draws, losses }
    }

    /// LL, LD, WL, DD, WD, WW as fastchess orders its pentanomial counts.
    fn pentanomial(ll: u64, ld: u64, wl: u64, dd: u64, wd: u64, ww: u64) -> Pentanomial {
        Pentanomial { counts: [ll, ld, wl + dd, wd, ww] }
    }

    #[test]
    fn elo_and_score_are_inverse() {
        close(elo_to_score(0.0), 0.5, 1e-12);
        // 400 Elo stronger: expected score 10/11.
        close(elo_to_score(400.0), 10.0 / 11.0, 1e-12);
        close(score_to_elo(10.0 / 11.0), 400.0, 1e-9);
        close(score_to_elo(0.75), 190.848_501_887_864_9, 1e-9);
        assert_eq!(score_to_elo(1.0), f64::INFINITY);
        assert_eq!(score_to_elo(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn trinomial_elo_by_hand() {
        // 10 wins, 10 losses: score 0.5, variance 0.25, sigma = sqrt(0.25 / 20) = 0.111803;
        // the bounds 0.5 ± 1.96 sigma are 0.719131 and 0.280869, whose Elo is ±163.32.
        let e = elo_from_trinomial(&trinomial(10, 10, 0)).unwrap();
        close(e.elo, 0.0, 1e-12);
        close(e.error, score_to_elo(0.5 + Z_95 * (0.25f64 / 20.0).sqrt()), 1e-9);
        close(e.error, 163.32, 0.005);
        close(e.los, 0.5, 1e-7);
        // All draws: no variance, no error, LOS one half.
        let e = elo_from_trinomial(&trinomial(0, 0, 8)).unwrap();
        assert_eq!((e.elo, e.error, e.los), (0.0, 0.0, 0.5));
        assert!(elo_from_trinomial(&Trinomial::default()).is_none());
    }

    #[test]
    fn trinomial_elo_matches_fastchess() {
        // fastchess app/tests/elo_test.cpp, "EloWDL 2": W 136, L 96, D 111.
        let e = elo_from_trinomial(&trinomial(136, 96, 111)).unwrap();
        close(e.elo, 40.70, 0.005);
        close(e.error, 30.43, 0.005);
        close(e.los * 100.0, 99.60, 0.005);
        // "EloWDL 1": W 76, L 89, D 123 gives LOS 15.53 %.
        let e = elo_from_trinomial(&trinomial(76, 89, 123)).unwrap();
        close(e.los * 100.0, 15.53, 0.005);
    }

    #[test]
    fn trinomial_elo_matches_cutechess_output() {
        // A published cutechess-cli summary: "Score of midnight-dev vs midnight-latest:
        // 449 - 276 - 275 [0.587] ... Elo difference: 60.7 +/- 18.5" (W - L - D).
        let e = elo_from_trinomial(&trinomial(449, 276, 275)).unwrap();
        close(e.score, 0.5865, 1e-9);
        close(e.elo, 60.7, 0.05);
        close(e.error, 18.5, 0.05);
        // "382 - 320 - 298 [0.531] ... Elo difference: 21.6 +/- 18.1, LOS: 99.0 %".
        let e = elo_from_trinomial(&trinomial(382, 320, 298)).unwrap();
        close(e.elo, 21.6, 0.05);
        close(e.error, 18.1, 0.05);
    }

    #[test]
    fn pentanomial_elo_matches_fastchess() {
        // fastchess elo_test.cpp "EloPentanomial 1" and "2".
        let e = elo_from_pentanomial(&pentanomial(34, 54, 31, 32, 64, 75)).unwrap();
        close(e.elo, 55.58, 0.005);
        close(e.error, 27.65, 0.005);
        close(e.los * 100.0, 100.0, 0.005);
        let e = elo_from_pentanomial(&pentanomial(332, 433, 457, 41, 333, 334)).unwrap();
        close(e.elo, -8.64, 0.005);
        close(e.error, 10.33, 0.005);
        close(e.los * 100.0, 5.05, 0.005);
        let e = elo_from_pentanomial(&pentanomial(7895, 8757, 5485, 200, 568, 9999)).unwrap();
        close(e.elo, -21.04, 0.005);
        close(e.error, 2.95, 0.005);
    }

    #[test]
    fn normal_cdf_known_values() {
        close(normal_cdf(0.0), 0.5, 1e-7);
        close(normal_cdf(Z_95), 0.975, 1e-7);
        close(normal_cdf(-1.0), 0.158_655_253_931_457, 1e-7);
        close(normal_cdf(3.0), 0.998_650_101_968_37, 1e-7);
    }

    #[test]
    fn sprt_bounds() {
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        // ln(0.05 / 0.95) = -2.944439.
        close(sprt.lower_bound(), -2.944_439, 1e-6);
        close(sprt.upper_bound(), 2.944_439, 1e-6);
        assert_eq!(sprt.decision(3.0), Some(SprtDecision::AcceptH1));
        assert_eq!(sprt.decision(-3.0), Some(SprtDecision::AcceptH0));
        assert_eq!(sprt.decision(0.0), None);
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.6, 0.5).is_err());
    }

    #[test]
    fn sprt_llr_matches_fastchess() {
        // fastchess app/tests/sprt_test.cpp, logistic model (W, L, D and LL, LD, WL, DD,
        // WD, WW as there).
        let llr = |elo0, elo1, alpha, beta| Sprt::new(elo0, elo1, alpha, beta).unwrap();
        close(
            llr(0.5, 2.5, 0.05, 0.05).llr_trinomial(&trinomial(21404, 21184, 40708)),
            -1.57,
            0.01,
        );
        close(
            llr(0.0, 2.0, 0.05, 0.05).llr_trinomial(&trinomial(57433, 57030, 106593)),
            -2.59,
            0.01,
        );
        close(
            llr(0.5, 2.5, 0.05, 0.05)
                .llr_pentanomial(&pentanomial(223, 9863, 20279, 1000, 10037, 246)),
            -3.07,
            0.01,
        );
        close(
            llr(0.0, 2.0, 0.05, 0.05)
                .llr_pentanomial(&pentanomial(871, 26175, 55003, 980, 26678, 821)),
            -4.98,
            0.01,
        );
    }

    #[test]
    fn sprt_llr_by_hand() {
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        assert_eq!(sprt.llr_pentanomial(&Pentanomial::default()), 0.0);
        // For small Elo differences the GSPRT is close to the quadratic approximation
        // LLR ≈ n (s1 - s0) (2 s - s0 - s1) / (2 var): check it on a symmetric sample.
        let pairs = Pentanomial { counts: [100, 400, 1000, 420, 110] };
        let (s, var, n) = mean_and_variance(&pairs.outcomes()).unwrap();
        let (s0, s1) = (elo_to_score(0.0), elo_to_score(5.0));
        let approximation = n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var);
        close(sprt.llr_pentanomial(&pairs), approximation, 0.02);
        // Exchanging the two engines' results negates the sign of the evidence.
        let wins = sprt.llr_pentanomial(&Pentanomial { counts: [0, 0, 0, 0, 20] });
        let losses = sprt.llr_pentanomial(&Pentanomial { counts: [20, 0, 0, 0, 0] });
        assert!(wins > 0.0 && losses < 0.0);
    }

    #[test]
    fn pairs_are_filed_by_their_points() {
        let mut pairs = Pentanomial::default();
        pairs.add_pair(1.0, 1.0);
        pairs.add_pair(1.0, 0.0);
        pairs.add_pair(0.5, 0.5);
        pairs.add_pair(0.5, 0.0);
        pairs.add_pair(1.0, 0.5);
        assert_eq!(pairs.counts, [0, 1, 2, 1, 1]);
        assert_eq!(pairs.pairs(), 5);
    }
}
