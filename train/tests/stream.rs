//! Training streamed from the data store (`tests/data/store`, two small chunks each of
//! chess and gethenian): every quiet position is read once, either for training or for
//! validation; an epoch trains on every training sample and its mirror image; the buffer
//! never holds more than asked, however large the store; a resumed run repeats an
//! uninterrupted one; the threads replaying the chunks change nothing trained; and a
//! damaged chunk stops the run.

use std::fs;
use std::path::{Path, PathBuf};

use ekumen_movegen::variants::{Chess, Gethenian};
use ekumen_nnue::features::Inputs;
use ekumen_nnue::file::{Activation, Quantization, Shape};
use ekumen_records::manifest;
use ekumen_train::data::{Dataset, Targets};
use ekumen_train::optimizer::{Bounds, Schedule};
use ekumen_train::stream::{StoreSource, StreamConfig};
use ekumen_train::trainer::{Config, Trainer};

/// A variant's folder of the committed sample store.
fn store(variant: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/store").join(variant)
}

/// The quiet positions the manifest of `dir` lists.
fn listed_quiet(dir: &Path) -> u64 {
    manifest::read(dir).expect("a manifest").iter().map(|e| e.quiet).sum()
}

fn stream_config(mirror: bool, buffer: usize, validation_every: u32) -> StreamConfig {
    StreamConfig {
        targets: Targets { lambda: 0.75, scale: 400.0 },
        buckets: 1,
        mirror,
        buffer,
        validation_every,
        validation_cap: 1_000_000,
        skipped: ekumen_records::SKIPPED_SEARCHES,
    }
}

fn trainer<V: Inputs>() -> Trainer {
    let quantization = Quantization::DEFAULT;
    Trainer::new(Config {
        shape: Shape {
            inputs: V::INPUTS as u32,
            hidden: 16,
            buckets: 1,
            activation: Activation::SquaredClippedRelu,
        },
        quantization,
        factoriser: None,
        batch: 64,
        schedule: Schedule { lr: 0.005, drops: vec![], gamma: 0.1 },
        weight_decay: 0.01,
        scale: 400.0,
        seed: 5,
        workers: 1,
        bounds: Bounds::new(quantization, 64),
    })
}

#[test]
fn every_quiet_position_is_read_once_for_training_or_validation() {
    let dir = store("chess");
    let source = StoreSource::open(std::slice::from_ref(&dir), None).expect("the store");
    let quiet = listed_quiet(&dir);
    let all = source.survey::<Chess>(&stream_config(true, 100, 0), |_, _| {}).expect("a survey");
    assert_eq!(all.training_positions, quiet);
    assert!(all.validation.is_empty());
    assert_eq!(all.games, 9);
    assert!(all.most_men <= 32 && all.most_men > 2, "{}", all.most_men);

    let split = source.survey::<Chess>(&stream_config(true, 100, 3), |_, _| {}).expect("a survey");
    assert!(split.training_positions > 0 && !split.validation.is_empty());
    assert_eq!(split.training_positions + split.validation.len() as u64, quiet);
    assert_eq!(split.validation.mirror_images(), 0, "validation holds no mirror image");

    // Fewer positions skipped at each game's start: more samples, never fewer.
    let mut counts = Vec::new();
    for skipped in [ekumen_records::SKIPPED_SEARCHES, 4, 0] {
        let config = StreamConfig { skipped, ..stream_config(true, 100, 0) };
        let survey = source.survey::<Chess>(&config, |_, _| {}).expect("a survey");
        counts.push(survey.training_positions);
    }
    assert!(counts[0] < counts[1] && counts[1] < counts[2], "{counts:?}");
}

