//! One self-play game as a record: where it started, every move with its search score,
//! and how it ended.
//!
//! # Layout (format version 1, little-endian)
//!
//! | field | type |
//! | --- | --- |
//! | length of the start FEN | u16 |
//! | the start FEN: the book position the game started from | UTF-8 |
//! | the result for White: 0 lost, 1 drawn, 2 won | u8 |
//! | how the game ended ([`Ending`]) | u8 |
//! | entries: the positions the game went through | u16 |
//! | each entry's score ([`Score`]), as a change (below) | a varint each |
//! | each entry's move, as its rank among the legal moves | u8, or u16 where more than 256 ranks |
//!
//! The first entries are usually the opening's random plies, played without a search:
//! their score is [`Score::NONE`]. Starting from the book position rather than after the
//! random plies keeps the positions that the repetition rule looks back on.
//!
//! A move is stored as its rank among the position's legal moves sorted by
//! [`move_key`]: one byte in nearly every position, and the decoder, which replays the
//! game, knows the legal moves and so the width. The rank one past the last legal move
//! means that no move was played: such an entry can only be the last, and carries a
//! position kept for its score alone (converted sample files have nothing else). Scores
//! come before moves, each in a column of its own, because like fields side by side
//! compress better.
//!
//! A score is stored as its change from the last searched score seen from the same side,
//! the negated score of the previous searched position (0 before the first): the change
//! `d` is written as the LEB128 varint of `zigzag(d) + 1`, and 0 stands for no score
//! ([`Score::NONE`]). Successive scores of a game differ by little, so most changes take
//! one byte, and the compressor finds more to share: on 40,091 chess positions the
//! compressed chunk was 19 % smaller than with plain `i16` scores (95,503 bytes against
//! 77,220 with zstd at level 19).
//!
//! The key sorts by origin square (drops after every square), then target square, then
//! kind and piece type, so the rank depends on the squares and piece types that each
//! variant fixes, not on the order in which the move generator finds moves. Castling is
//! keyed as king-takes-rook, as the move generator stores it.

use ekumen_movegen::{Color, EndReason, GameResult, Move, MoveKind, Position, Variant};

/// A search score in a record, for the side to move: centipawns, or a mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Score(pub i16);

impl Score {
    /// A position played through without a search.
    pub const NONE: Score = Score(i16::MIN);
    /// The largest centipawn score kept; beyond it lie mates.
    pub const MAX_CP: i32 = 30_000;
    /// A mate now; a mate in `n` plies is `MATE - n`.
    const MATE: i32 = 32_000;
    /// The longest mate distance kept; longer ones are stored as this.
    const MAX_MATE_PLIES: u32 = 1_000;

    /// Centipawns, clamped to [`Score::MAX_CP`].
    pub fn centipawns(cp: i32) -> Score {
        Score(cp.clamp(-Self::MAX_CP, Self::MAX_CP) as i16)
    }

    /// The side to move mates in `plies`.
    pub fn mating(plies: u32) -> Score {
        Score((Self::MATE - plies.min(Self::MAX_MATE_PLIES) as i32) as i16)
    }

    /// The side to move is mated in `plies`.
    pub fn mated(plies: u32) -> Score {
        Score(-Self::mating(plies).0)
    }

    /// The centipawns, or `None` for a mate or no score.
    pub fn cp(self) -> Option<i16> {
        (i32::from(self.0).abs() <= Self::MAX_CP).then_some(self.0)
    }

    /// Whether a search gave this score.
    pub fn is_searched(self) -> bool {
        self != Score::NONE
    }
}

/// How a game ended: by the rules, or adjudicated by the generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The rules ended it (the position after the last move says how).
    Rules(EndReason),
    /// One side's score held past the winning margin.
    AdjudicatedWin,
    /// Long play with scores near zero.
    AdjudicatedDraw,
    /// The generator's ply cap.
    PlyCap,
    /// The search found no move where the rules saw none missing.
    NoMove,
    /// A converted sample: no game behind it.
    Converted,
}

