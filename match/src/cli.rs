//! The command line of a match, as clap reads it: [`MatchArgs`]. Its words are checked
//! and turned into a [`crate::config::MatchConfig`] by [`crate::config`].

use std::path::PathBuf;

use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches, ValueEnum};
use ekumen_movegen::VariantId;

/// A match's command line: engine-vs-engine games, every move checked by the rules.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    pub engines: EngineWords,
    /// The variant (a UCI_Variant value).
    #[arg(long, default_value = "chess")]
    pub variant: VariantId,
    /// Time control in seconds: BASE+INC, or MOVES/BASE+INC (BASE may be M:SS), e.g. 10+0.1.
    #[arg(long)]
    pub tc: Option<String>,
    /// Fixed time per move in milliseconds (`go movetime`).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Node limit per move (`go nodes`).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Depth limit per move (`go depth`).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Milliseconds an engine may exceed its clock or movetime before it loses on time.
    #[arg(long, default_value_t = 100)]
    pub time_margin: u64,
    /// Seconds to wait for start-up, `readyok`, and moves searched without a clock.
    #[arg(long, default_value_t = 30.0)]
    pub stall_timeout: f64,
    /// Games per pairing of engines; consecutive games share an opening, colours swapped.
    #[arg(long, default_value_t = 2)]
    pub games: u32,
    /// Who plays whom when there are more than two engines.
    #[arg(long, value_enum, default_value_t = TournamentKind::RoundRobin)]
    pub tournament: TournamentKind,
    /// A file of opening positions (e.g. books/<variant>.epd): one FEN or EPD per line,
    /// of which the first four fields are read; `#` starts a comment.
    #[arg(long, conflicts_with = "random_openings")]
    pub openings: Option<PathBuf>,
    /// The order openings are taken from the file in.
    #[arg(long, value_enum, default_value_t = OpeningOrder::Sequential)]
    pub openings_order: OpeningOrder,
    /// Random openings: this many uniformly random legal plies from the start position,
    /// not judged for balance (a quick test; measure with --openings).
    #[arg(long, value_name = "PLIES")]
    pub random_openings: Option<u32>,
    /// Games played at the same time, each with its own engine processes.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Seed of every random choice (openings, their order).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the games to this PGN file. A file that already holds games is refused
    /// unless --resume or --overwrite says what to do with them.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Continue the match whose games the --pgn file holds: they are counted, not played
    /// again, and the games missing are played and appended. Give the command line that
    /// wrote the file (engines, variant, limits, openings, --seed; --games may be raised).
    /// Without the file, the match starts from its first game.
    #[arg(long, requires = "pgn", conflicts_with = "overwrite")]
    pub resume: bool,
    /// Replace the games the --pgn file already holds.
    #[arg(long, requires = "pgn")]
    pub overwrite: bool,
    /// Sequential test (two engines): [elo0=0] [elo1=5] [alpha=0.05] [beta=0.05].
    #[arg(long, num_args = 0.., value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
    /// Resign adjudication: [movecount=3] [score=1000] [twosided=false].
    #[arg(long, num_args = 0.., value_name = "KEY=VALUE")]
    pub resign: Option<Vec<String>>,
    /// Draw adjudication: [movenumber=40] [movecount=8] [score=10].
    #[arg(long, num_args = 0.., value_name = "KEY=VALUE")]
    pub draw: Option<Vec<String>>,
    /// Adjudicate a draw after this many full moves.
    #[arg(long)]
    pub max_moves: Option<u32>,
    /// The PGN `Event` tag.
    #[arg(long, default_value = "Ekumen match")]
    pub event: String,
}

/// The words of each `--engine`, one list per occurrence (clap's derive cannot group
/// multi-value occurrences by itself, so this reads them from the matches).
#[derive(Clone, Debug, Default)]
pub struct EngineWords(pub Vec<Vec<String>>);

const ENGINE_ARG: &str = "engine";

impl FromArgMatches for EngineWords {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let groups = matches
            .get_occurrences::<String>(ENGINE_ARG)
            .map(|occurrences| occurrences.map(|words| words.cloned().collect()).collect())
            .unwrap_or_default();
        Ok(EngineWords(groups))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = EngineWords::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for EngineWords {
    fn augment_args(command: clap::Command) -> clap::Command {
        command.arg(
            Arg::new(ENGINE_ARG)
                .long(ENGINE_ARG)
                .required(true)
                .num_args(1..)
                .action(ArgAction::Append)
                .value_name("KEY=VALUE")
                .help(
                    "An engine, as KEY=VALUE words: cmd=PATH [name=NAME] [arg=ARG]... \
                     [dir=DIR] [option.NAME=VALUE]... [tc=..] [movetime=MS] [nodes=N] \
                     [depth=N]. Give two or more.",
                ),
        )
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        EngineWords::augment_args(command)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum TournamentKind {
    /// Every engine plays every other.
    RoundRobin,
    /// The first engine plays each of the others.
    Gauntlet,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum OpeningOrder {
    Sequential,
    /// Shuffled with the seed.
    Random,
}
