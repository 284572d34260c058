#!/bin/sh
# A net file against the classical evaluation of the same build, per node: the figure of
# the "Nets" table in docs/nnue.md. One binary plays both sides, one with the net loaded
# by EvalFile, the other with Use NNUE false, from the variant's book (books/VARIANT.epd)
# in random order, colours swapped on each opening.
#
#   [PGN=FILE] scripts/bench/net_vs_classical.sh NET VARIANT [GAMES] [NODES] [CONCURRENCY] [SEED]
#
# Defaults: 200 games at 20,000 nodes a move, one at a time, seed 1. Node-limited games
# do not depend on the machine's load, so this may run beside other work. Coherent games
# are drawn after 200 full moves: pawns that step back can keep a lost game going for
# thousands of plies (docs/match.md, "Every variant").
#
# The games go to target/matches/VARIANT-NETNAME-vs-classical-DATE.pgn, or to PGN=FILE;
# a stopped match resumes with the same command and PGN= its file (docs/match.md,
# "Resuming a match"). The binary that plays is a copy kept beside the PGN file.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
net=${1:?usage: [PGN=FILE] net_vs_classical.sh NET VARIANT [GAMES] [NODES] [CONCURRENCY] [SEED]}
variant=${2:?variant}
games=${3:-200}
nodes=${4:-20000}
concurrency=${5:-1}
seed=${6:-1}
[ -f "$net" ] || { echo "net_vs_classical.sh: no net file $net" >&2; exit 2; }
net=$(cd "$(dirname "$net")" && pwd)/$(basename "$net")
book="$root/books/$variant.epd"
[ -f "$book" ] || { echo "net_vs_classical.sh: no opening book $book" >&2; exit 2; }
. "$root/scripts/bench/match_files.sh"
cap=
[ "$variant" = coherent ] && cap="--max-moves 200"
match_files net_vs_classical.sh "$variant-$(basename "$net" .nnue)-vs-classical"
echo "games: $pgn (to resume: PGN=$pgn $0 $*)" >&2
exec "$copy" match \
    --engine cmd="$copy" name=net "option.EvalFile=$net" \
    --engine cmd="$copy" name=classical "option.Use NNUE=false" \
    --variant "$variant" --nodes "$nodes" --games "$games" --concurrency "$concurrency" \
    --openings "$book" --openings-order random --seed "$seed" --pgn "$pgn" --resume $cap
