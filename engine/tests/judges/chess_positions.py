#!/usr/bin/env python3
"""Judges `position` commands of standard chess with python-chess, independently of
Ekumen's rules code: reads `FEN<TAB>MOVES` lines on stdin and prints `bad` or `good` for
each (good: the FEN describes a legal position and every move is legal in turn).

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


def bad(fen, moves):
    fields = fen.split(" ")
    if len(fields) >= 3:
        castling = castling_field(fields[0], fields[2])
        if castling is None:
            return True
        fields[2] = castling
    try:
        board = chess.Board(" ".join(fields))
    except ValueError:
        return True
    lenient = (chess.STATUS_BAD_CASTLING_RIGHTS | chess.STATUS_INVALID_EP_SQUARE
               | chess.STATUS_TOO_MANY_WHITE_PIECES | chess.STATUS_TOO_MANY_BLACK_PIECES
               | chess.STATUS_TOO_MANY_WHITE_PAWNS | chess.STATUS_TOO_MANY_BLACK_PAWNS)
    if board.status() & ~lenient:
        return True
    for text in moves:
        try:
            move = chess.Move.from_uci(text)
        except ValueError:
            return True
        if not move or move not in board.legal_moves:
            return True
        board.push(move)
    return False


for line in sys.stdin:
    fen, _, moves = line.rstrip("\n").partition("\t")
    print("bad" if bad(fen, moves.split()) else "good")
