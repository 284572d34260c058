# Sourced by the match scripts in this folder: chooses where a match's games go and the
# binary that plays them.
#
#   match_files SCRIPT DEFAULT_NAME
#
# Sets pgn to $PGN, or else to target/matches/DEFAULT_NAME-DATE.pgn, and copy to the Ekumen
# binary kept beside it (the PGN path without .pgn, plus .ekumen). The copy is built from
# the tree only when it is missing, so a resumed match goes on with the build it started
# with, whatever the tree holds by then. Needs root set to the repository.
match_files() {
    if [ -n "${PGN:-}" ]; then
        pgn=$PGN
    else
        mkdir -p "$root/target/matches"
        pgn="$root/target/matches/$2-$(date +%Y%m%d-%H%M%S).pgn"
    fi
    copy="${pgn%.pgn}.ekumen"
    if [ ! -x "$copy" ]; then
        if [ -s "$pgn" ]; then
            echo "$1: no $copy: the games of $pgn go on with the current build" >&2
        fi
        cargo build --release --quiet --manifest-path "$root/Cargo.toml" -p ekumen
        mkdir -p "$(dirname "$pgn")"
        cp "$root/target/release/ekumen" "$copy"
    fi
}
