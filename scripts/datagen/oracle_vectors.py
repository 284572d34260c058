#!/usr/bin/env python3
"""Move-generation test vectors computed by Fairy-Stockfish's rules code (pyffish).

Usage (from the repository root, after scripts/setup_venv.sh):
  .venv/bin/python scripts/datagen/oracle_vectors.py VARIANT [--count N] [--seed S] [--depth D]
                                             [--budget B] [--fen FEN]

VARIANT is any pyffish variant; shinobi and gethenian come from
tests/data/fairy/variants.ini. One line is printed per distinct position:
  fen ; moves <sorted legal moves> ; perft1 N ; perft2 N [; perft3 N ...] ; check 0|1 ; end <result>
where <result> is pyffish's is_immediate_game_end verdict for the side to move
('win', 'loss', 'draw') or '-' when the position is not such an end.

Positions come from random playouts of 0..120 plies from the start position (or --fen).
Half of the plies prefer a special move when one exists: a kind is drawn among those on
offer (capture, promotion, drop, castle, enpassant, pawn, develop, king; see categories)
and then a move of that kind. A playout stops early, with probability 1/4 at each ply,
when castling, en passant or a promotion is on offer, and it stops for good when no legal
move is left (mate, stalemate, campmate). When a printed position has a move after which
the opponent has no legal move, the position after one such move is printed as well, so
that game ends are well represented. The output depends only on the arguments.

Perft counts every level with one pyffish call per node by handing the move path to
pyffish.legal_moves(variant, fen, path); replaying the path inside pyffish is about twice
as fast as re-creating each child's FEN with get_fen, because every pyffish call pays a
fixed set-up cost (a few ms) that dwarfs move generation. Deeper levels are skipped for
a position once a level has more than --budget nodes, so perft fields may stop early.
"""
import argparse
import os
import random
import re
import sys

import pyffish as sf

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONFIG = os.path.join(REPO, "tests", "data", "fairy", "variants.ini")
MAX_PLIES = 120
SPECIAL_SHARE = 0.5
NOTABLE_STOP = 0.25
KINDS = ("capture", "promotion", "drop", "castle", "enpassant", "pawn", "develop", "king")
MOVE = re.compile(r"^(?:\+?[A-Z]@|([a-z])(\d+))([a-z])(\d+)(.*)$")


def board(fen):
    """Map square names ('e4') to piece letters ('P', '+k') from a FEN's board field."""
    field = fen.split(" ")[0].split("[")[0]
    ranks = field.split("/")
    pieces = {}
    for row, text in enumerate(ranks):
        rank = len(ranks) - row
        file, promoted = 0, ""
        for token in re.findall(r"\d+|\+|.", text):
            if token.isdigit():
                file += int(token)
            elif token == "+":
                promoted = "+"
            else:
                pieces[f"{chr(ord('a') + file)}{rank}"] = promoted + token
                file, promoted = file + 1, ""
    return pieces


def categories(moves, pieces, ranks):
    """Group the special moves by kind; ordinary moves belong to no group.

    Kinds: capture, promotion (a suffix: promotion letter, '+' or '-'), drop ('@'),
    castle (a king moving two or more files), enpassant, pawn (a pawn move that does
    not capture), develop (a piece other than pawn or king leaving its home rank) and
    king (a king stepping towards the far rank, where shinobi's campmate waits).
    """
    kinds = {kind: [] for kind in KINDS}
    for move in moves:
        if "@" in move:
            kinds["drop"].append(move)
            continue
        from_file, from_rank, to_file, to_rank, suffix = MOVE.match(move).groups()
        mover = pieces.get(from_file + from_rank, "")
        target = to_file + to_rank
        pawn, king = mover in ("P", "p"), mover in ("K", "k")
        home = "1" if mover.isupper() else str(ranks)
        if suffix:
            kinds["promotion"].append(move)
        if target in pieces:
            kinds["capture"].append(move)
        elif pawn:
            kinds["enpassant" if from_file != to_file else "pawn"].append(move)
        if king and abs(ord(to_file) - ord(from_file)) > 1:
            kinds["castle"].append(move)
        elif king and (int(to_rank) - int(from_rank)) * (1 if mover.isupper() else -1) > 0:
            kinds["king"].append(move)
        if not pawn and not king and from_rank == home != to_rank:
            kinds["develop"].append(move)
    return kinds


