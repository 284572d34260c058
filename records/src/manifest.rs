//! A variant's manifest: one line per chunk of its store, tab-separated, under a header
//! line that names the columns:
//!
//! | column | what |
//! | --- | --- |
//! | `chunk` | the chunk's file name, in the manifest's folder |
//! | `games` | games recorded |
//! | `positions` | positions searched (the opening's random plies are not counted) |
//! | `quiet` | of those, the ones the trainer learns from by default ([`crate::SKIPPED_SEARCHES`]) |
//! | `evaluation` | what the searches evaluated with: a net's name, or `classical` |
//! | `nodes` | nodes searched for every move |
//! | `seed` | the generator's seed |
//! | `date` | the day the chunk was finished, UTC |
//! | `rate` | positions searched a second, per generating thread |
//! | `bytes` | the chunk's size |
//! | `sha256` | the chunk's SHA-256, as `sha256sum` prints it |
//!
//! A line is appended, in one write, only once its chunk is on disk whole.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::Path;

/// The manifest's file name in a variant's folder.
pub const FILE_NAME: &str = "manifest.tsv";
const HEADER: &str =
    "chunk\tgames\tpositions\tquiet\tevaluation\tnodes\tseed\tdate\trate\tbytes\tsha256";

/// One chunk's line.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub chunk: String,
    pub games: u64,
    pub positions: u64,
    pub quiet: u64,
    pub evaluation: String,
    pub nodes: u64,
    pub seed: u64,
    pub date: String,
    pub rate: f64,
    pub bytes: u64,
    pub sha256: String,
}

impl Entry {
    fn line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.1}\t{}\t{}\n",
            self.chunk,
            self.games,
            self.positions,
            self.quiet,
            self.evaluation,
            self.nodes,
            self.seed,
            self.date,
            self.rate,
            self.bytes,
            self.sha256
        )
    }

    fn parse(line: &str) -> Result<Entry, String> {
        let fields: Vec<&str> = line.split('\t').collect();
        let [chunk, games, positions, quiet, evaluation, nodes, seed, date, rate, bytes, sha256] =
            fields[..]
        else {
            return Err(format!("{} fields where 11 were expected", fields.len()));
        };
        let number = |name: &str, text: &str| {
            text.parse::<u64>().map_err(|_| format!("{name} {text:?} is not a count"))
        };
        Ok(Entry {
            chunk: chunk.to_string(),
            games: number("games", games)?,
            positions: number("positions", positions)?,
            quiet: number("quiet", quiet)?,
            evaluation: evaluation.to_string(),
            nodes: number("nodes", nodes)?,
            seed: number("seed", seed)?,
            date: date.to_string(),
            rate: rate.parse().map_err(|_| format!("rate {rate:?} is not a number"))?,
            bytes: number("bytes", bytes)?,
            sha256: sha256.to_string(),
        })
    }
}

/// Reads the manifest in `dir`; a folder without one has an empty manifest.
///
/// # Errors
/// A line that does not parse, by its number.
pub fn read(dir: &Path) -> Result<Vec<Entry>, String> {
    let path = dir.join(FILE_NAME);
    let text = match fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, HEADER)) => {}
        _ => return Err(format!("{}: the first line is not the header", path.display())),
    }
    lines
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(number, line)| {
            Entry::parse(line).map_err(|e| format!("{}:{}: {e}", path.display(), number + 1))
        })
        .collect()
}

/// Appends `entry` to the manifest in `dir`, creating it with its header if need be.
///
/// # Errors
/// What failed, naming the file.
pub fn append(dir: &Path, entry: &Entry) -> Result<(), String> {
    let path = dir.join(FILE_NAME);
    let cannot = |e: std::io::Error| format!("cannot append to {}: {e}", path.display());
    let fresh = !path.exists();
    let mut file = OpenOptions::new().create(true).append(true).open(&path).map_err(cannot)?;
    let mut text = String::new();
    if fresh {
        text.push_str(HEADER);
        text.push('\n');
    }
    text.push_str(&entry.line());
    file.write_all(text.as_bytes()).map_err(cannot)?;
    file.sync_all().map_err(cannot)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back_as_written() {
        let entry = Entry {
            chunk: "chess-00001.ekg".into(),
            games: 12,
            positions: 1234,
            quiet: 800,
            evaluation: "chess-gen2".into(),
            nodes: 5000,
            seed: 7,
            date: "2026-12-06".into(),
            rate: 74.5,
            bytes: 4321,
            sha256: "ab".repeat(32),
        };
        let line = entry.line();
        assert_eq!(Entry::parse(line.trim_end()), Ok(entry));
        assert!(Entry::parse("a\tb").is_err());
    }
}
