#!/usr/bin/env bash
# cli_params.sh — engine parameters and engine seeds from the command line: --param
# and --engine-seed on solve (the stats line's params= and engine_seed=), the same
# seed the same steps, an unknown parameter or a value out of range refused (exit 2,
# one line, the engine's parameters and the nearest name), a seed for an engine
# without random choices refused, restart's count refused; `engines` lists them.
# usage: tests/cli_params.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"

# same WHAT GOT WANT
same() { if [ "$2" = "$3" ]; then ok; else bad "$1: '$2', expected '$3'"; fi; }
steps() { sed -n 's/.* steps=\([0-9]*\) .*/\1/p' "$tmp/out"; }

# ---- solve: the setting on the stats line; steps fixed by the seed ----
expect 0 "restart, default seed" -- "$pb" solve notouch cross8 -e restart -q
has '^solutions=1 steps=94 .* status=done params=restart-steps=100,restart-schedule=luby,cell-choice=random engine_seed=1$' "$tmp/out"
expect 0 "restart, seed 1 given" -- "$pb" solve notouch cross8 -e restart --engine-seed 1 -q
same "seed 1 is the default" "$(steps)" 94
expect 0 "restart, restart-steps 10" -- "$pb" solve notouch cross8 -e restart --param restart-steps=10 -q
has '^solutions=1 steps=218 .* restarts=13 .*params=restart-steps=10,' "$tmp/out"
expect 0 "restart on a sudoku" -- "$pb" solve sudoku "$src/data/sudoku/9x9-easy.txt" -e restart \
    --param cell-choice=fewest --engine-seed 4 -q
has '^solutions=100 .* status=done .* engine_seed=4 ' "$tmp/out"
a=$(steps)
expect 0 "the same seed again" -- "$pb" solve sudoku "$src/data/sudoku/9x9-easy.txt" -e restart \
    --param cell-choice=fewest --engine-seed 4 -q -t 2
same "the same steps on 2 threads" "$(steps)" "$a"
expect 0 "another seed" -- "$pb" solve sudoku "$src/data/sudoku/9x9-easy.txt" -e restart \
    --param cell-choice=fewest --engine-seed 5 -q
[ "$(steps)" != "$a" ] && ok || bad "seeds 4 and 5 took the same steps: $a"
# An engine without parameters prints as before.
expect 0 "backtrack" -- "$pb" solve notouch cross8 -e backtrack -q
has ' status=done$' "$tmp/out"

# ---- refusals: exit 2, one line ----
expect 2 "an unknown parameter" -- "$pb" solve notouch cross8 -e restart --param restart-step=10
one_line_error "^puzzlebench: solve: engine restart has no parameter restart-step \(its parameters: restart-steps, restart-schedule, cell-choice\) \(did you mean 'restart-steps'\?\)$"
expect 2 "a value out of range" -- "$pb" solve notouch cross8 -e restart --param restart-steps=0
one_line_error "^puzzlebench: solve: engine restart: parameter restart-steps expects a whole number from 1 to 1099511627776, got '0'$"
expect 2 "a word not among the choices" -- "$pb" solve notouch cross8 -e restart --param cell-choice=mrv
one_line_error "parameter cell-choice expects one of: random, fewest, got 'mrv'$"
expect 2 "a parameter of an engine without any" -- "$pb" count notouch cross8 -e backtrack --param restart-steps=5
one_line_error "^puzzlebench: count: engine backtrack takes no parameters \(not restart-steps\)$"
expect 2 "a seed for an engine without random choices" -- "$pb" count notouch cross8 -e backtrack --engine-seed 3
one_line_error "^puzzlebench: count: engine backtrack makes no random choices: it takes no engine seed$"
expect 2 "restart cannot count" -- "$pb" count notouch cross8 -e restart
one_line_error "^puzzlebench: count: engine restart cannot count solutions$"
expect 2 "--param without =" -- "$pb" solve notouch cross8 -e restart --param restart-steps
one_line_error "^puzzlebench: solve: --param expects NAME=VALUE, got 'restart-steps'"
expect 2 "a seed past 2^64 - 1" -- "$pb" solve notouch cross8 -e restart --engine-seed 18446744073709551616
one_line_error "^puzzlebench: solve: --engine-seed expects a whole number from 0 to 18446744073709551615"

# ---- the listings ----
expect 0 "engines" -- "$pb" engines
has '^               --param restart-steps=N \(1\.\.1099511627776, default 100\):$' "$tmp/out"
expect 0 "engines --csv" -- "$pb" engines --csv
has '^param,placement,restart\.cell-choice,"random fewest, default random",' "$tmp/out"
expect 0 "solve --help" -- "$pb" solve --help
has '^      --param NAME=VALUE ' "$tmp/out"
has '^      --engine-seed N ' "$tmp/out"

finish cli_params
