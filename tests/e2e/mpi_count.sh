#!/usr/bin/env bash
# mpi_count.sh — tree counts over MPI ranks (issue 15, part COUNT): `count` of one
# notouch board, one sudoku and one kakuro with backtrack and propagate, at 3 ranks
# on loopback, gives the same solutions and steps (every stats field but the times)
# and exit status as one process, also with --threads 2 per rank; step and time
# limits end an MPI count as limit (exit 3) within the limit; a signal to one rank
# stops them all (interrupted, exit 130), the time to mpirun's exit printed and
# asserted generously; a count that does not split (a file of puzzles, --limit N)
# runs on rank 0 alone with one process's output.
# Usage: mpi_count.sh PUZZLEBENCH SOURCE_DIR. Exit 77 (skip) without mpirun.
. "$(dirname "$0")/cli_lib.sh"
need_mpirun
export OMP_NUM_THREADS=1

# The stats line without its times: what one process and the ranks must share.
counts() { tail -n 1 "$1" | sed -E 's/ (wall_s|elapsed_s|puzzles_per_s)=[^ ]*//g'; }

# same DESCRIPTION ARGS...: `count ARGS` at 1 process and at 3 ranks agree.
same() {
    local what=$1
    shift
    "$pb" count "$@" >"$tmp/one" 2>"$tmp/one.err"
    local a=$?
    mpi 3 "$pb" count "$@" >"$tmp/three" 2>"$tmp/three.err"
    local b=$?
    if [ "$a" -eq "$b" ]; then ok; else bad "$what: exit $b at 3 ranks, $a in one process"; fi
    if [ "$(counts "$tmp/one")" = "$(counts "$tmp/three")" ] &&
        [ "$(head -n -1 "$tmp/one")" = "$(head -n -1 "$tmp/three")" ]; then ok; else
        bad "$what: 3 ranks: $(counts "$tmp/three"); one process: $(counts "$tmp/one")"
    fi
}

# A 9x9 sudoku with 380 solutions (three givens of a minimal puzzle taken out), the
# first hard 20x20 kakuro of the data (unique, a tree of 97,606 backtrack steps).
echo '.4....8..37.........8.....1...81......59.4.....132...9....4...7.....61...2....564' \
    >"$tmp/sudoku.txt"
awk '/^;/ { if (n) exit; next } /^$/ { if (n) exit; next } { print; n++ }' \
    "$src/data/kakuro/puzzles-20x20-hard.kak" >"$tmp/kakuro.kak"
for e in backtrack propagate; do
    for o in row mrv; do
        same "notouch 3x4 $e $o" notouch 3x4 -e "$e" -o "$o"
        same "sudoku 380 $e $o" sudoku "$tmp/sudoku.txt" -e "$e" -o "$o"
    done
    same "kakuro 20x20 $e" kakuro "$tmp/kakuro.kak" -e "$e"
    same "notouch 2x5 --diff 3 $e" notouch 2x5 --diff 3 --adj orth -e "$e"
done
# Each rank counts its subtrees on --threads T.
same "notouch 3x4 propagate -t 2" notouch 3x4 -e propagate -t 2
same "sudoku 380 backtrack -t 2" sudoku "$tmp/sudoku.txt" -e backtrack -t 2
# Not split (several puzzles, --limit N): rank 0 alone, the same output.
same "sudoku file --limit 2" sudoku "$src/data/sudoku/9x9-easy.txt" -e propagate --limit 2
same "notouch 3x4 --limit 1000" notouch 3x4 --limit 1000
# A usage error is printed once, by rank 0.
expect 2 "bad engine at 3 ranks" -- mpi 3 "$pb" count notouch 3x4 -e nosuch
if [ "$(grep -c "unknown engine" "$tmp/err")" -eq 1 ]; then ok; else bad "usage error not printed once"; fi

# Limits: a step limit holds over the world (at most N steps), a time limit ends the
# count about when one process would end it; both exit 3 with status limit.
expect 3 "step limit at 3 ranks" -- mpi 3 "$pb" count notouch 3x5 -e backtrack --step-limit 1e7
has 'status=limit' "$tmp/out"
steps=$(sed -nE 's/.* steps=([0-9]+) .*/\1/p' "$tmp/out")
if [ -n "$steps" ] && [ "$steps" -le 10000000 ] && [ "$steps" -gt 0 ]; then ok; else
    bad "step limit 1e7: $steps steps"; fi
expect 3 "time limit at 3 ranks" -- mpi 3 "$pb" count notouch 3x5 -e backtrack --time-limit 0.5
has 'status=limit' "$tmp/out"
wall=$(sed -nE 's/.* wall_s=([0-9.]+) .*/\1/p' "$tmp/out")
echo "mpi_count: --time-limit 0.5 at 3 ranks: the count reports wall_s=$wall"
if awk -v w="$wall" 'BEGIN { exit !(w > 0 && w < 2.5) }'; then ok; else bad "time limit 0.5: wall_s=$wall"; fi

# A signal to one rank (not rank 0) stops every rank: the partial count is reported
# as interrupted and the exit status is one process's (130 for SIGINT).
interrupt_rank1 mpi_count 20 3 count notouch 3x5 -e backtrack

finish mpi_count
