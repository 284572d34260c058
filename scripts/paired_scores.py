#!/usr/bin/env python3
"""Two builds' matches against the same opponent on the same openings, compared pair by
pair: how many points a game pair the first build scored more than the second.

    scripts/paired_scores.py A.pgn B.pgn [--engine Ekumen]

`ekumen match` plays each opening twice, colours swapped, as games 2k-1 and 2k (the
`Round` tag). For every pair both PGNs hold in full, the engine's two scores are summed
in each PGN, and the difference of the sums is averaged over the pairs, with ±1.96
standard errors. Pairing cancels what the opening itself is worth, which on random
openings is most of a single game's variance. The openings are checked to be the same
(`FEN` tag of each game); a mismatch is an error, since the comparison would then be
between different positions.
"""
import argparse
import statistics
import sys

from pgn_games import WHITE_POINTS, read_games


def engine_scores(path, engine):
    """{round: (the engine's score, opening FEN)} for the finished games of `path`."""
    scores = {}
    for tags, _, result in read_games(path):
        points = WHITE_POINTS.get(tags.get("Result", result))
        if points is None or engine not in (tags.get("White"), tags.get("Black")):
            continue
        score = points if tags["White"] == engine else 1.0 - points
        scores[int(tags["Round"])] = (score, tags.get("FEN"))
    return scores


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", help="PGN of the first build's games")
    parser.add_argument("second", help="PGN of the second build's games")
    parser.add_argument("--engine", default="Ekumen", help="the builds' name in both PGNs")
    args = parser.parse_args()
    a = engine_scores(args.first, args.engine)
    b = engine_scores(args.second, args.engine)
    common = sorted(set(a) & set(b))
    differing = [r for r in common if a[r][1] != b[r][1]]
    if differing:
        sys.exit(f"different openings in rounds {differing[:5]}...: not the same match")
    # Pair k is games 2k-1 and 2k; a pair counts only if both PGNs hold both games.
    pairs = [k for k in range(1, max(common, default=0) // 2 + 1)
             if 2 * k - 1 in a and 2 * k in a and 2 * k - 1 in b and 2 * k in b]
    if len(pairs) < 2:
        sys.exit("fewer than two complete game pairs in common")
    games = [r for p in pairs for r in (2 * p - 1, 2 * p)]
    first = sum(a[r][0] for r in games)
    second = sum(b[r][0] for r in games)
    print(f"{len(pairs)} pairs in common: {args.first} {first:g}/{len(games)} "
          f"({100 * first / len(games):.1f} %), {args.second} {second:g}/{len(games)} "
          f"({100 * second / len(games):.1f} %)")
    differences = [a[2 * p - 1][0] + a[2 * p][0] - b[2 * p - 1][0] - b[2 * p][0] for p in pairs]
    mean = statistics.mean(differences)
    error = 1.96 * statistics.stdev(differences) / len(differences) ** 0.5
    print(f"first - second: {mean:+.3f} ± {error:.3f} points a game pair")


if __name__ == "__main__":
    main()
