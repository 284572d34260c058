//! Fairy-Stockfish's `variants.ini`, which GUIs and servers of its world hand an engine by
//! the `VariantPath` option: reading it as Fairy-Stockfish does, and comparing each section
//! that names one of our variants with the rules we play.
//!
//! # The file
//! Sections `[name]` or `[name:parent]`, then `key = value` lines; lines starting with `#`
//! or `;` are comments, and lines before the first section are skipped, as Fairy-Stockfish
//! does. A section inherits every rule of its parent: a section earlier in the file, or
//! one of Fairy-Stockfish's built-in variants that we know ([`BUILT_INS`]); without a
//! parent it starts from Fairy-Stockfish's defaults, which are chess's rules without any
//! piece. A line in a section that is neither a comment nor `key = value` (what
//! Fairy-Stockfish's own `check` command calls invalid syntax), an empty section name or
//! key, or an unclosed `[` makes the file malformed: it is refused whole.
//!
//! Fairy-Stockfish itself ignores a section naming a variant it has built in (chess,
//! gothic) or one already defined; we still compare a section for chess or gothic with
//! our rules, since a GUI reading the file may not ignore it.
//!
//! # The comparison
//! Each variant states its rules in Fairy-Stockfish's terms
//! ([`Variant::FAIRY_STOCKFISH`]); a section is compared with them rule by rule after both
//! are resolved and normalised (a piece named by a built-in type equals the same moves
//! given in Betza notation, squares and piece sets are compared as sets, an unset rule
//! counts as Fairy-Stockfish's default). The rules are compared in this order: board,
//! pieces, start position, promotion, drops, game end, then the moves' other rules, so
//! the first difference reported is the most telling one. Keys that only
//! affect how a GUI shows the game or how Fairy-Stockfish evaluates it are left out; a key
//! this module does not know counts as a difference whenever the two sides disagree on it.

use std::collections::BTreeMap;

use crate::game::VariantId;
use crate::variant::Variant;

/// A `variants.ini` that cannot be read as one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IniError {
    /// From 1.
    pub line: usize,
    pub reason: String,
}

impl std::fmt::Display for IniError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

/// One section of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    pub parent: Option<String>,
    /// `key = value` in file order.
    pub entries: Vec<(String, String)>,
}

/// What a file says of the variants, against ours.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verdict {
    /// Each of our variants the file defines with other rules, and the first difference.
    pub differing: Vec<(VariantId, String)>,
    /// The variants the file defines that we do not play, in file order.
    pub unplayable: Vec<String>,
}

/// Fairy-Stockfish's built-in variants a section may inherit from, as sections: name,
/// parent and rules.
pub const BUILT_INS: &[(&str, Option<&str>, &str)] = &[
    ("chess", None, "pawn = p\nknight = n\nbishop = b\nrook = r\nqueen = q\nking = k"),
    (
        "capablanca",
        Some("chess"),
        "archbishop = a\nchancellor = c\nmaxFile = 10\ncastlingKingsideFile = i\n\
         castlingQueensideFile = c\npromotionPieceTypes = acqrbn\n\
         startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    ),
    (
        "gothic",
        Some("capablanca"),
        "startFen = rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1",
    ),
    (
        "crazyhouse",
        Some("chess"),
        "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\n\
         pieceDrops = true\ncapturesToHand = true",
    ),
];

/// Reads a `variants.ini` as Fairy-Stockfish does.
///
/// # Errors
/// The first line that makes the file malformed.
pub fn parse(text: &str) -> Result<Vec<Section>, IniError> {
    let mut sections: Vec<Section> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let error = |reason: String| Err(IniError { line: index + 1, reason });
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        if let Some(header) = line.strip_prefix('[') {
            let Some(end) = header.find(']') else {
                return error(format!("'{line}' has no closing ']'"));
            };
            let (name, parent) = match header[..end].split_once(':') {
                Some((name, parent)) => (name.trim(), Some(parent.trim().to_string())),
                None => (header[..end].trim(), None),
            };
            if name.is_empty() || parent.as_deref() == Some("") {
                return error(format!("'{line}' lacks a variant name"));
            }
            sections.push(Section { name: name.to_string(), parent, entries: Vec::new() });
            continue;
        }
        let Some(section) = sections.last_mut() else {
            continue;
        };
        let Some((key, value)) = line.split_once('=') else {
            return error(format!("'{line}' is not 'key = value'"));
        };
        if key.trim().is_empty() {
            return error(format!("'{line}' has no key"));
        }
        section.entries.push((key.trim().to_string(), value.trim().to_string()));
    }
    Ok(sections)
}

