//! `ekumen-train`: trains a net from sample files and writes it as a net file.
//!
//! ```text
//! ekumen-train --variant chess --store data/chess --out chess.nnue [options]
//! ekumen-train --variant chess --data a.samples,b.samples --out chess.nnue [options]
//! ekumen-train import --variant chess --text scored.txt[.xz] --out scored.samples
//! ekumen-train convert --variant chess --data a.samples --store data
//! ekumen-train eval --variant chess --net chess.nnue [FEN...]
//! ```
//!
//! Training prints one line per epoch on stderr (losses, speed, time), writes the
//! quantized net to `--out` after every epoch, and with `--checkpoint DIR` saves the run
//! there too, so that `--resume` continues it after a kill. docs/nnue.md ("Training") tells
//! more.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand, ValueEnum};
use ekumen_movegen::{for_variant, Position, VariantId};
use ekumen_nnue::features::{layout_hash, Inputs};
use ekumen_nnue::file::{Activation, NetFile, Quantization, Shape};
use ekumen_nnue::sample::Sample;
use ekumen_train::data::{Dataset, Split, Targets};
use ekumen_train::import::import_text;
use ekumen_train::net::Factoriser;
use ekumen_train::optimizer::{Bounds, Schedule};
use ekumen_train::quantized;
use ekumen_train::stream::{StoreSource, StreamConfig};
use ekumen_train::trainer::{Config, Trainer};
use log::{error, info, warn};

#[derive(Parser, Debug)]
#[command(name = "ekumen-train", about = "Trains Ekumen's network evaluation")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Trains a net (the default: `ekumen-train --variant ...` is `ekumen-train train ...`).
    Train(Box<TrainArgs>),
    /// Turns `fen;score;result` lines (scores and results from White's side) into samples.
    Import(ImportArgs),
    /// Appends sample files to the data store as one-position records.
    Convert(ConvertArgs),
    /// Prints a net file's score of positions, for the side to move, in centipawns: the
    /// reference an engine's evaluation of the same net must give.
    Eval(EvalArgs),
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ActivationArg {
    Screlu,
    Crelu,
}

#[derive(Args, Debug)]
struct TrainArgs {
    #[arg(long)]
    variant: String,
    /// Sample files, separated by commas, loaded whole into memory.
    #[arg(
        long,
        value_delimiter = ',',
        required_unless_present = "store",
        conflicts_with = "store"
    )]
    data: Vec<PathBuf>,
    /// Variant folders of the data store (data/VARIANT), separated by commas: their games'
    /// quiet positions, streamed through a bounded buffer (docs/nnue.md, "Training").
    #[arg(long, value_delimiter = ',')]
    store: Vec<PathBuf>,
    /// With --store: only the newest this many chunks of each folder.
    #[arg(long, requires = "store")]
    newest_chunks: Option<usize>,
    /// With --store: samples (mirror images included) shuffled and trained on at once.
    #[arg(long, default_value_t = 2_000_000, requires = "store")]
    buffer: usize,
    /// With --store: the most validation samples kept.
    #[arg(long, default_value_t = 500_000, requires = "store")]
    validation_cap: usize,
    /// With --store: searched positions at the start of each game that give no sample
    /// (the manifests' quiet counts assume the default).
    #[arg(long, default_value_t = ekumen_records::SKIPPED_SEARCHES, requires = "store")]
    skip_searched: usize,
    /// The net file to write (after every epoch).
    #[arg(long)]
    out: PathBuf,
    /// Accumulator width per perspective (a multiple of 16).
    #[arg(long, default_value_t = 128)]
    hidden: u32,
    /// Output buckets by the number of men.
    #[arg(long, default_value_t = 1)]
    buckets: u32,
    #[arg(long, value_enum, default_value_t = ActivationArg::Screlu)]
    activation: ActivationArg,
    #[arg(long, default_value_t = 20)]
    epochs: usize,
    #[arg(long, default_value_t = 1024)]
    batch: usize,
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// Epochs (from 1) at whose start the learning rate is multiplied by --lr-gamma;
    /// by default one drop at 3/4 of the epochs.
    #[arg(long, value_delimiter = ',')]
    lr_drop: Option<Vec<usize>>,
    #[arg(long, default_value_t = 0.1)]
    lr_gamma: f32,
    /// Decoupled weight decay (AdamW) of the weights.
    #[arg(long, default_value_t = 0.5)]
    wd: f32,
    /// The weight of the score in the target; the game's result gets 1 - lambda. The
    /// default, the score alone, suits data of a few thousand games, whose results a net
    /// learns game by game (docs/nnue.md, "Lambda").
    #[arg(long, default_value_t = 1.0)]
    lambda: f32,
    /// Centipawns to win probability: sigmoid(cp / scale).
    #[arg(long, default_value_t = 400.0)]
    scale: f32,
    /// Trains on each position's left-right mirror image too (`--mirror false`: not); the
    /// default in variants whose pieces move alike to both sides, all but gethenian.
    #[arg(long, num_args = 0..=1, default_missing_value = "true")]
    mirror: Option<bool>,
    /// Trains with a shared row per (whose man, piece type) that each square's row adds
    /// to, folded into the squares' rows in the net file (`--factorise false`: not)
    #[arg(long, num_args = 0..=1, default_missing_value = "true")]
    factorise: Option<bool>,
    /// The share of games held out for validation (every round(1/f)-th game).
    #[arg(long, default_value_t = 0.05)]
    validation_fraction: f64,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A directory for the checkpoint and every epoch's net.
    #[arg(long)]
    checkpoint: Option<PathBuf>,
    /// Continues the run saved in --checkpoint.
    #[arg(long, requires = "checkpoint")]
    resume: bool,
    /// The net's name in its file (default VARIANT-HIDDEN-eEPOCH).
    #[arg(long)]
    name: Option<String>,
}

