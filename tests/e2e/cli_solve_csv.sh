#!/usr/bin/env bash
# cli_solve_csv.sh — solve's and count's --csv FILE: the header (the family's settings last), one row per puzzle in
# input order with the counts the stats line prints, FILE.meta's run_id on every row,
# the engine's parameters and seed ("-" where it has none), a step limit (exit 3,
# status=limit, stop=step-limit), a time and a solution limit, CPU time and peak memory
# (against the kernel's ru_maxrss), a memory limit (the planned bytes), an unreadable puzzle (--keep-going: exit 2, its
# row with empty counts), a link at FILE replaced and not followed, a file that
# cannot be written (exit 2, one line, before the run), a disk that fills (FILE and
# FILE.meta land together or not at all).
# usage: tests/e2e/cli_solve_csv.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"

header="family,instance,puzzle,engine,order,mode,threads,params,engine_seed,status,solutions,steps,placements,backtracks,candidates,guesses,learnts,restarts,bytes,wall_s,cpu_s,peak_rss_bytes,stop,time_limit_s,diff,adj,run_id"
# same WHAT GOT WANT
same() { if [ "$2" = "$3" ]; then ok; else bad "$1: '$2', expected '$3'"; fi; }

# ---- count: one puzzle, the stats line's counts, the .meta's run id ----
expect 0 "count notouch cross8 --csv" -- "$pb" count notouch cross8 -e backtrack --csv "$tmp/c.csv"
same "header" "$(head -1 "$tmp/c.csv")" "$header"
same "rows" "$(wc -l <"$tmp/c.csv" | tr -d ' ')" 2
id=$(sed -n 's/^run_id=//p' "$tmp/c.csv.meta")
steps=$(sed -n 's/.*steps=\([0-9]*\) .*/\1/p' "$tmp/out")
same "the row" "$(cut -d, -f1-12,19,25-27 "$tmp/c.csv" | sed -n 2p)" \
    "notouch,cross8,cross8,backtrack,row,count,1,-,-,done,4,$steps,0,2,king,$id"
if [ -s "$tmp/c.csv.topology.xml" ]; then ok; else bad "no topology beside c.csv.meta"; fi

# ---- an engine with parameters and a seed: every parameter's value (defaults too),
# the seed; both as the stats line gives them; no cell order ("-", as a sweep's rows) ----
expect 0 "solve -e restart --csv" -- "$pb" solve notouch cross8 -e restart --engine-seed 2 \
    --param cell-choice=fewest -q --csv "$tmp/r.csv"
has ' params=restart-steps=100;restart-schedule=luby;cell-choice=fewest engine_seed=2$' "$tmp/out"
same "restart's row" "$(sed -n 2p "$tmp/r.csv" | cut -d, -f4-10)" \
    'restart,-,solve,1,restart-steps=100;restart-schedule=luby;cell-choice=fewest,2,done'

# ---- solve on a file: a row per puzzle, in input order, each solved ----
bench=$src/data/sudoku/9x9-bench.txt
expect 0 "solve sudoku FILE --csv" -- "$pb" solve sudoku "$bench" -q --csv "$tmp/s.csv"
want=$(grep -n -v -e '^#' -e '^[[:space:]]*$' "$bench" | cut -d: -f1 | sed "s|^|$bench:|")
same "puzzles in input order" "$(sed 1d "$tmp/s.csv" | cut -d, -f3)" "$want"
same "every puzzle solved once" "$(sed 1d "$tmp/s.csv" | cut -d, -f6,10,11 | sort -u)" "solve,done,1"
total=$(sed -n 's/.*steps=\([0-9]*\) .*/\1/p' "$tmp/out")
same "the rows' steps add up to the stats line's" \
    "$(awk -F, 'NR > 1 { s += $12 } END { print s }' "$tmp/s.csv")" "$total"

# ---- a step limit: exit 3, status limit ----
expect 3 "count --step-limit --csv" -- "$pb" count notouch 3x4 --step-limit 1000 --csv "$tmp/l.csv"
same "limited row" "$(cut -d, -f10,12 "$tmp/l.csv" | sed -n 2p)" "limit,1000"
same "why it stopped" "$(cut -d, -f23,24 "$tmp/l.csv" | sed -n 2p)" "step-limit,0"

# ---- a time limit: stop time-limit and the limit itself (a count of hours cut at 0.2 s) ----
expect 3 "count --time-limit --csv" -- "$pb" count notouch 4x4 -e backtrack --time-limit 0.2 --csv "$tmp/t.csv"
same "timed-out row" "$(cut -d, -f10,23,24 "$tmp/t.csv" | sed -n 2p)" "limit,time-limit,0.2"
# ---- a solution limit: stop solution-limit ----
expect 0 "count --limit --csv" -- "$pb" count notouch 3x4 --limit 5 --csv "$tmp/n.csv"
same "capped row" "$(cut -d, -f10,11,23 "$tmp/n.csv" | sed -n 2p)" "limit,5,solution-limit"

# ---- CPU time and peak memory of the run ----
# Every finished sudoku row has a CPU time (one thread: at most its wall time and a
# little clock granularity), and the set's peak memory repeats on every row.
awk -F, 'NR > 1 { if (!($21 > 0) || $21 > $20 + 0.01 || $22 != p && NR > 2 || $23 != "done") exit 1; p = $22 }
    END { if (!(p > 0)) exit 1 }' "$tmp/s.csv" && ok || bad "cpu_s, peak_rss_bytes, stop: $(head -3 "$tmp/s.csv")"
