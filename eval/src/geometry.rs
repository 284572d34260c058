//! Board helpers the terms share: ranks from a side's point of view, pawn steps, whole-set
//! shifts, sets of piece types.

use ekumen_movegen::attacks::Bb;
use ekumen_movegen::{Bitboard, Color, Geometry, PieceType, Position, Variant};

#[inline(always)]
pub(crate) fn relative_rank<V: Variant>(color: Color, sq: ekumen_movegen::Square) -> u8 {
    let rank = V::Geo::rank_of(sq);
    match color {
        Color::White => rank,
        Color::Black => V::Geo::RANKS - 1 - rank,
    }
}

/// Ranks `color`'s pawns move by per step: +1 for White, -1 for Black.
#[inline(always)]
pub(crate) fn pawn_step(color: Color) -> i32 {
    if color == Color::White {
        1
    } else {
        -1
    }
}

/// The square in front of `sq` on its file, from `color`'s side, if the board has one.
#[inline(always)]
pub(crate) fn square_ahead<V: Variant>(
    color: Color,
    sq: ekumen_movegen::Square,
) -> Option<ekumen_movegen::Square> {
    V::Geo::offset(sq, 0, pawn_step(color))
}

/// The square offset of one step forward for `color`'s pawns.
#[inline(always)]
pub(crate) fn forward<V: Variant>(color: Color) -> i32 {
    pawn_step(color) * i32::from(V::Geo::FILES)
}

/// `set` moved by `offset` squares, what leaves the board dropped. A move across a file
/// edge must be masked by the caller (the sources that stay on the board).
#[inline(always)]
pub(crate) fn shifted<V: Variant>(set: Bb<V>, offset: i32) -> Bb<V> {
    if offset >= 0 {
        Bitboard(set.0 << offset as u32) & V::Geo::all()
    } else {
        Bitboard(set.0 >> offset.unsigned_abs())
    }
}

/// The piece types in `kinds` (one bit per type), lowest first.
#[inline(always)]
pub(crate) fn kinds_in(mut kinds: u16) -> impl Iterator<Item = PieceType> {
    std::iter::from_fn(move || {
        let kind = (kinds != 0).then(|| PieceType(kinds.trailing_zeros() as u8));
        kinds &= kinds.wrapping_sub(1);
        kind
    })
}

/// `color`'s men of the piece types in `kinds` (one bit per type).
#[inline(always)]
pub(crate) fn pieces_of_kinds<V: Variant>(pos: &Position<V>, color: Color, kinds: u16) -> Bb<V> {
    kinds_in(kinds).fold(Bitboard::EMPTY, |pieces, kind| pieces | pos.pieces_of(color, kind))
}

/// Chebyshev distance: the king steps from `a` to `b`.
pub(crate) fn distance<V: Variant>(a: ekumen_movegen::Square, b: ekumen_movegen::Square) -> i32 {
    let files = (V::Geo::file_of(a) as i32 - V::Geo::file_of(b) as i32).abs();
    let ranks = (V::Geo::rank_of(a) as i32 - V::Geo::rank_of(b) as i32).abs();
    files.max(ranks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ekumen_movegen::variants::{Chess, Gothic};
    use ekumen_movegen::Square;

    /// A one-square set moved by whole-set shifts lands where the square's own offset does.
    fn shifts_match_offsets<V: Variant>() {
        let files = i32::from(V::Geo::FILES);
        for index in 0..V::Geo::SQUARES {
            let sq = Square::new(index as u8);
            for df in -2..=2 {
                for dr in -2..=2 {
                    let moved = shifted::<V>(Bitboard::from_square(sq), dr * files + df);
                    match V::Geo::offset(sq, df, dr) {
                        Some(to) => {
                            assert_eq!(moved, Bitboard::from_square(to), "{sq:?} {df} {dr}")
                        }
                        // Off the board: gone when it leaves by a rank edge; a file edge
                        // is the caller's to mask.
                        None if df == 0 => assert!(moved.is_empty(), "{sq:?} {dr}"),
                        None => {}
                    }
                }
            }
        }
    }

    #[test]
    fn shifted_sets_move_like_single_squares() {
        shifts_match_offsets::<Chess>();
        shifts_match_offsets::<Gothic>();
    }
}
