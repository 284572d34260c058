//! `Network::evaluate` computes the net file's formula exactly: against a plain scalar
//! reference, for both activations, every bucket, narrow and wide output layers, with and
//! without AVX2, on the sums of random positions and on arbitrary sums.

mod common;

use ekumen_movegen::variants::{Chess, Coherent, Gethenian, Gothic, Shinobi};
use ekumen_movegen::Rng;
use ekumen_nnue::features::Inputs;
use ekumen_nnue::file::{Activation, NetFile};
use ekumen_nnue::kernels::{Isa, Lanes, LANES};
use ekumen_nnue::random_net::{random_net, Weights};
use ekumen_nnue::{Accumulator, Network};

const BUCKETS: u32 = 8;

fn nets<V: Inputs>(rng: &mut Rng, hidden: u32) -> Vec<(NetFile, Network<V>)> {
    let mut files = Vec::new();
    for activation in [Activation::ClippedRelu, Activation::SquaredClippedRelu] {
        for weights in [Weights::Trained, Weights::Full] {
            files.push(random_net::<V>(rng, hidden, BUCKETS, activation, weights));
        }
    }
    // Scales far from the usual ones: activations up to 20000 and a wide output layer.
    let mut file = random_net::<V>(rng, hidden, BUCKETS, Activation::ClippedRelu, Weights::Full);
    file.quantization.qa = 20_000;
    file.quantization.qb = 1_000;
    files.push(file);
    let mut nets = Vec::new();
    for file in files {
        let net = Network::<V>::from_file(&file).expect("a good net");
        let wide = file.quantization.qa > 255
            || (file.shape.activation == Activation::SquaredClippedRelu
                && file.output_weights.iter().any(|w| w.unsigned_abs() > 128));
        assert_eq!(net.is_narrow(), !wide, "{:?}", file.shape);
        for isa in Isa::ALL.into_iter().filter(|isa| isa.available()) {
            nets.push((file.clone(), net.clone().with_isa(isa)));
        }
    }
    nets
}

fn blocks(values: &[i16]) -> Vec<Lanes> {
    values.chunks_exact(LANES).map(|c| Lanes(c.try_into().unwrap())).collect()
}

fn check_variant<V: Inputs>(hidden: u32) {
    let mut rng = Rng::new(0xe7a1 + hidden as u64);
    for (file, net) in nets::<V>(&mut rng, hidden) {
        let mut acc = Accumulator::new(&net);
        for _ in 0..20 {
            let plies = rng.below(150);
            let pos = common::random_position::<V>(&mut rng, plies);
            acc.refresh(&net, &pos);
            let us = pos.side_to_move();
            for bucket in 0..BUCKETS as usize {
                assert_eq!(
                    net.evaluate(acc.perspective(us), acc.perspective(!us), bucket),
                    common::reference_score(&file, acc.sums(us), acc.sums(!us), bucket),
                    "{:?} bucket {bucket}",
                    file.shape
                );
            }
            let bucket = net.bucket(&pos);
            assert_eq!(bucket, V::output_bucket(common::men(&pos), BUCKETS as usize));
            assert_eq!(
                net.evaluate(acc.perspective(us), acc.perspective(!us), bucket),
                common::reference_evaluate(&file, &pos)
            );
            assert_eq!(net.evaluate_position(&pos), common::reference_evaluate(&file, &pos));
        }
        // Sums anywhere in the i16 range, most of them clipped at 0 or QA.
        for _ in 0..20 {
            let sums: Vec<i16> =
                (0..2 * hidden).map(|_| rng.next_u64() as i16 >> rng.below(9)).collect();
            let (us, them) = sums.split_at(hidden as usize);
            for bucket in 0..BUCKETS as usize {
                assert_eq!(
                    net.evaluate(&blocks(us), &blocks(them), bucket),
                    common::reference_score(&file, us, them, bucket)
                );
            }
        }
    }
}

#[test]
fn chess() {
    check_variant::<Chess>(32);
    check_variant::<Chess>(256);
}

#[test]
fn gothic() {
    check_variant::<Gothic>(48);
}

#[test]
fn shinobi() {
    check_variant::<Shinobi>(32);
}

#[test]
fn gethenian() {
    check_variant::<Gethenian>(32);
}

#[test]
fn coherent() {
    check_variant::<Coherent>(16);
}

/// The narrow output layer at the edge of its range: every squared activation at QA and
/// every output weight ±128.
#[test]
fn the_narrow_form_is_exact_at_its_bounds() {
    let mut rng = Rng::new(3);
    let mut file =
        random_net::<Chess>(&mut rng, 64, 1, Activation::SquaredClippedRelu, Weights::Trained);
    for sign in [1i16, -1] {
        file.output_weights.iter_mut().for_each(|w| *w = 128 * sign);
        file.output_biases[0] = i32::MAX / 2 * sign as i32;
        let net = Network::<Chess>::from_file(&file).unwrap();
        assert!(net.is_narrow());
        let top = vec![i16::MAX; 64];
        assert_eq!(
            net.evaluate(&blocks(&top), &blocks(&top), 0),
            common::reference_score(&file, &top, &top, 0)
        );
    }
    file.output_weights[5] = 129;
    assert!(!Network::<Chess>::from_file(&file).unwrap().is_narrow());
}
