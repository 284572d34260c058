#!/usr/bin/env python3
"""Builds the search test suites (search/tests/data/<variant>.epd) with Fairy-Stockfish.

Positions come from short Ekumen self-play games (random first moves, then `go nodes N`);
Fairy-Stockfish then analyses each one, and a position is kept when
  - FS finds a forced mate in 1-5 moves for the side to move (`mate N` line), or
  - FS's best move is unique by a wide margin (MultiPV 2: best at least 300 cp above the
    second, and the position not already lost), a tactic (`bm` line).
Each kept line is `<fen>; mate <n>; bm <move>` or `<fen>; bm <move>; cp <score>`.

Coherent chess is not in Fairy-Stockfish: with `--variant coherent` Ekumen itself analyses
(with a large node budget) and only mates in 1 or 2 are kept; the test suite proves each of
them by brute force.

  scripts/datagen/gen_search_suites.py --fs /work/fs/fairy-stockfish --variants-ini /work/fs/variants.ini \
      [--games 40] [--variant gothic ...] [--out-dir DIR]
"""
import argparse
import os
import random
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from uci_engine import ROOT, UciEngine, is_exact_pv


def last_scores(lines):
    """The last score of each multipv line: {index: (kind, value, pv-first-move)}."""
    scores = {}
    for line in filter(is_exact_pv, lines):
        m = re.search(r"multipv (\d+) score (cp|mate) (-?\d+).* pv (\S+)", line)
        if m:
            scores[int(m.group(1))] = (m.group(2), int(m.group(3)), m.group(4))
    return scores


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fs", required=True)
    ap.add_argument("--variants-ini")
    ap.add_argument("--ekumen", default=os.path.join(ROOT, "target/release/ekumen"))
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--variant", action="append")
    ap.add_argument("--fs-depth", type=int, default=12)
    ap.add_argument("--keep", type=int, default=24)
    ap.add_argument("--out-dir", default=os.path.join(ROOT, "search", "tests", "data"),
                    help="where the suites are written (default: the test suites' own)")
    args = ap.parse_args()
    rng = random.Random(20261122)
    for variant in args.variant or ["chess", "gothic", "shinobi", "gethenian"]:
        ek = UciEngine(args.ekumen, variant)
        self_analysis = variant == "coherent"
        # Coherent's analyst is a second Ekumen, so its hash never steers the self-play.
        fs = (UciEngine(args.ekumen, variant) if self_analysis
              else UciEngine(args.fs, variant, variants_ini=args.variants_ini))
        analysis = "nodes 300000" if self_analysis else f"depth {args.fs_depth} movetime 1000"
        longest_mate = 2 if self_analysis else 5
        mates, tactics, seen = [], [], set()
        for game in range(args.games):
            moves = []
            for ply in range(160):
                legal = ek.legal_moves(None, moves)
                if not legal:
                    break
                if ply < 4 + game % 5:
                    move = rng.choice(legal)
                else:
                    fen = fs.fen(None, moves)
                    if fen not in seen and ply % 2 == game % 2:
                        seen.add(fen)
                        fs.send(f"setoption name MultiPV value {1 if self_analysis else 2}")
                        s = last_scores(fs.go(fen, (), analysis))
                        if 1 in s:
                            kind, value, bm = s[1]
                            if kind == "mate" and 1 <= value <= longest_mate:
                                mates.append(f"{fen}; mate {value}; bm {bm}")
                            elif kind == "cp" and 2 in s and -150 <= value <= 1500 and not self_analysis:
                                k2, v2, _ = s[2]
                                second = -100000 if k2 == "mate" and v2 < 0 else (v2 if k2 == "cp" else 100000)
                                if value - second >= 300:
                                    tactics.append(f"{fen}; bm {bm}; cp {value}")
                    move = ek.go(None, moves, "nodes 4000")[-1].split()[1]
                    if move == "(none)":
                        break
                moves.append(move)
            print(f"{variant} game {game}: {len(mates)} mates, {len(tactics)} tactics", file=sys.stderr)
            write(args, variant, mates, tactics, self_analysis, analysis)
        ek.quit()
        fs.quit()
        write(args, variant, mates, tactics, self_analysis, analysis, final=True)


def write(args, variant, mates, tactics, self_analysis, analysis, final=False):
    """Writes the suite file (after every game, so an interrupted run keeps its work)."""
    rng = random.Random(7)
    mates, tactics = list(mates), list(tactics)
    rng.shuffle(mates)
    rng.shuffle(tactics)
    mates.sort(key=lambda l: int(l.split("; mate ")[1].split(";")[0]))
    path = os.path.join(args.out_dir, f"{variant}.epd")
    with open(path, "w") as f:
        if self_analysis:
            f.write(f"# {variant}: mates from Ekumen self-play found by Ekumen (go {analysis}) and "
                    f"proved by brute force in the test; scripts/datagen/gen_search_suites.py\n")
        else:
            f.write(f"# {variant}: positions from Ekumen self-play analysed by Fairy-Stockfish "
                    f"(depth {args.fs_depth} or 1 s, MultiPV 2); scripts/datagen/gen_search_suites.py\n")
        for line in mates[: args.keep] + tactics[: args.keep]:
            f.write(line + "\n")
    if final:
        print(f"{path}: {min(len(mates), args.keep)} mates, {min(len(tactics), args.keep)} tactics",
              file=sys.stderr)

if __name__ == "__main__":
    main()
