#!/usr/bin/env python3
"""Two builds' matches against the same opponent on the same openings, compared pair by
pair: how many points a game pair the first build scored more than the second, and each
build's wins-losses-draws and Elo on those pairs.

    scripts/analysis/paired_scores.py A.pgn[:NAME] B.pgn[:NAME] [B2.pgn[:NAME] ...]
        [--also A2.pgn[:NAME] B2.pgn[:NAME] ...] [--engine Ekumen]

`ekumen match` plays each opening twice, colours swapped, one game right after the other
for each pairing of engines, so an engine's games in game order (the `Round` tag) come in
pairs: its games 2k-1 and 2k share opening k. That holds for a two-engine match and for
each engine of a gauntlet alike. NAME picks the engine in that PGN (default: --engine),
so the two builds of one gauntlet can be compared from the same file. For every pair that
every PGN holds in full, the engine's two scores are summed, and the difference of the sums is
averaged over the pairs, with ±1.96 standard errors. Pairing cancels what the opening
itself is worth, which on random openings is most of a single game's variance. Several
runs of the second build (a control played again in later sessions) are averaged pair by
pair before the difference is taken, which shrinks the control's share of the error. The
openings are checked to be the same (`FEN` tag of each game); a mismatch is an error,
since the comparison would then be between different positions. `--also A2 B2` adds a run
of both builds on other openings (another seed): its pairs are reported alone and then
pooled with the first run's, one difference per pair, for one figure over every run.
`--prior PAIRS:DIFF:ERROR:FIRST:SECOND` pools in a run whose PGNs are no longer at hand
from what was reported of it (its pairs, mean difference and 95 % error, and the two
builds' points): a mean and a standard deviation fix a run's sum and sum of squares, so
the pooled figure is the one its pairs would give, up to the reported figures' rounding.
"""
import argparse
import math
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from pgn_games import WHITE_POINTS, read_games

# Standard errors either side of a mean for 95 % confidence.
Z_95 = 1.96


def engine_scores(path, engine):
    """{k: (the engine's score, opening FEN)} for its k-th game of `path` (1-based, in
    game order) where that game finished."""
    games = []
    for tags, _, result in read_games(path):
        if engine in (tags.get("White"), tags.get("Black")):
            games.append((int(tags["Round"]), tags, result))
    scores = {}
    for k, (_, tags, result) in enumerate(sorted(games, key=lambda game: game[0]), 1):
        points = WHITE_POINTS.get(tags.get("Result", result))
        if points is not None:
            score = points if tags["White"] == engine else 1.0 - points
            scores[k] = (score, tags.get("FEN"))
    return scores


def pair_points(scores, k):
    """The engine's points from the two games of opening k."""
    return scores[2 * k - 1][0] + scores[2 * k][0]


def elo(score):
    """Elo of a score share in (0, 1) under the logistic model."""
    return -400 * math.log10(1 / score - 1)


def record(scores, pairs, label):
    """One side's wins-losses-draws over `pairs` and its Elo against the opponent, the
    95 % error from the spread of the game pairs' scores (pentanomial), as the match
    runner reports a two-engine match."""
    games = [scores[r][0] for p in pairs for r in (2 * p - 1, 2 * p)]
    wins, losses = games.count(1.0), games.count(0.0)
    pair_shares = [pair_points(scores, p) / 2 for p in pairs]
    share = statistics.mean(pair_shares)
    sigma = statistics.pstdev(pair_shares) / len(pair_shares) ** 0.5
    text = f"{label}: {wins}-{losses}-{len(games) - wins - losses}"
    if 0 < share - Z_95 * sigma and share + Z_95 * sigma < 1:
        error = (elo(share + Z_95 * sigma) - elo(share - Z_95 * sigma)) / 2
        text += f", Elo {elo(share):+.0f} ± {error:.0f}"
    return text


def source(argument, default_engine):
    """(PGN path, engine name) from `PATH` or `PATH:NAME`; a file named with a colon is
    still read whole."""
    if os.path.exists(argument):
        return argument, default_engine
    path, _, name = argument.rpartition(":")
    return (path, name) if path else (argument, default_engine)


