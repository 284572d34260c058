//! Search parameters: every margin, depth limit and weight by which the search prunes,
//! reduces, extends, orders moves and sets its aspiration windows, each named once with
//! the range a tuner may move it in.
//!
//! # Declaration
//! The `search_params!` macro declares each parameter once: its name, its [`Unit`],
//! today's value and its tuning range. From that one list come the [`SearchParams`]
//! struct (one `i32` field per parameter), its [`SearchParams::DEFAULT`] values and the
//! [`SearchParams::TABLE`] of `(name, unit, default, min, max)` rows a tuner such as SPSA
//! drives, reading and writing values by name with [`SearchParams::get`] and
//! [`SearchParams::set`]. The ranges are where a tuner should search, wide enough to find
//! a better value and narrow enough that every value in them plays sensibly.
//!
//! # Per variant
//! Each variant has its own parameters, [`SearchVariant::SEARCH`], because the five
//! evaluations price material differently: a pawn in the middle game is worth 90 in
//! chess, 46 in gothic, 76 in shinobi, 153 in gethenian (300 in hand), and coherent's
//! commoner 280. A margin in [`Unit::Centipawns`] is a difference of evaluations and
//! would scale with the variant's material; [`SearchParams::scaled`] scales exactly
//! those and leaves depths, move counts, history points and ratios alone. For now every
//! variant uses [`SearchParams::DEFAULT`], the values the engine was developed and
//! measured with in chess: it is the trait's default, and the variant list
//! ([`ekumen_movegen::variants!`]) implements the trait for each variant.
//!
//! # Cost
//! [`SearchVariant::SEARCH`] is an associated constant, so each monomorphised search
//! sees its parameters as literals and the compiler folds them into the code. The only
//! work added is each thread's late-move reduction table, built from
//! [`SearchParams::lmr_base`] and [`SearchParams::lmr_divisor`] when the thread starts
//! (4,096 entries, a few microseconds): `bench` runs 0.06 % more instructions (5,193.9
//! million against 5,190.8, counted by Cachegrind), and its node count is unchanged. A
//! tuner that sets values while the engine runs would read them from memory instead;
//! building the engine with new defaults keeps them free.
//!
//! Not here: the shapes of the formulas (the reverse-futility score halfway between the
//! evaluation and beta, the singular search at half depth, extensions of one ply), the
//! sizes and fixed-point formats of the tables ([`crate::tt`], [`crate::ordering`],
//! [`crate::correction`], whose learning rate belongs with its format), the clock's
//! allocation ([`crate::time`]) and the handicap of weaker play ([`crate::skill`]).

use ekumen_eval::Evaluate;

use crate::nets::VariantNet;

/// What a parameter measures; it decides whether the parameter scales with a variant's
/// material.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A difference of evaluations (and of static exchanges, which count the same
    /// material): scales with the variant's piece values.
    Centipawns,
    /// Depth, or plies of the game.
    Plies,
    /// 1/1024 of a ply: the grain of late-move reductions.
    PlyFraction,
    /// A number of moves.
    Moves,
    /// Points of the move-ordering histories, which stay within
    /// ±[`crate::ordering::HISTORY_MAX`].
    History,
    /// Hundredths: of a ply in the reduction formula, or percent.
    Hundredths,
    /// A pure number: a weight or divisor between two quantities of the same unit.
    Factor,
}

impl Unit {
    /// `value` with evaluations scaled by `numerator / denominator`.
    pub const fn scale(self, value: i32, numerator: i32, denominator: i32) -> i32 {
        match self {
            Unit::Centipawns => value * numerator / denominator,
            _ => value,
        }
    }
}

/// One row of [`SearchParams::TABLE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    pub name: &'static str,
    pub unit: Unit,
    pub default: i32,
    pub min: i32,
    pub max: i32,
}