impl Ending {
    fn code(self) -> u8 {
        match self {
            Ending::Rules(reason) => match reason {
                EndReason::Checkmate => 0,
                EndReason::Stalemate => 1,
                EndReason::Campmate => 2,
                EndReason::FiftyMoves => 3,
                EndReason::Repetition => 4,
                EndReason::PerpetualCheck => 5,
                EndReason::InsufficientMaterial => 6,
            },
            Ending::AdjudicatedWin => 16,
            Ending::AdjudicatedDraw => 17,
            Ending::PlyCap => 18,
            Ending::NoMove => 19,
            Ending::Converted => 20,
        }
    }

    fn from_code(code: u8) -> Option<Ending> {
        let reason = |r| Some(Ending::Rules(r));
        match code {
            0 => reason(EndReason::Checkmate),
            1 => reason(EndReason::Stalemate),
            2 => reason(EndReason::Campmate),
            3 => reason(EndReason::FiftyMoves),
            4 => reason(EndReason::Repetition),
            5 => reason(EndReason::PerpetualCheck),
            6 => reason(EndReason::InsufficientMaterial),
            16 => Some(Ending::AdjudicatedWin),
            17 => Some(Ending::AdjudicatedDraw),
            18 => Some(Ending::PlyCap),
            19 => Some(Ending::NoMove),
            20 => Some(Ending::Converted),
            _ => None,
        }
    }
}

/// The sort key of a legal move (see the module documentation).
pub fn move_key(m: Move) -> u32 {
    let kind = match m.kind() {
        MoveKind::Normal => 0,
        MoveKind::Promotion => 1,
        MoveKind::Castle => 2,
        MoveKind::EnPassant => 3,
        MoveKind::Drop => 4,
        MoveKind::Promote => 5,
        MoveKind::Demote => 6,
    };
    let from = if m.is_drop() { 255 } else { m.from().index() as u32 };
    from << 24 | (m.to().index() as u32) << 16 | kind << 8 | u32::from(m.piece().0)
}

/// `mv`'s rank among the legal moves `moves` ordered by [`move_key`] (counted, not
/// sorted: a record is written and read far more often than it needs the whole order).
fn rank_of(moves: &[Move], mv: Move) -> Option<usize> {
    let key = move_key(mv);
    let legal = moves.iter().any(|&m| move_key(m) == key);
    legal.then(|| moves.iter().filter(|&&m| move_key(m) < key).count())
}

/// The move of rank `rank` among `moves` ordered by [`move_key`] (keys are unique).
fn move_of_rank(moves: &mut [Move], rank: usize) -> Move {
    *moves.select_nth_unstable_by_key(rank, |&m| move_key(m)).1
}

/// Whether ranks among `count` legal moves (and the no-move rank) need two bytes.
fn wide(count: usize) -> bool {
    count + 1 > 256
}

/// Builds a game's record move by move.
#[derive(Debug)]
pub struct GameWriter {
    start_fen: String,
    scores: Vec<i16>,
    ranks: Vec<u8>,
}

/// The LEB128 varint of a score's change from `previous` (the last searched score, from
/// the side to move of the position before), or 0 for no score.
fn push_score(out: &mut Vec<u8>, score: i16, previous: &mut Option<i16>) {
    if Score(score) == Score::NONE {
        out.push(0);
        return;
    }
    let predicted = previous.map_or(0, |p| -i32::from(p));
    let change = i32::from(score) - predicted;
    let mut code = (((change << 1) ^ (change >> 31)) as u32) + 1;
    while code >= 0x80 {
        out.push((code & 0x7F) as u8 | 0x80);
        code >>= 7;
    }
    out.push(code as u8);
    *previous = Some(score);
}

impl GameWriter {
    /// A game starting at `start`.
    pub fn new<V: Variant>(start: &Position<V>) -> GameWriter {
        GameWriter { start_fen: start.fen(), scores: Vec::new(), ranks: Vec::new() }
    }

