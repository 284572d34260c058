#!/usr/bin/env python3
"""Perft speed through the engines' own `go perft`, one thread, in one run.

Measures Ekumen (target/release/ekumen) and, when --fs PATH (or $FS) is given,
Fairy-Stockfish on the same positions, one after the other. Both count the last ply
without playing it. The time is from sending `go perft` to reading `Nodes searched`.

  scripts/bench/perft_speed.py [--fs PATH] [--variants-ini PATH] [--repeat N] [case ...]

A case is `variant:depth[:fen]`; the default cases are the start positions.
"""
import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from uci_engine import FAIRY_VARIANTS_INI, ROOT, UciEngine

DEFAULT_CASES = ["chess:6", "gothic:6", "shinobi:5", "gethenian:7", "coherent:5"]
# What Fairy-Stockfish plays (shinobi and gethenian from the variants.ini it is given).
FS_VARIANTS = {"chess", "gothic", "shinobi", "gethenian"}


def supported(binary, variant):
    out = subprocess.run([binary], input="uci\nquit\n", capture_output=True, text=True, timeout=30).stdout
    return any(f" var {variant}" in line for line in out.splitlines() if "UCI_Variant" in line)


def perft(binary, variants_ini, variant, depth, fen):
    engine = UciEngine(binary, variant, fen, variants_ini)
    start = time.perf_counter()
    engine.send(f"go perft {depth}")
    nodes = int(engine.read_until("Nodes searched")[-1].split()[-1])
    elapsed = time.perf_counter() - start
    engine.quit()
    return nodes, elapsed


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ekumen", default=os.path.join(ROOT, "target", "release", "ekumen"))
    ap.add_argument("--fs", default=os.environ.get("FS"))
    ap.add_argument("--variants-ini", default=FAIRY_VARIANTS_INI)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("cases", nargs="*", default=DEFAULT_CASES)
    args = ap.parse_args()
    engines = [("ekumen", args.ekumen, None)]
    if args.fs:
        engines.append(("fairy", args.fs, args.variants_ini))
    print(f"load average before: {os.getloadavg()[0]:.2f}", file=sys.stderr)
    for case in args.cases:
        variant, depth, *rest = case.split(":", 2)
        fen = rest[0] if rest else None
        for name, binary, ini in engines:
            if (ini is None and not supported(binary, variant)) or (ini is not None and variant not in FS_VARIANTS):
                print(f"{name:7} {variant:10} not supported", flush=True)
                continue
            for _ in range(args.repeat):
                nodes, seconds = perft(binary, ini, variant, int(depth), fen)
                if nodes is None:
                    print(f"{name:7} {variant:10} depth {depth}: no result", flush=True)
                    continue
                print(f"{name:7} {variant:10} depth {depth}  {nodes:>12} nodes  {seconds:7.2f} s"
                      f"  {nodes / seconds / 1e6:7.2f} Mnps", flush=True)


if __name__ == "__main__":
    sys.exit(main())
