//! Threats: pieces attacked by pawns, by lesser pieces, hanging, or attackable by a pawn
//! push; men and squares attacked and not held strongly; attacks by minor and rook-class
//! pieces by the type attacked; squares from which a lesser piece could attack a
//! queen-class piece.

use ekumen_movegen::attacks::Bb;
use ekumen_movegen::piece::Special;
use ekumen_movegen::{Bitboard, Color, PieceType};

use super::{Attacks, Context};
use crate::geometry::{forward, kinds_in, shifted};
use crate::trace::record;
use crate::{Evaluate, Trace, S};

/// What `color` loses to the enemy's threats against its men and squares.
#[inline(always)]
pub(crate) fn threats<V: Evaluate>(
    cx: &Context<V>,
    attacks: &Attacks<V>,
    color: Color,
    trace: &mut impl Trace,
) -> S {
    let Context { pos, params, tables: _, pawns, .. } = *cx;
    let (us, them) = (color.index(), (!color).index());
    let mut score = S::ZERO;
    let targets = pos.pieces(color) & !pawns[us] & !pos.royals(color);
    let by_pawn = (targets & attacks.by_pawns[them]).count() as i32;
    let hanging = (targets & attacks.all[them] & !attacks.all[us]).count() as i32;
    score += params.threat_by_pawn * by_pawn + params.hanging * hanging;
    record!(trace.add("threat_by_pawn", color, params.threat_by_pawn * by_pawn));
    record!(trace.add("hanging", color, params.hanging * hanging));
    if params.threat_by_lesser != S::ZERO {
        let value = params.threat_by_lesser * threats_by_lesser(cx, attacks, color);
        score += value;
        record!(trace.add("threat_by_lesser", color, value));
    }
    if params.threat_by_push != S::ZERO {
        let value = params.threat_by_push * threats_by_push(cx, attacks, color);
        score += value;
        record!(trace.add("threat_by_push", color, value));
    }
    let strong = attacks.by_pawns[us] | (attacks.twice[us] & !attacks.twice[them]);
    if params.restricted != S::ZERO || params.weak_piece != S::ZERO || params.weak_pawn != S::ZERO {
        let contested = attacks.all[them] & !strong;
        let value = params.restricted * (contested & attacks.all[us]).count() as i32;
        score += value;
        record!(trace.add("restricted", color, value));
        let value = params.weak_piece * (contested & targets).count() as i32;
        score += value;
        record!(trace.add("weak_piece", color, value));
        let value = params.weak_pawn * (contested & pawns[us]).count() as i32;
        score += value;
        record!(trace.add("weak_pawn", color, value));
    }
    if !params.threat_by_minor.is_empty() {
        score += threats_by_class(cx, attacks, strong, color, trace);
    }
    if params.queen_threat_by_leaper != S::ZERO || params.queen_threat_by_slider != S::ZERO {
        score += threats_on_queens(cx, attacks, strong, color, trace);
    }
    score
}

/// How many of `color`'s non-pawn pieces an enemy piece worth less attacks.
#[inline(always)]
pub(crate) fn threats_by_lesser<V: Evaluate>(
    cx: &Context<V>,
    attacks: &Attacks<V>,
    color: Color,
) -> i32 {
    let Context { pos, tables, .. } = *cx;
    let them = (!color).index();
    let mut count = 0;
    // Walking the types from the cheapest, `lesser` gathers the attacks of every type
    // worth less than the current one; `same_value` holds those of its equals until a
    // dearer type comes.
    let mut lesser = Bitboard::EMPTY;
    let mut same_value = Bitboard::EMPTY;
    let mut value = i32::MIN;
    for &(kind, kind_value) in &tables.kinds_by_value {
        let i = kind.index();
        if kind_value != value {
            value = kind_value;
            lesser |= same_value;
            same_value = Bitboard::EMPTY;
        }
        same_value |= attacks.by_kind[them][i];
        if tables.pawn_kinds & (1 << i) == 0 && !V::PIECES[i].royal {
            count += (pos.pieces_of(color, kind) & lesser).count() as i32;
        }
    }
    count
}

