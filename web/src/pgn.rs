//! PGN in and out, in the form `ekumen-match` writes (`match/src/pgn.rs`): the seven-tag
//! roster, `Variant` with the `UCI_Variant` name, `FEN` and `SetUp` for a set-up start,
//! and moves in UCI notation (Fairy-Stockfish's dialect), not SAN. Reading takes the tags
//! and the main line and skips comments, variations and annotation glyphs.

use ekumen_movegen::VariantId;

use crate::rules::{result_text, variant_named, Game, RulesError};

/// What the page knows of a game beyond its moves.
#[derive(Debug, Default)]
pub struct Players {
    pub white: String,
    pub black: String,
    pub date: String,
    /// A result the rules cannot see (a loss on time), and why: used only while the
    /// position itself has not ended the game.
    pub adjudged: Option<(String, String)>,
}

/// `game` as PGN text.
pub fn export(game: &Game, players: &Players) -> String {
    let pos = &game.position;
    let outcome = pos.outcome();
    let adjudged = players.adjudged.as_ref().filter(|(result, _)| {
        outcome.is_none() && matches!(result.as_str(), "1-0" | "0-1" | "1/2-1/2")
    });
    let result = match (outcome, adjudged) {
        (Some(o), _) => result_text(o, pos.side_to_move()).0,
        (None, Some((result, _))) => result.as_str(),
        (None, None) => "*",
    };
    let or_unknown = |s: &str| if s.is_empty() { "?".to_string() } else { s.to_string() };
    let mut tags = vec![
        ("Event", "Ekumen web game".to_string()),
        ("Site", "?".to_string()),
        ("Date", or_unknown(&players.date)),
        ("Round", "-".to_string()),
        ("White", or_unknown(&players.white)),
        ("Black", or_unknown(&players.black)),
        ("Result", result.to_string()),
        ("Variant", game.variant.name().to_string()),
    ];
    let start = game.variant.info().start_fen;
    if game.start_fen != start {
        tags.push(("FEN", game.start_fen.clone()));
        tags.push(("SetUp", "1".to_string()));
    }
    tags.push(("PlyCount", game.moves.len().to_string()));
    let mut text = String::new();
    for (name, value) in tags {
        text += &format!("[{name} \"{}\"]\n", value.replace('\\', "\\\\").replace('"', "\\\""));
    }
    text.push('\n');

    let mut tokens = vec!["{Moves in UCI notation (Fairy-Stockfish dialect), not SAN}".to_string()];
    let fields: Vec<&str> = game.start_fen.split_whitespace().collect();
    let mut black = fields.get(1) == Some(&"b");
    let mut number: u32 = fields.last().and_then(|n| n.parse().ok()).unwrap_or(1);
    for (i, m) in game.moves.iter().enumerate() {
        tokens.push(match (black, i) {
            (false, _) => format!("{number}. {m}"),
            (true, 0) => format!("{number}... {m}"),
            (true, _) => m.clone(),
        });
        if black {
            number += 1;
        }
        black = !black;
    }
    if let Some(o) = outcome {
        tokens.push(format!("{{{}}}", crate::rules::describe(o, pos.side_to_move())));
    } else if let Some((_, reason)) = adjudged {
        tokens.push(format!("{{{}}}", reason.replace(['{', '}'], "")));
    }
    tokens.push(result.to_string());
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            text += &line;
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += &token;
    }
    text += &line;
    text.push('\n');
    text
}

/// Reads the first game of `text`. Without a `Variant` tag the game is `default_variant`.
///
/// # Errors
/// Text that is no PGN, an unknown variant, a bad `FEN` tag or an illegal move, said so
/// that a user can find it.
pub fn import(text: &str, default_variant: VariantId) -> Result<Game, RulesError> {
    let mut variant = None;
    let mut fen = String::new();
    let mut movetext = String::new();
    let mut seen_tag = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') && movetext.trim().is_empty() {
            let (name, value) =
                tag(line).ok_or_else(|| RulesError(format!("Not a PGN tag: {line}")))?;
            seen_tag = true;
            match name {
                "Variant" => variant = Some(variant_named(&value.to_lowercase())?),
                "FEN" => fen = value,
                _ => {}
            }
        } else if !line.starts_with('%') {
            movetext += line;
            movetext.push('\n');
        }
    }
    let moves = main_line(&movetext)?;
    if !seen_tag && moves.is_empty() {
        return Err(RulesError("No PGN found: neither tags nor moves.".to_string()));
    }
    Game::replay(variant.unwrap_or(default_variant), &fen, &moves)
}

/// `[Name "value"]` as its name and unescaped value.
fn tag(line: &str) -> Option<(&str, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name, value.replace("\\\"", "\"").replace("\\\\", "\\")))
}

