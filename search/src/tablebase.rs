//! Syzygy endgame tablebases: loading them from `SyzygyPath`, probing win/draw/loss
//! (WDL) in the search and distance to zeroing (DTZ) at the root, in this crate's own
//! types.
//!
//! # The prober
//! The tables are read by `pyrrhic-rs` (MIT), a Rust port of the Pyrrhic C prober (itself
//! from Fathom), which asks the engine for attack sets through a trait; here the chess
//! tables of `ekumen-movegen` answer. `shakmaty-syzygy` is the better kept crate, but it
//! is GPL-3.0, which would make the whole binary GPL, and the project is MIT; it also
//! probes from its own position type, so every probe would copy the board into it.
//! Pyrrhic probes from eight bitboards, so a probe costs one pass over the few men on
//! the board. Only the rest of this crate's types cross this module's border.
//!
//! Pyrrhic keeps its tables in process-wide state: one set of tables per process, loaded
//! by [`set_path`] under a write lock and probed under read locks (the WDL probe is
//! thread-safe; the root probe is not, and takes the write lock).
//!
//! # Rules
//! Tables describe standard chess (and Chess960 positions without castling rights):
//! every probe of another variant, or of a position with castling rights, answers
//! `None`. The search's use of the answers, Stockfish's, is in [`crate::alphabeta`]
//! (WDL after zeroing moves) and [`crate::thread`] (DTZ ranking of the root moves).

use std::path::Path;
use std::sync::RwLock;

use ekumen_movegen::variants::chess::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use ekumen_movegen::variants::Chess;
use ekumen_movegen::{Bitboard, Color, Move, MoveKind, PieceType, Position, Square, Variant};
use pyrrhic_rs::{DtzProbeValue, EngineAdapter, TableBases, WdlProbeResult};

/// The separator between directories in `SyzygyPath`.
pub const PATH_SEPARATOR: char = if cfg!(windows) { ';' } else { ':' };

/// A win/draw/loss verdict for the side to move, the fifty-move rule aside: a cursed
/// win is won, but not within fifty moves of the last zeroing move; a blessed loss
/// likewise lost.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum Wdl {
    Loss = -2,
    BlessedLoss = -1,
    Draw = 0,
    CursedWin = 1,
    Win = 2,
}

impl Wdl {
    fn from_probe(result: WdlProbeResult) -> Wdl {
        match result {
            WdlProbeResult::Loss => Wdl::Loss,
            WdlProbeResult::BlessedLoss => Wdl::BlessedLoss,
            WdlProbeResult::Draw => Wdl::Draw,
            WdlProbeResult::CursedWin => Wdl::CursedWin,
            WdlProbeResult::Win => Wdl::Win,
        }
    }

    /// The verdict for the other side.
    pub fn flipped(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }
}

/// What [`set_path`] found.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Loaded {
    /// WDL table files (`.rtbw`) in the directories.
    pub tables: usize,
    /// The most men (kings included) a loaded table covers; 0 without tables.
    pub max_pieces: u32,
    /// Directories that could not be read, with the reason.
    pub unreadable: Vec<String>,
}

/// The attack sets Pyrrhic asks for, from the chess attack tables.
#[derive(Clone, Debug)]
struct ChessAttacks;

fn chess_attacks(color: Color, kind: PieceType, square: u64, occupied: u64) -> u64 {
    Chess::tables().attacks(color, kind, Square::new(square as u8), Bitboard(occupied)).0
}

impl EngineAdapter for ChessAttacks {
    fn pawn_attacks(color: pyrrhic_rs::Color, square: u64) -> u64 {
        let color = match color {
            pyrrhic_rs::Color::White => Color::White,
            pyrrhic_rs::Color::Black => Color::Black,
        };
        chess_attacks(color, PAWN, square, 0)
    }
    fn knight_attacks(square: u64) -> u64 {
        chess_attacks(Color::White, KNIGHT, square, 0)
    }
    fn bishop_attacks(square: u64, occupied: u64) -> u64 {
        chess_attacks(Color::White, BISHOP, square, occupied)
    }
    fn rook_attacks(square: u64, occupied: u64) -> u64 {
        chess_attacks(Color::White, ROOK, square, occupied)
    }
    fn queen_attacks(square: u64, occupied: u64) -> u64 {
        chess_attacks(Color::White, QUEEN, square, occupied)
    }
    fn king_attacks(square: u64) -> u64 {
        chess_attacks(Color::White, KING, square, 0)
    }
}

