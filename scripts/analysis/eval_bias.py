#!/usr/bin/env python3
"""How far static evaluations err on the positions of an `ekumen match` PGN, from one
player's side: a search steers into positions its own evaluation overrates, so an
evaluation that fits a reference engine's self-play well can still be biased here.

    scripts/analysis/eval_bias.py SCORED.txt GAMES.pgn VARIANT --player Ekumen \\
        --engine Ekumen=target/release/ekumen --engine FS=/path/to/fairy-stockfish \\
        [--band 20]

SCORED.txt holds the games' positions scored by the reference engine
(`gen_tuning_data.py --pgn GAMES.pgn`, `fen;score;result`). For each band of plies and
each engine's static evaluation (its `eval` command's final figure), from the player's
side: the mean difference from the reference's search score (centipawns, both clipped to
+-5 pawns); the mean score the evaluation predicts (a logistic curve of 400 centipawns
per factor of ten in the odds, the scale the tuner gives scores) beside the player's
actual points; and the mean squared error of that prediction against the results. The
reference's search score is judged by the results the same way.
"""
import argparse
import os
import re
import statistics
import sys

import pyffish as sf

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from pgn_games import WHITE_POINTS, commented_moves, read_movetexts
from uci_engine import FAIRY_VARIANTS_INI, UciEngine

FINAL = re.compile(r"Final evaluation\s+([+-]?[\d.]+)")
CLIP = 500


def position_key(fen):
    """The FEN's board, side to move, castling and en passant: what makes a position."""
    return " ".join(fen.split()[:4])


def scored_positions(path):
    """Position key -> (FEN, reference score for White, White's result)."""
    scored = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            fields = line.strip().split(";")
            if len(fields) == 3:
                scored[position_key(fields[0])] = (fields[0], float(fields[1]), float(fields[2]))
    return scored


def game_positions(pgn, variant, player, scored):
    """(FEN, reference score, result, player plays White, ply) for each scored position of
    the games `player` played."""
    found = []
    for tags, body in read_movetexts(pgn):
        if player not in (tags.get("White"), tags.get("Black")):
            continue
        if tags.get("Result") not in WHITE_POINTS:
            continue
        start = tags.get("FEN") or sf.start_fen(variant)
        moves = []
        for move, _ in commented_moves(body):
            moves.append(move)
            entry = scored.get(position_key(sf.get_fen(variant, start, moves)))
            if entry:
                fen, score, result = entry
                found.append((fen, score, result, tags.get("White") == player, len(moves)))
    return found


def static_evals(binary, variant, fens):
    """The engine's static evaluation of each FEN, centipawns from White's view; None
    where it gives none (in check)."""
    engine = UciEngine(binary, variant, variants_ini=FAIRY_VARIANTS_INI)
    evals = []
    for fen in fens:
        engine.send(f"position fen {fen}")
        engine.send("eval")
        engine.send("isready")
        value = None
        for line in engine.read_until("readyok"):
            match = FINAL.search(line)
            if match:
                value = float(match.group(1)) * 100
        evals.append(value)
    engine.quit()
    return evals


def predicted(centipawns):
    return 1 / (1 + 10 ** (-centipawns / 400))


def clip(centipawns):
    return max(-CLIP, min(CLIP, centipawns))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scored")
    parser.add_argument("pgn")
    parser.add_argument("variant")
    parser.add_argument("--player", default="Ekumen", help="whose side the figures take")
    parser.add_argument("--engine", action="append", required=True, metavar="NAME=BINARY")
    parser.add_argument("--band", type=int, default=20, help="plies per band")
    args = parser.parse_args()

    positions = game_positions(args.pgn, args.variant, args.player, scored_positions(args.scored))
    print(f"{len(positions)} scored positions of {args.player}'s games")
    engines = [spec.split("=", 1) for spec in args.engine]
    evals = {name: static_evals(binary, args.variant, [p[0] for p in positions])
             for name, binary in engines}

    bands = {}
    for i, (_, score, result, player_white, ply) in enumerate(positions):
        if any(evals[name][i] is None for name, _ in engines):
            continue
        sign = 1 if player_white else -1
        points = result if player_white else 1 - result
        row = bands.setdefault(min(ply // args.band, 4), {"points": [], "reference": []})
        row["points"].append(points)
        row["reference"].append(predicted(sign * score))
        for name, _ in engines:
            own = sign * evals[name][i]
            row.setdefault(name, []).append((clip(own) - clip(sign * score), predicted(own)))

    for band, row in sorted(bands.items()):
        plies = (f"{band * args.band}-{(band + 1) * args.band - 1}" if band < 4
                 else f"{band * args.band}+")
        points = row["points"]
        print(f"plies {plies}: {len(points)} positions, "
              f"{args.player} scored {statistics.mean(points):.3f}")
        for name, _ in engines:
            gaps = [gap for gap, _ in row[name]]
            predictions = [p for _, p in row[name]]
            print(f"  {name:16s} minus the reference's search {statistics.mean(gaps):+7.1f} cp, "
                  f"predicts {statistics.mean(predictions):.3f}, "
                  f"error {statistics.mean((p - r) ** 2 for p, r in zip(predictions, points)):.4f}")
        reference = row["reference"]
        print(f"  {'reference search':16s} {'':32s}predicts {statistics.mean(reference):.3f}, "
              f"error {statistics.mean((p - r) ** 2 for p, r in zip(reference, points)):.4f}")


if __name__ == "__main__":
    main()
