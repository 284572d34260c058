#!/usr/bin/env python3
"""The depth each engine reaches in a fixed number of nodes on positions from real games:
how narrow its tree is, whatever the engines' speed (the converse of nodes_to_depth.py).

    scripts/depth_at_nodes.py GAMES.pgn VARIANT NODES ENGINE [ENGINE ...]
        [--games 20] [--plies 20,40] [--hash 64]

From the first `--games` odd-numbered games of an `ekumen match` PGN (one per opening:
the even ones replay it with colours swapped), the positions after each of `--plies`
(counted from the game's FEN, or from the start) are searched with `go nodes NODES`,
each after `ucinewgame`, so no search inherits another's table. Prints, per position and
on average, the depth of each engine's last `info` line with a PV before `bestmove`.
One thread: the depths do not depend on the machine's load.
"""
import argparse
import re

from pgn_games import read_games
from uci_engine import FAIRY_VARIANTS_INI, UciEngine

DEPTH = re.compile(r"\bdepth (\d+)")


def depths_at_nodes(binary, variant, positions, nodes, hash_mb):
    engine = UciEngine(binary, variant, variants_ini=FAIRY_VARIANTS_INI,
                       options=[("Hash", hash_mb)])
    depths = []
    for fen, moves in positions:
        engine.send("ucinewgame")
        depth = None
        for line in engine.go(fen, moves, f"nodes {nodes}"):
            found = DEPTH.search(line)
            if found and line.startswith("info") and " pv " in line:
                depth = int(found.group(1))
        if depth is None:
            raise SystemExit(f"{binary}: no depth for {fen} moves {moves}")
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
