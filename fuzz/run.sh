#!/usr/bin/env bash
# Runs every fuzz target (or those named) one at a time, at the lowest priority, seeded from
# tests/data/fuzz/TARGET, for SECONDS each (default 60). Prints one summary line per target:
#   TARGET executions N crashes K (from libFuzzer's final stats line).
# Needs nightly and cargo-fuzz:  cargo install cargo-fuzz
# RUNS=N stops a target after N executions (default: no limit but time).
# Usage: fuzz/run.sh [SECONDS] [TARGET...]
set -uo pipefail
cd "$(dirname "$0")"
secs=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fen read_move uci xboard pgn polyglot epd zobrist)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t" "artifacts/$t"
    cp -n ../tests/data/fuzz/"$t"/* "corpus/$t/" 2>/dev/null
    log="artifacts/$t.log"
    nice -n 19 cargo +nightly fuzz run -O "$t" "corpus/$t" -- \
        -max_total_time="$secs" -runs="${RUNS:--1}" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="artifacts/$t/" > "$log" 2>&1
    rc=$?
    execs=$(grep -a 'stat::number_of_executed_units' "$log" | awk '{print $2}' | tail -1)
    crashes=$(find "artifacts/$t" -type f | wc -l)
    echo "$t executions ${execs:-?} crashes $crashes exit $rc"
done
