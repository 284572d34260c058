//! CECP (XBoard/WinBoard) in Fairy-Stockfish's dialect: commands in, features, thinking
//! lines and results out.
//!
//! Moves are written as in UCI (`e2e4`, `a7a8q`, `P@e4`, castling as the king's move);
//! none of our boards has ten ranks, so Fairy-Stockfish's 0-based CECP ranks never apply.
//! A word that is no command is taken for a move (protocol version 1 sends bare moves);
//! if it is not a legal move either, the answer is `Error (unknown command): <word>`, as
//! Fairy-Stockfish prints.

use std::fmt;

use ekumen_movegen::VariantId;

use crate::options::{self, OptionKind};
use crate::report::Score;

/// One CECP command.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum XboardCommand {
    /// `xboard` itself (repeated handshake).
    Xboard,
    Protover(u32),
    /// `accepted` / `rejected` answers to features.
    FeatureReply,
    New,
    Variant(String),
    Force,
    Go,
    PlayOther,
    /// `white` / `black` (protocol 1): the side to move becomes this colour.
    SetSide {
        white: bool,
    },
    Level {
        moves_per_session: u32,
        base_ms: u64,
        increment_ms: u64,
    },
    /// `st`: seconds per move.
    MoveTime {
        ms: u64,
    },
    /// `sd`: depth limit.
    Depth(u32),
    /// `time`: the engine's clock, in centiseconds.
    Time(i64),
    /// `otim`: the opponent's clock, in centiseconds.
    OpponentTime(i64),
    /// `usermove M`, or a bare word that may be a move.
    UserMove {
        text: String,
        explicit: bool,
    },
    /// `?`: move now.
    MoveNow,
    Ping(String),
    Draw,
    Result(String),
    SetBoard(String),
    Hint,
    Book,
    Undo,
    Remove,
    Hard,
    Easy,
    Post,
    NoPost,
    Analyze,
    Exit,
    /// `exclude M` / `exclude all`: leave moves out of the analysis (`None`: all of them).
    Exclude(Option<String>),
    /// `include M` / `include all`: take moves back into the analysis.
    Include(Option<String>),
    /// `.` (analysis status), `name`, `rating`, `ics`, `computer`, `random`, `hover`, ...:
    /// accepted and ignored.
    Ignored,
    Option {
        name: String,
        value: Option<String>,
    },
    Memory(u64),
    Cores(u64),
    Quit,
    /// Extras shared with UCI.
    Perft(u32),
    Display,
    Eval,
}

/// A malformed CECP command; prints as `Error (<kind>): <command>`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct XboardError {
    pub kind: &'static str,
    pub command: String,
}

impl fmt::Display for XboardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Error ({}): {}", self.kind, self.command)
    }
}

impl std::error::Error for XboardError {}

fn bad_parameter(line: &str) -> XboardError {
    XboardError { kind: "bad parameter", command: line.trim().to_string() }
}

/// Parses one CECP line; `Ok(None)` for a blank line.
///
/// # Errors
/// An [`XboardError`] whose `Display` is the line to answer with.
pub fn parse_xboard(line: &str) -> Result<Option<XboardCommand>, XboardError> {
    use XboardCommand as C;
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, args)) = words.split_first() else {
        return Ok(None);
    };
    let rest = || args.join(" ");
    let number = |i: usize| -> Result<i64, XboardError> {
        args.get(i).and_then(|w| w.parse::<i64>().ok()).ok_or_else(|| bad_parameter(line))
    };
    let command = match first {
        "xboard" => C::Xboard,
        "protover" => C::Protover(number(0)?.clamp(0, 1000) as u32),
        "accepted" | "rejected" => C::FeatureReply,
        "new" => C::New,
        "variant" => match args.first() {
            Some(name) => C::Variant(name.to_string()),
            None => return Err(bad_parameter(line)),
        },
        "force" => C::Force,
        "go" => C::Go,
        "playother" => C::PlayOther,
        "white" => C::SetSide { white: true },
        "black" => C::SetSide { white: false },
        "level" => parse_level(line, args)?,
        "st" => C::MoveTime { ms: (number(0)?.max(0) as u64).saturating_mul(1000) },
        "sd" => C::Depth(number(0)?.clamp(1, 64) as u32),
        "time" => C::Time(number(0)?),
        "otim" => C::OpponentTime(number(0)?),
        "usermove" => match args {
            [text] => C::UserMove { text: text.to_string(), explicit: true },
            _ => return Err(bad_parameter(line)),
        },
        "?" => C::MoveNow,
        "ping" => C::Ping(rest()),
        "draw" => C::Draw,
        "result" => C::Result(rest()),
        "setboard" => {
            if args.is_empty() {
                return Err(bad_parameter(line));
            }
            C::SetBoard(rest())
        }
        "hint" => C::Hint,
        "bk" => C::Book,
        "undo" => C::Undo,
        "remove" => C::Remove,
        "hard" => C::Hard,
        "easy" => C::Easy,
        "post" => C::Post,
        "nopost" => C::NoPost,
        "analyze" => C::Analyze,
        "exit" => C::Exit,
        "exclude" | "include" => {
            let moves = match args {
                ["all"] => None,
                [text] => Some(text.to_string()),
                _ => return Err(bad_parameter(line)),
            };
            if first == "exclude" {
                C::Exclude(moves)
            } else {
                C::Include(moves)
            }
        }
        "." | "name" | "rating" | "ics" | "computer" | "random" | "hover" | "put" | "lift"
        | "edit" | "partner" | "ptell" | "holding" | "pause" | "resume" => C::Ignored,
        "option" => {
            let text = rest();
            match text.split_once('=') {
                Some((name, value)) => {
                    C::Option { name: name.trim().to_string(), value: Some(value.to_string()) }
                }
                None if !text.is_empty() => C::Option { name: text, value: None },
                None => return Err(bad_parameter(line)),
            }
        }
        "memory" => C::Memory(number(0)?.max(1) as u64),
        "cores" => C::Cores(number(0)?.max(1) as u64),
        "quit" => C::Quit,
        "perft" => match number(0)? {
            depth @ 1..=64 => C::Perft(depth as u32),
            _ => return Err(bad_parameter(line)),
        },
        "d" => C::Display,
        "eval" => C::Eval,
        _ if args.is_empty() => C::UserMove { text: first.to_string(), explicit: false },
        _ => return Err(XboardError { kind: "unknown command", command: line.trim().to_string() }),
    };
    Ok(Some(command))
}

