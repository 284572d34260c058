"""An engine started over UCI for the scripts: the variant chosen (Fairy-Stockfish's
shinobi and gethenian from the variants.ini it is given), options and position set, and
`readyok` read, so the caller's clock starts at its `go`; a fixed-node search of a
position, for the scripts that score positions; and a position's legal moves and FEN."""
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Fairy-Stockfish's definitions of shinobi and gethenian; without them it plays chess.
FAIRY_VARIANTS_INI = os.path.join(ROOT, "tests", "data", "fairy", "variants.ini")
# The centipawn score given to a mate, either way.
MATE_SCORE = 30000
SCORE = re.compile(r"score (cp|mate) (-?\d+)")


def is_exact_pv(line):
    """Whether `line` is an `info` line with a principal variation and an exact score."""
    return (line.startswith("info") and " pv " in line
            and "lowerbound" not in line and "upperbound" not in line)


class UciEngine:
    def __init__(self, binary, variant, fen=None, variants_ini=None, options=()):
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        if variants_ini:
            self.send(f"setoption name VariantPath value {variants_ini}")
        self.send(f"setoption name UCI_Variant value {variant}")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.set_position(fen)
        self.send("isready")
        self.read_until("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix):
        """The engine's output lines up to and including the first that starts with
        `prefix`, newlines stripped."""
        lines = []
        for line in self.proc.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines
        raise RuntimeError("engine exited")

    def set_position(self, fen, moves=()):
        """Sets the position `fen` (the start if None) after `moves`."""
        start = f"fen {fen}" if fen else "startpos"
        tail = f" moves {' '.join(moves)}" if moves else ""
        self.send(f"position {start}{tail}")

    def legal_moves(self, fen, moves=()):
        """The legal moves of the position `fen` after `moves`, from `go perft 1`."""
        self.set_position(fen, moves)
        self.send("go perft 1")
        return [line.split(":")[0] for line in self.read_until("Nodes searched")
                if re.fullmatch(r"\S+: 1", line)]

    def fen(self, fen, moves=()):
        """The FEN of the position `fen` after `moves`, as the engine's `d` shows it."""
        self.set_position(fen, moves)
        self.send("d")
        line = self.read_until("Fen:")[-1]
        return line[len("Fen:"):].strip()

    def go(self, fen, moves, limit):
        """The engine's output lines, ending with its `bestmove` line, for the position
        `fen` (the start if None) after `moves`, searched with `go LIMIT`."""
        self.set_position(fen, moves)
        self.send(f"go {limit}")
        return self.read_until("bestmove")

    def search(self, fen, nodes):
        """The engine's move and its score for `fen` (side to move's view, centipawns; a
        mate is ±MATE_SCORE; 0 if no exact score was reported) after `nodes` nodes."""
        move, _, score = self.search_line(fen, nodes)
        return move, score

    def search_line(self, fen, nodes):
        """As `search`, with the last exact principal variation between the move and the
        score (empty if none was reported)."""
        lines = self.go(fen, (), f"nodes {nodes}")
        pv, score = [], 0
        for line in filter(is_exact_pv, lines):
            pv = line.split(" pv ")[1].split()
            m = SCORE.search(line)
            if m:
                kind, value = m.group(1), int(m.group(2))
                score = value if kind == "cp" else (MATE_SCORE if value > 0 else -MATE_SCORE)
        return lines[-1].split()[1], pv, score

    def quit(self, timeout=30):
        self.send("quit")
        self.proc.wait(timeout=timeout)
