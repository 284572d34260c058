#!/usr/bin/env python3
"""Search speed (nodes per second, one thread) of Ekumen and Fairy-Stockfish in one run.

For each case the two engines search the same position for the same time, one after the
other, `--repeat` times alternating, and the best rate of each is printed, as the
machine may be shared. Fairy-Stockfish reads shinobi and gethenian from
--variants-ini (default: the copy in tests/data/fairy). A case is `variant[:fen]`; the default cases are the start
positions of chess, gothic, shinobi and gethenian (and coherent for Ekumen alone).
Ekumen searches with its classical evaluation (`Use NNUE` false), and with --net-dir DIR
also with the net DIR/<variant>.nnue (loaded by `EvalFile`), in a column of its own.

  scripts/bench/search_speed.py [--fs PATH] [--variants-ini PATH] [--net-dir DIR] [--ms 4000] [--repeat 2] [case ...]
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from uci_engine import FAIRY_VARIANTS_INI, ROOT, UciEngine

DEFAULT_CASES = ["chess", "gothic", "shinobi", "gethenian", "coherent"]


def rate(binary, variants_ini, variant, fen, ms, threads, options=()):
    engine = UciEngine(binary, variant, fen, variants_ini, [("Threads", threads), *options])
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
    ap.add_argument("--net-dir", help="nets to time Ekumen with, named <variant>.nnue")
    ap.add_argument("cases", nargs="*", default=DEFAULT_CASES)
    args = ap.parse_args()
    net_header = f" {'with net':>9} {'depth':>5} " if args.net_dir else ""
    print(f"{'case':<12} {'Ekumen nps':>11} {'depth':>5} {net_header} {'FS nps':>9} {'depth':>5}  ratio   load")
    classical = [("Use NNUE", "false")]
    for case in args.cases:
        variant, _, fen = case.partition(":")
        best_ek = best_fs = best_net = (0, 0, 0)
        net = os.path.join(args.net_dir, f"{variant}.nnue") if args.net_dir else None
        for _ in range(args.repeat):
            best_ek = max(best_ek, rate(args.ekumen, None, variant, fen, args.ms, args.threads, classical))
            if net:
                with_net = [("Use NNUE", "true"), ("EvalFile", net)]
                best_net = max(best_net, rate(args.ekumen, None, variant, fen, args.ms, args.threads, with_net))
            if args.fs and variant != "coherent":
                best_fs = max(best_fs, rate(args.fs, args.variants_ini, variant, fen, args.ms, args.threads))
        load = os.getloadavg()[0]
        ratio = f"{best_ek[0] / best_fs[0]:.2f}" if best_fs[0] else "-"
        fs_text = f"{best_fs[0]:>9} {best_fs[1]:>5}" if best_fs[0] else f"{'-':>9} {'-':>5}"
        net_text = f" {best_net[0]:>9} {best_net[1]:>5} " if net else ""
        print(f"{case:<12} {best_ek[0]:>11} {best_ek[1]:>5} {net_text} {fs_text}  {ratio:>5}  {load:.1f}", flush=True)


if __name__ == "__main__":
    main()
