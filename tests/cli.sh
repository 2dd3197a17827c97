#!/usr/bin/env bash
# cli.sh — end-to-end tests of the puzzlebench binary: outputs, exit statuses, the
# seed trace, one-line errors for bad input, and a short sweep whose CSV is read back.
# usage: tests/cli.sh PATH/TO/puzzlebench SOURCE_DIR
set -u
pb=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
# expect STATUS DESCRIPTION -- command...: runs it, output in $tmp/out and $tmp/err.
expect() {
    local want=$1 what=$2
    shift 3
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [ "$got" -eq "$want" ]; then ok; else bad "$what: exit $got, expected $want"; cat "$tmp/err" >&2; fi
}
# one_line_error PATTERN: stderr is exactly one line and matches PATTERN.
one_line_error() {
    if [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -Eq -e "$1" "$tmp/err"; then ok; else
        bad "stderr should be one line matching '$1', got: $(cat "$tmp/err")"; fi
}
has() { if grep -Eq -e "$1" "$2"; then ok; else bad "$2 lacks '$1'"; fi; }

# The seed's trace, character for character (words translated).
expect 0 "trace" -- "$pb" solve notouch --board cross8 --engine backtrack --trace
grep -v '^solutions=' "$tmp/out" >"$tmp/trace"
if cmp -s "$tmp/trace" "$src/tests/golden/cross8-backtrack.trace"; then ok; else
    bad "trace differs from the seed's listing"; diff "$tmp/trace" "$src/tests/golden/cross8-backtrack.trace" | head >&2; fi

expect 0 "solve cross8" -- "$pb" solve notouch --board cross8 --engine backtrack
if [ "$(head -3 "$tmp/out" | tr '\n' '/')" = "3 5/7 1 8 2/4 6/" ]; then ok; else bad "first solution: $(cat "$tmp/out")"; fi
has '^solutions=1 steps=540 placements=[0-9]+ backtracks=[0-9]+ candidates=[0-9]+ guesses=[0-9]+ wall_s=[0-9.]+ status=done$' "$tmp/out"

for e in enum-perm enum-all backtrack propagate value-order path-dp; do
    expect 0 "count $e" -- "$pb" count notouch cross8 --engine "$e"
    has "^solutions=4 " "$tmp/out"
done
expect 0 "count mrv" -- "$pb" count notouch --board 2x5 --engine propagate --order mrv
has "^solutions=9024 " "$tmp/out"
expect 0 "parallel count" -- "$pb" count notouch 3x4 --engine backtrack --threads 2 --bind core
has "^solutions=272836 " "$tmp/out"

# A board file, and a board without solutions (exit 1).
printf '.##.\n####\n.##.\n' >"$tmp/cross.txt"
expect 0 "board file" -- "$pb" count notouch --board-file "$tmp/cross.txt" --engine backtrack
has "^solutions=4 " "$tmp/out"
expect 1 "no solution" -- "$pb" solve notouch 2x2 --diff 3
has "^no solution$" "$tmp/out"
expect 1 "count none" -- "$pb" count notouch 2x2 --adj king --diff 3
expect 3 "step limit" -- "$pb" solve notouch 3x4 --engine backtrack --step-limit 10
has "status=limit" "$tmp/out"

# Bad input: one line naming file, line and what was expected; exit 2.
printf '.##.\n#x##\n' >"$tmp/bad.txt"
expect 2 "malformed mask" -- "$pb" solve notouch --board-file "$tmp/bad.txt"
one_line_error "bad.txt:2: expected '#' \(cell\) or '\.' \(hole\), got 'x'"
: >"$tmp/empty.txt"
expect 2 "empty mask" -- "$pb" solve notouch --board-file "$tmp/empty.txt"
one_line_error "empty.txt:1: expected rows"
printf '.....\n' >"$tmp/holes.txt"
expect 2 "no cells" -- "$pb" count notouch --board-file "$tmp/holes.txt"
one_line_error "holes.txt:1: expected at least one cell"
for i in 1 2 3 4 5 6 7 8 9; do echo '#########'; done >"$tmp/big.txt"
expect 2 "board file too large" -- "$pb" count notouch --board-file "$tmp/big.txt"
one_line_error "big.txt:9: board too large: 81 cells, at most 64"
expect 2 "board too large" -- "$pb" count notouch 9x9
one_line_error "board too large"
expect 2 "missing file" -- "$pb" count notouch --board-file "$tmp/nope.txt"
one_line_error "nope.txt: cannot open"
expect 2 "unknown engine" -- "$pb" solve notouch cross8 --engine quantum
one_line_error "unknown engine 'quantum'"
expect 2 "unknown option" -- "$pb" solve notouch cross8 --frobnicate
one_line_error "unknown option '--frobnicate'"
expect 2 "unknown order" -- "$pb" solve notouch cross8 --order random
one_line_error "unknown order"
expect 2 "bad number" -- "$pb" solve notouch cross8 --diff two
one_line_error "--diff expects a whole number"
expect 2 "unknown family" -- "$pb" solve chess cross8
one_line_error "unknown family"
expect 2 "engine refuses" -- "$pb" count notouch cross8 --engine path-dp --diff 3
one_line_error "cannot run this instance"
expect 2 "no command" -- "$pb"
expect 2 "unknown command" -- "$pb" frob
one_line_error "unknown command"
expect 0 "help" -- "$pb" --help
has "^usage: puzzlebench" "$tmp/out"
expect 0 "solve help" -- "$pb" solve --help
has "exit status" "$tmp/out"
expect 0 "engines" -- "$pb" engines
for e in enum-perm enum-all backtrack propagate value-order path-dp row degree mrv; do has "^  $e " "$tmp/out"; done
expect 0 "info" -- "$pb" info
has "^cores: [0-9]+" "$tmp/out"

# A short sweep, read back.
out="$tmp/res"
expect 0 "sweep" -- "$pb" sweep --out "$out" --name t --family notouch --instances "cross8 2x3" \
    --engines "backtrack enum-perm path-dp" --orders "row mrv" --modes "first count" --reps 2 --threads 2
csv="$out/t.csv"
has "^family,instance,cells,engine,order,mode,threads,rep,status,solutions,steps,placements,backtracks,candidates,guesses,wall_s$" "$csv"
# 2 instances x (backtrack x 2 orders + enum-perm + path-dp) x 2 modes x 2 reps
rows=$(($(wc -l <"$csv") - 1))
if [ "$rows" -eq 32 ]; then ok; else bad "sweep rows: $rows, expected 32"; fi
awk -F, 'NR > 1 && $9 != "done" { exit 1 }' "$csv" && ok || bad "sweep: a run not done"
awk -F, 'NR > 1 && $2 == "cross8" && $6 == "count" && $10 != 4 { exit 1 }' "$csv" && ok || bad "sweep: cross8 count != 4"
awk -F, 'NR > 1 && $2 == "cross8" && $4 == "backtrack" && $5 == "row" && $6 == "first" && $11 != 540 { exit 1 }' "$csv" && ok ||
    bad "sweep: backtrack/row first on cross8 is not 540 steps"
# Steps do not depend on the rep.
awk -F, 'NR > 1 { k = $2 FS $4 FS $5 FS $6; if (k in s && s[k] != $11) exit 1; s[k] = $11 }' "$csv" && ok || bad "sweep: steps vary across reps"
for k in date commit compiler flags cpu packages cores pus threads bind; do has "^$k=" "$out/t.meta"; done
if ls "$out" | grep -q tmp; then bad "sweep left a temporary file"; else ok; fi

# A run that hits its limit stays in the CSV, with status limit, and is not repeated.
expect 0 "sweep with limit" -- "$pb" sweep --out "$out" --name lim --family notouch --instances 3x4 \
    --engines enum-all --modes count --reps 3 --step-limit 1000
if [ "$(tail -n +2 "$out/lim.csv" | cut -d, -f8,9,11 | tr '\n' ' ')" = "0,limit,1000 " ]; then ok; else
    bad "limited sweep: $(cat "$out/lim.csv")"; fi

# Sweep files: the shipped ones parse, bad ones name file and line.
for f in "$src"/data/sweeps/*.sweep; do
    expect 0 "list $f" -- "$pb" sweep "$f" --list
done
printf 'family notouch\ninstances cross8\nreps many\n' >"$tmp/bad.sweep"
expect 2 "bad sweep" -- "$pb" sweep "$tmp/bad.sweep" --out "$out"
one_line_error "bad.sweep:3: reps: expected a whole number"
expect 2 "sweep bad instance" -- "$pb" sweep --family notouch --instances "cross8 7x11" --out "$out"
one_line_error "board too large"

# Ctrl-C keeps the finished rows and writes the file whole.
"$pb" sweep --out "$out" --name intr --family notouch --instances "cross8 2x3 2x7" \
    --engines "backtrack" --modes "first count" --reps 1 --threads 1 >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1
kill -INT $pid
wait $pid
st=$?
if [ "$st" -eq 130 ]; then ok; else bad "interrupted sweep: exit $st, expected 130"; fi
has "^family,instance" "$out/intr.csv"
if grep -q ",2x7,.*,count," "$out/intr.csv"; then bad "interrupted run was written"; else ok; fi
has "^rows=.*interrupted" "$out/intr.meta"

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
