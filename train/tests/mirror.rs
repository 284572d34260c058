//! Left-right mirroring: it undoes itself, it lights the inputs of the position mirrored by
//! hand, validation never sees a mirror image, and gethenian is not mirrored.

use std::path::PathBuf;

use ekumen_movegen::variants::{Chess, Coherent, Gethenian, Gothic, Shinobi};
use ekumen_movegen::{Position, Variant};
use ekumen_nnue::features::Inputs;
use ekumen_nnue::sample::{samples, Sample};
use ekumen_train::data::{Dataset, Targets};
use ekumen_train::mirror::mirrored;

const TARGETS: Targets = Targets { lambda: 0.75, scale: 400.0 };

/// A FEN's board turned left to right: each rank's tokens (a man with its `+`, or a count
/// of empty squares) in reverse order. Castling and en passant are dropped: the mirror
/// breaks them, and they are no inputs.
fn mirror_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    let (board, hands) = match fields[0].find('[') {
        Some(at) => fields[0].split_at(at),
        None => (fields[0], ""),
    };
    let ranks: Vec<String> = board
        .split('/')
        .map(|rank| {
            let mut tokens: Vec<String> = Vec::new();
            let mut chars = rank.chars().peekable();
            while let Some(c) = chars.next() {
                let mut token = c.to_string();
                if c == '+' {
                    token.push(chars.next().expect("a man after +"));
                } else if c.is_ascii_digit() {
                    while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                        token.push(d);
                        chars.next();
                    }
                }
                tokens.push(token);
            }
            tokens.reverse();
            tokens.concat()
        })
        .collect();
    format!("{}{hands} {} - - {} {}", ranks.join("/"), fields[1], fields[4], fields[5])
}

fn sample_of<V: Inputs>(fen: &str) -> Sample {
    let pos = Position::<V>::from_fen(fen, false).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
    Sample::of(&pos, 123, 2, 40)
}

/// The inputs of a data set's sample `i`, each perspective's sorted.
fn sorted_inputs(data: &Dataset, i: usize) -> (Vec<u16>, Vec<u16>) {
    let (us, them) = data.inputs(i);
    let (mut us, mut them) = (us.to_vec(), them.to_vec());
    us.sort_unstable();
    them.sort_unstable();
    (us, them)
}

/// The mirror of `fen`'s sample is the sample of `fen` mirrored by hand, lights its
/// inputs, and mirrors back to the sample.
fn check_mirror<V: Inputs>(fen: &str) {
    let sample = sample_of::<V>(fen);
    let by_hand = sample_of::<V>(&mirror_fen(fen));
    let mirror = mirrored::<V>(&sample).expect("the variant mirrors");
    assert_eq!(mirror, by_hand, "{fen}");
    assert_ne!(mirror.men, sample.men, "{fen} is its own mirror image: a weak test");
    assert_eq!(mirrored::<V>(&mirror).as_ref(), Some(&sample), "{fen}");

    let mut both = Dataset::with_mirror(true);
    both.push::<V>(&sample, &TARGETS, 8);
    assert_eq!((both.len(), both.mirror_images()), (2, 1));
    let mut hand = Dataset::new();
    hand.push::<V>(&by_hand, &TARGETS, 8);
    assert_eq!(sorted_inputs(&both, 1), sorted_inputs(&hand, 0), "{fen}");
    assert_ne!(sorted_inputs(&both, 1), sorted_inputs(&both, 0), "{fen}");
    assert_eq!(both.target(1), both.target(0));
    assert_eq!(both.bucket(1), both.bucket(0));
}

#[test]
fn mirror_fen_reverses_ranks() {
    assert_eq!(mirror_fen("r3k2r/1+P6/10/8[Hm] b KQkq e3 0 12"), "r2k3r/6+P1/10/8[Hm] b - - 0 12");
}

#[test]
fn chess_mirrors() {
    check_mirror::<Chess>("r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQkq - 2 8");
    check_mirror::<Chess>("8/5k2/8/2p5/1P6/6K1/8/8 b - - 0 50");
}

#[test]
fn gothic_mirrors() {
    check_mirror::<Gothic>(
        "r1bqckab1r/pppp1ppppp/2n7/4p2n2/10/4P5/PPPP1PPPPP/RNBQCKABNR w KQkq - 0 3",
    );
}

#[test]
fn coherent_mirrors_about_its_middle_file() {
    check_mirror::<Coherent>(
        "1pnqkq1p1/2prbrp2/3pbpn2/4p4/9/4PB3/3P1P3/2PR1RP2/1PNQKQNP1 w - - 0 4",
    );
}

#[test]
fn shinobi_mirrors_with_hands_and_promoted_men() {
    check_mirror::<Shinobi>(
        "r1bqk2r/pp1p1+Lpp/2n2n2/2b1p3/4P3/2J5/PPPP1PPP/LH1CK3[HMMD] b kq - 0 9",
    );
    check_mirror::<Shinobi>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/LH1CK1HL[LHMMDJ] w kq - 0 1");
}

#[test]
fn gethenian_does_not_mirror() {
    const { assert!(!Gethenian::LEFT_RIGHT_SYMMETRIC) };
    let sample = sample_of::<Gethenian>(Gethenian::START_FEN);
    assert_eq!(mirrored::<Gethenian>(&sample), None);
    let mut data = Dataset::with_mirror(true);
    data.push::<Gethenian>(&sample, &TARGETS, 8);
    assert_eq!((data.len(), data.mirror_images()), (1, 0));
}

#[test]
fn validation_sees_no_mirror_image() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/nnue/chess-s80-31games.samples");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    for sample in samples::<Chess>(&bytes).step_by(17) {
        let sample = sample.unwrap();
        let mirror = mirrored::<Chess>(&sample).unwrap();
        assert_eq!(mirrored::<Chess>(&mirror), Some(sample));
    }

    let mut plain = Dataset::new();
    plain.extend_from_bytes::<Chess>(&bytes, &TARGETS, 2).unwrap();
    let mut both = Dataset::with_mirror(true);
    both.extend_from_bytes::<Chess>(&bytes, &TARGETS, 2).unwrap();
    assert_eq!(both.len(), 2 * plain.len());
    assert_eq!(both.mirror_images(), plain.len());
    assert_eq!(both.games(), plain.games());
    let (plain_split, both_split) = (plain.split(0.1), both.split(0.1));
    assert_eq!(both_split.training.len(), 2 * plain_split.training.len());
    assert_eq!(both_split.validation.len(), plain_split.validation.len());
    for (&p, &b) in plain_split.validation.iter().zip(&both_split.validation) {
        assert_eq!(both.inputs(b as usize), plain.inputs(p as usize));
        assert_eq!(both.target(b as usize), plain.target(p as usize));
    }
}