    /// Records that `mv` was played from `pos` after a search that scored `pos` `score`.
    ///
    /// # Panics
    /// If `mv` is not legal in `pos`.
    pub fn push<V: Variant>(&mut self, pos: &Position<V>, mv: Move, score: Score) {
        let moves = pos.legal_moves();
        let rank = rank_of(&moves, mv).expect("the move is legal");
        self.push_rank(rank, wide(moves.len()), score);
    }

    /// Records a last position kept for its score alone, with no move played from it.
    pub fn push_unplayed<V: Variant>(&mut self, pos: &Position<V>, score: Score) {
        let count = pos.legal_moves().len();
        self.push_rank(count, wide(count), score);
    }

    fn push_rank(&mut self, rank: usize, wide: bool, score: Score) {
        self.scores.push(score.0);
        if wide {
            self.ranks.extend_from_slice(&(rank as u16).to_le_bytes());
        } else {
            self.ranks.push(rank as u8);
        }
    }

    /// The positions recorded so far.
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    /// Appends the finished record to `out`: `result` is for White.
    pub fn finish(self, result: GameResult, ending: Ending, out: &mut Vec<u8>) {
        let fen = self.start_fen.as_bytes();
        out.extend_from_slice(&(fen.len() as u16).to_le_bytes());
        out.extend_from_slice(fen);
        out.push(match result {
            GameResult::Loss => 0,
            GameResult::Draw => 1,
            GameResult::Win => 2,
        });
        out.push(ending.code());
        out.extend_from_slice(&(self.scores.len() as u16).to_le_bytes());
        let mut previous = None;
        for &score in &self.scores {
            push_score(out, score, &mut previous);
        }
        out.extend_from_slice(&self.ranks);
    }
}

/// A position of a replayed game, handed to the visitor of [`replay`].
#[derive(Debug)]
pub struct Visit<'a, V: Variant> {
    /// The position searched.
    pub pos: &'a Position<V>,
    /// Its search score, for the side to move.
    pub score: Score,
    /// The move played from it; `None` for a position kept for its score alone.
    pub played: Option<Move>,
    /// Its index in the game: 0 for the start position.
    pub index: usize,
    /// How many searched positions came before it in the game.
    pub searched_before: usize,
    /// The game's result for White: 0 lost, 1 drawn, 2 won.
    pub result: u8,
}

impl<V: Variant> Visit<'_, V> {
    /// Whether the position is quiet enough for a static evaluation to learn its score:
    /// not in check, a centipawn score, the move played neither a capture nor a promotion,
    /// and not among the first `skipped` searched positions of the game (right after the
    /// opening's random plies a piece is often still hanging in a way the other tests
    /// miss).
    pub fn is_quiet(&self, skipped: usize) -> bool {
        let Some(mv) = self.played else {
            return self.score.cp().is_some() && !self.pos.in_check();
        };
        self.searched_before >= skipped
            && self.score.cp().is_some()
            && !matches!(mv.kind(), MoveKind::Promotion | MoveKind::Promote | MoveKind::EnPassant)
            && (mv.is_drop()
                || self.pos.piece_on(mv.to()).is_none()
                || mv.kind() == MoveKind::Castle)
            && !self.pos.in_check()
    }
}

/// What a replayed record held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// Positions searched.
    pub positions: usize,
    pub result: u8,
    pub ending: Ending,
    /// Bytes the record took.
    pub bytes: usize,
}

/// Why a record could not be replayed.
pub type RecordError = String;