# path-dp's tables of 4x6 (about 32 MB) are most of its memory: the peak reported is
# the process's high-water mark over the run, within 10% and 16 MiB of what the kernel
# reports for the whole process (wait4's ru_maxrss, as /usr/bin/time -v gives it),
# never above it, and at least the tables it planned. (The 16 MiB: the sanitizers'
# own memory, more than the run's high-water mark sees, at these small tables.)
outside=$(python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)' \
    "$pb" count notouch 4x6 -e path-dp --csv "$tmp/p.csv")
read -r plan peak <<<"$(cut -d, -f19,22 "$tmp/p.csv" | sed -n 2p | tr , ' ')"
if [ "${peak:-0}" -ge "$plan" ] && [ "$peak" -le "$outside" ] && [ $(((peak + 16777216) * 10)) -ge $((outside * 9)) ]; then
    ok; else bad "peak_rss_bytes $peak, planned $plan, ru_maxrss $outside"; fi

# ---- a memory limit: path-dp's planned tables in bytes, as the stats line gives them ----
expect 3 "count --max-memory --csv" -- "$pb" count notouch 5x5 -e path-dp --max-memory 1K --csv "$tmp/m.csv"
plan=$(sed -n 's/.* bytes=\([0-9]*\) .*/\1/p' "$tmp/out")
[ "${plan:-0}" -gt 1024 ] && ok || bad "no plan over 1K on the stats line: $(cat "$tmp/out")"
same "memory-limited row" "$(cut -d, -f10,19 "$tmp/m.csv" | sed -n 2p)" "nomem,$plan"

# ---- an unreadable puzzle with --keep-going: its row says so, with no counts ----
printf '%s\nnot a puzzle\n' "$(grep -v '^#' "$bench" | head -1)" >"$tmp/bad.txt"
expect 2 "an unreadable puzzle" -- "$pb" solve sudoku "$tmp/bad.txt" --keep-going -q --csv "$tmp/b.csv"
same "rows of bad.txt" "$(sed 1d "$tmp/b.csv" | cut -d, -f3,10,11,12)" \
    "$tmp/bad.txt:1,done,1,$(sed -n 2p "$tmp/b.csv" | cut -d, -f12)
$tmp/bad.txt:2,unreadable,,"

# ---- a link at FILE is replaced, never written through ----
echo keep >"$tmp/target"
ln -s "$tmp/target" "$tmp/link.csv"
expect 0 "--csv at a link" -- "$pb" count notouch cross8 --csv "$tmp/link.csv"
same "the link's target" "$(cat "$tmp/target")" keep
if [ -f "$tmp/link.csv" ] && [ ! -L "$tmp/link.csv" ]; then ok; else bad "link.csv is still a link"; fi

# ---- a file that cannot be written: exit 2, one line ----
expect 2 "an unwritable --csv" -- "$pb" count notouch cross8 --csv "$tmp/no/such/dir/x.csv"
one_line_error "^puzzlebench: count: .*no/such/dir/x\.csv.*: cannot write"
# ... refused before the run: nothing solved, nothing printed on stdout.
mkdir -p "$tmp/adir"
touch "$tmp/plain"
for bad in "$tmp/adir" "$tmp/plain/x.csv" ""; do
    expect 2 "--csv '$bad'" -- "$pb" solve notouch cross8 --csv "$bad"
    one_line_error "^puzzlebench: solve: .*: cannot write: (Is a directory|Not a directory|an empty file name)$"
    [ -s "$tmp/out" ] && bad "--csv '$bad' solved first: $(head -c 200 "$tmp/out")" || ok
done

# ---- a disk that fills as the files are written (a file-size limit, SIGXFSZ ignored so
# that a write fails with EFBIG): FILE and FILE.meta land together or not at all, an
# old pair kept whole, never new rows beside another run's .meta or none. A long folder
# name makes the .meta (its command line) larger than the limit, and the rows not. ----
long=$tmp/$(printf 'd%.0s' $(seq 150))/$(printf 'e%.0s' $(seq 150))
mkdir -p "$long"
expect 0 "the pair a full disk must keep" -- "$pb" count notouch cross8 --csv "$long/k.csv"
for f in k.csv k.csv.meta k.csv.topology.xml; do cp "$long/$f" "$tmp/kept.$f"; done
[ "$(wc -c <"$long/k.csv")" -lt 1024 ] && [ "$(wc -c <"$long/k.csv.meta")" -gt 1024 ] && ok ||
    bad "k.csv ($(wc -c <"$long/k.csv") bytes) not under, or its .meta not over, 1 KiB"
for name in k.csv new.csv; do
    (trap '' XFSZ; ulimit -f 1; exec "$pb" count notouch cross8 --csv "$long/$name") \
        >"$tmp/out" 2>"$tmp/err"
    got=$?
    [ "$got" -eq 2 ] && ok || bad "--csv $name past a file-size limit: exit $got, expected 2"
    one_line_error "^puzzlebench: count: .*/$name\.(meta|topology\.xml|)(\.tmp\.[0-9]+)?: cannot write: File too large$"
done
for f in k.csv k.csv.meta k.csv.topology.xml; do
    cmp -s "$long/$f" "$tmp/kept.$f" && ok || bad "$f changed when the disk filled"
done
left=$(cd "$long" && ls | grep -v -x -e k.csv -e k.csv.meta -e k.csv.topology.xml)
[ -z "$left" ] && ok || bad "the full disk left $left"

finish cli_solve_csv
