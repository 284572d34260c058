//! What each group of evaluation terms adds to one position's evaluation: the
//! evaluation with every term, less the evaluation with that group's numbers set to zero,
//! from White's point of view. A group is a name of [`Editable::for_each_value`] without
//! its index and phase (`knight.squares`, `king.safe_check`).
//!
//! Piece values are the exception: they also sort the pieces into minor, rook and queen
//! classes for the threat terms, so zeroing one would move other terms too. Their share
//! is counted instead: the difference in pieces on the board times the value, blended by
//! the game phase as the evaluation blends it.
//!
//! King danger grows with the square of its units and the scale terms multiply the
//! endgame half, so for those the difference is what the group adds given all the
//! others, not a share that sums to the total. It is a diagnostic for comparing
//! Ekumen's judgement of a position with another engine's trace, not a decomposition.

use ekumen_eval::{game_phase, EvalParams, EvalTables, Evaluate, S};
use ekumen_movegen::{Color, PieceType, Position};

use crate::loss::white_eval;
use crate::params::Editable;

/// One group's share of the evaluation, in centipawns from White's point of view.
#[derive(Debug, PartialEq)]
pub struct GroupShare {
    pub group: String,
    pub centipawns: i32,
}

fn evaluation<V: Evaluate>(pos: &Position<V>, editable: &Editable) -> i32 {
    editable.with_params(|p| white_eval(pos, p, &EvalTables::<V>::from_params(p)))
}

/// The value share of piece type `i`: White's men on the board less Black's, times the
/// value, blended by the phase as the evaluation blends it (`phase` of `max_phase`).
fn value_share<V: Evaluate>(
    pos: &Position<V>,
    params: &EvalParams,
    i: usize,
    (phase, max_phase): (i32, i32),
) -> i32 {
    let kind = PieceType(i as u8);
    let difference = pos.pieces_of(Color::White, kind).count() as i32
        - pos.pieces_of(Color::Black, kind).count() as i32;
    let S { mg, eg } = params.pieces[i].value;
    difference * (mg * phase + eg * (max_phase - phase)) / max_phase
}

/// The evaluation of `pos` from White's point of view and every group that changes it,
/// largest change first.
pub fn explain<V: Evaluate>(pos: &Position<V>) -> (i32, Vec<GroupShare>) {
    let mut editable = Editable::of::<V>(&V::PARAMS);
    let total = evaluation(pos, &editable);
    let values = editable.values();
    let groups = editable.groups();
    let mut shares = Vec::new();
    let max_phase = game_phase(&Position::<V>::startpos(), &V::PARAMS).max(1);
    let phases = (game_phase(pos, &V::PARAMS).min(max_phase), max_phase);
    for (i, piece) in V::PIECES.iter().enumerate() {
        let centipawns = value_share(pos, &V::PARAMS, i, phases);
        if centipawns != 0 {
            shares.push(GroupShare { group: format!("{}.value", piece.name), centipawns });
        }
    }
    for (group, members) in groups.into_iter().filter(|(g, _)| !g.ends_with(".value")) {
        if members.iter().all(|&i| values[i] == 0) {
            continue;
        }
        let without = editable.with_zeroed(&members, |zeroed| evaluation(pos, zeroed));
        if without != total {
            shares.push(GroupShare { group, centipawns: total - without });
        }
    }
    shares.sort_by_key(|share| std::cmp::Reverse(share.centipawns.abs()));
    (total, shares)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ekumen_movegen::variants::Chess;

    #[test]
    fn an_extra_queen_shows_as_queen_value() {
        let pos = Position::<Chess>::from_fen("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", false).unwrap();
        let (total, shares) = explain(&pos);
        assert!(total > 500, "{total}");
        let value = shares.iter().find(|s| s.group == "queen.value").expect("queen value");
        assert!(value.centipawns > 500, "{shares:?}");
        assert_eq!(shares[0].group, "queen.value", "{shares:?}");
    }
}
