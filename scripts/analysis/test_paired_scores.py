"""paired_scores.py on two tiny matches whose pair-by-pair figures are worked out by hand.

    python3 -m unittest discover -s scripts/analysis -p 'test_*.py'
"""
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "paired_scores.py")
OPENINGS = ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1"]


def write_match(directory, name, scores, openings=OPENINGS):
    """A PGN of Ekumen against Fairy-Stockfish, one pair of games per opening, Ekumen
    White in the first game of each pair; `scores` are Ekumen's points, game by game."""
    games = []
    for game, score in enumerate(scores):
        ekumen_white = game % 2 == 0
        white_points = score if ekumen_white else 1 - score
        result = {1: "1-0", 0: "0-1", 0.5: "1/2-1/2"}[white_points]
        white, black = ("Ekumen", "Fairy-Stockfish")[::1 if ekumen_white else -1]
        games.append(f'[Event "test"]\n[Round "{game + 1}"]\n[White "{white}"]\n'
                     f'[Black "{black}"]\n[FEN "{openings[game // 2]}"]\n[SetUp "1"]\n'
                     f'[Result "{result}"]\n\ne7e5 {result}\n')
    path = os.path.join(directory, name)
    with open(path, "w", encoding="utf-8") as pgn:
        pgn.write("\n".join(games))
    return path


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True)


class PairedScores(unittest.TestCase):
    def test_difference_per_pair(self):
        with tempfile.TemporaryDirectory() as directory:
            # Pairs: new 2, 1.5, 1 against control 1, 1, 0: differences 1, 0.5, 1.
            new = write_match(directory, "new.pgn", [1, 1, 1, 0.5, 0, 1])
            control = write_match(directory, "control.pgn", [1, 0, 0.5, 0.5, 0, 0])
            done = run(new, control)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("3 pairs in common", done.stdout)
        self.assertIn(": 4-1-1", done.stdout)
        self.assertIn(": 1-3-2", done.stdout)
        # Mean 5/6; sample variance 1/12, so the error is 1.96 * sqrt(1/36) = 0.327.
        self.assertIn("first - second: +0.833 ± 0.327 points a game pair", done.stdout)

    def test_other_openings_are_refused(self):
        with tempfile.TemporaryDirectory() as directory:
            new = write_match(directory, "new.pgn", [1, 0, 1, 0, 1, 0])
            other = write_match(directory, "other.pgn", [1, 0, 1, 0, 1, 0],
                                openings=OPENINGS[::-1])
            done = run(new, other)
        self.assertNotEqual(done.returncode, 0)
        self.assertIn("different openings", done.stderr)


if __name__ == "__main__":
    unittest.main()
