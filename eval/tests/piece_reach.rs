//! The measurement behind the estimated piece values of shinobi and coherent chess: how
//! many squares each piece type reaches (empty or enemy-occupied) on average, placed on
//! every square of boards filled at random to a middle-game density, next to the value
//! the evaluation gives it. Chess's pieces, whose
//! values are known, calibrate the scale. Run with
//! `cargo test --release -p ekumen-eval --test piece_reach -- --ignored --nocapture`.

use ekumen_eval::{piece_value, Evaluate};
use ekumen_movegen::variants::{Chess, Coherent, Gothic, Shinobi};
use ekumen_movegen::{Bitboard, Color, Geometry, PieceType, Rng, Square};

/// Average reach (empty or enemy squares) of each piece type over every square of boards
/// filled at random to `density`, half with own pieces; both colours.
fn measure<V: Evaluate>(density: f64) {
    let mut rng = Rng::new(12345);
    let squares = <V::Geo as Geometry>::SQUARES;
    println!("{} (density {density})", V::NAME);
    for (i, def) in V::PIECES.iter().enumerate() {
        let kind = PieceType(i as u8);
        let mut total = 0u64;
        let mut samples = 0u64;
        for _ in 0..200 {
            let mut occupied = Bitboard::EMPTY;
            let mut own = Bitboard::EMPTY;
            for s in 0..squares {
                if (rng.below(1000) as f64) < density * 1000.0 {
                    occupied.set(Square::new(s as u8));
                    if rng.below(2) == 0 {
                        own.set(Square::new(s as u8));
                    }
                }
            }
            for color in Color::BOTH {
                for s in 0..squares {
                    let sq = Square::new(s as u8);
                    let attacks =
                        V::tables().attacks(color, kind, sq, occupied | Bitboard::from_square(sq));
                    total += u64::from((attacks & !own).count());
                    samples += 1;
                }
            }
        }
        println!(
            "  {:<14} reach {:>5.2}  value {:>5}",
            def.name,
            total as f64 / samples as f64,
            piece_value::<V>(kind)
        );
    }
}

#[test]
#[ignore]
fn average_reach_of_every_piece() {
    measure::<Chess>(0.4);
    measure::<Gothic>(0.4);
    measure::<Shinobi>(0.4);
    measure::<Coherent>(0.4);
}
