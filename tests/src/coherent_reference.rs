//! A deliberately naive reference implementation of coherent chess.
//!
//! Coherent chess (`UCI_Variant coherent`, rules in `docs/rules/coherent.md`) is played
//! on a 9x9 board and no other engine implements it, so the fast move generator in
//! `ekumen-movegen` has nothing to be compared with except this module. Everything here
//! is written to be obviously correct rather than fast:
//!
//! - the board is a plain mailbox, `[[Option<(Color, Kind)>; 9]; 9]`;
//! - every piece's moves are found by walking the board square by square, straight from
//!   the rules text, with no precomputed tables and no bitboards;
//! - a move is legal when, after making it on a copy of the position, no enemy piece could
//!   capture the mover's king;
//! - perft is plain recursion.
//!
//! The module depends on nothing but `std`, and on no engine crate, so that a mistake in
//! the engine cannot leak into the oracle it is tested against.
//!
//! The rules, as implemented here:
//!
//! - King, queen, rook and bishop move as in chess; the king never castles.
//! - A pawn steps one square in any of the eight directions, to an empty square or onto an
//!   enemy piece. It never promotes and is not royal. There is no double step and no en
//!   passant.
//! - A knight, for some `k >= 1`, walks `k` squares in one direction and then `k` squares in
//!   a second direction that turns 45 or 135 degrees from the first (after an orthogonal
//!   first leg any of the four diagonal directions, after a diagonal first leg any of the
//!   four orthogonal ones). Every square passed, including the corner, must be empty; the
//!   destination must be empty or hold an enemy piece. A destination is reachable when at
//!   least one of its paths is clear.
//! - A piece attacks the squares it could capture on, so a knight gives check along any
//!   clear path.
//! - Checkmate loses, stalemate is a draw, 100 plies without a capture or a pawn move are a
//!   draw, and the third occurrence of the same position (placement and side to move) is a
//!   draw.
//!
//! The perft data in `tests/data/perft/coherent.epd` is produced by the ignored test
//! `coherent_reference::tests::regenerate_coherent_epd` in this file.

use std::fmt;

/// Number of files and of ranks.
pub const SIZE: usize = 9;

/// The start position of coherent chess.
pub const START_FEN: &str = "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - 0 1";

/// The four rook directions as (file step, rank step).
pub const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The four bishop directions as (file step, rank step).
pub const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// All eight directions: the rook ones, then the bishop ones.
pub const ALL_DIRECTIONS: [(i32, i32); 8] =
    [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The side a piece belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// The other side.
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// The six kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

/// A piece is a side and a kind.
pub type Piece = (Color, Kind);

/// A square as `(file, rank)`, both counted from 0: `(0, 0)` is a1, `(8, 8)` is i9.
pub type Square = (usize, usize);

/// The FEN letter of a piece: upper case for White, lower case for Black.
pub fn piece_char(piece: Piece) -> char {
    let letter = match piece.1 {
        Kind::King => 'k',
        Kind::Queen => 'q',
        Kind::Rook => 'r',
        Kind::Bishop => 'b',
        Kind::Knight => 'n',
        Kind::Pawn => 'p',
    };
    match piece.0 {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter,
    }
}

/// The piece a FEN letter stands for, if any.
pub fn piece_from_char(c: char) -> Option<Piece> {
    let kind = match c.to_ascii_lowercase() {
        'k' => Kind::King,
        'q' => Kind::Queen,
        'r' => Kind::Rook,
        'b' => Kind::Bishop,
        'n' => Kind::Knight,
        'p' => Kind::Pawn,
        _ => return None,
    };
    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
    Some((color, kind))
}

/// The name of a square, `a1` to `i9`.
pub fn square_name(square: Square) -> String {
    let (file, rank) = square;
    assert!(file < SIZE && rank < SIZE, "square off the board: {square:?}");
    let file_letter = (b'a' + file as u8) as char;
    format!("{}{}", file_letter, rank + 1)
}

/// Parses a square name, `a1` to `i9`.
pub fn parse_square(name: &str) -> Result<Square, String> {
    let bytes = name.as_bytes();
    if bytes.len() != 2 {
        return Err(format!("bad square {name:?}"));
    }
    let file = bytes[0];
    let rank = bytes[1];
    if !(b'a'..=b'i').contains(&file) || !(b'1'..=b'9').contains(&rank) {
        return Err(format!("bad square {name:?}"));
    }
    Ok(((file - b'a') as usize, (rank - b'1') as usize))
}

/// The square one step from `square` in `direction`, or `None` off the board.
pub fn step(square: Square, direction: (i32, i32)) -> Option<Square> {
    let file = square.0 as i32 + direction.0;
    let rank = square.1 as i32 + direction.1;
    if (0..SIZE as i32).contains(&file) && (0..SIZE as i32).contains(&rank) {
        Some((file as usize, rank as usize))
    } else {
        None
    }
}

/// A move from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    /// The move in UCI notation, `from` + `to`, e.g. `e4e5`.
    pub fn uci(&self) -> String {
        format!("{}{}", square_name(self.from), square_name(self.to))
    }

    /// Parses a move written `from` + `to`. Says nothing about legality.
    pub fn parse(uci: &str) -> Result<Move, String> {
        if uci.len() != 4 || !uci.is_ascii() {
            return Err(format!("bad move {uci:?}"));
        }
        let from = parse_square(&uci[0..2]).map_err(|e| format!("bad move {uci:?}: {e}"))?;
        let to = parse_square(&uci[2..4]).map_err(|e| format!("bad move {uci:?}: {e}"))?;
        Ok(Move { from, to })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.uci())
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move is checkmated; `winner` is the other side.
    Checkmate { winner: Color },
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// 100 plies without a capture or a pawn move: a draw.
    FiftyMoveRule,
    /// The same position occurred for the third time: a draw.
    ThreefoldRepetition,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(*winner),
            _ => None,
        }
    }
}

