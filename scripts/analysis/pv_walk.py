#!/usr/bin/env python3
"""Whether a search misses the winner's plan or misjudges the loser's defences: at each
turning point of an `ekumen match` PGN (see turning_points.py), the reference engine's
principal variation is walked move by move and the other engine searches every position
on it, from the winner's side. A score that rises after the winner's moves means the
searching engine did not expect them; one that rises after the loser's moves means it
expected a better defence. At the first position the loser moves in, the searching
engine's own defence is set beside the principal variation's, each judged by both
engines: if the reference rates the two alike, the searching engine's extra hope in its
defence is its own misjudgement.

    scripts/analysis/pv_walk.py GAMES.pgn VARIANT --winner Fairy-Stockfish \\
        --reference FS_BINARY --engine EKUMEN_BINARY \\
        [--nodes 200000] [--engine-nodes 500000] [--plies 6] [--limit 40]

Every search starts from an empty table (`ucinewgame`) and a fixed node budget, so two
runs print the same. Shinobi and gethenian are read from tests/data/fairy/variants.ini.
"""
import argparse
import os
import statistics
import sys

import pyffish as sf

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from turning_points import turning_points
from uci_engine import FAIRY_VARIANTS_INI, UciEngine

# The scores' clip, centipawns: a mate found on one side of a comparison only.
CLIP = 1000


def fresh_search(engine, fen, nodes):
    """(move, principal variation, score) of `engine` from `fen`, side to move's view,
    the score clipped, from an empty table."""
    engine.send("ucinewgame")
    move, pv, score = engine.search_line(fen, nodes)
    return move, pv, max(-CLIP, min(CLIP, score))


def walk(variant, fen, pv, engine, nodes):
    """The engine's scores (winner's side; the winner moves first) at each position of
    `pv` from `fen`, up to the first with no legal move, and its move at each."""
    scores, moves = [], []
    for i in range(len(pv) + 1):
        position = sf.get_fen(variant, fen, pv[:i])
        if not sf.legal_moves(variant, position, []):
            break
        move, _, score = fresh_search(engine, position, nodes)
        scores.append(score if i % 2 == 0 else -score)
        moves.append(move)
    return scores, moves


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn")
    parser.add_argument("variant")
    parser.add_argument("--winner", default="Fairy-Stockfish")
    parser.add_argument("--threshold", type=int, default=150, help="centipawns")
    parser.add_argument("--reference", required=True, help="the engine whose lines are walked")
    parser.add_argument("--engine", required=True, help="the engine that searches them")
    parser.add_argument("--nodes", type=int, default=200_000, help="the reference's budget")
    parser.add_argument("--engine-nodes", type=int, default=500_000)
    parser.add_argument("--plies", type=int, default=6, help="of each line, at most")
    parser.add_argument("--limit", type=int, help="the first N turning points only")
    args = parser.parse_args()

    points = turning_points(args.pgn, args.variant, args.winner, args.threshold)
    if args.limit:
        points = points[: args.limit]
    ini = FAIRY_VARIANTS_INI
    reference = UciEngine(args.reference, args.variant, variants_ini=ini)
    engine = UciEngine(args.engine, args.variant, variants_ini=ini)
    after_winner, after_loser, defences = [], [], []
    print(f"{len(points)} turning points; per line: the reference's score, the engine's, "
          "then each move of the line with the change in the engine's score after it "
          "(* where the engine would have played it)")
    for _, turn, _ in points:
        _, pv, reference_score = fresh_search(reference, turn, args.nodes)
        pv = pv[: args.plies]
        if len(pv) < 2:
            continue
        scores, moves = walk(args.variant, turn, pv, engine, args.engine_nodes)
        steps = []
        for i in range(1, len(scores)):
            change = scores[i] - scores[i - 1]
            (after_winner if i % 2 == 1 else after_loser).append(change)
            steps.append(f"{pv[i - 1]}{'*' if moves[i - 1] == pv[i - 1] else ''} {change:+d}")
        print(f"{reference_score:+5d} {scores[0]:+5d} | {'  '.join(steps)} | {turn}", flush=True)
        # The first defence: the loser's move on the line against the engine's own.
        if len(moves) < 2 or moves[1] == pv[1]:
            continue
        loser_to_move = sf.get_fen(args.variant, turn, pv[:1])
        judged = []
        for judge, budget in ((reference, args.nodes), (engine, args.engine_nodes)):
            for defence in (pv[1], moves[1]):
                after = sf.get_fen(args.variant, loser_to_move, [defence])
                judged.append(fresh_search(judge, after, budget)[2])
        defences.append(judged)

    print(f"the engine's score after the winner's {len(after_winner)} moves: "
          f"mean change {statistics.mean(after_winner):+.1f}, "
          f"{sum(c > 50 for c in after_winner)} rises beyond 50; after the loser's "
          f"{len(after_loser)}: {statistics.mean(after_loser):+.1f}, "
          f"{sum(c > 50 for c in after_loser)} rises beyond 50")
    if defences:
        names = ("the reference after the line's defence", "the reference after the engine's",
                 "the engine after the line's defence", "the engine after its own")
        print(f"at {len(defences)} first defences where the engine chose another move "
              "(winner's side, mean and median):")
        for i, name in enumerate(names):
            column = [d[i] for d in defences]
            print(f"  {name:40s} {statistics.mean(column):+7.1f} {statistics.median(column):+7.1f}")
        worse = sum(d[1] >= d[0] for d in defences)
        print(f"  the reference rates the engine's defence no better than the line's in "
              f"{worse} of {len(defences)}")
    reference.quit()
    engine.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
