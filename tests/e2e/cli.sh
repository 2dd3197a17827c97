#!/usr/bin/env bash
# cli.sh — end-to-end tests of the puzzlebench binary: outputs, exit statuses, the
# seed trace, one-line errors for bad input, and a short sweep whose CSV is read back.
# usage: tests/e2e/cli.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"

# The seed's trace, character for character (words translated).
expect 0 "trace" -- "$pb" solve notouch --board cross8 --engine backtrack --trace
grep -v '^solutions=' "$tmp/out" >"$tmp/trace"
if cmp -s "$tmp/trace" "$src/tests/golden/cross8-backtrack.trace"; then ok; else
    bad "trace differs from the seed's listing"; diff "$tmp/trace" "$src/tests/golden/cross8-backtrack.trace" | head >&2; fi

expect 0 "solve cross8" -- "$pb" solve notouch --board cross8 --engine backtrack
if [ "$(head -3 "$tmp/out" | tr '\n' '/')" = "3 5/7 1 8 2/4 6/" ]; then ok; else bad "first solution: $(cat "$tmp/out")"; fi
has '^solutions=1 steps=540 placements=[0-9]+ backtracks=[0-9]+ candidates=[0-9]+ guesses=[0-9]+ learnts=0 restarts=0 wall_s=[0-9.]+ status=done$' "$tmp/out"

for e in enum-perm enum-all backtrack propagate value-order path-dp; do
    expect 0 "count $e" -- "$pb" count notouch cross8 --engine "$e"
    has "^solutions=4 " "$tmp/out"
done
expect 0 "count mrv" -- "$pb" count notouch --board 2x5 --engine propagate --order mrv
has "^solutions=9024 " "$tmp/out"
expect 0 "parallel count" -- "$pb" count notouch 3x4 --engine backtrack --threads 2 --bind core
has "^solutions=272836 " "$tmp/out"

# Options: short forms, '--', a board from standard input, and what is refused.
expect 0 "short options" -- "$pb" solve notouch cross8 -e backtrack -o row
has '^solutions=1 steps=540 ' "$tmp/out"
expect 0 "board from stdin" -- sh -c "printf '.##.\\n####\\n.##.\\n' | \"$pb\" count notouch --board-file - -e backtrack"
has "^solutions=4 " "$tmp/out"
expect 2 "instance twice" -- "$pb" solve notouch 2x3 --board cross8
one_line_error "give the instance as INSTANCE or as --board, not both"
expect 2 "threads an engine cannot use" -- "$pb" count notouch 2x4 --engine value-order --threads 2
one_line_error "engine value-order cannot split one search over 2 threads"
expect 2 "threads on a first-solution search" -- "$pb" solve notouch 2x4 -e backtrack -t 2
one_line_error "splits counts, not a first-solution search"
expect 2 "a count-only option" -- "$pb" solve notouch cross8 --limit 2
one_line_error "--limit applies to count only"
expect 0 "quiet" -- "$pb" solve notouch cross8 -q
if [ "$(wc -l <"$tmp/out")" -eq 1 ]; then ok; else bad "--quiet printed the solution"; fi
# Every command's help lists every family (and sweep the families' keys).
"$pb" families --csv | tail -n +2 | cut -d, -f1 >"$tmp/families"
for cmd in "solve --help" "count --help" "--help"; do
    "$pb" $cmd >"$tmp/help"
    while read -r f; do has "^$f:|^  $f " "$tmp/help"; done <"$tmp/families"
done
# A family's help lists only the engines that run its models: every engine listed
# takes a small instance of the family (none refuses it as a model it cannot run),
# and the engines marked 'perms' (enum-perm) are offered where models are permutations.
printf '2x3\n%s\n%s\nqwh-4-0.5-s1\n' "$src/data/sudoku/4x4.txt" "$src/tests/data/kakuro/unique.kak" >"$tmp/small"
for f in notouch sudoku kakuro latin; do
    read -r inst
    "$pb" solve "$f" --help | sed -n '/^  engines (default/,/^$/p' | sed 's/.*)://' | tr ',' '\n' |
        tr -d ' ' | grep . >"$tmp/listed"
    while read -r e; do
        "$pb" count "$f" "$inst" -e "$e" --step-limit 1000 -q >/dev/null 2>"$tmp/err" </dev/null
        if ! grep -q 'cannot run this instance' "$tmp/err"; then ok; else
            bad "solve $f --help lists $e, which refuses $f: $(head -1 "$tmp/err")"; fi
    done <"$tmp/listed"
    if grep -qx enum-perm "$tmp/listed"; then perm=yes; else perm=no; fi
    if [ "$perm" = "$([ "$f" = notouch ] && echo yes || echo no)" ]; then ok; else
        bad "solve $f --help: enum-perm listed: $perm"; fi
