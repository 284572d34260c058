#!/usr/bin/env bash
# Regenerate the Fairy-Stockfish reference vectors in tests/data/oracle/ (chess.txt,
# gothic.txt, shinobi.txt, gethenian.txt; format in tests/data/oracle/README.md).
#
# Each file mixes positions printed by the reference script fs_oracle.py (from the
# shared rules folder: ../shared/tools/fs_oracle.py beside the repository, or
# $FS_ORACLE) with richer ones from scripts/datagen/oracle_vectors.py; a FEN printed twice is
# kept once. Everything is computed by pyffish in .venv (scripts/setup_venv.sh).
#
# Usage: scripts/datagen/gen_oracle_data.sh [VARIANT...]     (default: gothic shinobi gethenian chess)
#
# Time: about 100 minutes for all four on a busy 2-core machine (gothic 25, shinobi 15,
# gethenian 26, chess 30); at most two generators run at a time. pyffish spends a few
# milliseconds on every call, so perft3 is limited with --budget (see oracle_vectors.py);
# scripts/datagen/oracle_add_perft.py can fill in the missing counts with a Fairy-Stockfish binary.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
py="$root/.venv/bin/python"
fs_oracle="${FS_ORACLE:-$root/../shared/tools/fs_oracle.py}"
out="$root/tests/data/oracle"

# Shinobi starts that make game ends common: both kings far forward (campmates), and
# the Kingdom's lone king against the Clan's hand (mates, stalemates, campmates).
kings_forward='rnbq1bnr/pppppppp/8/2K5/5k2/8/PPPPPPPP/LH1C2HL[LHMMDJ] w - - 0 1'
lone_king='7k/8/8/8/8/8/8/4K3[LHMMDJ] w - - 0 1'

say() { echo "gen_oracle_data: $*" >&2; }
die() { say "error: $*"; exit 1; }

[[ -x "$py" ]] || die "$py missing; run scripts/setup_venv.sh first"
[[ -f "$fs_oracle" ]] || die "fs_oracle.py not found at $fs_oracle; set FS_ORACLE"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

oracle() { "$py" "$fs_oracle" "$@"; }
vectors() { "$py" "$root/scripts/datagen/oracle_vectors.py" "$@"; }

# Wait for every background generator; the first failure stops the script.
wait_all() {
    local pid
    for pid in $(jobs -p); do
        wait "$pid"
    done
}

# Concatenate the parts of one variant, dropping repeated FENs.
merge() {
    cat "$tmp/$1".* | awk -F' ; ' '!seen[$1]++' > "$out/$1.txt"
    say "$1.txt: $(wc -l < "$out/$1.txt") positions"
}

gothic() {
    oracle gothic --count 150 --seed 1 --depth 2 > "$tmp/gothic.0"
    vectors gothic --count 135 --seed 101 --depth 3 --budget 2000 > "$tmp/gothic.1" &
    vectors gothic --count 135 --seed 102 --depth 3 --budget 2000 > "$tmp/gothic.2" &
    wait_all
}

shinobi() {
    {
        oracle shinobi --count 150 --seed 1 --depth 2 > "$tmp/shinobi.0"
        vectors shinobi --count 150 --seed 302 --depth 2 --fen "$lone_king" > "$tmp/shinobi.4"
    } &
    vectors shinobi --count 200 --seed 301 --depth 2 --fen "$kings_forward" > "$tmp/shinobi.1" &
    wait_all
    vectors shinobi --count 450 --seed 201 --depth 2 > "$tmp/shinobi.2" &
    vectors shinobi --count 450 --seed 202 --depth 2 > "$tmp/shinobi.3" &
    wait_all
}

gethenian() {
    oracle gethenian --count 150 --seed 1 --depth 2 > "$tmp/gethenian.0"
    vectors gethenian --count 560 --seed 401 --depth 3 --budget 600 > "$tmp/gethenian.1" &
    vectors gethenian --count 560 --seed 402 --depth 3 --budget 600 > "$tmp/gethenian.2" &
    wait_all
}

chess() {
    oracle chess --count 100 --seed 1 --depth 3 > "$tmp/chess.0" &
    vectors chess --count 205 --seed 501 --depth 3 --budget 1500 > "$tmp/chess.1" &
    wait_all
}

variants=("$@")
[[ ${#variants[@]} -gt 0 ]] || variants=(gothic shinobi gethenian chess)
for variant in "${variants[@]}"; do
    case "$variant" in
        gothic | shinobi | gethenian | chess) ;;
        *) die "unknown variant '$variant'" ;;
    esac
done

mkdir -p "$out"
for variant in "${variants[@]}"; do
    say "$variant: generating"
    start=$SECONDS
    "$variant"
    merge "$variant"
    say "$variant: $((SECONDS - start)) s"
done