/// Reads a `variants.ini` and compares what it defines with the variants we play: the
/// sections naming ours with other rules, and the variants we do not play. When a name
/// is defined twice the first section counts, as in Fairy-Stockfish, which refuses a
/// variant that already exists.
///
/// # Errors
/// The first line that makes the file malformed.
pub fn check(text: &str) -> Result<Verdict, IniError> {
    let sections = parse(text)?;
    let mut verdict = Verdict::default();
    for (i, section) in sections.iter().enumerate() {
        if sections[..i].iter().any(|earlier| earlier.name == section.name) {
            continue;
        }
        let Some(variant) = VariantId::from_name(&section.name) else {
            verdict.unplayable.push(section.name.clone());
            continue;
        };
        if let Some(difference) = difference(variant, section, &sections[..i]) {
            verdict.differing.push((variant, difference));
        }
    }
    Ok(verdict)
}

/// The first difference between `section` (with the sections before it) and our rules
/// of `variant`, if any.
fn difference(variant: VariantId, section: &Section, earlier: &[Section]) -> Option<String> {
    let Some(ours) = crate::for_variant!(variant, V => V::FAIRY_STOCKFISH) else {
        return Some("Fairy-Stockfish cannot state its rules".to_string());
    };
    let ours = parse(ours).expect("our variants' sections parse");
    let ours = resolve(&ours[0], &[]).expect("our variants' parents are built in");
    let theirs = match resolve(section, earlier) {
        Ok(rules) => rules,
        Err(unknown_parent) => {
            return Some(format!("its parent {unknown_parent} is not a variant Ekumen knows"))
        }
    };
    compare(&theirs, &ours)
}

/// Every rule a section sets, its parents' included: key to value, and the pieces by
/// slot (a built-in piece type's name, `king` or `customPieceN`).
#[derive(Clone, Debug, Default)]
struct Rules {
    keys: BTreeMap<String, String>,
    pieces: BTreeMap<String, String>,
}

/// Resolves `section`'s inheritance: its parent among `earlier` (the first one of that
/// name) or among [`BUILT_INS`]. `Err` names a parent found in neither.
fn resolve(section: &Section, earlier: &[Section]) -> Result<Rules, String> {
    let mut rules = match &section.parent {
        None => Rules::default(),
        Some(parent) => {
            if let Some(i) = earlier.iter().position(|s| &s.name == parent) {
                resolve(&earlier[i], &earlier[..i])?
            } else if let Some(&(name, grandparent, text)) =
                BUILT_INS.iter().find(|(name, ..)| name == parent)
            {
                let mut built_in = parse(&format!("[{name}]\n{text}")).expect("built-ins parse");
                built_in[0].parent = grandparent.map(str::to_string);
                resolve(&built_in[0], &[])?
            } else {
                return Err(parent.clone());
            }
        }
    };
    for (key, value) in &section.entries {
        rules.set(key, value);
    }
    Ok(rules)
}

/// Fairy-Stockfish's built-in piece types and their moves in Betza notation.
const PIECE_TYPES: &[(&str, &str)] = &[
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
];

/// Keys that set the same rule for White and for Black.
const FOR_BOTH_COLOURS: &[&str] = &[
    "promotionPieceTypes",
    "promotionPawnTypes",
    "enPassantTypes",
    "nMoveRuleTypes",
    "flagPiece",
    "flagRegion",
];

/// Older spellings of keys, and the current one.
const ALIASES: &[(&str, &str)] =
    &[("whiteDropRegion", "dropRegionWhite"), ("blackDropRegion", "dropRegionBlack")];