/// A coherent chess position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// `board[rank][file]`, rank 0 being rank 1 (White's side).
    pub board: [[Option<Piece>; SIZE]; SIZE],
    pub side_to_move: Color,
    /// Plies since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// Starts at 1 and goes up after each Black move.
    pub fullmove_number: u32,
}

/// Parses a clock field strictly: ASCII digits only, no sign, no leading zero.
fn parse_counter(field: &str, what: &str) -> Result<u32, String> {
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("bad {what} {field:?}"));
    }
    if field.len() > 1 && field.starts_with('0') {
        return Err(format!("bad {what} {field:?}: leading zero"));
    }
    field.parse::<u32>().map_err(|_| format!("bad {what} {field:?}"))
}

impl Position {
    /// The start position.
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// Parses a coherent FEN strictly.
    ///
    /// Accepted: exactly six fields separated by single spaces; nine ranks from rank 9 down
    /// to rank 1 separated by `/`, each describing exactly nine squares with the letters
    /// `KQRBNP`/`kqrbnp` and the digits `1` to `9` (two digits in a row are refused: a run
    /// of empty squares is one digit); side `w` or `b`; castling `-`; en passant `-`; a
    /// half-move clock and a move number (at least 1) in plain decimal without leading
    /// zeros. The position must have exactly one king of each side, and the side that has
    /// just moved must not be in check. Every FEN this accepts is printed back unchanged by
    /// [`Position::to_fen`].
    pub fn from_fen(fen: &str) -> Result<Position, String> {
        let fields: Vec<&str> = fen.split(' ').collect();
        if fields.len() != 6 {
            return Err(format!(
                "FEN must have 6 fields separated by single spaces, found {}: {fen:?}",
                fields.len()
            ));
        }

        let mut board = [[None; SIZE]; SIZE];
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != SIZE {
            return Err(format!("FEN board must have {SIZE} ranks, found {}", ranks.len()));
        }
        for (row, text) in ranks.iter().enumerate() {
            let rank = SIZE - 1 - row;
            let mut file = 0;
            let mut previous_was_digit = false;
            for c in text.chars() {
                if let Some(run) = c.to_digit(10) {
                    if run == 0 {
                        return Err(format!("rank {}: an empty run cannot be 0", rank + 1));
                    }
                    if previous_was_digit {
                        return Err(format!("rank {}: two digits in a row", rank + 1));
                    }
                    previous_was_digit = true;
                    file += run as usize;
                    if file > SIZE {
                        return Err(format!("rank {} has more than {SIZE} squares", rank + 1));
                    }
                } else if let Some(piece) = piece_from_char(c) {
                    previous_was_digit = false;
                    if file >= SIZE {
                        return Err(format!("rank {} has more than {SIZE} squares", rank + 1));
                    }
                    board[rank][file] = Some(piece);
                    file += 1;
                } else {
                    return Err(format!("rank {}: unexpected character {c:?}", rank + 1));
                }
            }
            if file != SIZE {
                return Err(format!("rank {} has {file} squares, not {SIZE}", rank + 1));
            }
        }

        let side_to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(format!("side to move must be w or b, not {other:?}")),
        };
        if fields[2] != "-" {
            return Err(format!(
                "coherent chess has no castling: field must be '-', not {:?}",
                fields[2]
            ));
        }
        if fields[3] != "-" {
            return Err(format!(
                "coherent chess has no en passant: field must be '-', not {:?}",
                fields[3]
            ));
        }
        let halfmove_clock = parse_counter(fields[4], "half-move clock")?;
        let fullmove_number = parse_counter(fields[5], "move number")?;
        if fullmove_number == 0 {
            return Err("move number must be at least 1".to_string());
        }