done <"$tmp/small"
"$pb" sweep --help >"$tmp/help"
has "^keys of family notouch:" "$tmp/help"
has "^      --diff D" "$tmp/help"
expect 0 "engines --csv" -- "$pb" engines --csv
has "^kind,family,name,caps,summary$" "$tmp/out"
has "^engine,placement,backtrack,first count trace order parallel last," "$tmp/out"
has "^order,placement,mrv,," "$tmp/out"
has "^level,sudoku,expert,," "$tmp/out"

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
one_line_error "unknown order 'random' \(one of: row, degree, mrv\)"
expect 2 "bad number" -- "$pb" solve notouch cross8 --diff two
one_line_error "--diff expects a whole number"
expect 2 "unknown family" -- "$pb" solve chess cross8
one_line_error "unknown family"
expect 2 "engine refuses" -- "$pb" count notouch cross8 --engine path-dp --diff 3
one_line_error "cannot run this instance"
# path-dp plans its tables before it allocates them: bytes= says what they need, also
# when --max-memory stops it at once (exit 3). 5x5's plan is 45339842 bytes, on any
# machine; a search engine says nothing.
expect 3 "path-dp over --max-memory" -- "$pb" count notouch 5x5 -e path-dp --max-memory 1K
has ' restarts=0 bytes=45339842 wall_s=[0-9.]+ status=nomem$' "$tmp/out"
expect 0 "path-dp's bytes" -- "$pb" count notouch 2x5 -e path-dp
has ' bytes=[1-9][0-9]* wall_s=' "$tmp/out"
expect 0 "no bytes= from a search" -- "$pb" count notouch 2x5 -e backtrack
if grep -q 'bytes=' "$tmp/out"; then bad "backtrack printed bytes="; else ok; fi
expect 2 "no command" -- "$pb"
expect 2 "unknown command" -- "$pb" frob
one_line_error "unknown command"
expect 0 "help" -- "$pb" --help
has "^usage: puzzlebench" "$tmp/out"
# A family's summary, wrapped, goes on under its first line, not a column past it.
sed -n '/^families:/,/^$/p' "$tmp/out" >"$tmp/fams"
has "^ {12}[^ ]" "$tmp/fams"
if grep -Eq "^ {13}" "$tmp/fams"; then bad "--help: a family's summary wraps a column off"; else ok; fi
expect 0 "solve help" -- "$pb" solve --help
has "exit status" "$tmp/out"
# Exit 4 (standard output lost, a check failed) is every command's: the helps say so.
has "^ +be written, 130 SIGINT" "$tmp/out"
expect 0 "generate help" -- "$pb" generate --help
has "^ +output could not be written, 130 SIGINT" "$tmp/out"
expect 0 "engines" -- "$pb" engines
for e in enum-perm enum-all backtrack propagate value-order path-dp row degree mrv; do has "^  $e " "$tmp/out"; done
expect 0 "info" -- "$pb" info
has "^cores: [0-9]+" "$tmp/out"

# ---- sudoku ----
wiki="53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
none="12345678.........9$(printf '%.0s.' $(seq 63))"
empty="$(printf '%.0s.' $(seq 81))"
# check_grid PUZZLE SOLUTION: the solution keeps the givens and every row, column
# and box of the 9x9 holds 1-9 once (checked here, independently of the library).
check_grid() {
    awk -v p="$1" -v s="$2" 'BEGIN {
        if (length(s) != 81) exit 1
        for (i = 1; i <= 81; i++) {
            a = substr(p, i, 1); b = substr(s, i, 1)
            if (b !~ /[1-9]/ || (a != "." && a != "0" && a != b)) exit 1
            r = int((i - 1) / 9); c = (i - 1) % 9; x = int(r / 3) * 3 + int(c / 3)
            if (row[r, b]++ || col[c, b]++ || box[x, b]++) exit 1
        }
    }' && ok || bad "not a solution of $1: $2"
}
printf '# three puzzles\n%s\n\n%s\n%s\n' "$wiki" "$none" "$empty" >"$tmp/three.txt"
printf '%s\n' "$wiki" >"$tmp/wiki.txt"
expect 0 "solve sudoku" -- "$pb" solve sudoku "$tmp/wiki.txt"
check_grid "$wiki" "$(head -1 "$tmp/out")"
has "^solutions=1 .* status=done puzzles=1 elapsed_s=" "$tmp/out"
# A set stopped part-way: puzzles= counts the answered ones (their JSON status done),
# of= the set, and the rate is over the answered ones.
expect 3 "solve sudoku, puzzles stopped at a step limit" -- "$pb" solve sudoku "$src/data/sudoku/9x9-expert.txt" \
    -e backtrack -o row --step-limit 3000 -q
