//! What each term adds to one evaluation, for explaining a score (`ekumen-tune --explain`)
//! term by term.
//!
//! The evaluation takes a [`Trace`] and hands it every term's contribution as it adds it,
//! each through [`record!`], which tests the constant [`Trace::ON`] first. The search's
//! evaluation passes [`NoTrace`], for which neither the call nor the value it would pass is
//! compiled: over `ekumen bench`, 5,073.7 million instructions with the trace in the code
//! against 5,074.1 million without it (cachegrind). Plain calls to an empty method were not
//! enough: some of the values computed only for them stayed, 0.6 % more instructions. A
//! traced evaluation computes the pawn structure afresh rather than from a cache, so that
//! its terms are seen one by one.

use ekumen_movegen::{Color, PieceType};

use crate::S;

/// Receives what each term adds to a side's score.
pub trait Trace {
    /// Whether anything is recorded: the evaluation computes a term's share for the trace
    /// only when it is ([`record!`]).
    const ON: bool;
    /// `term` adds `value` to `color`'s score (middle game and endgame, before they are
    /// blended by the game phase). The adjustments of the whole score (winnability, the
    /// endgame scale) come as White's.
    fn add(&mut self, term: &'static str, color: Color, value: S);
    /// The units of king danger `term` adds against `color`'s king (see
    /// [`KingTerms`](crate::KingTerms); `king_attack` and `drop_danger` for the pieces'
    /// own), whose square makes the `king.danger` share.
    fn units(&mut self, term: &'static str, color: Color, units: i32) {
        let _ = (term, color, units);
    }
    /// The same as [`Self::add`] for a term of one piece type (`value`, `psqt`,
    /// `mobility`, `open_file`, `in_hand`).
    fn add_piece(&mut self, term: &'static str, kind: PieceType, color: Color, value: S) {
        let _ = kind;
        self.add(term, color, value);
    }
}

/// The trace of an evaluation nobody explains: records nothing, costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Trace for NoTrace {
    const ON: bool = false;
    #[inline(always)]
    fn add(&mut self, _: &'static str, _: Color, _: S) {}
    #[inline(always)]
    fn add_piece(&mut self, _: &'static str, _: PieceType, _: Color, _: S) {}
}

/// `record!(trace.add(term, color, value))`: the call, made only for a trace that records
/// ([`Trace::ON`]), so that the value is not even computed for [`NoTrace`].
macro_rules! record {
    ($trace:ident . $method:ident ( $($arg:expr),* $(,)? )) => {
        if $crate::trace::is_on(&*$trace) {
            $trace.$method($($arg),*);
        }
    };
}
pub(crate) use record;

/// Whether `trace` records, for [`record!`].
#[inline(always)]
pub(crate) fn is_on<T: Trace>(_: &T) -> bool {
    T::ON
}