def common_pairs(a, runs, names):
    """Openings k whose two games every run holds, after checking that the runs played
    the same openings."""
    for b, name in zip(runs, names):
        differing = [r for r in sorted(set(a) & set(b)) if a[r][1] != b[r][1]]
        if differing:
            sys.exit(f"different openings in the engine's games {differing[:5]}... of "
                     f"{name}: not the same match")
    # Pair k is games 2k-1 and 2k; a pair counts only if every PGN holds both games.
    pairs = [k for k in range(1, max(a, default=0) // 2 + 1)
             if all(2 * k - 1 in s and 2 * k in s for s in [a, *runs])]
    if len(pairs) < 2:
        sys.exit("fewer than two complete game pairs in common")
    return pairs


def compare(first, seconds, engine):
    """Prints one comparison of `first` with the `seconds` on their common openings and
    returns the pairs' differences and the two builds' points."""
    a = engine_scores(*source(first, engine))
    runs = [engine_scores(*source(second, engine)) for second in seconds]
    pairs = common_pairs(a, runs, seconds)
    games = [r for p in pairs for r in (2 * p - 1, 2 * p)]
    first_points = sum(a[r][0] for r in games)
    second_points = statistics.mean(sum(b[r][0] for r in games) for b in runs)
    second_names = " + ".join(seconds)
    print(f"{len(pairs)} pairs in common: {first} {first_points:g}/{len(games)} "
          f"({100 * first_points / len(games):.1f} %), {second_names} "
          f"{second_points:.4g}/{len(games)} ({100 * second_points / len(games):.1f} %)"
          + (" a run" if len(runs) > 1 else ""))
    print(record(a, pairs, first))
    for b, name in zip(runs, seconds):
        print(record(b, pairs, name))
    differences = [pair_points(a, p) - statistics.mean(pair_points(b, p) for b in runs)
                   for p in pairs]
    print(f"first - second: {mean_and_error(differences)} points a game pair")
    return differences, first_points, second_points


def mean_and_error(differences):
    """The mean of the pairs' differences with its 95 % error, as text."""
    return moments_text(len(differences), sum(differences), sum(d * d for d in differences))


def moments_text(count, total, squares):
    """The mean and 95 % error of `count` values with sum `total` and sum of squares
    `squares`, as text."""
    mean = total / count
    variance = max(squares - count * mean * mean, 0.0) / (count - 1)
    return f"{mean:+.3f} ± {Z_95 * (variance / count) ** 0.5:.3f}"


def prior_run(text):
    """(pairs, sum, sum of squares, first points, second points) of a run given as
    `PAIRS:DIFF:ERROR:FIRST:SECOND`, its reported figures."""
    try:
        pairs, difference, error, first, second = text.split(":")
        pairs, difference, error = int(pairs), float(difference), float(error)
        first, second = float(first), float(second)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected PAIRS:DIFF:ERROR:FIRST:SECOND, e.g. 125:0.048:0.147:122:116")
    if pairs < 2 or error < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: needs two pairs or more and an error >= 0")
    deviation = error / Z_95 * pairs ** 0.5
    squares = (pairs - 1) * deviation ** 2 + pairs * difference ** 2
    return pairs, pairs * difference, squares, first, second


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", help="PGN[:NAME] of the first build's games")
    parser.add_argument("second", nargs="+",
                        help="PGN[:NAME] of the second build's games; several runs of it "
                             "are averaged pair by pair")
    parser.add_argument("--also", nargs=2, action="append", default=[],
                        metavar=("FIRST", "SECOND"),
                        help="a further run of both builds on other openings, pooled "
                             "pair by pair with the others (repeatable)")
    parser.add_argument("--prior", type=prior_run, action="append", default=[],
                        metavar="PAIRS:DIFF:ERROR:FIRST:SECOND",
                        help="an earlier run known only by its reported figures, pooled "
                             "with the others (repeatable)")
    parser.add_argument("--engine", default="Ekumen", help="the builds' default name")
    args = parser.parse_args()
    results = [compare(args.first, args.second, args.engine)]
    for first, second in args.also:
        print()
        results.append(compare(first, [second], args.engine))
    # Each run as (pairs, sum and sum of squares of its differences, the builds' points).
    runs = [(len(d), sum(d), sum(x * x for x in d), a, b) for d, a, b in results]
    runs += args.prior
    if len(runs) > 1:
        pairs, total, squares, first_points, second_points = (sum(c) for c in zip(*runs))
        games = 2 * pairs
        print(f"\npooled over {len(runs)} runs, {pairs} pairs: first "
              f"{first_points:g}/{games} ({100 * first_points / games:.1f} %), second "
              f"{second_points:.4g}/{games} ({100 * second_points / games:.1f} %), "
              f"first - second {moments_text(pairs, total, squares)} points a game pair")


if __name__ == "__main__":
    main()
