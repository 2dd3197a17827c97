#!/usr/bin/env bash
# fuzz.sh — runs the readers' fuzz targets (tests/fuzz/) under libFuzzer, with the
# address and undefined-behaviour sanitizers, for longer than scripts/test.sh does
# (10 s each there). Builds build-fuzz/ with scripts/setup.sh --fuzz (needs clang with
# libFuzzer: Debian clang libclang-rt-dev libomp-dev). Each target's corpus grows in
# build-fuzz/corpus/NAME/ from run to run (the seeds are copied in first); a failure
# keeps its input in build-fuzz/tests/fuzz/fuzz-artifacts/ and prints how to replay
# it. Targets run two at a time.
# usage: scripts/fuzz.sh [SECONDS [TARGET...]]     (default: 60 s, every target)
#   targets: sudoku kakuro kakuro_outline notouch latin tenpair sweep csvtable satout
#            qqwing resume csv_append compare values
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
case ${1:-} in -*) echo "fuzz.sh: unknown option '$1' (usage: scripts/fuzz.sh [SECONDS [TARGET...]])" >&2; exit 2 ;; esac
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/fuzz.sh [SECONDS [TARGET...]]"
seconds=${1:-60}
shift $(($# > 0 ? 1 : 0))
# Checked before the build: libFuzzer takes -max_total_time=abc (or 0) as no limit.
[[ $seconds =~ ^[1-9][0-9]*$ ]] ||
    { echo "fuzz.sh: SECONDS '$seconds': expected a whole number of 1 or more ($usage)" >&2; exit 2; }
for t in "$@"; do
    [ -d "tests/fuzz/corpus/$t" ] && [[ $t != */* ]] ||
        { echo "fuzz.sh: TARGET '$t': no such fuzz target, one per folder of tests/fuzz/corpus/ ($usage)" >&2; exit 2; }
done
scripts/setup.sh --fuzz
if [ -e build/fuzz-skipped.txt ]; then
    echo "fuzz.sh: cannot fuzz: $(cat build/fuzz-skipped.txt)" >&2
    exit 1
fi
targets=("$@")
if ((${#targets[@]} == 0)); then
    targets=(sudoku kakuro kakuro_outline notouch latin tenpair sweep csvtable satout qqwing resume csv_append compare values)
fi
root=$PWD
cd build-fuzz/tests/fuzz
printf '%s\n' "${targets[@]}" | xargs -P 2 -I{} bash "$root/tests/fuzz/libfuzzer.sh" \
    "$PWD/fuzz_{}" "$root/tests/fuzz/corpus/{}" "$seconds" "$root/build-fuzz/corpus/{}"
echo "fuzz.sh: ${targets[*]}: $seconds s each, every check held"