/// `level MPS BASE INC`: BASE in minutes or `min:sec`, INC in (possibly fractional) seconds.
fn parse_level(line: &str, args: &[&str]) -> Result<XboardCommand, XboardError> {
    let [mps, base, inc] = args else {
        return Err(bad_parameter(line));
    };
    let mps: u32 = mps.parse().map_err(|_| bad_parameter(line))?;
    let base_seconds: f64 = match base.split_once(':') {
        Some((minutes, seconds)) => {
            let minutes: f64 = minutes.parse().map_err(|_| bad_parameter(line))?;
            let seconds: f64 = seconds.parse().map_err(|_| bad_parameter(line))?;
            minutes * 60.0 + seconds
        }
        None => base.parse::<f64>().map_err(|_| bad_parameter(line))? * 60.0,
    };
    let inc: f64 = inc.parse().map_err(|_| bad_parameter(line))?;
    if !(base_seconds.is_finite() && inc.is_finite()) || base_seconds < 0.0 || inc < 0.0 {
        return Err(bad_parameter(line));
    }
    Ok(XboardCommand::Level {
        moves_per_session: mps,
        base_ms: (base_seconds * 1000.0).min(1e15) as u64,
        increment_ms: (inc * 1000.0).min(1e15) as u64,
    })
}

/// The variant name XBoard uses ([`ekumen_movegen::Variant::XBOARD_NAME`]).
pub fn xboard_variant_name(variant: VariantId) -> &'static str {
    variant.info().xboard_name
}

/// The variant an XBoard name means (`normal` and `chess` are chess).
pub fn variant_from_xboard(name: &str) -> Option<VariantId> {
    VariantId::ALL
        .into_iter()
        .find(|v| xboard_variant_name(*v) == name)
        .or_else(|| VariantId::from_name(name))
}

/// The `setup` and `piece` lines by which XBoard learns `variant`
/// ([`ekumen_movegen::variant::XboardDefinition`], given in each variant's file); `None`
/// for the variants XBoard plays itself (chess, gothic).
pub fn variant_definition(variant: VariantId) -> Option<Vec<String>> {
    let definition = variant.info().xboard_definition?;
    let mut lines = vec![definition.setup.to_string()];
    lines.extend(definition.pieces.iter().map(|piece| format!("piece {piece}")));
    Some(lines)
}

/// The `feature` lines answering `protover 2`, the last one `feature done=1`.
pub fn features(engine_name: &str) -> Vec<String> {
    let mut variants: Vec<&str> = VariantId::ALL.iter().map(|&v| xboard_variant_name(v)).collect();
    variants.sort_unstable();
    if let Some(i) = variants.iter().position(|&v| v == "normal") {
        let normal = variants.remove(i);
        variants.insert(0, normal);
    }
    let mut first = format!(
        "feature setboard=1 usermove=1 time=1 memory=1 smp=1 colors=0 draw=0 highlight=0 \
         exclude=1 name=0 sigint=0 ping=1 myname=\"{engine_name}\" variants=\"{}\"",
        variants.join(",")
    );
    for spec in options::all() {
        if [options::names::VARIANT, options::names::THREADS, options::names::HASH]
            .contains(&spec.name)
        {
            continue;
        }
        let kind = match &spec.kind {
            OptionKind::Check { default } => format!("-check {}", i32::from(*default)),
            OptionKind::Spin { default, min, max } => format!("-spin {default} {min} {max}"),
            OptionKind::Combo { default, values } => {
                let others: String =
                    values.iter().filter(|v| *v != default).map(|v| format!(" /// {v}")).collect();
                format!("-combo {default}{others}")
            }
            OptionKind::Button => "-button".to_string(),
            OptionKind::Text { default } => format!("-string {default}"),
        };
        first += &format!("\nfeature option=\"{} {kind}\"", spec.name);
    }
    vec![first, "feature done=1".to_string()]
}

