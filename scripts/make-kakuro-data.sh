#!/usr/bin/env bash
# make-kakuro-data.sh — regenerates the fixed-seed kakuro sets in data/kakuro/ with
# `puzzlebench generate`; the same binary logic gives the same files, byte for byte,
# whatever the thread count. Takes a few seconds.
#
# usage: scripts/make-kakuro-data.sh [PATH/TO/puzzlebench]   (default build/puzzlebench)
#
# Sizes count the whole grid, clue row and column included, as the seed's do.
#   outlines-small.txt        10 outlines each of 5x5 and 6x6 (the seed's "small",
#                             under 7x7), in the seed's outline format
#   outlines-medium.txt       7x7 and 8x8 (its "medium", 7x7 to under 9x9)
#   outlines-large.txt        9x9 and 10x10 (its "large", 9x9 to under 11x11)
#   outlines-{15x15,20x20,30x30}.txt   10 each, larger than the seed went
#   candidates-<size>-<level>.kak      50 filled candidates each, as the generator
#                             makes them before its uniqueness check (most have
#                             several solutions): the checkers' everyday work
#   puzzles-<size>-<level>.kak         generated puzzles with one solution: a
#                             check must search the whole tree to prove it
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
case ${1:-} in -*) echo "make-kakuro-data.sh: unknown option '$1' (usage: scripts/make-kakuro-data.sh [PATH/TO/puzzlebench])" >&2; exit 2 ;; esac
set -euo pipefail
# PATH/TO/puzzlebench, when relative, names it from where the script was run.
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
cd_root
data_program make-kakuro-data "$@"
dir=data/kakuro
mkdir -p "$dir"

# outlines FILE SIZE...: 10 outlines of each size, blank lines between them.
outlines() {
    local file=$1 size first=1
    shift
    for size in "$@"; do
        [ $first -eq 1 ] || echo
        first=0
        "$pb" generate kakuro-outline --size "$size" --count 10 --seed 1 -q
    done >"$dir/$file.tmp"
    mv "$dir/$file.tmp" "$dir/$file"
}

# puzzles FILE OPTIONS...: one set of clue grids, no solutions.
puzzles() {
    local file=$1
    shift
    "$pb" generate kakuro --seed 1 --no-solutions --threads "$threads" -q "$@" >"$dir/$file.tmp"
    mv "$dir/$file.tmp" "$dir/$file"
}

outlines outlines-small.txt 5x5 6x6
outlines outlines-medium.txt 7x7 8x8
outlines outlines-large.txt 9x9 10x10
for s in 15x15 20x20 30x30; do outlines "outlines-$s.txt" "$s"; done

for s in 9x9 11x11 15x15; do
    puzzles "candidates-$s-hard.kak" --candidates --size "$s" --difficulty hard --count 50
done
puzzles candidates-11x11-easy.kak --candidates --size 11x11 --difficulty easy --count 50
for s in 9x9 11x11 15x15 20x20; do
    puzzles "puzzles-$s-hard.kak" --size "$s" --difficulty hard --count 20
done
puzzles puzzles-11x11-easy.kak --size 11x11 --difficulty easy --count 20
puzzles puzzles-30x30-easy.kak --size 30x30 --difficulty easy --count 5
for l in medium hard; do puzzles "puzzles-30x30-$l.kak" --size 30x30 --difficulty "$l" --count 2; done
ls -l "$dir" >&2
