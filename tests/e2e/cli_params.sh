#!/usr/bin/env bash
# cli_params.sh — engine parameters and engine seeds from the command line: --param
# and --engine-seed on solve (the stats line's params= and engine_seed=), the same
# seed the same steps, an unknown parameter or a value out of range refused (exit 2,
# one line, the engine's parameters and the nearest name), a seed for an engine
# without random choices refused, restart's count refused; a sweep's params and
# engine-seeds keys (the key columns params and engine_seed, compare's pairs, a
# setting named in part, --resume); `engines` lists them.
# usage: tests/e2e/cli_params.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"

# same WHAT GOT WANT
same() { if [ "$2" = "$3" ]; then ok; else bad "$1: '$2', expected '$3'"; fi; }
steps() { sed -n 's/.* steps=\([0-9]*\) .*/\1/p' "$tmp/out"; }

# ---- solve: the setting on the stats line; steps fixed by the seed ----
expect 0 "restart, default seed" -- "$pb" solve notouch cross8 -e restart -q
has '^solutions=1 steps=94 .* status=done params=restart-steps=100;restart-schedule=luby;cell-choice=random engine_seed=1$' "$tmp/out"
expect 0 "restart, seed 1 given" -- "$pb" solve notouch cross8 -e restart --engine-seed 1 -q
same "seed 1 is the default" "$(steps)" 94
expect 0 "restart, restart-steps 10" -- "$pb" solve notouch cross8 -e restart --param restart-steps=10 -q
has '^solutions=1 steps=218 .* restarts=13 .*params=restart-steps=10;' "$tmp/out"
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

# ---- a sweep over engine seeds and parameter sets ----
cat >"$tmp/s.sweep" <<'EOF2'
name s
family notouch
instances cross8 2x4
engines backtrack restart
modes first
params - restart-steps=10,cell-choice=fewest
engine-seeds 1-3
samples 1
warmup 0
EOF2
expect 0 "sweep --list" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/sw" --list
has '^cross8 restart - first threads=1 params=restart-steps=10;restart-schedule=luby;cell-choice=fewest engine_seed=3$' "$tmp/out"
has '^14 runs' "$tmp/out"
expect 0 "sweep" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/sw" -q
# The key columns, read as CSV: backtrack once ("-", "-"), restart once per set and seed.
rows() {
    python3 -c 'import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r["instance"], r["engine"], r["params"], r["engine_seed"], r["status"], r["solutions"], r["steps"])' "$1"
}
rows "$tmp/sw/s.csv" >"$tmp/rows"
same "rows" "$(wc -l <"$tmp/rows" | tr -d ' ')" 14
same "cross8 backtrack" "$(grep -c '^cross8 backtrack - - done 1 540$' "$tmp/rows")" 1
for i in cross8 2x4; do
    same "$i: restart's seeds of the defaults" \
        "$(grep "^$i restart restart-steps=100;restart-schedule=luby;cell-choice=random " "$tmp/rows" | cut -d' ' -f4 | tr '\n' ' ')" "1 2 3 "
    same "$i: restart's seeds of the set" \
        "$(grep "^$i restart restart-steps=10;restart-schedule=luby;cell-choice=fewest " "$tmp/rows" | cut -d' ' -f4 | tr '\n' ' ')" "1 2 3 "
done
same "restart's first solutions" "$(grep -c ' restart .* done 1 ' "$tmp/rows")" 12
same "seed 1 of the defaults on cross8: solve's steps" \
    "$(grep '^cross8 restart restart-steps=100;restart-schedule=luby;cell-choice=random 1 ' "$tmp/rows" | cut -d' ' -f7)" 94
