#!/usr/bin/env bash
# cli_learn.sh — end-to-end tests of the `learn` engine: the 9x9 expert set solved
# (every solution a completion of its puzzle, checked by `count --limit 2` proving each
# unique), the same stats at --threads 1 and 2 (a batch's puzzles run side by side,
# each on one thread), counts of small instances (the empty order-4 square: 576),
# the refusals (a cell order, a trace) and a step limit.
# usage: tests/e2e/cli_learn.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"

set9=$src/data/sudoku/9x9-expert.txt
# stats LINE-FILE: the stats line without its times.
stats() { tail -n 1 "$1" | sed -E 's/ (wall_s|elapsed_s|puzzles_per_s)=[0-9.]+//g'; }

expect 0 "solve expert set" -- "$pb" solve sudoku --engine learn "$set9"
has '^solutions=100 steps=[0-9]+ placements=[0-9]+ backtracks=[0-9]+ candidates=[0-9]+ guesses=[0-9]+ learnts=[0-9]+ restarts=[0-9]+ wall_s=[0-9.]+ status=done params=luby-unit=100;keep-glue=2;bump-reason=on;rephase=2000;restarts=luby;tier2-glue=6;mode-switch=0;probe=0;shrink=off;vivify=0 puzzles=100 ' "$tmp/out"
# Each printed grid is the solution logic finds (the puzzles are unique).
grep -E '^[0-9]{81}$' "$tmp/out" >"$tmp/learn.txt"
stats "$tmp/out" >"$tmp/one"
"$pb" solve sudoku --engine logic "$set9" | grep -E '^[0-9]{81}$' >"$tmp/logic.txt"
[ "$(wc -l <"$tmp/learn.txt")" -eq 100 ] && cmp -s "$tmp/learn.txt" "$tmp/logic.txt" && ok ||
    bad "learn's solutions differ from logic's"
expect 0 "solve expert set, 2 threads" -- "$pb" solve sudoku --engine learn --threads 2 "$set9"
stats "$tmp/out" >"$tmp/two"
cmp -s "$tmp/one" "$tmp/two" && ok || bad "threads 1 and 2: $(cat "$tmp/one") vs $(cat "$tmp/two")"
expect 0 "the same run again" -- "$pb" solve sudoku --engine learn "$set9"
stats "$tmp/out" >"$tmp/again"
cmp -s "$tmp/one" "$tmp/again" && ok || bad "two runs: $(cat "$tmp/one") vs $(cat "$tmp/again")"

expect 0 "uniqueness" -- "$pb" count sudoku --engine learn --limit 2 "$set9"
has '^puzzles=100 none=0 unique=100 multiple=0 stopped=0 unreadable=0$' "$tmp/out"

printf '. . . .\n. . . .\n. . . .\n. . . .\n' >"$tmp/empty4.txt"
expect 0 "latin 4 count" -- "$pb" count latin --engine learn "$tmp/empty4.txt"
has '^solutions=576 .* status=done' "$tmp/out"
expect 0 "latin 4 count --limit 2" -- "$pb" count latin --engine learn --limit 2 "$tmp/empty4.txt"
has '^solutions=2 ' "$tmp/out"
expect 0 "notouch cross8" -- "$pb" count notouch --engine learn cross8
has '^solutions=4 .* status=done params=[^ ]+$' "$tmp/out"
expect 0 "kakuro uniqueness" -- "$pb" count kakuro --engine learn --limit 2 "$src/data/kakuro/puzzles-9x9-hard.kak"
has 'unique=[1-9][0-9]* multiple=0 stopped=0' "$tmp/out"

expect 2 "no cell order" -- "$pb" solve sudoku --engine learn --order mrv "$set9"
has "engine learn has no cell order" "$tmp/err"
expect 3 "a step limit" -- "$pb" count latin --engine learn --step-limit 1000 "$tmp/empty4.txt"
has '^solutions=[0-9]+ steps=1000 .* status=limit( |$)' "$tmp/out"

finish cli_learn