read -r k e r <<<"$(sed -n 's/.* puzzles=\([0-9]*\) of=100 elapsed_s=\([0-9.]*\) puzzles_per_s=\([0-9.]*\)$/\1 \2 \3/p' "$tmp/out")"
expect 3 "the same as JSON" -- "$pb" solve sudoku "$src/data/sudoku/9x9-expert.txt" -e backtrack -o row \
    --step-limit 3000 --json
done_n=$(grep -c '"status": "done"' "$tmp/out")
[ -n "$k" ] && [ "$k" -eq "$done_n" ] && [ "$k" -gt 0 ] && [ "$k" -lt 100 ] &&
    awk -v k="$k" -v e="$e" -v r="$r" 'BEGIN { d = r - k / e; exit !(e > 0 && d * d <= (0.05 + 1e-3 * r)^2) }' && ok ||
    bad "a stopped set: puzzles=$k, $done_n done in JSON, elapsed $e, rate $r"
for e in logic seed backtrack propagate; do
    expect 0 "solve sudoku $e" -- "$pb" solve sudoku "$tmp/wiki.txt" --engine "$e" --order row
    check_grid "$wiki" "$(grep -E '^[1-9]{81}$' "$tmp/out")"
done
expect 0 "solve sudoku mrv" -- "$pb" solve sudoku "$tmp/wiki.txt" --engine propagate --order mrv
check_grid "$wiki" "$(head -1 "$tmp/out")"
expect 0 "sudoku from stdin" -- sh -c "\"$pb\" solve sudoku - <\"$tmp/wiki.txt\""
check_grid "$wiki" "$(head -1 "$tmp/out")"
expect 0 "sudoku after --" -- "$pb" solve sudoku -- "$tmp/wiki.txt"
check_grid "$wiki" "$(head -1 "$tmp/out")"
expect 2 "threads on one puzzle" -- "$pb" solve sudoku "$tmp/wiki.txt" -t 2
one_line_error "engine logic cannot split one search"
# The seed's format in, the seed's format out; the seed's heading and candidates.
echo "$wiki" | sed 's/\./0/g; s/./& /g' | fold -w 18 >"$tmp/wiki.num"
expect 0 "sudoku numbers format" -- "$pb" solve sudoku "$tmp/wiki.num" --engine seed --candidates
has "^FIRST SOLUTION$" "$tmp/out"
check_grid "$wiki" "$(sed -n '4,12p' "$tmp/out" | tr -d ' \n')"
has "^deduction: [0-9]+ pass" "$tmp/out"
expect 1 "sudoku candidates" -- "$pb" solve sudoku "$tmp/three.txt" --engine seed --candidates --keep-going
# Uniqueness check: per puzzle verdicts in input order, then the summary.
expect 1 "count sudoku" -- "$pb" count sudoku "$tmp/three.txt" --limit 2
if [ "$(cut -d' ' -f2- "$tmp/out" | head -3 | tr '\n' '|')" = "unique|none|multiple (stopped at --limit 2)|" ]; then
    ok; else bad "count verdicts: $(cat "$tmp/out")"; fi
