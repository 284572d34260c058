#!/usr/bin/env python3
"""Mates an engine walked into: moves after which the opponent at once reported a mate
in N while the engine's own score for the move was no mate and above a floor.

    scripts/analysis/missed_mates.py GAMES.pgn... [--engine NAME] [--floor -3.0] [--max-mate 4]

It reads the move comments `ekumen match` writes (`{+0.46/13 0.545s ...}`, `{+M1/245
...}`: the mover's score, then the depth). A mate the engine saw coming, or a position
it already judged lost beyond the floor (in pawns), does not count, and a game counts
once, at its first such move. Prints, per engine, the games read and the mates missed by
their length, then each short one (at most `--max-mate` moves) as file, game number,
engine, mate length and the engine's score.
"""
import argparse
import os
import re
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from pgn_games import (comment_score, commented_moves, read_movetexts, white_moves_at,
                       white_moves_first)

# A mate the mover announces, as `ekumen match` writes it (`+M3/...`).
MATE = re.compile(r"\s*\+M(\d+)/")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+")
    parser.add_argument("--engine", help="only this engine's moves (default: every engine)")
    parser.add_argument("--floor", type=float, default=-3.0,
                        help="the engine's score must be above this, in pawns (default -3)")
    parser.add_argument("--max-mate", type=int, default=4,
                        help="list the mates up to this many moves (default 4)")
    args = parser.parse_args()

    games = Counter()
    missed = defaultdict(Counter)
    short = []
    for path in args.pgn:
        for number, (tags, body) in enumerate(read_movetexts(path), start=1):
            names = (tags.get("White"), tags.get("Black"))
            for name in names:
                games[name] += 1
            first_white = white_moves_first(tags)
            moves = commented_moves(body)
            for ply in range(1, len(moves)):
                mate = MATE.match(moves[ply][1] or "")
                score = comment_score(moves[ply - 1][1])
                if not mate or score is None or score <= args.floor:
                    continue
                mover = names[0] if white_moves_at(ply - 1, first_white) else names[1]
                if args.engine and mover != args.engine:
                    continue
                length = int(mate.group(1))
                missed[mover][length] += 1
                if length <= args.max_mate:
                    short.append((path, number, mover, length, score))
                break

    for name in sorted(missed):
        lengths = ", ".join(f"M{n}: {k}" for n, k in sorted(missed[name].items()))
        print(f"{name}: {games[name]} games, {sum(missed[name].values())} mates missed ({lengths})")
    for path, number, mover, length, score in short:
        print(f"  {path} game {number}: {mover} played at {score:+.2f}, mated in {length}")


if __name__ == "__main__":
    main()
