#!/usr/bin/env python3
"""How each engine of an `ekumen match` PGN spent its clock: per band of moves, the mean
time per move and the mean reported depth, and the mean clock left when the games ended.

    scripts/analysis/pgn_clock.py GAMES.pgn [--band 10] [--scores] [--with ENGINE]

--scores: instead, per band, the mean score each engine reported (its own side, in pawns,
clipped to +-10; mates left out), apart for the games it won, drew and lost: how early
the winner saw what the loser did not. --with ENGINE: only the games ENGINE played (one
pairing of a gauntlet).

It reads the move comments `ekumen match` writes (`{+0.46/13 0.545s [%clk 0:00:09.555]}`:
score/depth, time for the move, clock after it). Moves without such a comment (book,
adjudicated) are skipped. Depths are as each engine reported them, and engines count
them differently (see docs/strength.md), so compare depths of one engine across bands only.
"""
import argparse
import os
import re
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from pgn_games import WHITE_POINTS, comment_score, commented_moves, read_movetexts
from pgn_games import white_moves_first

SCORE_CLIP = 10.0
OUTCOMES = ("won", "drawn", "lost")

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


def outcome(tags, white):
    """'won', 'drawn' or 'lost' for the side (`white` or not) of a finished game; None
    for an unfinished one."""
    points = WHITE_POINTS.get(tags.get("Result"))
    if points is None:
        return None
    return OUTCOMES[int(2 - 2 * (points if white else 1 - points))]


def games_with(path, engine):
    """The (tags, movetext) of `path`, only those `engine` played when it is given."""
    games = read_movetexts(path)
    if engine is None:
        return games
    return [(t, b) for t, b in games if engine in (t.get("White"), t.get("Black"))]


def print_scores(games_read, band_moves):
    """Mean reported score per engine, outcome and band of moves."""
    per_band = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    games = defaultdict(lambda: defaultdict(int))  # engine -> outcome -> games
    for tags, body in games_read:
        names = [tags.get("White", "?"), tags.get("Black", "?")]
        first = 0 if white_moves_first(tags) else 1
        results = [outcome(tags, True), outcome(tags, False)]
        if results[0] is None:
            continue
        for side in (0, 1):
            games[names[side]][results[side]] += 1
        for ply, (_, comment) in enumerate(commented_moves(body)):
            score = comment_score(comment)
            if score is None:
                continue
            side = (first + ply) % 2
            band = (ply // 2) // band_moves
            clipped = max(-SCORE_CLIP, min(SCORE_CLIP, score))
            per_band[names[side]][results[side]][band].append(clipped)
    if not per_band:
        sys.exit("no finished games with scored move comments")
    for engine in sorted(per_band):
        counts = ", ".join(f"{games[engine][o]} {o}" for o in OUTCOMES)
        print(f"{engine}: {counts}; mean score (own side, pawns) and moves scored")
        bands = sorted({b for o in per_band[engine].values() for b in o})
        for band in bands:
            low, high = band * band_moves + 1, (band + 1) * band_moves
            cells = []
            for o in OUTCOMES:
                scores = per_band[engine][o].get(band, [])
                mean = f"{sum(scores) / len(scores):+6.2f}" if scores else "     -"
                cells.append(f"{o} {mean} ({len(scores):4})")
            print(f"  moves {low:3}-{high:3}: " + ", ".join(cells))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn")
    parser.add_argument("--band", type=int, default=10, help="moves per band (default 10)")
    parser.add_argument(
        "--scores", action="store_true", help="mean reported scores by outcome instead"
    )
    parser.add_argument("--with", dest="engine", help="only the games this engine played")
    args = parser.parse_args()
    games_read = games_with(args.pgn, args.engine)
    if args.scores:
        print_scores(games_read, args.band)
        return

    per_band = defaultdict(lambda: defaultdict(list))  # engine -> band -> [(time, depth)]
    clock_left = defaultdict(list)
    for tags, body in games_read:
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
