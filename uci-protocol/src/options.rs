//! The engine's options: Fairy-Stockfish's names, types, defaults and limits, and their USI
//! spellings.
//!
//! Clients built around Fairy-Stockfish set options by its names (lichess-bot sets `Move
//! Overhead`, `Threads`, `Hash`, `SyzygyPath`, `UCI_ShowWDL`; an option it sets that is not
//! advertised stops it at start-up), so the table keeps every one of them, in
//! Fairy-Stockfish's order, including those the engine accepts without acting on them.
//!
//! USI spellings follow Fairy-Stockfish: `Hash`, `Ponder` and `MultiPV` get a `USI_`
//! prefix, `UCI_X` becomes `USI_X`, and spaces become `_` (`Move_Overhead`). Lookups accept
//! either spelling in either protocol and ignore case, as Fairy-Stockfish's option map does.
//! Values are checked strictly: a spin out of range, a check that is not `true`/`false` or
//! an unknown combo value is an [`OptionError`], and the option keeps its value.
//!
//! The options that set the search take their defaults from
//! [`SearchSettings::default`], so a search made without options plays as the engine does
//! before any `setoption`, and the two cannot drift apart.

use std::fmt;
use std::sync::LazyLock;

use ekumen_movegen::VariantId;
use ekumen_search::{skill, thread, SearchSettings};

use crate::command::Protocol;

/// The type, default and limits of an option.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionKind {
    Check {
        default: bool,
    },
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Combo {
        default: &'static str,
        values: Vec<&'static str>,
    },
    Button,
    /// A text option; `default` is printed as is (`<empty>` for the paths, as Fairy-Stockfish).
    Text {
        default: &'static str,
    },
}

/// One option.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OptionSpec {
    /// The UCI name.
    pub name: &'static str,
    pub kind: OptionKind,
}

/// A checked option value.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionValue {
    Check(bool),
    Spin(i64),
    Combo(String),
    Button,
    /// Text, with Fairy-Stockfish's `<empty>` turned into the empty string.
    Text(String),
}

/// Why `setoption` was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionError {
    NoSuchOption(String),
    MissingValue { option: &'static str },
    NotANumber { option: &'static str, value: String },
    OutOfRange { option: &'static str, value: String, min: i64, max: i64 },
    NotABool { option: &'static str, value: String },
    NotInCombo { option: &'static str, value: String, values: Vec<&'static str> },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::NoSuchOption(name) => write!(f, "No such option: {name}"),
            OptionError::MissingValue { option } => write!(f, "option {option} needs a value"),
            OptionError::NotANumber { option, value } => {
                write!(f, "option {option}: '{value}' is not a number")
            }
            OptionError::OutOfRange { option, value, min, max } => {
                write!(f, "option {option}: {value} is out of range {min}..{max}")
            }
            OptionError::NotABool { option, value } => {
                write!(f, "option {option}: '{value}' is not true or false")
            }
            OptionError::NotInCombo { option, value, values } => {
                write!(f, "option {option}: unknown value '{value}' (known: {})", values.join(" "))
            }
        }
    }
}

impl std::error::Error for OptionError {}

/// Option names the engine refers to.
pub mod names {
    pub const DEBUG_LOG_FILE: &str = "Debug Log File";
    pub const THREADS: &str = "Threads";
    pub const HASH: &str = "Hash";
    pub const CLEAR_HASH: &str = "Clear Hash";
    pub const PONDER: &str = "Ponder";
    pub const MULTI_PV: &str = "MultiPV";
    pub const SKILL_LEVEL: &str = "Skill Level";
    pub const MOVE_OVERHEAD: &str = "Move Overhead";
    pub const SLOW_MOVER: &str = "Slow Mover";
    pub const NODES_TIME: &str = "nodestime";
    pub const CHESS960: &str = "UCI_Chess960";
    pub const VARIANT: &str = "UCI_Variant";
    pub const ANALYSE_MODE: &str = "UCI_AnalyseMode";
    pub const LIMIT_STRENGTH: &str = "UCI_LimitStrength";
    pub const ELO: &str = "UCI_Elo";
    pub const SHOW_WDL: &str = "UCI_ShowWDL";
    pub const SYZYGY_PATH: &str = "SyzygyPath";
    pub const SYZYGY_PROBE_DEPTH: &str = "SyzygyProbeDepth";
    pub const SYZYGY_50_MOVE_RULE: &str = "Syzygy50MoveRule";
    pub const SYZYGY_PROBE_LIMIT: &str = "SyzygyProbeLimit";
    pub const USE_NNUE: &str = "Use NNUE";
    pub const EVAL_FILE: &str = "EvalFile";
    /// A Fairy-Stockfish `variants.ini`, checked against the rules played, which stay
    /// Ekumen's (`ekumen_movegen::variants_ini`; README, "Options").
    pub const VARIANT_PATH: &str = "VariantPath";
    pub const USE_MILLISEC: &str = "usemillisec";
}

/// The largest hash table size in MB that `Hash` accepts.
pub const MAX_HASH_MB: i64 = 33_554_432;
/// The most search threads `Threads` accepts: the search's own limit.
pub const MAX_THREADS: i64 = thread::MAX_THREADS as i64;

/// Every variant name, byte-wise sorted, as the `UCI_Variant` combo lists them.
pub fn variant_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = VariantId::ALL.iter().map(|v| v.name()).collect();
    names.sort_unstable();
    names
}

