//! Per-variant static evaluation.
//!
//! # Layout
//! One generic evaluation ([`evaluate`]) reads one table of numbers per variant
//! ([`EvalParams`], in `<variant>.rs`): every term a variant is scored by lives in that one
//! place, so tuning a variant means editing one const. The files:
//!
//! - `params.rs`: the terms' types, [`EvalParams`] and its groups, each term declared
//!   once; `declare.rs`: how a declaration gives the struct, its `NONE` and the walk the
//!   tuner reads and writes the terms by;
//! - `tables.rs`: what is built once per variant from them ([`EvalTables`]);
//! - `terms/`: the terms themselves, one theme a file (`terms/mod.rs` lists them), called
//!   in turn by the short driver here (`evaluate_from`);
//! - `trace.rs`: what each term adds to one evaluation, for explaining it;
//! - `geometry.rs`: board helpers the terms share;
//! - `<variant>.rs`: each variant's numbers, as Rust consts rather than data files read
//!   at start-up: [`evaluate`] is inlined with its variant's const, so the compiler drops
//!   the terms the variant leaves off (zero or `NONE`) and folds the others' weights in.
//!   The tuner keeps fits as text (`tune/fits/`) and writes the const from one
//!   (`ekumen-tune --rust`).
//!
//! What the terms mean:
//!
//! - **material**, middle game and endgame values per piece type ([`PieceTerms::value`]),
//!   and for drop variants the value of a piece held in hand ([`PieceTerms::in_hand`]);
//!   and the **material imbalance** ([`ImbalanceTerms`]), a second-degree polynomial in
//!   the numbers of men, so that a piece's worth depends on what else is on the board;
//! - **piece-square tables**, generated from three shapes per piece type (a bonus per step
//!   towards the centre, per rank forward, and an optional table by rank), so one
//!   description fits the 7x7, 8x8, 9x9 and 10x8 boards, plus an optional table by square
//!   on top ([`PieceTerms::squares`]) for a variant with enough positions to fit one. That
//!   table covers half the board and is mirrored onto the other half: the asymmetric
//!   start positions make the two wings differ a little, but halving the entries halves
//!   what the tuner must pin down. The tables are built once, so the detail costs nothing
//!   per evaluation;
//! - **mobility**, a concave function (square root) of the squares a piece attacks that
//!   are neither ours nor guarded by an enemy pawn, centred on the piece's typical reach;
//! - **king safety**: attackers of the squares around the king (per piece and per square
//!   hit), undefended squares there, pieces the opponent could drop next to it, squares it
//!   could be checked from (guarded or not), pawn shelter, the enemy's mobility edge, and
//!   less danger when the enemy has no queen-class piece, more for each man that alone
//!   stands between the king and an enemy slider (pinned, or masking a check), less with a
//!   knight guarding the king's squares and per square of its flank we attack; the danger
//!   grows with the square of the attack units, as in most classical evaluations;
//!   besides, a cost per enemy attack on the king's flank, and for a king on a flank with
//!   no pawns;
//! - **pawn structure** (doubled, isolated, backward, passed by rank, connected by rank,
//!   weak pawns on half-open files) for chess-style pawns; **passed pawns** near
//!   promotion also by the kings' distances and how free their path is
//!   ([`PasserTerms`]); the king's **pawn cover**:
//!   on the king's file and the two beside it, how far ahead our nearest pawn stands and
//!   how close the nearest enemy pawn has come;
//! - what the pawns do for the pieces ([`StructureTerms`]): **space** behind our central
//!   pawns (weighted by the square of the pieces on the board), **outposts** and pawn
//!   shields for minor pieces, bishops hemmed in by their own pawns or on an open long
//!   diagonal. Fairy-Stockfish's classical evaluation has these; on positions from games
//!   against it, its space and bishop terms were what best explained its search scores
//!   beyond Ekumen's evaluation;
//! - **threats** (pieces attacked by pawns, by lesser pieces, attacked and undefended, or
//!   attackable by a safe pawn push; pieces and pawns attacked and not held strongly;
//!   squares both sides attack that we do not hold strongly; men attacked by minor and
//!   by rook-class pieces, by the type attacked; squares from which a lesser piece could
//!   attack a queen-class piece next move), the bishop pair, a **tempo** bonus for the
//!   side to move;
//! - **placement** ([`PlacementTerms`]): minor pieces far from their king, rooks on a file
//!   through the enemy king's squares and bishops aimed at them past pieces (not pawns),
//!   a rook shut in by its own king;
//! - **winnability** ([`WinnabilityTerms`]): the edge grows or shrinks with what makes an
//!   endgame winnable (pawns, passed pawns, pawns on both wings, an active king) and an
//!   **endgame scale** by the side ahead's pawns and opposite-coloured bishops
//!   ([`ScaleTerms`]); endgames without pawns where the material edge is too small to win
//!   are quartered.
//!
//! Middle-game and endgame scores are blended by the game phase, the sum of
//! [`PieceTerms::phase`] over the pieces on the board and in hand.
//!
//! Scores are in centipawns (a pawn is 100) from the side to move's point of view.
//! Gethenian has no pawns: its guide values are in knights, and a knight is 200 here.
//!
//! # Cost
//! The evaluation is computed from scratch but for what the pawns alone decide, which a
//! search thread keeps in a [`PawnCache`] (`terms/pawns.rs`), and the material imbalance,
//! kept in a [`MaterialCache`] (`terms/material.rs`): one attack lookup per piece (the
//! same lookups move generation uses), no allocation. In gothic, with every term on, it
//! is about 1.5 microseconds and some 60 % of a search's time, spread over many terms
//! (`tune/examples/eval_cost.rs` times each group). What pawns do as a whole (pushes,
//! the squares behind them, pawns facing pawns, the threats of a push) is computed by
//! shifting the whole set of pawns rather than square by square (`geometry::shifted`).

