#!/usr/bin/env bash
# cli_inputs.sh — inputs that are not plain files of text: a named pipe (FIFO) with no
# writer is refused at once by every reader, never waited on in open(2), while a pipe
# that has a writer (bash's <(cmd)) is read.
# usage: tests/e2e/cli_inputs.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
cd "$tmp" || exit 1

# ---- a FIFO with no writer ----

mkfifo fifo
fifo_refused='fifo: a pipe \(FIFO\) with no writer and nothing to read'
# refused WHAT ARGS...: exits 2 at once (timeout's 124 is a wait) with one line.
refused() {
    local what=$1
    shift
    expect 2 "$what" -- timeout 10 "$pb" "$@"
    one_line_error "$fifo_refused"
}
# Every family's reader: a file of puzzles (a family whose instances are never files
# refuses the name as an instance, and still at once).
"$pb" families --csv | tail -n +2 | cut -d, -f1 >families
while read -r fam; do
    expect 2 "solve $fam, a FIFO" -- timeout 10 "$pb" solve "$fam" ./fifo -q
    one_line_error "."
done <families
refused "count --board-file" count notouch --board-file fifo -q
refused "render" render sudoku fifo
refused "export dimacs" export dimacs sudoku fifo
refused "sweep FILE" sweep fifo --list
printf 'family sudoku\ninstances fifo\nengines backtrack\n' >i.sweep
refused "a sweep's instances" sweep i.sweep --list
refused "generate --outline" generate kakuro --outline fifo -q
refused "import-solution" import-solution latin qwh-5-0.42-s1 fifo
refused "meta --end" meta --out m.meta --end fifo
refused "compare" compare fifo fifo
expect 2 "time --stdin, a FIFO" -- timeout 10 "$pb" time --stdin fifo -q -- true
one_line_error "--stdin fifo: cannot be read again at every run"
rm -f t.csv && mkfifo t.csv
expect 2 "time --csv, a FIFO there" -- timeout 10 "$pb" time --csv t.csv -q -- true
one_line_error "t\.csv: a pipe \(FIFO\) with no writer"

# A sweep's files read back: a FIFO at the .meta (--resume, --list's estimate) or beside
# a CSV that compare reads.
printf 'family sudoku\ninstances %s\nengines backtrack propagate\nmodes first\n' \
    "$src/data/sudoku/4x4.txt" >k.sweep
printf 'samples 3\nmin-sample-time 0.001\nrep-budget 1\n' >>k.sweep
if "$pb" sweep k.sweep --out o -q >out 2>err; then ok; else bad "sweep k.sweep: $(cat err)"; fi
for f in k.meta k.samples.csv; do
    rm -rf p && cp -r o p && rm "p/$f" && mkfifo "p/$f"
    expect 2 "compare, a FIFO at $f" -- timeout 10 "$pb" compare p/k.csv --by engine=backtrack,propagate
    one_line_error "p/$f: a pipe \(FIFO\) with no writer"
done
rm -rf p && cp -r o p && rm p/k.meta && mkfifo p/k.meta
expect 2 "sweep --resume, a FIFO at the .meta" -- timeout 10 "$pb" sweep k.sweep --out p --resume -q
one_line_error "p/k\.meta: a pipe \(FIFO\) with no writer"
expect 0 "sweep --list, a FIFO at the .meta" -- timeout 10 "$pb" sweep k.sweep --out p --list

# A pipe with a writer is read: process substitution, as a shell user writes it.
expect 0 "solve, <(cat FILE)" -- timeout 10 "$pb" solve sudoku <(cat "$src/data/sudoku/4x4.txt") -q
has "solutions=100 " "$tmp/out"

finish cli_inputs
