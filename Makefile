# Ekumen build targets. `make EXE=name` (as OpenBench does) also copies the engine to ./name.
CARGO ?= cargo
EXE ?=
RELEASE_BIN := target/release/ekumen

.PHONY: build run web test test-clients perft perft-deep bench tune train datagen data-check fmt lint venv clean

build:
	$(CARGO) build --release -p ekumen
ifneq ($(EXE),)
	cp $(RELEASE_BIN) $(EXE)
endif

# Builds and starts the engine on the terminal (UCI; type `uci`, `usi` or `quit`).
run: build
	$(RELEASE_BIN)

# Builds the engine, the web server and the page, then serves the page to play and
# analyse every variant in the browser (docs/web.md): `make web [WEB_PORT=8080]`.
# The page needs Node.js and npm once, to install its packages from package-lock.json.
WEB_PORT ?= 8080
WEB_PAGE := web/page
web:
	$(CARGO) build --release -p ekumen -p ekumen-web
	cd $(WEB_PAGE) && { [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; } \
		&& npm run --silent build
	target/release/ekumen-web --port $(WEB_PORT)

# The whole test suite; also installs the Python reference packages the client tests use.
# The rules, network and search tests run a second time with debug assertions and overflow
# checks (profile ci-checked; about a minute more, perft and the protocol tests left out).
# Tests that need a missing outside program pass without running; each one adds a line
# to $(SKIP_LOG), printed at the end.
SKIP_LOG := target/skipped-tests.txt
test: venv
	@mkdir -p target && rm -f $(SKIP_LOG)
	$(CARGO) test --profile ci --workspace
	$(CARGO) test --profile ci-checked -p ekumen-movegen -p ekumen-nnue -p ekumen-search
	$(CARGO) test --profile ci-checked -p ekumen-tests --test invariants --test coherent \
		--test chess_shakmaty --test oracle --test notation
	.venv/bin/python -m unittest discover -s scripts/analysis -p 'test_*.py'
	@if [ -s $(SKIP_LOG) ]; then \
		echo "Skipped tests (a program they need is missing; see docs/testing.md):"; \
		sed 's/^/  /' $(SKIP_LOG); \
	else echo "No test skipped."; fi

# Installs the outside programs the real-client tests use, as far as packages allow, then
# fails if a client is still missing: Cute Chess and Fairy-Stockfish are built from source
# (docs/testing.md says how). Debian puts xboard in /usr/games.
test-clients: venv
	if [ "$$(id -u)" = 0 ]; then sudo=; else sudo=sudo; fi; \
		$$sudo apt-get update && $$sudo apt-get install -y xboard xvfb chromium chromium-driver
	cd $(WEB_PAGE) && npm ci --no-audit --no-fund
	@missing=""; \
	for tool in xboard xvfb-run chromium chromedriver node; do \
		PATH="$$PATH:/usr/games" command -v $$tool >/dev/null || missing="$$missing $$tool"; \
	done; \
	{ [ -x "$$CUTECHESS_CLI" ] || command -v cutechess-cli >/dev/null; } \
		|| missing="$$missing cutechess-cli"; \
	{ [ -x "$$FAIRY_STOCKFISH" ] || command -v fairy-stockfish >/dev/null; } \
		|| missing="$$missing fairy-stockfish"; \
	.venv/bin/python -c 'import pyffish, chess' || missing="$$missing pyffish/python-chess"; \
	if [ -n "$$missing" ]; then echo "missing clients:$$missing (docs/testing.md)"; exit 1; fi
	@echo "Every client is installed: make test runs every client test."

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

# Trains a net from the data store (STORE=data/VARIANT, streamed) or from sample files
# (DATA=a.samples[,b.samples], loaded whole); docs/nnue.md ("Training"):
#   make train VARIANT=chess STORE=data/chess [HIDDEN=128] [EPOCHS=20] [THREADS=2]
#       [TRAIN_FLAGS="--batch 16384"] [RESUME=1]
# writes target/nnue/VARIANT-HIDDEN.nnue after every epoch and keeps the checkpoint, and
# every epoch's net, in target/nnue/VARIANT-HIDDEN/; RESUME=1 continues a stopped run.
HIDDEN ?= 128
EPOCHS ?= 20
THREADS ?= 2
TRAIN_FLAGS ?=
train:
	@test -n "$(DATA)$(STORE)" || { echo "make train: set STORE=data/VARIANT or DATA=file.samples[,...]" >&2; exit 2; }
	@mkdir -p target/nnue
	$(CARGO) run --release -p ekumen-train -- --variant $(VARIANT) \
		$(if $(STORE),--store $(STORE),--data $(DATA)) \
		--hidden $(HIDDEN) --epochs $(EPOCHS) --threads $(THREADS) \
		--out target/nnue/$(VARIANT)-$(HIDDEN).nnue \
		--checkpoint target/nnue/$(VARIANT)-$(HIDDEN) $(if $(RESUME),--resume) $(TRAIN_FLAGS)

# Starts growing a variant's training data in data/VARIANT/ in the background, at the
# lowest priority, committing every finished chunk (docs/nnue.md, "The data store"):
#   make datagen VARIANT=chess [NODES=5000] [DATAGEN_FLAGS="--threads 2 --chunks 3"]
# Its progress: target/datagen/VARIANT.log; to stop it: pkill -f 'background.sh VARIANT'.
NODES ?= 5000
DATAGEN_FLAGS ?=
datagen:
	@mkdir -p target/datagen
	nohup scripts/datagen/background.sh $(VARIANT) --nodes $(NODES) $(DATAGEN_FLAGS) \
		>target/datagen/$(VARIANT).out 2>&1 &
	@echo "datagen $(VARIANT) runs in the background: target/datagen/$(VARIANT).log"

# Verifies the data store: every chunk's size, SHA-256, counts and replay against its
# variant's manifest, and the store's size against its budget.
data-check: build
	$(RELEASE_BIN) data-check --store data

# The files the variant list declares from inside a macro, where `cargo fmt` alone does
# not look for modules: named to it explicitly.
VARIANT_FILES := $(wildcard movegen/src/variants/*.rs eval/src/*.rs)

fmt:
	$(CARGO) fmt --all -- $(VARIANT_FILES)

lint:
	$(CARGO) fmt --all -- --check $(VARIANT_FILES)
	$(CARGO) clippy --workspace --all-targets -- -D warnings

clean:
	$(CARGO) clean