/// A score as CECP prints it: centipawns, or 100000 + moves for a mate.
pub fn xboard_score(score: Score) -> i64 {
    match score {
        Score::Cp(cp) => i64::from(cp),
        Score::Mating(plies) => 100_000 + i64::from(plies.div_ceil(2)),
        Score::Mated(plies) => -100_000 - i64::from(plies.div_ceil(2)),
    }
}

/// A thinking line: `depth score centiseconds nodes seldepth nps tbhits<TAB> pv`.
pub fn thinking_line(
    depth: u32,
    score: Score,
    time_ms: u64,
    nodes: u64,
    seldepth: u32,
    tbhits: u64,
    pv: &[String],
) -> String {
    let time_ms = time_ms.max(1);
    let nps = (u128::from(nodes) * 1000 / u128::from(time_ms)) as u64;
    let score = xboard_score(score);
    let mut line = format!("{depth} {score} {} {nodes} {seldepth} {nps} {tbhits}\t", time_ms / 10);
    for m in pv {
        line.push(' ');
        line += m;
    }
    line
}

/// The result line for a game over: `1-0 {White wins}`, `0-1 {Black wins}`,
/// `1/2-1/2 {Draw}` (`white_result` is +1, 0 or -1 from White's side).
pub fn result_line(white_result: i32) -> &'static str {
    match white_result.signum() {
        1 => "1-0 {White wins}",
        -1 => "0-1 {Black wins}",
        _ => "1/2-1/2 {Draw}",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands() {
        assert_eq!(parse_xboard("protover 2"), Ok(Some(XboardCommand::Protover(2))));
        assert_eq!(
            parse_xboard("level 40 5 0"),
            Ok(Some(XboardCommand::Level {
                moves_per_session: 40,
                base_ms: 300_000,
                increment_ms: 0
            }))
        );
        assert_eq!(
            parse_xboard("level 0 2:30 1.5"),
            Ok(Some(XboardCommand::Level {
                moves_per_session: 0,
                base_ms: 150_000,
                increment_ms: 1500
            }))
        );
        assert_eq!(
            parse_xboard("usermove e2e4"),
            Ok(Some(XboardCommand::UserMove { text: "e2e4".into(), explicit: true }))
        );
        assert_eq!(
            parse_xboard("e2e4"),
            Ok(Some(XboardCommand::UserMove { text: "e2e4".into(), explicit: false }))
        );
        assert_eq!(
            parse_xboard("option Move Overhead=100"),
            Ok(Some(XboardCommand::Option {
                name: "Move Overhead".into(),
                value: Some("100".into())
            }))
        );
        assert_eq!(parse_xboard("ping 7"), Ok(Some(XboardCommand::Ping("7".into()))));
        assert_eq!(
            parse_xboard("foo bar").unwrap_err().to_string(),
            "Error (unknown command): foo bar"
        );
        assert_eq!(
            parse_xboard("level x y z").unwrap_err().to_string(),
            "Error (bad parameter): level x y z"
        );
        assert!(parse_xboard("st").is_err());
        assert_eq!(
            parse_xboard("exclude e2e4"),
            Ok(Some(XboardCommand::Exclude(Some("e2e4".into()))))
        );
        assert_eq!(parse_xboard("include all"), Ok(Some(XboardCommand::Include(None))));
        assert!(parse_xboard("exclude").is_err());
        assert_eq!(parse_xboard("  "), Ok(None));
    }

    #[test]
    fn output_formats() {
        let features = features("Ekumen 0.1.0");
        assert!(features[0].starts_with("feature setboard=1 usermove=1 "));
        assert!(features[0].contains("variants=\"normal,"));
        assert!(features[0].contains("\nfeature option=\"Move Overhead -spin 10 0 5000\""));
        assert_eq!(features[1], "feature done=1");
        assert_eq!(
            thinking_line(3, Score::Cp(25), 1234, 5000, 5, 0, &["e2e4".into(), "e7e5".into()]),
            "3 25 123 5000 5 4051 0\t e2e4 e7e5"
        );
        assert_eq!(xboard_score(Score::Mating(3)), 100_002);
        assert_eq!(xboard_score(Score::Mated(2)), -100_001);
        assert_eq!(result_line(0), "1/2-1/2 {Draw}");
        assert_eq!(result_line(-1), "0-1 {Black wins}");
    }
}
