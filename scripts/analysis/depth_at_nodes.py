#!/usr/bin/env python3
"""The depth each engine completes within a fixed number of nodes on positions from real
games: how narrow its tree is, whatever the engines' speed (the converse of
nodes_to_depth.py).

    scripts/analysis/depth_at_nodes.py GAMES.pgn VARIANT NODES ENGINE [ENGINE ...]
        [--games 20] [--plies 20,40] [--hash 64]

From the first `--games` odd-numbered games of an `ekumen match` PGN (one per opening:
the even ones replay it with colours swapped), the positions after each of `--plies`
(counted from the game's FEN, or from the start) are searched with `go nodes` four times
NODES, each after `ucinewgame`, so no search inherits another's table. A depth counts as
reached when the last `info` line with an exact score at that depth, not the search's
final line, shows at most NODES nodes: the line an engine prints as it finishes an
iteration. The final line is left out because Fairy-Stockfish, stopped, reports the
iteration under way once its first move is searched, a ply more than it finished, where
Ekumen reports the last iteration it finished. Prints, per position and on average, each
engine's depth. One thread: the depths do not depend on the machine's load.
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from pgn_games import read_games
from uci_engine import FAIRY_VARIANTS_INI, UciEngine, is_exact_pv

DEPTH = re.compile(r"\bdepth (\d+)")
NODES = re.compile(r"\bnodes (\d+)")


def completed_depth(lines, nodes):
    """The deepest iteration the output `lines` show finished within `nodes` nodes."""
    finished = {}
    exact = list(filter(is_exact_pv, lines))
    for line in exact[:-1]:
        depth, spent = DEPTH.search(line), NODES.search(line)
        if depth and spent:
            finished[int(depth.group(1))] = int(spent.group(1))
    within = [depth for depth, spent in finished.items() if spent <= nodes]
    return max(within, default=None)


def depths_at_nodes(binary, variant, positions, nodes, hash_mb):
    engine = UciEngine(binary, variant, variants_ini=FAIRY_VARIANTS_INI,
                       options=[("Hash", hash_mb)])
    depths = []
    for fen, moves in positions:
        engine.send("ucinewgame")
        depth = completed_depth(engine.go(fen, moves, f"nodes {4 * nodes}"), nodes)
        if depth is None:
            raise SystemExit(f"{binary}: no finished iteration for {fen} moves {moves}")
        depths.append(depth)
    engine.quit()
    return depths


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn")
    parser.add_argument("variant")
    parser.add_argument("nodes", type=int)
    parser.add_argument("engines", nargs="+")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--plies", default="20,40", help="plies, comma-separated (default 20,40)")
    parser.add_argument("--hash", type=int, default=64, help="Hash in MB (default 64)")
    args = parser.parse_args()
    plies = [int(p) for p in args.plies.split(",")]

    positions = []
    for tags, moves, _ in read_games(args.pgn)[: 2 * args.games : 2]:
        positions += [(tags.get("FEN"), moves[:ply]) for ply in plies if ply < len(moves)]
    print(f"{len(positions)} positions, {args.nodes} nodes each")
    results = [depths_at_nodes(b, args.variant, positions, args.nodes, args.hash)
               for b in args.engines]
    for i, (_, moves) in enumerate(positions):
        print(f"ply {len(moves):3}: " + "  ".join(f"{r[i]:3}" for r in results))
    for binary, depths in zip(args.engines, results):
        print(f"{binary}: mean depth {sum(depths) / len(depths):.2f}")


if __name__ == "__main__":
    main()
