#!/bin/sh
# Ekumen against Fairy-Stockfish in one variant, one thread each, from the variant's fixed
# opening book (books/VARIANT.epd), colours swapped on each opening; every move checked by
# Ekumen's rules, games written to a PGN file.
#
#   [PGN=FILE] scripts/bench/match_vs_fs.sh FAIRY_STOCKFISH VARIANT [GAMES] [TC] [CONCURRENCY] [SEED]
#
# FAIRY_STOCKFISH is a largeboards build (gothic is 10x8); shinobi and gethenian are read
# from tests/data/fairy/variants.ini. Defaults: 200 games at 10+0.1, two at a time, seed 1
# (the seed orders the book's openings, so another seed plays them in another order).
# Every build meets the same openings, so two builds' runs compare pair by pair
# (scripts/analysis/paired_scores.py).
#
# The games go to target/matches/VARIANT-vs-fs-DATE.pgn, or to PGN=FILE. A stopped match
# is resumed by running the same command with PGN= set to its file: the games already
# there are counted and the others played (docs/match.md, "Resuming a match"). The
# Ekumen binary that plays is a copy kept beside the PGN file (FILE without .pgn, plus
# .ekumen), so a resumed match goes on with the build it started with, whatever the tree
# holds by then.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
fs=${1:?usage: [PGN=FILE] match_vs_fs.sh FAIRY_STOCKFISH VARIANT [GAMES] [TC] [CONCURRENCY] [SEED]}
variant=${2:?variant}
games=${3:-200}
tc=${4:-10+0.1}
concurrency=${5:-2}
seed=${6:-1}
book="$root/books/$variant.epd"
[ -f "$book" ] || { echo "match_vs_fs.sh: no opening book $book" >&2; exit 2; }
. "$root/scripts/bench/match_files.sh"
match_files match_vs_fs.sh "$variant-vs-fs"
echo "games: $pgn (to resume: PGN=$pgn $0 $*)" >&2
exec "$copy" match \
    --engine cmd="$copy" name=Ekumen \
    --engine cmd="$fs" name=Fairy-Stockfish option.VariantPath="$root/tests/data/fairy/variants.ini" \
    --variant "$variant" --tc "$tc" --games "$games" --concurrency "$concurrency" \
    --openings "$book" --openings-order random --seed "$seed" --pgn "$pgn" --resume
