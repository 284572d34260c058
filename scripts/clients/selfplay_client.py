#!/usr/bin/env python3
"""Self-play games of the engine against itself, every move checked by pyffish.

pyffish is Fairy-Stockfish's own rules code; shinobi and gethenian are loaded from a
variants.ini. Each game is played through the engine's protocol with clocks, as a GUI
would: `position startpos moves ...` and `go wtime .. btime .. winc .. binc ..` (USI:
`position startpos moves` in USI notation and `go btime .. wtime .. byoyomi ..`). Every
bestmove must be in pyffish's legal move list; `bestmove (none)` / `resign` is accepted
only when pyffish has no legal move either, and then the engine's `info depth 0 score`
line must agree with pyffish's verdict (mate 0 for a loss, cp 0 for a draw). Games end at
the first game end pyffish reports (immediate, or a claimable draw as a GUI would
adjudicate) or after a ply limit. Exits non-zero on the first problem.

`VARIANT:xboard` plays the game over CECP instead, as fairyfishtest does: two engine
processes, each told `new`, `variant`, `level`, `post` and `hard` (pondering on), the
first started with `go`, every `move` passed on to the other as `usermove` after `time`
and `otim`. A `Hint:` must name a legal reply, and a result line (`1-0 {...}`) is accepted
only where pyffish has no legal move, with the same verdict (claimable draws are
adjudicated before the engine sees them).

usage: selfplay_client.py ENGINE VARIANTS_INI VARIANT[:usi|:xboard] ... [--games N] [--plies N]
"""
import argparse
import queue
import subprocess
import sys
import threading
import time

import pyffish as sf

ANSWER_TIMEOUT = 60.0


