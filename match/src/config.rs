//! The command line of `ekumen match` and its checked form, [`MatchConfig`].
//!
//! Engines are described cutechess-style, as `KEY=VALUE` words after `--engine`:
//! `cmd=PATH` (required), `name=NAME`, `arg=ARG` (repeatable), `dir=DIR`,
//! `option.NAME=VALUE` (a UCI option, sent in the order given, before `UCI_Variant`), and
//! the search limits `tc=`, `movetime=`, `nodes=`, `depth=`, which override the global
//! `--tc`, `--movetime`, `--nodes`, `--depth` for that engine. Adjudication and SPRT
//! settings are `KEY=VALUE` words too (`--sprt elo0=0 elo1=5`).
//!
//! Everything is validated here, before any engine starts, so that a typo is one clear
//! error message rather than a failed tournament.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches, ValueEnum};
use ekumen_movegen::VariantId;

use crate::stats::Sprt;

/// `ekumen match`: engine-vs-engine games, every move checked by Ekumen's rules.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    pub engines: EngineWords,
    /// The variant (a UCI_Variant value).
    #[arg(long, default_value = "chess", value_parser = parse_variant)]
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
    /// A file of opening positions, one FEN (or EPD) per line; `#` starts a comment.
    #[arg(long, conflicts_with = "random_openings")]
    pub openings: Option<PathBuf>,
    /// The order openings are taken from the file in.
    #[arg(long, value_enum, default_value_t = OpeningOrder::Sequential)]
    pub openings_order: OpeningOrder,
    /// Random balanced openings: this many random legal plies from the start position.
    #[arg(long, value_name = "PLIES")]
    pub random_openings: Option<u32>,
    /// Random openings that Ekumen's short search scores beyond this many centipawns
    /// are rejected.
    #[arg(long, default_value_t = 150)]
    pub opening_max_eval: i32,
    /// Games played at the same time, each with its own engine processes.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Seed of every random choice (openings, their order).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the games to this PGN file.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
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

pub fn parse_variant(name: &str) -> Result<VariantId, String> {
    VariantId::from_name(name).ok_or_else(|| {
        let known: Vec<&str> = VariantId::ALL.iter().map(|v| v.name()).collect();
        format!("unknown variant '{name}' (known: {})", known.join(", "))
    })
}

/// A chess clock: a base time, an increment, and optionally a number of moves after which
/// the base time is added again.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clock {
    pub base_ms: u64,
    pub increment_ms: u64,
    pub moves_per_period: Option<u32>,
}

impl Clock {
    /// Parses `BASE+INC` or `MOVES/BASE+INC`, seconds with decimals, BASE also `M:SS`.
    ///
    /// # Errors
    /// A message naming the malformed part.
    pub fn parse(text: &str) -> Result<Clock, String> {
        let bad = || format!("bad time control '{text}' (expected e.g. 10+0.1 or 40/60+0.5)");
        let (moves, rest) = match text.split_once('/') {
            Some((moves, rest)) => {
                let moves: u32 = moves.trim().parse().map_err(|_| bad())?;
                if moves == 0 {
                    return Err(bad());
                }
                (Some(moves), rest)
            }
            None => (None, text),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((base, increment)) => (base, Some(increment)),
            None => (rest, None),
        };
        let base_ms = match base.split_once(':') {
            Some((minutes, seconds)) => {
                let minutes: u64 = minutes.trim().parse().map_err(|_| bad())?;
                minutes * 60_000 + seconds_to_ms(seconds).ok_or_else(bad)?
            }
            None => seconds_to_ms(base).ok_or_else(bad)?,
        };
        let increment_ms = match increment {
            Some(increment) => seconds_to_ms(increment).ok_or_else(bad)?,
            None => 0,
        };
        if base_ms == 0 && increment_ms == 0 {
            return Err(bad());
        }
        Ok(Clock { base_ms, increment_ms, moves_per_period: moves })
    }

    /// The PGN form: `MOVES/BASE+INC` in seconds.
    pub fn describe(&self) -> String {
        let mut text = String::new();
        if let Some(moves) = self.moves_per_period {
            text += &format!("{moves}/");
        }
        text += &format_seconds(self.base_ms);
        if self.increment_ms > 0 {
            text += &format!("+{}", format_seconds(self.increment_ms));
        }
        text
    }
}

fn seconds_to_ms(text: &str) -> Option<u64> {
    let seconds: f64 = text.trim().parse().ok()?;
    (seconds.is_finite() && seconds >= 0.0).then(|| (seconds * 1000.0).round() as u64)
}

