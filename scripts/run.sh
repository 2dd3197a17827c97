#!/usr/bin/env bash
# run.sh — the main job: sets everything up (scripts/setup.sh), runs the default
# experiment suite, and regenerates results/: the CSVs with their metadata, the
# Google Benchmark JSON, the plots and REPORT.md.
# usage: scripts/run.sh [OUT_DIR]     (default results)
# PB_EXTRA_SUDOKU="FILE..." adds 9x9 puzzle files to the QQwing comparison.
# PB_KAKURO_COUNT=N sets the kakuro puzzles made per size and difficulty (default 30).
# PB_TENPAIR_MAX=L sets the bound of the tenpair wins-by-length count (default 100).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-results}
scripts/setup.sh
mkdir -p "$out"

start=$(date +%s)
build/puzzlebench info >"$out/machine.txt"
for sweep in data/sweeps/*.sweep; do
    echo "== sweep $sweep"
    build/puzzlebench sweep "$sweep" --out "$out"
done
# PB_EXTRA_SUDOKU: more 9x9 files (e.g. public sets) for the QQwing comparison.
echo "== QQwing side by side"
# shellcheck disable=SC2086
bench/qqwing.sh --out "$out/sudoku-qqwing.csv" data/sudoku/9x9-{simple,easy,intermediate,expert,minimal}.txt \
    ${PB_EXTRA_SUDOKU:-}
echo "== kakuro generation"
scripts/kakuro-experiments.sh "$out" "${PB_KAKURO_COUNT:-30}"
echo "== tenpair experiments"
scripts/tenpair-experiments.sh --out "$out"
echo "== micro-benchmarks (Google Benchmark)"
build/puzzlebench-micro --benchmark_min_time=0.2 --benchmark_filter=-enum-all/ \
    --json "$out/micro.json" >"$out/micro.txt"
echo "== plots and report"
scripts/report.sh "$out"
echo "run.sh: done in $(($(date +%s) - start)) s; see $out/REPORT.md"
