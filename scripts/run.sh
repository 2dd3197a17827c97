#!/usr/bin/env bash
# run.sh — the main job: sets everything up (scripts/setup.sh), runs the default
# experiment suite, and regenerates results/: the CSVs with their metadata, the
# Google Benchmark JSON, the plots and REPORT.md.
# usage: scripts/run.sh [OUT_DIR]     (default results)
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
echo "== micro-benchmarks (Google Benchmark)"
build/puzzlebench-micro --benchmark_min_time=0.2 --benchmark_filter=-enum-all/ \
    --json "$out/micro.json" >"$out/micro.txt"
echo "== plots and report"
scripts/report.sh "$out"
echo "run.sh: done in $(($(date +%s) - start)) s; see $out/REPORT.md"
