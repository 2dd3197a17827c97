#!/usr/bin/env bash
# cli_errors.sh — issue 33's flags and errors: options anywhere (before FAMILY too),
# tenpair's -q and --samples, outputs as --out only; every error names its command,
# blames the real culprit (an option, not the file's first puzzle), gives file:line
# only for a fault inside a file, and carries exactly one "(see ...)" hint.
# usage: tests/cli_errors.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
cd "$tmp" || exit 1

# hints: the number of "(see " in stderr is exactly one.
hints() {
    local n
    n=$(grep -o '(see ' "$tmp/err" | wc -l)
    if [ "$n" -eq "$1" ]; then ok; else bad "expected $1 '(see' hint(s), got $n: $(cat "$tmp/err")"; fi
}

# ---- options anywhere ----
expect 0 "options before FAMILY" -- "$pb" solve -e backtrack notouch cross8 -q
has '^solutions=1 steps=540 ' "$tmp/out"
expect 0 "options with values before FAMILY" -- "$pb" count -t 1 --engine backtrack -q notouch 2x4
has '^solutions=32 ' "$tmp/out"
expect 0 "--help before FAMILY" -- "$pb" solve --help notouch
has '^notouch:' "$tmp/out"
expect 2 "no FAMILY among options" -- "$pb" solve -e backtrack
one_line_error "^puzzlebench: solve: missing FAMILY \(one of: .*\) \(see 'puzzlebench solve --help'\)$"
expect 0 "solve tenpair -q" -- "$pb" solve tenpair -q
has '^length=68 wins=1 expanded=[0-9]+ ' "$tmp/out"
if [ "$(wc -l <"$tmp/out")" -eq 1 ]; then ok; else bad "-q printed boards: $(head -3 "$tmp/out")"; fi
expect 0 "solve tenpair --samples 2" -- "$pb" solve tenpair --samples 2 --min-sample-time 0 -q
has '^length=68 wins=1 .* samples=2 runs_per_sample=1 median_s=' "$tmp/out"
expect 0 "count tenpair -q" -- "$pb" count tenpair --max-length 70 -q
has '^wins=1 expanded=' "$tmp/out"

# ---- outputs are --out; -o is the order ----
expect 0 "export --out" -- "$pb" export dimacs notouch cross8 --out x.cnf
has '^p cnf ' x.cnf
expect 2 "export -o" -- "$pb" export dimacs notouch cross8 -o x.cnf
one_line_error "^puzzlebench: export: unknown option '-o' \(-o is --order .*; an output is --out\) \(see 'puzzlebench export --help'\)$"
expect 2 "render -o" -- "$pb" render notouch cross8 -o x.svg
one_line_error "^puzzlebench: render: unknown option '-o' .*an output is --out"
hints 1
expect 2 "sweep -t" -- "$pb" sweep -t 2 --list
one_line_error "^puzzlebench: sweep: unknown option '-t'"

# ---- the real culprit ----
expect 2 "order of an engine without one, on a file" -- "$pb" solve sudoku "$src/data/sudoku/9x9-bench.txt" -e logic -o mrv
one_line_error "^puzzlebench: solve: --order mrv: engine logic has no cell order$"
expect 2 "threads of a first-solution search" -- "$pb" solve latin qwh-10-0.42 -t 2
one_line_error "^puzzlebench: solve: --threads 2: engine propagate splits counts, not a first-solution search, over threads$"
expect 2 "unknown board" -- "$pb" solve notouch cross9
one_line_error "^puzzlebench: solve: unknown board 'cross9'"
expect 2 "unknown order" -- "$pb" solve notouch cross8 --order random
one_line_error "^puzzlebench: solve: --order random: no such order \(see 'puzzlebench engines'\)$"
hints 1
expect 2 "unknown engine" -- "$pb" count notouch cross8 -e nosuch
one_line_error "^puzzlebench: count: unknown engine 'nosuch' for notouch"
hints 1
# A fault inside a file keeps its file:line.
printf '# two puzzles\n%s\n%s\n' "$(printf '.%.0s' {1..81})" "12" >bad.txt
expect 2 "a short puzzle line" -- "$pb" solve sudoku bad.txt
one_line_error "^puzzlebench: solve: bad.txt:3: "

finish cli_errors
