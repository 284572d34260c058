#!/usr/bin/env python3
"""Search speed (nodes per second, one thread) of Ekumen and Fairy-Stockfish in one run.

For each case the two engines search the same position for the same time, one after the
other, `--repeat` times alternating, and the best rate of each is printed, as the
machine may be shared. Fairy-Stockfish reads shinobi and gethenian from
--variants-ini (default: the copy in tests/data/fairy). A case is `variant[:fen]`; the default cases are the start
positions of chess, gothic, shinobi and gethenian (and coherent for Ekumen alone).

  scripts/bench/search_speed.py [--fs PATH] [--variants-ini PATH] [--ms 4000] [--repeat 2] [case ...]
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from uci_engine import FAIRY_VARIANTS_INI, ROOT, UciEngine

DEFAULT_CASES = ["chess", "gothic", "shinobi", "gethenian", "coherent"]


def rate(binary, variants_ini, variant, fen, ms, threads):
    engine = UciEngine(binary, variant, fen, variants_ini, [("Threads", threads)])
    engine.send(f"go movetime {ms}")
    nodes = nps = depth = None
    for line in engine.read_until("bestmove"):
        m = re.search(r"^info depth (\d+) .*nodes (\d+) nps (\d+)", line)
        if m:
            depth, nodes, nps = int(m.group(1)), int(m.group(2)), int(m.group(3))
    engine.quit(timeout=10)
    return nps, depth, nodes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ekumen", default=os.path.join(ROOT, "target/release/ekumen"))
    ap.add_argument("--fs", default=os.environ.get("FS"))
    ap.add_argument("--variants-ini", default=FAIRY_VARIANTS_INI)
    ap.add_argument("--ms", type=int, default=4000)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("cases", nargs="*", default=DEFAULT_CASES)
    args = ap.parse_args()
    print(f"{'case':<12} {'Ekumen nps':>11} {'depth':>5}  {'FS nps':>9} {'depth':>5}  ratio   load")
    for case in args.cases:
        variant, _, fen = case.partition(":")
        best_ek = best_fs = (0, 0, 0)
        for _ in range(args.repeat):
            best_ek = max(best_ek, rate(args.ekumen, None, variant, fen, args.ms, args.threads))
            if args.fs and variant != "coherent":
                best_fs = max(best_fs, rate(args.fs, args.variants_ini, variant, fen, args.ms, args.threads))
        load = os.getloadavg()[0]
        ratio = f"{best_ek[0] / best_fs[0]:.2f}" if best_fs[0] else "-"
        fs_text = f"{best_fs[0]:>9} {best_fs[1]:>5}" if best_fs[0] else f"{'-':>9} {'-':>5}"
        print(f"{case:<12} {best_ek[0]:>11} {best_ek[1]:>5}  {fs_text}  {ratio:>5}  {load:.1f}", flush=True)


if __name__ == "__main__":
    main()