/// Keys that change how a GUI shows the game or how Fairy-Stockfish evaluates it, not
/// the rules.
fn presentation_only(key: &str) -> bool {
    ["variantTemplate", "pieceToCharTable", "pocketSize", "pieceValueMg", "pieceValueEg"]
        .contains(&key)
        || key.starts_with("mobilityRegion")
        || key.starts_with("nnue")
}

impl Rules {
    fn set(&mut self, key: &str, value: &str) {
        let key = ALIASES.iter().find(|(old, _)| *old == key).map_or(key, |&(_, new)| new);
        if FOR_BOTH_COLOURS.contains(&key) {
            self.keys.insert(format!("{key}White"), value.to_string());
            self.keys.insert(format!("{key}Black"), value.to_string());
        } else if key == "king" || key.starts_with("customPiece") {
            self.pieces.insert(key.to_string(), value.to_string());
        } else if let Some(&(name, _)) = PIECE_TYPES.iter().find(|(name, _)| *name == key) {
            self.pieces.insert(name.to_string(), value.to_string());
        } else if !presentation_only(key) {
            self.keys.insert(key.to_string(), value.to_string());
        }
    }

    /// The board's files and ranks.
    fn board(&self) -> (u8, u8) {
        let files = self.keys.get("maxFile").and_then(|v| file_number(v)).unwrap_or(8);
        let ranks = self.keys.get("maxRank").and_then(|v| v.trim().parse().ok()).unwrap_or(8);
        (files, ranks)
    }

    /// The pieces, by letter: their moves in Betza notation and whether they are royal.
    fn piece_list(&self) -> BTreeMap<char, String> {
        let mut list = BTreeMap::new();
        for (slot, value) in &self.pieces {
            let value = value.trim();
            if value == "-" || value.is_empty() {
                continue;
            }
            let (letter, custom) = match value.split_once(':') {
                Some((letter, betza)) => (letter.trim(), Some(betza.trim())),
                None => (value, None),
            };
            let Some(letter) = letter.chars().next().map(|c| c.to_ascii_lowercase()) else {
                continue;
            };
            let moves = match (slot.as_str(), custom) {
                (_, Some(betza)) => betza.to_string(),
                ("king", None) => "K".to_string(),
                (name, None) => PIECE_TYPES
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map_or_else(|| "?".to_string(), |(_, betza)| betza.to_string()),
            };
            let royal = if slot == "king" { " (royal)" } else { "" };
            list.insert(letter, format!("{moves}{royal}"));
        }
        list
    }
}

/// How a rule's value is read, so that equal rules compare equal however written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Bool,
    Number,
    File,
    /// `win`, `loss`, `draw`, `none`, ...
    Word,
    /// Letters of piece types; `-` for none.
    PieceSet,
    /// `a:b c:d` pairs.
    Pairs,
    /// Squares: `e4`, `*1` (a whole rank), `a*` (a whole file), `*` (every square); `-`
    /// for none.
    Region,
    /// The start position: board and hands, side to move, castling.
    Fen,
}

/// A rule compared: its key, how its value is read, and Fairy-Stockfish's default
/// (`None`: unset by default).
type Rule = (&'static str, Kind, Option<&'static str>);

/// The board's rules, compared first.
const BOARD_RULES: &[Rule] =
    &[("maxFile", Kind::File, Some("8")), ("maxRank", Kind::Number, Some("8"))];

