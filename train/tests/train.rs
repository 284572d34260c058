//! Trains tiny nets on 31 chess games (`tests/data/nnue/`) and checks that they learn,
//! that their net files evaluate as the float nets do, and that a resumed run repeats an
//! uninterrupted one.

use std::path::PathBuf;

use ekumen_movegen::variants::Chess;
use ekumen_movegen::{Color, Piece, Square};
use ekumen_nnue::features::{layout_hash, Inputs};
use ekumen_nnue::file::{Activation, NetFile, Quantization, Shape};
use ekumen_nnue::sample::samples;
use ekumen_train::data::{Dataset, Split, Targets};
use ekumen_train::import::parse_line;
use ekumen_train::net::{Factoriser, Net, Scratch};
use ekumen_train::optimizer::{Bounds, Schedule};
use ekumen_train::quantized;
use ekumen_train::trainer::{Config, Trainer};

const TARGETS: Targets = Targets { lambda: 0.75, scale: 400.0 };
const BUCKETS: u32 = 2;

fn sample_bytes() -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/nnue/chess-s80-31games.samples");
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn data() -> (Dataset, Split) {
    let mut data = Dataset::new();
    data.extend_from_bytes::<Chess>(&sample_bytes(), &TARGETS, BUCKETS as usize).unwrap();
    let split = data.split(0.1);
    (data, split)
}

fn config(activation: Activation) -> Config {
    factorised_config(activation, None)
}

fn factorised_config(activation: Activation, factoriser: Option<Factoriser>) -> Config {
    let quantization = Quantization::DEFAULT;
    Config {
        shape: Shape { inputs: Chess::INPUTS as u32, hidden: 16, buckets: BUCKETS, activation },
        quantization,
        batch: 256,
        schedule: Schedule { lr: 0.005, drops: vec![], gamma: 0.1 },
        weight_decay: 0.01,
        scale: TARGETS.scale,
        seed: 7,
        workers: 1,
        factoriser,
        bounds: Bounds::new(quantization, 32),
    }
}

#[test]
fn import_turns_scores_and_results_to_the_side_to_move() {
    let line = "r1b1kb1r/ppp1pppp/n2q4/6N1/3Pp3/5P2/PPP3PP/R1BQKB1R b KQkq - 0 7;91;1";
    let sample = parse_line::<Chess>(line).unwrap();
    assert_eq!(sample.side, Color::Black);
    assert_eq!(sample.score, -91);
    assert_eq!(sample.result, 2);
    assert_eq!(sample.ply, 13);
    assert_eq!(sample.men_count(), 29);
    let target = TARGETS.target(&sample);
    let expected = 0.75 / (1.0 + (91.0f32 / 400.0).exp());
    assert!((target - expected).abs() < 1e-6, "{target} {expected}");
}

#[test]
fn validation_holds_out_whole_games() {
    let (data, split) = data();
    assert_eq!(data.len(), 4064);
    assert_eq!(data.games(), 31);
    assert_eq!(data.most_inputs(), 32);
    assert_eq!(split.training.len() + split.validation.len(), data.len());
    // Games 9, 19 and 29 of 31 are held out: each a contiguous run of samples.
    let runs = split.validation.windows(2).filter(|w| w[1] != w[0] + 1).count() + 1;
    assert_eq!(runs, 3);
}

/// The training loss falls. (Validation loss does not on 28 games: they are too few to
/// generalize from, and the net learns them by heart; on the 992 games of the whole
/// chess file it falls by a third, docs/nnue.md ("Training").)
#[test]
fn losses_fall() {
    let (data, split) = data();
    for activation in [Activation::SquaredClippedRelu, Activation::ClippedRelu] {
        let mut trainer = Trainer::new(config(activation));
        let before = trainer.loss(&data, &split.training);
        let losses: Vec<f64> = (0..6).map(|_| trainer.epoch(&data, &split.training)).collect();
        let after = trainer.loss(&data, &split.training);
        assert!(losses.windows(2).all(|w| w[1] < w[0]), "{activation:?}: epoch losses {losses:?}");
        assert!(after < 0.5 * before, "{activation:?}: training loss {before} then {after}");
    }
}

