#!/usr/bin/env python3
"""Make a fixed opening book for one variant, chosen by a fixed judge engine.

The book holds, in this order:
  1. every position one ply after the start position,
  2. every position two plies after it (deduplicated by FEN),
     both minus those the judge finds clearly decided (more than --decided-cp from a
     balanced score),
  3. deeper balanced positions: at most one from each seeded random line of --min-plies
     to --max-plies plies, where each move is one of the judge's MultiPV moves within
     --margin-cp of its best (or, with probability --random-move, any legal move): the
     line's end, or failing that its last position at least --min-plies deep that the
     judge scored to choose a move, kept only if the judge scores it within --window-cp
     of a balanced score, the side to move is not in check and the game is not over;
     until the book has --target positions (and at least --min-deep of them).

A balanced score is 0, or with --centre start the judge's score of the start position
(from the side to move's view), for variants where the judge finds the first player far
ahead or behind from the start.

The judge searches every position at a fixed node count, one thread, a fixed hash,
after `ucinewgame`, so a judgement depends on the position alone. Judgements are cached
in a JSON-lines file (--cache), so a killed run continues where it stopped and a rerun
with the same seed makes the same book.

Rules: pyffish (the Fairy-Stockfish library) gives the legal moves and FENs of the
variants Fairy-Stockfish knows (with --variants-ini loaded for shinobi and gethenian).
Coherent is played by no other engine: its moves come from the judge Ekumen itself
(`go perft 1` lists them, `d` prints the FEN and the checkers).

Every FEN is written as Ekumen prints it and checked by Ekumen's parser (--ekumen) and,
for the Fairy-Stockfish variants, by pyffish.validate_fen.

Example:
  .venv/bin/python scripts/datagen/make_book.py --variant gothic \\
      --judge /work/tools/fairy-stockfish --variants-ini tests/data/fairy/variants.ini \\
      --ekumen /work/tools/ekumen-judge --out books/gothic.epd
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

MATE = 100_000


class Uci:
    """A UCI engine over pipes: send lines, read lines up to a marker."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.name = ""
        for line in self.read_until("uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):]

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"engine exited; last lines: {lines[-5:]}")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def sync(self):
        self.send("isready")
        return self.read_until("readyok")[:-1]

    def setoption(self, name, value):
        self.send(f"setoption name {name} value {value}")

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def parse_score(tokens):
    i = tokens.index("score")
    kind, value = tokens[i + 1], int(tokens[i + 2])
    if kind == "mate":
        return MATE - abs(value) if value > 0 else -(MATE - abs(value))
    return value


class Judge:
    """Scores a position: the best score (centipawns, side to move) and its MultiPV moves."""

    def __init__(self, path, variant, nodes, multipv, hash_mb, variants_ini):
        self.engine = Uci(path)
        self.nodes = nodes
        if variants_ini:
            self.engine.setoption("VariantPath", os.path.abspath(variants_ini))
        self.engine.setoption("Threads", 1)
        self.engine.setoption("Hash", hash_mb)
        self.engine.setoption("MultiPV", multipv)
        if "Fairy-Stockfish" in self.engine.name:
            self.engine.setoption("Use NNUE", "false")
        self.engine.setoption("UCI_Variant", variant)
        self.engine.sync()

    def judge(self, fen):
        e = self.engine
        e.send("ucinewgame")
        e.sync()
        e.send(f"position fen {fen}")
        e.send(f"go nodes {self.nodes}")
        lines = {}
        depth = 0
        for line in e.read_until("bestmove"):
            tokens = line.split()
            if not tokens or tokens[0] != "info" or "score" not in tokens or "pv" not in tokens:
                continue
            if "lowerbound" in tokens or "upperbound" in tokens:
                continue
            k = int(tokens[tokens.index("multipv") + 1]) if "multipv" in tokens else 1
            if k == 1 and "depth" in tokens:
                depth = int(tokens[tokens.index("depth") + 1])
            lines[k] = (tokens[tokens.index("pv") + 1], parse_score(tokens))
        moves = [lines[k] for k in sorted(lines)]
        return {"score": moves[0][1] if moves else None, "depth": depth, "moves": moves}


