# Builds the engine the way OpenBench workers do, from a source archive (no git needed):
#
#   make -j                          # ./machack (machack.exe on Windows)
#   make -j EXE=machack-dev          # the binary under another name
#   make -j EVALFILE=PATH            # embed the network PATH instead of nets/modern.nnue
#   make -j TUNE=1                   # announce the search's tunables in `uci` (SPSA)
#   make -j PROFILE=release          # a quicker build of a slightly slower engine
#
# Cargo does the work (Rust and Cargo 1.95 or newer, Cargo.toml's rust-version). The
# binary is compiled for the CPU that builds it (.cargo/config.toml); RUSTFLAGS="" in the
# environment gives a portable one. docs/openbench.md tells the rest.

EXE ?= machack
BIN := $(EXE)
ifeq ($(OS),Windows_NT)
    ifneq ($(suffix $(BIN)),.exe)
        BIN := $(BIN).exe
    endif
endif

ifneq ($(strip $(EVALFILE)),)
    export MACHACK_EVALFILE := $(abspath $(EVALFILE))
endif

ifeq ($(TUNE),1)
    FEATURES := --features tune
endif

# dist: fat LTO and one codegen unit, the fastest engine (Cargo.toml); PROFILE=release
# builds faster and shares a `cargo build --release`'s dependencies.
PROFILE ?= dist

.PHONY: all clean

all:
	cargo rustc --profile $(PROFILE) --locked --bin machack $(FEATURES) -- --emit link=$(abspath $(BIN))

clean:
	cargo clean
