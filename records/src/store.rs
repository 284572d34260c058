//! The data store: a folder per variant (`data/<variant>/`) holding its chunks and their
//! manifest, and the journal of the chunk being generated.
//!
//! # Writing, and resuming after a kill
//! Games go first to the variant's journal, `pending.ekgj`, uncompressed, each in one
//! write: a kill loses only the games in progress, and a cut last frame is dropped when
//! the journal is opened again. The journal's header names the chunk it fills and the
//! settings it is generated with, and a run with other settings is refused, so that a
//! chunk's manifest line tells the truth about all its games. When the journal holds
//! enough positions it becomes a chunk: the chunk is written whole ([`chunk::write_whole`]),
//! its manifest line appended, and the journal emptied for the next chunk. A kill between
//! those steps is mended when the journal is opened again: a chunk file without a
//! manifest line is removed (its games are still in the journal), and a journal whose
//! chunk the manifest already lists is emptied. The journal is locked while a run
//! writes it, so two runs cannot fill one chunk.
//!
//! # Journal layout (little-endian)
//! The magic `EKGJ`, the format version (u16), the variant's name, the evaluation's name
//! (each a u8 length, then UTF-8), the chunk number (u32), the nodes a move (u64) and the
//! seed (u64); then frames: the record's length (u32), the processor time its game took
//! in milliseconds (u32), and the record.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use ekumen_calendar::Date;
use ekumen_movegen::{for_variant, Variant, VariantId};

use crate::chunk::{self, ChunkHeader};
use crate::game::replay;
use crate::manifest::{self, Entry};
use crate::sha256::sha256_hex;
use crate::SKIPPED_SEARCHES;

/// The journal's file name in a variant's folder.
pub const JOURNAL: &str = "pending.ekgj";
const JOURNAL_MAGIC: [u8; 4] = *b"EKGJ";
/// The chunks' file extension.
pub const CHUNK_EXTENSION: &str = "ekg";
/// The size all variants' chunks together may reach, in bytes.
pub const STORE_BUDGET_BYTES: u64 = 200_000_000;

/// What a run generates with: a chunk holds games of one such setting only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub variant: VariantId,
    /// A net's name, or `classical`.
    pub evaluation: String,
    pub nodes: u64,
    pub seed: u64,
}

/// The file name of chunk `number` of `variant`.
pub fn chunk_name(variant: VariantId, number: u32) -> String {
    format!("{variant}-{number:05}.{CHUNK_EXTENSION}")
}

/// The chunk number in a chunk's file name.
fn chunk_number(variant: VariantId, name: &str) -> Option<u32> {
    let rest = name.strip_prefix(variant.name())?.strip_prefix('-')?;
    rest.strip_suffix(&format!(".{CHUNK_EXTENSION}"))?.parse().ok()
}

/// The journal of the chunk being generated, locked for this run.
#[derive(Debug)]
pub struct Journal {
    dir: PathBuf,
    file: File,
    settings: Settings,
    chunk: u32,
    /// Whole records, one after another.
    records: Vec<u8>,
    games: u32,
    positions: u32,
    quiet: u64,
    millis: u64,
}