        let position = Position { board, side_to_move, halfmove_clock, fullmove_number };
        for color in [Color::White, Color::Black] {
            let kings = position
                .squares_of(color)
                .into_iter()
                .filter(|&sq| position.piece_at(sq) == Some((color, Kind::King)));
            let count = kings.count();
            if count != 1 {
                return Err(format!("{color:?} must have exactly one king, found {count}"));
            }
        }
        let just_moved = side_to_move.opponent();
        if position.is_king_attacked(just_moved) {
            return Err(format!("{just_moved:?} is in check but it is not {just_moved:?}'s move"));
        }
        Ok(position)
    }

    /// The board field of the FEN (ranks 9 to 1 separated by `/`).
    pub fn board_fen(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..SIZE).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..SIZE {
                match self.board[rank][file] {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(piece_char(piece));
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        rows.join("/")
    }

    /// The full FEN.
    pub fn to_fen(&self) -> String {
        format!(
            "{} {} - - {} {}",
            self.board_fen(),
            self.side_char(),
            self.halfmove_clock,
            self.fullmove_number
        )
    }

    /// The FEN without the two clocks: what must match for a repetition.
    pub fn key(&self) -> String {
        format!("{} {} - -", self.board_fen(), self.side_char())
    }

    fn side_char(&self) -> char {
        match self.side_to_move {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The piece on a square, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board[square.1][square.0]
    }

    /// True when the square holds no piece.
    pub fn is_empty(&self, square: Square) -> bool {
        self.piece_at(square).is_none()
    }

    /// All squares holding a piece of `color`, in the order a1, b1, ..., i9.
    pub fn squares_of(&self, color: Color) -> Vec<Square> {
        let mut squares = Vec::new();
        for rank in 0..SIZE {
            for file in 0..SIZE {
                if let Some((c, _)) = self.board[rank][file] {
                    if c == color {
                        squares.push((file, rank));
                    }
                }
            }
        }
        squares
    }

    /// The square of `color`'s king.
    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.squares_of(color)
            .into_iter()
            .find(|&square| self.piece_at(square) == Some((color, Kind::King)))
    }

    /// Walks `steps` squares from `start` in `direction`. Returns the square reached when
    /// every square walked onto (the last one included) is on the board and empty.
    /// With `steps == 0` returns `start` itself.
    fn walk_empty(&self, start: Square, direction: (i32, i32), steps: usize) -> Option<Square> {
        let mut current = start;
        for _ in 0..steps {
            current = step(current, direction)?;
            if !self.is_empty(current) {
                return None;
            }
        }
        Some(current)
    }

    /// True when a piece of `color` may end its move on `square`: empty or enemy.
    fn can_land(&self, square: Square, color: Color) -> bool {
        match self.piece_at(square) {
            None => true,
            Some((other, _)) => other != color,
        }
    }

    /// The squares the piece on `from` could move to or capture on, ignoring whether its
    /// own king would be left in check. Sorted, without duplicates. Empty for an empty
    /// square.
    pub fn targets(&self, from: Square) -> Vec<Square> {
        let mut targets = Vec::new();
        self.visit_targets(from, &mut |to| targets.push(to));
        targets.sort();
        targets.dedup();
        targets
    }

    /// Calls `visit` for every square the piece on `from` could move to or capture on
    /// (a knight's destination once per clear path, so possibly more than once).
    fn visit_targets(&self, from: Square, visit: &mut dyn FnMut(Square)) {
        let Some((color, kind)) = self.piece_at(from) else {
            return;
        };
        match kind {
            Kind::King | Kind::Pawn => {
                for direction in ALL_DIRECTIONS {
                    if let Some(to) = step(from, direction) {
                        if self.can_land(to, color) {
                            visit(to);
                        }
                    }
                }
            }
            Kind::Queen | Kind::Rook | Kind::Bishop => {
                let directions: &[(i32, i32)] = match kind {
                    Kind::Queen => &ALL_DIRECTIONS,
                    Kind::Rook => &ORTHOGONAL,
                    _ => &DIAGONAL,
                };
                for &direction in directions {
                    let mut current = from;
                    while let Some(next) = step(current, direction) {
                        match self.piece_at(next) {
                            None => visit(next),
                            Some((other, _)) => {
                                if other != color {
                                    visit(next);
                                }
                                break;
                            }
                        }
                        current = next;
                    }
                }
            }
            Kind::Knight => {
                for first in ALL_DIRECTIONS {
                    let first_is_orthogonal = ORTHOGONAL.contains(&first);
                    let seconds = if first_is_orthogonal { DIAGONAL } else { ORTHOGONAL };
                    for k in 1..SIZE {
                        // First leg: k squares, all empty, the last one being the corner.
                        // When it is blocked or leaves the board, so is every longer one.
                        let Some(corner) = self.walk_empty(from, first, k) else {
                            break;
                        };
                        for second in seconds {
                            // Second leg: k - 1 empty squares, then the destination.
                            let Some(before_last) = self.walk_empty(corner, second, k - 1) else {
                                continue;
                            };
                            let Some(to) = step(before_last, second) else {
                                continue;
                            };
                            if self.can_land(to, color) {
                                visit(to);
                            }
                        }
                    }
                }
            }
        }
    }

    /// True when some piece of `by` could move to or capture on `square` as the board
    /// stands. Meant for squares that are empty or hold a piece of the other side (a king
    /// square, in particular).
    pub fn is_attacked(&self, square: Square, by: Color) -> bool {
        let mut attacked = false;
        for from in self.squares_of(by) {
            self.visit_targets(from, &mut |to| attacked |= to == square);
        }
        attacked
    }

    /// True when `color`'s king could be captured by the other side.
    pub fn is_king_attacked(&self, color: Color) -> bool {
        match self.king_square(color) {
            Some(king) => self.is_attacked(king, color.opponent()),
            None => false,
        }
    }

    /// True when the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.is_king_attacked(self.side_to_move)
    }

    /// All moves of the side to move that follow the pieces' movement rules, legal or not.
    pub fn pseudo_legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        for from in self.squares_of(self.side_to_move) {
            for to in self.targets(from) {
                moves.push(Move { from, to });
            }
        }
        moves
    }

    /// Makes a move on a copy of the position, without checking that it is legal.
    pub fn make_move(&self, mv: Move) -> Position {
        let mut next = self.clone();
        let moving = self.piece_at(mv.from).expect("a move starts on a piece");
        let is_capture = self.piece_at(mv.to).is_some();
        next.board[mv.to.1][mv.to.0] = Some(moving);
        next.board[mv.from.1][mv.from.0] = None;
        if is_capture || moving.1 == Kind::Pawn {
            next.halfmove_clock = 0;
        } else {
            next.halfmove_clock = self.halfmove_clock + 1;
        }
        if self.side_to_move == Color::Black {
            next.fullmove_number = self.fullmove_number + 1;
        }
        next.side_to_move = self.side_to_move.opponent();
        next
    }

    /// The legal moves of the side to move, sorted by their UCI text.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mover = self.side_to_move;
        let mut moves: Vec<Move> = self
            .pseudo_legal_moves()
            .into_iter()
            .filter(|&mv| !self.make_move(mv).is_king_attacked(mover))
            .collect();
        moves.sort_by_cached_key(Move::uci);
        moves
    }

    /// The legal moves of the side to move as sorted UCI strings.
    pub fn legal_moves_uci(&self) -> Vec<String> {
        self.legal_moves().iter().map(Move::uci).collect()
    }

    /// Plays a move given in UCI notation if it is legal, returning the new position.
    pub fn play(&self, uci: &str) -> Result<Position, String> {
        let mv = Move::parse(uci)?;
        if !self.legal_moves().contains(&mv) {
            return Err(format!("illegal move {uci} in {}", self.to_fen()));
        }
        Ok(self.make_move(mv))
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.into_iter().map(|mv| self.make_move(mv).perft(depth - 1)).sum()
    }

    /// Perft split by first move, sorted by move.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        assert!(depth >= 1, "divide needs depth >= 1");
        self.legal_moves()
            .into_iter()
            .map(|mv| (mv.uci(), self.make_move(mv).perft(depth - 1)))
            .collect()
    }

    /// The result that can be told from this position alone: checkmate, stalemate, or the
    /// 50-move rule (checkmate takes precedence over the 50-move rule). Repetition needs
    /// the game's history: see [`Game::outcome`].
    pub fn board_outcome(&self) -> Option<Outcome> {
        if self.legal_moves().is_empty() {
            if self.is_check() {
                return Some(Outcome::Checkmate { winner: self.side_to_move.opponent() });
            }
            return Some(Outcome::Stalemate);
        }
        if self.halfmove_clock >= 100 {
            return Some(Outcome::FiftyMoveRule);
        }
        None
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

/// A game: the current position and the keys of every position reached so far, to tell
/// repetitions.
///
/// All keys are kept, including those from before the last capture or pawn move: in
/// coherent chess a pawn can step back, so a pawn move does not make the earlier
/// positions unreachable (and a position after a capture simply never matches one
/// before it).
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    history: Vec<String>,
}