has "^puzzles=3 none=1 unique=1 multiple=1 stopped=0 unreadable=0$" "$tmp/out"
expect 0 "count 4x4" -- "$pb" count sudoku - --engine backtrack <<<"$(printf '%.0s.' $(seq 16))"
has "^solutions=288 " "$tmp/out"
expect 0 "count 4x4 enum-all" -- "$pb" count sudoku - --engine enum-all <<<"1..4..1..4.....2"
grep '^solutions=' "$tmp/out" | cut -d' ' -f1 >"$tmp/enum"
expect 0 "count 4x4 propagate" -- "$pb" count sudoku - --engine propagate <<<"1..4..1..4.....2"
grep -q "^$(cat "$tmp/enum") " "$tmp/out" && ok || bad "enum-all and propagate disagree"
# Batch solving in parallel prints in input order.
for i in 1 2 3 4 5 6; do cat "$tmp/three.txt"; done >"$tmp/many.txt"
expect 1 "batch 1 thread" -- "$pb" solve sudoku "$tmp/many.txt"
grep -v '^solutions=' "$tmp/out" >"$tmp/one-thread"
expect 1 "batch 2 threads" -- "$pb" solve sudoku "$tmp/many.txt" --threads 2
grep -v '^solutions=' "$tmp/out" | cmp -s - "$tmp/one-thread" && ok || bad "--threads 2 changed the output"
# Bad input: one line naming file and line, exit 2; --keep-going solves the rest.
printf '%s\n' "${wiki%?}" >"$tmp/short.txt"
expect 2 "sudoku wrong count" -- "$pb" solve sudoku "$tmp/short.txt"
one_line_error "short.txt:1: expected a puzzle of 16, 81, 256 or 625 cells on one line, got 80"
printf '%s\n' "${wiki%?}A" >"$tmp/range.txt"
expect 2 "sudoku symbol out of range" -- "$pb" solve sudoku "$tmp/range.txt"
one_line_error "range.txt:1: column 81: 'A' is outside 1-9 for a 9x9 board"
printf '# x\n55%s\n' "${wiki:2}" >"$tmp/rules.txt"
expect 2 "sudoku givens break rules" -- "$pb" solve sudoku "$tmp/rules.txt"
one_line_error "rules.txt:2: the givens break the rules: 5 twice in row 1"
{ printf '%s\n' "$wiki"; head -c 5000 /dev/zero | tr '\0' '.'; echo; } >"$tmp/long.txt"
expect 2 "sudoku line too long" -- "$pb" solve sudoku "$tmp/long.txt"
one_line_error "long.txt:2: line longer than 4096 characters"
if [ ! -s "$tmp/out" ]; then ok; else bad "bad input without --keep-going still solved"; fi
expect 2 "sudoku keep going" -- "$pb" solve sudoku "$tmp/long.txt" --keep-going
one_line_error "long.txt:2: line longer"
check_grid "$wiki" "$(head -1 "$tmp/out")"
printf '1 2 3\n' >"$tmp/num.txt"
expect 2 "sudoku numbers count" -- "$pb" solve sudoku "$tmp/num.txt"
one_line_error "num.txt:1: expected 16, 81, 256 or 625 numbers in the puzzle starting here, got 3"
: >"$tmp/nothing.txt"
expect 2 "sudoku empty file" -- "$pb" solve sudoku "$tmp/nothing.txt"
one_line_error "no puzzles found"
expect 2 "sudoku engine refuses" -- "$pb" solve sudoku "$tmp/wiki.txt" --engine enum-perm
one_line_error "wiki.txt:1: engine enum-perm cannot run this instance"
expect 2 "another family's engine" -- "$pb" solve sudoku "$tmp/wiki.txt" --engine path-dp
one_line_error "unknown engine 'path-dp' for sudoku"
expect 2 "candidates on notouch" -- "$pb" solve notouch cross8 --candidates
one_line_error "--candidates applies to solve sudoku only"
expect 3 "sudoku step limit" -- "$pb" solve sudoku "$tmp/wiki.txt" --engine backtrack --step-limit 5
# --samples times the run by the harness's method; the counts are the one run's.
expect 0 "count --samples" -- "$pb" count notouch 2x5 --samples 3 --min-sample-time 0.001
has "^solutions=9024 steps=159561 .* samples=3 runs_per_sample=[1-9][0-9]* median_s=.* median_lo_s=.* median_hi_s=.* cv=" "$tmp/out"
expect 2 "trace with --samples" -- "$pb" solve notouch 2x5 --trace --samples 2
one_line_error "--trace prints one run"
# The shipped sets are what the generator makes from their header line.
for set in 9x9-expert 4x4; do
    cmd=$(head -1 "$src/data/sudoku/$set.txt" | sed 's/^# puzzlebench //')
    # shellcheck disable=SC2086
    "$pb" $cmd --threads 2 >"$tmp/regen.txt" && cmp -s "$tmp/regen.txt" "$src/data/sudoku/$set.txt" &&
        ok || bad "data/sudoku/$set.txt is not what '$cmd' makes"
done
# A sudoku sweep: one row per set and run, puzzles counted.
expect 0 "sudoku sweep" -- "$pb" sweep --family sudoku --instances "$tmp/many.txt" --name sud \
    --engines "logic seed" --modes first --samples 1 --search-threads "1 2" --out "$tmp/res" --workers 1
awk -F, 'NR > 1 { n++; if ($12 != 12 || $21 != 18) bad = 1 } END { exit !(n == 4 && !bad) }' \
    "$tmp/res/sud.csv" && ok || bad "sudoku sweep rows: $(cat "$tmp/res/sud.csv")"

# One row per puzzle: each puzzle its own run, named FILE#INDEX.
expect 0 "sweep per puzzle" -- "$pb" sweep --family sudoku --instances "$tmp/wiki.txt $tmp/three.txt" \
    --name pp --engines logic --modes unique --samples 1 --rows per-puzzle --out "$tmp/res" -q
if [ "$(tail -n +2 "$tmp/res/pp.csv" | cut -d, -f2,11,12 | tr '\n' ' ')" = "wiki#0,done,1 three#0,done,1 three#1,done,0 three#2,done,2 " ]; then
    ok; else bad "per-puzzle sweep rows: $(cat "$tmp/res/pp.csv")"; fi

# A short sweep, read back.
out="$tmp/res"
expect 0 "sweep" -- "$pb" sweep --out "$out" --name t --family notouch --instances "cross8 2x3" \
    --engines "backtrack enum-perm path-dp" --orders "row mrv" --modes "first count" --samples 2 --min-sample-time 0.001 --workers 2
