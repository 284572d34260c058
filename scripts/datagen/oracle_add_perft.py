#!/usr/bin/env python3
"""Adds a missing perft count to oracle lines, computed by a Fairy-Stockfish binary.

  scripts/datagen/oracle_add_perft.py --fs PATH VARIANT DEPTH FILE

pyffish needs seconds per gethenian perft(3) (every node is a Python call); the engine's
own `go perft` runs the same rules code in milliseconds. Lines that lack `perftDEPTH` get
it inserted after `perft{DEPTH-1}`; the file is rewritten in place. Where both exist the
two agree (150 gethenian perft(3) counts compared when this was first used).
"""
import argparse
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fs", required=True, help="a Fairy-Stockfish binary")
    ap.add_argument("variant")
    ap.add_argument("depth", type=int)
    ap.add_argument("file")
    args = ap.parse_args()
    key, before = f"perft{args.depth}", f"perft{args.depth - 1}"
    lines = [line.rstrip("\n").split(" ; ") for line in open(args.file)]
    engine = subprocess.Popen([args.fs], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(command):
        engine.stdin.write(command + "\n")
        engine.stdin.flush()

    send(f"setoption name VariantPath value {os.path.join(ROOT, 'tests', 'data', 'fairy', 'variants.ini')}")
    send(f"setoption name UCI_Variant value {args.variant}")
    added = 0
    for fields in lines:
        if any(f.startswith(key + " ") for f in fields):
            continue
        send(f"position fen {fields[0]}")
        send(f"go perft {args.depth}")
        nodes = next(int(out.split()[-1]) for out in engine.stdout if out.startswith("Nodes searched"))
        at = next(i for i, f in enumerate(fields) if f.startswith(before + " "))
        fields.insert(at + 1, f"{key} {nodes}")
        added += 1
    send("quit")
    engine.wait()
    with open(args.file, "w") as out:
        out.writelines(" ; ".join(fields) + "\n" for fields in lines)
    print(f"{added} lines completed")


if __name__ == "__main__":
    main()
