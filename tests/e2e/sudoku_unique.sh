#!/usr/bin/env bash
# sudoku_unique.sh — a set of scripts/make-sudoku-unique.py as its generator wrote it
# (data/sudoku/25x25-unique.txt, or the SET given): the header names the script and has
# one row per puzzle (its givens equal to the puzzle's), every puzzle is a line of the
# header's size (25x25; 16x16 or 9x9 after --size) the reader takes, its givens under a
# half turn after --symmetric, and `count --limit 2` by learn proves each unique; for the default set,
# with cadical and minisat installed, the generator makes a small set (stopped early),
# one of 16x16 and a symmetric one of 9x9 (its givens under a half turn, no pair of
# them removable), that pass the same checks.
# usage: tests/e2e/sudoku_unique.sh PATH/TO/puzzlebench SOURCE_DIR [SET [FIRST]]
# SET: a set under SOURCE_DIR; FIRST: count only its first FIRST puzzles (all when
# absent: a hard set's proofs take minutes).
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"

set=$src/${3:-data/sudoku/25x25-unique.txt}
first=${4:-}

# check_set FILE KEEP: the header's rows against the puzzles, KEEP of them, each a line
# of the size its command names.
check_set() {
    local file=$1 keep=$2 rows puzzles cells=625 symbols=1-9A-P
    head -n 1 "$file" | grep -Eq "^# scripts/make-sudoku-unique\.py .*--keep $keep " && ok ||
        bad "$file: first line is not the generator's command with --keep $keep"
    case $(head -n 1 "$file") in
    *" --size 16 "*) cells=256 symbols=1-9A-G ;;
    *" --size 9 "*) cells=81 symbols=1-9 ;;
    esac
    rows=$(grep -Ec '^# [0-9]+ [0-9]+ [0-9]+ [0-9]+$' "$file")
    grep -v '^#' "$file" >"$tmp/puzzles"
    puzzles=$(wc -l <"$tmp/puzzles")
    [ "$rows" -eq "$keep" ] && [ "$puzzles" -eq "$keep" ] && ok ||
        bad "$file: $rows header rows and $puzzles puzzles, expected $keep of each"
    grep -Evq "^[$symbols.]{$cells}\$" "$tmp/puzzles" && bad "$file: a puzzle is not $cells cells" || ok
    # Each row's givens are its puzzle's, in order.
    grep -E '^# [0-9]+ [0-9]+ [0-9]+ [0-9]+$' "$file" | awk '{ print $3 }' >"$tmp/rows"
    tr -d '.' <"$tmp/puzzles" | awk '{ print length($0) }' >"$tmp/givens"
    cmp -s "$tmp/rows" "$tmp/givens" && ok || bad "$file: header givens differ from the puzzles'"
    # --symmetric: every puzzle's givens laid out under a half turn.
    if head -n 1 "$file" | grep -q -- " --symmetric "; then
        awk -v n="$cells" '{ for (i = 1; i <= n; i++)
                if ((substr($0, i, 1) == ".") != (substr($0, n + 1 - i, 1) == ".")) exit 1 }' "$tmp/puzzles" &&
            ok || bad "$file: a puzzle's givens are not laid out under a half turn"
    fi
}

keep=$(head -n 1 "$set" | sed -nE 's/.* --keep ([0-9]+) .*/\1/p')
check_set "$set" "${keep:-0}"
# Every line read as a puzzle (a step limit stops the search at once: exit 3).
"$pb" count sudoku -e learn --limit 2 --step-limit 1 "$set" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 3 ] && ok || bad "count with a step limit: expected exit 3"
has "^puzzles=$keep .* unreadable=0\$" "$tmp/out"
if [ -n "$first" ]; then head -n "$first" "$tmp/puzzles" >"$tmp/some.txt"; else cp "$tmp/puzzles" "$tmp/some.txt"; fi
n=$(wc -l <"$tmp/some.txt")
expect 0 "each puzzle unique" -- "$pb" count sudoku -e learn --limit 2 "$tmp/some.txt"
has "^puzzles=$n none=0 unique=$n multiple=0 stopped=0 unreadable=0\$" "$tmp/out"

if [ -n "${3:-}" ]; then
    : # the generator is checked once, with the default set
elif command -v cadical >/dev/null && command -v minisat >/dev/null; then
    expect 0 "the generator, stopped at 450 givens" -- python3 "$src/scripts/make-sudoku-unique.py" \
        --pb "$pb" --candidates 2 --keep 2 --stop 450 --out "$tmp/small.txt"
    check_set "$tmp/small.txt" 2
    expect 0 "its puzzles unique" -- "$pb" count sudoku -e learn --limit 2 "$tmp/small.txt"
    has '^puzzles=2 none=0 unique=2 multiple=0 stopped=0 unreadable=0$' "$tmp/out"
    expect 0 "the generator on 16x16, stopped at 160 givens" -- python3 \
        "$src/scripts/make-sudoku-unique.py" --pb "$pb" --size 16 --candidates 1 --keep 1 --stop 160 \
        --out "$tmp/small16.txt"
    check_set "$tmp/small16.txt" 1
    expect 0 "its puzzle unique" -- "$pb" count sudoku -e learn --limit 2 "$tmp/small16.txt"
    has '^puzzles=1 none=0 unique=1 multiple=0 stopped=0 unreadable=0$' "$tmp/out"
    # --symmetric: givens laid out under a half turn, and no pair of them can go (each
    # pair taken out lets a second solution in), on 9x9 where that takes seconds.
    expect 0 "the generator on 9x9, symmetric" -- python3 "$src/scripts/make-sudoku-unique.py" \
        --pb "$pb" --size 9 --candidates 2 --keep 2 --symmetric --out "$tmp/sym9.txt"
    check_set "$tmp/sym9.txt" 2
    has "^# scripts/make-sudoku-unique\.py --size 9 .* --symmetric \(" "$tmp/sym9.txt"
    grep -v '^#' "$tmp/sym9.txt" >"$tmp/sym9"
    expect 0 "its puzzles unique" -- "$pb" count sudoku -e learn --limit 2 "$tmp/sym9"
    has '^puzzles=2 none=0 unique=2 multiple=0 stopped=0 unreadable=0$' "$tmp/out"
    awk '{ for (i = 1; i <= 41; i++) if (substr($0, i, 1) != ".") {
               q = $0; q = substr(q, 1, i - 1) "." substr(q, i + 1); j = 82 - i
               q = substr(q, 1, j - 1) "." substr(q, j + 1); print q } }' "$tmp/sym9" >"$tmp/less9"
    pairs=$(wc -l <"$tmp/less9")
    expect 0 "each pair taken out: two solutions" -- "$pb" count sudoku -e learn --limit 2 "$tmp/less9"
    has "^puzzles=$pairs none=0 unique=0 multiple=$pairs stopped=0 unreadable=0\$" "$tmp/out"
else
    echo "sudoku_unique: cadical or minisat not installed: the generator not run"
fi

finish sudoku_unique
