#!/usr/bin/env bash
# Grows a variant's training data in the background: `ekumen datagen` at the lowest
# priority, one chunk at a time, each finished chunk committed with its manifest line.
#
#   scripts/datagen/background.sh VARIANT [--nodes N] [--seed S] [--threads T] [--chunks K]
#
# Defaults: 5000 nodes a move, seed 0, one thread (one core, used only when nothing else
# wants it), chunks until killed. A kill loses only the games in progress: the same
# command resumes the chunk from data/VARIANT/pending.ekgj. It searches with a copy of
# the release build (target/datagen/ekumen) made when it starts, so rebuilding the
# engine meanwhile does not change the games of a chunk. Progress goes to
# target/datagen/VARIANT.log.
set -euo pipefail

if [ $# -lt 1 ]; then
    echo "usage: $0 VARIANT [--nodes N] [--seed S] [--threads T] [--chunks K]" >&2
    exit 2
fi
variant=$1
shift
nodes=5000 seed=0 threads=1 chunks=0
while [ $# -gt 0 ]; do
    case $1 in
        --nodes) nodes=$2 ;;
        --seed) seed=$2 ;;
        --threads) threads=$2 ;;
        --chunks) chunks=$2 ;;
        *) echo "$0: unknown argument $1" >&2; exit 2 ;;
    esac
    shift 2
done

cd "$(git rev-parse --show-toplevel)"
mkdir -p target/datagen
cargo build --release -p ekumen
binary=target/datagen/ekumen
cp target/release/ekumen "$binary.new" && mv "$binary.new" "$binary"
log=target/datagen/$variant.log
dir=data/$variant

# Commits the files of the newest chunk alone, whatever else is staged; retries while
# another git command holds the index.
commit_chunk() {
    local line chunk games positions rate evaluation
    line=$(tail -n 1 "$dir/manifest.tsv")
    IFS=$'\t' read -r chunk games positions _ evaluation _ _ _ rate _ <<<"$line"
    for attempt in 1 2 3 4 5 6 7 8 9 10; do
        if git add "$dir/$chunk" "$dir/manifest.tsv" 2>/dev/null &&
            git commit -q --only "$dir/$chunk" "$dir/manifest.tsv" -m "Add $variant data chunk ${chunk%.ekg}" \
                -m "$(echo "$games games, $positions positions searched at $nodes nodes a move with $evaluation, $rate positions a second a thread." | fmt -w 72)" \
                -m "ekumen datagen --variant $variant --nodes $nodes --seed $seed --threads $threads"; then
            echo "committed $chunk" >>"$log"
            return 0
        fi
        sleep $((attempt * 3))
    done
    echo "could not commit $chunk; it stays in $dir for the next commit" >>"$log"
}

done_chunks=0
while [ "$chunks" = 0 ] || [ "$done_chunks" -lt "$chunks" ]; do
    nice -n 19 "$binary" datagen --variant "$variant" --nodes "$nodes" --seed "$seed" \
        --threads "$threads" --chunks 1 --store data >>"$log" 2>&1
    commit_chunk
    done_chunks=$((done_chunks + 1))
done