/// Replays the record at the start of `bytes`, calling `visit` for every position
/// searched, and checks it: every rank names a legal move, and a game the rules ended
/// ends in a position where the rules say so, with the recorded result.
///
/// # Errors
/// What is wrong with the record.
pub fn replay<V: Variant>(
    bytes: &[u8],
    mut visit: impl FnMut(&Visit<'_, V>),
) -> Result<GameSummary, RecordError> {
    let mut reader = Reader { bytes, at: 0 };
    let fen_len = usize::from(reader.u16()?);
    let fen = std::str::from_utf8(reader.take(fen_len)?).map_err(|_| "a start FEN not UTF-8")?;
    let result = reader.u8()?;
    let ending_code = reader.u8()?;
    let ending = Ending::from_code(ending_code).ok_or(format!("unknown ending {ending_code}"))?;
    if result > 2 {
        return Err(format!("result {result} is not 0, 1 or 2"));
    }
    let count = usize::from(reader.u16()?);
    let mut previous = None;
    let scores: Vec<i16> =
        (0..count).map(|_| reader.score(&mut previous)).collect::<Result<_, _>>()?;
    let mut pos =
        Position::<V>::from_fen(fen, false).map_err(|e| format!("start FEN {fen:?}: {e}"))?;
    let mut unplayed = false;
    let mut searched_before = 0;
    for (index, &score) in scores.iter().enumerate() {
        if unplayed {
            return Err(format!("an entry follows an unplayed position at entry {index}"));
        }
        let mut moves = pos.legal_moves();
        let rank =
            if wide(moves.len()) { usize::from(reader.u16()?) } else { usize::from(reader.u8()?) };
        let played = match rank.cmp(&moves.len()) {
            std::cmp::Ordering::Less => Some(move_of_rank(moves.as_mut_slice(), rank)),
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Greater => {
                return Err(format!(
                    "move rank {rank} of {} legal moves at entry {index}",
                    moves.len()
                ))
            }
        };
        let score = Score(score);
        visit(&Visit { pos: &pos, score, played, index, searched_before, result });
        searched_before += usize::from(score.is_searched());
        match played {
            Some(mv) => pos.make_move(mv),
            None => unplayed = true,
        }
    }
    let outcome = pos.outcome();
    match ending {
        Ending::Rules(reason) => {
            let Some(outcome) = outcome else {
                return Err(format!("recorded as ended by {reason:?}, but the game goes on"));
            };
            let white = white_result(outcome.result, pos.side_to_move());
            if outcome.reason != reason || white != result {
                return Err(format!(
                    "recorded as {reason:?} with result {result}, but the rules say {:?} with {white}",
                    outcome.reason
                ));
            }
        }
        Ending::Converted => {}
        _ if !unplayed && outcome.is_some() => {
            return Err(format!("recorded as {ending:?}, but the rules ended the game"));
        }
        _ => {}
    }
    Ok(GameSummary { positions: searched_before, result, ending, bytes: reader.at })
}

/// A result for the side to move as White's 0, 1 or 2.
fn white_result(result: GameResult, side_to_move: Color) -> u8 {
    match (result, side_to_move) {
        (GameResult::Draw, _) => 1,
        (GameResult::Win, Color::White) | (GameResult::Loss, Color::Black) => 2,
        _ => 0,
    }
}

/// Reads fields off the front of a record.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], RecordError> {
        let field = self.bytes.get(self.at..self.at + n).ok_or("a record cut short")?;
        self.at += n;
        Ok(field)
    }

    fn u8(&mut self) -> Result<u8, RecordError> {
        Ok(self.take(1)?[0])
    }

    /// A score written by [`push_score`].
    fn score(&mut self, previous: &mut Option<i16>) -> Result<i16, RecordError> {
        let mut code = 0u32;
        for shift in (0..35).step_by(7) {
            let byte = self.u8()?;
            code |= u32::from(byte & 0x7F) << shift;
            if byte < 0x80 {
                if code == 0 {
                    return Ok(Score::NONE.0);
                }
                let zigzag = code - 1;
                let change = (zigzag >> 1) as i32 ^ -((zigzag & 1) as i32);
                let score = previous.map_or(0, |p| -i32::from(p)) + change;
                let score = i16::try_from(score).map_err(|_| "a score out of range")?;
                *previous = Some(score);
                return Ok(score);
            }
        }
        Err("a score's varint too long".into())
    }

    fn u16(&mut self) -> Result<u16, RecordError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
}
