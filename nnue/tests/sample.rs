//! Training samples: what `Sample::of` takes from a position comes back unchanged through
//! the file format, and a partial sample at a file's end is ignored.

mod common;

use ekumen_movegen::variants::{Chess, Coherent, Gethenian, Gothic, Shinobi};
use ekumen_movegen::{Color, PieceType, Rng};
use ekumen_nnue::features::Inputs;
use ekumen_nnue::sample::{complete_length, header, samples, Sample};

fn round_trip<V: Inputs>() {
    let mut rng = Rng::new(0x5a3 + V::NAME.len() as u64);
    let mut file = header::<V>();
    let mut written = Vec::new();
    for _ in 0..100 {
        let plies = rng.below(200);
        let pos = common::random_position::<V>(&mut rng, plies);
        let score = rng.next_u64() as i16;
        let (result, ply) = (rng.below(3) as u8, pos.game_ply() as u16);
        let sample = Sample::of(&pos, score, result, ply);
        assert_eq!(sample.men_count(), common::men(&pos));
        assert_eq!(sample.side, pos.side_to_move());
        for (piece, sq) in &sample.men {
            assert_eq!(pos.piece_on(*sq), Some(*piece));
        }
        assert_eq!(sample.men.len(), pos.occupied().count() as usize);
        for color in Color::BOTH {
            for kind in 0..V::PIECES.len() {
                let count = pos.hand_count(color, PieceType(kind as u8));
                assert_eq!(sample.hands[color.index()][kind], if V::DROPS { count } else { 0 });
            }
        }
        sample.encode::<V>(&mut file);
        written.push(sample);
    }
    let read: Vec<Sample> = samples::<V>(&file).collect::<Result<_, _>>().expect("whole samples");
    assert_eq!(read, written);
    assert_eq!(complete_length::<V>(&file), Ok(file.len()));

    // Every cut into one more sample leaves the whole ones.
    let mut extra = Vec::new();
    written[0].encode::<V>(&mut extra);
    for cut in 1..extra.len() {
        let mut cut_file = file.clone();
        cut_file.extend_from_slice(&extra[..cut]);
        assert_eq!(complete_length::<V>(&cut_file), Ok(file.len()), "cut at {cut}");
        let read: Vec<Sample> =
            samples::<V>(&cut_file).collect::<Result<_, _>>().expect("whole samples");
        assert_eq!(read.len(), written.len());
    }
}

#[test]
fn chess() {
    round_trip::<Chess>();
}

#[test]
fn gothic() {
    round_trip::<Gothic>();
}

#[test]
fn shinobi() {
    round_trip::<Shinobi>();
}

#[test]
fn gethenian() {
    round_trip::<Gethenian>();
}

#[test]
fn coherent() {
    round_trip::<Coherent>();
}
