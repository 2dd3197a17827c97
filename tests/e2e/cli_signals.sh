#!/usr/bin/env bash
# cli_signals.sh — the fault tests of count, solve and generate: SIGINT, SIGTERM and
# SIGHUP each end a long run with exit 130, 143 and 143 within half a second
# (PB_SIGNAL_MS to change it; loosened by what the load costs right now, busy_ms in
# cli_lib.sh, and by half a second more under the sanitizers); an interrupted generate
# keeps its finished puzzles, each complete (a puzzle the signal cut short is not
# kept, a 1024x1024 kakuro's outline included), and --resume completes the file byte for
# byte as an uninterrupted run writes it, also after a kill cut its last puzzle
# short; an existing --out is refused without --force, and a second generate on an
# --out while one writes it is refused (--force and --resume too), and one whose files
# are removed as it writes them fails (exit 2), its .meta not complete. And the exit statuses of
# counts: a count stopped by a limit exits 3 whatever it found, --limit N reached is
# an answer (0), numbers are decimal only; a byte-order mark starts any file; sweep
# --against ends on a signal with a worker that never answers, and kills it.
# usage: tests/e2e/cli_signals.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
limit_ms=${PB_SIGNAL_MS:-500}
# Under the sanitizers a process's end costs more than a trivial one's shows
# (LeakSanitizer scans the whole heap at exit): as cli_limits.sh allows.
exit_ms=0
if sanitized; then exit_ms=500; fi

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# signalled SIG STATUS DESCRIPTION -- command...: starts the command, sends SIG 0.2 s
# after its handler is there (await_handler; and, with $ready set, once that file holds a line past its header, however
# slow the machine) and checks its exit status and that it ended within limit_ms of
# the signal (a command still running 3 s later is killed and fails). Output in
# $tmp/out, err.
signalled() {
    local sig=$1 want=$2 what=$3
    shift 4
    "$@" >"$tmp/out" 2>"$tmp/err" &
    local pid=$! t0 t1 waited=0 got most_ms
    most_ms=$((limit_ms + 4 * $(busy_ms) + exit_ms))
    await_handler "$pid" "$(kill -l "$sig")"
    sleep 0.2
    while [ -n "${ready:-}" ] && [ "$waited" -lt 1000 ] &&
        [ "$(wc -l <"$ready" 2>/dev/null || echo 0)" -lt 2 ]; do
        sleep 0.01
        waited=$((waited + 1))
    done
    waited=0
    t0=$(now_ms)
    kill -s "$sig" "$pid"
    while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 300 ]; do
        sleep 0.01
        waited=$((waited + 1))
    done
    t1=$(now_ms)
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    { wait "$pid"; } 2>/dev/null
    got=$?
    if [ "$got" -eq "$want" ]; then ok; else bad "$what: SIG$sig gave exit $got, expected $want"; fi
    if [ $((t1 - t0)) -le "$most_ms" ]; then ok; else
        bad "$what: ended $((t1 - t0)) ms after SIG$sig (at most $most_ms)"; fi
}