/// Declares [`SearchParams`] from one list of
/// `/// doc` `name: Unit = default in min..=max;`.
macro_rules! search_params {
    ($($(#[doc = $doc:literal])* $name:ident: $unit:ident = $default:literal in $min:literal..=$max:literal;)*) => {
        /// The search's margins, limits and weights ([`crate::params`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SearchParams {
            $($(#[doc = $doc])* pub $name: i32,)*
        }

        impl SearchParams {
            /// Today's values.
            pub const DEFAULT: SearchParams = SearchParams { $($name: $default,)* };

            /// Every parameter with its unit, default and tuning range, in declaration
            /// order.
            pub const TABLE: &'static [ParamSpec] = &[
                $(ParamSpec {
                    name: stringify!($name),
                    unit: Unit::$unit,
                    default: $default,
                    min: $min,
                    max: $max,
                },)*
            ];

            /// These parameters for a variant whose evaluations are `numerator /
            /// denominator` of these: the [`Unit::Centipawns`] ones scaled, the rest kept.
            pub const fn scaled(self, numerator: i32, denominator: i32) -> SearchParams {
                SearchParams {
                    $($name: Unit::$unit.scale(self.$name, numerator, denominator),)*
                }
            }

            /// The parameter called `name`.
            pub fn get(&self, name: &str) -> Option<i32> {
                match name {
                    $(stringify!($name) => Some(self.$name),)*
                    _ => None,
                }
            }

            /// Sets the parameter called `name`; false if there is none.
            pub fn set(&mut self, name: &str, value: i32) -> bool {
                match name {
                    $(stringify!($name) => self.$name = value,)*
                    _ => return false,
                }
                true
            }
        }
    };
}

search_params! {
    // Pruning before the moves, at non-PV nodes not in check.

    /// Razoring: at this depth or less, a node whose evaluation is far below alpha is
    /// settled by a quiescence search.
    razor_max_depth: Plies = 3 in 1..=6;
    /// Razoring: how far below alpha, before depth counts.
    razor_margin: Centipawns = 200 in 50..=500;
    /// Razoring: how much further below alpha per ply of depth.
    razor_margin_per_ply: Centipawns = 220 in 80..=450;
    /// Reverse futility: at this depth or less, a node whose evaluation beats beta by the
    /// margin returns.
    rfp_max_depth: Plies = 8 in 4..=12;
    /// Reverse futility: the margin per ply of depth (one ply less when improving).
    rfp_margin_per_ply: Centipawns = 75 in 30..=150;
    /// Null move: from this depth on.
    nmp_min_depth: Plies = 3 in 2..=5;
    /// Null move: the static evaluation must be at least beta less this...
    nmp_eval_margin_per_ply: Centipawns = 20 in 0..=50;
    /// ...times the depth, plus this.
    nmp_eval_margin: Centipawns = 160 in 0..=400;
    /// Null move: the reduction at any depth...
    nmp_reduction: Plies = 4 in 2..=6;
    /// ...plus a ply per this much depth...
    nmp_depth_per_reduction: Plies = 4 in 2..=8;
    /// ...plus a ply per this much the evaluation exceeds beta...
    nmp_eval_per_reduction: Centipawns = 200 in 100..=400;
    /// ...at most this many.
    nmp_max_eval_reduction: Plies = 3 in 1..=6;
    /// Null move: from this depth on, a cutoff is verified by a search without null moves
    /// for the side to move.
    nmp_verify_depth: Plies = 14 in 8..=24;
    /// ProbCut: from this depth on.
    probcut_min_depth: Plies = 5 in 3..=8;
    /// ProbCut: how far a capture must beat beta...
    probcut_margin: Centipawns = 200 in 80..=400;
    /// ...less this when improving.
    probcut_improving: Centipawns = 50 in 0..=120;
    /// ProbCut: how much shallower its verifying search is; a table entry this much
    /// shallower, less one, can forbid it.
    probcut_reduction: Plies = 4 in 3..=6;
    /// ProbCut: captures tried.
    probcut_tries: Moves = 2 in 1..=6;
    /// ProbCut: captures tried at an expected cut node.
    probcut_tries_cut_node: Moves = 4 in 1..=8;

    // Internal iterative reduction.

    /// A PV or expected-cut node with no table move, from this depth on, is searched a
    /// ply shallower.
    iir_min_depth: Plies = 4 in 2..=8;

    // Pruning in the move loop, once a move has saved the node from being mated.

    /// Late-move pruning: at this depth or less, quiet moves after the first
    /// `(lmp_base + depth²)` (half that when not improving) are skipped.
    lmp_max_depth: Plies = 8 in 4..=12;
    /// Late-move pruning: the move count at depth 0.
    lmp_base: Moves = 3 in 1..=8;
    /// Futility: at this reduced depth or less, quiet moves are skipped when the static
    /// evaluation falls short of alpha by the margin.
    futility_max_depth: Plies = 8 in 4..=12;
    /// Futility: the margin at reduced depth 0...
    futility_margin: Centipawns = 120 in 40..=250;
    /// ...plus this per ply of reduced depth.
    futility_margin_per_ply: Centipawns = 110 in 50..=200;
    /// History pruning: at this reduced depth or less, quiet moves with a history
    /// below the limit are skipped.
    history_prune_max_depth: Plies = 3 in 1..=6;
    /// History pruning: the limit, negated, per ply of depth.
    history_prune_per_ply: History = 2500 in 1000..=8000;
    /// Exchange pruning of quiet moves: at this reduced depth or less...
    see_quiet_max_depth: Plies = 8 in 4..=12;
    /// ...a quiet move losing more than this times the reduced depth squared is skipped.
    see_quiet_margin: Centipawns = 25 in 8..=60;
    /// Exchange pruning of captures: at this depth or less...
    see_noisy_max_depth: Plies = 6 in 3..=10;
    /// ...a losing capture losing more than this per ply of depth is skipped.
    see_noisy_margin: Centipawns = 110 in 40..=250;

    // Extensions.

    /// Singular extension: from this depth on.
    singular_min_depth: Plies = 7 in 4..=10;
    /// Singular extension: the table entry may be this much shallower than the node.
    singular_tt_depth: Plies = 3 in 1..=5;
    /// Singular extension: the other moves are searched against the table score less
    /// this per ply of depth.
    singular_margin_per_ply: Centipawns = 2 in 1..=8;
    /// Check extension: a line is extended at most this many plies in all.
    check_extension_limit: Plies = 16 in 4..=32;
    /// Check extension: at this depth or less every check extends, deeper only one whose
    /// checking man cannot be won.
    check_extension_any_depth: Plies = 8 in 0..=16;

    // Late-move reductions.

    /// From this depth on.
    lmr_min_depth: Plies = 2 in 1..=4;
    /// The base reduction, `lmr_base + ln(depth)·ln(move number) / lmr_divisor`, in
    /// hundredths of a ply...
    lmr_base: Hundredths = 60 in 0..=150;
    /// ...and its divisor, in hundredths.
    lmr_divisor: Hundredths = 220 in 150..=350;
    /// More at a non-PV node.
    lmr_non_pv: PlyFraction = 1024 in 0..=2048;
    /// More at an expected cut node.
    lmr_cut_node: PlyFraction = 1024 in 0..=2048;
    /// Less when improving.
    lmr_improving: PlyFraction = 512 in 0..=1536;
    /// Less for a move that gives check.
    lmr_gives_check: PlyFraction = 1024 in 0..=2048;
    /// Less for a killer or the counter-move.
    lmr_refutation: PlyFraction = 1024 in 0..=2048;
    /// Less for a capture or promotion (reduced only at expected cut nodes).
    lmr_noisy: PlyFraction = 1024 in 0..=2048;
    /// A ply less per this many history points (more when negative).
    lmr_history_divisor: History = 8192 in 4096..=16384;
    /// At the root: a late move is reduced a ply from this depth on...
    root_lmr_min_depth: Plies = 3 in 2..=6;
    /// ...after the first this many moves of the line.
    root_lmr_moves: Moves = 3 in 1..=8;

    // Quiescence search.

    /// Delta pruning: a capture is skipped when the static evaluation plus this plus its
    /// gain does not reach alpha.
    qs_futility_margin: Centipawns = 180 in 60..=350;
    /// It gives up after this many plies, even in check.
    qs_max_plies: Plies = 16 in 8..=32;
    /// In check, once an evasion holds, at most this many quiet evasions are tried.
    qs_quiet_evasions: Moves = 2 in 1..=4;

    // Move ordering and histories.

    /// A capture losing less than this by static exchange is ordered with the good ones.
    good_capture_see: Centipawns = 50 in 0..=150;
    /// A capture's value counts this many times...
    capture_value_weight: Factor = 16 in 4..=32;
    /// ...and its capture history counts one part in this in the main search...
    capture_history_divisor: Factor = 8 in 2..=32;
    /// ...and the capturing piece's value one part in this in the quiescence search.
    capture_attacker_divisor: Factor = 8 in 2..=32;
    /// From this depth on (and on the PV), a node where no move reached alpha rewards
    /// the opponent's quiet move into it.
    fail_low_bonus_min_depth: Plies = 3 in 1..=6;
    /// The history bonus of a cutoff at depth `d`: this times `d²`...
    history_bonus_quadratic: History = 24 in 8..=48;
    /// ...plus this times `d`...
    history_bonus_linear: History = 48 in 0..=128;
    /// ...at most this.
    history_bonus_max: History = 1800 in 800..=4000;

    // Aspiration windows.

    /// From this depth on, an iteration starts with a window around the last score.
    aspiration_min_depth: Plies = 4 in 2..=8;
    /// The window's half-width...
    aspiration_delta: Centipawns = 16 in 5..=40;
    /// ...plus the last score's size (up to the cap) over this.
    aspiration_score_divisor: Factor = 50 in 20..=200;
    /// The cap of the score the window widens with.
    aspiration_score_cap: Centipawns = 2000 in 500..=4000;
    /// A failed window grows by this percentage.
    aspiration_growth: Hundredths = 50 in 25..=150;

    // Evaluation.

    /// The static evaluation is shrunk towards a draw by `clock / this` as the
    /// fifty-move clock (in plies, at most 100) runs.
    fifty_move_scale: Plies = 200 in 120..=400;
}

/// A variant the search plays, with its own parameters and net.
pub trait SearchVariant: Evaluate + VariantNet {
    /// Today every variant's: [`SearchParams::DEFAULT`].
    const SEARCH: SearchParams = SearchParams::DEFAULT;
}

/// Implements [`SearchVariant`] for every variant of the list.
macro_rules! search_variants {
    ([] $($file:ident => $variant:ident,)*) => {
        $(impl SearchVariant for ekumen_movegen::variants::$variant {})*
    };
}
ekumen_movegen::variants!([search_variants]);

#[cfg(test)]
mod tests {
    use super::*;
    use ekumen_movegen::variants::{Chess, Coherent, Gethenian, Gothic, Shinobi};

    #[test]
    fn every_default_lies_in_its_range() {
        for spec in SearchParams::TABLE {
            assert!(spec.min < spec.max, "{}: empty range", spec.name);
            assert!((spec.min..=spec.max).contains(&spec.default), "{}: out of range", spec.name);
            assert_eq!(SearchParams::DEFAULT.get(spec.name), Some(spec.default), "{}", spec.name);
        }
    }

    #[test]
    fn names_are_unique_and_settable() {
        let mut params = SearchParams::DEFAULT;
        for (i, spec) in SearchParams::TABLE.iter().enumerate() {
            assert!(SearchParams::TABLE[..i].iter().all(|s| s.name != spec.name), "{}", spec.name);
            assert!(params.set(spec.name, spec.max));
            assert_eq!(params.get(spec.name), Some(spec.max));
        }
        assert!(!params.set("no_such_parameter", 1));
        assert_eq!(params.get("no_such_parameter"), None);
    }

    #[test]
    fn scaling_touches_only_centipawns() {
        let doubled = SearchParams::DEFAULT.scaled(2, 1);
        assert_eq!(SearchParams::DEFAULT.scaled(1, 1), SearchParams::DEFAULT);
        for spec in SearchParams::TABLE {
            let expected =
                if spec.unit == Unit::Centipawns { 2 * spec.default } else { spec.default };
            assert_eq!(doubled.get(spec.name), Some(expected), "{}", spec.name);
        }
        assert_eq!(doubled.razor_margin, 400);
        assert_eq!(doubled.lmr_non_pv, 1024);
    }

    #[test]
    fn every_variant_plays_with_todays_values() {
        assert_eq!(Chess::SEARCH, SearchParams::DEFAULT);
        assert_eq!(Coherent::SEARCH, SearchParams::DEFAULT);
        assert_eq!(Gethenian::SEARCH, SearchParams::DEFAULT);
        assert_eq!(Gothic::SEARCH, SearchParams::DEFAULT);
        assert_eq!(Shinobi::SEARCH, SearchParams::DEFAULT);
    }
}
