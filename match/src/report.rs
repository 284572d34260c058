//! Running totals and what is printed on stdout: one line per finished game, a progress
//! line (score, Elo with 95 % error bars, LOS, draw ratio, and the SPRT's LLR when one
//! runs), and the final standings.
//!
//! For a two-engine match the figures are the first engine's against the second: Elo,
//! error bars and LOS from the win/draw/loss counts (the trinomial model, as cutechess
//! prints them), the pentanomial counts of complete game pairs, and the SPRT's LLR on
//! those pairs. With more engines each engine's line is its score against the whole field.

use std::collections::{BTreeMap, HashMap};

use ekumen_movegen::Color;

use crate::record::{GameRecord, GameResult};
use crate::resume::PastGame;
use crate::schedule::ScheduledGame;
use crate::stats::{
    elo_from_pentanomial, elo_from_trinomial, EloEstimate, Pentanomial, Sprt, SprtDecision,
    Trinomial,
};

/// Formats an Elo figure; infinite values (all wins, all losses) as `inf`.
fn elo_text(elo: f64) -> String {
    if elo.is_finite() {
        // Rounded first, so that a tiny negative value does not print as -0.0.
        format!("{:.1}", (elo * 10.0).round() / 10.0 + 0.0)
    } else if elo > 0.0 {
        "inf".to_string()
    } else {
        "-inf".to_string()
    }
}

fn estimate_text(estimate: &EloEstimate) -> String {
    let error = if estimate.error.is_finite() {
        format!("{:.1}", estimate.error)
    } else {
        "inf".to_string()
    };
    format!("Elo {} +/- {error}, LOS {:.1} %", elo_text(estimate.elo), estimate.los * 100.0)
}

/// Everything counted so far.
#[derive(Debug)]
pub struct Tally {
    names: Vec<String>,
    /// Each engine against the field.
    per_engine: Vec<Trinomial>,
    /// For a two-engine match: the first engine's results and pairs.
    head_to_head: Trinomial,
    pairs: Pentanomial,
    /// (pairing, pair) → the first engine's points in the pair's first finished game.
    open_pairs: HashMap<(usize, usize), f64>,
    /// Games counted, and aborted ones.
    pub finished: usize,
    pub aborted: usize,
    /// How many games ended each way (PGN Termination value).
    terminations: BTreeMap<String, usize>,
    pub total_games: usize,
    sprt: Option<Sprt>,
    /// Whether games come in pairs (then the SPRT and the pair figures use them).
    paired: bool,
}

impl Tally {
    pub fn new(names: Vec<String>, total_games: usize, sprt: Option<Sprt>, paired: bool) -> Tally {
        let count = names.len();
        Tally {
            names,
            per_engine: vec![Trinomial::default(); count],
            head_to_head: Trinomial::default(),
            pairs: Pentanomial::default(),
            open_pairs: HashMap::new(),
            finished: 0,
            aborted: 0,
            terminations: BTreeMap::new(),
            total_games,
            sprt,
            paired,
        }
    }

    /// Counts a game (aborted games are only counted as such).
    pub fn add(&mut self, record: &GameRecord) {
        if record.result == GameResult::Unfinished {
            self.aborted += 1;
            return;
        }
        let setup = &record.setup;
        let game = ScheduledGame {
            number: setup.number,
            pairing: setup.pairing,
            pair: setup.pair,
            white: setup.white,
            black: setup.black,
        };
        self.count(&game, record.result, record.termination.pgn_tag());
    }

    /// Counts a game played before, read back from the PGN file of a resumed match.
    pub fn add_past(&mut self, game: &PastGame) {
        self.count(&game.scheduled, game.result, &game.termination);
    }

    /// Counts a finished game, which ended as the PGN `Termination` tag says.
    fn count(&mut self, setup: &ScheduledGame, result: GameResult, termination: &str) {
        self.finished += 1;
        *self.terminations.entry(termination.to_string()).or_default() += 1;
        for (engine, color) in [(setup.white, Color::White), (setup.black, Color::Black)] {
            let points = result.points_for(color).expect("a finished game");
            let line = &mut self.per_engine[engine];
            match points {
                p if p > 0.75 => line.wins += 1,
                p if p < 0.25 => line.losses += 1,
                _ => line.draws += 1,
            }
        }
        if self.names.len() == 2 {
            let first_color = if setup.white == 0 { Color::White } else { Color::Black };
            let points = result.points_for(first_color).expect("a finished game");
            self.head_to_head = self.per_engine[0];
            match self.open_pairs.remove(&(setup.pairing, setup.pair)) {
                Some(earlier) => self.pairs.add_pair(earlier, points),
                None => {
                    self.open_pairs.insert((setup.pairing, setup.pair), points);
                }
            }
        }
    }

    /// The SPRT's LLR and decision so far.
    pub fn sprt_state(&self) -> Option<(f64, Option<SprtDecision>)> {
        let sprt = self.sprt?;
        let llr = if self.paired {
            sprt.llr_pentanomial(&self.pairs)
        } else {
            sprt.llr_trinomial(&self.head_to_head)
        };
        Some((llr, sprt.decision(llr)))
    }

