#!/bin/sh
# Ekumen against Fairy-Stockfish at the long time control, 60s+0.6s, 60 games in each
# variant given (default: chess gothic shinobi gethenian), one variant after the other,
# each from its book as in match_vs_fs.sh.
#
#   [CONCURRENCY=N] scripts/bench/long_matches.sh FAIRY_STOCKFISH [VARIANT ...]
#
# One game at a time by default, so that the other core stays free for the background
# data generation; CONCURRENCY=2 on an otherwise idle two-core machine.
#
# The games go to docs/games/VARIANT-vs-fs-60s.pgn, which are committed, so a stopped run
# goes on from its last finished game on any machine: run the same command again. A
# variant whose file already holds its 60 games is only summed up again. Each file is
# played by the build that started it (the copy kept beside it, see match_files.sh); on
# a machine without that copy, check out the commit named in docs/strength.md first.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
fs=${1:?usage: long_matches.sh FAIRY_STOCKFISH [VARIANT ...]}
shift
[ $# -gt 0 ] || set -- chess gothic shinobi gethenian
for variant in "$@"; do
    PGN="$root/docs/games/$variant-vs-fs-60s.pgn" \
        "$root/scripts/bench/match_vs_fs.sh" "$fs" "$variant" 60 60+0.6 "${CONCURRENCY:-1}" 1
done
