#!/usr/bin/env bash
# Create (or refresh) the Python virtual environment at the repository root, .venv,
# with the pinned reference packages used to generate test data:
#   pyffish  - Fairy-Stockfish's rules engine (gothic, shinobi, gethenian, chess)
#   chess    - python-chess
# Safe to run repeatedly: an existing .venv is reused and pip skips what is installed.
set -euo pipefail

PYFFISH_VERSION=0.0.90
CHESS_VERSION=1.11.2

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
python="${PYTHON:-python3}"

say() { echo "setup_venv: $*" >&2; }
die() { say "error: $*"; exit 1; }

command -v "$python" >/dev/null || die "$python not found; install Python 3.11 (pyffish $PYFFISH_VERSION ships a cp311 wheel)"

if [[ -x "$venv/bin/python" ]]; then
    say "reusing $venv"
else
    say "creating $venv with $("$python" --version 2>&1)"
    "$python" -m venv "$venv" || die "python3 -m venv failed (on Debian: apt-get install python3-venv)"
fi

say "installing pyffish==$PYFFISH_VERSION chess==$CHESS_VERSION"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "pyffish==$PYFFISH_VERSION" "chess==$CHESS_VERSION" \
    || die "pip install failed (a pyffish wheel exists for CPython 3.11; check the Python version and network access to PyPI)"

"$venv/bin/python" -c 'import pyffish, chess; print("setup_venv: pyffish", ".".join(map(str, pyffish.version())), "/ python-chess", chess.__version__)' >&2 \
    || die "the installed packages do not import"
say "done: activate with 'source .venv/bin/activate' or call .venv/bin/python"