has '^engine_params=- restart-steps=10,cell-choice=fewest$' "$tmp/sw/s.meta"
has '^engine_seeds=1 2 3$' "$tmp/sw/s.meta"
# compare pairs a run only with the run of the same seed and setting.
expect 0 "compare by key" -- "$pb" compare "$tmp/sw/s.csv" "$tmp/sw/s.csv" --threshold 0
has '^0 paired by round, 14 from independent samples$' "$tmp/out"
expect 0 "compare two seeds" -- "$pb" compare "$tmp/sw/s.csv" --by engine_seed=1,3
has '^0 paired by round, 4 from independent samples$' "$tmp/out"
# A setting has no comma: every row has the header's fields, and --by can name two.
awk -F, 'NR == 1 { nf = NF } NF != nf { exit 1 }' "$tmp/sw/s.csv" && ok || bad "a row of another width"
expect 0 "compare two settings" -- "$pb" compare "$tmp/sw/s.csv" \
    --by "params=restart-steps=100;restart-schedule=luby;cell-choice=random,restart-steps=10;restart-schedule=luby;cell-choice=fewest"
has '^0 paired by round, 6 from independent samples$' "$tmp/out"
# A setting named in part, by the items that differ: the same pairs.
expect 0 "compare settings named in part" -- "$pb" compare "$tmp/sw/s.csv" \
    --by "params=restart-steps=100,cell-choice=fewest;restart-steps=10"
has '^0 paired by round, 6 from independent samples$' "$tmp/out"
expect 2 "compare: a row that is both sides" -- "$pb" compare "$tmp/sw/s.csv" \
    --by "params=restart-schedule=luby,cell-choice=fewest"
one_line_error "s\.csv:[0-9]+: --by: 'restart-steps=10;restart-schedule=luby;cell-choice=fewest' is both restart-schedule=luby and cell-choice=fewest: give values that tell the sides apart$"
# A grid of settings: --by names one item's two values and pairs the rows alike in
# every other item, which a column of their own shows; --where narrows by items.
expect 0 "a grid of settings" -- "$pb" sweep --family notouch --instances cross8 --engines restart \
    --modes first --params "restart-steps=10/1000;cell-choice=random/fewest" --samples 2 --name g \
    --out "$tmp/grid" -q
expect 0 "compare one item across the others" -- "$pb" compare "$tmp/grid/g.csv" \
    --by params=restart-steps=10,restart-steps=1000
has "^params +old +new " "$tmp/out"
for c in random fewest; do has "^cell-choice=$c +[0-9]" "$tmp/out"; done
has '^2 paired by round, 0 from independent samples$' "$tmp/out"
expect 0 "compare one item, --where another" -- "$pb" compare "$tmp/grid/g.csv" --csv \
    --by params=restart-steps=10,restart-steps=1000 --where params=cell-choice=fewest
same "the pair of cell-choice=fewest" "$(python3 -c 'import csv, sys
print(*[r["params"] + " " + r["old_steps"] for r in csv.DictReader(open(sys.argv[1])) if r["family"] != "geomean"])' \
    "$tmp/out")" "cell-choice=fewest $(awk -F, '$8 ~ /restart-steps=10;.*fewest/ { print $13 }' "$tmp/grid/g.csv")"
expect 2 "compare: a part that picks two settings" -- "$pb" compare "$tmp/grid/g.csv" \
    --by "params=restart-steps=10,restart-steps=1000;cell-choice=fewest"
one_line_error "g\.csv:[0-9]+: params=restart-steps=10 picks two rows that differ in params alone \(lines [0-9]+ and [0-9]+\): give more of the value$"
expect 2 "compare: --where a whole value of --by's column" -- "$pb" compare "$tmp/grid/g.csv" \
    --by params=restart-steps=10,restart-steps=1000 --where params=-
one_line_error "--where params=\.\.\.: the column of --by picks the sides already \(a setting's items, NAME=VALUE, may narrow them\)$"
expect 2 "compare: a part no row has" -- "$pb" compare "$tmp/sw/s.csv" \
    --by "params=restart-steps=100,restart-steps=7"