printf '%081d\n' 0 >"$tmp/empty9.txt" # every 9x9 grid: a count that never ends
# The first puzzles of seed 1, to compare what an interrupted generate kept with.
"$pb" generate sudoku --count 2500 --threads 2 -q | tail -n +2 >"$tmp/ref"
for s in INT:130 TERM:143 HUP:143; do
    sig=${s%:*} want=${s#*:}
    signalled "$sig" "$want" "count sudoku" -- "$pb" count sudoku "$tmp/empty9.txt"
    has "interrupted after [0-9]+ solutions" "$tmp/out"
    signalled "$sig" "$want" "count notouch" -- "$pb" count notouch 8x8 -q
    has "status=interrupted" "$tmp/out"
    signalled "$sig" "$want" "solve notouch" -- "$pb" solve notouch 7x7 --diff 6
    has "^interrupted$" "$tmp/out"
    # A signal among the samples (2x4's first run takes microseconds, 100 samples of
    # 1 s each a hundred): the count is whole, and stderr says the timing is not.
    signalled "$sig" "$want" "count --samples" -- "$pb" count notouch 2x4 --samples 100 \
        --min-sample-time 1 -q
    has "^solutions=32 .* status=done samples=[0-9]+ " "$tmp/out"
    has "^puzzlebench: count: interrupted after [0-9]+ of 100 samples" "$tmp/err"

    # generate: the puzzles finished before the signal are in the file, each whole
    # and the same as an uninterrupted run's.
    rm -rf "$tmp/gen"
    ready=$tmp/gen/generate.txt signalled "$sig" "$want" "generate sudoku" -- "$pb" generate sudoku \
        --count 20000 --out "$tmp/gen" --threads 2
    kept=$(($(wc -l <"$tmp/gen/generate.txt") - 1))
    if [ "$kept" -gt 0 ] && [ "$kept" -lt 20000 ] &&
        [ "$(tail -n +2 "$tmp/gen/generate.txt" | grep -cE '^[1-9.]{81}$')" -eq "$kept" ] &&
        [ "$(($(wc -l <"$tmp/gen/generate.csv") - 1))" -eq "$kept" ]; then ok; else
        bad "generate SIG$sig: $kept puzzles kept, $(wc -l <"$tmp/gen/generate.csv") stats lines"; fi
    if [ "$kept" -le 2500 ]; then head -n "$kept" "$tmp/ref" >"$tmp/want"; else
        "$pb" generate sudoku --count "$kept" --threads 2 -q | tail -n +2 >"$tmp/want"; fi
    tail -n +2 "$tmp/gen/generate.txt" | cmp -s - "$tmp/want" && ok || bad "generate SIG$sig: kept puzzles differ"
    has "interrupted; puzzles 0 to $((kept - 1)) of 20000 written" "$tmp/err"
    # The .meta says the records are not the whole run, as an interrupted sweep's does.
    has "^status=interrupted$" "$tmp/gen/generate.meta"
    has "^rows=$kept of 20000 \(interrupted\)$" "$tmp/gen/generate.meta"
done

# One long puzzle: the signal stops it inside (a 1024x1024 kakuro outline, a 25x25
# sudoku's uniqueness checks), not after it, and nothing half made is kept.
signalled TERM 143 "generate kakuro 1024x1024" -- "$pb" generate kakuro --size 1024x1024 \
    --difficulty hard --time-limit 600 --out "$tmp/k1024"
has "interrupted; no puzzle written" "$tmp/err"
signalled INT 130 "generate sudoku --size 25" -- "$pb" generate sudoku --size 25 --out "$tmp/s25"
has "interrupted; no puzzle written" "$tmp/err"
[ "$(wc -l <"$tmp/s25/generate.txt")" -eq 1 ] && ok || bad "an interrupted 25x25 kept a puzzle"
# A command without a handler of its own (render): SIGHUP ends it as SIGTERM does.
signalled HUP 143 "render tenpair --win" -- "$pb" render tenpair upto60 --win

# The time limit holds inside the outline too: a limit (exit 3), not a run of minutes
# (the command is killed after 60 s).
expect 3 "generate kakuro 1024x1024, 1 s" -- timeout -s KILL 60 "$pb" generate kakuro \
    --size 1024x1024 --difficulty hard --time-limit 1 -q
has "could not be made within the limits" "$tmp/err"

# ---- generate --resume: the file an uninterrupted run writes ----
# --out DIR: DIR/generate.txt (the puzzles) and DIR/generate.csv (their records).
"$pb" generate sudoku --count 300 --seed 5 --out "$tmp/full" 2>/dev/null
# A kill in the middle of a puzzle: the file ends in half a line; the stats are one
# row further on than the puzzles. Both are cut back to the puzzles both hold.
mkdir "$tmp/part"
head -c -40 "$tmp/full/generate.txt" >"$tmp/part/generate.txt"
head -n 150 "$tmp/full/generate.csv" >"$tmp/part/generate.csv"
expect 0 "resume a cut file" -- "$pb" generate sudoku --count 300 --seed 5 --out "$tmp/part" --resume
cmp -s "$tmp/full/generate.txt" "$tmp/part/generate.txt" && ok || bad "resume: not the uninterrupted file"
[ "$(cut -d, -f1-6 "$tmp/full/generate.csv" | md5sum)" = "$(cut -d, -f1-6 "$tmp/part/generate.csv" | md5sum)" ] &&
    ok || bad "resume: stats rows differ"
has "holds 149 puzzles; making 149 to 299" "$tmp/err"
# The kept records are the first run's: the .meta names both runs, and the whole run.
first_id=$(sed -n 's/^run_id=//p' "$tmp/full/generate.meta")
has "^run_id=$first_id [0-9TZ]+-[0-9a-f]{6}$" "$tmp/part/generate.meta"
has "^status=complete$" "$tmp/part/generate.meta"
has "^rows=300 of 300$" "$tmp/part/generate.meta"
expect 0 "resume a whole file" -- "$pb" generate sudoku --count 300 --seed 5 --out "$tmp/part" --resume
cmp -s "$tmp/full/generate.txt" "$tmp/part/generate.txt" && ok || bad "resume of a whole file changed it"
has "holds all 300 puzzles: nothing to make" "$tmp/err"
# In the numbers format, a puzzle cut at a row's end is still cut short.
"$pb" generate sudoku --count 40 --format numbers --out "$tmp/nfull" 2>/dev/null
mkdir "$tmp/npart"
head -n $((1 + 10 * 20 + 5)) "$tmp/nfull/generate.txt" >"$tmp/npart/generate.txt"
cp "$tmp/nfull/generate.csv" "$tmp/npart/"
expect 0 "resume numbers" -- "$pb" generate sudoku --count 40 --format numbers --out "$tmp/npart" --resume
cmp -s "$tmp/nfull/generate.txt" "$tmp/npart/generate.txt" && ok || bad "resume numbers: not the uninterrupted file"
has "holds 20 puzzles; making 20 to 39" "$tmp/err"
# Interrupted for real (SIGTERM, then SIGKILL) a tenth of a second in, then resumed.
"$pb" generate sudoku --count 1000 --seed 2 --threads 2 >"$tmp/full1000" 2>/dev/null
for sig in TERM KILL; do
    rm -rf "$tmp/r"
    "$pb" generate sudoku --count 1000 --seed 2 --out "$tmp/r" 2>/dev/null &
    pid=$!
    sleep 0.1
    kill -s "$sig" "$pid" 2>/dev/null
    { wait "$pid"; } 2>/dev/null
    expect 0 "resume after SIG$sig" -- "$pb" generate sudoku --count 1000 --seed 2 --out "$tmp/r" \
        --resume --threads 2
    cmp -s "$tmp/r/generate.txt" "$tmp/full1000" && ok || bad "resume after SIG$sig: not the uninterrupted file"
done
# A run stopped before it made its files (a signal at start-up) resumes from nothing.
rm -rf "$tmp/r"
expect 0 "resume with no file yet" -- "$pb" generate sudoku --count 1000 --seed 2 --out "$tmp/r" \
    --resume --threads 2
cmp -s "$tmp/r/generate.txt" "$tmp/full1000" && ok || bad "resume with no file yet: not the uninterrupted file"
# The other generators resume the same way; a puzzle file cut short is what counts
# when its records run further.
resume_cut() { # resume_cut WHAT BYTES ARGS...: --out FULL, then PART cut at BYTES, resumed
    local what=$1 bytes=$2
    shift 2
    rm -rf "$tmp/cfull" "$tmp/cpart" && mkdir "$tmp/cpart"
    "$pb" "$@" --out "$tmp/cfull" 2>/dev/null
    cp "$tmp/cfull"/* "$tmp/cpart/"
    head -c "$bytes" "$tmp/cfull/generate.txt" >"$tmp/cpart/generate.txt"
    expect 0 "resume $what" -- "$pb" "$@" --out "$tmp/cpart" --resume
    cmp -s "$tmp/cfull/generate.txt" "$tmp/cpart/generate.txt" && ok || bad "resume $what: not the uninterrupted file"
    [ "$(cut -d, -f1-5 "$tmp/cfull/generate.csv")" = "$(cut -d, -f1-5 "$tmp/cpart/generate.csv")" ] &&
        ok || bad "resume $what: other records"
}
resume_cut latin 2000 generate latin --size 12 --count 30 --solutions
resume_cut outlines 700 generate kakuro-outline --size 9x9 --count 20
resume_cut "kakuro text" 1500 generate kakuro --size 7x7 --difficulty easy,hard --count 6
"$pb" generate kakuro --size 7x7 --difficulty easy,hard --count 6 --out "$tmp/kfull" 2>/dev/null
mkdir "$tmp/kpart"
head -n 5 "$tmp/kfull/generate.csv" >"$tmp/kpart/generate.csv"
cp "$tmp/kfull/generate.txt" "$tmp/kpart/"
for n in $(tail -n +2 "$tmp/kpart/generate.csv" | cut -d, -f1); do cp "$tmp/kfull/$n".*kak "$tmp/kpart/"; done
expect 0 "resume kakuro" -- "$pb" generate kakuro --size 7x7 --difficulty easy,hard --count 6 \
    --out "$tmp/kpart" --resume
diff -r -x 'generate.csv' -x 'generate.meta' -x '*.topology.xml' "$tmp/kfull" "$tmp/kpart" >/dev/null && ok || bad "resume kakuro: other puzzles"
[ "$(cut -d, -f1-20 "$tmp/kfull/generate.csv")" = "$(cut -d, -f1-20 "$tmp/kpart/generate.csv")" ] &&
    ok || bad "resume kakuro: other records"
# A kept record whose puzzle files are gone is refused.
rm "$tmp/kpart/$(sed -n 2p "$tmp/kpart/generate.csv" | cut -d, -f1).sol.kak"
expect 2 "resume kakuro, a puzzle file gone" -- "$pb" generate kakuro --size 7x7 --difficulty easy,hard \
    --count 6 --out "$tmp/kpart" --resume
one_line_error "sol\.kak: missing, but its record is kept: give --force"

# ---- a second generate on the same outputs while one writes them is refused, with
# --force or --resume alike (it would interleave its puzzles and records with the
# first's, or start over the file the first writes); the first is left as it was. It
# asks for far more puzzles than it makes before it is stopped, and SIGTERM ends it ----
rm -rf "$tmp/two"
"$pb" generate sudoku --count 1000000 --seed 2 --out "$tmp/two" -q 2>/dev/null &
pid=$!
for _ in $(seq 1 3000); do # until its first puzzle is written, however slow the machine
    [ "$(wc -l <"$tmp/two/generate.txt" 2>/dev/null || echo 0)" -ge 2 ] && break
    sleep 0.02
done
kill -STOP "$pid" # it holds its outputs, stopped
cp "$tmp/two/generate.txt" "$tmp/two.before"
for how in --force --resume; do
    expect 2 "a second generate $how on the same --out" -- "$pb" generate sudoku --count 10 --seed 3 \
        --out "$tmp/two" "$how"
    one_line_error "generate: .*/two/generate\.lock: another generate is writing these outputs \(pid $pid\); wait for it, or give another --out"
    cmp -s "$tmp/two/generate.txt" "$tmp/two.before" && ok || bad "a refused generate $how changed generate.txt"
done
expect 0 "generate --stats" -- "$pb" generate latin --size 5 --count 3 --stats "$tmp/two.csv" -q
if [ ! -e "$tmp/two.csv.lock" ]; then ok; else bad "generate --stats left its lock, two.csv.lock"; fi
kill -CONT "$pid"
kill -TERM "$pid"
wait "$pid"
if [ ! -e "$tmp/two/generate.lock" ]; then ok; else bad "an interrupted generate left generate.lock"; fi
expect 0 "the same --out once the first ended" -- "$pb" generate sudoku --count 10 --seed 3 \
    --out "$tmp/two" --force -q
[ "$(wc -l <"$tmp/two/generate.txt")" -eq 11 ] && ok || bad "generate --force after the first: not 10 puzzles"
# A lock file that a killed generate left (its pid ended) is taken over, and said on
# one line, as a sweep says it; --stats FILE's lock alike.
sh -c 'exit 0' &
dead=$!
wait "$dead"
echo "$dead" >"$tmp/two/generate.lock"
expect 0 "a generate over a killed one's lock" -- "$pb" generate sudoku --count 2 --seed 3 --out "$tmp/two" --force -q
one_line_error "^puzzlebench: generate: .*/two/generate\.lock: left by pid $dead, which ended without removing it \(killed\?\): taken over$"
[ ! -e "$tmp/two/generate.lock" ] && ok || bad "the taken-over generate.lock is left"
echo "$dead" >"$tmp/two.csv.lock"
expect 0 "generate --stats over a killed one's lock" -- "$pb" generate latin --size 5 --count 3 --stats "$tmp/two.csv" -q --force
one_line_error "^puzzlebench: generate: .*/two\.csv\.lock: left by pid $dead, which ended without removing it \(killed\?\): taken over$"

# ---- the files removed while generate writes them: not a success, and no .meta that
# says complete (the puzzles went with the files); --resume makes them again. The run
# asks for far more puzzles than it makes before it is stopped, and SIGTERM ends it:
# one that finished between two looks at its file would leave nothing to remove ----
rm -rf "$tmp/gone"
"$pb" generate sudoku --count 1000000 --out "$tmp/gone" -q 2>"$tmp/err" &
pid=$!
for _ in $(seq 1 3000); do # until its first puzzle is written, however slow the machine
    [ "$(wc -l <"$tmp/gone/generate.txt" 2>/dev/null || echo 0)" -ge 2 ] && break
    sleep 0.02
done
kill -STOP "$pid"
rm "$tmp/gone/generate.txt" "$tmp/gone/generate.csv"
kill -CONT "$pid"
kill -TERM "$pid"
wait "$pid"
st=$?
if [ "$st" -eq 2 ]; then ok; else bad "generate with its files removed: exit $st, expected 2"; fi
one_line_error "generate: .*/gone/generate\.(txt|csv): removed or replaced while this run wrote it \(what it held is lost\): run the same command again; --resume keeps what is left"
if grep -qs "^status=complete$" "$tmp/gone/generate.meta"; then bad "files removed, the .meta says complete"; else ok; fi
expect 0 "resume after the files were removed" -- "$pb" generate sudoku --count 3000 --out "$tmp/gone" \
    --resume -q
tail -n +2 "$tmp/gone/generate.txt" | head -n 2500 | cmp -s - "$tmp/ref" && ok || bad "removed and resumed: other puzzles"

# ---- existing outputs, and resumes that do not match ----
expect 2 "existing --out" -- "$pb" generate sudoku --count 300 --seed 5 --out "$tmp/full"
one_line_error "full/generate.txt exists: give --force to start it over, or --resume to complete it"
cmp -s "$tmp/full/generate.txt" "$tmp/part/generate.txt" && ok || bad "a refused generate changed the file"
expect 0 "--force" -- "$pb" generate sudoku --count 3 --out "$tmp/part" --force
[ "$(wc -l <"$tmp/part/generate.txt")" -eq 4 ] && [ "$(wc -l <"$tmp/part/generate.csv")" -eq 4 ] &&
    ok || bad "--force did not start the files over"
expect 2 "resume other options" -- "$pb" generate sudoku --count 300 --seed 6 --out "$tmp/full" --resume
one_line_error "was not made by this command"
expect 2 "resume stdout" -- "$pb" generate latin --resume
one_line_error "--resume completes an --out DIR"
expect 2 "resume --stats, puzzles on stdout" -- "$pb" generate latin --stats "$tmp/l.csv" --resume
one_line_error "--resume completes an --out DIR, or --stats FILE with --records-only"
expect 2 "force and resume" -- "$pb" generate latin --out "$tmp/lfull" --resume --force
one_line_error "give --force \(start over\) or --resume, not both"
expect 2 "resume kakuro other seed" -- "$pb" generate kakuro --size 7x7 --difficulty easy,hard \
    --count 6 --seed 2 --out "$tmp/kpart" --resume
one_line_error "record 1 is not '7x7-easy-s2-0000,"

# ---- exit statuses of counts ----
expect 3 "count cut by a step limit" -- "$pb" count notouch 2x7 --step-limit 10000
has "^solutions=922 .* status=limit$" "$tmp/out"
expect 3 "file count cut by a step limit" -- "$pb" count sudoku "$tmp/empty9.txt" --step-limit 1000
has "stopped at a limit after [0-9]+ solutions" "$tmp/out"
expect 3 "count cut by a time limit" -- "$pb" count notouch 8x8 --time-limit 0.2 -q
has "status=limit" "$tmp/out"
expect 0 "--limit 2 is an answer" -- "$pb" count sudoku "$tmp/empty9.txt" --limit 2
has "multiple \(stopped at --limit 2\)" "$tmp/out"
expect 0 "--limit 1 is an answer" -- "$pb" count notouch 2x7 -l 1
expect 2 "hexadecimal step limit" -- "$pb" count notouch 2x7 --step-limit 0x10
one_line_error "count: --step-limit expects a whole number from 0 to 2\^64 - 1 in decimal \(e.g. 1000 or 1e6\), got '0x10'"
expect 2 "hexadecimal time limit" -- "$pb" solve notouch 2x7 --time-limit 0x1p3
one_line_error "--time-limit expects seconds from 0 to 1e9 in decimal, got '0x1p3'"
expect 2 "infinite step limit" -- "$pb" count notouch 2x7 --step-limit inf
expect 2 "hexadecimal memory" -- "$pb" count tenpair --max-length 30 --max-memory 0x10M
expect 3 "1e3 is decimal" -- "$pb" count notouch 2x7 --step-limit 1e3
has "steps=1000 " "$tmp/out"

# sweep --against with a worker that never answers (one that sleeps, one that echoes
# its input, one that writes 50 MB without a newline): each signal ends the sweep
# within the time a worker has to answer after it (5 s) and a little more, with the signal's status
# and a line saying so, and the worker does not outlive it.
mkdir -p "$tmp/workers"
printf '#!/bin/sh\necho $$ >"$0.pid"\nexec sleep 100000\n' >"$tmp/workers/sleeps"
printf '#!/bin/sh\necho $$ >"$0.pid"\nexec cat\n' >"$tmp/workers/echoes"
printf '#!/bin/sh\necho $$ >"$0.pid"\nhead -c 50000000 /dev/zero | tr "\\0" x\nexec sleep 100000\n' \
    >"$tmp/workers/no-newline"
chmod +x "$tmp/workers/"*
for w in sleeps:INT:130 echoes:TERM:143 no-newline:HUP:143; do
    IFS=: read -r worker sig want <<<"$w"
    rm -f "$tmp/workers/$worker.pid"
    "$pb" sweep --family notouch --instances cross8 --engines backtrack --quick --out "$tmp/ag-$worker" \
        --against "$tmp/workers/$worker" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    for ((i = 0; i < 500; i++)); do [ -s "$tmp/workers/$worker.pid" ] && break; sleep 0.01; done
    await_handler "$pid" "$(kill -l "$sig")"
    sleep 0.3
    t0=$(now_ms)
    kill -s "$sig" "$pid"
    for ((i = 0; i < 1500; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.01; done
    t1=$(now_ms)
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    { wait "$pid"; } 2>/dev/null
    got=$?
    most_ms=$((8000 + 4 * $(busy_ms)))
    if [ "$got" -eq "$want" ]; then ok; else bad "--against $worker: SIG$sig gave exit $got, expected $want"; fi
    if [ $((t1 - t0)) -le "$most_ms" ]; then ok; else
        bad "--against $worker: ended $((t1 - t0)) ms after SIG$sig (at most $most_ms)"; fi
    has "^puzzlebench: sweep --against: stopped by the signal while .*/$worker was starting" "$tmp/err"
    wpid=$(cat "$tmp/workers/$worker.pid" 2>/dev/null)
    if [ -n "$wpid" ] && ! kill -0 "$wpid" 2>/dev/null; then ok; else
        bad "--against $worker: the worker ${wpid:-?} outlived the sweep"
        [ -n "$wpid" ] && kill -9 "$wpid" 2>/dev/null
    fi
done

# A byte-order mark at the start of any file read (here a sweep file) is skipped.
{ printf '\xef\xbb\xbf'; cat "$src/bench/families/latin/latin.sweep"; } >"$tmp/bom.sweep"
expect 0 "sweep file with a byte-order mark" -- "$pb" sweep --list "$tmp/bom.sweep"
has "^qwh-10-0.3-s1-i0 backtrack row first" "$tmp/out"

finish cli_signals