mod declare;
mod geometry;
mod params;
mod tables;
mod terms;
mod trace;

/// Each variant's numbers, `<variant>.rs`, from the variant list.
macro_rules! variant_files {
    ([] $($file:ident => $variant:ident,)*) => {
        $(mod $file;)*
    };
}
ekumen_movegen::variants!([variant_files]);

use ekumen_movegen::{
    dispatch, AnyPosition, BitWord, Bitboard, Color, PieceType, Position, Variant,
};

pub use declare::{Reads, Role, Term, Visitor};
pub use params::{
    s, EvalParams, ImbalanceTerms, KingTerms, PasserTerms, PawnTerms, PieceTerms, PlacementTerms,
    ScaleTerms, StructureTerms, WinnabilityTerms, S,
};
pub use tables::{game_phase, EvalTables};
pub use terms::material::MaterialCache;
pub use terms::pawns::PawnCache;
pub use trace::{NoTrace, Trace};

use geometry::{kinds_in, pieces_of_kinds};
use terms::pawns::PawnEntry;
use terms::structure::structure;
use terms::{endgame, king, material, passed, pieces, threats, Context};
use trace::record;

/// A variant with an evaluation: its parameters and their tables.
pub trait Evaluate: Variant {
    const PARAMS: EvalParams<'static>;
    /// Tables built from [`Self::PARAMS`] on first use.
    fn eval_tables() -> &'static EvalTables<Self>;
}

/// Declares a variant's `eval_tables()` with its own lazily built static.
macro_rules! eval_tables {
    ($v:ty) => {
        fn eval_tables() -> &'static $crate::EvalTables<$v> {
            static TABLES: std::sync::LazyLock<$crate::EvalTables<$v>> =
                std::sync::LazyLock::new($crate::EvalTables::new);
            &TABLES
        }
    };
}
pub(crate) use eval_tables;

/// The static evaluation of `pos` in centipawns, from the side to move's point of view.
pub fn evaluate<V: Evaluate>(pos: &Position<V>) -> i32 {
    evaluate_with(pos, &V::PARAMS, V::eval_tables())
}

/// [`evaluate`], reading and filling a search thread's [`PawnCache`] and
/// [`MaterialCache`]: the same score.
pub fn evaluate_cached<V: Evaluate>(
    pos: &Position<V>,
    cache: &mut PawnCache<V>,
    material: &mut MaterialCache<V>,
) -> i32 {
    let (params, tables) = (&V::PARAMS, V::eval_tables());
    if tables.pawn_kinds.count_ones() == 1 {
        let entry = cache.entry(pos, params, tables);
        evaluate_from(pos, params, tables, entry, Some(material), &mut NoTrace)
    } else {
        let mut entry = PawnEntry::uncached(pos, params, tables, &mut NoTrace);
        evaluate_from(pos, params, tables, &mut entry, Some(material), &mut NoTrace)
    }
}

/// [`evaluate`] with other parameters and their tables ([`EvalTables::from_params`]), for
/// tuning. Inlined into [`evaluate`], where the parameters are constants.
#[inline(always)]
pub fn evaluate_with<V: Evaluate>(
    pos: &Position<V>,
    params: &EvalParams,
    tables: &EvalTables<V>,
) -> i32 {
    evaluate_traced(pos, params, tables, &mut NoTrace)
}

/// [`evaluate_with`], handing each term's contribution to `trace` as it is added (see
/// [`Trace`]); the same score.
#[inline(always)]
pub fn evaluate_traced<V: Evaluate>(
    pos: &Position<V>,
    params: &EvalParams,
    tables: &EvalTables<V>,
    trace: &mut impl Trace,
) -> i32 {
    let mut entry = PawnEntry::uncached(pos, params, tables, trace);
    evaluate_from(pos, params, tables, &mut entry, None, trace)
}

