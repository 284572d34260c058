#!/bin/sh
# Ekumen against Stockfish (Debian's package: Stockfish 15.1 with its net, the chess
# engine a player would pick instead) in chess, one thread each, from books/chess.epd,
# colours swapped on each opening; every move checked by Ekumen's rules, games written to
# a PGN file.
#
#   [PGN=FILE] scripts/bench/match_vs_stockfish.sh [STOCKFISH] [GAMES] [TC] [CONCURRENCY] [SEED]
#
# Defaults: /usr/games/stockfish, 100 games at 10+0.1, one at a time, seed 1. A stopped
# match is resumed by running the same command with PGN= set to its file, as with
# match_vs_fs.sh; re-check the finished PGN with scripts/analysis/check_pgn.py.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
stockfish=${1:-/usr/games/stockfish}
games=${2:-100}
tc=${3:-10+0.1}
concurrency=${4:-1}
seed=${5:-1}
[ -x "$stockfish" ] || { echo "match_vs_stockfish.sh: no Stockfish at $stockfish (apt-get install stockfish)" >&2; exit 2; }
. "$root/scripts/bench/match_files.sh"
match_files match_vs_stockfish.sh chess-vs-stockfish
echo "games: $pgn (to resume: PGN=$pgn $0 $*)" >&2
exec "$copy" match \
    --engine cmd="$copy" name=Ekumen \
    --engine cmd="$stockfish" name=Stockfish \
    --variant chess --tc "$tc" --games "$games" --concurrency "$concurrency" \
    --openings "$root/books/chess.epd" --openings-order random --seed "$seed" --pgn "$pgn" --resume