one_line_error "expected a value of column params for --by, got 'restart-steps=7'"
# --resume keeps the rows written (quoted params and all) and runs the rest.
head -n 9 "$tmp/sw/s.csv" >"$tmp/sw/s.csv.part" && rm "$tmp/sw/s.csv"
mv "$tmp/sw/s.samples.csv" "$tmp/sw/s.samples.csv.part"
sed -i 's/^status=complete$/status=running/' "$tmp/sw/s.meta"
expect 0 "sweep --resume" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/sw" -q --resume
rows "$tmp/sw/s.csv" >"$tmp/rows2"
same "the resumed sweep's rows" "$(sort "$tmp/rows2" | cut -d' ' -f1-6)" "$(sort "$tmp/rows" | cut -d' ' -f1-6)"
has '^run_id=[^ ]+ [^ ]+$' "$tmp/sw/s.meta"
# A value A/B/C: a set of each, every combination, the first item's values slowest.
expect 0 "sweep: sets of alternatives" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/sw3" --list \
    --params "restart-steps=10/1000,restart-schedule=luby/geometric" --engine-seeds 7
same "the sets" "$(grep '^cross8 restart' "$tmp/out" | sed 's/.*params=//')" \
    "restart-steps=10;restart-schedule=luby;cell-choice=random engine_seed=7
restart-steps=10;restart-schedule=geometric;cell-choice=random engine_seed=7
restart-steps=1000;restart-schedule=luby;cell-choice=random engine_seed=7
restart-steps=1000;restart-schedule=geometric;cell-choice=random engine_seed=7"
expect 2 "sweep: one setting twice" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/sw3" --list --params "- restart-steps=100"
one_line_error "^puzzlebench: sweep: --params: the sets '-' and 'restart-steps=100' are one setting of engine restart \(restart-steps=100;restart-schedule=luby;cell-choice=random\)"
expect 2 "sweep: a set twice" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/sw3" --list --params "restart-steps=10/10"
one_line_error "^puzzlebench: sweep: --params gives the set 'restart-steps=10' twice"
# Refusals, one line naming the file and line.
expect 2 "sweep: an unknown parameter" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/sw2" --params restart-step=5 --list
one_line_error "^puzzlebench: sweep: --params names parameter restart-step, which no engine of the sweep has \(did you mean 'restart-steps'\?\)"
# A set of two engines' parameters is neither's: refused, not dropped from the runs.
expect 2 "sweep: a set no engine takes whole" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/sw2" --list \
    --engines "learn restart" --params "- restart-steps=10;luby-unit=5/6"
one_line_error "^puzzlebench: sweep: --params: no engine of the sweep has every parameter of the set 'restart-steps=10;luby-unit=5', so none would run it"
sed -i 's/^engines .*/engines backtrack/' "$tmp/s.sweep"
expect 2 "sweep: seeds, no random engine" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/sw2" --params - --list
one_line_error "s\.sweep:7: engine-seeds: no engine of the sweep makes random choices"
expect 2 "sweep: a bad seed range" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/sw2" --engine-seeds 3-1 --list
one_line_error "--engine-seeds expects seeds N or ranges A-B"

# ---- the listings ----
expect 0 "engines" -- "$pb" engines
has '^ +--param restart-steps=N \(1\.\.1099511627776, default 100\):$' "$tmp/out"
# One column for every summary, capability list and parameter, past the longest name
# (engines, outside solvers, orders, levels: learn-alldiff's is over the old 12), and a
# parameter's meaning two further in.
awk '/^  [^ ]/ { match($0, /^  [^ ]+ +/); col[RLENGTH]++; next }
    /^ +(\[|--param )/ { match($0, /^ +/); col[RLENGTH]++; next }
    /^ / { match($0, /^ +/); meaning[RLENGTH]++ }
    END { for (k in col) { n++; c = k }
          for (k in meaning) if (k != c + 2) exit 1
          exit n != 1 }' "$tmp/out" && ok || bad "engines: the columns are not aligned: $(grep -E '^  [^ ]+ [^ ]' "$tmp/out" | head -3)"
expect 0 "engines --csv" -- "$pb" engines --csv
has '^param,placement,restart\.cell-choice,"random fewest, default random",' "$tmp/out"
expect 0 "solve --help" -- "$pb" solve --help
has '^      --param NAME=VALUE ' "$tmp/out"
has '^      --engine-seed N ' "$tmp/out"

finish cli_params
