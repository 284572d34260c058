//! Readers for the test data files in `tests/data`.
//!
//! - `perft/<variant>.epd`: blocks of `epd <fen>` followed by `perft <depth> <count>`
//!   lines; `#` starts a comment.
//! - `oracle/<variant>.txt`: one position per line, fields separated by ` ; `:
//!   `fen ; moves <sorted UCI moves> ; perft1 N ; perft2 N [; perft3 N] ; check 0|1 ;
//!   end <win|loss|draw|->`, the reference rules' answers (see oracle/README.md).

use std::path::PathBuf;

pub use ekumen_movegen::Rng;

/// The `tests/data` directory.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data")
}

fn read(relative: &str) -> String {
    let path = data_dir().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// One position of a perft file with its expected counts.
#[derive(Debug, Clone)]
pub struct PerftCase {
    pub fen: String,
    /// Read as Chess960 (the line starts `epd960`).
    pub chess960: bool,
    /// (depth, leaf count)
    pub counts: Vec<(u32, u64)>,
}

/// Reads `perft/<name>.epd`.
pub fn perft_cases(name: &str) -> Vec<PerftCase> {
    let mut cases: Vec<PerftCase> = Vec::new();
    for (n, line) in read(&format!("perft/{name}.epd")).lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(fen) = line.strip_prefix("epd ") {
            cases.push(PerftCase { fen: fen.trim().to_string(), chess960: false, counts: vec![] });
        } else if let Some(fen) = line.strip_prefix("epd960 ") {
            cases.push(PerftCase { fen: fen.trim().to_string(), chess960: true, counts: vec![] });
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut parts = rest.split_whitespace();
            let depth = parts.next().and_then(|d| d.parse().ok());
            let count = parts.next().and_then(|c| c.parse().ok());
            match (depth, count, cases.last_mut()) {
                (Some(d), Some(c), Some(case)) => case.counts.push((d, c)),
                _ => panic!("perft/{name}.epd line {}: bad perft line '{line}'", n + 1),
            }
        } else {
            panic!("perft/{name}.epd line {}: unexpected '{line}'", n + 1);
        }
    }
    cases
}

/// One position of an oracle file.
#[derive(Debug, Clone)]
pub struct OracleCase {
    pub fen: String,
    /// Legal moves in UCI form, sorted.
    pub moves: Vec<String>,
    /// perft(1), perft(2), ... as far as the line goes.
    pub perft: Vec<u64>,
    /// The side to move's royal piece is attacked.
    pub check: bool,
    /// `win`, `loss` or `draw` when the game has ended on the board, else `-`.
    pub end: String,
}

/// Reads `oracle/<name>.txt`.
pub fn oracle_cases(name: &str) -> Vec<OracleCase> {
    read(&format!("oracle/{name}.txt"))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut fields = line.split(" ; ");
            let fen = fields.next().expect("a FEN").trim().to_string();
            let mut case = OracleCase {
                fen,
                moves: Vec::new(),
                perft: Vec::new(),
                check: false,
                end: "-".into(),
            };
            for field in fields {
                let (key, value) = field.split_once(' ').unwrap_or((field, ""));
                match key {
                    "moves" => case.moves = value.split_whitespace().map(str::to_string).collect(),
                    "check" => case.check = value.trim() == "1",
                    "end" => case.end = value.trim().to_string(),
                    k if k.starts_with("perft") => {
                        case.perft.push(value.trim().parse().expect("a count"))
                    }
                    other => panic!("oracle/{name}.txt: unknown field '{other}'"),
                }
            }
            case
        })
        .collect()
}

/// A sequence of moves and Fairy-Stockfish's optional game end after it
/// (`oracle/game_ends.txt`).
#[derive(Debug, Clone)]
pub struct GameEndCase {
    pub variant: String,
    pub fen: String,
    pub moves: Vec<String>,
    /// `win`, `loss` or `draw` for the side to move, or `-` when the game goes on.
    pub end: String,
}

/// Reads `oracle/game_ends.txt`.
pub fn game_end_cases() -> Vec<GameEndCase> {
    read("oracle/game_ends.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split(" ; ").collect();
            let [variant, fen, moves, end] = fields[..] else {
                panic!("oracle/game_ends.txt: bad line '{line}'");
            };
            let value = |field: &str, key: &str| -> String {
                match field.strip_prefix(key) {
                    Some(value) => value.trim().to_string(),
                    None => panic!("oracle/game_ends.txt: '{key}' expected in '{line}'"),
                }
            };
            GameEndCase {
                variant: variant.trim().to_string(),
                fen: value(fen, "fen "),
                moves: value(moves, "moves").split_whitespace().map(str::to_string).collect(),
                end: value(end, "end "),
            }
        })
        .collect()
}

/// The generator of the random games: `seed` spread over the bits first, so that small
/// seeds start far apart.
pub fn rng(seed: u64) -> Rng {
    Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
}
