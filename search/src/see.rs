//! Static exchange evaluation: does a move win at least `threshold` once every piece that
//! can capture on its square has taken its turn, least valuable first?
//!
//! It works for every piece of every variant because it asks the rules core the one
//! question that already covers them all: `attackers_to(square, occupancy, colour)`. After
//! each capture the attackers are recomputed with the capturer removed from the occupancy,
//! so pieces behind it (rooks behind rooks, a lance behind a lance, a compound's slide
//! behind a pawn, a coherent knight whose path the capturer was blocking) join the
//! exchange in their turn. Pieces that never capture (gethenian's dark king) are not
//! attackers, and a royal piece captures last and only when nothing defends the square.
//!
//! A drop starts an exchange with nothing captured. Where captured pieces go to the
//! capturer's hand (gethenian), a capture is worth the piece on the board plus the piece in
//! hand ([`ekumen_eval::exchange_value`]). A promotion's gain counts on the first move only
//! (the usual simplification).
//!
//! A man pinned to its royal piece by a slider takes part only along its pin line, and
//! only while one of the pinners stands: without this, a check by a piece that only a
//! pinned pawn attacks looked like a piece thrown away and was pruned, mate and all. A
//! man alone on some path of a coherent knight to its royal piece takes part only where,
//! after its capture, no enemy man left in the exchange attacks the royal piece: a knight
//! may have several paths there, so no line tells where the man may go, and the question
//! is asked of the position itself (one `attackers_to` per such man and capture). The
//! pins are found once per side, and only when that side has a capture to make.
//!
//! [`moved_man_holds`] asks a cheaper question of a move already played (is the man it
//! moved attacked and undefended?), with the same regard for pins.
//!
//! Cost: one `attackers_to` per colour per capture in the sequence, and one pin scan per
//! side that gets to capture; most calls stop after the first or second step.

use ekumen_eval::{exchange_value, Evaluate};
use ekumen_movegen::attacks::Bb;
use ekumen_movegen::{
    Bitboard, Color, Geometry, Move, MoveKind, PieceType, Position, Square, Variant,
};

/// The piece type a move leaves on its destination.
#[inline(always)]
pub fn landing_kind<V: Variant>(pos: &Position<V>, m: Move) -> Option<PieceType> {
    match m.kind() {
        MoveKind::Drop | MoveKind::Promotion => Some(m.piece()),
        MoveKind::Castle => None,
        kind => {
            let moving = pos.piece_on(m.from())?.kind();
            let def = &V::PIECES[moving.index()];
            Some(match kind {
                MoveKind::Promote => def.promotes_to.unwrap_or(moving),
                MoveKind::Demote => def.base,
                _ => moving,
            })
        }
    }
}

/// The value a move captures (0 for none).
#[inline(always)]
pub fn captured_value<V: Evaluate>(pos: &Position<V>, m: Move) -> i32 {
    match m.kind() {
        MoveKind::Drop | MoveKind::Castle => 0,
        MoveKind::EnPassant => {
            let moving = pos.piece_on(m.from()).map_or(PieceType(0), |p| p.kind());
            exchange_value::<V>(moving)
        }
        _ => pos.piece_on(m.to()).map_or(0, |p| exchange_value::<V>(p.kind())),
    }
}

/// What a promotion adds to the moving piece's value (0 for other moves, and for the
/// flips of gethenian, where both forms are worth the same).
#[inline(always)]
pub fn promotion_gain<V: Evaluate>(pos: &Position<V>, m: Move) -> i32 {
    match m.kind() {
        MoveKind::Promotion | MoveKind::Promote => {
            let Some(moving) = pos.piece_on(m.from()) else { return 0 };
            let Some(landing) = landing_kind(pos, m) else { return 0 };
            ekumen_eval::piece_value::<V>(landing) - ekumen_eval::piece_value::<V>(moving.kind())
        }
        _ => 0,
    }
}

/// What `m` wins at once: the man it takes and what its promotion adds, if anything.
#[inline(always)]
pub fn material_gain<V: Evaluate>(pos: &Position<V>, m: Move) -> i32 {
    captured_value(pos, m) + promotion_gain(pos, m).max(0)
}

