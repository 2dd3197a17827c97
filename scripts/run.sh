#!/usr/bin/env bash
# run.sh — the main job: sets everything up (scripts/setup.sh), runs the default
# experiments of every family, and regenerates results/: the CSVs with their
# metadata, the Google Benchmark JSON, the plots and REPORT.md.
# The experiments come from the program: `puzzlebench families --csv` names, per
# family, the sweeps (data/sweeps/NAME.sweep) and the experiment script to run.
# usage: scripts/run.sh [OUT_DIR]     (default results)
# PB_EXTRA_SUDOKU="FILE..." adds 9x9 puzzle files to the QQwing comparison.
# PB_KAKURO_COUNT=N sets the kakuro puzzles made per size and difficulty (default 30).
# PB_TENPAIR_MAX=L sets the bound of the tenpair wins-by-length count (default 100).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-results}
scripts/setup.sh
mkdir -p "$out"
pb=build/puzzlebench

start=$(date +%s)
"$pb" info >"$out/machine.txt"
# name,default_engine,sweeps,experiments,report,summary: the first four have no commas.
"$pb" families --csv | tail -n +2 >"$out/.families"
while IFS=, read -r family _ sweeps experiments _; do
    for sweep in $sweeps; do
        echo "== $family: sweep $sweep"
        "$pb" sweep "data/sweeps/$sweep.sweep" --out "$out"
    done
    if [ -n "$experiments" ]; then
        echo "== $family: $experiments"
        "$experiments" "$out"
    fi
done <"$out/.families"
rm -f "$out/.families"
echo "== micro-benchmarks (Google Benchmark)"
build/puzzlebench-micro --benchmark_min_time=0.2 --benchmark_repetitions=5 --benchmark_filter=-enum-all/ \
    --json "$out/micro.json" >"$out/micro.txt"
echo "== plots and report"
scripts/report.sh "$out"
echo "run.sh: done in $(($(date +%s) - start)) s; see $out/REPORT.md"