struct Tables {
    path: String,
    prober: Option<TableBases<ChessAttacks>>,
    loaded: Loaded,
}

static TABLES: RwLock<Tables> = RwLock::new(Tables {
    path: String::new(),
    prober: None,
    loaded: Loaded { tables: 0, max_pieces: 0, unreadable: Vec::new() },
});

/// Whether `name` is a table file of `extension` Pyrrhic would load (`KQvKR.rtbw`).
fn is_table_name(name: &str, extension: &str) -> bool {
    let Some(material) = name.strip_suffix(extension) else { return false };
    let Some((white, black)) = material.split_once('v') else { return false };
    let side = |s: &str| s.starts_with('K') && s[1..].chars().all(|c| "QRBNP".contains(c));
    side(white) && side(black) && white.len() + black.len() <= 7
}

/// The men a table file covers (`KQvKR.rtbw`: 4).
fn table_pieces(name: &str) -> u32 {
    name.chars().take_while(|&c| c != '.').filter(|c| c.is_ascii_uppercase()).count() as u32
}

/// Loads the tables in `path` (directories separated by [`PATH_SEPARATOR`]); an empty
/// path or `<empty>` unloads them. The same path twice loads nothing anew. A directory
/// that cannot be read is reported in [`Loaded::unreadable`] and the others are loaded.
///
/// # Errors
/// When the prober cannot start on the directories (it then has no tables).
pub fn set_path(path: &str) -> Result<Loaded, String> {
    let mut tables = TABLES.write().unwrap_or_else(|e| e.into_inner());
    let path = if path == "<empty>" { "" } else { path.trim() };
    if tables.path == path && (path.is_empty() || tables.prober.is_some()) {
        return Ok(tables.loaded.clone());
    }
    // Pyrrhic holds one set of tables per process: the old one goes first.
    tables.prober = None;
    tables.loaded = Loaded::default();
    tables.path = path.to_string();
    if path.is_empty() {
        return Ok(Loaded::default());
    }
    let mut loaded = Loaded::default();
    let mut readable = Vec::new();
    for dir in path.split(PATH_SEPARATOR).filter(|d| !d.is_empty()) {
        match std::fs::read_dir(Path::new(dir)) {
            Ok(entries) => {
                for entry in entries.flatten() {
                    let name = entry.file_name().to_string_lossy().into_owned();
                    if is_table_name(&name, ".rtbw") {
                        loaded.tables += 1;
                        loaded.max_pieces = loaded.max_pieces.max(table_pieces(&name));
                    }
                }
                readable.push(dir);
            }
            Err(error) => loaded.unreadable.push(format!("{dir}: {error}")),
        }
    }
    if loaded.tables == 0 {
        return Ok(loaded);
    }
    // Pyrrhic splits its path at ':' on every system.
    match TableBases::<ChessAttacks>::new(readable.join(":")) {
        Ok(prober) => {
            loaded.max_pieces = loaded.max_pieces.min(prober.max_pieces());
            tables.prober = Some(prober);
            tables.loaded = loaded.clone();
            Ok(loaded)
        }
        Err(error) => Err(format!("the tablebases in {path} cannot be loaded ({error:?})")),
    }
}

/// The most men a loaded table covers (0: no tables).
pub fn max_pieces() -> u32 {
    TABLES.read().map_or(0, |t| t.loaded.max_pieces)
}

/// The board as Pyrrhic takes it: colours, then kings to pawns, as 64-bit masks.
struct Board {
    white: u64,
    black: u64,
    kinds: [u64; 6],
    ep: u32,
    white_to_move: bool,
}

/// Whether the tables can describe `pos`: standard chess men on an 8x8 board, no
/// castling rights.
pub fn applies<V: Variant>(pos: &Position<V>) -> bool {
    (const { is_chess::<V>() }) && pos.castling_rights() == 0
}