impl Game {
    /// A game starting from `position`.
    pub fn new(position: Position) -> Game {
        let history = vec![position.key()];
        Game { position, history }
    }

    /// A game starting from a FEN.
    pub fn from_fen(fen: &str) -> Result<Game, String> {
        Ok(Game::new(Position::from_fen(fen)?))
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The keys of all positions so far, the current one last.
    pub fn history(&self) -> &[String] {
        &self.history
    }

    /// Plays a legal move given in UCI notation.
    pub fn play(&mut self, uci: &str) -> Result<(), String> {
        self.position = self.position.play(uci)?;
        self.history.push(self.position.key());
        Ok(())
    }

    /// How many times the current position has occurred, this time included.
    pub fn repetition_count(&self) -> usize {
        let current = self.position.key();
        self.history.iter().filter(|key| **key == current).count()
    }

    /// The game result, if the game is over: checkmate, stalemate, the 50-move rule, or
    /// the third occurrence of the current position, checked in that order.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.position.board_outcome() {
            return Some(outcome);
        }
        if self.repetition_count() >= 3 {
            return Some(Outcome::ThreefoldRepetition);
        }
        None
    }
}

/// One position of a perft EPD file with its counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdEntry {
    pub fen: String,
    /// `(depth, count)` pairs in file order.
    pub perft: Vec<(u32, u64)>,
}