class FairyRules:
    """Moves and FENs from pyffish."""

    def __init__(self, variant, variants_ini):
        import pyffish
        self.sf = pyffish
        self.variant = variant
        if variants_ini:
            pyffish.load_variant_config(open(variants_ini).read())
        self.start = pyffish.start_fen(variant)

    def legal_moves(self, fen):
        return self.sf.legal_moves(self.variant, fen, [])

    def play(self, fen, move):
        return self.sf.get_fen(self.variant, fen, [move])

    def in_check(self, fen):
        return self.sf.gives_check(self.variant, fen, [])

    def game_over(self, fen):
        return (not self.legal_moves(fen)
                or self.sf.is_immediate_game_end(self.variant, fen, [])[0])

    def valid(self, fen):
        return self.sf.validate_fen(fen, self.variant) == 1


class EkumenRules:
    """Moves and FENs from Ekumen's `go perft 1` and `d`."""

    def __init__(self, path, variant):
        self.engine = Uci(path)
        self.engine.setoption("UCI_Variant", variant)
        self.engine.sync()
        self.start = self.display("startpos")[0]

    def display(self, setup):
        """The FEN and checkers Ekumen prints after `position ...`, or None on an error."""
        self.engine.send(f"position {setup}")
        self.engine.send("d")
        fen, checkers, error = None, "", False
        for line in self.engine.sync():
            if line.startswith("info string"):
                error = True
            elif line.startswith("Fen: "):
                fen = line[len("Fen: "):]
            elif line.startswith("Checkers:"):
                checkers = line[len("Checkers:"):].strip()
        return (None, "") if error else (fen, checkers)

    def legal_moves(self, fen):
        self.engine.send(f"position fen {fen}")
        self.engine.send("go perft 1")
        moves = []
        for line in self.engine.read_until("Nodes searched"):
            name, sep, count = line.partition(": ")
            if sep and count.isdigit() and " " not in name:
                moves.append(name)
        return moves

    def play(self, fen, move):
        return self.display(f"fen {fen} moves {move}")[0]

    def in_check(self, fen):
        return self.display(f"fen {fen}")[1] != ""

    def game_over(self, fen):
        return not self.legal_moves(fen)

    def canonical(self, fen):
        return self.display(f"fen {fen}")[0]


