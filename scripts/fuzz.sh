#!/usr/bin/env bash
# fuzz.sh — runs libFuzzer on the input parsers (board masks, sweep files) for a
# while, with address and undefined-behaviour sanitizers. Needs clang (Debian: clang).
# The tests run a deterministic fuzzer on every build; this one searches longer.
# usage: scripts/fuzz.sh [SECONDS]     (default 60)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
command -v clang >/dev/null || { echo "fuzz.sh: needs clang: apt-get install clang" >&2; exit 1; }
out=build-fuzz
mkdir -p "$out/corpus"
cp data/boards/*.txt data/sweeps/*.sweep "$out/corpus/"
clang -std=c11 -O1 -g -fsanitize=fuzzer,address,undefined -D_POSIX_C_SOURCE=200809L -DPB_LIBFUZZER \
    -mpopcnt -fopenmp -Iengines -Ibench tests/fuzz_parsers.c engines/*/*.c bench/sweep_spec.c \
    -o "$out/fuzz_parsers"
"$out/fuzz_parsers" -max_total_time="$seconds" -max_len=4096 "$out/corpus"