/// The quantized net's score differs from the float net's by rounding, each weight by at
/// most half a step. Output weights dominate: their step is 1/QB = 1/64, so each of the
/// 2N = 32 terms is off by up to 0.008 times its activation, about 0.02 together as a
/// random walk, 8 centipawns at SCALE = 400; accumulator steps (1/255) and the integer
/// divisions add little. Hence a mean error under 3 cp and none above 16 cp; mixed-up
/// perspectives, buckets or scales give errors of tens of centipawns.
#[test]
fn net_files_evaluate_as_the_float_nets_do() {
    let (data, split) = data();
    let bytes = sample_bytes();
    let raw: Vec<_> = samples::<Chess>(&bytes).map(Result::unwrap).collect();
    for (activation, factoriser) in [
        (Activation::SquaredClippedRelu, None),
        (Activation::ClippedRelu, None),
        (Activation::SquaredClippedRelu, Some(Factoriser::of::<Chess>())),
    ] {
        let mut trainer = Trainer::new(factorised_config(activation, factoriser));
        for _ in 0..6 {
            trainer.epoch(&data, &split.training);
        }
        if factoriser.is_some() {
            let shared = &trainer.net.params[trainer.net.layout().factor_weights()];
            assert!(shared.iter().any(|&w| w.abs() > 0.01), "the shared rows learned nothing");
        }
        let file = trainer.net.quantize::<Chess>("test", 32).unwrap();
        let file =
            NetFile::from_bytes(&file.to_bytes(), "chess", Chess::INPUTS, layout_hash::<Chess>())
                .unwrap();
        let (mut total, mut worst, mut spread) = (0.0f64, 0.0f32, 0.0f32);
        for &i in &split.validation {
            let i = i as usize;
            let (us, them) = data.inputs(i);
            let float = trainer.net.evaluate(us, them, data.bucket(i));
            let integer = quantized::evaluate(&file, us, them, data.bucket(i));
            let sample = &raw[i];
            let from_position = quantized::evaluate_position::<Chess>(
                &file,
                sample.side,
                &sample.men,
                &sample.hands,
            );
            assert_eq!(integer, from_position, "sample {i}");
            let error = (integer as f32 - float).abs();
            total += error as f64;
            worst = worst.max(error);
            spread = spread.max(float.abs());
        }
        let mean = total / split.validation.len() as f64;
        eprintln!(
            "{activation:?}: mean error {mean:.2} cp, worst {worst:.1} cp, scores to ±{spread:.0}"
        );
        assert!(spread > 100.0, "{activation:?}: a net that learned nothing");
        assert!(mean < 3.0, "{activation:?}: mean error {mean} cp");
        assert!(worst < 16.0, "{activation:?}: worst error {worst} cp");
    }
}

fn quantize_error(trainer: &Trainer, most_inputs: usize) -> String {
    match trainer.net.quantize::<Chess>("test", most_inputs) {
        Ok(_) => panic!("quantized with {most_inputs} inputs"),
        Err(error) => error,
    }
}

#[test]
fn quantizing_fails_clearly_out_of_range() {
    let mut trainer = Trainer::new(config(Activation::ClippedRelu));
    trainer.net.params[0] = 200.0;
    let error = quantize_error(&trainer, 32);
    assert!(error.contains("accumulator weight 0"), "{error}");
    for input in 0..Chess::INPUTS {
        trainer.net.params[input * 16] = 1.98;
    }
    // 65 inputs at 505 add up to 32825.
    let error = quantize_error(&trainer, 65);
    assert!(error.contains("out of i16"), "{error}");
}

#[test]
fn a_resumed_run_repeats_an_uninterrupted_one() {
    let (data, split) = data();
    let config = config(Activation::SquaredClippedRelu);
    let mut straight = Trainer::new(config.clone());
    for _ in 0..4 {
        straight.epoch(&data, &split.training);
    }
    let dir = std::env::temp_dir().join(format!("ekumen-train-resume-{}", std::process::id()));
    let mut first = Trainer::new(config.clone());
    for _ in 0..2 {
        first.epoch(&data, &split.training);
    }
    first.save(&dir).unwrap();
    drop(first);
    let mut resumed = Trainer::resume(config, &dir).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(resumed.epochs_done, 2);
    for _ in 0..2 {
        resumed.epoch(&data, &split.training);
    }
    assert!(resumed == straight, "the resumed run differs");
}

#[test]
fn a_run_resumes_only_as_it_was_started() {
    let (data, split) = data();
    let config = config(Activation::SquaredClippedRelu);
    let dir = std::env::temp_dir().join(format!("ekumen-train-refuse-{}", std::process::id()));
    let mut first = Trainer::new(config.clone());
    first.epoch(&data, &split.training);
    first.save(&dir).unwrap();
    let factorised =
        factorised_config(Activation::SquaredClippedRelu, Some(Factoriser::of::<Chess>()));
    let error = Trainer::resume(factorised, &dir).unwrap_err();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(error.contains("with 0 shared rows"), "{error}");
}