#[test]
fn an_epoch_trains_on_every_training_sample_and_its_mirror_image() {
    for (variant, mirror) in [("chess", true), ("gethenian", false)] {
        let dir = store(variant);
        let source = StoreSource::open(std::slice::from_ref(&dir), None).expect("the store");
        let config = stream_config(mirror, 150, 4);
        let mut buffer = Dataset::with_mirror(mirror);
        let (survey, counts) = if mirror {
            let survey = source.survey::<Chess>(&config, |_, _| {}).expect("a survey");
            let mut trainer = trainer::<Chess>();
            (survey, source.epoch::<Chess>(&mut trainer, &config, &mut buffer, |_, _| {}))
        } else {
            let survey = source.survey::<Gethenian>(&config, |_, _| {}).expect("a survey");
            let mut trainer = trainer::<Gethenian>();
            (survey, source.epoch::<Gethenian>(&mut trainer, &config, &mut buffer, |_, _| {}))
        };
        let (loss, counts) = counts.expect("an epoch");
        let copies = if mirror { 2 } else { 1 };
        assert_eq!(counts.samples, copies * survey.training_positions, "{variant}");
        assert_eq!(counts.games, survey.games, "{variant}");
        assert!(loss.is_finite() && loss > 0.0, "{variant}: {loss}");
        assert!(counts.largest_buffer >= 150 && counts.largest_buffer <= 151, "{counts:?}");
    }
}

/// A copy of the chess store with its chunks listed `times` times over, under new names.
fn repeated_store(times: usize) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("ekumen-train-stream-{}", std::process::id()))
        .join(format!("x{times}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a scratch folder");
    let source = store("chess");
    let mut number = 0;
    for _ in 0..times {
        for mut entry in manifest::read(&source).expect("a manifest") {
            number += 1;
            let name = format!("chess-{number:05}.ekg");
            fs::copy(source.join(&entry.chunk), dir.join(&name)).expect("a copy");
            entry.chunk = name;
            manifest::append(&dir, &entry).expect("a manifest line");
        }
    }
    dir
}

#[test]
fn the_buffer_holds_no_more_however_large_the_store() {
    let config = stream_config(true, 200, 0);
    let mut largest = Vec::new();
    for times in [1, 8] {
        let dir = repeated_store(times);
        let source = StoreSource::open(std::slice::from_ref(&dir), None).expect("the store");
        assert_eq!(source.chunks(), 2 * times);
        let mut buffer = Dataset::with_mirror(true);
        let (_, counts) = source
            .epoch::<Chess>(&mut trainer::<Chess>(), &config, &mut buffer, |_, _| {})
            .expect("an epoch");
        assert_eq!(counts.samples, 2 * listed_quiet(&store("chess")) * times as u64);
        largest.push((counts.largest_buffer, buffer.heap_bytes()));
    }
    assert!(largest.iter().all(|&(n, _)| (200..=201).contains(&n)), "{largest:?}");
    // The buffer's arrays grow no larger for a store eight times the size.
    assert!(largest[1].1 <= largest[0].1 * 11 / 10, "{largest:?}");
}

#[test]
fn the_threads_replaying_change_nothing_trained() {
    let dir = repeated_store(3);
    let source = StoreSource::open(std::slice::from_ref(&dir), None).expect("the store");
    let config = stream_config(true, 300, 4);
    let runs: Vec<(Dataset, Trainer)> = [1, 4]
        .into_iter()
        .map(|threads| {
            let pool =
                rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a pool");
            pool.install(|| {
                let survey = source.survey::<Chess>(&config, |_, _| {}).expect("a survey");
                let mut trainer = trainer::<Chess>();
                let mut buffer = Dataset::with_mirror(true);
                for _ in 0..2 {
                    source
                        .epoch::<Chess>(&mut trainer, &config, &mut buffer, |_, _| {})
                        .expect("an epoch");
                }
                (survey.validation, trainer)
            })
        })
        .collect();
    let (one, four) = (&runs[0], &runs[1]);
    assert!(!one.0.is_empty() && one.0.len() == four.0.len());
    for i in 0..one.0.len() {
        assert_eq!(one.0.inputs(i), four.0.inputs(i), "validation sample {i}");
        assert_eq!(one.0.target(i), four.0.target(i), "validation sample {i}");
    }
    assert!(one.1 == four.1, "the nets differ");
}