/// Reads the perft file format: `#` comment lines, blank lines, and blocks of an
/// `epd <fen>` line followed by `perft <depth> <count>` lines.
pub fn parse_perft_epd(text: &str) -> Result<Vec<EpdEntry>, String> {
    let mut entries: Vec<EpdEntry> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(fen) = line.strip_prefix("epd ") {
            entries.push(EpdEntry { fen: fen.trim().to_string(), perft: Vec::new() });
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let parts: Vec<&str> = rest.split_whitespace().collect();
            let entry = entries
                .last_mut()
                .ok_or_else(|| format!("line {}: perft before any epd line", number + 1))?;
            let [depth, count] = parts[..] else {
                return Err(format!("line {}: expected 'perft <depth> <count>'", number + 1));
            };
            let depth = depth.parse().map_err(|_| format!("line {}: bad depth", number + 1))?;
            let count = count.parse().map_err(|_| format!("line {}: bad count", number + 1))?;
            entry.perft.push((depth, count));
        } else {
            return Err(format!("line {}: unexpected {line:?}", number + 1));
        }
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        parse_square(name).unwrap()
    }

    fn names(squares: &[Square]) -> Vec<String> {
        squares.iter().map(|&s| square_name(s)).collect()
    }

    #[test]
    fn knight_on_e5_reaches_the_32_squares_of_the_rules_page() {
        let position = Position::from_fen("8k/9/9/9/4N4/9/9/9/K8 w - - 0 1").unwrap();
        let expected = "a3 a5 a7 b5 c1 c4 c5 c6 c9 d3 d5 d7 e1 e2 e3 e4 e6 e7 e8 e9 f3 f5 f7 \
                        g1 g4 g5 g6 g9 h5 i3 i5 i7";
        let expected: Vec<&str> = expected.split_whitespace().collect();
        assert_eq!(expected.len(), 32);
        assert_eq!(names(&position.targets(sq("e5"))), expected);
        let knight_moves: Vec<String> = position
            .legal_moves_uci()
            .into_iter()
            .filter(|m| m.starts_with("e5"))
            .map(|m| m[2..].to_string())
            .collect();
        assert_eq!(knight_moves, expected);
    }

    #[test]
    fn start_position_perft_matches_the_rules_page() {
        let start = Position::startpos();
        assert_eq!(start.perft(1), 41);
        assert_eq!(start.perft(2), 1671);
        assert_eq!(start.perft(3), 78752);
    }

    #[test]
    fn start_position_matches_the_description() {
        let start = Position::startpos();
        let white = [
            ("e1", Kind::King),
            ("d1", Kind::Queen),
            ("f1", Kind::Queen),
            ("d2", Kind::Rook),
            ("f2", Kind::Rook),
            ("c1", Kind::Knight),
            ("g1", Kind::Knight),
            ("e2", Kind::Bishop),
            ("e3", Kind::Bishop),
            ("b1", Kind::Pawn),
            ("c2", Kind::Pawn),
            ("d3", Kind::Pawn),
            ("e4", Kind::Pawn),
            ("f3", Kind::Pawn),
            ("g2", Kind::Pawn),
            ("h1", Kind::Pawn),
        ];
        for (name, kind) in white {
            let (file, rank) = sq(name);
            assert_eq!(start.piece_at((file, rank)), Some((Color::White, kind)), "{name}");
            // Black mirrors White across the middle rank.
            let mirrored = (file, SIZE - 1 - rank);
            assert_eq!(start.piece_at(mirrored), Some((Color::Black, kind)), "{name} mirrored");
        }
        assert_eq!(start.squares_of(Color::White).len(), 16);
        assert_eq!(start.squares_of(Color::Black).len(), 16);
        assert_eq!(start.side_to_move, Color::White);
        assert!(!start.is_check());
    }

    #[test]
    fn fen_round_trips() {
        let fens = [
            START_FEN,
            "8k/9/9/9/4N4/9/9/9/K8 w - - 0 1",
            "k8/9/1Q7/9/9/9/9/9/8K b - - 37 120",
            "9/9/9/3k5/9/5K3/9/9/9 w - - 99 50",
            "pppppppkp/9/9/9/9/9/9/9/PPPPKPPPP b - - 0 1",
        ];
        for fen in fens {
            let position = Position::from_fen(fen).unwrap();
            assert_eq!(position.to_fen(), fen);
            assert_eq!(Position::from_fen(&position.to_fen()).unwrap(), position);
        }
    }

    #[test]
    fn bad_fens_are_refused() {
        let bad = [
            "",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - 0",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - 0 1 x",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PNQKQNP1  w - - 0 1",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - 0 1 ",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PNQKQNP1 x - - 0 1",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w KQkq - 0 1",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - e3 0 1",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - -1 1",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - +1 1",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - 01 1",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - 0 0",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - 0 x",
            // Eight ranks, ten ranks.
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - 0 1",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/9/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - 0 1",
            // A rank of eight squares, a rank of ten.
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/8/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - 0 1",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P5/3PBP3/2PRBRP2/1PNQKQNP1 w - - 0 1",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9P/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - 0 1",
            // Two digits in a row, a zero, a ten.
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/45/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - 0 1",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/09/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - 0 1",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/10/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - 0 1",
            // Unknown letters, hands, promoted pieces.
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/4X4/4P4/3PBP3/2PRBRP2/1PNQKQNP1 w - - 0 1",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PNQKQNP1[] w - - 0 1",
            "1pnqkqnp1/2prbrp2/3pbp3/4p4/9/4P4/3PBP3/2PRBRP2/1PNQKQN+P1 w - - 0 1",
            // Kings missing or doubled.
            "9/9/9/9/9/9/9/9/K8 w - - 0 1",
            "k7k/9/9/9/9/9/9/9/K8 w - - 0 1",
            // The side that just moved is in check.
            "k8/9/9/9/9/9/9/9/R7K w - - 0 1",
        ];
        for fen in bad {
            assert!(Position::from_fen(fen).is_err(), "accepted {fen:?}");
        }
    }

    #[test]
    fn knight_turns_of_135_degrees_are_straight_moves() {
        // g1-h2-g2: one diagonal step, then one orthogonal step back.
        let position = Position::from_fen("k8/9/9/9/9/9/9/9/K5N2 w - - 0 1").unwrap();
        assert!(position.targets(sq("g1")).contains(&sq("g2")));
        // i1-i3-g1: two orthogonal steps, then two diagonal steps back.
        let position = Position::from_fen("k8/9/9/9/9/9/9/9/K7N w - - 0 1").unwrap();
        assert!(position.targets(sq("i1")).contains(&sq("g1")));
        // With h1 and h2 and i2 occupied, no path from i1 is open at all.
        let position = Position::from_fen("k8/9/9/9/9/9/9/7PP/K6PN w - - 0 1").unwrap();
        assert!(position.targets(sq("i1")).is_empty());
    }

    #[test]
    fn knight_needs_one_clear_path_and_cannot_jump() {
        // Knight a1 to b3 (k = 1): paths a1-a2-b3 and a1-b2-b3.
        let open = Position::from_fen("8k/9/9/9/9/9/9/9/N7K w - - 0 1").unwrap();
        assert!(open.targets(sq("a1")).contains(&sq("b3")));
        let one_blocked = Position::from_fen("8k/9/9/9/9/9/9/P8/N7K w - - 0 1").unwrap();
        assert!(one_blocked.targets(sq("a1")).contains(&sq("b3")));
        let both_blocked = Position::from_fen("8k/9/9/9/9/9/9/PP7/N7K w - - 0 1").unwrap();
        assert!(!both_blocked.targets(sq("a1")).contains(&sq("b3")));
        // The destination itself may hold an enemy but not a friend.
        let enemy = Position::from_fen("8k/9/9/9/9/9/1p7/9/N7K w - - 0 1").unwrap();
        assert!(enemy.targets(sq("a1")).contains(&sq("b3")));
        let friend = Position::from_fen("8k/9/9/9/9/9/1P7/9/N7K w - - 0 1").unwrap();
        assert!(!friend.targets(sq("a1")).contains(&sq("b3")));
    }

    #[test]
    fn knight_check_is_blocked_only_by_closing_every_path() {
        // Black king b3, white knight a1: two paths, a1-a2-b3 and a1-b2-b3.
        let check = Position::from_fen("9/9/9/9/9/9/1k7/9/N7K b - - 0 1").unwrap();
        assert!(check.is_check());
        let half = Position::from_fen("9/9/9/9/9/9/1k7/p8/N7K b - - 0 1").unwrap();
        assert!(half.is_check());
        let closed = Position::from_fen("9/9/9/9/9/9/1k7/pp7/N7K b - - 0 1").unwrap();
        assert!(!closed.is_check());
    }

    #[test]
    fn pawn_steps_in_all_eight_directions_and_never_promotes() {
        let position = Position::from_fen("k8/9/9/9/4P4/9/9/9/8K w - - 0 1").unwrap();
        let pawn_moves: Vec<String> =
            position.legal_moves_uci().into_iter().filter(|m| m.starts_with("e5")).collect();
        assert_eq!(pawn_moves, ["e5d4", "e5d5", "e5d6", "e5e4", "e5e6", "e5f4", "e5f5", "e5f6"]);
        // On the last rank a pawn stays a pawn and can step back.
        let position = Position::from_fen("k8/4P4/9/9/9/9/9/9/8K w - - 0 1").unwrap();
        let after = position.play("e8e9").unwrap();
        assert_eq!(after.piece_at(sq("e9")), Some((Color::White, Kind::Pawn)));
        let after = after.play("a9a8").unwrap();
        assert!(after.play("e9e8").is_ok());
        // A black pawn captures in every direction too, including backwards.
        let position = Position::from_fen("k8/9/9/3PPP3/3PpP3/3PPP3/9/9/8K b - - 0 1").unwrap();
        let pawn_moves: Vec<String> =
            position.legal_moves_uci().into_iter().filter(|m| m.starts_with("e5")).collect();
        assert_eq!(pawn_moves.len(), 8);
    }

    #[test]
    fn pawns_are_not_royal_and_kings_do_not_castle() {
        // Leaving a pawn en prise or "in check" is legal.
        let position = Position::from_fen("k8/9/9/9/4P4/4r4/9/9/8K w - - 0 1").unwrap();
        assert!(!position.is_check());
        assert_eq!(position.legal_moves().len(), position.pseudo_legal_moves().len());
        let position = Position::from_fen("4k4/9/9/9/9/9/9/9/R3K3R w - - 0 1").unwrap();
        let king_moves: Vec<String> =
            position.legal_moves_uci().into_iter().filter(|m| m.starts_with("e1")).collect();
        assert_eq!(king_moves, ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    }

    #[test]
    fn pinned_pieces_and_king_moves_respect_check() {
        // The white rook on e4 is pinned by the black rook e9 against the king e1.
        let position = Position::from_fen("k3r4/9/9/9/9/4R4/9/9/4K4 w - - 0 1").unwrap();
        let rook_moves: Vec<String> =
            position.legal_moves_uci().into_iter().filter(|m| m.starts_with("e4")).collect();
        assert_eq!(rook_moves, ["e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8", "e4e9"]);
        // The white king may not step next to the black king.
        let position = Position::from_fen("9/9/9/9/4k4/9/4K4/9/9 w - - 0 1").unwrap();
        let moves = position.legal_moves_uci();
        assert_eq!(moves, ["e3d2", "e3d3", "e3e2", "e3f2", "e3f3"]);
    }

    #[test]
    fn moves_are_sorted_uci_and_play_checks_legality() {
        let start = Position::startpos();
        let moves = start.legal_moves_uci();
        let mut sorted = moves.clone();
        sorted.sort();
        assert_eq!(moves, sorted);
        assert!(moves.iter().all(|m| m.len() == 4));
        assert!(start.play("e4e5").is_ok());
        assert!(start.play("e4e6").is_err());
        assert!(start.play("e1e2").is_err());
        assert!(start.play("j1j2").is_err());
        assert!(start.play("e4").is_err());
    }

    #[test]
    fn clocks_follow_captures_and_pawn_moves() {
        let start = Position::startpos();
        let after = start.play("g1h3").unwrap();
        assert_eq!((after.halfmove_clock, after.fullmove_number), (1, 1));
        let after = after.play("c9b7").unwrap();
        assert_eq!((after.halfmove_clock, after.fullmove_number), (2, 2));
        let after = after.play("e4e5").unwrap();
        assert_eq!((after.halfmove_clock, after.fullmove_number), (0, 2));
        let after = after.play("e6e5").unwrap();
        assert_eq!(after.to_fen().split(' ').nth(4), Some("0"));
        assert_eq!(after.piece_at(sq("e5")), Some((Color::Black, Kind::Pawn)));
    }

    #[test]
    fn checkmate_and_stalemate() {
        let mate = Position::from_fen("k8/1Q7/2K6/9/9/9/9/9/9 b - - 0 1").unwrap();
        assert!(mate.is_check());
        assert!(mate.legal_moves().is_empty());
        assert_eq!(mate.perft(1), 0);
        assert_eq!(mate.board_outcome(), Some(Outcome::Checkmate { winner: Color::White }));
        assert_eq!(mate.board_outcome().unwrap().winner(), Some(Color::White));

        let stalemate = Position::from_fen("k8/9/1Q7/9/9/9/9/9/8K b - - 0 1").unwrap();
        assert!(!stalemate.is_check());
        assert!(stalemate.legal_moves().is_empty());
        assert_eq!(stalemate.board_outcome(), Some(Outcome::Stalemate));
        assert_eq!(stalemate.board_outcome().unwrap().winner(), None);
    }

    #[test]
    fn fifty_move_rule_and_its_precedence() {
        let position = Position::from_fen("k8/9/9/9/9/9/9/9/8K w - - 99 80").unwrap();
        assert_eq!(position.board_outcome(), None);
        let position = position.play("i1h1").unwrap();
        assert_eq!(position.halfmove_clock, 100);
        assert_eq!(position.board_outcome(), Some(Outcome::FiftyMoveRule));
        // Checkmate on the hundredth ply is still checkmate.
        let mate = Position::from_fen("k8/1Q7/2K6/9/9/9/9/9/9 b - - 100 90").unwrap();
        assert_eq!(mate.board_outcome(), Some(Outcome::Checkmate { winner: Color::White }));
    }

    #[test]
    fn threefold_repetition_needs_the_third_occurrence() {
        let mut game = Game::from_fen("k8/9/9/9/9/9/9/9/8K w - - 0 1").unwrap();
        for (i, mv) in ["i1h1", "a9b9", "h1i1", "b9a9"].iter().cycle().take(8).enumerate() {
            assert_eq!(game.outcome(), None, "before ply {i}");
            game.play(mv).unwrap();
        }
        assert_eq!(game.repetition_count(), 3);
        assert_eq!(game.outcome(), Some(Outcome::ThreefoldRepetition));
        assert_eq!(game.history().len(), 9);
    }

    #[test]
    fn repetitions_count_across_pawn_moves() {
        // A pawn that steps forward and back resets the 50-move count but not repetition.
        let mut game = Game::from_fen("k8/9/9/9/9/9/9/4P4/8K w - - 0 1").unwrap();
        for mv in ["e2e3", "a9b9", "e3e2", "b9a9", "e2e3", "a9b9", "e3e2", "b9a9"] {
            assert_eq!(game.outcome(), None);
            game.play(mv).unwrap();
        }
        assert_eq!(game.position().halfmove_clock, 1);
        assert_eq!(game.outcome(), Some(Outcome::ThreefoldRepetition));
    }

    #[test]
    fn divide_sums_to_perft() {
        let start = Position::startpos();
        let divide = start.divide(2);
        assert_eq!(divide.len(), 41);
        assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 1671);
    }

    /// The perft file shipped with the tests agrees with this module (to depth 2, quickly;
    /// `perft_file_agrees_fully` checks every depth).
    #[test]
    fn perft_file_agrees_to_depth_2() {
        check_perft_file(2);
    }

    #[test]
    #[ignore = "slow (start perft 5 takes minutes): checks every depth of coherent.epd"]
    fn perft_file_agrees_fully() {
        check_perft_file(u32::MAX);
    }

    fn perft_file_path() -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/perft/coherent.epd")
    }

    fn check_perft_file(max_depth: u32) {
        let text = std::fs::read_to_string(perft_file_path()).unwrap();
        let entries = parse_perft_epd(&text).unwrap();
        assert!(entries.len() >= 30);
        for entry in entries {
            let position = Position::from_fen(&entry.fen).unwrap();
            assert_eq!(position.to_fen(), entry.fen);
            for (depth, count) in entry.perft {
                if depth <= max_depth {
                    assert_eq!(position.perft(depth), count, "{} depth {depth}", entry.fen);
                }
            }
        }
    }

    /// A tiny deterministic pseudo-random generator (xorshift64).
    struct XorShift64(u64);

    impl XorShift64 {
        fn next(&mut self) -> u64 {
            let mut x = self.0;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            self.0 = x;
            x
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// True when the side to move is not in check and some non-king move is illegal,
    /// i.e. one of its pieces is pinned (or its move would uncover a check).
    fn has_pin(position: &Position) -> bool {
        if position.is_check() {
            return false;
        }
        let mover = position.side_to_move;
        position.pseudo_legal_moves().into_iter().any(|mv| {
            position.piece_at(mv.from).map(|p| p.1) != Some(Kind::King)
                && position.make_move(mv).is_king_attacked(mover)
        })
    }

    /// True when a knight stands within two squares (king steps) of the enemy king.
    fn knight_near_king(position: &Position) -> bool {
        for color in [Color::White, Color::Black] {
            let Some(king) = position.king_square(color.opponent()) else { continue };
            for square in position.squares_of(color) {
                if position.piece_at(square) == Some((color, Kind::Knight)) {
                    let distance = square.0.abs_diff(king.0).max(square.1.abs_diff(king.1));
                    if distance <= 2 {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Seed of the random playouts in `coherent.epd`.
    const PLAYOUT_SEED: u64 = 0x00C0_4E2E_47C4_E55A;
    /// Deepest perft of the start position written to `coherent.epd`.
    const START_DEPTH: u32 = 5;

    /// Writes `tests/data/perft/coherent.epd`. Run with
    /// `cargo test --release -p ekumen-tests coherent_reference::tests::regenerate_coherent_epd -- --ignored --nocapture`.
    #[test]
    #[ignore = "slow: regenerates tests/data/perft/coherent.epd"]
    fn regenerate_coherent_epd() {
        use std::time::Instant;

        let mut blocks: Vec<String> = Vec::new();
        let mut timings: Vec<String> = Vec::new();

        let mut perft_block = |label: &str, position: &Position, depth: u32| {
            let mut block = format!("epd {}\n", position.to_fen());
            for d in 1..=depth {
                let started = Instant::now();
                let count = position.perft(d);
                let seconds = started.elapsed().as_secs_f64();
                println!("{label} perft {d} = {count} ({seconds:.2} s)");
                block.push_str(&format!("perft {d} {count}\n"));
                if d >= 3 {
                    timings.push(format!("#   {label}: perft {d} = {count} took {seconds:.1} s"));
                }
            }
            blocks.push(block);
        };

        perft_block("start position", &Position::startpos(), START_DEPTH);
        let knight = Position::from_fen("8k/9/9/9/4N4/9/9/9/K8 w - - 0 1").unwrap();
        perft_block("knight figure", &knight, 4);

        // Random playouts, sorted into buckets so that checks, pins and knights next to
        // kings are all represented.
        let mut rng = XorShift64(PLAYOUT_SEED);
        let mut chosen: Vec<Position> = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        let mut quota = [("check", 10), ("pin", 10), ("knight near king", 10), ("other", 6)];
        let mut attempts = 0;
        while quota.iter().any(|&(_, left)| left > 0) {
            attempts += 1;
            assert!(attempts < 100_000, "could not fill the playout buckets");
            let plies = 6 + rng.below(90);
            let mut position = Position::startpos();
            for _ in 0..plies {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position = position.make_move(moves[rng.below(moves.len())]);
            }
            if position.legal_moves().is_empty() || seen.contains(&position.key()) {
                continue;
            }
            let bucket = if position.is_check() {
                0
            } else if has_pin(&position) {
                1
            } else if knight_near_king(&position) {
                2
            } else {
                3
            };
            if quota[bucket].1 == 0 {
                continue;
            }
            quota[bucket].1 -= 1;
            seen.push(position.key());
            chosen.push(position);
        }
        let random_count = chosen.len();
        let random_started = Instant::now();
        for (i, position) in chosen.iter().enumerate() {
            perft_block(&format!("playout {}", i + 1), position, 3);
        }
        let random_seconds = random_started.elapsed().as_secs_f64();
        // The header lists the per-depth timings of the two fixed positions only.
        timings.retain(|t| !t.contains("playout"));

        let mut text = String::new();
        text.push_str("# Coherent chess perft counts.\n");
        text.push_str("#\n");
        text.push_str(
            "# Computed by the naive reference walker in tests/src/coherent_reference.rs\n",
        );
        text.push_str(
            "# (a 9x9 mailbox, square-by-square move walking, legality by make-and-test),\n",
        );
        text.push_str("# which is independent of the engine crates.\n");
        text.push_str("#\n");
        text.push_str("# Blocks: the start position, the knight figure of the rules page, then\n");
        text.push_str(&format!(
            "# {random_count} positions from random playouts of 6 to 95 plies from the start\n"
        ));
        text.push_str(&format!(
            "# (xorshift64, seed {PLAYOUT_SEED:#018x}), chosen to include positions in check,\n"
        ));
        text.push_str("# with pinned pieces, and with a knight within two squares of a king.\n");
        text.push_str("#\n");
        text.push_str("# Timings of the reference walker (release build, one thread):\n");
        for t in &timings {
            text.push_str(t);
            text.push('\n');
        }
        text.push_str(&format!(
            "#   all {random_count} playout positions, perft 1 to 3: {random_seconds:.1} s\n"
        ));
        text.push_str("#\n");
        text.push_str("# Regenerate with:\n");
        text.push_str("#   cargo test --release -p ekumen-tests \\\n");
        text.push_str(
            "#     coherent_reference::tests::regenerate_coherent_epd -- --ignored --nocapture\n",
        );
        for block in blocks {
            text.push('\n');
            text.push_str(&block);
        }

        let path = perft_file_path();
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        println!("wrote {}", path.display());
    }
}