csv="$out/t.csv"
has "^family,instance,cells,engine,order,mode,threads,params,engine_seed,rep,status,solutions,steps,placements,backtracks,candidates,guesses,learnts,restarts,wall_s,puzzles,run_id,row,samples,runs_per_sample,min_s,median_s,mean_s,stddev_s,cv,median_lo_s,median_hi_s,noisy,ref_s,cpu_s,peak_rss_bytes,stop,time_limit_s$" "$csv"
# 2 instances x (backtrack x 2 orders + enum-perm + path-dp) x 2 modes: one row each
rows=$(($(wc -l <"$csv") - 1))
if [ "$rows" -eq 16 ]; then ok; else bad "sweep rows: $rows, expected 16"; fi
# Every row: one run_id (the .meta's), its own row number, 2 samples of at least 1 ms
# each, wall_s the median, min <= lo <= median <= hi, noisy exactly when cv > 5%.
run_id=$(sed -n 's/^run_id=//p' "$out/t.meta")
wrong=$(awk -F, -v id="$run_id" 'NR > 1 { if ($22 != id || ($23 in seen) || $24 != 2 || $25 < 1 ||
        $20 != $27 || !($26 <= $31 && $31 <= $27 && $27 <= $32) || $33 != ($30 > 0.05) ||
        n++ != $23) { print "line " NR ": " $0; exit } seen[$23] = 1 }' "$csv")
