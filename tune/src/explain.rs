//! What each term adds to one position's evaluation, read from the evaluation's own trace
//! ([`ekumen_eval::Trace`]): every term's middle-game and endgame share for each side, and
//! its net worth in centipawns from White's point of view, blended by the game phase as
//! the evaluation blends it. The shares add up to the evaluation (but for the rounding of
//! each blend), to set beside another engine's evaluation trace.
//!
//! King danger is one share (`king.danger`): it grows with the square of its units, so
//! the units have no share of their own; they are listed apart ([`Explained::units`]).
//! Winnability, the drawish margin and the endgame scale move the whole score; their
//! shares are how far they moved it.

use std::collections::BTreeMap;

use ekumen_eval::{evaluate_traced, game_phase, EvalParams, EvalTables, Evaluate, Trace, S};
use ekumen_movegen::{Color, PieceType, Position};

/// One term's share of the evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct Share {
    /// The term's name (`king.danger`, `knight.mobility`).
    pub term: String,
    /// What it adds to each side's score, `[White, Black]`.
    pub sides: [S; 2],
    /// White's less Black's, blended by the game phase, in centipawns.
    pub centipawns: i32,
}

/// One position's evaluation, term by term.
#[derive(Clone, Debug, PartialEq)]
pub struct Explained {
    /// The evaluation, from White's point of view.
    pub total: i32,
    /// Every term that adds to it, largest share first.
    pub shares: Vec<Share>,
    /// The units of king danger each term adds against each side's king, `[White's king,
    /// Black's]`, in the order of the king-safety code.
    pub units: Vec<(String, [i32; 2])>,
}

/// Sums what each term adds, by name and side.
struct Shares<'n> {
    piece_names: &'n [String],
    sums: BTreeMap<String, [S; 2]>,
    units: Vec<(String, [i32; 2])>,
}

impl Trace for Shares<'_> {
    const ON: bool = true;
    fn add(&mut self, term: &'static str, color: Color, value: S) {
        self.sums.entry(term.to_string()).or_default()[color.index()] += value;
    }
    fn units(&mut self, term: &'static str, color: Color, units: i32) {
        match self.units.iter_mut().find(|(name, _)| name == term) {
            Some((_, sides)) => sides[color.index()] += units,
            None => {
                let mut sides = [0; 2];
                sides[color.index()] = units;
                self.units.push((term.to_string(), sides));
            }
        }
    }
    fn add_piece(&mut self, term: &'static str, kind: PieceType, color: Color, value: S) {
        let name = format!("{}.{term}", self.piece_names[kind.index()]);
        self.sums.entry(name).or_default()[color.index()] += value;
    }
}

/// The evaluation of `pos` under `params`, term by term. `piece_names` names the piece
/// types.
pub fn explain<V: Evaluate>(
    pos: &Position<V>,
    params: &EvalParams,
    piece_names: &[String],
) -> Explained {
    let tables = EvalTables::<V>::from_params(params);
    let mut shares = Shares { piece_names, sums: BTreeMap::new(), units: Vec::new() };
    let score = evaluate_traced(pos, params, &tables, &mut shares);
    let total = if pos.side_to_move() == Color::White { score } else { -score };
    let max_phase = game_phase(&Position::<V>::startpos(), params).max(1);
    let phase = game_phase(pos, params).min(max_phase);
    let blend = |v: S| (v.mg * phase + v.eg * (max_phase - phase)) / max_phase;
    let mut out: Vec<Share> = shares
        .sums
        .into_iter()
        .filter(|(_, sides)| *sides != [S::ZERO; 2])
        .map(|(term, sides)| Share { term, sides, centipawns: blend(sides[0] - sides[1]) })
        .collect();
    out.sort_by_key(|share| std::cmp::Reverse(share.centipawns.abs()));
    let units = shares.units.into_iter().filter(|(_, sides)| *sides != [0, 0]).collect();
    Explained { total, shares: out, units }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Editable;
    use ekumen_movegen::variants::{Chess, Gothic};

    fn explained<V: Evaluate>(fen: &str) -> (i32, Vec<Share>) {
        let pos = Position::<V>::from_fen(fen, false).unwrap();
        let editable = Editable::of::<V>(&V::PARAMS);
        let explained = editable.with_params(|p| explain(&pos, p, editable.piece_names()));
        (explained.total, explained.shares)
    }

    #[test]
    fn an_extra_queen_shows_as_queen_value() {
        let (total, shares) = explained::<Chess>("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1");
        assert!(total > 500, "{total}");
        assert_eq!(shares[0].term, "queen.value", "{shares:?}");
        assert!(shares[0].centipawns > 500, "{shares:?}");
    }

    /// Every share, blended, adds up to the evaluation within a centipawn a share.
    fn shares_add_up<V: Evaluate>(pos: &Position<V>) {
        let (total, shares) = explained::<V>(&pos.fen());
        let white = ekumen_eval::evaluate(pos);
        assert_eq!(total, if pos.side_to_move() == Color::White { white } else { -white });
        let sum: i32 = shares.iter().map(|share| share.centipawns).sum();
        assert!((sum - total).abs() <= shares.len() as i32, "{sum} against {total}: {shares:?}");
    }

    #[test]
    fn the_shares_add_up_to_the_evaluation() {
        shares_add_up(&Position::<Gothic>::startpos());
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "6k1/5ppp/8/3P4/8/1r6/5PPP/2R3K1 b - - 0 30",
        ] {
            shares_add_up(&Position::<Chess>::from_fen(fen, false).unwrap());
        }
    }
}
