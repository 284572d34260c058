# Ekumen build targets. `make EXE=name` (as OpenBench does) also copies the engine to ./name.
CARGO ?= cargo
EXE ?=
RELEASE_BIN := target/release/ekumen

.PHONY: build run test perft perft-deep bench tune lint venv clean

build:
	$(CARGO) build --release -p ekumen
ifneq ($(EXE),)
	cp $(RELEASE_BIN) $(EXE)
endif

# Builds and starts the engine on the terminal (UCI; type `uci`, `usi` or `quit`).
run: build
	$(RELEASE_BIN)

# The whole test suite; also installs the Python reference packages the client tests use.
test: venv
	$(CARGO) test --profile ci --workspace
	.venv/bin/python -m unittest discover -s scripts/analysis -p 'test_*.py'

venv:
	scripts/setup_venv.sh

# Quick perft of every data file, then the start-position speed figures.
perft: build
	$(CARGO) test --release -p ekumen-tests --test perft perft_quick -- --nocapture
	scripts/bench/perft_speed.py

# Every perft line of every data file, including the ones that take minutes.
perft-deep:
	$(CARGO) test --release -p ekumen-tests --test perft perft_deep -- --ignored --nocapture

# The engine's bench (fixed node count) and perft speed; FS=/path/to/fairy-stockfish adds
# Fairy-Stockfish's figures from the same run.
bench: build
	$(RELEASE_BIN) bench
	scripts/bench/perft_speed.py

# Tunes a variant's evaluation against Fairy-Stockfish's play:
#   make tune VARIANT=gothic FS=/path/to/fairy-stockfish [GAMES=500]
# Positions are added to target/tuning/VARIANT.txt (run again for more); the tuned
# parameters are written to target/tuning/VARIANT-fit.txt (a fit file, docs/tuning.md) and
# as Rust to target/tuning/VARIANT.rs, to be copied into eval/src/VARIANT.rs.
VARIANT ?= chess
GAMES ?= 500
tune: venv
	@test -n "$(FS)" || { echo "make tune: set FS=/path/to/fairy-stockfish" >&2; exit 2; }
	.venv/bin/python scripts/datagen/gen_tuning_data.py --engine "$(FS)" --variant $(VARIANT) \
		--games $(GAMES) --out target/tuning/$(VARIANT).txt
	$(CARGO) run --release -p ekumen-tune -- --variant $(VARIANT) \
		--data target/tuning/$(VARIANT).txt --out target/tuning/$(VARIANT)-fit.txt \
		--rust target/tuning/$(VARIANT).rs

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

clean:
	$(CARGO) clean
