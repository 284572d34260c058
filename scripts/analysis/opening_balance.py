#!/usr/bin/env python3
"""How balanced a match's openings are, by another engine's judgement: every distinct
start position of a PGN written by `ekumen match` (its FEN tags) is searched by ENGINE to a
fixed node count, and the spread of the scores is printed (centipawns, side to move).

    scripts/analysis/opening_balance.py PGN ENGINE VARIANT [--nodes N] [--over CP ...]

ENGINE is any UCI engine; Fairy-Stockfish reads shinobi and gethenian from
tests/data/fairy/variants.ini. A mate counts as 30,000 centipawns."""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from pgn_games import read_movetexts
from uci_engine import FAIRY_VARIANTS_INI, UciEngine


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn")
    parser.add_argument("engine")
    parser.add_argument("variant")
    parser.add_argument("--nodes", type=int, default=200_000)
    parser.add_argument("--over", type=int, nargs="*", default=[100, 150, 300])
    args = parser.parse_args()

    # Each opening once, in the order of the games (a pair shares its opening).
    games = read_movetexts(args.pgn)
    fens = list(dict.fromkeys(tags["FEN"] for tags, _ in games if "FEN" in tags))
    if not fens:
        sys.exit(f"{args.pgn}: no game with a FEN tag")

    engine = UciEngine(args.engine, args.variant, variants_ini=FAIRY_VARIANTS_INI)
    scores = []
    for number, fen in enumerate(fens, 1):
        engine.send("ucinewgame")
        _, score = engine.search(fen, args.nodes)
        scores.append(abs(score))
        print(f"{number:4} {score:+6} {fen}", file=sys.stderr)
    engine.quit()

    print(f"{len(scores)} openings, {args.nodes} nodes each: |score| median "
          f"{statistics.median(scores):.0f} cp, mean {statistics.mean(scores):.0f} cp")
    for limit in args.over:
        over = sum(1 for s in scores if s > limit)
        print(f"  over {limit} cp: {over} ({100 * over / len(scores):.0f} %)")


if __name__ == "__main__":
    main()
