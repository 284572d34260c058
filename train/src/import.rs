//! Turns scored FEN text into a sample file.
//!
//! Each line is `fen;score;result`, as `scripts/datagen/gen_tuning_data.py` writes the
//! tuning data in `tune/data/`: the score in centipawns and the result (1, 0.5 or 0) both
//! from White's side. The score becomes the side to move's, clamped to `i16`; the result
//! becomes 2, 1 or 0.
//!
//! These files carry no game numbers, but they keep each game's positions together and in
//! order, and the FEN's move counters give each position's ply: `2 · (fullmove - 1)`, plus
//! one with Black to move. The ply then falls back where the next game starts, which is
//! where [`crate::data`] starts a game; two games run together only when the later one
//! starts at a later ply than the earlier one's last sample, which merely holds out or keeps
//! both together.

use ekumen_movegen::{Color, Position, Variant};
use ekumen_nnue::sample::{self, header, Sample};

/// What an import read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Imported {
    pub samples: usize,
    /// Games as the plies mark them.
    pub games: usize,
}

/// Appends a sample file (header included) made from `text` to `out`.
pub fn import_text<V: Variant>(text: &str, out: &mut Vec<u8>) -> Result<Imported, String> {
    out.extend_from_slice(&header::<V>());
    let mut imported = Imported::default();
    let mut last_ply = None;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let sample = parse_line::<V>(line).map_err(|why| format!("line {}: {why}", number + 1))?;
        if sample::starts_game(last_ply, sample.ply) {
            imported.games += 1;
        }
        last_ply = Some(sample.ply);
        sample.encode::<V>(out);
        imported.samples += 1;
    }
    Ok(imported)
}

/// The sample of one `fen;score;result` line.
pub fn parse_line<V: Variant>(line: &str) -> Result<Sample, String> {
    let mut fields = line.rsplitn(3, ';');
    let (Some(result), Some(score), Some(fen)) = (fields.next(), fields.next(), fields.next())
    else {
        return Err("not `fen;score;result`".to_string());
    };
    let pos = Position::<V>::from_fen(fen.trim(), false).map_err(|e| format!("bad FEN: {e}"))?;
    let white_score: f64 = score.trim().parse().map_err(|_| format!("bad score {score:?}"))?;
    let white_result: f64 = result.trim().parse().map_err(|_| format!("bad result {result:?}"))?;
    let result = match white_result {
        1.0 => 2,
        0.5 => 1,
        0.0 => 0,
        _ => return Err(format!("result {white_result}, not 1, 0.5 or 0")),
    };
    let side = pos.side_to_move();
    let score = if side == Color::White { white_score } else { -white_score };
    let score = score.round().clamp(i16::MIN as f64 + 1.0, i16::MAX as f64) as i16;
    let ply = 2 * pos.fullmove_number().saturating_sub(1) + (side == Color::Black) as u32;
    Ok(Sample::of(&pos, score, result, ply.min(u16::MAX as u32) as u16))
}