def notable(kinds, moves):
    """True when castling, en passant or a promotion is on offer.

    A promotion counts only while some board move lacks a suffix: in gethenian every
    board move flips its piece, so its suffixes mark nothing rare.
    """
    board_moves = sum("@" not in move for move in moves)
    return bool(kinds["castle"] or kinds["enpassant"]
                or 0 < len(kinds["promotion"]) < board_moves)


def playout(variant, start, rng):
    """Play a biased random game of up to MAX_PLIES plies and return its final FEN.

    The game also stops early, with probability NOTABLE_STOP, on a notable position.
    """
    fen = start
    ranks = start.count("/") + 1
    for _ in range(rng.randint(0, MAX_PLIES)):
        moves = sf.legal_moves(variant, fen, [])
        if not moves:
            break
        kinds = categories(moves, board(fen), ranks)
        if notable(kinds, moves) and rng.random() < NOTABLE_STOP:
            break
        groups = [group for group in kinds.values() if group]
        if groups and rng.random() < SPECIAL_SHARE:
            moves = rng.choice(groups)
        fen = sf.get_fen(variant, fen, [rng.choice(moves)])
    return fen


def perft(variant, fen, root_moves, depth, budget):
    """Leaf counts for depths 1..depth (fewer once a level exceeds budget nodes), and the
    root moves after which the side to move has no legal move (the game has ended)."""
    counts, level, ends = [len(root_moves)], [[move] for move in root_moves], []
    while len(counts) < depth and (budget is None or len(level) <= budget):
        children = []
        for path in level:
            replies = sf.legal_moves(variant, fen, path)
            children += [path + [move] for move in replies]
            if not replies and len(path) == 1:
                ends.append(path[0])
        counts.append(len(children))
        level = children
    return counts, ends


def verdict(variant, fen):
    ended, value = sf.is_immediate_game_end(variant, fen, [])
    if not ended:
        return "-"
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def vector(variant, fen, depth, budget):
    """The output line for fen, and the root moves that end the game (see perft)."""
    moves = sf.legal_moves(variant, fen, [])
    fields = [fen, "moves " + " ".join(sorted(moves))]
    counts, ends = perft(variant, fen, moves, depth, budget)
    fields += [f"perft{d} {n}" for d, n in enumerate(counts, 1)]
    fields.append(f"check {int(sf.gives_check(variant, fen, []))}")
    fields.append(f"end {verdict(variant, fen)}")
    return " ; ".join(fields), ends


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variant")
    ap.add_argument("--count", type=int, default=20, help="distinct positions to print")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=2, help="deepest perft level")
    ap.add_argument("--budget", type=int, help="largest level (in nodes) that is expanded further")
    ap.add_argument("--fen", help="playout start instead of the variant's start position")
    args = ap.parse_args()
    with open(CONFIG) as f:
        sf.load_variant_config(f.read())
    rng = random.Random(args.seed)
    start = args.fen or sf.start_fen(args.variant)
    seen = set()
    for _ in range(args.count * 50):
        queue = [playout(args.variant, start, rng)]
        while queue and len(seen) < args.count:
            fen = queue.pop()
            if fen in seen:
                continue
            seen.add(fen)
            line, ends = vector(args.variant, fen, args.depth, args.budget)
            print(line, flush=True)
            if ends:
                queue.append(sf.get_fen(args.variant, fen, [rng.choice(ends)]))
        if len(seen) == args.count:
            break


if __name__ == "__main__":
    sys.exit(main())
