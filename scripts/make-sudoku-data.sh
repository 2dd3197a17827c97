#!/usr/bin/env bash
# make-sudoku-data.sh — regenerates the fixed-seed sudoku sets in data/sudoku/ with
# `puzzlebench generate`; the same binary logic gives the same files, byte for byte,
# whatever the thread count. Takes about a minute on 2 cores.
#
# usage: scripts/make-sudoku-data.sh [PATH/TO/puzzlebench]   (default build/puzzlebench)
#
# The sets and why:
#   4x4.txt                 100 minimal puzzles (givens removed while unique)
#   9x9-<difficulty>.txt    100 each, graded exactly simple/easy/intermediate/expert
#   9x9-minimal.txt         200 minimal puzzles of any difficulty
#   9x9-batch.txt           10,000 minimal puzzles (seed 2): enough work for the batch
#                           parallel sweep to time (the sets above take under 1 ms)
#   16x16.txt               20 puzzles with 115 givens (45% of the cells): about half
#                           need guessing, yet propagate --order mrv solves the set in
#                           ~1 s and the seed engine in ~10 s. Minimal 16x16 puzzles
#                           (~94 givens, ~0.45 s each to make) stop every engine but
#                           logic; at 55% (141 givens) singles alone solve them.
#   9x9-bench.txt           the micro-benchmarks' fixed set: the first 5 puzzles of
#                           each 9x9 set above
#   25x25.txt               5 puzzles with 305 givens (49%): all need guessing, logic
#                           solves each in under 0.05 s (the issue asks for under 1 s),
#                           and the set takes ~1 s to make. At 300 givens one puzzle
#                           took logic over 1 s and one took 12 s to make; at 320 and
#                           up most need no guess; near-minimal ones (~270 givens) take
#                           ~40 s each to make.
#   16x16-minimal.txt       5 minimal 16x16 puzzles (about 160 empty cells): the
#                           ladder sweep's (bench/families/sudoku/sudoku-ladder.sweep); ~1 s
#   25x25-minimal.txt       3 near-minimal 25x25 puzzles (about 350 empty cells):
#                           the ladder's too; ~75 s on 2 threads
#   25x25-hard.txt          not made here: scripts/make-sudoku-hard.py (the tuning set
#                           of learn against the outside SAT solvers)
#   25x25-qwh.txt           not made here: scripts/make-sudoku-qwh.py (their held-out
#                           set, made by another method)
#   25x25-unique.txt        not made here: scripts/make-sudoku-unique.py (a held-out
#                           set of unique, minimal puzzles reduced by CaDiCaL)
#   16x16-unique.txt        not made here: scripts/make-sudoku-unique.py --size 16
#                           (the ladder's held-out set beside 16x16-minimal.txt)
#   9x9-unique.txt          not made here: scripts/make-sudoku-unique.py --size 9 (the
#                           held-out set of the comparisons with QQwing and tdoku)
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
case ${1:-} in -*) echo "make-sudoku-data.sh: unknown option '$1' (usage: scripts/make-sudoku-data.sh [PATH/TO/puzzlebench])" >&2; exit 2 ;; esac
set -euo pipefail
# PATH/TO/puzzlebench, when relative, names it from where the script was run.
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
cd_root
data_program make-sudoku-data "$@"
mkdir -p data/sudoku

# make FILE OPTIONS...: one set, timed.
make_set() {
    local file=$1 t0 t1
    shift
    t0=$(date +%s.%N)
    "$pb" generate sudoku --seed 1 "$@" --threads "$threads" -q >"data/sudoku/$file.tmp"
    mv "data/sudoku/$file.tmp" "data/sudoku/$file"
    t1=$(date +%s.%N)
    awk -v f="$file" -v a="$t0" -v b="$t1" 'BEGIN { printf "%-24s %6.1f s\n", f, b - a }' >&2
}

make_set 4x4.txt --size 4 --count 100
for d in simple easy intermediate expert; do
    make_set "9x9-$d.txt" --size 9 --count 100 --difficulty "$d"
done
make_set 9x9-minimal.txt --size 9 --count 200
make_set 9x9-batch.txt --size 9 --count 10000 --seed 2
make_set 16x16.txt --size 16 --count 20 --clues 115
make_set 25x25.txt --size 25 --count 5 --clues 305
make_set 16x16-minimal.txt --size 16 --count 5
make_set 25x25-minimal.txt --size 25 --count 3
{
    echo "# 9x9-bench.txt: the first 5 puzzles of each 9x9 set (scripts/make-sudoku-data.sh)"
    for set in simple easy intermediate expert minimal; do
        grep -v '^#' "data/sudoku/9x9-$set.txt" | head -5
    done
} >data/sudoku/9x9-bench.txt
