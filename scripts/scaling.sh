#!/usr/bin/env bash
# scaling.sh — the thread-scaling experiment, for machines with many cores: the
# parallel count of 2x7 at 1, 2, 4, ... threads up to every core, one run at a time,
# threads bound to cores. Writes OUT/notouch-<cores>core-parallel.csv and .meta,
# which scripts/report.sh picks up beside the default results.
# usage: scripts/scaling.sh [OUT_DIR]     (default results; PUZZLEBENCH=path overrides
#        the binary, default build/puzzlebench, built by scripts/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-results}
pb=${PUZZLEBENCH:-build/puzzlebench}
[ -x "$pb" ] || scripts/setup.sh
cores=$("$pb" info | awk -F': ' '$1 == "cores" { print $2 }')
threads=1
for ((t = 2; t < cores; t *= 2)); do threads="$threads $t"; done
[ "$cores" -gt 1 ] && threads="$threads $cores"
echo "scaling.sh: $cores cores, search threads: $threads"
mkdir -p "$out"
# exec: a SIGINT or SIGTERM (e.g. from timeout) reaches the sweep, which then keeps
# the rows it finished. --force: a rerun starts the sweep over.
exec "$pb" sweep data/scaling/notouch-scaling.sweep --out "$out" --name "notouch-${cores}core-parallel" --force \
    --search-threads "$threads" --bind core
