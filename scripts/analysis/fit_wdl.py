#!/usr/bin/env python3
"""Fits the score-to-WDL model (`win_draw_loss`, engine/src/session.rs) to `ekumen match` PGNs.

Each move of the named engine carries `{score/depth ...}` (the mover's view). Every such
score, with the game's final result from the mover's side, is one sample. The model is
the one Stockfish uses: win = 1 / (1 + exp((centre - cp) / width)), loss the mirror
image, draw the rest; centre and width are fitted by maximum likelihood (a plain grid
search, then refined), ignoring mate scores and the first `--skip` plies.

  scripts/analysis/fit_wdl.py --engine ekumen games-*.pgn
"""
import argparse
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from pgn_games import (WHITE_POINTS, comment_score, commented_moves, read_movetexts,
                       white_moves_at, white_moves_first)


def samples(paths, engine, skip):
    for path in paths:
        for tags, body in read_movetexts(path):
            white_score = WHITE_POINTS.get(tags.get("Result"))
            if white_score is None or "White" not in tags or "Black" not in tags:
                continue
            first_white = white_moves_first(tags)
            for ply, (_, comment) in enumerate(commented_moves(body)):
                score = comment_score(comment)
                if ply < skip or score is None:
                    continue
                mover_white = white_moves_at(ply, first_white)
                name = tags["White"] if mover_white else tags["Black"]
                if engine and name != engine:
                    continue
                cp = score * 100
                outcome = white_score if mover_white else 1 - white_score
                yield tags.get("Variant", "chess"), cp, outcome


def log_likelihood(data, centre, width):
    total = 0.0
    for cp, outcome in data:
        cp = max(-4000.0, min(4000.0, cp))
        win = 1 / (1 + math.exp((centre - cp) / width))
        loss = 1 / (1 + math.exp((centre + cp) / width))
        draw = max(1e-9, 1 - win - loss)
        p = {1.0: win, 0.0: loss, 0.5: draw}[outcome]
        total += math.log(max(p, 1e-9))
    return total


def fit(data):
    best = None
    for centre in range(0, 801, 25):
        for width in range(20, 401, 10):
            ll = log_likelihood(data, centre, width)
            if best is None or ll > best[0]:
                best = (ll, centre, width)
    _, centre, width = best
    step_c, step_w = 12.5, 5.0
    while step_c > 0.5:
        improved = False
        for dc, dw in ((step_c, 0), (-step_c, 0), (0, step_w), (0, -step_w)):
            c, w = max(0.0, centre + dc), max(5.0, width + dw)
            ll = log_likelihood(data, c, w)
            if ll > best[0]:
                best, centre, width, improved = (ll, c, w), c, w, True
        if not improved:
            step_c, step_w = step_c / 2, step_w / 2
    return centre, width


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="ekumen", help="whose scores to use ('' for all)")
    ap.add_argument("--skip", type=int, default=8)
    ap.add_argument("pgn", nargs="+")
    args = ap.parse_args()
    by_variant = {}
    for variant, cp, outcome in samples(args.pgn, args.engine, args.skip):
        by_variant.setdefault(variant, []).append((cp, outcome))
    for variant, data in sorted(by_variant.items()):
        if len(data) < 200:
            print(f"{variant}: only {len(data)} samples", file=sys.stderr)
            continue
        centre, width = fit(data)
        print(f"{variant}: {len(data)} samples, centre {centre:.1f}, width {width:.1f}")


if __name__ == "__main__":
    main()
