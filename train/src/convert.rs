//! Sample files into the data store.
//!
//! A sample keeps a position, its score and its game's result, but not the moves that led
//! to it, so it becomes a record of one position played no further (`Ending::Converted`),
//! which the trainer reads as it reads any other record's quiet position. The position is
//! rebuilt from the sample's men, hands and side to move, without castling rights or an en
//! passant square, which the net's inputs do not see.

use std::path::Path;

use ekumen_movegen::fen::{hands_text, placement_text};
use ekumen_movegen::{Color, GameResult, Position, Variant, VariantId};
use ekumen_nnue::sample::{samples, Sample};
use ekumen_records::store::{Journal, Settings};
use ekumen_records::{Ending, GameWriter, Score};

/// What a conversion wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Converted {
    pub samples: u64,
    pub chunks: u64,
}

/// The FEN of a sample's position.
pub fn sample_fen<V: Variant>(sample: &Sample) -> String {
    let mut fen = placement_text::<V>(|sq| {
        sample.men.iter().find(|&&(_, at)| at == sq).map(|&(piece, _)| piece)
    });
    if V::DROPS {
        fen.push('[');
        fen += &hands_text::<V>(|color, kind| sample.hands[color.index()][kind.index()]);
        fen.push(']');
    }
    fen += if sample.side == Color::White { " w - - 0 1" } else { " b - - 0 1" };
    fen
}

/// Appends every sample of the sample file `bytes` (header included) to the store folder
/// `dir` as one-position records, a chunk for every `chunk_positions`; the chunks name
/// `evaluation` as their source.
///
/// # Errors
/// A sample that does not decode or whose position is not a legal FEN, or what failed in
/// the store.
pub fn convert<V: Variant>(
    bytes: &[u8],
    dir: &Path,
    evaluation: &str,
    chunk_positions: u64,
) -> Result<Converted, String> {
    let variant = VariantId::from_name(V::NAME).expect("one of the variants");
    let settings = Settings { variant, evaluation: evaluation.to_string(), nodes: 0, seed: 0 };
    let mut journal = Journal::open(dir, settings)?;
    let mut converted = Converted::default();
    for (number, sample) in samples::<V>(bytes).enumerate() {
        let sample = sample.map_err(|e| format!("sample {}: {e}", number + 1))?;
        let fen = sample_fen::<V>(&sample);
        let pos = Position::<V>::from_fen(&fen, false)
            .map_err(|e| format!("sample {}: {fen}: {e}", number + 1))?;
        let mut writer = GameWriter::new(&pos);
        writer.push_unplayed(&pos, Score::centipawns(i32::from(sample.score)));
        let result = match sample.result {
            0 => GameResult::Loss,
            1 => GameResult::Draw,
            _ => GameResult::Win,
        };
        let mut record = Vec::new();
        writer.finish(result, Ending::Converted, &mut record);
        journal.add(&record, 0)?;
        converted.samples += 1;
        if journal.positions() >= chunk_positions {
            journal.finish_chunk()?;
            converted.chunks += 1;
        }
    }
    if journal.games() > 0 {
        journal.finish_chunk()?;
        converted.chunks += 1;
    }
    Ok(converted)
}