/// Whether `m` wins at least `threshold` in the exchange it starts.
pub fn see_ge<V: Evaluate>(pos: &Position<V>, m: Move, threshold: i32) -> bool {
    let Some(landing) = landing_kind(pos, m) else { return threshold <= 0 };
    let to = m.to();
    let mut swap = material_gain(pos, m) - threshold;
    if swap < 0 {
        return false;
    }
    swap = exchange_value::<V>(landing) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = pos.occupied();
    if m.kind() != MoveKind::Drop {
        occupied.clear(m.from());
    }
    if m.kind() == MoveKind::EnPassant {
        let captured = V::Geo::square(V::Geo::file_of(to), V::Geo::rank_of(m.from()));
        occupied.clear(captured);
    }
    occupied.set(to);
    let mut stm = pos.side_to_move();
    let mut pins: [Option<Pins<V>>; 2] = [None, None];
    let mut result = true;
    loop {
        stm = !stm;
        let mut ours = pos.attackers_to(to, occupied, stm) & occupied & pos.pieces(stm);
        if ours.is_nonempty() {
            let pins = pins[stm.index()].get_or_insert_with(|| Pins::of(pos, stm));
            ours = pins.free_to_take(pos, ours, occupied, to);
        }
        if ours.is_empty() {
            break;
        }
        // The least valuable attacker.
        let mut best: Option<(i32, ekumen_movegen::Square, bool)> = None;
        for (i, def) in V::PIECES.iter().enumerate() {
            let of_kind = ours & pos.pieces_of_type(PieceType(i as u8));
            if of_kind.is_empty() {
                continue;
            }
            let value = exchange_value::<V>(PieceType(i as u8));
            if best.is_none_or(|(v, _, _)| value < v) {
                best = Some((value, of_kind.lsb(), def.royal));
            }
        }
        let Some((value, from, royal)) = best else { break };
        if royal {
            // The royal piece may capture only if the square is not defended.
            let defended =
                (pos.attackers_to(to, occupied, !stm) & occupied & pos.pieces(!stm)).is_nonempty();
            if !defended {
                result = !result;
            }
            break;
        }
        result = !result;
        swap = value - swap;
        if swap < i32::from(result) {
            break;
        }
        occupied.clear(from);
    }
    result
}

/// Whether the move just played does not simply lose the man it moved: no enemy man may
/// take it (a pinned one only along its pin line), or one of ours defends it. A cheap
/// stand-in for an exchange evaluation after the move, for checks deep in the tree.
#[inline]
pub fn moved_man_holds<V: Variant>(pos: &Position<V>) -> bool {
    let Some(m) = pos.last_move() else { return true };
    if m.kind() == MoveKind::Castle {
        return true;
    }
    let to = m.to();
    let occupied = pos.occupied();
    let them = pos.side_to_move();
    let takers = pos.attackers_to(to, occupied, them) & pos.pieces(them);
    if takers.is_empty() || Pins::of(pos, them).free_to_take(pos, takers, occupied, to).is_empty() {
        return true;
    }
    let defenders = pos.attackers_to(to, occupied, !them) & pos.pieces(!them);
    defenders.is_nonempty()
        && Pins::of(pos, !them).free_to_take(pos, defenders, occupied, to).is_nonempty()
}

/// The men of one side pinned to its royal piece by enemy sliders or coherent knights, and
/// the pinners.
struct Pins<V: Variant> {
    side: Color,
    king: Option<Square>,
    pinned: Bb<V>,
    pinners: Bb<V>,
    /// Men alone on some path of an enemy coherent knight to the king (empty in other
    /// variants).
    path_pinned: Bb<V>,
    path_pinners: Bb<V>,
}

impl<V: Variant> Pins<V> {
    fn of(pos: &Position<V>, side: Color) -> Self {
        let none = Bitboard::EMPTY;
        let king = pos.royal_square(side);
        let mut pins =
            Pins { side, king, pinned: none, pinners: none, path_pinned: none, path_pinners: none };
        let Some(king) = king else { return pins };
        let occupied = pos.occupied();
        let (blockers, pinners) = pos.slider_pins(king, occupied, !side);
        pins.pinned = blockers & pos.pieces(side);
        pins.pinners = pinners;
        if V::COHERENT_KNIGHTS {
            (pins.path_pinned, pins.path_pinners) = pos.knight_path_pins(king, occupied, !side);
        }
        pins
    }