const fn is_chess<V: Variant>() -> bool {
    let (a, b) = (V::NAME.as_bytes(), Chess::NAME.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

fn mask<V: Variant>(mut squares: ekumen_movegen::attacks::Bb<V>) -> u64 {
    let mut bits = 0;
    while squares.is_nonempty() {
        bits |= 1u64 << squares.pop_lsb().index();
    }
    bits
}

fn board<V: Variant>(pos: &Position<V>) -> Board {
    let mut kinds = [0; 6];
    for (slot, kind) in kinds.iter_mut().zip([KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN]) {
        *slot = mask::<V>(pos.pieces_of_type(kind));
    }
    Board {
        white: mask::<V>(pos.pieces(Color::White)),
        black: mask::<V>(pos.pieces(Color::Black)),
        kinds,
        ep: pos.ep_square().map_or(0, |sq| sq.index() as u32),
        white_to_move: pos.side_to_move() == Color::White,
    }
}

/// The WDL verdict for the side to move in `pos`, if a loaded table has it (the
/// fifty-move counter is not looked at: what it says holds after a zeroing move).
pub fn probe_wdl<V: Variant>(pos: &Position<V>) -> Option<Wdl> {
    if !applies(pos) {
        return None;
    }
    let tables = TABLES.read().ok()?;
    let prober = tables.prober.as_ref()?;
    if pos.occupied().count() > tables.loaded.max_pieces {
        return None;
    }
    let b = board(pos);
    let [k, q, r, bi, n, p] = b.kinds;
    prober
        .probe_wdl(b.white, b.black, k, q, r, bi, n, p, b.ep, b.white_to_move)
        .ok()
        .map(Wdl::from_probe)
}

/// The distance to zeroing after each legal move of `pos`, in plies from the mover's
/// point of view: positive when the move wins (a mate counts 1), negative when it loses,
/// 0 for a draw; as Stockfish counts it (a zeroing move that wins is 1, one into a
/// cursed win 101). `None` without the DTZ table.
pub fn probe_root_dtz<V: Variant>(pos: &Position<V>) -> Option<Vec<(Move, i32)>> {
    if !applies(pos) {
        return None;
    }
    let tables = TABLES.write().ok()?;
    let prober = tables.prober.as_ref()?;
    if pos.occupied().count() > tables.loaded.max_pieces {
        return None;
    }
    let b = board(pos);
    let [k, q, r, bi, n, p] = b.kinds;
    let rule50 = pos.halfmove_clock().min(255);
    let result = prober
        .probe_root(b.white, b.black, k, q, r, bi, n, p, rule50, b.ep, b.white_to_move)
        .ok()?;
    let legal = pos.legal_moves();
    let mut moves = Vec::with_capacity(legal.len());
    for value in &result.moves[..result.num_moves] {
        let DtzProbeValue::DtzResult(found) = value else { continue };
        let promotion = match found.promotion {
            pyrrhic_rs::Piece::Queen => Some(QUEEN),
            pyrrhic_rs::Piece::Rook => Some(ROOK),
            pyrrhic_rs::Piece::Bishop => Some(BISHOP),
            pyrrhic_rs::Piece::Knight => Some(KNIGHT),
            _ => None,
        };
        let m = legal.iter().copied().find(|m| {
            m.from().index() == found.from_square as usize
                && m.to().index() == found.to_square as usize
                && match promotion {
                    Some(piece) => m.kind() == MoveKind::Promotion && m.piece() == piece,
                    None => m.kind() != MoveKind::Promotion,
                }
        })?;
        let dtz = i32::from(found.dtz);
        let signed = match Wdl::from_probe(found.wdl) {
            Wdl::Win | Wdl::CursedWin => dtz,
            Wdl::Draw => 0,
            Wdl::Loss | Wdl::BlessedLoss => -dtz,
        };
        moves.push((m, signed));
    }
    (moves.len() == legal.len()).then_some(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_names_are_recognised() {
        assert!(is_table_name("KQvK.rtbw", ".rtbw"));
        assert!(is_table_name("KRPvKR.rtbw", ".rtbw"));
        assert!(!is_table_name("KQvK.rtbz", ".rtbw"));
        assert!(!is_table_name("README.md", ".rtbw"));
        assert!(!is_table_name("KXvK.rtbw", ".rtbw"));
        assert_eq!(table_pieces("KRPvKR.rtbw"), 5);
    }

    #[test]
    fn only_chess_is_probed() {
        assert!(is_chess::<Chess>());
        assert!(!is_chess::<ekumen_movegen::variants::Gothic>());
    }
}
