#!/usr/bin/env python3
"""Optional game ends computed by Fairy-Stockfish's rules code (pyffish): repetition, the
fifty-move rule and shinobi's perpetual check, on positions reached by move sequences.

Usage (from the repository root, after scripts/setup_venv.sh):
  .venv/bin/python scripts/datagen/oracle_game_ends.py > tests/data/oracle/game_ends.txt

One line per position:
  variant ; fen <start FEN> ; moves <moves from it> ; end <win|loss|draw|->
where the end is pyffish.is_optional_game_end's verdict for the side to move after the
moves ('-' when the game may go on). Positions where the game has ended on the board or
the side to move has no legal move are left out: there the optional end does not apply.

The sequences are random games biased towards repeating themselves: at each ply the mover
prefers, with probability REVERSE, to take back its own last move (a piece stepping back
where it came from) and, with probability CHECK, a checking move. They start from each
variant's start position, from middlegame positions with the halfmove clock near 100
(fifty-move ends, and checkmates on the hundredth ply), and in shinobi from positions
with a piece able to check a king back and forth (perpetual checks). Every position with
an optional end is printed with the position one ply before it; of the others, one in
SAMPLE. The output depends only on SEED.
"""
import os
import random
import re

import pyffish as sf

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONFIG = os.path.join(REPO, "tests", "data", "fairy", "variants.ini")
SEED = 7
REVERSE = 0.6
CHECK = 0.3
SAMPLE = 12
PLIES = 60
GAMES = 40

# Starts with the clock near the fifty-move limit, and shinobi starts where a rook or a
# lance can check a king again and again.
STARTS = {
    "chess": [
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 92 40",
        "8/5k2/3r4/8/8/2R5/5K2/8 w - - 95 120",
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 97 90",
    ],
    "gothic": [
        "r1bqckab1r/pppp1ppppp/2n4n2/4p5/4P5/2N4N2/PPPP1PPPPP/R1BQCKAB1R w KQkq - 94 30",
    ],
    "shinobi": [
        "4k3/8/8/8/8/8/8/R3K3[] w - - 0 1",
        "3k4/8/8/8/8/8/4L3/4K3[] w - - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2P5/PP1P1PPP/LH1CK1HL[HLJDMM] w kq - 90 40",
    ],
    "gethenian": [
        "1b1kb2/2i4/7/6m/+m6/3I3/2K4[Nmmn] w - - 94 60",
    ],
}
VARIANTS = ("chess", "gothic", "shinobi", "gethenian")
BOARD_MOVE = re.compile(r"^([a-z]\d+)([a-z]\d+)(.*)$")


def verdict(variant, fen, moves):
    """pyffish's optional end for the side to move: win, loss, draw or '-'."""
    ended, value = sf.is_optional_game_end(variant, fen, moves)
    if not ended:
        return "-"
    return "draw" if value == 0 else ("win" if value > 0 else "loss")


def playable(variant, fen, moves):
    """Whether the game goes on on the board: a legal move and no immediate end."""
    if not sf.legal_moves(variant, fen, moves):
        return False
    return not sf.is_immediate_game_end(variant, fen, moves)[0]


def reverse_of(move):
    """The move taking a board move back, with the same suffix (a drop cannot be)."""
    found = BOARD_MOVE.match(move)
    if not found:
        return None
    origin, target, suffix = found.groups()
    return target + origin + suffix


def game(variant, start, rng, out):
    moves = []
    for _ in range(PLIES):
        legal = sf.legal_moves(variant, start, moves)
        if not legal:
            break
        choice = None
        if len(moves) >= 2 and rng.random() < REVERSE:
            back = reverse_of(moves[-2])
            if back in legal:
                choice = back
        if choice is None and rng.random() < CHECK:
            checks = [m for m in legal if sf.gives_check(variant, start, moves + [m])]
            if checks:
                choice = rng.choice(checks)
        if choice is None:
            choice = rng.choice(legal)
        moves.append(choice)
        if not playable(variant, start, moves):
            break
        end = verdict(variant, start, moves)
        if end != "-":
            out.add((variant, start, tuple(moves[:-1]), verdict(variant, start, moves[:-1])))
            out.add((variant, start, tuple(moves), end))
            break
        if rng.randrange(SAMPLE) == 0:
            out.add((variant, start, tuple(moves), end))


def main():
    with open(CONFIG) as config:
        sf.load_variant_config(config.read())
    rng = random.Random(SEED)
    lines = set()
    for variant in VARIANTS:
        starts = [sf.start_fen(variant)] + STARTS[variant]
        for start in starts:
            for _ in range(GAMES):
                game(variant, start, rng, lines)
    for variant, start, moves, end in sorted(lines):
        if playable(variant, start, list(moves)):
            print(f"{variant} ; fen {start} ; moves {' '.join(moves)} ; end {end}")


if __name__ == "__main__":
    main()
