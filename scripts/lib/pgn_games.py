"""Reads the PGN files `ekumen match` writes: tags and moves in UCI notation (Fairy-Stockfish's
dialect), with the movetext as written or with comments and move numbers skipped."""
import re

TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}
# White's points for each finished game's result.
WHITE_POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
TOKEN = re.compile(r"\{[^}]*\}|[^\s{}]+")
MOVE_NUMBER = re.compile(r"\d+\.(\.\.)?")
# The head of a move's comment as `ekumen match` writes it: the mover's score in pawns
# (or a mate, `+M3`), then the depth.
COMMENT_SCORE = re.compile(r"\s*([+-]?\d+(?:\.\d+)?)/\d+(?:\s|$)")


def read_movetexts(path):
    """A list of (tags, movetext) for the games of `path`, the movetext as written
    (comments and move numbers kept), its lines joined by spaces."""
    with open(path, encoding="utf-8") as pgn:
        text = pgn.read()
    games, tags, movetext = [], {}, []
    for line in text.splitlines() + ["[End \"\"]"]:
        match = TAG.match(line.strip())
        if match and movetext:
            games.append((tags, " ".join(movetext)))
            tags, movetext = {}, []
        if match:
            tags[match.group(1)] = match.group(2).replace('\\"', '"').replace("\\\\", "\\")
        elif line.strip():
            movetext.append(line.strip())
    return games


def read_games(path):
    """A list of (tags, moves, result) for the games of `path`; result is the movetext's
    closing token, or None when it has none."""
    parsed = []
    for tags, body in read_movetexts(path):
        body = re.sub(r"\{[^}]*\}", " ", body)
        body = re.sub(r";[^\n]*", " ", body)
        tokens = [t for t in body.split() if not MOVE_NUMBER.fullmatch(t)]
        result = tokens.pop() if tokens and tokens[-1] in RESULTS else None
        parsed.append((tags, tokens, result))
    return parsed


def white_moves_first(tags):
    """Whether White makes the movetext's first move: the side to move of the FEN tag,
    White where there is none."""
    fen = tags.get("FEN", "").split()
    return not (len(fen) > 1 and fen[1] == "b")


def white_moves_at(ply, first_white):
    """Whether White makes the movetext's move of index `ply` (0 for the first), given
    `white_moves_first`."""
    return (ply % 2 == 0) == first_white


def commented_moves(body):
    """(move, comment) for each move of a movetext, in order; the comment is the text in
    the braces right after the move, None where there is none."""
    moves = []
    for token in TOKEN.findall(body):
        if token.startswith("{"):
            if moves and moves[-1][1] is None:
                moves[-1] = (moves[-1][0], token[1:-1])
        elif not MOVE_NUMBER.fullmatch(token) and token not in RESULTS:
            moves.append((token, None))
    return moves


def comment_score(comment):
    """The mover's score in pawns at the head of a move's comment (`+0.80/15 ...`); None
    where the comment has none, or gives a mate."""
    match = COMMENT_SCORE.match(comment or "")
    return float(match.group(1)) if match else None
