//! The rules as the page sees them, all from `ekumen-movegen`: a game is a variant, a
//! start FEN and a list of UCI moves, replayed on every request, so the page keeps no
//! rules of its own and the server keeps no game state. Replaying a few hundred plies
//! costs microseconds, far below one HTTP exchange.

use ekumen_movegen::{
    for_variant, AnyPosition, Color, EndReason, GameResult, Outcome, Variant, VariantId,
};

use crate::http::json_string;

/// A game replayed: the position after every ply and what the page needs to draw it.
#[derive(Debug)]
pub struct Game {
    pub variant: VariantId,
    pub start_fen: String,
    pub moves: Vec<String>,
    /// FEN after each ply (index 0: the start).
    pub fens: Vec<String>,
    pub position: AnyPosition,
}

/// Why a game could not be set up; the text is shown to the user as it is.
#[derive(Debug, PartialEq, Eq)]
pub struct RulesError(pub String);

pub fn variant_named(name: &str) -> Result<VariantId, RulesError> {
    VariantId::from_name(name).ok_or_else(|| {
        let known: Vec<&str> = VariantId::ALL.iter().map(|v| v.name()).collect();
        RulesError(format!("unknown variant '{name}' (known: {})", known.join(", ")))
    })
}

impl Game {
    /// Replays `moves` from `fen` (the variant's start position when empty).
    ///
    /// # Errors
    /// A bad FEN, or the first move that is not legal, said so that a user can act on it.
    pub fn replay(variant: VariantId, fen: &str, moves: &[String]) -> Result<Game, RulesError> {
        let fen = fen.trim();
        let start_fen = if fen.is_empty() { variant.info().start_fen } else { fen };
        let mut position = AnyPosition::from_fen(variant, start_fen, false)
            .map_err(|e| RulesError(format!("Not a {variant} FEN: {e}.")))?;
        let start_fen = position.fen();
        let mut fens = vec![start_fen.clone()];
        for (ply, text) in moves.iter().enumerate() {
            if let Some(outcome) = position.outcome() {
                return Err(RulesError(format!(
                    "Move {} ({text}) comes after the game ended: {}.",
                    ply + 1,
                    describe(outcome, position.side_to_move())
                )));
            }
            let m = position
                .parse_uci_move(text)
                .map_err(|e| RulesError(format!("Move {} is refused: {e}.", ply + 1)))?;
            position.make_move(m);
            fens.push(position.fen());
        }
        Ok(Game { variant, start_fen, moves: moves.to_vec(), fens, position })
    }

    /// The game as JSON for the page: see `docs/web.md` ("The server's endpoints").
    pub fn to_json(&self) -> String {
        let pos = &self.position;
        let moves: Vec<String> = pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let uci = pos.move_to_uci(m);
                let (from, to) = squares_of(&uci);
                format!(
                    "{{\"uci\":{},\"from\":{},\"to\":{}}}",
                    json_string(&uci),
                    json_string(from),
                    json_string(to)
                )
            })
            .collect();
        let outcome = match pos.outcome() {
            Some(o) => {
                let (result, _) = result_text(o, pos.side_to_move());
                format!(
                    "{{\"result\":\"{result}\",\"reason\":{},\"text\":{}}}",
                    json_string(reason_text(o.reason)),
                    json_string(&describe(o, pos.side_to_move()))
                )
            }
            None => "null".to_string(),
        };
        let last = self.moves.last().map(|m| squares_of(m));
        let last_move = match last {
            Some((from, to)) if from.contains('@') => format!("[{}]", json_string(to)),
            Some((from, to)) => format!("[{},{}]", json_string(from), json_string(to)),
            None => "[]".to_string(),
        };
        let info = self.variant.info();
        let list =
            |items: &[String]| items.iter().map(|s| json_string(s)).collect::<Vec<_>>().join(",");
        let [white_pocket, black_pocket] = pocket_roles(pos);
        format!(
            "{{\"variant\":{},\"files\":{},\"ranks\":{},\"startFen\":{},\"fen\":{},\
             \"turn\":\"{}\",\"check\":{},\"moves\":[{}],\"played\":[{}],\"fens\":[{}],\
             \"lastMove\":{last_move},\"outcome\":{outcome},\"pocketRoles\":{{\"white\":[{}],\
             \"black\":[{}]}}}}",
            json_string(self.variant.name()),
            info.files,
            info.ranks,
            json_string(&self.start_fen),
            json_string(&pos.fen()),
            color_name(pos.side_to_move()),
            pos.royal_attacked(),
            moves.join(","),
            list(&self.moves),
            list(&self.fens),
            list(&white_pocket),
            list(&black_pocket),
        )
    }
}

