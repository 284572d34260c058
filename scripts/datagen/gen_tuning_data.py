#!/usr/bin/env python3
"""Positions scored by a stronger engine, for tuning the evaluation (`ekumen tune`).

Games of a reference engine (Fairy-Stockfish by default) against itself, each from a few
random opening moves, at a fixed node count per move. Every position after the opening
where the side to move is not in check and the engine's chosen move is not a capture is
written out with the engine's score for it, from White's point of view, and the game's
result once it is known:

    <fen>;<score in centipawns, White's view>;<result: 1, 0.5 or 0 for White>

Games are written in the order they were started, so the same command writes the same
file however its workers' games happen to finish.

A game ends on the rules (checked by pyffish), when both sides agree one is winning by
more than --resign centipawns for 6 plies (a win), or after --max-plies (a draw).

With --pgn, no games are played: the positions of games already played (PGN files of
`ekumen match`, say Ekumen against the reference engine) are scored the same way, with the
games' own results. Self-play shows the evaluation positions that the reference engine
steers into; these show it the positions that Ekumen steers into, where its judgement
differs most from the reference's.

  .venv/bin/python scripts/datagen/gen_tuning_data.py --engine FS --variant gothic --games 300 \
      --out target/tuning/gothic.txt [--nodes 6000] [--workers 2] [--seed 1]
  .venv/bin/python scripts/datagen/gen_tuning_data.py --engine FS --variant gothic \
      --pgn target/matches/gothic-vs-fs.pgn [--pgn ...] --out target/tuning/gothic-played.txt

With --pv-ends EKUMEN as well, the positions scored are the ends of Ekumen's principal
variations rather than the games' own: --sample positions of the games where --side (the
engine's name in the PGN; repeat it for each name it played under) was to move, drawn at
random (--seed), each searched by EKUMEN for --pv-nodes nodes from an empty table; the
end of the line it hopes for, unless that is in check or over, is scored by --engine at
--nodes and written with the game's result.
Those are the positions Ekumen's search leans on, where an evaluation that misjudges a
defence is believed. One worker: searches and scoring alternate.

  .venv/bin/python scripts/datagen/gen_tuning_data.py --engine FS --variant gothic --nodes 20000 \
      --pgn target/matches/gothic-vs-fs.pgn [--pgn ...] --pv-ends target/release/ekumen \
      --sample 15000 --seed 7 --out target/tuning/gothic-pv-ends.txt
"""
import argparse
import multiprocessing
import os
import random
import sys
import time

import pyffish as sf

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from pgn_games import WHITE_POINTS, read_games, white_moves_at, white_moves_first
from uci_engine import FAIRY_VARIANTS_INI, UciEngine

# Scores at least this large (centipawns) are searches that found a decided game, not
# judgements an evaluation should learn.
DECIDED = 3000


def white_score(fen, score):
    """A score for the side to move in `fen` as White's."""
    return score if " w " in fen else -score


def play(args, seed):
    """One game; returns its quiet positions as (fen, white_score) and White's result."""
    rng = random.Random(seed)
    variant = args.variant
    fen = sf.start_fen(variant)
    for _ in range(args.random_plies):
        moves = sf.legal_moves(variant, fen, [])
        if not moves:
            return [], None
        fen = sf.get_fen(variant, fen, [rng.choice(moves)])
    engine = play.engine
    engine.send("ucinewgame")
    positions = []
    winning_streak = 0
    for ply in range(args.max_plies):
        moves = sf.legal_moves(variant, fen, [])
        white = " w " in fen
        if not moves:
            # No legal move: the rules say who wins (stalemate loses in some variants).
            result = sf.game_result(variant, fen, [])
            return positions, outcome(result, white)
        ended, result = sf.is_optional_game_end(variant, fen, [])
        if ended:
            return positions, outcome(result, white)
        move, score = engine.search(fen, args.nodes)
        score_for_white = white_score(fen, score)
        if not sf.gives_check(variant, fen, []) and not sf.is_capture(variant, fen, [], move) \
                and abs(score) < DECIDED:
            positions.append((fen, score_for_white))
        winning_streak = winning_streak + 1 if abs(score) > args.resign else 0
        if winning_streak >= 6:
            return positions, 1.0 if score_for_white > 0 else 0.0
        fen = sf.get_fen(variant, fen, [move])
    return positions, 0.5


def rescore(args, game):
    """The quiet positions of a game already played, as (fen, white_score), and White's
    result (None for a game without one)."""
    fen, moves, result = game
    white_result = WHITE_POINTS.get(result)
    if white_result is None:
        return [], None
    engine = play.engine
    engine.send("ucinewgame")
    positions = []
    for ply, played in enumerate(moves):
        if not sf.gives_check(args.variant, fen, []):
            move, score = engine.search(fen, args.nodes)
            if not sf.is_capture(args.variant, fen, [], move) and abs(score) < DECIDED:
                positions.append((fen, white_score(fen, score)))
        fen = sf.get_fen(args.variant, fen, [played])
    return positions, white_result