impl Journal {
    /// Opens (or starts) the journal in `dir`, the variant's folder, for a run with
    /// `settings`, mending what a killed run left (see the module documentation).
    ///
    /// # Errors
    /// A journal of other settings, one another run holds, or what failed on disk.
    pub fn open(dir: &Path, settings: Settings) -> Result<Journal, String> {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let path = dir.join(JOURNAL);
        let cannot = |e: std::io::Error| format!("cannot open {}: {e}", path.display());
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(cannot)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                return Err(format!("{} is being written by another run", path.display()))
            }
            Err(TryLockError::Error(e)) => return Err(cannot(e)),
        }
        let listed = manifest::read(dir)?;
        remove_unlisted_chunks(dir, settings.variant, &listed)?;
        let next = listed
            .iter()
            .filter_map(|e| chunk_number(settings.variant, &e.chunk))
            .max()
            .map_or(1, |n| n + 1);
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(cannot)?;
        let mut journal = Journal {
            dir: dir.to_path_buf(),
            file,
            settings,
            chunk: next,
            records: Vec::new(),
            games: 0,
            positions: 0,
            quiet: 0,
            millis: 0,
        };
        if bytes.is_empty() {
            journal.restart(next)?;
            return Ok(journal);
        }
        let (theirs, chunk, frames_start) = parse_journal_header(&bytes)
            .map_err(|e| format!("{}: {e}; move it away to start afresh", path.display()))?;
        if theirs != journal.settings {
            return Err(format!(
                "{} holds games of {} at {} nodes with seed {}: finish its chunk with those \
                 settings, or move it away",
                path.display(),
                theirs.evaluation,
                theirs.nodes,
                theirs.seed
            ));
        }
        if chunk < next {
            eprintln!("{}: its chunk {chunk} is already stored; starting afresh", path.display());
            journal.restart(next)?;
            return Ok(journal);
        }
        journal.chunk = chunk;
        let whole = journal.read_frames(&bytes[frames_start..]);
        let whole_len = (frames_start + whole) as u64;
        if whole_len < bytes.len() as u64 {
            eprintln!("{}: dropping a cut last game at byte {whole_len}", path.display());
            journal.file.set_len(whole_len).map_err(cannot)?;
        }
        journal.file.seek(SeekFrom::End(0)).map_err(cannot)?;
        Ok(journal)
    }

    /// Takes the whole frames of a journal; returns how many bytes they took.
    fn read_frames(&mut self, mut frames: &[u8]) -> usize {
        let mut taken = 0;
        while frames.len() >= 8 {
            let len = u32::from_le_bytes(frames[..4].try_into().expect("four bytes")) as usize;
            let millis = u32::from_le_bytes(frames[4..8].try_into().expect("four bytes"));
            let Some(record) = frames.get(8..8 + len) else { break };
            if self.count(record, millis).is_err() {
                break;
            }
            taken += 8 + len;
            frames = &frames[8 + len..];
        }
        taken
    }

    /// Empties the journal for chunk `number`.
    fn restart(&mut self, number: u32) -> Result<(), String> {
        let path = self.dir.join(JOURNAL);
        let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
        self.chunk = number;
        self.records.clear();
        (self.games, self.positions, self.quiet, self.millis) = (0, 0, 0, 0);
        self.file.set_len(0).map_err(cannot)?;
        self.file.seek(SeekFrom::Start(0)).map_err(cannot)?;
        let mut header = Vec::new();
        header.extend_from_slice(&JOURNAL_MAGIC);
        header.extend_from_slice(&chunk::VERSION.to_le_bytes());
        for name in [self.settings.variant.name(), &self.settings.evaluation] {
            header.push(name.len() as u8);
            header.extend_from_slice(name.as_bytes());
        }
        header.extend_from_slice(&number.to_le_bytes());
        header.extend_from_slice(&self.settings.nodes.to_le_bytes());
        header.extend_from_slice(&self.settings.seed.to_le_bytes());
        self.file.write_all(&header).map_err(cannot)?;
        self.file.sync_all().map_err(cannot)
    }

    /// Replays `record` and adds it to the counts.
    fn count(&mut self, record: &[u8], millis: u32) -> Result<(), String> {
        let mut quiet = 0;
        let summary = for_variant!(self.settings.variant, V => replay::<V>(record, |visit| {
            quiet += u64::from(visit.is_quiet(SKIPPED_SEARCHES));
        }))?;
        if summary.bytes != record.len() {
            return Err("a record with bytes after its end".into());
        }
        self.records.extend_from_slice(record);
        self.games += 1;
        self.positions += summary.positions as u32;
        self.quiet += quiet;
        self.millis += u64::from(millis);
        Ok(())
    }

    /// Adds a finished game's record, which took `millis` of a thread's time.
    ///
    /// # Errors
    /// A record that does not replay, or a failed write.
    pub fn add(&mut self, record: &[u8], millis: u32) -> Result<(), String> {
        self.count(record, millis)?;
        let mut frame = Vec::with_capacity(record.len() + 8);
        frame.extend_from_slice(&(record.len() as u32).to_le_bytes());
        frame.extend_from_slice(&millis.to_le_bytes());
        frame.extend_from_slice(record);
        self.file
            .write_all(&frame)
            .map_err(|e| format!("cannot write {}: {e}", self.dir.join(JOURNAL).display()))
    }

    /// Positions searched in the journal.
    pub fn positions(&self) -> u64 {
        u64::from(self.positions)
    }

    /// Games in the journal.
    pub fn games(&self) -> u64 {
        u64::from(self.games)
    }

    /// The number of the chunk being filled.
    pub fn chunk(&self) -> u32 {
        self.chunk
    }

    /// Turns the journal into a chunk with its manifest line, and starts the next one.
    ///
    /// # Errors
    /// What failed; the journal then still holds the games.
    pub fn finish_chunk(&mut self) -> Result<Entry, String> {
        let header = ChunkHeader {
            variant: self.settings.variant,
            games: self.games,
            positions: self.positions,
        };
        let bytes = chunk::encode(&header, &self.records)?;
        if bytes.len() as u64 > chunk::MAX_CHUNK_BYTES {
            return Err(format!(
                "the chunk would take {} bytes, over the store's limit of {}",
                bytes.len(),
                chunk::MAX_CHUNK_BYTES
            ));
        }
        let name = chunk_name(self.settings.variant, self.chunk);
        chunk::write_whole(&self.dir.join(&name), &bytes)?;
        // Converted samples took no search time: their rate is 0.
        let seconds = self.millis as f64 / 1000.0;
        let entry = Entry {
            chunk: name,
            games: u64::from(self.games),
            positions: u64::from(self.positions),
            quiet: self.quiet,
            evaluation: self.settings.evaluation.clone(),
            nodes: self.settings.nodes,
            seed: self.settings.seed,
            date: Date::today().to_string(),
            rate: if seconds > 0.0 { f64::from(self.positions) / seconds } else { 0.0 },
            bytes: bytes.len() as u64,
            sha256: sha256_hex(&bytes),
        };
        manifest::append(&self.dir, &entry)?;
        self.restart(self.chunk + 1)?;
        Ok(entry)
    }
}