/// The origin and destination of a UCI move as the board names them: a drop comes from
/// `J@` (or `+M@`), the piece's slot in hand.
pub fn squares_of(uci: &str) -> (&str, &str) {
    if let Some(at) = uci.find('@') {
        return (&uci[..=at], uci[at + 1..].trim_end_matches(['+', '-']));
    }
    let square_end = |from: usize| {
        let digits = uci[from + 1..].find(|c: char| !c.is_ascii_digit()).map(|n| from + 1 + n);
        digits.unwrap_or(uci.len())
    };
    let first = square_end(0);
    let second = square_end(first);
    (&uci[..first], &uci[first..second])
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The PGN result and the winner's colour, if any.
pub fn result_text(outcome: Outcome, to_move: Color) -> (&'static str, Option<Color>) {
    let winner = match outcome.result {
        GameResult::Win => Some(to_move),
        GameResult::Loss => Some(!to_move),
        GameResult::Draw => None,
    };
    let result = match winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    };
    (result, winner)
}

fn reason_text(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Checkmate => "checkmate",
        EndReason::Stalemate => "stalemate",
        EndReason::Campmate => "campmate",
        EndReason::FiftyMoves => "fifty-move rule",
        EndReason::Repetition => "repetition",
        EndReason::PerpetualCheck => "perpetual check",
        EndReason::InsufficientMaterial => "insufficient material",
    }
}

/// "White wins by checkmate", "Draw by repetition".
pub fn describe(outcome: Outcome, to_move: Color) -> String {
    let reason = reason_text(outcome.reason);
    match result_text(outcome, to_move).1 {
        Some(Color::White) => format!("White wins by {reason}"),
        Some(Color::Black) => format!("Black wins by {reason}"),
        None => format!("Draw by {reason}"),
    }
}

/// The pieces each side's hand shows a slot for, as FEN letters in the variant's hand
/// order: every kind that can be held where captures go to the hand, otherwise the kinds
/// the start position or this one holds (the Clan's reserve in shinobi).
fn pocket_roles(pos: &AnyPosition) -> [Vec<String>; 2] {
    for_variant!(pos.variant(), V => {
        let start = ekumen_movegen::Position::<V>::startpos();
        Color::BOTH.map(|color| {
            if !V::DROPS {
                return Vec::new();
            }
            V::HAND_ORDER
                .iter()
                .filter(|&&kind| {
                    V::CAPTURES_TO_HAND
                        || start.hand_count(color, kind) > 0
                        || ekumen_movegen::dispatch!(pos, p => p.hand_count(color, kind)) > 0
                })
                .map(|&kind| (V::PIECES[kind.index()].letter as char).to_string())
                .collect()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn squares_of_reads_every_move_form() {
        assert_eq!(squares_of("e2e4"), ("e2", "e4"));
        assert_eq!(squares_of("a7a8q"), ("a7", "a8"));
        assert_eq!(squares_of("c1b2+"), ("c1", "b2"));
        assert_eq!(squares_of("J@c3"), ("J@", "c3"));
        assert_eq!(squares_of("+M@d4"), ("+M@", "d4"));
        assert_eq!(squares_of("i9h8"), ("i9", "h8"));
    }

    #[test]
    fn a_bad_fen_is_refused_with_its_reason() {
        let err = Game::replay(VariantId::Chess, "rnbqkbnr/pppppppp/8/8 w - - 0 1", &[])
            .expect_err("four ranks");
        assert_eq!(err.0, "Not a chess FEN: 4 ranks, expected 8.");
    }

    #[test]
    fn an_illegal_move_names_its_ply() {
        let err = Game::replay(VariantId::Chess, "", &moves("e2e4 e2e4")).expect_err("illegal");
        assert!(err.0.starts_with("Move 2 is refused: illegal move 'e2e4'"), "{}", err.0);
    }

    #[test]
    fn fools_mate_ends_the_game() {
        let game = Game::replay(VariantId::Chess, "", &moves("f2f3 e7e5 g2g4 d8h4")).unwrap();
        let json = game.to_json();
        assert!(json.contains("\"result\":\"0-1\""), "{json}");
        assert!(json.contains("Black wins by checkmate"), "{json}");
        assert!(json.contains("\"moves\":[]"), "{json}");
        assert!(json.contains("\"lastMove\":[\"d8\",\"h4\"]"), "{json}");
        let err = Game::replay(VariantId::Chess, "", &moves("f2f3 e7e5 g2g4 d8h4 a2a3"));
        assert!(err.unwrap_err().0.contains("after the game ended"));
    }

    #[test]
    fn hands_get_slots_by_variant() {
        let shinobi = Game::replay(VariantId::Shinobi, "", &[]).unwrap().to_json();
        assert!(
            shinobi.contains(
                "\"pocketRoles\":{\"white\":[\"H\",\"L\",\"J\",\"D\",\"M\"],\"black\":[]}"
            ),
            "{shinobi}"
        );
        let chess = Game::replay(VariantId::Chess, "", &[]).unwrap().to_json();
        assert!(chess.contains("\"pocketRoles\":{\"white\":[],\"black\":[]}"), "{chess}");
        let gethenian = Game::replay(VariantId::Gethenian, "", &[]).unwrap().to_json();
        assert!(gethenian.contains("\"white\":[\"M\",\"N\",\"I\",\"B\",\"K\"]"), "{gethenian}");
    }
}