class Engine:
    """A minimal UCI/USI driver with time limits on every answer."""

    def __init__(self, path):
        self.process = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, prefix):
        seen = []
        while True:
            try:
                line = self.lines.get(timeout=ANSWER_TIMEOUT)
            except queue.Empty:
                fail(f"no '{prefix}' from the engine; last lines: {seen[-5:]}")
            if line is None:
                fail(f"the engine exited while waiting for '{prefix}'; last lines: {seen[-5:]}")
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def quit(self):
        self.send("quit")
        try:
            code = self.process.wait(timeout=ANSWER_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            fail("the engine did not exit after quit")
        if code != 0:
            fail(f"the engine exited with status {code}")


def fail(message):
    print(f"selfplay_client: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def usi_square(square, files, ranks):
    file = ord(square[0]) - ord("a")
    rank = int(square[1:]) - 1
    return f"{files - file}{chr(ord('a') + ranks - 1 - rank)}"


def uci_square(square, files, ranks):
    digits = square[:-1]
    return f"{chr(ord('a') + files - int(digits))}{ranks - (ord(square[-1]) - ord('a'))}"


def split_squares(text, letter_first):
    """Splits a move body into its two squares and the suffix."""
    squares, i = [], 0
    for _ in range(2):
        start = i
        if letter_first:
            i += 1
            while i < len(text) and text[i].isdigit():
                i += 1
        else:
            while i < len(text) and text[i].isdigit():
                i += 1
            i += 1
        squares.append(text[start:i])
    return squares[0], squares[1], text[i:]


def to_usi(move, files, ranks):
    if "@" in move:
        piece, square = move.split("@")
        return f"{piece}*{usi_square(square, files, ranks)}"
    a, b, suffix = split_squares(move, True)
    return usi_square(a, files, ranks) + usi_square(b, files, ranks) + suffix


def from_usi(move, files, ranks):
    if "*" in move:
        piece, square = move.split("*")
        return f"{piece}@{uci_square(square, files, ranks)}"
    a, b, suffix = split_squares(move, False)
    return uci_square(a, files, ranks) + uci_square(b, files, ranks) + suffix


def board_size(variant):
    fen = sf.start_fen(variant)
    ranks = fen.split(" ")[0].split("[")[0].split("/")
    files = 0
    for c in ranks[0]:
        files += int(c) if c.isdigit() else (0 if c in "+~" else 1)
    # Multi-digit runs (10) are two characters: recount properly.
    files, run = 0, ""
    for c in ranks[0] + "/":
        if c.isdigit():
            run += c
            continue
        if run:
            files += int(run)
            run = ""
        if c.isalpha():
            files += 1
    return files, len(ranks)


def play_game(engine, variant, protocol, number, max_plies, clock_ms, increment_ms):
    start = sf.start_fen(variant)
    files, ranks = board_size(variant)
    moves = []
    clocks = [clock_ms, clock_ms]
    engine.send(f"{protocol}newgame")
    while True:
        legal = sf.legal_moves(variant, start, moves)
        immediate_end, _ = sf.is_immediate_game_end(variant, start, moves)
        claimable, _ = sf.is_optional_game_end(variant, start, moves)
        if claimable or len(moves) >= max_plies:
            return len(moves), "adjudicated"
        written = [to_usi(m, files, ranks) if protocol == "usi" else m for m in moves]
        engine.send("position startpos" + (" moves " + " ".join(written) if written else ""))
        side = len(moves) % 2
        if protocol == "usi":
            engine.send(f"go btime {clocks[0]} wtime {clocks[1]} byoyomi 0 binc {increment_ms} winc {increment_ms}")
        else:
            engine.send(f"go wtime {clocks[0]} btime {clocks[1]} winc {increment_ms} binc {increment_ms}")
        started = time.monotonic()
        lines = engine.until("bestmove")
        used = int((time.monotonic() - started) * 1000)
        clocks[side] -= used
        if clocks[side] < 0:
            fail(f"{variant} game {number}: side {side} lost on time at ply {len(moves)}")
        clocks[side] += increment_ms
        best = lines[-1].split()[1]
        for line in lines[:-1]:
            if line.startswith("info depth") and " score " not in line:
                fail(f"{variant}: info line without score: {line}")
        if best in ("(none)", "resign"):
            if legal:
                fail(f"{variant} game {number}: '{lines[-1]}' but pyffish has {len(legal)} legal moves after {moves}")
            verdict = next((l for l in lines if l.startswith("info depth 0 score ")), None)
            result = sf.game_result(variant, start, moves)
            expected = "info depth 0 score cp 0" if result == 0 else "info depth 0 score mate 0"
            if verdict != expected:
                fail(f"{variant} game {number}: verdict '{verdict}', pyffish result {result}, expected '{expected}'")
            return len(moves), "no legal move"
        move = from_usi(best, files, ranks) if protocol == "usi" else best
        if not legal or immediate_end:
            fail(f"{variant} game {number}: engine played {best} but pyffish says the game is over after {moves}")
        if move not in legal:
            fail(f"{variant} game {number}: illegal move {best} ({move}) after {moves}; legal: {sorted(legal)}")
        moves.append(move)


def cecp_engine(path, variant, clock_ms, increment_ms, overhead_ms):
    """An engine process in CECP, set up for a new game of `variant`, pondering on."""
    engine = Engine(path)
    engine.send("xboard")
    engine.send("protover 2")
    features = engine.until("feature done=1")
    offered = next((l for l in features if 'variants="' in l), "")
    offered = offered.split('variants="')[1].split('"')[0].split(",") if offered else []
    name = "normal" if variant == "chess" else variant
    if name not in offered:
        fail(f"the engine does not offer {name} in CECP: {offered}")
    seconds = clock_ms / 1000
    setup = [f"option Move Overhead={overhead_ms}", "new", f"variant {name}"]
    setup += [f"level 0 0:{seconds:g} {increment_ms / 1000:g}", "post", "hard"]
    for line in setup:
        engine.send(line)
    return engine


def cecp_answer(engine):
    """The engine's move (or result line) and the lines before it."""
    lines = engine.until("")
    while not (lines[-1].startswith("move ") or lines[-1].startswith(("1-0", "0-1", "1/2-1/2"))):
        if lines[-1].startswith(("Illegal move", "Error")):
            fail(f"the engine answered '{lines[-1]}'")
        lines += engine.until("")
    return lines


def play_cecp_game(path, variant, number, max_plies, clock_ms, increment_ms, overhead_ms):
    start = sf.start_fen(variant)
    engines = [cecp_engine(path, variant, clock_ms, increment_ms, overhead_ms) for _ in range(2)]
    moves = []
    clocks = [clock_ms, clock_ms]
    # The moves after each engine's last move: where its `Hint:` must name a legal reply.
    pondered = [None, None]
    how = None
    while how is None:
        side = len(moves) % 2
        legal = sf.legal_moves(variant, start, moves)
        engine = engines[side]
        engine.send(f"time {max(clocks[side], 0) // 10}")
        engine.send(f"otim {max(clocks[1 - side], 0) // 10}")
        started = time.monotonic()
        engine.send("go" if not moves else f"usermove {moves[-1]}")
        lines = cecp_answer(engine)
        for hint in (l.split()[1] for l in lines if l.startswith("Hint: ")):
            if pondered[side] is None or hint not in sf.legal_moves(variant, start, pondered[side]):
                fail(f"{variant} game {number} (CECP): hint {hint} is not a legal reply after {pondered[side]}")
        used = int((time.monotonic() - started) * 1000)
        clocks[side] -= used
        if clocks[side] < 0:
            fail(f"{variant} game {number} (CECP): side {side} lost on time at ply {len(moves)} ({used} ms used)")
        clocks[side] += increment_ms
        answer = lines[-1]
        if not answer.startswith("move "):
            # Claimable draws were adjudicated before the move was passed on: a claim is
            # right only where there is no legal move.
            if legal:
                fail(f"{variant} game {number} (CECP): '{answer}' with {len(legal)} legal moves after {moves}")
            result = sf.game_result(variant, start, moves)
            mover_score = {"1-0": 1, "0-1": -1}.get(answer.split()[0], 0) * (1 if side == 0 else -1)
            verdict = (mover_score > 0) - (mover_score < 0)
            if verdict != (result > 0) - (result < 0):
                fail(f"{variant} game {number} (CECP): '{answer}' but pyffish's result is {result} after {moves}")
            how = "claimed"
            break
        move = answer.split()[1]
        if move not in legal:
            fail(f"{variant} game {number} (CECP): illegal move {move} after {moves}; legal: {sorted(legal)}")
        moves.append(move)
        pondered[side] = list(moves)
        immediate_end, _ = sf.is_immediate_game_end(variant, start, moves)
        claimable, _ = sf.is_optional_game_end(variant, start, moves)
        if immediate_end or claimable or len(moves) >= max_plies:
            how = "adjudicated"
    for engine in engines:
        engine.send("result 1/2-1/2 {adjudicated}" if how == "adjudicated" else "force")
        engine.quit()
    return len(moves), how


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine")
    parser.add_argument("variants_ini")
    parser.add_argument("variants", nargs="+", help="variant, or variant:usi (variant:xboard) to play it in USI (CECP)")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--plies", type=int, default=60)
    parser.add_argument("--clock", type=int, default=2000, help="ms per side")
    parser.add_argument("--increment", type=int, default=20, help="ms per move")
    parser.add_argument("--overhead", type=int, default=100, help="Move Overhead, ms")
    args = parser.parse_args()
    with open(args.variants_ini) as ini:
        sf.load_variant_config(ini.read())
    summary = []
    for spec in args.variants:
        variant, _, protocol = spec.partition(":")
        protocol = protocol or "uci"
        if protocol == "xboard":
            for number in range(args.games):
                plies, how = play_cecp_game(
                    args.engine, variant, number, args.plies, args.clock, args.increment, args.overhead
                )
                summary.append(f"{variant}/xboard game {number}: {plies} plies, {how}")
            continue
        engine = Engine(args.engine)
        engine.send(protocol)
        handshake = engine.until(f"{protocol}ok")
        combo = next((l for l in handshake if f"_Variant type combo" in l), "")
        if f" var {variant}" not in combo + " ":
            fail(f"the engine does not offer {variant}: {combo}")
        option = "USI_Variant" if protocol == "usi" else "UCI_Variant"
        engine.send(f"setoption name {option} value {variant}")
        overhead = "Move_Overhead" if protocol == "usi" else "Move Overhead"
        engine.send(f"setoption name {overhead} value {args.overhead}")
        engine.send("isready")
        engine.until("readyok")
        for number in range(args.games):
            plies, how = play_game(engine, variant, protocol, number, args.plies, args.clock, args.increment)
            summary.append(f"{variant}/{protocol} game {number}: {plies} plies, {how}")
        engine.quit()
    print("selfplay_client: ok\n  " + "\n  ".join(summary))


if __name__ == "__main__":
    main()
