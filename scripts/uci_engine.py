"""An engine started over UCI for the speed scripts (perft_speed.py, search_speed.py): the
variant chosen (Fairy-Stockfish's shinobi and gethenian from the variants.ini it is
given), options and position set, and `readyok` read, so the caller's clock starts at
its `go`."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Fairy-Stockfish's definitions of shinobi and gethenian; without them it plays chess.
FAIRY_VARIANTS_INI = os.path.join(ROOT, "tests", "data", "fairy", "variants.ini")


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
        self.send(f"position fen {fen}" if fen else "position startpos")
        self.send("isready")
        for line in self.lines():
            if line.strip() == "readyok":
                break

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def lines(self):
        """The engine's output, line by line, as it comes."""
        return self.proc.stdout

    def quit(self, timeout=30):
        self.send("quit")
        self.proc.wait(timeout=timeout)