fn format_seconds(ms: u64) -> String {
    if ms % 1000 == 0 {
        format!("{}", ms / 1000)
    } else {
        let text = format!("{:.3}", ms as f64 / 1000.0);
        text.trim_end_matches('0').to_string()
    }
}

/// How long an engine may think about each move.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct SearchLimits {
    pub clock: Option<Clock>,
    pub movetime_ms: Option<u64>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
}

impl SearchLimits {
    pub fn is_empty(&self) -> bool {
        *self == SearchLimits::default()
    }

    /// A short description for the PGN `TimeControl` tag and the logs.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(clock) = self.clock {
            parts.push(clock.describe());
        }
        if let Some(ms) = self.movetime_ms {
            parts.push(format!("movetime={ms}ms"));
        }
        if let Some(nodes) = self.nodes {
            parts.push(format!("nodes={nodes}"));
        }
        if let Some(depth) = self.depth {
            parts.push(format!("depth={depth}"));
        }
        if parts.is_empty() {
            "-".to_string()
        } else {
            parts.join(",")
        }
    }

    /// Sets one limit from a `KEY=VALUE` word; `false` if the key is not a limit.
    fn set(&mut self, key: &str, value: &str) -> Result<bool, String> {
        match key {
            "tc" => self.clock = Some(Clock::parse(value)?),
            "movetime" => self.movetime_ms = Some(parse_number(key, value)?),
            "nodes" => self.nodes = Some(parse_number(key, value)?),
            "depth" => self.depth = Some(parse_number(key, value)?),
            _ => return Ok(false),
        }
        Ok(true)
    }
}

fn parse_number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, String> {
    value.trim().parse().map_err(|_| format!("bad number '{value}' for {key}"))
}

/// One engine of the tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    pub name: String,
    pub command: PathBuf,
    pub args: Vec<String>,
    pub working_dir: Option<PathBuf>,
    /// UCI options in the order they are sent.
    pub options: Vec<(String, String)>,
    pub limits: SearchLimits,
}

impl EngineSpec {
    /// Parses the `KEY=VALUE` words of one `--engine`, on top of the global limits.
    ///
    /// # Errors
    /// A message naming the bad word.
    pub fn parse(words: &[String], global_limits: SearchLimits) -> Result<EngineSpec, String> {
        let mut command = None;
        let mut name = None;
        let mut args = Vec::new();
        let mut working_dir = None;
        let mut options = Vec::new();
        let mut limits = global_limits;
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("engine setting '{word}' is not KEY=VALUE"))?;
            if let Some(option) = key.strip_prefix("option.") {
                if option.is_empty() {
                    return Err(format!("engine setting '{word}' names no option"));
                }
                options.push((option.to_string(), value.to_string()));
                continue;
            }
            if limits.set(key, value)? {
                continue;
            }
            match key {
                "cmd" => command = Some(PathBuf::from(value)),
                "name" => name = Some(value.to_string()),
                "arg" => args.push(value.to_string()),
                "dir" => working_dir = Some(PathBuf::from(value)),
                _ => return Err(format!("unknown engine setting '{key}' in '{word}'")),
            }
        }
        let command: PathBuf =
            command.ok_or_else(|| format!("engine '{}' has no cmd=PATH", words.join(" ")))?;
        let name = name.unwrap_or_else(|| {
            command.file_name().map_or_else(
                || command.display().to_string(),
                |file| file.to_string_lossy().into_owned(),
            )
        });
        if limits.is_empty() {
            return Err(format!(
                "engine '{name}' has no search limit: give --tc, --movetime, --nodes or --depth"
            ));
        }
        Ok(EngineSpec { name, command, args, working_dir, options, limits })
    }
}

/// Resign adjudication: a side whose score stays at or below `-score_cp` for `move_count`
/// of its consecutive moves loses (with `two_sided`, only while its opponent's score stays
/// at or above `score_cp` as long).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ResignRule {
    pub move_count: u32,
    pub score_cp: i32,
    pub two_sided: bool,
}

/// Draw adjudication: from full move `move_number` on, a game where both sides' scores
/// stay within `score_cp` of zero for `move_count` consecutive moves each is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DrawRule {
    pub move_number: u32,
    pub move_count: u32,
    pub score_cp: i32,
}

/// Adjudication beyond the rules of the game.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Adjudication {
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    /// Draw after this many full moves.
    pub max_moves: Option<u32>,
}

