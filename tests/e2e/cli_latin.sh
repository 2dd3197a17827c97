#!/usr/bin/env bash
# cli_latin.sh — end-to-end tests of the latin family: counts (the empty order-4 square
# has 576 completions), solutions checked against the rules and the givens by a
# checker written here, generated instances by name (deterministic, satisfiable, one
# puzzle re-read by its own name), the generator's output read back, every bad input
# as one line with file, line and column, a per-puzzle sweep.
# usage: tests/e2e/cli_latin.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"

# check_square PUZZLE_FILE SOLUTION_FILE: the solution is a Latin square (every row and
# column holds 1..n once) that keeps every given of the puzzle; independent of the
# library.
check_square() {
    awk 'BEGIN { r1 = r2 = 0 } FNR == 1 { f++ } /^;/ || NF == 0 { next }
         f == 1 { for (c = 1; c <= NF; c++) p[r1, c] = $c; r1++; n = NF; next }
         { for (c = 1; c <= NF; c++) s[r2, c] = $c; r2++ }
         END {
             if (r1 != n || r2 != n) exit 1
             for (r = 0; r < n; r++) for (c = 1; c <= n; c++) {
                 v = s[r, c]
                 if (v !~ /^[0-9]+$/ || v < 1 || v > n) exit 1
                 if (p[r, c] != "." && p[r, c] != v) exit 1
                 if (row[r, v]++ || col[c, v]++) exit 1
             }
         }' "$1" "$2" && ok || bad "not a completion of $1: $(tr '\n' '|' <"$2")"
}

# ---- counts ----
printf '. . . .\n. . . .\n. . . .\n. . . .\n' >"$tmp/empty4.txt"
for e in backtrack propagate; do
    for o in row degree mrv; do
        expect 0 "count empty 4 $e $o" -- "$pb" count latin "$tmp/empty4.txt" -e "$e" -o "$o"
        has "^solutions=576 " "$tmp/out"
    done
done
# Naive enumeration only where it can finish: 3^9 vectors for the empty order-3 square.
expect 0 "count empty 3 from stdin" -- sh -c "printf '. . .\\n. . .\\n. . .\\n' | \"$pb\" count latin -"
has "^solutions=12 " "$tmp/out"
expect 0 "count empty 3 enum-all" -- sh -c "printf '. . .\\n. . .\\n. . .\\n' | \"$pb\" count latin - -e enum-all"
has "^solutions=12 " "$tmp/out"
expect 0 "count 4 on 2 threads" -- "$pb" count latin "$tmp/empty4.txt" -e propagate -t 2
has "^solutions=576 " "$tmp/out"

# ---- solutions ----
printf '1 . 3 .\n. 1 . 3\n3 . 1 .\n. 3 . 1\n' >"$tmp/p4.txt"
for e in backtrack propagate; do
    expect 0 "solve p4 $e" -- "$pb" solve latin "$tmp/p4.txt" -e "$e" -o mrv
    grep -v '^solutions=' "$tmp/out" >"$tmp/sol.txt"
    check_square "$tmp/p4.txt" "$tmp/sol.txt"
done
# Givens that clash are no bad input: the square has no completion (exit 1), and a
# note names the first clash; every engine finds none by itself.
printf '1 2\n. 2\n' >"$tmp/none.txt"
expect 1 "givens break the rules" -- "$pb" solve latin "$tmp/none.txt"
one_line_error "^puzzlebench: note: .*none.txt:2: column 2: value 2 repeated in column 2 \(also at line 1\) \(the square has no completion\)$"
has "^no solution$" "$tmp/out"
printf '1 2 . .\n. . 2 .\n. . . .\n2 . 2 1\n' >"$tmp/clash.txt"
for e in backtrack propagate alldiff learn enum-all; do
    expect 1 "clashing givens $e" -- "$pb" count latin "$tmp/clash.txt" -e "$e"
    has "^puzzles=1 none=1 unique=0 multiple=0 stopped=0 unreadable=0$" "$tmp/out"
    one_line_error "clash.txt:4: column 3: value 2 repeated in row 4 \(also at column 1\)"
done
expect 2 "value out of range" -- "$pb" solve latin <(printf '1 2\n. 3\n')
one_line_error "column 2: value 3 is outside 1-2"
printf '1 . .\n. . 1\n. 2 .\n' >"$tmp/dead.txt"
expect 1 "no completion" -- "$pb" count latin "$tmp/dead.txt"
has "^puzzles=1 none=1 " "$tmp/out"

