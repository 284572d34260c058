#!/usr/bin/env python3
"""Re-validates the games of a PGN file written by `ekumen match` with pyffish,
Fairy-Stockfish's own rules code.

For every game whose Variant pyffish knows (chess, gothic, and shinobi and gethenian once
their variants.ini is loaded; coherent is skipped with a note):
- the start position (FEN tag, or the variant's start) must be a valid FEN;
- every move (UCI notation, Fairy-Stockfish's dialect) must be in pyffish's legal move
  list, and no position before it may already be over: neither an immediate end
  (checkmate, stalemate, campmate) nor a draw a referee would adjudicate (threefold
  repetition, fifty moves, shinobi's perpetual check);
- a game with Termination "normal" must end in a position pyffish also sees as over, with
  the same result (no legal move: pyffish's game_result; an immediate end; an optional
  end; or, for chess and gothic, insufficient material on both sides);
- any other game (forfeits, adjudication) must end in a position that is not over.

usage: check_pgn.py PGN [--variants-ini FILE] [--games N]
Exits non-zero on the first problem; prints a summary otherwise.
"""
import argparse
import os
import sys

import pyffish as sf

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from pgn_games import read_games

def fail(message):
    print(f"check_pgn: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def expected_result(value, white_to_move):
    """A pyffish value (side to move's view) as a PGN result."""
    if value == 0:
        return "1/2-1/2"
    mover_wins = value > 0
    return "1-0" if mover_wins == white_to_move else "0-1"


def check_game(number, tags, moves, result):
    variant = tags.get("Variant", "chess")
    if variant not in sf.variants():
        return f"skipped ({variant} is not a pyffish variant)"
    fen = tags.get("FEN") or sf.start_fen(variant)
    if sf.validate_fen(fen, variant) != 1:
        fail(f"game {number}: invalid {variant} FEN {fen}")
    if result != tags.get("Result"):
        fail(f"game {number}: movetext result {result} differs from the Result tag {tags.get('Result')}")
    white_first = fen.split()[1] != "b"
    for i, move in enumerate(moves):
        played = moves[:i]
        immediate, _ = sf.is_immediate_game_end(variant, fen, played)
        optional, _ = sf.is_optional_game_end(variant, fen, played)
        legal = sf.legal_moves(variant, fen, played)
        if immediate or optional or not legal:
            fail(f"game {number} ({variant}): the game was already over before ply {i + 1} "
                 f"({move}); moves {played}")
        if move not in legal:
            fail(f"game {number} ({variant}): illegal move {move} at ply {i + 1} after {played}; "
                 f"legal: {sorted(legal)}")
    white_to_move = white_first == (len(moves) % 2 == 0)
    legal = sf.legal_moves(variant, fen, moves)
    immediate, immediate_value = sf.is_immediate_game_end(variant, fen, moves)
    optional, optional_value = sf.is_optional_game_end(variant, fen, moves)
    insufficient = variant in ("chess", "gothic") and all(
        sf.has_insufficient_material(variant, fen, moves))
    termination = tags.get("Termination")
    if termination == "normal":
        if immediate:
            value = immediate_value
        elif optional:
            value = optional_value
        elif not legal:
            value = sf.game_result(variant, fen, moves)
        elif insufficient:
            value = 0
        else:
            fail(f"game {number} ({variant}): Termination normal but pyffish sees the game going "
                 f"on after {moves}")
        expected = expected_result(value, white_to_move)
        if expected != result:
            fail(f"game {number} ({variant}): result {result}, pyffish says {expected} "
                 f"(value {value}) after {moves}")
    elif immediate or optional or not legal or insufficient:
        fail(f"game {number} ({variant}): ended by '{termination}' in a position that is "
             f"already over for pyffish after {moves}")
    return f"{len(moves)} plies, {result}, {termination}"


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pgn")
    parser.add_argument("--variants-ini", help="variants.ini defining shinobi and gethenian")
    parser.add_argument("--games", type=int, help="the number of games the file must hold")
    args = parser.parse_args()
    if args.variants_ini:
        with open(args.variants_ini, encoding="utf-8") as ini:
            sf.load_variant_config(ini.read())
    games = read_games(args.pgn)
    if args.games is not None and len(games) != args.games:
        fail(f"{args.pgn} holds {len(games)} games, expected {args.games}")
    checked = skipped = 0
    for number, (tags, moves, result) in enumerate(games, 1):
        note = check_game(number, tags, moves, result)
        if note.startswith("skipped"):
            skipped += 1
        else:
            checked += 1
        print(f"  game {number} ({tags.get('Variant', 'chess')}): {note}")
    print(f"check_pgn: ok, {checked} games checked, {skipped} skipped")


if __name__ == "__main__":
    main()