[ -z "$wrong" ] && ok || bad "sweep timing columns: $(head -1 "$csv") $wrong"
# The raw samples: 2 per row, runs_per_sample each, their median the row's.
wrong=$(awk -F, 'NR == FNR { if (FNR > 1) { runs[$23] = $25; med[$23] = $27 } next }
    FNR == 1 { if ($0 != "run_id,row,sample,runs,wall_s,round,process,cpu_s") { print "header " $0; stop = 1; exit } next }
    { if ($4 != runs[$2]) { print "line " FNR ": " $0; stop = 1; exit } n[$2]++; s[$2] += $5 }
    END { if (!stop) for (r in runs) if (n[r] != 2 || (s[r] / 2 - med[r])^2 > 1e-14 * med[r]^2) {
        print "row " r ": " n[r] " samples, mean of 2 " s[r] / 2 ", median " med[r]; exit } }' \
    "$csv" "$out/t.samples.csv")
[ -z "$wrong" ] && ok || bad "sweep samples: $wrong"
awk -F, 'NR > 1 && $11 != "done" { exit 1 }' "$csv" && ok || bad "sweep: a run not done"
# BenchExec's columns: CPU time per run (user + system, one thread: about its wall
# time, never more than a sample's clock granularity over it), why it stopped, the
# time limit (the sweep's default, 60 s). Two workers share the process, so no row's
# peak memory is its own: empty. Each sample's CPU time is in the samples file.
wrong=$(awk -F, 'NR > 1 && (!($35 > 0) || $35 > 1.5 * $27 + 0.001 || $36 != "" || $37 != "done" || $38 != 60) {
    print "line " NR ": " $0; exit }' "$csv")
[ -z "$wrong" ] && ok || bad "sweep cpu_s, peak_rss_bytes, stop, time_limit_s: $wrong"
wrong=$(awk -F, 'NR > 1 && !($8 > 0) { print "line " NR ": " $0; exit }' "$out/t.samples.csv")
[ -z "$wrong" ] && ok || bad "sweep samples cpu_s: $wrong"
# One worker: every run has the process to itself, and its peak memory is read (the
# process's resident high-water mark, reset before the run: some MB, under 1 GB).
expect 0 "sweep --workers 1" -- "$pb" sweep --out "$out" --name w1 --family notouch --instances "cross8" \
    --engines "backtrack path-dp" --modes count --samples 2 --min-sample-time 0.001 --workers 1
awk -F, 'NR > 1 { if (!($36 > 1000000 && $36 < 1e9) || $37 != "done") exit 1; n++ } END { exit n != 2 }' \
    "$out/w1.csv" && ok || bad "sweep --workers 1 peak_rss_bytes: $(cat "$out/w1.csv")"
awk -F, 'NR > 1 && $2 == "cross8" && $6 == "count" && $12 != 4 { exit 1 }' "$csv" && ok || bad "sweep: cross8 count != 4"
awk -F, 'NR > 1 && $2 == "cross8" && $4 == "backtrack" && $5 == "row" && $6 == "first" && $13 != 540 { exit 1 }' "$csv" && ok ||
    bad "sweep: backtrack/row first on cross8 is not 540 steps"
for k in run_id date commit compiler flags cpu packages cores pus threads bind; do has "^$k=" "$out/t.meta"; done
if ls "$out" | grep -q tmp; then bad "sweep left a temporary file"; else ok; fi

# A run that hits its limit stays in the CSV, with status limit, and is not repeated.
expect 0 "sweep with limit" -- "$pb" sweep --out "$out" --name lim --family notouch --instances 3x4 \
    --engines enum-all --modes count --samples 3 --step-limit 1000
if [ "$(tail -n +2 "$out/lim.csv" | cut -d, -f11,13,24,25,29-33 | tr '\n' ' ')" = "limit,1000,1,1,,,,,0 " ]; then ok; else
    bad "limited sweep: $(cat "$out/lim.csv")"; fi

# Sweep files: the shipped ones parse, bad ones name file and line.
# A collection's sweep is skipped (exit 77) where its folder is absent, as on a clean clone.
for f in "$src"/data/sweeps/*.sweep "$src"/bench/families/*/*.sweep; do
    rc=0
    "$pb" sweep "$f" --list >"$tmp/out" 2>"$tmp/err" || rc=$?
    if [ "$rc" -eq 0 ] || { [ "$rc" -eq 77 ] && grep -q ": no collection at .*: [a-z0-9-]* skipped$" "$tmp/err"; }; then ok; else
        bad "list $f: exit $rc"; cat "$tmp/err" >&2; fi
done
# ... and the help's exit statuses say so.
"$pb" sweep --help >"$tmp/help"
has "^77 skipped: a collection's folder is absent" "$tmp/help"
# slowdown: 0 or 1 is none, else 1 to 100 (as generate's --samples check says); a value
# below 1 would add no work and be taken silently.
for v in 0 1 1.5; do
    expect 0 "slowdown $v" -- "$pb" sweep --family notouch --instances 2x3 --slowdown "$v" --list
done
expect 2 "slowdown 0.5" -- "$pb" sweep --family notouch --instances 2x3 --slowdown 0.5 --list
one_line_error "slowdown"
for v in 0.5 101; do
    expect 2 "against-slowdown $v" -- "$pb" sweep --family notouch --instances 2x3 \
        --against "$pb" --against-slowdown "$v" --list
    one_line_error "against-slowdown"
done
# --quick: the file's quick instances (boards relative to the file too), 5 samples.
expect 0 "sweep --quick --list" -- "$pb" sweep "$src/bench/families/notouch/notouch.sweep" --quick --list
has "^160 runs, 5 samples each \(up to 10 while a pair's ratio is known less well than \+-2%\)$" "$tmp/out"
has "^ell5 backtrack row first threads=1$" "$tmp/out"
printf 'family notouch\ninstances cross8\nsamples many\n' >"$tmp/bad.sweep"
expect 2 "bad sweep" -- "$pb" sweep "$tmp/bad.sweep" --out "$out"
one_line_error "bad.sweep:3: samples expects a whole number"
printf 'family notouch\ninstances cross8\nmodes first frist\n' >"$tmp/bad.sweep"
expect 2 "sweep mode mistyped" -- "$pb" sweep "$tmp/bad.sweep" --out "$out"
one_line_error "^puzzlebench: sweep: .*bad.sweep:3: modes expects first, count or unique, got 'frist' \(did you mean 'first'\?\)$"
expect 2 "sweep bad instance" -- "$pb" sweep --family notouch --instances "cross8 7x11" --out "$out"
one_line_error "board too large"
# bind: a key of the file (and an option), recorded in the .meta; a bad value names
# the file and line.
printf 'name b\nfamily notouch\ninstances cross8\nengines backtrack\nsamples 1\nworkers 1\nbind core\n' >"$tmp/bind.sweep"
expect 0 "sweep bind key" -- "$pb" sweep "$tmp/bind.sweep" --out "$out" -q
has "^bind=core$" "$out/b.meta"
has "^workers=1$" "$out/b.meta"
expect 0 "sweep --bind overrides the file" -- "$pb" sweep "$tmp/bind.sweep" --out "$out" -q --force --bind none
has "^bind=none$" "$out/b.meta"
# --list estimates the time from the earlier run's .meta, and says when its settings
# were others; with none, it says so.
has "^elapsed_s=[0-9]+\.[0-9]$" "$out/b.meta"
expect 0 "sweep --list with an earlier run" -- "$pb" sweep "$tmp/bind.sweep" --out "$out" --list --bind none
has "^time: about [0-9.]+ (s|min) \(the earlier run in $out/b.meta, at commit [0-9a-f]+, took [0-9.]+ (s|min) for 2 of its 2 rows\)$" "$tmp/out"
expect 0 "sweep --list, other settings" -- "$pb" sweep "$tmp/bind.sweep" --out "$out" --list --samples 3
has "^2 runs, 3 samples each$" "$tmp/out"
has "; its setting samples differs, so this is only a rough guide$" "$tmp/out"
expect 0 "sweep --list, no earlier run" -- "$pb" sweep "$tmp/bind.sweep" --out "$tmp/none" --list
has "^time: no earlier run in $tmp/none/ to estimate it from$" "$tmp/out"
if [ ! -e "$tmp/none" ]; then ok; else bad "--list made its output folder"; fi
printf 'family notouch\ninstances cross8\nbind sideways\n' >"$tmp/bad.sweep"
expect 2 "bad bind" -- "$pb" sweep "$tmp/bad.sweep" --out "$out"
one_line_error "bad.sweep:3: bind expects"
# The guard on the machine's speed: the reference run and the readings in the .meta,
# and in every row ref_s, the median reading of its rounds (a time above 0); its keys
# take only sane values. A machine so loaded that no run of cross8 times under 1 ms
# gets no reference run: then it says so, and no row has a ref_s.
has "^speed_tolerance=0.1$" "$out/b.meta"
has "^settle_time_s=0$" "$out/b.meta"
if grep -q '^ref_run=none ' "$out/b.meta"; then
    has "^ref_run=none \(none of the first [0-9]+ runs finished within [0-9.e-]+ s: not guarded\)$" "$out/b.meta"
    want='$c == ""'
else
    has "^ref_run=[0-9]+ \(notouch,cross8,8,backtrack,row,(first|count),1,-,-\)$" "$out/b.meta"
    has "^ref_s=first [0-9.e+-]+ best [0-9.e+-]+ worst [0-9.e+-]+ last [0-9.e+-]+ \((1 reading|[0-9]+ readings)\)$" "$out/b.meta"
    has "^speed_waits=[0-9]+ \([0-9]+ recovered, [0-9]+ s waited\)$" "$out/b.meta"
    has "^speed_rounds=[0-9]+ taken again, [0-9]+ kept slower$" "$out/b.meta"
    want='$c > 0'
fi
if awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "ref_s") c = i }
            NR > 1 && !('"$want"') { bad = 1 } END { exit bad || !c || NR < 3 }' "$out/b.csv"; then
    ok