fn parse_journal_header(bytes: &[u8]) -> Result<(Settings, u32, usize), String> {
    if bytes.get(..4) != Some(&JOURNAL_MAGIC[..]) {
        return Err("not a journal of game records (no EKGJ magic)".into());
    }
    let field = |at: usize, n: usize| bytes.get(at..at + n).ok_or("a header cut short");
    let version = u16::from_le_bytes(field(4, 2)?.try_into().expect("two bytes"));
    if version != chunk::VERSION {
        return Err(format!("format version {version}; this build writes {}", chunk::VERSION));
    }
    let mut at = 6;
    let mut names = Vec::new();
    for _ in 0..2 {
        let len = usize::from(field(at, 1)?[0]);
        let name = std::str::from_utf8(field(at + 1, len)?).map_err(|_| "a name not UTF-8")?;
        names.push(name.to_string());
        at += 1 + len;
    }
    let variant = VariantId::from_name(&names[0])
        .ok_or_else(|| format!("a journal of unknown variant {:?}", names[0]))?;
    let chunk = u32::from_le_bytes(field(at, 4)?.try_into().expect("four bytes"));
    let nodes = u64::from_le_bytes(field(at + 4, 8)?.try_into().expect("eight bytes"));
    let seed = u64::from_le_bytes(field(at + 12, 8)?.try_into().expect("eight bytes"));
    let settings = Settings { variant, evaluation: names[1].clone(), nodes, seed };
    Ok((settings, chunk, at + 20))
}

/// Removes chunk files the manifest does not list: written by a run killed before their
/// manifest line, their games are still in the journal.
fn remove_unlisted_chunks(dir: &Path, variant: VariantId, listed: &[Entry]) -> Result<(), String> {
    for name in chunk_files(dir, variant)? {
        if !listed.iter().any(|e| e.chunk == name) {
            eprintln!("{}: removing {name}, which the manifest does not list", dir.display());
            fs::remove_file(dir.join(&name))
                .map_err(|e| format!("cannot remove {}: {e}", dir.join(&name).display()))?;
        }
    }
    Ok(())
}

/// The names of the chunk files in `dir`, sorted.
fn chunk_files(dir: &Path, variant: VariantId) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    let entries = fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if chunk_number(variant, &name).is_some() {
            names.push(name);
        }
    }
    names.sort();
    Ok(names)
}