/// Where the games' start positions come from.
#[derive(Clone, Debug, PartialEq)]
pub enum OpeningSpec {
    StartPosition,
    File { path: PathBuf, order: OpeningOrder },
    Random { plies: u32, max_eval_cp: i32 },
}

/// A validated `ekumen match` command line.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub variant: VariantId,
    pub engines: Vec<EngineSpec>,
    pub tournament: TournamentKind,
    pub games_per_pairing: u32,
    pub openings: OpeningSpec,
    pub concurrency: usize,
    pub seed: u64,
    pub time_margin: Duration,
    pub stall_timeout: Duration,
    pub adjudication: Adjudication,
    pub sprt: Option<Sprt>,
    pub pgn: Option<PathBuf>,
    pub event: String,
}

/// Splits `KEY=VALUE` words into pairs, checking the keys against `known`.
fn key_values<'a>(
    what: &str,
    words: &'a [String],
    known: &[&str],
) -> Result<Vec<(&'a str, &'a str)>, String> {
    words
        .iter()
        .map(|word| {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("{what} setting '{word}' is not KEY=VALUE"))?;
            if known.contains(&key) {
                Ok((key, value))
            } else {
                Err(format!("unknown {what} setting '{key}' (known: {})", known.join(", ")))
            }
        })
        .collect()
}

fn parse_bool(key: &str, value: &str) -> Result<bool, String> {
    match value {
        "true" | "1" | "yes" => Ok(true),
        "false" | "0" | "no" => Ok(false),
        _ => Err(format!("bad value '{value}' for {key} (true or false)")),
    }
}

fn parse_sprt(words: &[String]) -> Result<Sprt, String> {
    let (mut elo0, mut elo1, mut alpha, mut beta) = (0.0, 5.0, 0.05, 0.05);
    for (key, value) in key_values("SPRT", words, &["elo0", "elo1", "alpha", "beta"])? {
        let number: f64 = parse_number(key, value)?;
        match key {
            "elo0" => elo0 = number,
            "elo1" => elo1 = number,
            "alpha" => alpha = number,
            _ => beta = number,
        }
    }
    Sprt::new(elo0, elo1, alpha, beta)
}

fn parse_resign(words: &[String]) -> Result<ResignRule, String> {
    let mut rule = ResignRule { move_count: 3, score_cp: 1000, two_sided: false };
    for (key, value) in key_values("resign", words, &["movecount", "score", "twosided"])? {
        match key {
            "movecount" => rule.move_count = parse_number(key, value)?,
            "score" => rule.score_cp = parse_number(key, value)?,
            _ => rule.two_sided = parse_bool(key, value)?,
        }
    }
    if rule.move_count == 0 || rule.score_cp <= 0 {
        return Err("resign adjudication needs movecount >= 1 and score > 0".to_string());
    }
    Ok(rule)
}

fn parse_draw(words: &[String]) -> Result<DrawRule, String> {
    let mut rule = DrawRule { move_number: 40, move_count: 8, score_cp: 10 };
    for (key, value) in key_values("draw", words, &["movenumber", "movecount", "score"])? {
        match key {
            "movenumber" => rule.move_number = parse_number(key, value)?,
            "movecount" => rule.move_count = parse_number(key, value)?,
            _ => rule.score_cp = parse_number(key, value)?,
        }
    }
    if rule.move_count == 0 || rule.score_cp < 0 {
        return Err("draw adjudication needs movecount >= 1 and score >= 0".to_string());
    }
    Ok(rule)
}

fn seconds(what: &str, value: f64) -> Result<Duration, String> {
    if value.is_finite() && value > 0.0 {
        Ok(Duration::from_secs_f64(value))
    } else {
        Err(format!("{what} must be a positive number of seconds"))
    }
}

