#!/usr/bin/env bash
# sudoku-experiments.sh — the sudoku experiment beside the sweeps: QQwing and
# puzzlebench side by side (bench/qqwing.sh) on the generated 9x9 sets, and on the
# files PB_EXTRA_SUDOKU names (public sets, not shipped). Called by run.sh; writes
# OUT/sudoku-qqwing.csv with its .samples.csv and .meta.
# usage: scripts/sudoku-experiments.sh OUT_DIR
set -euo pipefail
out=${1:?usage: sudoku-experiments.sh OUT_DIR}
cd "$(dirname "$0")/.."

if [ "${PB_QUICK:-0}" = 1 ]; then # run.sh --quick: one file, 5 puzzles per difficulty
    bench/qqwing.sh --out "$out/sudoku-qqwing.csv" --count 5 data/sudoku/9x9-easy.txt
    exit
fi
# shellcheck disable=SC2086
bench/qqwing.sh --out "$out/sudoku-qqwing.csv" data/sudoku/9x9-{simple,easy,intermediate,expert,minimal}.txt \
    ${PB_EXTRA_SUDOKU:-}