def pv_ends(args):
    """Writes the ends of --pv-ends' principal variations from --side's positions in the
    --pgn games, scored by --engine, until --sample are written."""
    candidates = []
    for tags, start, moves, result in played_games(args):
        white_result = WHITE_POINTS.get(result)
        if white_result is None or not {tags.get("White"), tags.get("Black")} & set(args.side):
            continue
        side_white = tags.get("White") in args.side
        white_first = white_moves_first(tags)
        # From the fifth ply on, and not in the last two plies of the game.
        for ply in range(4, len(moves) - 2):
            if white_moves_at(ply, white_first) == side_white:
                candidates.append((start, moves[:ply], white_result))
    random.Random(args.seed).shuffle(candidates)
    print(f"gen_tuning_data: {len(candidates)} positions of {', '.join(args.side)} to draw from",
          file=sys.stderr, flush=True)
    searcher = UciEngine(args.pv_ends, args.variant, None, args.variants_ini)
    scorer = UciEngine(args.engine, args.variant, None, args.variants_ini)
    started = time.time()
    written = 0
    with open(args.out, "a") as out:
        for start, moves, white_result in candidates:
            if written >= args.sample:
                break
            fen = sf.get_fen(args.variant, start, moves)
            searcher.send("ucinewgame")
            _, line, _ = searcher.search_line(fen, args.pv_nodes)
            if not line:
                continue
            try:
                end = sf.get_fen(args.variant, fen, line)
            except Exception:  # a line pyffish does not accept: not a position to learn from
                continue
            if sf.gives_check(args.variant, end, []) or not sf.legal_moves(args.variant, end, []):
                continue
            scorer.send("ucinewgame")
            _, score = scorer.search(end, args.nodes)
            if abs(score) >= DECIDED:
                continue
            out.write(f"{end};{white_score(end, score)};{white_result}\n")
            written += 1
            if written % 500 == 0:
                out.flush()
                print(f"gen_tuning_data: {written}/{args.sample} positions, "
                      f"{time.time() - started:.0f} s", file=sys.stderr, flush=True)
    searcher.quit()
    scorer.quit()


def outcome(result, white_to_move):
    """White's score from pyffish's result for the side to move."""
    if result == 0:
        return 0.5
    side = 1.0 if result > 0 else 0.0
    return side if white_to_move else 1.0 - side


def load_variants(args):
    """Fairy-Stockfish's definitions of shinobi and gethenian, once per process."""
    if args.variants_ini and args.variant not in sf.variants():
        sf.load_variant_config(open(args.variants_ini).read())


def worker_init(args):
    load_variants(args)
    play.engine = UciEngine(args.engine, args.variant, None, args.variants_ini,
                            [("Threads", 1), ("Hash", 32)])


def run(job):
    args, game = job
    return rescore(args, game) if args.pgn else play(args, game)


def played_games(args):
    """The games of the --pgn files in args.variant, as (tags, start fen, moves, result)."""
    load_variants(args)
    games = []
    for path in args.pgn:
        for tags, moves, result in read_games(path):
            if tags.get("Variant", "chess") == args.variant:
                start = tags.get("FEN") or sf.start_fen(args.variant)
                games.append((tags, start, moves, result))
    return games


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", required=True)
    ap.add_argument("--variant", required=True)
    ap.add_argument("--variants-ini", default=FAIRY_VARIANTS_INI)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--nodes", type=int, default=6000)
    ap.add_argument("--random-plies", type=int, default=8)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--resign", type=int, default=800)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pgn", action="append", default=[],
                    help="score the positions of these games instead of playing new ones")
    ap.add_argument("--pv-ends", metavar="EKUMEN",
                    help="with --pgn: score the ends of this engine's principal variations")
    ap.add_argument("--side", action="append",
                    help="with --pv-ends: the name of the engine whose positions are "
                         "searched, once per name it played under (default: Ekumen)")
    ap.add_argument("--pv-nodes", type=int, default=30000,
                    help="with --pv-ends: the nodes of each search for a line")
    ap.add_argument("--sample", type=int, default=15000,
                    help="with --pv-ends: the positions written")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    if args.pv_ends:
        if not args.pgn:
            ap.error("--pv-ends needs --pgn")
        args.side = args.side or ["Ekumen"]
        pv_ends(args)
        return
    if args.pgn:
        jobs = [(args, (start, moves, result)) for _, start, moves, result in played_games(args)]
        args.games = len(jobs)
    else:
        jobs = [(args, args.seed * 1_000_003 + g) for g in range(args.games)]
    # Resumable: OUT.progress holds the games finished and the file's length after the
    # last of them, so a run that was stopped drops any partial game and goes on from there.
    progress = args.out + ".progress"
    finished, length = read_progress(progress, args.out)
    with open(args.out, "a") as out:
        out.truncate(length)
    if finished:
        print(f"gen_tuning_data: resuming after {finished} games", file=sys.stderr, flush=True)
    started = time.time()
    written = 0
    with multiprocessing.Pool(args.workers, worker_init, (args,)) as pool, \
            open(args.out, "a") as out:
        # In game order, not in the order games finish: the same command then writes the
        # same file, whatever the workers' timing (the tuner holds out the file's last tenth).
        for done, (positions, result) in enumerate(pool.imap(run, jobs[finished:]), finished + 1):
            for fen, score in positions if result is not None else []:
                out.write(f"{fen};{score};{result}\n")
            written += len(positions) if result is not None else 0
            out.flush()
            write_progress(progress, done, out.tell())
            rate = (done - finished) / max(time.time() - started, 1e-9)
            left = (args.games - done) / rate if rate else 0
            print(f"gen_tuning_data: {done}/{args.games} games, {written} positions, "
                  f"{time.time() - started:.0f} s, about {left / 60:.0f} min left",
                  file=sys.stderr, flush=True)


def read_progress(progress, out):
    """(games finished, bytes of OUT that hold them) from a stopped run, else (0, OUT's size)."""
    try:
        games, length = open(progress).read().split()
        return int(games), int(length)
    except (OSError, ValueError):
        return 0, os.path.getsize(out) if os.path.exists(out) else 0


def write_progress(progress, games, length):
    with open(progress + ".new", "w") as f:
        f.write(f"{games} {length}\n")
    os.replace(progress + ".new", progress)


if __name__ == "__main__":
    main()