#[test]
fn newest_chunks_limit_what_is_read() {
    let dir = store("chess");
    let newest = StoreSource::open(std::slice::from_ref(&dir), Some(1)).expect("the store");
    assert_eq!(newest.chunks(), 1);
    let last = manifest::read(&dir).expect("a manifest").pop().expect("a chunk");
    assert_eq!(newest.listed(), (last.games, last.positions));
}

#[test]
fn a_resumed_streamed_run_repeats_an_uninterrupted_one() {
    let dir = store("chess");
    let source = StoreSource::open(std::slice::from_ref(&dir), None).expect("the store");
    let config = stream_config(true, 250, 5);
    let mut buffer = Dataset::with_mirror(true);
    let mut straight = trainer::<Chess>();
    for _ in 0..3 {
        source.epoch::<Chess>(&mut straight, &config, &mut buffer, |_, _| {}).expect("an epoch");
    }
    let checkpoint =
        std::env::temp_dir().join(format!("ekumen-train-stream-resume-{}", std::process::id()));
    let mut first = trainer::<Chess>();
    source.epoch::<Chess>(&mut first, &config, &mut buffer, |_, _| {}).expect("an epoch");
    first.save(&checkpoint).expect("a checkpoint");
    let mut resumed = Trainer::resume(first.config.clone(), &checkpoint).expect("resumed");
    fs::remove_dir_all(&checkpoint).expect("cleaned");
    for _ in 0..2 {
        source.epoch::<Chess>(&mut resumed, &config, &mut buffer, |_, _| {}).expect("an epoch");
    }
    assert_eq!(resumed.epochs_done, 3);
    assert!(resumed == straight, "the resumed run differs");
}

#[test]
fn a_damaged_chunk_stops_the_run() {
    let dir = repeated_store(1);
    let name = manifest::read(&dir).expect("a manifest")[1].chunk.clone();
    let mut bytes = fs::read(dir.join(&name)).expect("the chunk");
    bytes[30] ^= 1;
    fs::write(dir.join(&name), &bytes).expect("write");
    let source = StoreSource::open(std::slice::from_ref(&dir), None).expect("the store");
    let error = source
        .survey::<Chess>(&stream_config(true, 100, 0), |_, _| {})
        .expect_err("a damaged chunk");
    assert!(error.contains(&name) && error.contains("SHA-256"), "{error}");
    let empty = std::env::temp_dir().join(format!("ekumen-no-store-{}", std::process::id()));
    let error = StoreSource::open(&[empty], None).expect_err("no chunk");
    assert!(error.contains("no chunk listed"), "{error}");
}

#[test]
fn converted_samples_read_back_as_the_sample_file_gives_them() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/nnue/chess-s80-31games.samples");
    let bytes = fs::read(&file).expect("the sample file");
    let root = std::env::temp_dir().join(format!("ekumen-train-convert-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    let dir = root.join("chess");
    let converted = ekumen_train::convert::convert::<Chess>(&bytes, &dir, "samples:test", 1_000)
        .expect("converted");
    let totals = ekumen_records::store::check(&dir, ekumen_movegen::VariantId::Chess)
        .expect("a sound store");
    assert_eq!(totals.positions, converted.samples);
    assert_eq!(totals.chunks, converted.chunks);
    assert_eq!(converted.chunks, converted.samples.div_ceil(1_000));

    // Every game held out: the validation set is every sample, in the file's order.
    let config = StreamConfig { validation_every: 1, ..stream_config(false, 100, 1) };
    let source = StoreSource::open(std::slice::from_ref(&dir), None).expect("the store");
    let read = source.survey::<Chess>(&config, |_, _| {}).expect("a survey").validation;
    let mut direct = Dataset::new();
    direct.extend_from_bytes::<Chess>(&bytes, &config.targets, 1).expect("the samples");
    assert_eq!(read.len(), direct.len());
    for i in 0..direct.len() {
        assert_eq!(read.inputs(i), direct.inputs(i), "sample {i}");
        assert_eq!(read.target(i), direct.target(i), "sample {i}");
    }
    fs::remove_dir_all(&root).expect("cleaned");
}