    /// Which of `attackers` may take on `to`: a man pinned by a slider only along its pin
    /// line, unless every pinner has left `occupied`; a man pinned by a knight only where
    /// no enemy man left in `occupied` then attacks the king.
    #[inline]
    fn free_to_take(
        &self,
        pos: &Position<V>,
        attackers: Bb<V>,
        occupied: Bb<V>,
        to: Square,
    ) -> Bb<V> {
        let Some(king) = self.king else { return attackers };
        let mut free = attackers;
        let stuck = attackers & self.pinned;
        if stuck.is_nonempty() && (self.pinners & occupied).is_nonempty() {
            let sliders = V::Geo::sliders();
            for sq in stuck {
                if !sliders.line(king, sq).has(to) {
                    free.clear(sq);
                }
            }
        }
        let stuck = free & self.path_pinned;
        if stuck.is_nonempty() && (self.path_pinners & occupied).is_nonempty() {
            for sq in stuck {
                if pos.attacked_after_move(king, sq, to, occupied, !self.side) {
                    free.clear(sq);
                }
            }
        }
        free
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ekumen_movegen::variants::{Chess, Coherent, Gothic, Shinobi};

    fn see<V: Evaluate>(fen: &str, uci: &str, threshold: i32) -> bool {
        let pos = Position::<V>::from_fen(fen, false).expect("fen");
        let m = pos.parse_uci_move(uci).expect("move");
        see_ge(&pos, m, threshold)
    }

    #[test]
    fn chess_exchanges() {
        // Pawn takes a pawn defended by a pawn: even.
        let fen = "4k3/8/3p4/4p3/3P4/8/8/4K3 w - - 0 1";
        assert!(see::<Chess>(fen, "d4e5", 0));
        assert!(!see::<Chess>(fen, "d4e5", 1));
        // Queen takes a pawn defended by a pawn: loses the queen for a pawn.
        assert!(!see::<Chess>("4k3/8/3p4/4p3/8/8/4Q3/4K3 w - - 0 1", "e2e5", 0));
        // Rook takes a pawn defended by a rook, backed by a second rook behind it: wins it.
        assert!(see::<Chess>("4r1k1/8/8/4p3/8/8/4R3/4R1K1 w - - 0 1", "e2e5", 0));
        // ...and without the rook behind loses the exchange.
        assert!(!see::<Chess>("4r1k1/8/8/4p3/8/8/4R3/6K1 w - - 0 1", "e2e5", 0));
        // A quiet move onto a square a pawn guards loses the piece; elsewhere it is safe.
        let fen = "4k3/8/8/8/3p4/8/8/2B1K3 w - - 0 1";
        assert!(!see::<Chess>(fen, "c1e3", 0));
        assert!(see::<Chess>(fen, "c1d2", 0));
        // The king may not recapture a defended piece.
        assert!(see::<Chess>("4k3/8/8/8/8/8/3r4/3RK3 w - - 0 1", "d1d2", 0));
        // Rook takes a queen, a rook takes back, the king takes last: a queen won.
        assert!(see::<Chess>("4k3/3r4/8/8/8/8/3q4/3RK3 w - - 0 1", "d1d2", 900));
    }

    #[test]
    fn compounds_attack_and_defend() {
        // Gothic: an archbishop taking a knight that a pawn defends loses.
        let fen = "5k4/10/10/4p5/3n6/10/10/A4K4 w - - 0 1";
        assert!(!see::<Gothic>(fen, "a1d4", 0));
        // Undefended, the knight is simply won; a chancellor's knight leap defends it.
        let fen = "5k4/10/10/10/3n6/10/10/A4K4 w - - 0 1";
        assert!(see::<Gothic>(fen, "a1d4", 0));
        let fen = "5k4/10/2c7/10/3n6/10/10/A4K4 w - - 0 1";
        assert!(!see::<Gothic>(fen, "a1d4", 1));
    }

    #[test]
    fn pinned_men_take_only_along_their_pin_line() {
        // The pawn that guards the knight is pinned to its king by the rook: the queen wins
        // the knight; without the rook, it loses itself for it.
        assert!(see::<Chess>("4k3/8/4p3/3n4/8/8/Q7/4R1K1 w - - 0 1", "a2d5", 0));
        assert!(!see::<Chess>("4k3/8/4p3/3n4/8/8/Q7/6K1 w - - 0 1", "a2d5", 0));
        // A pinned rook still takes along its file: the queen stepping onto it is lost for
        // the rook.
        assert!(!see::<Chess>("4k3/8/4r3/8/8/8/8/Q3R1K1 w - - 0 1", "a1e5", 0));
        // The pinner itself moving off the line frees the pinned bishop to take it.
        assert!(!see::<Chess>("4k3/8/4b3/8/6n1/8/4Q3/6K1 w - - 0 1", "e2g4", 0));
        // Gothic: the archbishop's mating check, attacked only by a pawn the chancellor
        // pins, is no piece thrown away.
        let fen = "rn1qcka2r/1p2pp2p1/p1pp6/4P1p1bp/3P4n1/5C2P1/PPPN1PP1AP/R1BQ1K3R w KQkq - 0 14";
        assert!(see::<Gothic>(fen, "i2e6", 0));
    }

    #[test]
    fn a_check_attacked_only_by_a_pinned_man_holds() {
        let after = |fen: &str, uci: &str| {
            let mut pos = Position::<Chess>::from_fen(fen, false).expect("fen");
            let m = pos.parse_uci_move(uci).expect("move");
            pos.make_move(m);
            moved_man_holds(&pos)
        };
        // The knight's check is attacked by the e-pawn, which the rook pins to its king.
        assert!(after("4k3/4p3/8/8/6N1/8/8/4R1K1 w - - 0 1", "g4f6"));
        // Without the rook the pawn takes it, and nothing takes back.
        assert!(!after("4k3/4p3/8/8/6N1/8/8/6K1 w - - 0 1", "g4f6"));
        // The bishop that would take back is pinned to its king by the rook on the h-file;
        // unpinned, it defends the knight.
        assert!(!after("4k2r/4p3/8/8/6NB/8/8/7K w - - 0 1", "g4f6"));
        assert!(after("4k3/4p3/8/8/6NB/8/8/7K w - - 0 1", "g4f6"));
    }

    #[test]
    fn a_man_alone_on_a_coherent_knights_path_to_its_king_stays_there() {
        // The knight on a1 reaches c5 by a2-a3-b4 or b2-c3-c4; Black's own pawn closes the
        // second path, White's b4 pawn alone the first. So the pawn may not take back on
        // a5: the rook wins the bishop. With the knight on i1 the pawn takes the rook.
        let pinned = "r7k/9/9/9/B1K6/1P7/2p6/9/n8 b - - 0 1";
        let free = "r7k/9/9/9/B1K6/1P7/2p6/9/8n b - - 0 1";
        let after = |fen: &str| {
            let mut pos = Position::<Coherent>::from_fen(fen, false).expect("fen");
            pos.make_move(pos.parse_uci_move("a9a5").expect("move"));
            pos
        };
        assert!(after(pinned).parse_uci_move("b4a5").is_err());
        assert!(after(free).parse_uci_move("b4a5").is_ok());
        assert!(see::<Coherent>(pinned, "a9a5", 1));
        assert!(!see::<Coherent>(free, "a9a5", 0));
        assert!(moved_man_holds(&after(pinned)));
        assert!(!moved_man_holds(&after(free)));
        // The pawn may still take along the path, which it keeps closed: a rook on a3 is
        // lost for the pawn.
        let along = "r7k/9/9/9/2K6/1P7/2p6/9/n8 b - - 0 1";
        let mut pos = Position::<Coherent>::from_fen(along, false).expect("fen");
        pos.make_move(pos.parse_uci_move("a9a3").expect("move"));
        assert!(pos.parse_uci_move("b4a3").is_ok());
        assert!(!see::<Coherent>(along, "a9a3", 0));
    }

    #[test]
    fn drops_start_an_exchange_with_nothing_taken() {
        // Shinobi: dropping the dragon where a pawn takes it loses the dragon.
        let fen = "4k3/8/8/8/3p4/8/8/4K3[D] w - - 0 1";
        assert!(!see::<Shinobi>(fen, "D@e3", 0));
        assert!(see::<Shinobi>(fen, "D@a3", 0));
    }
}
