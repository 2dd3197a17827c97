#!/usr/bin/env bash
# method-study.sh — the harness measures its own method (the report's method section):
# data/sweeps/method.sweep compared three ways, each with nothing changed between its
# two sides (A/A) and with one side made 1.03 and 1.10 times as slow (the sweep's
# `slowdown` key: slower work, not rescaled samples):
#   independent   two sweeps one after the other, compared from independent samples
#                 (method-ind-a against method-ind-b, -x103, -x110)
#   alternate     one sweep --against a second build, one run at a time, round by
#                 round (method-alt; method-alt-x103, -x110)
#   duet          the same with both sides at the same time, one core each, the
#                 default of --against on two cores (method-duet-1 .. -5: five A/A
#                 repetitions; method-duet-x103, -x110), up to 40 rounds a pair
#                 instead of the sweep's 20: the time of 20 alternate rounds
# The second build is a copy of the binary: a second build of one commit with the same
# compiler and flags gives the same bytes. Writes OUT/method-*.csv with their
# .samples.csv and .meta; the report compares them (scripts/analysis/sections/method.py).
# usage: scripts/method-study.sh OUT_DIR   (PB_QUICK=1: one A/A repetition, quick sweeps)
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
case ${1:-} in -*) echo "method-study.sh: unknown option '$1' (usage: scripts/method-study.sh OUT_DIR)" >&2; exit 2 ;; esac
set -euo pipefail
[ $# = 1 ] || { echo "method-study.sh: usage: scripts/method-study.sh OUT_DIR" >&2; exit 2; }
out=$1
# OUT_DIR, when relative, names a folder from where the script was run, not the root.
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
cd_root
from_caller out
pb=build/puzzlebench
quick=()
reps=5
if [ "${PB_QUICK:-0}" = 1 ]; then quick=(--quick) reps=1; fi
twin_dir=$(mktemp -d)
trap 'rm -rf "$twin_dir"' EXIT
cp "$pb" "$twin_dir/puzzlebench"
twin=$twin_dir/puzzlebench
sweep() { "$pb" sweep data/sweeps/method.sweep --out "$out" --force -q "${quick[@]}" "$@"; }

sweep --name method-ind-a
sweep --name method-ind-b
sweep --name method-ind-x103 --slowdown 1.03
sweep --name method-ind-x110 --slowdown 1.10
sweep --name method-alt --against "$twin" --pairing alternate
sweep --name method-alt-x103 --against "$twin" --pairing alternate --against-slowdown 1.03
sweep --name method-alt-x110 --against "$twin" --pairing alternate --against-slowdown 1.10
# A duet round runs both sides at once, half the time of an alternate round: the duet
# gets twice the rounds, so that a noisy pair has the same time in both.
duet=(--against "$twin" --pairing duet)
[ ${#quick[@]} -gt 0 ] || duet+=(--max-samples 40)
for ((k = 1; k <= reps; k++)); do sweep --name "method-duet-$k" "${duet[@]}"; done
sweep --name method-duet-x103 "${duet[@]}" --against-slowdown 1.03
sweep --name method-duet-x110 "${duet[@]}" --against-slowdown 1.10