/// A position and its mirror image with the colours swapped are the same position for the
/// side to move: the net scores them alike, to the centipawn.
#[test]
fn colour_flipped_positions_score_alike() {
    let (data, split) = data();
    let mut trainer = Trainer::new(config(Activation::SquaredClippedRelu));
    trainer.epoch(&data, &split.training);
    let file = trainer.net.quantize::<Chess>("test", 32).unwrap();
    let bytes = sample_bytes();
    for sample in samples::<Chess>(&bytes).map(Result::unwrap).step_by(7) {
        let flipped: Vec<_> = sample
            .men
            .iter()
            .map(|&(piece, sq)| {
                let sq = sq.index() as u8;
                let mirrored = Square::new((7 - sq / 8) * 8 + sq % 8);
                (Piece::new(!piece.color(), piece.kind()), mirrored)
            })
            .collect();
        let hands = [sample.hands[1], sample.hands[0]];
        assert_eq!(
            quantized::evaluate_position::<Chess>(&file, sample.side, &sample.men, &sample.hands),
            quantized::evaluate_position::<Chess>(&file, !sample.side, &flipped, &hands),
        );
    }
}

/// The backward pass agrees with finite differences of the loss, in every part of the net.
#[test]
fn gradients_match_finite_differences() {
    let (data, split) = data();
    let batch = &split.training[..64];
    for (activation, factoriser) in [
        (Activation::SquaredClippedRelu, None),
        (Activation::ClippedRelu, None),
        (Activation::SquaredClippedRelu, Some(Factoriser::of::<Chess>())),
    ] {
        let mut trainer = Trainer::new(factorised_config(activation, factoriser));
        trainer.epoch(&data, &split.training);
        let net = &mut trainer.net;
        let layout = net.layout();
        let mut grad = vec![0.0; layout.len()];
        let mut scratch = Scratch::new(layout.hidden);
        net.accumulate_gradient(&data, batch, batch.len(), 400.0, &mut scratch, &mut grad);
        let (us, _) = data.inputs(batch[0] as usize);
        let row = us[0] as usize * layout.hidden;
        let bucket = data.bucket(batch[0] as usize);
        let output = layout.output_weights().start + bucket * 2 * layout.hidden;
        let checked = (row..row + layout.hidden)
            .chain(layout.accumulator_biases())
            .chain(output..output + 2 * layout.hidden)
            .chain(
                layout.output_biases().start + bucket..layout.output_biases().start + bucket + 1,
            );
        let mut compared = 0;
        for i in checked {
            let loss = |net: &Net| net.loss_sum(&data, batch, 400.0) / batch.len() as f64;
            let original = net.params[i];
            // Small enough that few accumulators cross a kink of the activation.
            let h = 3e-4;
            net.params[i] = original + h;
            let up = loss(net);
            net.params[i] = original - h;
            let down = loss(net);
            net.params[i] = original;
            let numeric = (up - down) / (2.0 * h as f64);
            let analytic = grad[i] as f64;
            if numeric.abs().max(analytic.abs()) < 1e-5 {
                continue;
            }
            compared += 1;
            assert!(
                (numeric - analytic).abs() <= 0.05 * numeric.abs().max(analytic.abs()) + 2e-6,
                "{activation:?}: parameter {i}: {analytic} analytic, {numeric} numeric"
            );
        }
        assert!(compared > 20, "{activation:?}: only {compared} gradients compared");
        // A shared row moves the loss as all its squares' rows together would. (Finite
        // differences are too coarse for it: it feeds every man of its type at once, so a
        // step crosses the activation's kinks.)
        if let Some(factoriser) = factoriser {
            let n = layout.hidden;
            for f in 0..factoriser.rows() {
                for j in 0..n {
                    let squares: f32 = (f * factoriser.squares..(f + 1) * factoriser.squares)
                        .map(|input| grad[input * n + j])
                        .sum();
                    let shared = grad[layout.factor_weights().start + f * n + j];
                    assert!(
                        (squares - shared).abs() <= 1e-4 * shared.abs().max(1e-6),
                        "shared row {f}, column {j}: {shared} against its squares' {squares}"
                    );
                }
            }
        }
    }
}
