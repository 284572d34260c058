#!/usr/bin/env python3
"""Each engine's score with each colour in an `ekumen match` PGN.

    scripts/analysis/colour_scores.py GAMES.pgn [GAMES.pgn ...]

In an asymmetric variant (shinobi's Clan against its Kingdom) or on random openings the
side weighs: a match's overall score can hide that one engine wins with one colour and
loses with the other. Prints, per file, each engine's points and games as White and as
Black, and the mean game length in plies. Unfinished games (`*`) are skipped.
"""
import argparse
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from pgn_games import WHITE_POINTS, read_games


def colour_scores(path):
    """({(engine, colour): [points, games]}, plies of the finished games)."""
    scores = defaultdict(lambda: [0.0, 0])
    plies = []
    for tags, moves, result in read_games(path):
        white_points = WHITE_POINTS.get(tags.get("Result", result))
        if white_points is None:
            continue
        plies.append(len(moves))
        for colour, points in (("White", white_points), ("Black", 1.0 - white_points)):
            entry = scores[(tags[colour], colour)]
            entry[0] += points
            entry[1] += 1
    return scores, plies


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+")
    args = parser.parse_args()
    for path in args.pgn:
        scores, plies = colour_scores(path)
        mean = sum(plies) / len(plies) if plies else 0.0
        print(f"{path}: {len(plies)} finished games, {mean:.1f} plies on average")
        for (engine, colour), (points, games) in sorted(scores.items()):
            share = 100.0 * points / games
            print(f"  {engine} as {colour}: {points:g} of {games} ({share:.1f} %)")


if __name__ == "__main__":
    main()