else
    bad "b.csv: a row whose ref_s is not $want"
fi
# The reference run's line names the run whole, an engine's parameter setting too
# (learn's is long), never cut short of its closing parenthesis.
printf 'name p\nfamily notouch\ninstances cross8\nengines learn\nmodes first\nsamples 1\nworkers 1\n' >"$tmp/p.sweep"
expect 0 "sweep of an engine with parameters" -- "$pb" sweep "$tmp/p.sweep" --out "$out" -q
if grep -q '^ref_run=none ' "$out/p.meta"; then
    # No reference run (a machine too loaded): its line says so whole, as b.meta's.
    has "^ref_run=none \(none of the first [0-9]+ runs finished within [0-9.e-]+ s: not guarded\)$" "$out/p.meta"
else
    has "^ref_run=0 \(notouch,cross8,8,learn,-,first,1,luby-unit=100;[a-z0-9=;-]+;vivify=0,-\)$" "$out/p.meta"
fi
printf 'family notouch\ninstances cross8\nspeed-tolerance 0\n' >"$tmp/bad.sweep"
expect 2 "speed-tolerance 0" -- "$pb" sweep "$tmp/bad.sweep" --out "$out"
one_line_error "bad.sweep:3: speed-tolerance expects"
printf 'family notouch\ninstances cross8\nsettle-time -1\n' >"$tmp/bad.sweep"
expect 2 "settle-time -1" -- "$pb" sweep "$tmp/bad.sweep" --out "$out"
one_line_error "bad.sweep:3: settle-time expects"

# Ctrl-C keeps the finished rows (each with all its samples) and renames the files
# into place; the .meta says the sweep was interrupted.
"$pb" sweep --out "$out" --name intr --family notouch --instances "cross8 2x3 2x7" \
    --engines "backtrack" --modes "first count" --samples 1 --workers 1 >"$tmp/out" 2>"$tmp/err" &
pid=$!
await_handler $pid
sleep 1
kill -INT $pid
wait $pid
st=$?
if [ "$st" -eq 130 ]; then ok; else bad "interrupted sweep: exit $st, expected 130"; fi
has "^family,instance" "$out/intr.csv"
if grep -q ",2x7,.*,count," "$out/intr.csv"; then bad "interrupted run was written"; else ok; fi
has "^rows=.*interrupted" "$out/intr.meta"
has "^status=interrupted$" "$out/intr.meta"
if [ -e "$out/intr.csv.part" ]; then bad "interrupted sweep left its .part file"; else ok; fi