class Book:
    def __init__(self, args):
        self.args = args
        self.ekumen = EkumenRules(args.ekumen, args.variant)
        self.rules = (self.ekumen if args.variant == "coherent"
                      else FairyRules(args.variant, args.variants_ini))
        self.judge = Judge(args.judge, args.variant, args.nodes, args.multipv, args.hash,
                           args.variants_ini if args.variant != "coherent" else None)
        self.cache = {}
        if os.path.exists(args.cache):
            with open(args.cache) as f:
                for line in f:
                    try:
                        entry = json.loads(line)
                    except json.JSONDecodeError:
                        continue  # blank, or the last line of a killed run
                    self.cache[entry["fen"]] = entry
        os.makedirs(os.path.dirname(os.path.abspath(args.cache)), exist_ok=True)
        self.cache_file = open(args.cache, "a")
        if self.cache_file.tell() > 0:
            self.cache_file.write("\n")  # ends a line a killed run may have cut short
        self.judged = 0
        self.phase = ""
        self.size = 0
        self.last_report = 0.0
        self.start_cp = None

    def centre(self, fen):
        """The score a balanced position has: 0, or with --centre start the judge's score
        of the start position, from the side to move's view."""
        if self.args.centre == "zero":
            return 0
        if self.start_cp is None:
            self.start_cp = self.judgement(self.rules.start)["score"]
        return self.start_cp if fen.split()[1] == "w" else -self.start_cp

    def judgement(self, fen):
        entry = self.cache.get(fen)
        if entry is None:
            entry = {"fen": fen, **self.judge.judge(fen)}
            self.cache[fen] = entry
            self.cache_file.write(json.dumps(entry) + "\n")
            self.cache_file.flush()
            self.judged += 1
        self.progress()
        return entry

    def progress(self, force=False):
        now = time.time()
        if force or now - self.last_report > 2:
            self.last_report = now
            print(f"\r{self.args.variant}: {self.phase}, book {self.size}/{self.args.target},"
                  f" judged {self.judged} new + {len(self.cache) - self.judged} cached",
                  end="\n" if force else "", file=sys.stderr, flush=True)

    def neighbourhood(self):
        """The 1-ply and 2-ply positions, deduplicated, minus the clearly decided ones."""
        start = self.rules.start
        seen = {start}
        layers = [[], []]
        for m1 in self.rules.legal_moves(start):
            f1 = self.rules.play(start, m1)
            if f1 not in seen:
                seen.add(f1)
                layers[0].append(f1)
        for f1 in layers[0]:
            for m2 in self.rules.legal_moves(f1):
                f2 = self.rules.play(f1, m2)
                if f2 not in seen:
                    seen.add(f2)
                    layers[1].append(f2)
        kept, dropped = [[], []], [0, 0]
        for ply, layer in enumerate(layers):
            self.phase = f"ply {ply + 1}"
            for fen in layer:
                if self.rules.game_over(fen):
                    dropped[ply] += 1
                    continue
                score = self.judgement(fen)["score"]
                if score is None or abs(score - self.centre(fen)) > self.args.decided_cp:
                    dropped[ply] += 1
                else:
                    kept[ply].append(fen)
                    self.size += 1
        return kept, dropped, seen

    def deep(self, seen, wanted):
        """Ends of judge-guided random lines, balanced, not in check, not over."""
        rng = random.Random(self.args.seed)
        found, lines, depth_of = [], 0, {}
        self.phase = "deep lines"
        while len(found) < wanted:
            lines += 1
            if lines > 50 * wanted + 1000:
                raise RuntimeError(f"only {len(found)} of {wanted} deep positions found")
            fen = self.rules.start
            plies = rng.randint(self.args.min_plies, self.args.max_plies)
            line, judged = [], set()
            for _ in range(plies):
                moves = self.rules.legal_moves(fen)
                if not moves:
                    break
                if rng.random() < self.args.random_move:
                    move = rng.choice(moves)
                else:
                    pv = self.judgement(fen)["moves"]
                    judged.add(fen)
                    if not pv:
                        break
                    best = pv[0][1]
                    move = rng.choice([m for m, s in pv if s >= best - self.args.margin_cp])
                fen = self.rules.play(fen, move)
                line.append(fen)
            # The line's end if it qualifies, else the last position of the line at least
            # --min-plies deep that the judge scored to choose a move. Which positions were
            # judged is asked of this line, not of the cache, whose contents depend on
            # how far earlier runs went.
            for ply in range(len(line), self.args.min_plies - 1, -1):
                fen = line[ply - 1]
                if fen in seen or (ply < len(line) and fen not in judged):
                    continue
                if self.rules.game_over(fen) or self.rules.in_check(fen):
                    continue
                score = self.judgement(fen)["score"]
                if score is not None and abs(score - self.centre(fen)) <= self.args.window_cp:
                    seen.add(fen)
                    found.append(fen)
                    depth_of[fen] = ply
                    self.size += 1
                    break
        return found, lines, depth_of


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--variant", required=True)
    p.add_argument("--judge", required=True, help="judge engine (UCI)")
    p.add_argument("--ekumen", required=True, help="Ekumen binary for rules and FEN checks")
    p.add_argument("--variants-ini", help="Fairy-Stockfish variants.ini (VariantPath)")
    p.add_argument("--out", required=True)
    p.add_argument("--cache", help="judgement cache (default target/books/<variant>-...jsonl)")
    p.add_argument("--nodes", type=int, default=100_000, help="judge's node limit")
    p.add_argument("--hash", type=int, default=16, help="judge's hash, MB")
    p.add_argument("--multipv", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--target", type=int, default=1500, help="book size to reach")
    p.add_argument("--min-deep", type=int, default=300, help="fewest deeper positions")
    p.add_argument("--decided-cp", type=int, default=300,
                   help="drop 1-2 ply positions scored beyond this")
    p.add_argument("--window-cp", type=int, default=100,
                   help="keep deeper positions scored within this")
    p.add_argument("--centre", choices=["zero", "start"], default="zero",
                   help="balanced means near 0, or near the judge's score of the start")
    p.add_argument("--margin-cp", type=int, default=50,
                   help="line moves: MultiPV moves within this of the best")
    p.add_argument("--random-move", type=float, default=0.25,
                   help="chance of a uniformly random move at each ply of a line")
    p.add_argument("--min-plies", type=int, default=4)
    p.add_argument("--max-plies", type=int, default=10)
    args = p.parse_args()
    if args.cache is None:
        args.cache = (f"target/books/{args.variant}-nodes{args.nodes}-pv{args.multipv}"
                      f"-hash{args.hash}.jsonl")

    began = time.time()
    book = Book(args)
    (ply1, ply2), dropped, seen = book.neighbourhood()
    deep, lines, depth_of = book.deep(seen, max(args.target - len(ply1) - len(ply2), args.min_deep))
    book.progress(force=True)

    fens = ply1 + ply2 + deep
    written = []
    for fen in fens:
        printed = book.ekumen.canonical(fen)
        if printed is None:
            sys.exit(f"Ekumen does not accept {fen}")
        if args.variant != "coherent" and not book.rules.valid(printed):
            sys.exit(f"pyffish does not accept {printed}")
        written.append(printed)
    differ = sum(a != b for a, b in zip(fens, written))
    if len(set(written)) != len(written):
        sys.exit("duplicate FENs after Ekumen's printing")

    scores = [book.cache[f]["score"] for f in fens]
    white = [s if f.split()[1] == "w" else -s for f, s in zip(fens, scores)]
    offsets = [s - book.centre(f) for f, s in zip(fens, scores)]
    summary = {
        "ply1": len(ply1), "ply2": len(ply2), "deep": len(deep),
        "dropped_ply1": dropped[0], "dropped_ply2": dropped[1], "lines": lines,
        "deep_by_ply": {p: sum(1 for f in deep if depth_of[f] == p)
                        for p in sorted(set(depth_of.values()))},
        "mean_cp": round(statistics.mean(scores), 1),
        "sd_cp": round(statistics.pstdev(scores), 1),
        "mean_abs_cp": round(statistics.mean(abs(s) for s in scores), 1),
        "mean_white_cp": round(statistics.mean(white), 1),
        "sd_white_cp": round(statistics.pstdev(white), 1),
        "start_cp": book.judgement(book.rules.start)["score"],
        "mean_abs_from_centre_cp": round(statistics.mean(abs(o) for o in offsets), 1),
        "differ_from_pyffish": differ,
        "judged_now": book.judged, "seconds": round(time.time() - began),
    }
    command = " ".join(["scripts/datagen/make_book.py"] + sys.argv[1:])
    with open(args.out, "w") as f:
        f.write(f"# Ekumen opening book: {args.variant}, {len(written)} positions "
                f"({len(ply1)} after 1 ply, {len(ply2)} after 2, {len(deep)} deeper).\n")
        f.write(f"# Judge: {book.judge.engine.name}, go nodes {args.nodes}, MultiPV "
                f"{args.multipv}, Threads 1, Hash {args.hash}; start position "
                f"{summary['start_cp']} cp; book scores (side to move) mean "
                f"{summary['mean_cp']} cp, sd {summary['sd_cp']} cp.\n")
        f.write(f"# Made by: {command}\n")
        for fen in written:
            f.write(fen + "\n")
    print(json.dumps(summary), file=sys.stderr)
    book.judge.engine.close()
    book.ekumen.engine.close()


if __name__ == "__main__":
    main()
