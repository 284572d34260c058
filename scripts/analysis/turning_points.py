#!/usr/bin/env python3
"""Where the games of an `ekumen match` PGN turned: in each game one engine won, the first
position where the winner's own reported score reached a threshold (the winner to move).
What the winner's static evaluation and both engines' searches say there shows whether
the edge came from judgement a static evaluation holds or from what only a search finds.

    scripts/analysis/turning_points.py GAMES.pgn VARIANT --winner Fairy-Stockfish \\
        [--threshold 150] [--out FENS.txt] [--trace FS] \\
        [--search ENGINE --search FS --nodes 200000,2000000] [--limit 40] \\
        [--explain target/release/ekumen-tune]

--trace FS: the mean of each term of Fairy-Stockfish's classical evaluation trace (its
`eval` command), from the winner's side, at each game's opening and at its turning point.
--search: each engine's score for each turning point (the winner's side), from an empty
table and histories (`ucinewgame`) each time, at each node budget; the median, the mean
(scores clipped to +-10 pawns) and how many reach the threshold. Shinobi and gethenian
are read from tests/data/fairy/variants.ini.
--explain TUNE: the mean of each group of Ekumen's evaluation at the turning points
(`ekumen-tune --explain`, the winner's side, centipawns) and of its king-safety groups
summed; with --trace, that sum beside Fairy-Stockfish's king-safety term at each point.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

import pyffish as sf

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from pgn_games import comment_score, commented_moves, read_movetexts, white_moves_first
from uci_engine import FAIRY_VARIANTS_INI, UciEngine

TRACE_ROW = re.compile(r"\|\s*([A-Za-z ]+?)\s*\|.*\|\s*(-?[\d.]+)\s+(-?[\d.]+)\s*\|\s*$")


def turning_points(path, variant, winner, threshold):
    """(opening FEN, turning-point FEN, winner plays White) per game `winner` won."""
    found = []
    for tags, body in read_movetexts(path):
        if winner not in (tags.get("White"), tags.get("Black")):
            continue  # a game between two other engines of a gauntlet
        winner_white = tags.get("White") == winner
        if tags.get("Result") != ("1-0" if winner_white else "0-1"):
            continue
        start = tags.get("FEN") or sf.start_fen(variant)
        white_to_move = white_moves_first(tags)
        moves = []
        for move, comment in commented_moves(body):
            score = comment_score(comment)
            if white_to_move == winner_white and score is not None and score * 100 >= threshold:
                found.append((start, sf.get_fen(variant, start, moves), winner_white))
                break
            moves.append(move)
            white_to_move = not white_to_move
    return found


def trace_terms(engine, fen):
    """Fairy-Stockfish's `eval` trace of `fen`: term -> (mg, eg) in pawns, White's side;
    empty where it gives none (in check)."""
    engine.send(f"position fen {fen}")
    engine.send("eval")
    engine.send("isready")
    terms = {}
    for line in engine.read_until("readyok"):
        match = TRACE_ROW.match(line)
        if match:
            terms[match.group(1)] = (float(match.group(2)), float(match.group(3)))
    return terms


def report_trace(points, binary, variant):
    """Prints the mean trace terms and returns each turning point's trace (empty in check)."""
    tracer = UciEngine(binary, variant, variants_ini=FAIRY_VARIANTS_INI)
    sums, count, turn_traces = {}, 0, []
    for start, turn, winner_white in points:
        before, after = trace_terms(tracer, start), trace_terms(tracer, turn)
        turn_traces.append(after)
        if not before or not after:
            continue  # in check: no trace
        sign = 1 if winner_white else -1
        for term, (mg, eg) in after.items():
            if term not in before:
                continue
            total = sums.setdefault(term, [0.0] * 4)
            total[0] += sign * before[term][0]
            total[1] += sign * before[term][1]
            total[2] += sign * mg
            total[3] += sign * eg
        count += 1
    tracer.quit()
    print(f"Fairy-Stockfish's evaluation terms, winner's side, mean over {count} games, "
          "pawns (mg eg): at the opening -> at the turning point")
    for term, t in sums.items():
        print(f"  {term:12s} {t[0] / count:+.2f} {t[1] / count:+.2f} -> "
              f"{t[2] / count:+.2f} {t[3] / count:+.2f}")
    return turn_traces


