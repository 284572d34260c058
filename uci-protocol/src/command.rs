//! Commands a GUI sends, parsed from one line of text.
//!
//! Words are matched case-sensitively, as Fairy-Stockfish does (`UCI` is an unknown
//! command). Blank lines and lines whose first word starts with `#` are ignored, and so are
//! extra words after a command that takes none (`isready now`), as in Fairy-Stockfish.
//! The UCI and USI command sets are accepted in either protocol (`usinewgame` in UCI,
//! `position sfen` in UCI); only the meaning of `go`'s clocks depends on it. Numbers in
//! `go` saturate instead of overflowing, and negative clock times (sent by some GUIs after
//! a flag fall) count as zero; anything else that is not a number is an error.
//!
//! A [`CommandError`] prints as the exact line the engine answers with: `Unknown command:
//! <line>` for an unknown first word (Fairy-Stockfish's wording), `info string <what>` for
//! a known command that is malformed.

use std::fmt;

/// The protocol a session speaks; the first command (or the command line) picks it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum Protocol {
    #[default]
    Uci,
    Usi,
    Xboard,
}

impl Protocol {
    /// The word that selects the protocol (`uci`, `usi`, `xboard`).
    pub fn word(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::Usi => "usi",
            Protocol::Xboard => "xboard",
        }
    }

    /// The protocol named by `word`, if any.
    pub fn from_word(word: &str) -> Option<Protocol> {
        match word {
            "uci" => Some(Protocol::Uci),
            "usi" => Some(Protocol::Usi),
            "xboard" => Some(Protocol::Xboard),
            _ => None,
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Where a `position` command starts from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionSetup {
    /// The variant's start position.
    Startpos,
    /// A FEN (the words between `fen` and `moves`, joined by single spaces).
    Fen(String),
    /// A USI SFEN.
    Sfen(String),
}

/// The limits and modes of a `go` command.
///
/// Clock fields are indexed by player: `[0]` is the player who moves first (White in UCI,
/// sente, written `b`, in USI), `[1]` the other; the parser swaps USI's `btime`/`wtime`.
/// Times are milliseconds.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GoParams {
    pub time: [Option<u64>; 2],
    pub increment: [Option<u64>; 2],
    pub moves_to_go: Option<u64>,
    /// USI byoyomi: time per move once the main time is used up.
    pub byoyomi: Option<u64>,
    pub depth: Option<u64>,
    pub nodes: Option<u64>,
    pub move_time: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u64>,
    pub infinite: bool,
    pub ponder: bool,
    /// Root moves to restrict the search to, as written by the GUI.
    pub search_moves: Vec<String>,
}

/// One parsed command line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// `uci`, `usi` or `xboard`: the protocol handshake.
    Hello(Protocol),
    /// `debug on|off`.
    Debug(bool),
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    /// `ucinewgame` / `usinewgame`.
    NewGame,
    Position {
        setup: PositionSetup,
        moves: Vec<String>,
    },
    Go(GoParams),
    /// `go perft N`.
    Perft(u32),
    Stop,
    PonderHit,
    Quit,
    /// `d`: draw the board and print FEN, SFEN, key and checkers.
    Display,
    /// `eval`: the static evaluation of the current position.
    Eval,
    /// `bench [depth]`.
    Bench {
        depth: Option<u32>,
    },
    /// USI `gameover win|lose|draw`.
    GameOver(String),
    /// UCI `register ...` (accepted and ignored).
    Register,
}

/// What was wrong with a command line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CommandError {
    /// The first word is no command; holds the whole line as typed.
    Unknown(String),
    /// A known command with malformed arguments.
    Malformed { command: &'static str, problem: String },
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(line) => write!(f, "Unknown command: {line}"),
            CommandError::Malformed { command, problem } => {
                write!(f, "info string {command}: {problem}")
            }
        }
    }
}

impl std::error::Error for CommandError {}

fn malformed(command: &'static str, problem: impl Into<String>) -> CommandError {
    CommandError::Malformed { command, problem: problem.into() }
}