/// Reads a listed chunk and checks it against its manifest line (size and checksum);
/// returns its records, decompressed.
///
/// # Errors
/// What does not match.
pub fn read_chunk(dir: &Path, variant: VariantId, entry: &Entry) -> Result<Vec<u8>, String> {
    let path = dir.join(&entry.chunk);
    let bytes = fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 != entry.bytes {
        return Err(format!(
            "{}: {} bytes, the manifest says {}",
            entry.chunk,
            bytes.len(),
            entry.bytes
        ));
    }
    let digest = sha256_hex(&bytes);
    if digest != entry.sha256 {
        return Err(format!(
            "{}: SHA-256 {digest}, the manifest says {}",
            entry.chunk, entry.sha256
        ));
    }
    let (header, records) = chunk::decode(&bytes).map_err(|e| format!("{}: {e}", entry.chunk))?;
    if header.variant != variant {
        return Err(format!(
            "{}: a chunk of {}, in {variant}'s folder",
            entry.chunk, header.variant
        ));
    }
    if (u64::from(header.games), u64::from(header.positions)) != (entry.games, entry.positions) {
        return Err(format!(
            "{}: its header counts {} games and {} positions, the manifest {} and {}",
            entry.chunk, header.games, header.positions, entry.games, entry.positions
        ));
    }
    Ok(records)
}

/// What the check of a variant's folder found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub chunks: u64,
    pub games: u64,
    pub positions: u64,
    pub quiet: u64,
    pub bytes: u64,
}

/// Checks a variant's folder: every listed chunk is there, its size and SHA-256 are the
/// manifest's, it replays, and its games, positions and quiet positions are the
/// manifest's counts; no chunk is there unlisted.
///
/// # Errors
/// Every problem found, one a line.
pub fn check(dir: &Path, variant: VariantId) -> Result<Totals, Vec<String>> {
    let entries = manifest::read(dir).map_err(|e| vec![e])?;
    let mut problems = Vec::new();
    let mut totals = Totals::default();
    for entry in &entries {
        match read_chunk(dir, variant, entry)
            .and_then(|records| for_variant!(variant, V => replay_counts::<V>(&records, entry)))
        {
            Ok(()) => {
                totals.chunks += 1;
                totals.games += entry.games;
                totals.positions += entry.positions;
                totals.quiet += entry.quiet;
                totals.bytes += entry.bytes;
            }
            Err(e) => problems.push(e),
        }
    }
    match chunk_files(dir, variant) {
        Ok(files) => {
            for name in files.iter().filter(|f| !entries.iter().any(|e| &e.chunk == *f)) {
                problems.push(format!("{name}: a chunk the manifest does not list"));
            }
        }
        Err(e) => problems.push(e),
    }
    if problems.is_empty() {
        Ok(totals)
    } else {
        Err(problems)
    }
}

/// Replays a chunk's records and compares the counts with its manifest line.
fn replay_counts<V: Variant>(records: &[u8], entry: &Entry) -> Result<(), String> {
    let mut quiet = 0u64;
    let games = chunk::replay_all::<V>(records, |visit| {
        quiet += u64::from(visit.is_quiet(SKIPPED_SEARCHES));
    })
    .map_err(|e| format!("{}: {e}", entry.chunk))?;
    let positions: u64 = games.iter().map(|g| g.positions as u64).sum();
    let found = (games.len() as u64, positions, quiet);
    let listed = (entry.games, entry.positions, entry.quiet);
    if found != listed {
        return Err(format!(
            "{}: replays to {} games, {} positions, {} quiet; the manifest says {}, {}, {}",
            entry.chunk, found.0, found.1, found.2, listed.0, listed.1, listed.2
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunk_names_carry_their_number() {
        let name = chunk_name(VariantId::Gothic, 12);
        assert_eq!(name, "gothic-00012.ekg");
        assert_eq!(chunk_number(VariantId::Gothic, &name), Some(12));
        assert_eq!(chunk_number(VariantId::Chess, &name), None);
        assert_eq!(chunk_number(VariantId::Gothic, "gothic-00012.ekg.partial"), None);
    }
}