static OPTIONS: LazyLock<Vec<OptionSpec>> = LazyLock::new(|| {
    use names::*;
    use OptionKind::*;
    let spec = |name, kind| OptionSpec { name, kind };
    let search = SearchSettings::default();
    let syzygy = search.syzygy;
    vec![
        spec(DEBUG_LOG_FILE, Text { default: "" }),
        spec(THREADS, Spin { default: search.threads as i64, min: 1, max: MAX_THREADS }),
        spec(HASH, Spin { default: search.hash_mb as i64, min: 1, max: MAX_HASH_MB }),
        spec(CLEAR_HASH, Button),
        spec(PONDER, Check { default: false }),
        spec(MULTI_PV, Spin { default: search.multi_pv as i64, min: 1, max: 500 }),
        spec(
            SKILL_LEVEL,
            Spin {
                default: search.skill_level.into(),
                min: skill::WEAKEST.into(),
                max: skill::FULL_STRENGTH.into(),
            },
        ),
        spec(
            MOVE_OVERHEAD,
            Spin { default: search.move_overhead.as_millis() as i64, min: 0, max: 5000 },
        ),
        spec(SLOW_MOVER, Spin { default: search.slow_mover.into(), min: 10, max: 1000 }),
        spec(NODES_TIME, Spin { default: 0, min: 0, max: 10000 }),
        spec(CHESS960, Check { default: false }),
        spec(VARIANT, Combo { default: "chess", values: variant_names() }),
        spec(ANALYSE_MODE, Check { default: false }),
        spec(LIMIT_STRENGTH, Check { default: false }),
        spec(ELO, Spin { default: 1350, min: 500, max: 2850 }),
        spec(SHOW_WDL, Check { default: false }),
        spec(SYZYGY_PATH, Text { default: "<empty>" }),
        spec(SYZYGY_PROBE_DEPTH, Spin { default: syzygy.probe_depth.into(), min: 1, max: 100 }),
        spec(SYZYGY_50_MOVE_RULE, Check { default: syzygy.fifty_move_rule }),
        spec(SYZYGY_PROBE_LIMIT, Spin { default: syzygy.probe_limit.into(), min: 0, max: 7 }),
        spec(USE_NNUE, Check { default: search.use_nnue }),
        spec(EVAL_FILE, Text { default: "<empty>" }),
        spec(VARIANT_PATH, Text { default: "<empty>" }),
        spec(USE_MILLISEC, Check { default: true }),
    ]
});

/// The option table in the order `uci` lists it.
pub fn all() -> &'static [OptionSpec] {
    &OPTIONS
}

/// The option called `name` in either protocol's spelling, ignoring case.
pub fn find(name: &str) -> Option<&'static OptionSpec> {
    OPTIONS.iter().find(|spec| {
        spec.name.eq_ignore_ascii_case(name) || usi_name(spec.name).eq_ignore_ascii_case(name)
    })
}

/// The USI spelling of a UCI option name.
pub fn usi_name(name: &str) -> String {
    match name {
        names::HASH | names::PONDER | names::MULTI_PV => format!("USI_{name}"),
        _ => match name.strip_prefix("UCI_") {
            Some(rest) => format!("USI_{rest}"),
            None => name.replace(' ', "_"),
        },
    }
}

/// The option's name as `protocol` spells it.
pub fn display_name(spec: &OptionSpec, protocol: Protocol) -> String {
    match protocol {
        Protocol::Usi => usi_name(spec.name),
        _ => spec.name.to_string(),
    }
}

/// The `option name ...` line that `uci`/`usi` prints.
pub fn option_line(spec: &OptionSpec, protocol: Protocol) -> String {
    let name = display_name(spec, protocol);
    match &spec.kind {
        OptionKind::Check { default } => format!("option name {name} type check default {default}"),
        OptionKind::Spin { default, min, max } => {
            format!("option name {name} type spin default {default} min {min} max {max}")
        }
        OptionKind::Combo { default, values } => {
            let vars: String = values.iter().map(|v| format!(" var {v}")).collect();
            format!("option name {name} type combo default {default}{vars}")
        }
        OptionKind::Button => format!("option name {name} type button"),
        OptionKind::Text { default } => format!("option name {name} type string default {default}"),
    }
}

/// The default value of an option.
pub fn default_value(spec: &OptionSpec) -> OptionValue {
    match &spec.kind {
        OptionKind::Check { default } => OptionValue::Check(*default),
        OptionKind::Spin { default, .. } => OptionValue::Spin(*default),
        OptionKind::Combo { default, .. } => OptionValue::Combo(default.to_string()),
        OptionKind::Button => OptionValue::Button,
        OptionKind::Text { default } => OptionValue::Text(text_value(default)),
    }
}