/// Parses one line of input.
///
/// Returns `Ok(None)` for a line that says nothing (blank, or a `#` comment).
///
/// # Errors
/// A [`CommandError`] whose `Display` is the engine's answer.
pub fn parse_command(line: &str, protocol: Protocol) -> Result<Option<Command>, CommandError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, args)) = words.split_first() else {
        return Ok(None);
    };
    if first.starts_with('#') {
        return Ok(None);
    }
    match first {
        "uci" | "usi" | "xboard" => {
            let protocol = Protocol::from_word(first).expect("a protocol word");
            Ok(Some(Command::Hello(protocol)))
        }
        "isready" => Ok(Some(Command::IsReady)),
        "ucinewgame" | "usinewgame" => Ok(Some(Command::NewGame)),
        "stop" => Ok(Some(Command::Stop)),
        "ponderhit" => Ok(Some(Command::PonderHit)),
        "quit" => Ok(Some(Command::Quit)),
        "d" => Ok(Some(Command::Display)),
        "eval" => Ok(Some(Command::Eval)),
        "register" => Ok(Some(Command::Register)),
        "debug" => match args {
            [] | ["on"] => Ok(Some(Command::Debug(true))),
            ["off"] => Ok(Some(Command::Debug(false))),
            _ => Err(malformed("debug", "expected 'debug on' or 'debug off'")),
        },
        "gameover" => Ok(Some(Command::GameOver(args.join(" ")))),
        "setoption" => parse_setoption(args).map(Some),
        "position" => parse_position(args).map(Some),
        "go" => parse_go(args, protocol).map(Some),
        "bench" => match args {
            [] => Ok(Some(Command::Bench { depth: None })),
            [depth] => match depth.parse::<u32>() {
                Ok(d) if (1..=64).contains(&d) => Ok(Some(Command::Bench { depth: Some(d) })),
                _ => Err(malformed("bench", format!("depth '{depth}' is not a number in 1..64"))),
            },
            _ => Err(malformed("bench", "expected 'bench [depth]'")),
        },
        _ => Err(CommandError::Unknown(line.trim_end_matches(['\r', '\n']).to_string())),
    }
}

/// `setoption name <name words> [value <value words>]`.
fn parse_setoption(args: &[&str]) -> Result<Command, CommandError> {
    let usage = || malformed("setoption", "expected 'setoption name <option> [value <value>]'");
    let Some((&"name", rest)) = args.split_first() else {
        return Err(usage());
    };
    let value_at = rest.iter().position(|&w| w == "value");
    let (name_words, value) = match value_at {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name_words.is_empty() {
        return Err(usage());
    }
    Ok(Command::SetOption { name: name_words.join(" "), value })
}

/// `position startpos|fen <FEN>|sfen <SFEN> [moves <m1> <m2> ...]`.
fn parse_position(args: &[&str]) -> Result<Command, CommandError> {
    let moves_at = args.iter().position(|&w| w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&args[..i], args[i + 1..].iter().map(|m| m.to_string()).collect()),
        None => (args, Vec::new()),
    };
    let setup = match head.split_first() {
        Some((&"startpos", [])) => PositionSetup::Startpos,
        Some((&"startpos", extra)) => {
            return Err(malformed(
                "position",
                format!("unexpected '{}' after startpos (expected 'moves')", extra.join(" ")),
            ))
        }
        Some((&"fen", [])) => return Err(malformed("position", "missing FEN after 'fen'")),
        Some((&"fen", fen)) => PositionSetup::Fen(fen.join(" ")),
        Some((&"sfen", [])) => return Err(malformed("position", "missing SFEN after 'sfen'")),
        Some((&"sfen", sfen)) => PositionSetup::Sfen(sfen.join(" ")),
        Some((other, _)) => {
            return Err(malformed(
                "position",
                format!("expected 'startpos', 'fen' or 'sfen', found '{other}'"),
            ))
        }
        None => return Err(malformed("position", "expected 'startpos', 'fen' or 'sfen'")),
    };
    Ok(Command::Position { setup, moves })
}

const GO_KEYWORDS: &[&str] = &[
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "byoyomi",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "perft",
    "infinite",
    "ponder",
    "searchmoves",
];

/// A non-negative count: digits, saturating at `u64::MAX`.
fn parse_count(keyword: &str, text: Option<&&str>) -> Result<u64, CommandError> {
    let Some(text) = text else {
        return Err(malformed("go", format!("missing value after '{keyword}'")));
    };
    parse_saturating(text).map(|v| v.max(0) as u64).filter(|_| !text.starts_with('-')).ok_or_else(
        || malformed("go", format!("'{keyword}' needs a non-negative number, found '{text}'")),
    )
}

/// A time in milliseconds: a possibly negative integer, negative values counting as zero.
fn parse_time(keyword: &str, text: Option<&&str>) -> Result<u64, CommandError> {
    let Some(text) = text else {
        return Err(malformed("go", format!("missing value after '{keyword}'")));
    };
    parse_saturating(text)
        .map(|v| v.max(0) as u64)
        .ok_or_else(|| malformed("go", format!("'{keyword}' needs a number, found '{text}'")))
}

/// An optionally signed decimal integer, saturating at the `i64` bounds.
fn parse_saturating(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut value: i64 = 0;
    for b in digits.bytes() {
        value = value.saturating_mul(10).saturating_add((b - b'0') as i64);
    }
    Some(if negative { -value } else { value })
}