/// What `color` loses to enemy minor and rook-class pieces attacking its men
/// ([`EvalParams::threat_by_minor`] and [`EvalParams::threat_by_rook`]); `strong` is what
/// `color` holds strongly.
pub(crate) fn threats_by_class<V: Evaluate>(
    cx: &Context<V>,
    attacks: &Attacks<V>,
    strong: Bb<V>,
    color: Color,
    trace: &mut impl Trace,
) -> S {
    let Context { pos, params, tables, .. } = *cx;
    let them = (!color).index();
    let attacked_by = |kinds: u16| {
        kinds_in(kinds).fold(Bitboard::EMPTY, |attacked, kind| {
            attacked | attacks.by_kind[them][kind.0 as usize]
        })
    };
    let by_minor = attacked_by(tables.minor_kinds);
    let by_rook = attacked_by(tables.rook_kinds);
    let weak = !strong & attacks.all[them];
    let mut score = S::ZERO;
    for (i, def) in V::PIECES.iter().enumerate() {
        if def.royal {
            continue;
        }
        let ours = pos.pieces_of(color, PieceType(i as u8));
        if ours.is_empty() {
            continue;
        }
        let is_pawn = tables.pawn_kinds & (1 << i) != 0;
        let held = if is_pawn { Bitboard::EMPTY } else { ours & strong };
        let minor_hits = ((held | (ours & weak)) & by_minor).count() as i32;
        let value = params.threat_by_minor[i] * minor_hits;
        score += value;
        record!(trace.add("threat_by_minor", color, value));
        if let Some(&by_rook_value) = params.threat_by_rook.get(i) {
            let value = by_rook_value * (ours & weak & by_rook).count() as i32;
            score += value;
            record!(trace.add("threat_by_rook", color, value));
        }
    }
    score
}

/// What `color` loses to squares from which enemy minor and rook-class pieces could
/// attack its queen-class pieces next move ([`EvalParams::queen_threat_by_leaper`] and
/// [`EvalParams::queen_threat_by_slider`]); `strong` is what `color` holds strongly.
#[inline(always)]
pub(crate) fn threats_on_queens<V: Evaluate>(
    cx: &Context<V>,
    attacks: &Attacks<V>,
    strong: Bb<V>,
    color: Color,
    trace: &mut impl Trace,
) -> S {
    let Context { pos, params, tables, .. } = *cx;
    let them = (!color).index();
    let occupied = pos.occupied();
    let safe = !pos.pieces(!color) & !strong;
    let pieces = V::tables();
    let mut score = S::ZERO;
    for heavy in kinds_in(tables.heavy_kinds) {
        for sq in pos.pieces_of(color, heavy) {
            for kind in kinds_in(tables.minor_kinds | tables.rook_kinds) {
                let def = &V::PIECES[kind.index()];
                let reach = attacks.by_kind[them][kind.index()] & safe;
                // A pure slider reaches `sq` only from its lines on an empty board: most
                // of the time none of those is in reach, and the lookup with the real
                // occupancy is spared (the same count).
                let pure_slider =
                    def.slides != 0 && def.leaps.is_empty() && def.special == Special::None;
                if reach.is_empty()
                    || (pure_slider && (reach & pieces.slider_sources(!color, kind, sq)).is_empty())
                {
                    continue;
                }
                // As in `checks`: a piece of ours on `sq` reaches the squares from which
                // the enemy's piece of that kind attacks it.
                let from = pos.attacks_from(color, kind, sq, occupied) & reach;
                if def.slides != 0 {
                    let backed = (from & attacks.twice[them]).count() as i32;
                    let value = params.queen_threat_by_slider * backed;
                    score += value;
                    record!(trace.add("queen_threat_by_slider", color, value));
                } else {
                    let value = params.queen_threat_by_leaper * from.count() as i32;
                    score += value;
                    record!(trace.add("queen_threat_by_leaper", color, value));
                }
            }
        }
    }
    score
}

/// How many of `color`'s non-pawn pieces an enemy pawn could attack next move by a push
/// (one step, or two from its second rank) to a square our pawns do not guard and that
/// the enemy holds at least as well as we do (it attacks it, or we do not).
#[inline(always)]
pub(crate) fn threats_by_push<V: Evaluate>(
    cx: &Context<V>,
    attacks: &Attacks<V>,
    color: Color,
) -> i32 {
    let Context { pos, tables, pawns, .. } = *cx;
    let (us, them) = (color.index(), (!color).index());
    let empty = !pos.occupied();
    let safe = !attacks.by_pawns[us] & (attacks.all[them] | !attacks.all[us]);
    let targets = pos.pieces(color) & !pawns[us] & !pos.royals(color);
    let ahead = forward::<V>(!color);
    let mut threatened = Bitboard::EMPTY;
    for kind in kinds_in(tables.pawn_kinds) {
        let one = shifted::<V>(pos.pieces_of(!color, kind), ahead) & empty;
        let two = shifted::<V>(one & tables.double_step_landing[them], ahead) & empty;
        let pushed = (one | two) & safe;
        for &(capturer, offset, sources) in &tables.pawn_capture_shifts[them] {
            if capturer == kind {
                threatened |= shifted::<V>(pushed & sources, offset);
            }
        }
    }
    (threatened & targets).count() as i32
}