def ekumen_groups(tune, variant, fen):
    """What each group of Ekumen's evaluation adds to `fen`, White's view
    (`ekumen-tune --explain`)."""
    out = subprocess.run([tune, "--variant", variant, "--explain", fen], capture_output=True,
                         text=True, check=True).stdout.splitlines()[1:]
    return {row[0]: int(row[1]) for row in (line.split() for line in out) if len(row) == 2}


def is_king_safety_group(name):
    """Ekumen's groups that Fairy-Stockfish's king-safety term covers: king danger, the
    pawn cover and the flank terms (not the king's own piece-square shapes)."""
    return ((name.startswith("king.") and name not in ("king.centre", "king.advance", "king.squares"))
            or name in ("pawns.shelter", "pawns.storm", "pawns.blocked_storm"))


def report_explain(points, tune, variant, turn_traces=None):
    """Prints Ekumen's groups at the turning points; with `turn_traces` (what
    `report_trace` returns), its king safety beside Fairy-Stockfish's."""
    sums, king_sums = {}, []
    for _, turn, winner_white in points:
        sign = 1 if winner_white else -1
        groups = ekumen_groups(tune, variant, turn)
        for name, value in groups.items():
            sums[name] = sums.get(name, 0) + sign * value
        king_sums.append(sign * sum(v for name, v in groups.items() if is_king_safety_group(name)))
    count = len(points)
    print(f"Ekumen's evaluation groups, winner's side, mean over {count} turning points, "
          f"centipawns: king safety summed {statistics.mean(king_sums):+.1f}")
    for name, total in sorted(sums.items(), key=lambda kv: -abs(kv[1]))[:20]:
        print(f"  {name:32s} {total / count:+.1f}")
    if turn_traces is None:
        return
    pairs = []
    for (_, turn, winner_white), ekumen, terms in zip(points, king_sums, turn_traces):
        if terms:
            sign = 1 if winner_white else -1
            pairs.append((sign * terms["King safety"][0], ekumen, turn))
    print(f"king safety at {len(pairs)} turning points not in check, winner's side: "
          f"Fairy-Stockfish's term (pawns, mg) against Ekumen's groups summed (centipawns), "
          f"correlation {statistics.correlation([p[0] for p in pairs], [p[1] for p in pairs]):.2f}; "
          "where Fairy-Stockfish's is above 1.5:")
    for theirs, ours, turn in sorted(pairs, reverse=True):
        if theirs > 1.5:
            print(f"  {theirs:+.2f} {ours:+5d}  {turn}")


def report_search(points, engines, budgets, variant, threshold):
    print(f"search scores at the turning points, winner's side, {len(points)} positions:")
    for binary in engines:
        # One engine for all the searches, its table and histories cleared before each.
        engine = UciEngine(binary, variant, variants_ini=FAIRY_VARIANTS_INI)
        for nodes in budgets:
            scores = []
            for _, turn, _ in points:
                engine.send("ucinewgame")
                _, score = engine.search(turn, nodes)
                scores.append(max(-1000, min(1000, score)))
            print(f"  {binary} {nodes} nodes: median {statistics.median(scores):+.0f}, "
                  f"mean {statistics.mean(scores):+.0f}, "
                  f"{sum(s >= threshold for s in scores)} at +{threshold} or more", flush=True)
        engine.quit()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn")
    parser.add_argument("variant")
    parser.add_argument("--winner", default="Fairy-Stockfish")
    parser.add_argument("--threshold", type=int, default=150, help="centipawns")
    parser.add_argument("--out", help="write the turning points' FENs here")
    parser.add_argument("--trace", metavar="FS", help="Fairy-Stockfish binary")
    parser.add_argument("--search", action="append", default=[], metavar="ENGINE")
    parser.add_argument("--nodes", default="200000", help="comma-separated budgets")
    parser.add_argument("--limit", type=int, help="the first N turning points only")
    parser.add_argument("--explain", metavar="TUNE", help="ekumen-tune binary")
    args = parser.parse_args()
    points = turning_points(args.pgn, args.variant, args.winner, args.threshold)
    if args.limit:
        points = points[: args.limit]
    print(f"{len(points)} games won by {args.winner} reached +{args.threshold} on its own score")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.writelines(turn + "\n" for _, turn, _ in points)
    turn_traces = report_trace(points, args.trace, args.variant) if args.trace else None
    if args.explain:
        report_explain(points, args.explain, args.variant, turn_traces)
    if args.search:
        report_search(points, args.search, [int(n) for n in args.nodes.split(",")], args.variant,
                      args.threshold)
    sys.exit(0)