#[derive(Args, Debug)]
struct ImportArgs {
    #[arg(long)]
    variant: String,
    /// `fen;score;result` lines; a name ending in `.xz` is read through `xz -dc`.
    #[arg(long)]
    text: PathBuf,
    /// The sample file to write.
    #[arg(long)]
    out: PathBuf,
}

#[derive(Args, Debug)]
struct ConvertArgs {
    #[arg(long)]
    variant: String,
    /// Sample files, separated by commas.
    #[arg(long, value_delimiter = ',', required = true)]
    data: Vec<PathBuf>,
    /// The data store: the records go to its folder for the variant.
    #[arg(long, default_value = "data")]
    store: PathBuf,
    /// Positions that make a chunk.
    #[arg(long, default_value_t = 100_000)]
    chunk_positions: u64,
}

#[derive(Args, Debug)]
struct EvalArgs {
    #[arg(long)]
    variant: String,
    /// The net file.
    #[arg(long)]
    net: PathBuf,
    /// Positions (FEN); the start position if none.
    fens: Vec<String>,
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info")).init();
    let mut argv: Vec<String> = std::env::args().collect();
    let commands =
        ["train", "import", "convert", "eval", "help", "-h", "--help", "-V", "--version"];
    if argv.len() > 1 && !commands.contains(&argv[1].as_str()) {
        argv.insert(1, "train".to_string());
    }
    let cli = Cli::parse_from(argv);
    let variant = match &cli.command {
        Command::Train(args) => &args.variant,
        Command::Import(args) => &args.variant,
        Command::Convert(args) => &args.variant,
        Command::Eval(args) => &args.variant,
    };
    let Some(id) = VariantId::from_name(variant) else {
        error!("unknown variant {variant}");
        return ExitCode::FAILURE;
    };
    let outcome = match &cli.command {
        Command::Train(args) => for_variant!(id, V => train::<V>(args)),
        Command::Import(args) => for_variant!(id, V => import::<V>(args)),
        Command::Convert(args) => for_variant!(id, V => convert::<V>(args)),
        Command::Eval(args) => for_variant!(id, V => eval::<V>(args)),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            error!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn import<V: Inputs>(args: &ImportArgs) -> Result<(), String> {
    let text = read_text(&args.text)?;
    let mut out = Vec::new();
    let imported =
        import_text::<V>(&text, &mut out).map_err(|e| format!("{}: {e}", args.text.display()))?;
    std::fs::write(&args.out, &out)
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    info!(
        "{} samples from about {} games, {} bytes, written to {}",
        imported.samples,
        imported.games,
        out.len(),
        args.out.display()
    );
    Ok(())
}

fn convert<V: Inputs>(args: &ConvertArgs) -> Result<(), String> {
    let dir = args.store.join(V::NAME);
    for path in &args.data {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let stem = path.file_stem().map_or("samples".into(), |s| s.to_string_lossy());
        let evaluation = format!("samples:{}", stem.replace(char::is_whitespace, "_"));
        let converted =
            ekumen_train::convert::convert::<V>(&bytes, &dir, &evaluation, args.chunk_positions)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        info!(
            "{}: {} samples in {} chunks of {}",
            path.display(),
            converted.samples,
            converted.chunks,
            dir.display()
        );
    }
    Ok(())
}

fn eval<V: Inputs>(args: &EvalArgs) -> Result<(), String> {
    let bytes =
        std::fs::read(&args.net).map_err(|e| format!("cannot read {}: {e}", args.net.display()))?;
    let net = NetFile::from_bytes(&bytes, V::NAME, V::INPUTS, layout_hash::<V>())
        .map_err(|e| format!("{}: {e}", args.net.display()))?;
    let start = [V::START_FEN.to_string()];
    let fens = if args.fens.is_empty() { &start[..] } else { &args.fens[..] };
    for fen in fens {
        let pos = Position::<V>::from_fen(fen, false).map_err(|e| format!("{fen}: {e}"))?;
        let sample = Sample::of(&pos, 0, 1, 0);
        let score =
            quantized::evaluate_position::<V>(&net, sample.side, &sample.men, &sample.hands);
        println!("{score:>6}  {fen}");
    }
    Ok(())
}

/// A text file's contents, through `xz -dc` for a name ending in `.xz`.
fn read_text(path: &Path) -> Result<String, String> {
    let bytes = if path.extension().is_some_and(|e| e == "xz") {
        let output = std::process::Command::new("xz")
            .arg("-dc")
            .arg(path)
            .output()
            .map_err(|e| format!("cannot run xz: {e}"))?;
        if !output.status.success() {
            return Err(format!(
                "xz -dc {}: {}",
                path.display(),
                String::from_utf8_lossy(&output.stderr).trim()
            ));
        }
        output.stdout
    } else {
        std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?
    };
    String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8", path.display()))
}

fn train<V: Inputs>(args: &TrainArgs) -> Result<(), String> {
    if args.hidden == 0 || !args.hidden.is_multiple_of(16) {
        return Err(format!("--hidden {}: a multiple of 16 is needed", args.hidden));
    }
    if args.buckets == 0 || args.buckets > ekumen_nnue::file::MAX_BUCKETS {
        return Err(format!("--buckets {}: 1 to {}", args.buckets, ekumen_nnue::file::MAX_BUCKETS));
    }
    let threads = args.threads.unwrap_or_else(rayon::current_num_threads).max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    pool.install(|| train_in_pool::<V>(args, threads))
}

/// Where the training samples come from: sample files in memory, or the store streamed.
enum Samples {
    InMemory { data: Dataset, split: Split },
    Streamed { source: StoreSource, config: StreamConfig, validation: Dataset, buffer: Dataset },
}

impl Samples {
    fn validation(&self) -> (&Dataset, Vec<u32>) {
        match self {
            Samples::InMemory { data, split } => (data, split.validation.clone()),
            Samples::Streamed { validation, .. } => {
                (validation, (0..validation.len() as u32).collect())
            }
        }
    }
}

fn load_samples<V: Inputs>(args: &TrainArgs, mirror: bool) -> Result<(Samples, usize), String> {
    let started = Instant::now();
    let targets = Targets { lambda: args.lambda, scale: args.scale };
    if args.store.is_empty() {
        let data = Dataset::load::<V>(&args.data, &targets, args.buckets as usize, mirror)?;
        let split = data.split(args.validation_fraction);
        info!(
            "{} samples ({} of them mirror images) from {} games loaded in {:.1} s: \
             {} for training, {} for validation",
            data.len(),
            data.mirror_images(),
            data.games(),
            started.elapsed().as_secs_f64(),
            split.training.len(),
            split.validation.len()
        );
        if split.training.is_empty() {
            return Err("no training samples".to_string());
        }
        let most_inputs = data.most_inputs();
        return Ok((Samples::InMemory { data, split }, most_inputs));
    }
    let source = StoreSource::open(&args.store, args.newest_chunks)?;
    let every = if args.validation_fraction > 0.0 {
        (1.0 / args.validation_fraction).round().max(1.0) as u32
    } else {
        0
    };
    let config = StreamConfig {
        targets,
        buckets: args.buckets as usize,
        mirror,
        buffer: args.buffer.max(1),
        validation_every: every,
        validation_cap: args.validation_cap,
        skipped: args.skip_searched,
    };
    let (games, positions) = source.listed();
    info!(
        "reading {} chunks ({games} games, {positions} positions searched) of {}",
        source.chunks(),
        args.store.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", ")
    );
    let survey = source.survey::<V>(&config, progress_line("survey", started))?;
    info!(
        "{} training positions (before mirroring) and {} validation samples of {} games, \
         read in {:.1} s",
        survey.training_positions,
        survey.validation.len(),
        survey.games,
        started.elapsed().as_secs_f64()
    );
    if survey.training_positions == 0 {
        return Err("no training samples".to_string());
    }
    let buffer = Dataset::with_mirror(mirror);
    let samples = Samples::Streamed { source, config, validation: survey.validation, buffer };
    Ok((samples, survey.most_men))
}

/// A progress callback that prints a line on stderr every 10 seconds.
fn progress_line(what: &'static str, started: Instant) -> impl FnMut(usize, usize) {
    let mut last = Instant::now();
    move |done, total| {
        if last.elapsed().as_secs() >= 10 && done < total {
            last = Instant::now();
            eprintln!("{what}: chunk {done}/{total}, {:.0} s", started.elapsed().as_secs_f64());
        }
    }
}

fn train_in_pool<V: Inputs>(args: &TrainArgs, threads: usize) -> Result<(), String> {
    let mirror = args.mirror.unwrap_or(V::LEFT_RIGHT_SYMMETRIC);
    if mirror && !V::LEFT_RIGHT_SYMMETRIC {
        return Err(format!("--mirror: {} positions do not mirror left to right", V::NAME));
    }
    let (mut samples, most_inputs) = load_samples::<V>(args, mirror)?;
    let quantization = Quantization::DEFAULT;
    let most_inputs = most_inputs.max(V::START_MEN);
    let activation = match args.activation {
        ActivationArg::Screlu => Activation::SquaredClippedRelu,
        ActivationArg::Crelu => Activation::ClippedRelu,
    };
    let drops = args.lr_drop.clone().unwrap_or_else(|| vec![(args.epochs * 3).div_ceil(4) + 1]);
    let config = Config {
        shape: Shape {
            inputs: V::INPUTS as u32,
            hidden: args.hidden,
            buckets: args.buckets,
            activation,
        },
        quantization,
        factoriser: args.factorise.unwrap_or(false).then(Factoriser::of::<V>),
        batch: args.batch,
        schedule: Schedule { lr: args.lr, drops, gamma: args.lr_gamma },
        weight_decay: args.wd,
        scale: args.scale,
        seed: args.seed,
        workers: threads,
        bounds: Bounds::new(quantization, most_inputs),
    };
    let mut trainer = match &args.checkpoint {
        Some(dir) if args.resume && dir.join("checkpoint.bin").exists() => {
            let trainer = Trainer::resume(config, dir)?;
            info!("resumed after epoch {} from {}", trainer.epochs_done, dir.display());
            trainer
        }
        Some(dir) if args.resume => {
            warn!("no checkpoint in {}: starting afresh", dir.display());
            Trainer::new(config)
        }
        _ => Trainer::new(config),
    };
    eprintln!(
        "{} {}x{}x{} bucket{}, {:?}, {} shared rows, {} thread{}; \
         bounds ±{:.3} (accumulator), ±{:.3} (output)",
        V::NAME,
        V::INPUTS,
        args.hidden,
        args.buckets,
        if args.buckets == 1 { "" } else { "s" },
        activation,
        trainer.net.layout().factors,
        threads,
        if threads == 1 { "" } else { "s" },
        trainer.config.bounds.accumulator,
        trainer.config.bounds.output
    );
    let validation_loss = |trainer: &Trainer, samples: &Samples| {
        let (data, indices) = samples.validation();
        trainer.loss(data, &indices)
    };
    if trainer.epochs_done >= args.epochs {
        info!("the run has done its {} epochs already", trainer.epochs_done);
    } else if trainer.epochs_done == 0 {
        let train = match &samples {
            Samples::InMemory { data, split } => {
                format!("{:.6}", trainer.loss(data, &split.training))
            }
            Samples::Streamed { .. } => "-".to_string(),
        };
        eprintln!(
            "epoch   0/{}  train {train}  validation {:.6}",
            args.epochs,
            validation_loss(&trainer, &samples)
        );
    }
    let training_started = Instant::now();
    while trainer.epochs_done < args.epochs {
        let epoch_started = Instant::now();
        let (train_loss, trained) = match &mut samples {
            Samples::InMemory { data, split } => {
                (trainer.epoch(data, &split.training), split.training.len())
            }
            Samples::Streamed { source, config, buffer, .. } => {
                let progress = progress_line("epoch", epoch_started);
                let (loss, counts) = source.epoch::<V>(&mut trainer, config, buffer, progress)?;
                (loss, counts.samples as usize)
            }
        };
        let seconds = epoch_started.elapsed().as_secs_f64();
        let validation_loss = validation_loss(&trainer, &samples);
        let epoch = trainer.epochs_done;
        eprintln!(
            "epoch {epoch:>3}/{}  train {train_loss:.6}  validation {validation_loss:.6}  \
             lr {:.2e}  {:.0} samples/s  {:.1} s",
            args.epochs,
            trainer.config.schedule.lr(epoch),
            trained as f64 / seconds,
            training_started.elapsed().as_secs_f64()
        );
        let name =
            args.name.clone().unwrap_or_else(|| format!("{}-{}-e{epoch}", V::NAME, args.hidden));
        let bytes = trainer.net.quantize::<V>(&name, most_inputs)?.to_bytes();
        write(&args.out, &bytes)?;
        if let Some(dir) = &args.checkpoint {
            trainer.save(dir)?;
            write(&dir.join(format!("{name}.nnue")), &bytes)?;
        }
    }
    Ok(())
}

/// Writes a file through a temporary one beside it, so that a reader never sees half a net.
fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    std::fs::write(&temporary, bytes)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
