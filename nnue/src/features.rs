//! The network's inputs, shared by the engine and the trainer so that both read a position
//! the same way.
//!
//! Each side's accumulator sees the position from its own side (its *perspective*): an
//! input per (whose man, relative to the perspective; piece type; square as the perspective
//! sees it), and in variants with drops an input per (whose hand; piece type; k-th man of
//! that type in hand), for k below [`HAND_SLOTS`]. A hand of three knights lights the
//! inputs for k = 0, 1 and 2, so that a drop or a capture to hand changes one input.
//!
//! Black sees the board turned so that its own men stand where White's would: mirrored top
//! to bottom in variants whose pieces move alike to the left and to the right, and turned
//! a half-turn in gethenian, whose left and right bishops and knights are each other's
//! mirror images (the move generator gives Black the half-turn of White's moves, so the
//! half-turn is what makes one set of weights serve both sides).
//!
//! Promoted and flipped forms are piece types of their own, and the two armies of shinobi
//! have their own types, so no input assumes mirrored armies.

use ekumen_movegen::piece::PieceDef;
use ekumen_movegen::{Color, Geometry, Piece, PieceType, Square, Variant};

/// Hand inputs per (side, piece type): a ninth man of a type in hand lights no more.
pub const HAND_SLOTS: usize = 8;

/// How one variant's inputs are laid out.
pub trait Inputs: Variant {
    /// Every piece moves alike to the left and to the right. Where one does not (gethenian's
    /// left and right pieces), Black sees the board turned a half-turn rather than mirrored
    /// top to bottom, and positions must not be mirrored left to right.
    const LEFT_RIGHT_SYMMETRIC: bool = moves_alike_left_and_right(Self::PIECES);

    /// Inputs for the men on the board.
    const BOARD_INPUTS: usize = 2 * Self::PIECES.len() * <Self::Geo as Geometry>::SQUARES;

    /// All inputs: the board's, then the hands' where the variant drops.
    const INPUTS: usize =
        Self::BOARD_INPUTS + if Self::DROPS { 2 * Self::PIECES.len() * HAND_SLOTS } else { 0 };

    /// The square `sq` as `perspective` sees it.
    #[inline(always)]
    fn oriented(perspective: Color, sq: Square) -> usize {
        let sq = sq.index();
        match perspective {
            Color::White => sq,
            Color::Black if !Self::LEFT_RIGHT_SYMMETRIC => Self::Geo::SQUARES - 1 - sq,
            Color::Black => {
                let files = Self::Geo::FILES as usize;
                let (rank, file) = (sq / files, sq % files);
                (Self::Geo::RANKS as usize - 1 - rank) * files + file
            }
        }
    }

    /// The input of `piece` standing on `sq`, seen from `perspective`.
    #[inline(always)]
    fn board_input(perspective: Color, piece: Piece, sq: Square) -> usize {
        let theirs = (piece.color() != perspective) as usize;
        (theirs * Self::PIECES.len() + piece.kind().index()) * Self::Geo::SQUARES
            + Self::oriented(perspective, sq)
    }

    /// The input of the `k`-th man (from 0) of type `kind` in `owner`'s hand, seen from
    /// `perspective`; `None` from [`HAND_SLOTS`] on.
    #[inline(always)]
    fn hand_input(perspective: Color, owner: Color, kind: PieceType, k: usize) -> Option<usize> {
        if k >= HAND_SLOTS {
            return None;
        }
        let theirs = (owner != perspective) as usize;
        Some(Self::BOARD_INPUTS + ((theirs * Self::PIECES.len() + kind.index()) * HAND_SLOTS) + k)
    }

    /// The men of the variant's start position, board and hands: the most a position
    /// holds, since captures and promotions add none.
    const START_MEN: usize = men_in_fen(Self::START_FEN);

    /// The output bucket for a position with `men` men on the board and in hand, kings
    /// included, out of `buckets`: the men of the start position and fewer spread evenly,
    /// the fullest boards in the last bucket.
    #[inline(always)]
    fn output_bucket(men: usize, buckets: usize) -> usize {
        let full = Self::START_MEN.max(2);
        (men.saturating_sub(2) * buckets / (full - 1)).min(buckets - 1)
    }
}

/// Every piece of `pieces` moves alike to the left and to the right.
const fn moves_alike_left_and_right(pieces: &[PieceDef]) -> bool {
    let mut i = 0;
    while i < pieces.len() {
        if !pieces[i].moves_alike_left_and_right() {
            return false;
        }
        i += 1;
    }
    true
}