    /// `Finished game 3 (A vs B): 1-0 {White mates}`.
    pub fn game_line(record: &GameRecord) -> String {
        format!(
            "Finished game {} ({} vs {}): {} {{{}}}",
            record.setup.number,
            record.white_name,
            record.black_name,
            record.result.pgn(),
            record.reason()
        )
    }

    /// The progress line printed after every game.
    pub fn progress_line(&self) -> String {
        if self.names.len() == 2 {
            let t = &self.head_to_head;
            let games = t.games();
            let mut line = format!(
                "Score of {} vs {}: {} - {} - {} [{:.3}] {games}/{}",
                self.names[0],
                self.names[1],
                t.wins,
                t.losses,
                t.draws,
                if games > 0 { t.points() / games as f64 } else { 0.0 },
                self.total_games
            );
            if let Some(estimate) = elo_from_trinomial(t) {
                line += &format!(
                    ", {}, DrawRatio {:.1} %",
                    estimate_text(&estimate),
                    100.0 * t.draws as f64 / games as f64
                );
            }
            if self.pairs.pairs() > 0 {
                let c = self.pairs.counts;
                line += &format!(", Ptnml(0-2) [{}, {}, {}, {}, {}]", c[0], c[1], c[2], c[3], c[4]);
            }
            if let (Some(sprt), Some((llr, _))) = (self.sprt, self.sprt_state()) {
                line += &format!(
                    ", LLR {llr:.2} ({:.2}, {:.2}) [{}, {}]",
                    sprt.lower_bound(),
                    sprt.upper_bound(),
                    sprt.elo0,
                    sprt.elo1
                );
            }
            line
        } else {
            let scores: Vec<String> = self
                .names
                .iter()
                .zip(&self.per_engine)
                .map(|(name, t)| format!("{name} {}/{}", t.points(), t.games()))
                .collect();
            format!(
                "Games {}/{}: {}",
                self.finished + self.aborted,
                self.total_games,
                scores.join(", ")
            )
        }
    }

    /// The final report: a standings table, how games ended, the SPRT's verdict.
    pub fn final_report(&self) -> String {
        let mut out = String::new();
        let width = self.names.iter().map(String::len).max().unwrap_or(4).max(4);
        out += &format!(
            "{:>4} {:<width$} {:>7} {:>7} {:>6} {:>7} {:>6} {:>6}\n",
            "Rank", "Name", "Elo", "+/-", "Games", "Score", "Draw", "LOS"
        );
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        order.sort_by(|&a, &b| {
            let score = |i: usize| {
                let t = &self.per_engine[i];
                if t.games() == 0 {
                    0.0
                } else {
                    t.points() / t.games() as f64
                }
            };
            score(b).total_cmp(&score(a))
        });
        for (rank, &i) in order.iter().enumerate() {
            let t = &self.per_engine[i];
            let (elo, error, score, draws, los) = match elo_from_trinomial(t) {
                Some(e) => (
                    elo_text(e.elo),
                    if e.error.is_finite() { format!("{:.1}", e.error) } else { "inf".into() },
                    format!("{:.1}%", 100.0 * e.score),
                    format!("{:.1}%", 100.0 * t.draws as f64 / t.games() as f64),
                    format!("{:.1}%", 100.0 * e.los),
                ),
                None => ("-".into(), "-".into(), "-".into(), "-".into(), "-".into()),
            };
            out += &format!(
                "{:>4} {:<width$} {elo:>7} {error:>7} {:>6} {score:>7} {draws:>6} {los:>6}\n",
                rank + 1,
                self.names[i],
                t.games()
            );
        }
        if let Some(estimate) = elo_from_pentanomial(&self.pairs).filter(|_| self.pairs.pairs() > 1)
        {
            out += &format!(
                "{} vs {} over {} game pairs: {}\n",
                self.names[0],
                self.names[1],
                self.pairs.pairs(),
                estimate_text(&estimate)
            );
        }
        let endings: Vec<String> =
            self.terminations.iter().map(|(tag, n)| format!("{tag} {n}")).collect();
        out += &format!(
            "{} games finished, {} aborted; endings: {}\n",
            self.finished,
            self.aborted,
            if endings.is_empty() { "-".to_string() } else { endings.join(", ") }
        );
        if let (Some(sprt), Some((llr, decision))) = (self.sprt, self.sprt_state()) {
            let verdict = match decision {
                Some(SprtDecision::AcceptH1) => "H1 accepted",
                Some(SprtDecision::AcceptH0) => "H0 accepted",
                None => "no decision",
            };
            let model = if self.paired { "pentanomial, game pairs" } else { "trinomial, games" };
            out += &format!(
                "SPRT [{}, {}] alpha {} beta {} ({model}): LLR {llr:.2} ({:.2}, {:.2}), {verdict}\n",
                sprt.elo0,
                sprt.elo1,
                sprt.alpha,
                sprt.beta,
                sprt.lower_bound(),
                sprt.upper_bound(),
            );
        }
        out
    }
}