fn text_value(text: &str) -> String {
    if text == "<empty>" {
        String::new()
    } else {
        text.to_string()
    }
}

/// Checks `value` for the option `spec`.
///
/// # Errors
/// An [`OptionError`] saying what is wrong with the value.
pub fn parse_value(spec: &OptionSpec, value: Option<&str>) -> Result<OptionValue, OptionError> {
    let option = spec.name;
    if let OptionKind::Button = spec.kind {
        return Ok(OptionValue::Button);
    }
    let value = match (&spec.kind, value) {
        (OptionKind::Text { .. }, None) => "",
        (_, Some(value)) => value.trim(),
        (_, None) => return Err(OptionError::MissingValue { option }),
    };
    match &spec.kind {
        OptionKind::Check { .. } => match value.to_ascii_lowercase().as_str() {
            "true" => Ok(OptionValue::Check(true)),
            "false" => Ok(OptionValue::Check(false)),
            _ => Err(OptionError::NotABool { option, value: value.to_string() }),
        },
        OptionKind::Spin { min, max, .. } => {
            let number: i64 = value
                .parse::<i64>()
                .or_else(|_| {
                    // Some GUIs send spins as decimals (`16.0`); accept whole numbers.
                    value
                        .parse::<f64>()
                        .ok()
                        .filter(|f| f.fract() == 0.0 && f.is_finite())
                        .map(|f| f as i64)
                        .ok_or(())
                })
                .map_err(|_| OptionError::NotANumber { option, value: value.to_string() })?;
            if number < *min || number > *max {
                return Err(OptionError::OutOfRange {
                    option,
                    value: value.to_string(),
                    min: *min,
                    max: *max,
                });
            }
            Ok(OptionValue::Spin(number))
        }
        OptionKind::Combo { values, .. } => match values.iter().find(|v| **v == value) {
            Some(v) => Ok(OptionValue::Combo(v.to_string())),
            None => Err(OptionError::NotInCombo {
                option,
                value: value.to_string(),
                values: values.clone(),
            }),
        },
        OptionKind::Text { .. } => Ok(OptionValue::Text(text_value(value))),
        OptionKind::Button => unreachable!("handled above"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_match_fairy_stockfish() {
        let line = |name| option_line(find(name).unwrap(), Protocol::Uci);
        assert_eq!(line("Debug Log File"), "option name Debug Log File type string default ");
        assert_eq!(line("Threads"), "option name Threads type spin default 1 min 1 max 512");
        assert_eq!(line("Clear Hash"), "option name Clear Hash type button");
        assert_eq!(line("SyzygyPath"), "option name SyzygyPath type string default <empty>");
        assert!(line("UCI_Variant")
            .starts_with("option name UCI_Variant type combo default chess var chess"));
    }

    #[test]
    fn usi_spellings() {
        assert_eq!(usi_name("Hash"), "USI_Hash");
        assert_eq!(usi_name("Ponder"), "USI_Ponder");
        assert_eq!(usi_name("MultiPV"), "USI_MultiPV");
        assert_eq!(usi_name("UCI_Variant"), "USI_Variant");
        assert_eq!(usi_name("Move Overhead"), "Move_Overhead");
        assert_eq!(usi_name("Threads"), "Threads");
        assert_eq!(find("usi_hash").unwrap().name, "Hash");
        assert_eq!(find("move_overhead").unwrap().name, "Move Overhead");
        assert_eq!(find("MOVE OVERHEAD").unwrap().name, "Move Overhead");
        assert!(find("Hashes").is_none());
    }

    #[test]
    fn variant_combo_is_sorted_bytewise() {
        let names = variant_names();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
        assert!(names.contains(&"chess"));
    }

    #[test]
    fn value_checks() {
        let hash = find("Hash").unwrap();
        assert_eq!(parse_value(hash, Some("64")), Ok(OptionValue::Spin(64)));
        assert_eq!(parse_value(hash, Some("32.0")), Ok(OptionValue::Spin(32)));
        assert!(parse_value(hash, Some("0")).is_err());
        assert!(parse_value(hash, Some("lots")).is_err());
        assert!(parse_value(hash, None).is_err());
        let ponder = find("Ponder").unwrap();
        assert_eq!(parse_value(ponder, Some("true")), Ok(OptionValue::Check(true)));
        assert!(parse_value(ponder, Some("yes")).is_err());
        let variant = find("UCI_Variant").unwrap();
        assert_eq!(parse_value(variant, Some("chess")), Ok(OptionValue::Combo("chess".into())));
        assert!(parse_value(variant, Some("Chess")).is_err());
        let path = find("SyzygyPath").unwrap();
        assert_eq!(parse_value(path, Some("<empty>")), Ok(OptionValue::Text(String::new())));
        assert_eq!(parse_value(path, None), Ok(OptionValue::Text(String::new())));
    }
}
