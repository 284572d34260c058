#!/bin/sh
# Ekumen against Fairy-Stockfish in one variant, one thread each, balanced random openings
# (8 random plies, rejected when Ekumen's short search scores them beyond 1.5 pawns),
# colours swapped on each opening; every move checked by Ekumen's rules, games written to
# a PGN file.
#
#   scripts/match-vs-fs.sh FAIRY_STOCKFISH VARIANT [GAMES] [TC] [CONCURRENCY] [SEED]
#
# FAIRY_STOCKFISH is a largeboards build (gothic is 10x8); shinobi and gethenian are read
# from tests/data/fairy/variants.ini. Defaults: 200 games at 10+0.1, two at a time, seed 1
# (a different seed draws different openings).
#
# The openings are judged by the search of the binary that runs the match, so a change to
# Ekumen's evaluation or search also changes which openings a seed draws. To play a new
# build on the openings an older one had, let the older binary run the match:
# OPENINGS_JUDGE=/path/to/older/ekumen scripts/match-vs-fs.sh ...
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
fs=${1:?usage: match-vs-fs.sh FAIRY_STOCKFISH VARIANT [GAMES] [TC] [CONCURRENCY] [SEED]}
variant=${2:?variant}
games=${3:-200}
tc=${4:-10+0.1}
concurrency=${5:-2}
seed=${6:-1}
cargo build --release --quiet --manifest-path "$root/Cargo.toml" -p ekumen
ekumen="$root/target/release/ekumen"
copy=$(mktemp -d)/ekumen
cp "$ekumen" "$copy" # the match keeps running if the tree is rebuilt meanwhile
mkdir -p "$root/target/matches"
pgn="$root/target/matches/$variant-vs-fs-$(date +%Y%m%d-%H%M%S).pgn"
echo "games: $pgn" >&2
judge=${OPENINGS_JUDGE:-$copy}
exec "$judge" match \
    --engine cmd="$copy" name=Ekumen \
    --engine cmd="$fs" name=Fairy-Stockfish option.VariantPath="$root/tests/data/fairy/variants.ini" \
    --variant "$variant" --tc "$tc" --games "$games" --concurrency "$concurrency" \
    --random-openings 8 --seed "$seed" --pgn "$pgn"