/// The evaluation, given what the pawns alone decide: each theme of `terms/` in turn.
#[inline(always)]
fn evaluate_from<V: Evaluate>(
    pos: &Position<V>,
    params: &EvalParams,
    tables: &EvalTables<V>,
    pawn_entry: &mut PawnEntry<V>,
    material: Option<&mut MaterialCache<V>>,
    trace: &mut impl Trace,
) -> i32 {
    if endgame::drawn_by_material(pos) {
        return 0;
    }
    let pawn_info = pawn_entry.info;
    let pawns = pawn_info.pawns;
    let kings = [pos.royal_square(Color::White), pos.royal_square(Color::Black)];
    let zones = kings.map(|k| k.map_or(Bitboard::EMPTY, |k| tables.king_zone[k.index()]));
    let cx = Context { pos, params, tables, pawns, kings, zones };
    let mut attacks = pieces::pawn_attacks(pawn_info.by_pawns);
    let on_board = pieces::pieces(&cx, &mut attacks, trace);
    let mut side_scores = on_board.score;
    let imbalance = material::score(pos, params, tables, on_board.bishop_pair, material);
    for color in Color::BOTH {
        let us = color.index();
        record!(trace.add("imbalance", color, imbalance[us]));
        let mut score = side_scores[us] + imbalance[us] + pawn_info.structure[us];
        let passed = pawn_info.passed[us];
        score += passed::passers(&cx, &attacks, color, passed, trace);
        let blocked = pawn_info.blocked;
        score += structure(&cx, &attacks, blocked, color, trace);
        score += threats::threats(&cx, &attacks, color, trace);
        if let Some(king) = kings[us] {
            let mobility = on_board.mobility_mg;
            score += king::king_safety(&cx, pawn_entry, &attacks, mobility, color, king, trace);
        }
        side_scores[us] = score;
    }

    let us = pos.side_to_move();
    let tempo = if us == Color::White { params.tempo } else { -params.tempo };
    record!(trace.add("tempo", us, params.tempo));
    let total = side_scores[0] - side_scores[1] + tempo;
    let material = on_board.non_pawn_material;
    let total = endgame::winnable(&cx, &pawn_info, material, total, trace);

    let phase = on_board.phase.min(tables.max_phase);
    let blended = (total.mg * phase + total.eg * (tables.max_phase - phase)) / tables.max_phase;
    if us == Color::White {
        blended
    } else {
        -blended
    }
}

/// A hash of both sides' pawns (of every pawn type; the same for every position without
/// pawns), for what the search learns by pawn structure. Its top bits are the best mixed.
#[inline(always)]
pub fn pawn_key<V: Evaluate>(pos: &Position<V>) -> u64 {
    let kinds = V::eval_tables().pawn_kinds;
    let pawns = [Color::White, Color::Black].map(|color| pieces_of_kinds(pos, color, kinds));
    terms::pawns::structure_hash::<V>(pawns)
}

/// A hash of where `color`'s pieces other than pawns stand, type by type, and of what it
/// holds in hand, for what the search learns by piece placement. Its top bits are the best
/// mixed.
#[inline(always)]
pub fn piece_key<V: Evaluate>(pos: &Position<V>, color: Color) -> u64 {
    use terms::pawns::FIBONACCI;
    let all_kinds = ((1u32 << V::PIECES.len()) - 1) as u16;
    let mut hash = 0u64;
    for kind in kinds_in(all_kinds & !V::eval_tables().pawn_kinds) {
        let set = pos.pieces_of(color, kind).0.to_u128();
        let folded = (set as u64) ^ ((set >> 64) as u64).rotate_left(32);
        hash = (hash.rotate_left(21) ^ folded).wrapping_mul(FIBONACCI);
    }
    if V::DROPS {
        for &kind in V::HAND_ORDER {
            let count = u64::from(pos.hand_count(color, kind));
            hash = (hash.rotate_left(21) ^ count).wrapping_mul(FIBONACCI);
        }
    }
    hash
}

/// The material value of a piece type (middle game), for exchange evaluation and move
/// ordering. A piece captured in a variant where captures go to hand is worth its value on
/// the board plus its value in hand to the capturer; see [`exchange_value`].
#[inline(always)]
pub fn piece_value<V: Evaluate>(kind: PieceType) -> i32 {
    V::PARAMS.pieces[kind.index()].value.mg
}

/// What capturing a piece of `kind` gains: its value, plus, where captures go to the
/// capturer's hand, the value of its base form in hand. Royal pieces count as a queen's
/// worth and more, so exchanges never plan on winning them.
#[inline(always)]
pub fn exchange_value<V: Evaluate>(kind: PieceType) -> i32 {
    let def = &V::PIECES[kind.index()];
    if def.royal {
        return 20_000;
    }
    let terms = &V::PARAMS.pieces[kind.index()];
    let mut value = terms.value.mg;
    if V::CAPTURES_TO_HAND {
        value += V::PARAMS.pieces[def.base.index()].in_hand.mg;
    }
    value
}

/// The evaluation of a position of any variant, from the side to move's point of view.
pub fn evaluate_any(position: &AnyPosition) -> i32 {
    dispatch!(position, pos => evaluate(pos))
}
