#!/usr/bin/env bash
# latin-experiments.sh — the rungs of reasoning on quasigroup completion: backtracking,
# forward checking (propagate), domain consistency (alldiff), clause learning (learn),
# and the outside SAT solvers minisat and cadical, side by side on the same QWH
# squares (bench/ladder.py). Called by run.sh; writes OUT/latin-ladder.csv with its
# .samples.csv and .meta.
# usage: scripts/latin-experiments.sh OUT_DIR
#
# One square (seed 1) per order n = 30, 40, 50 and hole fraction 0.30, 0.40, 0.50,
# 0.60, 0.80; every run stops at PB_LADDER_LIMIT seconds (default 3). A few
# minutes, most of it runs that reach the limit.
# The engines search in mrv order (the sweep shows it is the best order for both
# backtrack and propagate from n = 15 up).
set -euo pipefail
out=${1:?usage: latin-experiments.sh OUT_DIR}
cd "$(dirname "$0")/.."
pb=build/puzzlebench
limit=${PB_LADDER_LIMIT:-3}
orders="30 40 50" holes="0.30 0.40 0.50 0.60 0.80" samples=3
if [ "${PB_QUICK:-0}" = 1 ]; then # run.sh --quick: two small squares, one sample each
    orders=12 holes="0.42 0.80" limit=2 samples=1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
instances=()
for n in $orders; do
    for h in $holes; do
        f=$tmp/latin-$n-$h.txt # not qwh-...: that would name a generated instance
        "$pb" generate latin --size "$n" --holes "$h" --seed 1 -q >"$f"
        instances+=("qwh-$n:$h:$f")
    done
done
bench/ladder.py --family latin --out "$out/latin-ladder.csv" --time-limit "$limit" \
    --samples "$samples" --tools backtrack/mrv,propagate/mrv,alldiff/mrv,learn,minisat,cadical \
    "${instances[@]}"