# ---- generated instances ----
expect 0 "generate" -- "$pb" generate latin --size 12 --holes 0.4 --count 3 --seed 5
cp "$tmp/out" "$tmp/gen.txt"
if [ "$(grep -c '^; qwh-12-0.4-s5-i' "$tmp/gen.txt")" -eq 3 ]; then ok; else bad "generate: not 3 squares"; fi
if [ "$(grep -v '^;' "$tmp/gen.txt" | grep -o '\.' | wc -l)" -eq $((3 * 58)) ]; then ok; else bad "generate: not 58 holes a square"; fi
expect 0 "generate again" -- "$pb" generate latin --size 12 --holes 0.4 --count 3 --seed 5
cmp -s "$tmp/out" "$tmp/gen.txt" && ok || bad "generate is not deterministic"
expect 0 "generated squares read back" -- "$pb" count latin "$tmp/gen.txt" -e propagate -o mrv -l 1
has "^puzzles=3 none=0 " "$tmp/out"
# Square 1 of the file is the instance qwh-12-0.4-s5-i1.
awk '/^; qwh-12-0.4-s5-i1$/ { on = 1; next } on && NF == 0 { exit } on' "$tmp/gen.txt" >"$tmp/sq1.txt"
expect 0 "a square by its name" -- "$pb" solve latin qwh-12-0.4-s5-i1 -e propagate -o mrv
grep -v '^solutions=' "$tmp/out" >"$tmp/sol1.txt"
check_square "$tmp/sq1.txt" "$tmp/sol1.txt"
expect 0 "a series by its name" -- "$pb" count latin qwh-8-0.3:0.5:0.1-x2 -e propagate -o mrv -l 1
if [ "$(cut -d: -f1 "$tmp/out" | head -6 | tr '\n' ' ')" = \
    "qwh-8-0.3-s1-i0 qwh-8-0.3-s1-i1 qwh-8-0.4-s1-i0 qwh-8-0.4-s1-i1 qwh-8-0.5-s1-i0 qwh-8-0.5-s1-i1 " ]; then
    ok; else bad "series verdicts: $(head -6 "$tmp/out" | tr '\n' '|')"; fi
has "^puzzles=6 none=0 " "$tmp/out"

# ---- bad input: one line with file, line and column; exit 2 ----
bad_input() { # bad_input TEXT PATTERN
    printf '%b' "$1" >"$tmp/bad.txt"
    expect 2 "bad input: $2" -- "$pb" solve latin "$tmp/bad.txt"
    one_line_error "bad.txt:$2"
}
bad_input '1 2\n2 x\n' "2: column 2: "
bad_input '1 2\n2 3\n' "2: column 2: "
bad_input '1 2 .\n. 1\n. . .\n' "2: "
bad_input '1 .\n' "1: "
bad_input '1 \x01\n. 1\n' "1: .*byte 0x01"
expect 2 "no squares" -- "$pb" solve latin /dev/null
one_line_error "no squares found"
expect 2 "bad name" -- "$pb" solve latin qwh-99-0.5
one_line_error "qwh-99-0.5: expected qwh-ORDER-HOLES"
expect 2 "bad range" -- "$pb" solve latin qwh-10-0.5:0.3:0.1
one_line_error "expected qwh-ORDER-HOLES"
expect 2 "bad balanced name" -- "$pb" solve latin bqwh-10-0.5-z
one_line_error "bqwh-10-0.5-z: expected bqwh-ORDER-HOLES"
# A seed is 0 to 2^64 - 1 in digits: a seed past it or a sign is refused, not read
# as another seed (2^64 - 1).
expect 0 "the largest seed" -- "$pb" solve latin qwh-5-0.5-s18446744073709551615 -q
# Seed 1 behind 125 zeros: read whole (refused as too long), never cut to seed 0.
z=$(printf '0%.0s' $(seq 1 125))
expect 2 "a seed with 125 leading zeros" -- "$pb" solve latin "qwh-5-0.5-s${z}1" -q
one_line_error "qwh-5-0.5-s0+1: expected qwh-ORDER-HOLES"
for s in 18446744073709551616 -1; do
    expect 2 "seed $s" -- "$pb" solve latin "qwh-5-0.5-s$s" -q
    one_line_error "qwh-5-0.5-s$s: expected qwh-ORDER-HOLES"
done
# Balanced holes: as many in every row and column, 2 of order 5 at 0.4, so 10 in all.
expect 0 "balanced square" -- "$pb" generate latin --size 5 --holes 0.4 --balanced
has "^; bqwh-5-0.4-s1-i0$" "$tmp/out"
has "generate latin --size 5 --holes 0.4 --count 1 --seed 1 --balanced" "$tmp/out"
if [ "$(grep -v '^;' "$tmp/out" | grep -o '\.' | wc -l)" -eq 10 ]; then ok; else bad "bqwh-5-0.4: 10 holes expected"; fi
expect 2 "generate bad holes" -- "$pb" generate latin --holes 1.5
one_line_error "--holes expects a number from 0 to 1"

# ---- a sweep, one row per puzzle ----
expect 0 "latin sweep" -- "$pb" sweep --family latin --instances "qwh-10-0.3:0.5:0.1-x2" --name lat \
    --engines "backtrack propagate" --orders "row mrv" --modes first --samples 1 --rows per-puzzle \
    --step-limit 1e5 --out "$tmp/res" -q
# 3 fractions x 2 instances x (2 engines x 2 orders) = 24 rows, each one puzzle.
if [ "$(tail -n +2 "$tmp/res/lat.csv" | wc -l)" -eq 24 ]; then ok; else bad "latin sweep rows"; fi
if [ "$(tail -n +2 "$tmp/res/lat.csv" | cut -d, -f2 | sort -u | wc -l)" -eq 6 ]; then ok; else bad "latin sweep instances"; fi
awk -F, 'NR > 1 && ($21 > 1 || ($11 == "done" && $12 != 1)) { exit 1 }' "$tmp/res/lat.csv" && ok ||
    bad "latin sweep: a row is not one puzzle with one solution"
expect 0 "the shipped sweep lists" -- "$pb" sweep "$src/bench/families/latin/latin.sweep" --list
has "^6240 runs" "$tmp/out"

finish cli_latin
