//! A chunk: a file of whole game records, compressed.
//!
//! # Layout (format version 1, little-endian)
//!
//! | field | type |
//! | --- | --- |
//! | magic `EKGC` | 4 bytes |
//! | format version ([`VERSION`]) | u16 |
//! | the variant's name | u8 length, then UTF-8 |
//! | games | u32 |
//! | positions searched | u32 |
//! | the records ([`crate::game`]), one after another, as one zstd frame | to the end |
//!
//! The counts sit outside the compressed body so that a listing needs no decompression,
//! and the check compares them with what the body replays to. A chunk is written to a
//! temporary name, synced and then renamed, so that it exists whole or not at all.
//!
//! zstd at level 19 was chosen by measuring chess records (see `docs/nnue.md`, "The data
//! store"): it compressed them best of the codecs tried but for xz, which was as small
//! within a few per cent but several times slower to read back, and a trainer reads the
//! store once an epoch.

use std::fs::{self, File};
use std::io::Write;
use std::path::Path;

use ekumen_movegen::{Variant, VariantId};

use crate::game::{replay, GameSummary, Visit};

pub const MAGIC: [u8; 4] = *b"EKGC";
/// The chunk and record format this code reads and writes.
pub const VERSION: u16 = 1;
/// zstd's level: its strongest before the "ultra" levels, whose window needs more memory
/// to read back.
const LEVEL: i32 = 19;
/// The largest chunk the store accepts, in bytes.
pub const MAX_CHUNK_BYTES: u64 = 20_000_000;

/// A chunk's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChunkHeader {
    pub variant: VariantId,
    pub games: u32,
    pub positions: u32,
}

/// Encodes a chunk of `records` (whole records, one after another).
///
/// # Errors
/// If the compressor fails.
pub fn encode(header: &ChunkHeader, records: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(records.len() / 3 + 64);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    let name = header.variant.name().as_bytes();
    out.push(name.len() as u8);
    out.extend_from_slice(name);
    out.extend_from_slice(&header.games.to_le_bytes());
    out.extend_from_slice(&header.positions.to_le_bytes());
    let body = zstd::bulk::compress(records, LEVEL).map_err(|e| format!("zstd: {e}"))?;
    out.extend_from_slice(&body);
    Ok(out)
}

/// Reads a chunk's header; returns it and where the compressed body starts.
///
/// # Errors
/// What is wrong with the header.
pub fn read_header(bytes: &[u8]) -> Result<(ChunkHeader, usize), String> {
    if bytes.get(..4) != Some(&MAGIC[..]) {
        return Err("not a chunk of game records (no EKGC magic)".into());
    }
    let field = |at: usize, n: usize| bytes.get(at..at + n).ok_or("a header cut short");
    let version = u16::from_le_bytes(field(4, 2)?.try_into().expect("two bytes"));
    if version != VERSION {
        return Err(format!("format version {version}; this build reads version {VERSION}"));
    }
    let name_len = usize::from(field(6, 1)?[0]);
    let name = std::str::from_utf8(field(7, name_len)?).map_err(|_| "a variant name not UTF-8")?;
    let variant =
        VariantId::from_name(name).ok_or_else(|| format!("a chunk of unknown variant {name:?}"))?;
    let at = 7 + name_len;
    let games = u32::from_le_bytes(field(at, 4)?.try_into().expect("four bytes"));
    let positions = u32::from_le_bytes(field(at + 4, 4)?.try_into().expect("four bytes"));
    Ok((ChunkHeader { variant, games, positions }, at + 8))
}

/// The records of a chunk, decompressed.
///
/// # Errors
/// What is wrong with the header or the body.
pub fn decode(bytes: &[u8]) -> Result<(ChunkHeader, Vec<u8>), String> {
    let (header, body_start) = read_header(bytes)?;
    let records = zstd::stream::decode_all(&bytes[body_start..])
        .map_err(|e| format!("the compressed body: {e}"))?;
    Ok((header, records))
}

/// Replays every record of `records`, visiting each position; returns the summaries.
///
/// # Errors
/// The first record that does not replay, by its number.
pub fn replay_all<V: Variant>(
    records: &[u8],
    mut visit: impl FnMut(&Visit<'_, V>),
) -> Result<Vec<GameSummary>, String> {
    let mut at = 0;
    let mut games = Vec::new();
    while at < records.len() {
        let summary = replay::<V>(&records[at..], &mut visit)
            .map_err(|e| format!("game {} (byte {at}): {e}", games.len() + 1))?;
        at += summary.bytes;
        games.push(summary);
    }
    Ok(games)
}

/// Writes `bytes` to `path` whole or not at all: to a temporary file beside it, synced,
/// then renamed over `path`.
///
/// # Errors
/// What failed, naming the file.
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let file_name = path.file_name().and_then(|n| n.to_str()).unwrap_or("chunk");
    let temporary = path.with_file_name(format!(".{file_name}.partial"));
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", temporary.display());
    let mut file = File::create(&temporary).map_err(cannot)?;
    file.write_all(bytes).map_err(cannot)?;
    file.sync_all().map_err(cannot)?;
    drop(file);
    fs::rename(&temporary, path)
        .map_err(|e| format!("cannot rename {} to {}: {e}", temporary.display(), path.display()))
}