# ---- generate sudoku ----
# --samples times the whole generation; every sample makes the same puzzles.
expect 0 "generate --samples" -- sh -c "\"$pb\" generate sudoku --count 20 --samples 3 --min-sample-time 0.001 --stats \"$tmp/gs.csv\" 2>\"$tmp/gs.err\""
"$pb" generate sudoku --count 20 | cmp -s - "$tmp/out" && ok || bad "generate --samples changed the puzzles"
has "^puzzlebench: generate: 20 puzzles: median .* per run, 3 samples of [0-9]+ run" "$tmp/gs.err"
has "^timing=samples:3 runs_per_sample:[0-9]+ median_s:" "$tmp/gs.meta"
# A generator's help that lists its records' columns lists the header it writes.
"$pb" generate --help | sed -n 's/^usage: puzzlebench generate \([a-z-]*\) \[options\]$/\1/p' >"$tmp/gens"
[ -s "$tmp/gens" ] && ok || bad "generate --help names no generator"
while read -r g; do
    cols=$("$pb" generate "$g" --help | tr '\n' ' ' | sed -n 's/.*Records: \([a-z_,]*\)\. .*/\1/p')
    [ -n "$cols" ] || continue
    rm -f "$tmp/rec.csv"
    "$pb" generate "$g" --stats "$tmp/rec.csv" --records-only -q 2>/dev/null
    [ "$(head -1 "$tmp/rec.csv")" = "$cols" ] && ok ||
        bad "generate $g --help: records $cols, written $(head -1 "$tmp/rec.csv")"
done <"$tmp/gens"
expect 2 "generate no family" -- "$pb" generate
one_line_error "generate: missing NAME"
expect 2 "generate bad family" -- "$pb" generate frob
one_line_error "unknown generator 'frob'"
expect 2 "generate bad size" -- "$pb" generate sudoku --size 10
one_line_error "--size expects 4, 9, 16 or 25"
expect 2 "generate bad difficulty" -- "$pb" generate sudoku --difficulty hard
one_line_error "--difficulty expects simple"
expect 2 "generate clues and difficulty" -- "$pb" generate sudoku --clues 30 --difficulty easy
one_line_error "--clues or --difficulty, not both"
expect 2 "generate too few clues" -- "$pb" generate sudoku --clues 16
one_line_error "fewer than 17"
expect 3 "generate out of tries" -- "$pb" generate sudoku --clues 18 --max-tries 1
one_line_error "puzzle 0.*--max-tries"
one_line_error "\(after 1 try and "
expect 0 "generate help" -- "$pb" generate sudoku --help
has "--max-tries" "$tmp/out"
expect 0 "generate" -- "$pb" generate sudoku --count 12 --seed 7 --difficulty intermediate
if [ "$(head -1 "$tmp/out")" = "# puzzlebench generate sudoku --size 9 --count 12 --seed 7 --difficulty intermediate" ]; then
    ok; else bad "generate header: $(head -1 "$tmp/out")"; fi
if [ "$(grep -cE '^[1-9.]{81}$' "$tmp/out")" -eq 12 ]; then ok; else bad "generate: not 12 puzzles"; fi
cp "$tmp/out" "$tmp/gen1"
expect 0 "generate 2 threads" -- "$pb" generate sudoku --count 12 --seed 7 --difficulty intermediate --threads 2
cmp -s "$tmp/out" "$tmp/gen1" && ok || bad "generate: --threads 2 changed the output"
# The header line is the command that makes the file again.
expect 0 "generate from header" -- "$pb" $(head -1 "$tmp/gen1" | cut -d' ' -f3-) --out "$tmp/gen2"
cmp -s "$tmp/gen1" "$tmp/gen2/generate.txt" && ok || bad "generate: the header line does not reproduce the file"
has "^index,size,clues,level,tries,checks,wall_s,run_id$" "$tmp/gen2/generate.csv"
if [ "$(awk -F, 'NR > 1 && $4 == "intermediate"' "$tmp/gen2/generate.csv" | wc -l)" -eq 12 ]; then ok; else bad "generate stats"; fi
expect 0 "generated puzzles are unique" -- "$pb" count sudoku "$tmp/gen1" --limit 2 --engine propagate --order mrv
has "unique=12 " "$tmp/out"

# The overview's examples run as written, in a folder holding the files they name.
mkdir -p "$tmp/ex"
grep -v '^#' "$src/data/sudoku/9x9-easy.txt" | head -n 3 >"$tmp/ex/puzzles.txt"
head -n 1 "$tmp/ex/puzzles.txt" >"$tmp/ex/board.txt"
cp "$src/data/kakuro/puzzles-9x9-hard.kak" "$tmp/ex/puzzles.kak"
"$pb" --help | sed -n '/^examples:$/,/^$/s/^  puzzlebench //p' >"$tmp/examples"
[ "$(wc -l <"$tmp/examples")" -ge 10 ] && ok || bad "the overview lists $(wc -l <"$tmp/examples") examples"
while read -r example; do
    (cd "$tmp/ex" && eval "\"\$pb\" $example" </dev/null >/dev/null 2>"$tmp/ex.err") && ok ||
        bad "the overview's example '$example': $(tail -n 1 "$tmp/ex.err")"
done <"$tmp/examples"

finish cli
