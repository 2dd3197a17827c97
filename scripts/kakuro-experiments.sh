#!/usr/bin/env bash
# kakuro-experiments.sh — the public kakuro collections (scripts/kakuro-public.py),
# when their folder is there (../shared/data/kakuro beside the sources, or
# PB_KAKURO_PUBLIC; users do not have it): each puzzle's uniqueness check against the
# collection's manifest, timed, OUT/kakuro-public.csv with its .meta. Without the
# folder the report says "not run". Called by run.sh; generation is a sweep
# (data/sweeps/kakuro-gen.sweep, kakuro-example.sweep).
# usage: scripts/kakuro-experiments.sh OUT_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: kakuro-experiments.sh OUT_DIR}
pb=build/puzzlebench

# A verdict that disagrees with the manifest (exit 1) is a result, recorded in the
# file; no folder (exit 77) leaves no file.
public=(--samples 3 --min-sample-time 0.05)
if [ "${PB_QUICK:-0}" = 1 ]; then public=(--unknown-steps 100000); fi
rc=0
t0=$(date +%s)
scripts/kakuro-public.py "$pb" --csv "$out/kakuro-public.csv" "${public[@]}" || rc=$?
case $rc in
0 | 1) echo "kakuro-public: $(($(date +%s) - t0)) s" >&2 ;;
77) ;;
*) exit "$rc" ;;
esac
