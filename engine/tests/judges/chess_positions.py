#!/usr/bin/env python3
"""Judges `position` commands of standard chess with python-chess, independently of
Ekumen's rules code: reads `FEN<TAB>MOVES<TAB>ENGINE_FEN` lines on stdin, ENGINE_FEN being
the position Ekumen reached (empty when it refused the command), and prints for each
`bad` (the FEN does not describe a legal position or a move is not legal in turn), `good`
(python-chess reaches the same position: pieces, side to move, castling rights, en
passant square, both counters) or `differs: WHAT` naming the fields that differ.

An en passant square is compared when a capture there is legal, as both FEN dialects write
it then; castling rights are compared as the rooks that hold them.

Leniencies of the FEN dialect Ekumen shares with Fairy-Stockfish are applied, since
python-chess is stricter: castling letters may come in any order and may name a file
(X-FEN) where no rook stands, such rights being dropped; a castling right or an en
passant square that the position does not support is dropped rather than refused; and a
side may have more than sixteen pieces or eight pawns.
"""
import sys

import chess

CASTLING_LETTERS = set("KQkqABCDEFGHabcdefgh")


def castling_field(board_field, text):
    """The castling field in python-chess's canonical form, or None when malformed."""
    if text == "-":
        return "-"
    if not text or any(c not in CASTLING_LETTERS for c in text):
        return None
    rows = board_field.split("/")
    if len(rows) != 8:
        return text
    kept = []
    for letter in "KQABCDEFGHkqabcdefgh":
        if letter not in text:
            continue
        if letter.lower() in "kq":
            kept.append(letter)
            continue
        white = letter.isupper()
        row = rows[7] if white else rows[0]
        squares = "".join("." * int(c) if c.isdigit() else c for c in row)
        rook = "R" if white else "r"
        file = ord(letter.lower()) - ord("a")
        if file < len(squares) and squares[file] == rook:
            kept.append(letter)
    upper = [c for c in kept if c.isupper()][:2]
    lower = [c for c in kept if c.islower()][:2]
    return "".join(upper + lower) or "-"


def judged(fen, moves):
    """The board python-chess reaches, or None when the command is bad."""
    fields = fen.split(" ")
    if len(fields) >= 3:
        castling = castling_field(fields[0], fields[2])
        if castling is None:
            return None
        fields[2] = castling
    try:
        board = chess.Board(" ".join(fields))
    except ValueError:
        return None
    lenient = (chess.STATUS_BAD_CASTLING_RIGHTS | chess.STATUS_INVALID_EP_SQUARE
               | chess.STATUS_TOO_MANY_WHITE_PIECES | chess.STATUS_TOO_MANY_BLACK_PIECES
               | chess.STATUS_TOO_MANY_WHITE_PAWNS | chess.STATUS_TOO_MANY_BLACK_PAWNS)
    if board.status() & ~lenient:
        return None
    for text in moves:
        try:
            move = chess.Move.from_uci(text)
        except ValueError:
            return None
        if not move or move not in board.legal_moves:
            return None
        board.push(move)
    return board


def fields(board):
    """What a position is, field by field."""
    return {
        "pieces": board.board_fen(),
        "side to move": board.turn,
        "castling": sorted(chess.SquareSet(board.clean_castling_rights())),
        "en passant": board.ep_square if board.has_legal_en_passant() else None,
        "halfmove clock": board.halfmove_clock,
        "fullmove number": board.fullmove_number,
    }


def verdict(fen, moves, engine_fen):
    board = judged(fen, moves)
    if board is None:
        return "bad"
    try:
        engine = chess.Board(engine_fen)
    except ValueError:
        return f"differs: python-chess cannot read {engine_fen!r}"
    ours, theirs = fields(board), fields(engine)
    wrong = [f"{k} {ours[k]} (Ekumen {theirs[k]})" for k in ours if ours[k] != theirs[k]]
    return f"differs: {', '.join(wrong)}; python-chess {board.fen()}" if wrong else "good"


for line in sys.stdin:
    fen, moves, engine_fen = line.rstrip("\n").split("\t")
    print(verdict(fen, moves.split(), engine_fen))
