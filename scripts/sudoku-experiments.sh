#!/usr/bin/env bash
# sudoku-experiments.sh — the sudoku experiments beside the sweeps: QQwing and
# puzzlebench side by side (bench/qqwing.sh) on the generated 9x9 sets, and on the
# files PB_EXTRA_SUDOKU names (public sets, not shipped); and the rungs of reasoning
# (bench/ladder.py: backtrack, propagate, logic, alldiff, learn, minisat, cadical) on
# the minimal 16x16 and near-minimal 25x25 puzzles of our generator, every run
# stopped at PB_LADDER_LIMIT seconds (default 3). Called by run.sh; writes
# OUT/sudoku-qqwing.csv and OUT/sudoku-ladder.csv, each with .samples.csv and .meta.
# usage: scripts/sudoku-experiments.sh OUT_DIR
set -euo pipefail
out=${1:?usage: sudoku-experiments.sh OUT_DIR}
cd "$(dirname "$0")/.."

# ladder SAMPLES LIMIT SET:FILE:COUNT...: the first COUNT puzzles of each FILE, one
# instance each, named by the file and the puzzle's place in it.
ladder() {
    local samples=$1 limit=$2 tmp spec set file count i instances=()
    shift 2
    tmp=$(mktemp -d)
    for spec in "$@"; do
        IFS=: read -r set file count <<<"$spec"
        i=0
        while IFS= read -r line && ((i < count)); do
            i=$((i + 1))
            printf '%s\n' "$line" >"$tmp/$set-i$i.txt"
            instances+=("$set:$(tr -cd '.' <<<"$line" | wc -c | tr -d ' '):$tmp/$set-i$i.txt")
        done < <(grep -v -e '^#' -e '^[[:space:]]*$' "$file")
    done
    bench/ladder.py --family sudoku --out "$out/sudoku-ladder.csv" --time-limit "$limit" \
        --samples "$samples" \
        --tools backtrack/mrv,propagate/mrv,logic,alldiff/mrv,learn,minisat,cadical "${instances[@]}"
    rm -rf "$tmp"
}

if [ "${PB_QUICK:-0}" = 1 ]; then # run.sh --quick: one file, 5 puzzles per difficulty; one 9x9 ladder
    bench/qqwing.sh --out "$out/sudoku-qqwing.csv" --count 5 data/sudoku/9x9-easy.txt
    ladder 1 2 9x9-minimal:data/sudoku/9x9-minimal.txt:1
    exit
fi
# shellcheck disable=SC2086
bench/qqwing.sh --out "$out/sudoku-qqwing.csv" data/sudoku/9x9-{simple,easy,intermediate,expert,minimal}.txt \
    ${PB_EXTRA_SUDOKU:-}
limit=${PB_LADDER_LIMIT:-3}
ladder 3 "$limit" 16x16-minimal:data/sudoku/16x16-minimal.txt:3 25x25-minimal:data/sudoku/25x25-minimal.txt:3
