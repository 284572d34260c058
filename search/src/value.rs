//! Search scores: centipawns, with mates encoded as `MATE - plies` so that a shorter mate
//! is always a better score.
//!
//! A mate found `n` plies below the root is `MATE - n` (`-MATE + n` when the side to move
//! at the root is mated). The transposition table stores mates relative to the node that
//! stores them ([`to_tt`], [`from_tt`]), so an entry found at another ply still counts
//! the plies from the root correctly.
//!
//! Tablebase verdicts take the band just below the mates, as in Stockfish: a win the
//! tables prove `n` plies below the root is `TB_WIN - n`, above every evaluation and
//! below every mate, and the table adjusts it by ply as it does mates. The protocol shows
//! it as `cp 20000` less the plies, as Stockfish does.

use crate::SearchScore;

/// The deepest ply the search reaches (arrays are sized by it).
pub const MAX_PLY: usize = 128;
/// The score of mating at once.
pub const MATE: i32 = 32_000;
/// Scores at or beyond this (in absolute value) are mates.
pub const MATE_IN_MAX_PLY: i32 = MATE - MAX_PLY as i32;
/// A tablebase win at the root.
pub const TB_WIN: i32 = MATE_IN_MAX_PLY - 1;
/// Scores at or beyond this (in absolute value) are proven wins or losses: by the
/// tablebases or by mate.
pub const TB_WIN_IN_MAX_PLY: i32 = TB_WIN - MAX_PLY as i32;
/// What the protocol shows for a tablebase win at the root, in centipawns.
pub const TB_CP: i32 = 20_000;
/// Above every score.
pub const INFINITE: i32 = MATE + 1;
/// "No score yet" (for a static evaluation that was not computed).
pub const NONE: i32 = INFINITE + 1;
pub const DRAW: i32 = 0;

#[inline(always)]
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

#[inline(always)]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// Whether `score` is a proven win or loss (a mate or a tablebase verdict).
#[inline(always)]
pub const fn is_decisive(score: i32) -> bool {
    score.abs() >= TB_WIN_IN_MAX_PLY
}

#[inline(always)]
pub const fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_IN_MAX_PLY && score.abs() <= MATE
}

/// Converts a score at `ply` to the form the table stores (mates and tablebase verdicts
/// counted from here).
#[inline(always)]
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_IN_MAX_PLY {
        score + ply as i32
    } else if score <= -TB_WIN_IN_MAX_PLY {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_tt`].
#[inline(always)]
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_IN_MAX_PLY {
        score - ply as i32
    } else if score <= -TB_WIN_IN_MAX_PLY {
        score + ply as i32
    } else {
        score
    }
}

/// The score as the protocol reports it.
pub fn to_search_score(score: i32) -> SearchScore {
    if score >= MATE_IN_MAX_PLY {
        SearchScore::Mating((MATE - score) as u32)
    } else if score <= -MATE_IN_MAX_PLY {
        SearchScore::Mated((MATE + score) as u32)
    } else if score >= TB_WIN_IN_MAX_PLY {
        SearchScore::Cp(TB_CP - (TB_WIN - score))
    } else if score <= -TB_WIN_IN_MAX_PLY {
        SearchScore::Cp(-TB_CP + (TB_WIN + score))
    } else {
        SearchScore::Cp(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_round_trip_through_the_table() {
        for ply in [0, 1, 7, 60] {
            let tb_win = TB_WIN - ply as i32 - 1;
            for score in [mate_in(ply + 3), mated_in(ply + 2), 0, 153, -999, tb_win, -tb_win] {
                assert_eq!(from_tt(to_tt(score, ply), ply), score);
            }
        }
    }

    #[test]
    fn reported_mates_count_plies() {
        assert_eq!(to_search_score(mate_in(3)), SearchScore::Mating(3));
        assert_eq!(to_search_score(mated_in(0)), SearchScore::Mated(0));
        assert_eq!(to_search_score(-250), SearchScore::Cp(-250));
        assert_eq!(to_search_score(TB_WIN - 3), SearchScore::Cp(TB_CP - 3));
        assert_eq!(to_search_score(-TB_WIN + 4), SearchScore::Cp(-TB_CP + 4));
    }
}