/// The moves of the main line: comments, variations, move numbers, glyphs and the
/// result dropped.
fn main_line(movetext: &str) -> Result<Vec<String>, RulesError> {
    let mut moves = Vec::new();
    let mut depth = 0;
    let mut chars = movetext.chars().peekable();
    let mut word = String::new();
    let flush = |word: &mut String, moves: &mut Vec<String>| {
        let token = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        let is_result = matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*");
        if !token.is_empty() && !is_result && !token.starts_with('$') && !word.ends_with('.') {
            moves.push(token.trim_end_matches(['!', '?']).to_string());
        }
        word.clear();
    };
    while let Some(c) = chars.next() {
        match c {
            '{' if depth == 0 => {
                flush(&mut word, &mut moves);
                if !chars.by_ref().any(|c| c == '}') {
                    return Err(RulesError("A PGN comment '{' is never closed.".into()));
                }
            }
            ';' if depth == 0 => {
                flush(&mut word, &mut moves);
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut word, &mut moves);
                depth += 1;
            }
            ')' => {
                if depth == 0 {
                    return Err(RulesError("A PGN variation closes that never opened.".into()));
                }
                depth -= 1;
            }
            c if c.is_whitespace() => {
                if depth == 0 {
                    flush(&mut word, &mut moves)
                } else {
                    word.clear()
                }
            }
            c => {
                if depth == 0 {
                    word.push(c)
                }
            }
        }
    }
    flush(&mut word, &mut moves);
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn export_then_import_gives_the_same_game() {
        let moves: Vec<String> = ["J@c3", "e7e5", "c3d5"].map(String::from).to_vec();
        let game = Game::replay(VariantId::Shinobi, "", &moves).unwrap();
        let text = export(&game, &Players::default());
        assert!(text.contains("[Variant \"shinobi\"]"), "{text}");
        assert!(text.contains("1. J@c3 e7e5 2. c3d5\n*"), "{text}");
        let back = import(&text, VariantId::Chess).unwrap();
        assert_eq!(back.variant, VariantId::Shinobi);
        assert_eq!(back.moves, moves);
    }

    #[test]
    fn a_loss_on_time_is_written_with_its_reason() {
        let game = Game::replay(VariantId::Chess, "", &["e2e4".to_string()]).unwrap();
        let players = Players {
            adjudged: Some(("0-1".to_string(), "White loses on time".to_string())),
            ..Players::default()
        };
        let text = export(&game, &players);
        assert!(text.contains("[Result \"0-1\"]"), "{text}");
        assert!(text.contains("1. e2e4") && text.contains("{White loses on time} 0-1"), "{text}");
        let checkmated = ["f2f3", "e7e5", "g2g4", "d8h4"].map(String::from);
        let game = Game::replay(VariantId::Chess, "", &checkmated).unwrap();
        let text = export(&game, &players);
        assert!(text.contains("{Black wins by checkmate} 0-1"), "the board's result wins: {text}");
        let bogus = Players { adjudged: Some(("2-0".into(), "x".into())), ..Players::default() };
        let text = export(&Game::replay(VariantId::Chess, "", &[]).unwrap(), &bogus);
        assert!(text.contains("[Result \"*\"]"), "{text}");
    }

    #[test]
    fn set_up_games_keep_their_fen() {
        let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40";
        let game = Game::replay(VariantId::Chess, fen, &["e8d7".to_string()]).unwrap();
        let text = export(&game, &Players::default());
        assert!(text.contains(&format!("[FEN \"{fen}\"]")), "{text}");
        assert!(text.contains("40... e8d7"), "{text}");
        assert_eq!(import(&text, VariantId::Chess).unwrap().start_fen, fen);
    }

    #[test]
    fn comments_variations_and_numbers_are_skipped() {
        let text = "[Variant \"Chess\"]\n\n1.e2e4 {best} (1. d2d4 d7d5) e7e5 $1 2. g1f3! ; note\n*";
        let game = import(text, VariantId::Gothic).unwrap();
        assert_eq!(game.variant, VariantId::Chess);
        assert_eq!(game.moves, ["e2e4", "e7e5", "g1f3"]);
    }

    #[test]
    fn bad_pgns_say_what_is_wrong() {
        let err = |text| import(text, VariantId::Chess).unwrap_err().0;
        assert_eq!(err(""), "No PGN found: neither tags nor moves.");
        assert!(err("[Variant \"xiangqi\"]\n1. e2e4").starts_with("unknown variant 'xiangqi'"));
        assert!(err("1. e2e5").starts_with("Move 1 is refused: illegal move 'e2e5'"));
        assert!(err("[FEN \"8/8 w\"]\n*").starts_with("Not a chess FEN"));
        assert!(err("1. e2e4 {open").contains("never closed"));
    }
}
