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
#
# And the rungs of reasoning on uniqueness proofs (`count --limit 2`, the generators'
# check; bench/ladder.py): backtrack, propagate, combo, alldiff and learn on 30x30
# puzzles of each difficulty (2 each, seed 1), every run stopped at PB_LADDER_LIMIT
# seconds (default 3): OUT/kakuro-ladder.csv with its .samples.csv and .meta.
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

# The ladder's puzzles, one file each (generate --out DIR writes NAME.kak per puzzle).
ladder_size=30x30 ladder_count=2 ladder_samples=3 ladder_limit=${PB_LADDER_LIMIT:-3}
if [ "${PB_QUICK:-0}" = 1 ]; then ladder_size=11x11 ladder_count=1 ladder_samples=1 ladder_limit=2; fi
ladder_dir=$(mktemp -d)
trap 'rm -rf "$ladder_dir"' EXIT
"$pb" generate kakuro --size "$ladder_size" --difficulty easy,medium,hard --seed 1 \
    --count "$ladder_count" --no-solutions --out "$ladder_dir" >/dev/null
instances=()
for f in "$ladder_dir"/*.kak; do
    case $f in *.sol.kak) continue ;; esac
    level=$(basename "$f" .kak | cut -d- -f2) # NAME is SIZE-LEVEL-sSEED-INDEX
    instances+=("kakuro-$ladder_size:$level:$f")
done
bench/ladder.py --family kakuro --mode unique --out "$out/kakuro-ladder.csv" \
    --time-limit "$ladder_limit" --samples "$ladder_samples" \
    --tools backtrack/mrv,propagate/mrv,combo,alldiff/mrv,learn "${instances[@]}"

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
