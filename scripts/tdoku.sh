#!/usr/bin/env bash
# tdoku.sh — sudoku `logic` and tdoku side by side, on tdoku's three public sets (the
# tuning sets: the goal was set, and logic tuned, on them) and on a held-out set made
# by another method, shipped with the project and used for no engine's development:
# data/sudoku/9x9-unique.txt (reduced by CaDiCaL: scripts/make-sudoku-unique.py
# --size 9; our generator's 9x9 sets were used, so they are not held out): the tool sweep
# bench/families/sudoku/sudoku-tdoku.sweep, which runs both tools pinned to one core,
# alternated round by round (the first of a round swaps every round), each reporting
# its own puzzles/s and guesses/puzzle. Writes OUT/sudoku-tdoku.csv (the columns of
# bench/families/sudoku/sudoku_tdoku.py) and its .meta; scripts/report.sh shows them
# beside tdoku's published figures.
#
# tdoku is not a Debian package: build it yourself (its README; its run_benchmark is
# built with -O3 -march=native), and give its run_benchmark and a folder with the sets
# (17_clue.txt, top1465.txt, forum_hardest_1905_11plus.txt; lines starting with '#'
# are left out). So that both sides are built alike, `logic` runs from a -march=native
# build of this tree, build-native/ (scripts/setup.sh --native; PUZZLEBENCH overrides).
#
# usage: scripts/tdoku.sh RUN_BENCHMARK SETS_DIR [OUT_DIR]     (default results)
#   ROUNDS=N      rounds per set and mode (default 3: the sweep's samples)
#   PB_SECONDS=S  each side's measuring time per round, whole seconds (default 2)
set -euo pipefail
# A relative path given, PUZZLEBENCH's too, names a file from where the script was run.
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
cd_root
usage="usage: scripts/tdoku.sh RUN_BENCHMARK SETS_DIR [OUT_DIR]"
case ${1:-} in -h | --help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
-*) echo "tdoku.sh: unknown option '$1' ($usage)" >&2; exit 2 ;; esac
[ $# -ge 2 ] && [ $# -le 3 ] || { echo "tdoku.sh: $usage" >&2; exit 2; }
bench=$1 sets=$2 out=results
[ $# -lt 3 ] || { out=$3 && from_caller out; }
from_caller sets && program_from_caller bench
instances=()
for n in 17_clue top1465 forum_hardest_1905_11plus; do
    [ -f "$sets/$n.txt" ] || { echo "tdoku.sh: $sets/$n.txt: no such file (one of tdoku's sets)" >&2; exit 2; }
    instances+=("$sets/$n.txt")
done
instances+=(data/sudoku/9x9-unique.txt)
env_from_caller --program PUZZLEBENCH
pb=${PUZZLEBENCH:-}
if [ -z "$pb" ]; then
    scripts/setup.sh --native >/dev/null
    pb=build-native/puzzlebench
fi
# The sweep checks the rest (the program, the rounds, the seconds) and names the key.
PB_TDOKU=$bench exec "$pb" sweep bench/families/sudoku/sudoku-tdoku.sweep --out "$out" --force \
    --instances "${instances[*]}" --samples "${ROUNDS:-3}" --min-sample-time "${PB_SECONDS:-2}"