impl MatchConfig {
    /// Checks the command line.
    ///
    /// # Errors
    /// The first problem found, as a message for the user.
    pub fn from_args(args: &MatchArgs) -> Result<MatchConfig, String> {
        let global_limits = SearchLimits {
            clock: args.tc.as_deref().map(Clock::parse).transpose()?,
            movetime_ms: args.movetime,
            nodes: args.nodes,
            depth: args.depth,
        };
        let engines = args
            .engines
            .0
            .iter()
            .map(|words| EngineSpec::parse(words, global_limits))
            .collect::<Result<Vec<_>, _>>()?;
        if engines.len() < 2 {
            return Err("a match needs at least two engines (--engine ... --engine ...)".into());
        }
        for (i, engine) in engines.iter().enumerate() {
            if engines[..i].iter().any(|other| other.name == engine.name) {
                return Err(format!(
                    "two engines are named '{}'; give them different name=... settings",
                    engine.name
                ));
            }
        }
        if args.games == 0 {
            return Err("--games must be at least 1".to_string());
        }
        if args.concurrency == 0 {
            return Err("--concurrency must be at least 1".to_string());
        }
        let sprt = args.sprt.as_deref().map(parse_sprt).transpose()?;
        if sprt.is_some() && engines.len() != 2 {
            return Err("--sprt applies to a match of exactly two engines".to_string());
        }
        let openings = match (&args.openings, args.random_openings) {
            (Some(path), _) => OpeningSpec::File { path: path.clone(), order: args.openings_order },
            (None, Some(plies)) => {
                OpeningSpec::Random { plies, max_eval_cp: args.opening_max_eval.max(0) }
            }
            (None, None) => OpeningSpec::StartPosition,
        };
        if args.max_moves == Some(0) {
            return Err("--max-moves must be at least 1".to_string());
        }
        Ok(MatchConfig {
            variant: args.variant,
            engines,
            tournament: args.tournament,
            games_per_pairing: args.games,
            openings,
            concurrency: args.concurrency,
            seed: args.seed,
            time_margin: Duration::from_millis(args.time_margin),
            stall_timeout: seconds("--stall-timeout", args.stall_timeout)?,
            adjudication: Adjudication {
                resign: args.resign.as_deref().map(parse_resign).transpose()?,
                draw: args.draw.as_deref().map(parse_draw).transpose()?,
                max_moves: args.max_moves,
            },
            sprt,
            pgn: args.pgn.clone(),
            event: args.event.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn clocks() {
        let clock = Clock::parse("10+0.1").unwrap();
        assert_eq!(clock, Clock { base_ms: 10_000, increment_ms: 100, moves_per_period: None });
        assert_eq!(clock.describe(), "10+0.1");
        let clock = Clock::parse("40/1:30+0.5").unwrap();
        assert_eq!(clock, Clock { base_ms: 90_000, increment_ms: 500, moves_per_period: Some(40) });
        assert_eq!(clock.describe(), "40/90+0.5");
        assert_eq!(Clock::parse("60").unwrap().describe(), "60");
        assert_eq!(Clock::parse("0.25+0.005").unwrap().describe(), "0.25+0.005");
        for bad in ["", "x+1", "10+", "0/10", "-1+0", "0+0", "1:x"] {
            assert!(Clock::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn engine_specs() {
        let global = SearchLimits { nodes: Some(1000), ..SearchLimits::default() };
        let spec = EngineSpec::parse(
            &words(
                "cmd=/usr/bin/fs name=FS arg=-q option.Hash=16 option.VariantPath=a=b tc=5+0.05",
            ),
            global,
        )
        .unwrap();
        assert_eq!(spec.name, "FS");
        assert_eq!(spec.args, ["-q"]);
        assert_eq!(
            spec.options,
            [("Hash".to_string(), "16".to_string()), ("VariantPath".into(), "a=b".into())]
        );
        assert_eq!(spec.limits.nodes, Some(1000));
        assert_eq!(spec.limits.clock.unwrap().base_ms, 5000);
        assert_eq!(spec.limits.describe(), "5+0.05,nodes=1000");
        let spec = EngineSpec::parse(&words("cmd=engines/ekumen"), global).unwrap();
        assert_eq!(spec.name, "ekumen");
        assert!(EngineSpec::parse(&words("name=x"), global).is_err());
        assert!(EngineSpec::parse(&words("cmd=x colour=red"), global).is_err());
        assert!(EngineSpec::parse(&words("cmd=x option.=1"), global).is_err());
        assert!(EngineSpec::parse(&words("cmd=x"), SearchLimits::default()).is_err());
    }

    #[test]
    fn adjudication_words() {
        let rule = parse_resign(&words("movecount=5 score=600 twosided=true")).unwrap();
        assert_eq!(rule, ResignRule { move_count: 5, score_cp: 600, two_sided: true });
        let rule = parse_draw(&words("movenumber=30 score=5")).unwrap();
        assert_eq!(rule, DrawRule { move_number: 30, move_count: 8, score_cp: 5 });
        let sprt = parse_sprt(&words("elo0=-1 elo1=3 alpha=0.1")).unwrap();
        assert_eq!((sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta), (-1.0, 3.0, 0.1, 0.05));
        assert!(parse_sprt(&words("elo2=3")).is_err());
        assert!(parse_resign(&words("movecount=0")).is_err());
    }
}
