//! The checked form of a match's command line, [`MatchConfig`].
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

use ekumen_movegen::VariantId;

use crate::adjudication::{Adjudication, DrawRule, ResignRule};
use crate::cli::{MatchArgs, OpeningOrder, TournamentKind};
use crate::stats::Sprt;
use crate::time_control::{Clock, SearchLimits};

/// Sets one search limit from a `KEY=VALUE` word; `false` if the key is not a limit.
fn set_limit(limits: &mut SearchLimits, key: &str, value: &str) -> Result<bool, String> {
    match key {
        "tc" => limits.clock = Some(Clock::parse(value)?),
        "movetime" => limits.movetime_ms = Some(parse_number(key, value)?),
        "nodes" => limits.nodes = Some(parse_number(key, value)?),
        "depth" => limits.depth = Some(parse_number(key, value)?),
        _ => return Ok(false),
    }
    Ok(true)
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
            if set_limit(&mut limits, key, value)? {
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
/// Where the games' start positions come from.
#[derive(Clone, Debug, PartialEq)]
pub enum OpeningSpec {
    StartPosition,
    File { path: PathBuf, order: OpeningOrder },
    Random { plies: u32 },
}

/// What to do with a PGN file that already holds games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExistingPgn {
    /// Stop with an error rather than lose them.
    Refuse,
    /// Count them and play the games they lack (see [`crate::resume`]).
    Resume,
    Overwrite,
}

/// A validated match command line.
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
    pub existing_pgn: ExistingPgn,
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
            (None, Some(plies)) => OpeningSpec::Random { plies },
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
            existing_pgn: match (args.resume, args.overwrite) {
                (true, _) => ExistingPgn::Resume,
                (false, true) => ExistingPgn::Overwrite,
                (false, false) => ExistingPgn::Refuse,
            },
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
