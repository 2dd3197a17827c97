#!/usr/bin/env bash
# kakuro-experiments.sh — kakuro generation time against difficulty and size, by our
# method and by the seed's, and a picture of one generated puzzle. Called by run.sh;
# writes OUT/kakuro-gen-*.csv (one record per puzzle, see `puzzlebench generate
# kakuro --help`) with their .meta, and OUT/kakuro-example/ (the report draws it).
# usage: scripts/kakuro-experiments.sh OUT_DIR [COUNT]   (COUNT puzzles per cell,
#        default PB_KAKURO_COUNT, else 30)
#
# The methods, each on one thread so that wall_s is one core's time:
#   combo-diff         ours: the combo checker, re-randomising only the cells where
#                      two solutions differ; sizes up to 30x30
#   thesis-all-seed    the seed's: its checker, a whole new fill after each failed
#                      check, its table of 25 unique sums; up to 13x13 (its hard
#                      puzzles take seconds each from 14x14 on, and some pass the
#                      30 s limit at 15x15)
#   combo-all, thesis-diff   the two halves of the difference: which gain comes from
#                      the checker and which from the refill
# A puzzle that hits the 30 s limit is recorded with status limit.
#
# And the public collections (scripts/kakuro-public.py), when their folder is there
# (../shared/data/kakuro beside the sources, or PB_KAKURO_PUBLIC; users do not have
# it): each puzzle's uniqueness check against the collection's manifest, timed,
# OUT/kakuro-public.csv with its .meta. Without the folder the report says "not run".
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: kakuro-experiments.sh OUT_DIR [COUNT]}
count=${2:-${PB_KAKURO_COUNT:-30}}
pb=build/puzzlebench
mkdir -p "$out/plots"

small=5x5,6x6,7x7,8x8,9x9,10x10,11x11,12x12,13x13
large15=15x15 large20=20x20 large30=30x30 seed_top=13x13
if [ "${PB_QUICK:-0}" = 1 ]; then # run.sh --quick: every method, small sizes, 3 puzzles each
    count=${2:-3} small=5x5,7x7,9x9 large15=11x11 large20=11x11 large30=11x11 seed_top=11x11
fi
# gen NAME OPTIONS...: one method over sizes x difficulties; exit 3 (a puzzle hit
# the limit, recorded as such) is part of the result.
gen() {
    local name=$1 t0
    shift
    t0=$(date +%s)
    "$pb" generate kakuro --seed 1 --count "$count" --difficulty easy,medium,hard --no-solutions \
        --keep-going --time-limit 30 --force --stats "$out/kakuro-gen-$name.csv" "$@" >/dev/null || [ $? -eq 3 ]
    echo "kakuro-gen-$name: $(($(date +%s) - t0)) s" >&2
}
gen combo-diff --size "$small,$(printf '%s\n' $large15 $large20 $large30 | sort -u | paste -sd,)"
gen thesis-all-seed --checker thesis --refill all --seed-table --size "$small,$seed_top"
gen combo-all --refill all --size "$small"
gen thesis-diff --checker thesis --refill diff --size "$small,$(printf '%s\n' $large15 $large20 | sort -u | paste -sd,)"

# The picture: one hard 11x11 puzzle and its solution (the report draws them with
# `puzzlebench render`).
"$pb" generate kakuro --size 11x11 --difficulty hard --seed 1 --force --out "$out/kakuro-example" >/dev/null

# The public collections: a verdict that disagrees with the manifest (exit 1) is a
# result, recorded in the file; no folder (exit 77) leaves no file.
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
