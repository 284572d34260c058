#!/usr/bin/env python3
"""How each engine of an `ekumen match` PGN spent its clock: per band of moves, the mean
time per move and the mean reported depth, and the mean clock left when the games ended.

    scripts/pgn_clock.py GAMES.pgn [--band 10]

It reads the move comments `ekumen match` writes (`{+0.46/13 0.545s [%clk 0:00:09.555]}`:
score/depth, time for the move, clock after it). Moves without such a comment (book,
adjudicated) are skipped. Depths are as each engine reported them, and engines count
them differently (see docs/strength.md), so compare depths of one engine across bands only.
"""
import argparse
import re
import sys
from collections import defaultdict

from pgn_games import commented_moves, read_movetexts, white_moves_first

CLOCK_COMMENT = re.compile(
    r"(?:[+-]?[\d.]+|[+-]?M\d+)/(?P<depth>\d+) "
    r"(?P<time>[\d.]+)s \[%clk (?P<h>\d+):(?P<m>\d+):(?P<s>[\d.]+)\]"
)


def timed_moves(body):
    """(ply, comment match) for each move of a movetext that has a clock comment; plies
    count every move, commented or not."""
    for ply, (_, comment) in enumerate(commented_moves(body)):
        match = CLOCK_COMMENT.fullmatch(comment) if comment else None
        if match:
            yield ply, match


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn")
    parser.add_argument("--band", type=int, default=10, help="moves per band (default 10)")
    args = parser.parse_args()

    per_band = defaultdict(lambda: defaultdict(list))  # engine -> band -> [(time, depth)]
    clock_left = defaultdict(list)
    for tags, body in read_movetexts(args.pgn):
        names = [tags.get("White", "?"), tags.get("Black", "?")]
        first = 0 if white_moves_first(tags) else 1
        last_clock = {}
        for ply, match in timed_moves(body):
            engine = names[(first + ply) % 2]
            band = (ply // 2) // args.band
            per_band[engine][band].append((float(match["time"]), int(match["depth"])))
            last_clock[engine] = int(match["h"]) * 3600 + int(match["m"]) * 60 + float(match["s"])
        for engine, left in last_clock.items():
            clock_left[engine].append(left)
    if not per_band:
        sys.exit(f"{args.pgn}: no move comments with clocks")
    for engine in sorted(per_band):
        left = clock_left[engine]
        print(f"{engine}: {len(left)} games, clock left at the end {sum(left) / len(left):.2f} s")
        for band in sorted(per_band[engine]):
            moves = per_band[engine][band]
            time = sum(t for t, _ in moves) / len(moves)
            depth = sum(d for _, d in moves) / len(moves)
            low, high = band * args.band + 1, (band + 1) * args.band
            print(f"  moves {low:3}-{high:3}: {len(moves):5} moves, {time:.3f} s, depth {depth:.1f}")


if __name__ == "__main__":
    main()
