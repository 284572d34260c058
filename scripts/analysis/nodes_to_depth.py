#!/usr/bin/env python3
"""Nodes each engine needs to finish a fixed depth on positions from real games: how much
search a depth costs, whatever the engines' speed.

    scripts/analysis/nodes_to_depth.py GAMES.pgn VARIANT DEPTH ENGINE [ENGINE ...]
        [--games 4] [--plies 6-15] [--hash 64]

From each of the first `--games` games of an `ekumen match` PGN, the positions after the
plies `--plies` (counted from the game's FEN, or from the start) are searched with
`go depth DEPTH` in game order, with `ucinewgame` only between games, so the table
carries from move to move as in a game. Prints each engine's node total (the `nodes` of
its last `info` line before `bestmove`). One thread: the counts do not depend on the
machine's load.
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from pgn_games import read_games
from uci_engine import FAIRY_VARIANTS_INI, UciEngine

NODES = re.compile(r"\bnodes (\d+)")


def nodes_to_depth(binary, variant, positions, depth, hash_mb):
    engine = UciEngine(binary, variant, variants_ini=FAIRY_VARIANTS_INI,
                       options=[("Hash", hash_mb)])
    total = 0
    for game in positions:
        engine.send("ucinewgame")
        for fen, moves in game:
            nodes = None
            for line in engine.go(fen, moves, f"depth {depth}"):
                found = NODES.search(line)
                if found:
                    nodes = int(found.group(1))
            if nodes is None:
                raise SystemExit(f"{binary}: no node count for {fen} moves {moves}")
            total += nodes
    engine.quit()
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn")
    parser.add_argument("variant")
    parser.add_argument("depth", type=int)
    parser.add_argument("engines", nargs="+")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--plies", default="6-15", help="first-last ply (default 6-15)")
    parser.add_argument("--hash", type=int, default=64, help="Hash in MB (default 64)")
    args = parser.parse_args()
    first, last = (int(p) for p in args.plies.split("-"))

    positions = []
    for tags, moves, _ in read_games(args.pgn)[: args.games]:
        fen = tags.get("FEN")
        positions.append([(fen, moves[:ply]) for ply in range(first, min(last, len(moves)) + 1)])
    count = sum(len(game) for game in positions)
    print(f"{count} positions from {len(positions)} games, depth {args.depth}")
    for binary in args.engines:
        total = nodes_to_depth(binary, args.variant, positions, args.depth, args.hash)
        print(f"{binary}: {total} nodes")


if __name__ == "__main__":
    main()
