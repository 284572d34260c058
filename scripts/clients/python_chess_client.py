#!/usr/bin/env python3
"""Drive the engine with python-chess's UCI client, the way lichess-bot does.

Sets the options lichess-bot's default configuration sets, plays several short games of
chess with clocks (with and without pondering, one of them Chess960), runs a MultiPV
analysis, and checks that every move the engine plays is legal in python-chess and that it
keeps to its clock. Exits non-zero on the first problem.

usage: python_chess_client.py ENGINE [GAMES]
"""
import os
import sys
import time

import chess
import chess.engine

# The options lichess-bot's config.yml.default sets (engine.uci_options: Move Overhead 100,
# Threads 4, Hash 512, SyzygyPath, UCI_ShowWDL); threads and hash are scaled down to the
# test machine so that a pondering engine leaves the client its share of the processor.
LICHESS_BOT_OPTIONS = {
    "Move Overhead": 100,
    "Threads": max(1, min(4, (os.cpu_count() or 2) - 1)),
    "Hash": 64,
    "SyzygyPath": "./syzygy/",
    "UCI_ShowWDL": True,
}
MAX_PLIES = 24
START_CLOCK = 3.0
INCREMENT = 0.05


def fail(message):
    print(f"python_chess_client: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def play_game(engine, number, board, ponder):
    clocks = {chess.WHITE: START_CLOCK, chess.BLACK: START_CLOCK}
    history = []
    plies = 0
    while not board.is_game_over(claim_draw=True) and plies < MAX_PLIES:
        limit = chess.engine.Limit(
            white_clock=clocks[chess.WHITE],
            black_clock=clocks[chess.BLACK],
            white_inc=INCREMENT,
            black_inc=INCREMENT,
        )
        mover = board.turn
        started = time.monotonic()
        result = engine.play(board, limit, ponder=ponder, game=number, info=chess.engine.INFO_ALL)
        used = time.monotonic() - started
        history.append(f"{clocks[mover]:.3f}-{used:.3f}")
        clocks[mover] -= used
        if clocks[mover] < 0:
            fail(f"game {number}: {'white' if mover else 'black'} lost on time after {board.fen()}"
                 f" (clock-used per move: {' '.join(history)})")
        clocks[mover] += INCREMENT
        if result.move is None:
            fail(f"game {number}: no move in {board.fen()} though the game is not over")
        if result.move not in board.legal_moves:
            fail(f"game {number}: illegal move {result.move} in {board.fen()}")
        if "score" not in result.info or "depth" not in result.info:
            fail(f"game {number}: no score/depth info for {board.fen()}: {result.info}")
        if "wdl" not in result.info:
            fail(f"game {number}: UCI_ShowWDL is on but no wdl in {result.info}")
        board.push(result.move)
        plies += 1
    return plies


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    path = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    engine = chess.engine.SimpleEngine.popen_uci([path], timeout=60)
    try:
        if "UCI_Variant" not in engine.options:
            fail("UCI_Variant is not advertised")
        engine.configure(LICHESS_BOT_OPTIONS)
        total = 0
        for number in range(games):
            board = chess.Board()
            total += play_game(engine, number, board, ponder=(number % 2 == 0))
        # Chess960: python-chess switches UCI_Chess960 on and expects king-takes-rook castling.
        board = chess.Board.from_chess960_pos(518 if games % 2 else 100)
        board.chess960 = True
        total += play_game(engine, games, board, ponder=False)
        analysis = engine.analyse(chess.Board(), chess.engine.Limit(depth=2), multipv=3)
        if len(analysis) != 3 or any("pv" not in info for info in analysis):
            fail(f"multipv analysis returned {analysis}")
        mated = chess.Board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
        result = engine.play(mated, chess.engine.Limit(time=0.1))
        if result.move is not None:
            fail(f"a move {result.move} in a mated position")
    finally:
        engine.quit()
    print(f"python_chess_client: ok, {games + 1} games, {total} moves checked")


if __name__ == "__main__":
    main()