/// The rules compared after the board and the pieces, in the order a difference is
/// looked for.
const RULES: &[Rule] = {
    use Kind::*;
    &[
        ("startFen", Fen, Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")),
        ("pawnTypes", PieceSet, Some("p")),
        ("promotionRegionWhite", Region, Some("*8")),
        ("promotionRegionBlack", Region, Some("*1")),
        ("promotionPawnTypesWhite", PieceSet, Some("p")),
        ("promotionPawnTypesBlack", PieceSet, Some("p")),
        ("promotionPieceTypesWhite", PieceSet, Some("nbrq")),
        ("promotionPieceTypesBlack", PieceSet, Some("nbrq")),
        ("promotedPieceType", Pairs, Some("")),
        ("promotionLimit", Pairs, Some("")),
        ("mandatoryPawnPromotion", Bool, Some("true")),
        ("mandatoryPiecePromotion", Bool, Some("false")),
        ("pieceDemotion", Bool, Some("false")),
        ("piecePromotionOnCapture", Bool, Some("false")),
        ("sittuyinPromotion", Bool, Some("false")),
        ("pieceDrops", Bool, Some("false")),
        ("capturesToHand", Bool, Some("false")),
        ("dropRegionWhite", Region, Some("*")),
        ("dropRegionBlack", Region, Some("*")),
        ("dropPromoted", Bool, Some("false")),
        ("dropLoop", Bool, Some("false")),
        ("firstRankPawnDrops", Bool, Some("false")),
        ("promotionZonePawnDrops", Bool, Some("false")),
        ("dropNoDoubled", PieceSet, Some("-")),
        ("dropChecks", Bool, Some("true")),
        ("mustDrop", Bool, Some("false")),
        ("twoBoards", Bool, Some("false")),
        ("immobilityIllegal", Bool, Some("false")),
        ("checkmateValue", Word, Some("loss")),
        ("stalemateValue", Word, Some("draw")),
        ("stalematePieceCount", Bool, Some("false")),
        ("nMoveRule", Number, Some("50")),
        ("nFoldRule", Number, Some("3")),
        ("nFoldValue", Word, Some("draw")),
        ("nFoldValueAbsolute", Bool, Some("false")),
        ("perpetualCheckIllegal", Bool, Some("false")),
        ("moveRepetitionIllegal", Bool, Some("false")),
        ("chasingRule", Word, Some("none")),
        ("extinctionValue", Word, Some("none")),
        ("extinctionClaim", Bool, Some("false")),
        ("extinctionPseudoRoyal", Bool, Some("false")),
        ("extinctionPieceTypes", PieceSet, Some("-")),
        ("extinctionPieceCount", Number, Some("0")),
        ("extinctionOpponentPieceCount", Number, Some("0")),
        ("flagPieceWhite", PieceSet, Some("*")),
        ("flagPieceBlack", PieceSet, Some("*")),
        ("flagRegionWhite", Region, Some("-")),
        ("flagRegionBlack", Region, Some("-")),
        ("flagPieceCount", Number, Some("1")),
        ("flagPieceBlockedWin", Bool, Some("false")),
        ("flagMove", Bool, Some("false")),
        ("checkCounting", Bool, Some("false")),
        ("connectN", Number, Some("0")),
        ("materialCounting", Word, Some("none")),
        ("countingRule", Word, Some("none")),
        ("shogiPawnDropMateIllegal", Bool, Some("false")),
        ("shatarMateRule", Bool, Some("false")),
        ("bikjangRule", Bool, Some("false")),
        ("dupleCheck", Bool, Some("false")),
        ("doubleStep", Bool, Some("true")),
        ("doubleStepRegionWhite", Region, Some("*2")),
        ("doubleStepRegionBlack", Region, Some("*7")),
        ("tripleStepRegionWhite", Region, Some("-")),
        ("tripleStepRegionBlack", Region, Some("-")),
        ("enPassantRegion", Region, Some("*")),
        ("enPassantTypesWhite", PieceSet, Some("p")),
        ("enPassantTypesBlack", PieceSet, Some("p")),
        ("castling", Bool, Some("true")),
        ("castlingDroppedPiece", Bool, Some("false")),
        ("castlingKingsideFile", File, Some("g")),
        ("castlingQueensideFile", File, Some("c")),
        ("castlingRank", Number, Some("1")),
        ("castlingKingFile", File, Some("e")),
        ("castlingKingPiece", PieceSet, Some("k")),
        ("castlingRookPieces", PieceSet, Some("r")),
        ("chess960", Bool, Some("false")),
        ("checking", Bool, Some("true")),
        ("mustCapture", Bool, Some("false")),
        ("pass", Bool, Some("false")),
        ("passOnStalemate", Bool, Some("false")),
        ("makpongRule", Bool, Some("false")),
        ("flyingGeneral", Bool, Some("false")),
        ("soldierPromotionRank", Number, Some("1")),
        ("blastOnCapture", Bool, Some("false")),
        ("petrifyOnCapture", Bool, Some("false")),
        ("gating", Bool, Some("false")),
        ("seirawanGating", Bool, Some("false")),
        ("cambodianMoves", Bool, Some("false")),
        ("nMoveRuleTypesWhite", PieceSet, Some("p")),
        ("nMoveRuleTypesBlack", PieceSet, Some("p")),
    ]
};

/// The first rule in which `theirs` differs from `ours`, worded for a message.
fn compare(theirs: &Rules, ours: &Rules) -> Option<String> {
    let (board_theirs, board_ours) = (theirs.board(), ours.board());
    let shown = |rules: &Rules, key: &str, default: Option<&str>| {
        rules.keys.get(key).cloned().or(default.map(|d| format!("{d} (default)")))
    };
    let differ = |key: &str, theirs_value: Option<String>, ours_value: Option<String>| {
        let word = |v: Option<String>| v.unwrap_or_else(|| "unset".to_string());
        format!("{key} is {} here, {} in Ekumen", word(theirs_value), word(ours_value))
    };
    let (pieces_theirs, pieces_ours) = (theirs.piece_list(), ours.piece_list());
    for (index, &(key, kind, default)) in BOARD_RULES.iter().chain(RULES).enumerate() {
        if index == BOARD_RULES.len() && pieces_theirs != pieces_ours {
            return Some(piece_difference(&pieces_theirs, &pieces_ours));
        }
        let a = theirs.keys.get(key).map(String::as_str).or(default);
        let b = ours.keys.get(key).map(String::as_str).or(default);
        let same = match (a, b) {
            (Some(a), Some(b)) => normal(kind, a, board_theirs) == normal(kind, b, board_ours),
            (None, None) => true,
            _ => false,
        };
        if !same {
            return Some(differ(key, shown(theirs, key, default), shown(ours, key, default)));
        }
    }
    let unknown = |rules: &Rules| -> Vec<String> {
        let known = |k: &String| BOARD_RULES.iter().chain(RULES).any(|(key, ..)| key == k);
        rules.keys.keys().filter(|k| !known(k)).cloned().collect()
    };
    let mut keys = unknown(theirs);
    keys.extend(unknown(ours));
    keys.sort();
    keys.into_iter()
        .find(|key| theirs.keys.get(key).map(|v| v.trim()) != ours.keys.get(key).map(|v| v.trim()))
        .map(|key| differ(&key, theirs.keys.get(&key).cloned(), ours.keys.get(&key).cloned()))
}

fn piece_difference(theirs: &BTreeMap<char, String>, ours: &BTreeMap<char, String>) -> String {
    let letters =
        theirs.keys().chain(ours.keys()).copied().collect::<std::collections::BTreeSet<_>>();
    for letter in letters {
        let (a, b) = (theirs.get(&letter), ours.get(&letter));
        if a != b {
            let word = |v: Option<&String>| v.map_or("no such piece".to_string(), |m| m.clone());
            return format!("piece {letter} is {} here, {} in Ekumen", word(a), word(b));
        }
    }
    unreachable!("the piece lists differ")
}

/// `value` in a form where equal rules are equal strings.
fn normal(kind: Kind, value: &str, (files, ranks): (u8, u8)) -> String {
    let value = value.trim();
    match kind {
        Kind::Bool => match value {
            "1" | "true" => "true".to_string(),
            "0" | "false" => "false".to_string(),
            other => other.to_string(),
        },
        Kind::Number | Kind::Word => value.to_ascii_lowercase(),
        Kind::File => file_number(value).map_or(value.to_string(), |f| f.to_string()),
        Kind::PieceSet => {
            let mut letters: Vec<char> =
                value.chars().filter(|c| c.is_ascii_alphabetic() || *c == '*').collect();
            letters.sort_unstable();
            letters.dedup();
            letters.into_iter().collect()
        }
        Kind::Pairs => {
            let mut pairs: Vec<&str> = value.split_whitespace().collect();
            pairs.sort_unstable();
            pairs.join(" ")
        }
        Kind::Region => {
            let mut squares = Vec::new();
            for token in value.split_whitespace().filter(|t| *t != "-") {
                let token = if token == "*" { "**" } else { token };
                let (file, rank) = token.split_at(token.chars().next().map_or(0, char::len_utf8));
                let files_in: Vec<u8> = match file {
                    "*" => (1..=files).collect(),
                    f => file_number(f).into_iter().collect(),
                };
                let ranks_in: Vec<u8> = match rank {
                    "*" => (1..=ranks).collect(),
                    r => r.parse().ok().into_iter().collect(),
                };
                if files_in.is_empty() || ranks_in.is_empty() {
                    squares.push(format!("?{token}"));
                }
                for f in &files_in {
                    for r in &ranks_in {
                        squares.push(format!("{}{r}", (b'a' + f - 1) as char));
                    }
                }
            }
            squares.sort_unstable();
            squares.dedup();
            squares.join(" ")
        }
        Kind::Fen => value.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
    }
}

/// A file given as a letter (`a` is 1) or a number.
fn file_number(value: &str) -> Option<u8> {
    let value = value.trim();
    match value.as_bytes() {
        [letter] if letter.is_ascii_lowercase() => Some(letter - b'a' + 1),
        _ => value.parse().ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FAIRY: &str = include_str!("../../tests/data/fairy/variants.ini");

    fn differences(text: &str) -> Vec<(VariantId, String)> {
        check(text).expect("a well-formed file").differing
    }

    #[test]
    fn our_own_sections_and_fairy_stockfishs_file_agree_with_our_rules() {
        for variant in VariantId::ALL {
            if let Some(ours) = crate::for_variant!(variant, V => V::FAIRY_STOCKFISH) {
                assert_eq!(differences(ours), [], "{variant}");
            }
        }
        assert_eq!(check(FAIRY), Ok(Verdict::default()));
    }

    #[test]
    fn the_same_rules_written_otherwise_are_the_same() {
        let shinobi = FAIRY.split("# A Kyoto").next().expect("the shinobi section");
        let restated = shinobi
            .replace("commoner = c", "customPiece1 = c:K")
            .replace("dropRegionWhite", "whiteDropRegion")
            .replace("*2 *1", "*1 *2")
            .replace("mandatoryPiecePromotion = true", "mandatoryPiecePromotion = 1")
            .replace("flagPiece = k", "flagPieceWhite = k\nflagPieceBlack = k")
            .replace("\n", "\r\n");
        assert_eq!(differences(&restated), []);
        let gothic = "[gothic:capablanca]\n\
            startFen = rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1";
        assert_eq!(differences(gothic), []);
        let chess = "# before any section\nnot a rule\n[chess]\n; the pieces\n\
            pawn = p\nknight = n\nbishop = b\nrook = r\nqueen = q\nking = k\nmaxFile = h";
        assert_eq!(differences(chess), []);
    }

    #[test]
    fn the_first_difference_is_named_in_rule_order() {
        let changed = FAIRY
            .replace("stalemateValue = loss\nperpetual", "stalemateValue = draw\nperpetual")
            .replace("lance = l", "lance = l\nmaxRank = 9");
        let found = differences(&changed);
        assert_eq!(
            found,
            [(VariantId::Shinobi, "maxRank is 9 here, 8 (default) in Ekumen".into())]
        );
        let found = differences(&FAIRY.replace("bers = d", "bers = d\ncustomPiece2 = x:W"));
        assert_eq!(found[0].1, "piece x is W here, no such piece in Ekumen");
        assert_eq!(
            differences("[chess:chess]\nfooBar = 1")[0].1,
            "fooBar is 1 here, unset in Ekumen"
        );
        assert_eq!(differences("[coherent:chess]")[0].1, "Fairy-Stockfish cannot state its rules");
        assert_eq!(
            differences("[gothic:grand]")[0].1,
            "its parent grand is not a variant Ekumen knows"
        );
    }

    #[test]
    fn the_first_of_two_sections_of_one_name_counts() {
        let changed = FAIRY.replace("dropPromoted = true", "dropPromoted = false");
        assert_eq!(differences(&changed).len(), 1);
        assert_eq!(differences(&format!("{FAIRY}\n{changed}")), []);
        assert_eq!(differences(&format!("{changed}\n{FAIRY}")).len(), 1);
        let verdict = check("[mini:chess]\n[mini2:mini]\n[mini:chess]").expect("well formed");
        assert_eq!(verdict.unplayable, ["mini", "mini2"]);
    }
}