fn parse_go(args: &[&str], protocol: Protocol) -> Result<Command, CommandError> {
    // In USI `b` is the first player (sente), so its clock goes to index 0.
    let (first, second) = match protocol {
        Protocol::Usi => ('b', 'w'),
        _ => ('w', 'b'),
    };
    let mut go = GoParams::default();
    let mut i = 0;
    while i < args.len() {
        let word = args[i];
        let value = args.get(i + 1);
        let mut consumed = 2;
        match word {
            "wtime" | "btime" => {
                let player = usize::from(word.starts_with(second) && !word.starts_with(first));
                go.time[player] = Some(parse_time(word, value)?);
            }
            "winc" | "binc" => {
                let player = usize::from(word.starts_with(second) && !word.starts_with(first));
                go.increment[player] = Some(parse_time(word, value)?);
            }
            "movestogo" => go.moves_to_go = Some(parse_count(word, value)?),
            "byoyomi" => go.byoyomi = Some(parse_time(word, value)?),
            "depth" => go.depth = Some(parse_count(word, value)?),
            "nodes" => go.nodes = Some(parse_count(word, value)?),
            "movetime" => go.move_time = Some(parse_time(word, value)?),
            "mate" => go.mate = Some(parse_count(word, value)?),
            "perft" => {
                let depth = parse_count(word, value)?;
                if depth == 0 || depth > 64 {
                    return Err(malformed("go", format!("perft depth {depth} is not in 1..64")));
                }
                return Ok(Command::Perft(depth as u32));
            }
            "infinite" => {
                go.infinite = true;
                consumed = 1;
            }
            "ponder" => {
                go.ponder = true;
                consumed = 1;
            }
            "searchmoves" => {
                let moves: Vec<String> = args[i + 1..]
                    .iter()
                    .take_while(|w| !GO_KEYWORDS.contains(w))
                    .map(|w| w.to_string())
                    .collect();
                consumed = 1 + moves.len();
                go.search_moves = moves;
            }
            other => return Err(malformed("go", format!("unknown parameter '{other}'"))),
        }
        i += consumed;
    }
    Ok(Command::Go(go))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Option<Command>, CommandError> {
        parse_command(line, Protocol::Uci)
    }

    #[test]
    fn blank_and_comment_lines_say_nothing() {
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse("   \t "), Ok(None));
        assert_eq!(parse("# a comment"), Ok(None));
    }

    #[test]
    fn unknown_commands_echo_the_line() {
        let err = parse(" foo bar ").unwrap_err();
        assert_eq!(err.to_string(), "Unknown command:  foo bar ");
        assert_eq!(parse("UCI").unwrap_err().to_string(), "Unknown command: UCI");
    }

    #[test]
    fn setoption_names_and_values_keep_their_words() {
        assert_eq!(
            parse("setoption name Move Overhead value 100"),
            Ok(Some(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("100".into())
            }))
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Some(Command::SetOption { name: "Clear Hash".into(), value: None }))
        );
        assert_eq!(
            parse("setoption name SyzygyPath value"),
            Ok(Some(Command::SetOption { name: "SyzygyPath".into(), value: Some(String::new()) }))
        );
        assert!(parse("setoption").is_err());
        assert!(parse("setoption value 3").is_err());
        assert!(parse("setoption name value 3").is_err());
    }

    #[test]
    fn position_forms() {
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            Ok(Some(Command::Position {
                setup: PositionSetup::Startpos,
                moves: vec!["e2e4".into(), "e7e5".into()]
            }))
        );
        assert_eq!(
            parse("position fen 8/8/8/8/8/8/8/K1k5  w - - 0 1"),
            Ok(Some(Command::Position {
                setup: PositionSetup::Fen("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
                moves: vec![]
            }))
        );
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert!(parse("position fen moves e2e4").is_err());
        assert!(parse("position startpos e2e4").is_err());
        assert!(parse("position somewhere").is_err());
    }

    #[test]
    fn go_limits_and_usi_clock_swap() {
        let Ok(Some(Command::Go(go))) =
            parse("go wtime 1000 btime -50 winc 10 binc 20 movestogo 5 depth 3")
        else {
            panic!("go parses")
        };
        assert_eq!(go.time, [Some(1000), Some(0)]);
        assert_eq!(go.increment, [Some(10), Some(20)]);
        assert_eq!(go.moves_to_go, Some(5));
        assert_eq!(go.depth, Some(3));

        let Ok(Some(Command::Go(go))) =
            parse_command("go btime 1000 wtime 2000 byoyomi 300", Protocol::Usi)
        else {
            panic!("go parses")
        };
        assert_eq!(go.time, [Some(1000), Some(2000)]);
        assert_eq!(go.byoyomi, Some(300));
    }

    #[test]
    fn go_searchmoves_stop_at_keywords() {
        let Ok(Some(Command::Go(go))) = parse("go searchmoves e2e4 d2d4 depth 2 infinite") else {
            panic!("go parses")
        };
        assert_eq!(go.search_moves, vec!["e2e4".to_string(), "d2d4".to_string()]);
        assert_eq!(go.depth, Some(2));
        assert!(go.infinite);
    }

    #[test]
    fn go_errors() {
        assert!(parse("go depth").is_err());
        assert!(parse("go depth x").is_err());
        assert!(parse("go depth -1").is_err());
        assert!(parse("go sideways").is_err());
        assert!(parse("go perft 0").is_err());
        assert_eq!(parse("go perft 3"), Ok(Some(Command::Perft(3))));
        let Ok(Some(Command::Go(go))) = parse("go nodes 99999999999999999999999") else {
            panic!("saturates")
        };
        assert_eq!(go.nodes, Some(i64::MAX as u64));
    }
}