/// The men a FEN's first field places, on the board and in hand (its letters).
const fn men_in_fen(fen: &str) -> usize {
    let bytes = fen.as_bytes();
    let (mut i, mut men) = (0, 0);
    while i < bytes.len() && bytes[i] != b' ' {
        men += bytes[i].is_ascii_alphabetic() as usize;
        i += 1;
    }
    men
}

/// What lights each input, input by input, for White's perspective then Black's: a line
/// per input such as `ours N c3` or `theirs hand M 1`. Its hash, [`layout_hash`], is in
/// every net file, so that a net trained with other inputs (piece types in another order,
/// another view for Black, other hand slots) is refused rather than misread.
pub fn layout_description<V: Inputs>() -> String {
    let mut lines = vec![String::from("-"); 2 * V::INPUTS];
    for (view, perspective) in Color::BOTH.into_iter().enumerate() {
        let lines = &mut lines[view * V::INPUTS..(view + 1) * V::INPUTS];
        for owner in Color::BOTH {
            let whose = if owner == perspective { "ours" } else { "theirs" };
            for kind in (0..V::PIECES.len()).map(|k| PieceType(k as u8)) {
                let letter = ekumen_movegen::fen::piece_text::<V>(Piece::new(Color::White, kind));
                for sq in (0..V::Geo::SQUARES as u8).map(Square::new) {
                    let input = V::board_input(perspective, Piece::new(owner, kind), sq);
                    lines[input] = format!("{whose} {letter} {}", V::Geo::square_name(sq));
                }
                for k in 0..HAND_SLOTS {
                    if let Some(input) =
                        V::hand_input(perspective, owner, kind, k).filter(|_| V::DROPS)
                    {
                        lines[input] = format!("{whose} hand {letter} {k}");
                    }
                }
            }
        }
    }
    lines.join("\n")
}

/// The FNV-1a hash of [`layout_description`]: the input layout a net file declares.
pub fn layout_hash<V: Inputs>() -> u64 {
    crate::file::fnv1a(layout_description::<V>().as_bytes())
}

/// Every input `perspective` sees lit in a position given as its men on the board and its
/// hands (`hands[colour][piece type]`), in no particular order.
pub fn active_inputs<V: Inputs>(
    perspective: Color,
    men: impl Iterator<Item = (Piece, Square)>,
    hands: &[[u8; ekumen_movegen::piece::MAX_PIECE_TYPES]; 2],
    out: &mut Vec<usize>,
) {
    out.extend(men.map(|(piece, sq)| V::board_input(perspective, piece, sq)));
    if V::DROPS {
        for owner in Color::BOTH {
            for (kind, &count) in hands[owner.index()].iter().enumerate().take(V::PIECES.len()) {
                let kind = PieceType(kind as u8);
                out.extend(
                    (0..count as usize).filter_map(|k| V::hand_input(perspective, owner, kind, k)),
                );
            }
        }
    }
}

/// Every variant of the list reads its inputs as the trait's defaults say.
macro_rules! inputs {
    ([] $($file:ident => $variant:ident,)*) => {
        $(impl Inputs for ekumen_movegen::variants::$variant {})*
    };
}
ekumen_movegen::variants!([inputs]);

#[cfg(test)]
mod tests {
    use super::*;
    use ekumen_movegen::variants::{Chess, Coherent, Gethenian, Gothic, Shinobi};

    #[test]
    fn start_men_count_the_board_and_the_hands() {
        assert_eq!(Chess::START_MEN, 32);
        assert_eq!(Gothic::START_MEN, 40);
        // Shinobi: 16 black men, 14 white ones and 6 in White's hand.
        assert_eq!(Shinobi::START_MEN, 36);
        assert_eq!(Gethenian::START_MEN, 12);
    }

    #[test]
    fn only_gethenian_has_pieces_that_move_differently_left_and_right() {
        let symmetric = [
            Chess::LEFT_RIGHT_SYMMETRIC,
            Gothic::LEFT_RIGHT_SYMMETRIC,
            Shinobi::LEFT_RIGHT_SYMMETRIC,
            Coherent::LEFT_RIGHT_SYMMETRIC,
            Gethenian::LEFT_RIGHT_SYMMETRIC,
        ];
        assert_eq!(symmetric, [true, true, true, true, false]);
    }
}
