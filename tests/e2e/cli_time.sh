#!/usr/bin/env bash
# cli_time.sh — end-to-end tests of `puzzlebench time`: the header and rows it appends
# (key columns, wall_s, the timing columns), the samples file beside the CSV, medians
# of `true` and `sleep 0.02`, stdin read from its start at every run, a key mismatch,
# a failing command (exit 4, no row, the last line of its stderr quoted), Ctrl-C
# (exit 130, the command killed, no row), a second run on the same CSV while one runs
# (refused, exit 2),
# the time limits (--time-limit kills, --limit-status: status=limit, timed once),
# --output, --warmup 0 and --rep-budget, the one-line usage errors (exit 2); the
# easy form without --csv/--key/--run-id: quoted commands run by a shell, the report
# (a mean and interval per command, the relative speed: sleep 0.03 ranks ahead of
# sleep 0.3), argv after '--' run without a shell, a failing command of two, --csv
# rows with command=N and a made-up run id.
# usage: tests/e2e/cli_time.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"

timing="run_id,row,samples,runs_per_sample,min_s,median_s,mean_s,stddev_s,cv,median_lo_s,median_hi_s,noisy,ref_s,cpu_s,peak_rss_bytes,stop,time_limit_s"
csv=$tmp/t.csv
samples=$tmp/t.samples.csv

# field FILE LINE COLUMN: the value of COLUMN (by the header's name) on line LINE.
field() {
    awk -F, -v line="$2" -v col="$3" '
        NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i }
        NR == line { print (c ? $c : "NO-COLUMN") }' "$1"
}
# check WHAT CONDITION: passes when the awk condition holds (v is the value given).
check() { if awk -v v="$3" "BEGIN { exit !($2) }"; then ok; else bad "$1: '$3' fails $2"; fi; }
# lines FILE: its line count.
lines() { wc -l <"$1" | tr -d ' '; }

# ---- the first row creates the file with its header ----
expect 0 "time true" -- "$pb" time --csv "$csv" --key tool=true,n=1 --run-id R1 -- true
if [ "$(head -1 "$csv")" = "tool,n,status,wall_s,$timing" ]; then ok; else bad "header: $(head -1 "$csv")"; fi
has '^true,1,done,[0-9.e-]+,R1,0,5,[1-9][0-9]*,' "$csv"
check "every row has every column" 'v == 21' "$(awk -F, 'NR == 2 { print NF }' "$csv")"
check "wall_s == median_s" 'v == 1' "$(awk -F, 'NR == 2 { print ($4 == $10) }' "$csv")"
check "true's median (s)" 'v > 0 && v < 1' "$(field "$csv" 2 median_s)"
check "min <= median <= max" 'v == 1' "$(awk -F, 'NR == 2 { print ($9 <= $10 && $14 <= $10 && $10 <= $15) }' "$csv")"
if [ "$(head -1 "$samples")" = "run_id,row,sample,runs,wall_s,round,process,cpu_s" ]; then ok; else bad "samples header: $(head -1 "$samples")"; fi
check "sample lines == samples" 'v == 6' "$(lines "$samples")"
has '^R1,0,4,[1-9][0-9]*,[0-9.e-]+,[0-9]*,,[0-9.e-]+$' "$samples"
# The command's own CPU time (user + system, of the child alone: `true` spends far less
# than a second), its peak memory (wait4's ru_maxrss: some KiB), and why it stopped.
check "true's cpu_s" 'v >= 0 && v < 1' "$(field "$csv" 2 cpu_s)"
check "true's peak_rss_bytes" 'v > 100000 && v < 1e9' "$(field "$csv" 2 peak_rss_bytes)"
check "true's stop" 'v == "done"' "$(field "$csv" 2 stop)"
check "runs in the samples == runs_per_sample" 'v == 1' \
    "$(awk -F, -v r="$(field "$csv" 2 runs_per_sample)" 'NR > 1 && $4 != r { bad = 1 } END { print !bad }' "$samples")"
has '/t\.csv row 0: median ' "$tmp/out"

# ---- a second row is appended: row 1; sleep 0.02 lasts at least 0.02 s ----
expect 0 "time sleep 0.02" -- "$pb" time --csv "$csv" --key tool=sleep,n=2 --run-id R1 -- sleep 0.02
check "rows after the second call" 'v == 3' "$(lines "$csv")"
check "the second row's index" 'v == 1' "$(field "$csv" 3 row)"
check "sleep's median (s)" 'v >= 0.02 && v < 2' "$(field "$csv" 3 median_s)"
check "sleep's fastest sample (s)" 'v >= 0.02' "$(field "$csv" 3 min_s)"
check "sleep: one run per sample" 'v == 1' "$(field "$csv" 3 runs_per_sample)"
check "sample lines of both rows" 'v == 11' "$(lines "$samples")"
check "sample lines of row 1" 'v == 5' "$(grep -c '^R1,1,' "$samples")"

# ---- --samples, --min-sample-time 0 (one run per sample), --stdin from its start ----
printf 'first\nsecond\n' >"$tmp/in.txt"
# shellcheck disable=SC2016 # $l is the inner shell's
expect 0 "time --stdin --samples 3" -- "$pb" time --csv "$csv" --key tool=read,n=3 --run-id R1 \
    --samples 3 --min-sample-time 0 --stdin "$tmp/in.txt" -- sh -c 'read -r l && test "$l" = first'
check "--samples 3: sample lines of row 2" 'v == 3' "$(grep -c '^R1,2,[0-2],1,' "$samples")"

# ---- --exit-status: a SAT solver's 10 (model found) is every run's expected status ----
expect 0 "time --exit-status 10" -- "$pb" time --csv "$csv" --key tool=sat,n=10 --run-id R1 \
    --samples 2 --exit-status 10 -- sh -c 'exit 10'
check "--exit-status 10: sample lines of row 3" 'v == 2' "$(grep -c '^R1,3,' "$samples")"

# ---- errors: no row is added ----
before=$(lines "$csv")
samples_before=$(lines "$samples")
expect 4 "a run that exits 0 where 10 is expected" -- "$pb" time --csv "$csv" --key tool=sat,n=0 \
    --run-id R1 --exit-status 10 -- true
one_line_error "'true' exited with status 0 .every run must exit 10.; no row"
expect 2 "an exit status out of range" -- "$pb" time --csv "$csv" --key tool=sat,n=0 --run-id R1 \
    --exit-status 256 -- true
one_line_error "--exit-status expects a whole number from 0 to 255"

expect 2 "keys that differ from the header" -- "$pb" time --csv "$csv" --key tool=x --run-id R1 -- true
one_line_error "t.csv:1: its columns start 'tool,n', this row's 'tool'"
expect 4 "a command that fails" -- "$pb" time --csv "$csv" --key tool=false,n=4 --run-id R1 -- false
one_line_error "'false' exited with status 1 .*no row"
# Its stderr is not shown, but a failure quotes the first run's last line: its reason.
# The file that held it is gone.
mkdir -p "$tmp/own"
expect 4 "a command that says why it fails" -- env TMPDIR="$tmp/own" "$pb" time -q -- \
    sh -c 'echo one >&2; echo "the reason" >&2; echo >&2; exit 3'
one_line_error "'sh -c .*' exited with status 3 .every run must exit 0.; its last line on stderr: the reason$"
if [ -z "$(ls -A "$tmp/own")" ]; then ok; else bad "time left $(ls -A "$tmp/own") in TMPDIR"; fi
# The first run's stderr file is closed once that run passed: a later run finds no
# descriptor of it left in this program (the parent of sh, run without a shell).
rm -f "$tmp/flag"
expect 0 "the first run's stderr closed after it" -- env TMPDIR="$tmp/own" "$pb" time -q --samples 2 \
    --min-sample-time 0 -- sh -c "test -e '$tmp/flag' || { touch '$tmp/flag'; exit 0; }
        ! ls -l /proc/\$PPID/fd | grep -q '$tmp/own/puzzlebench-stderr-'"
rm -f "$tmp/flag"
expect 4 "a command killed by a signal" -- "$pb" time --csv "$csv" --key tool=kill,n=5 --run-id R1 \
    -- sh -c 'kill -9 $$'
one_line_error "killed by signal 9"
expect 4 "a later run that fails" -- "$pb" time --csv "$csv" --key tool=x,n=6 --run-id R1 \
    --min-sample-time 0 -- sh -c "test -e '$tmp/flag' && exit 3; touch '$tmp/flag'"
one_line_error "exited with status 3"
expect 2 "a bad --run-id" -- "$pb" time --csv "$csv" --key tool=x,n=1 --run-id 'a,b' -- true
one_line_error "--run-id 'a,b'"
expect 2 "no command" -- "$pb" time --csv "$csv" --key tool=x,n=1 --run-id R1
one_line_error "give the commands to time .'CMD A' 'CMD B'., or one after '--'"
expect 2 "a blank command" -- "$pb" time 'true' ' '
one_line_error "command 2 is empty: give the command to time"
expect 2 "--key without --csv" -- "$pb" time --key tool=x,n=1 --run-id R1 -- true
one_line_error "--key names a CSV's rows: give the CSV with --csv FILE.csv"
expect 2 "no --key: a command column the file lacks" -- "$pb" time --csv "$csv" --run-id R1 -- true
one_line_error "t.csv:1: its columns start 'tool,n', this row's 'command'"
expect 2 "a key without a value" -- "$pb" time --csv "$csv" --key tool --run-id R1 -- true
one_line_error "expected NAME=VALUE, got 'tool'"
expect 2 "a key named as a timing column" -- "$pb" time --csv "$csv" --key median_s=1 --run-id R1 -- true
one_line_error "'median_s' is a timing column"
expect 2 "a key named status" -- "$pb" time --csv "$csv" --key status=1 --run-id R1 -- true
one_line_error "'status' is the column time adds"
expect 2 "--limit-status equal to --exit-status" -- "$pb" time --csv "$csv" --key tool=x,n=1 \
    --run-id R1 --exit-status 3 --limit-status 3 -- true
one_line_error "--limit-status 3 is also the --exit-status"
expect 2 "--warmup -1" -- "$pb" time --csv "$csv" --key tool=x,n=1 --run-id R1 --warmup -1 -- true
one_line_error "--warmup expects"
expect 2 "an --output that cannot be written" -- "$pb" time --csv "$csv" --key tool=x,n=1 \
    --run-id R1 --output "$tmp/no/such/dir/out" -- true
one_line_error "--output .*no/such/dir/out: cannot write"
expect 2 "a key given twice" -- "$pb" time --csv "$csv" --key a=1,a=2 --run-id R1 -- true
one_line_error "'a' is given twice"
expect 2 "an unknown command" -- "$pb" time --csv "$csv" --key tool=x,n=1 --run-id R1 -- no-such-cmd-pb
one_line_error "cannot run 'no-such-cmd-pb': not found on PATH"
expect 2 "a missing --stdin file" -- "$pb" time --csv "$csv" --key tool=x,n=1 --run-id R1 \
    --stdin "$tmp/none" -- true
one_line_error "time: --stdin .*none: cannot open"
expect 2 "a --stdin directory, with a quoted command" -- "$pb" time --csv "$csv" \
    --key tool=x,n=1 --run-id R1 --stdin "$tmp" 'true'
one_line_error "time: --stdin .*: is a directory; expected a regular file"
expect 2 "--samples 0" -- "$pb" time --csv "$csv" --key tool=x,n=1 --run-id R1 --samples 0 -- true
one_line_error "--samples expects a whole number from 1 to 100"
expect 2 "an unknown option" -- "$pb" time --csv "$csv" --key tool=x,n=1 --run-id R1 --bogus -- true
one_line_error "unknown option '--bogus'"
expect 2 "an argument before --" -- "$pb" time --csv "$csv" --key tool=x,n=1 --run-id R1 true -- true
one_line_error "unexpected argument 'true'"
check "no row added by the errors" "v == $before" "$(lines "$csv")"
check "no samples added by the errors" "v == $samples_before" "$(lines "$samples")"

# ---- a file whose last line is incomplete is not appended to ----
printf 'tool,status,wall_s,%s\nx,1' "$timing" >"$tmp/cut.csv"
expect 2 "an incomplete last line" -- "$pb" time --csv "$tmp/cut.csv" --key tool=y --run-id R1 -- true
one_line_error "cut.csv:2: expected a complete last line"

# ---- --time-limit: the run is killed, timed once, status=limit; the row is written ----
start=$SECONDS
expect 0 "time --time-limit 0.3 -- sleep 30" -- "$pb" time --csv "$tmp/lim.csv" --key tool=sleep \
    --run-id R1 --time-limit 0.3 -- sleep 30
check "killed within seconds" 'v < 10' "$((SECONDS - start))"
has '^sleep,limit,[0-9.e-]+,R1,0,1,1,' "$tmp/lim.csv"
check "the limited run's time (s)" 'v >= 0.3 && v < 5' "$(field "$tmp/lim.csv" 2 wall_s)"
has 'row 0: stopped at a limit after ' "$tmp/out"
check "one sample line" 'v == 1' "$(grep -c '^R1,0,0,1,' "$tmp/lim.samples.csv")"
# ---- --limit-status: the command's own limit; --output keeps its first run's stdout ----
expect 0 "time --limit-status 3 --output" -- "$pb" time --csv "$tmp/lim.csv" --key tool=own \
    --run-id R1 --limit-status 3 --output "$tmp/own.out" -- sh -c 'echo steps=7; exit 3'
has '^own,limit,' "$tmp/lim.csv"
has '^steps=7$' "$tmp/own.out"
# ---- --warmup 0 and --rep-budget: a 0.2 s command timed once within a 0.1 s budget ----
expect 0 "time --warmup 0 --rep-budget 0.1" -- "$pb" time --csv "$tmp/lim.csv" --key tool=budget \
    --run-id R1 --warmup 0 --rep-budget 0.1 --output "$tmp/budget.out" -- sh -c 'sleep 0.2; echo ran'
has '^budget,done,[0-9.e-]+,R1,2,1,1,' "$tmp/lim.csv"
check "--output: the first run's line only" 'v == 1' "$(grep -c '^ran$' "$tmp/budget.out")"
if ! ls "$tmp"/budget.out.tmp.* >/dev/null 2>&1; then ok; else bad "--output left a temporary file"; fi

# ---- Ctrl-C: the command is killed, exit 130, no row ----
"$pb" time --csv "$tmp/int.csv" --key tool=sleep --run-id R1 -- sleep 30 >/dev/null 2>"$tmp/err" &
job=$!
await_handler "$job"
sleep 0.5
kill -INT "$job"
start=$SECONDS
wait "$job"
got=$?
if [ "$got" -eq 130 ]; then ok; else bad "interrupted: exit $got, expected 130"; fi
check "interrupted within seconds" 'v < 10' "$((SECONDS - start))"
one_line_error "time: interrupted; no row written"
if [ ! -e "$tmp/int.csv" ]; then ok; else bad "an interrupted run wrote $tmp/int.csv"; fi
# SIGTERM (a closed session's SIGHUP alike) exits 143, as the help says.
"$pb" time --csv "$tmp/term.csv" -- sleep 30 >/dev/null 2>"$tmp/err" &
job=$!
await_handler "$job" 15
sleep 0.5
kill -TERM "$job"
wait "$job"
got=$?
if [ "$got" -eq 143 ]; then ok; else bad "SIGTERM: exit $got, expected 143"; fi
if [ ! -e "$tmp/term.csv" ]; then ok; else bad "a stopped run wrote $tmp/term.csv"; fi
"$pb" time --help >"$tmp/help"
has "143 +SIGTERM or SIGHUP" "$tmp/help"

# ---- two runs adding rows to one CSV at once: the second is refused (each reads the
# file and writes it anew, so one's rows would be lost), the first keeps its file ----
expect 0 "a first row" -- "$pb" time --csv "$tmp/both.csv" --key w=a --run-id R --samples 1 -- true
cp "$tmp/both.csv" "$tmp/both.before"
"$pb" time --csv "$tmp/both.csv" --key w=b --run-id R --warmup 0 --samples 1 -- \
    sh -c ": >'$tmp/both.started'; exec sleep 30" >/dev/null 2>&1 &
job=$!
for _ in $(seq 1 3000); do [ -e "$tmp/both.started" ] && break; sleep 0.01; done # it measures
expect 2 "a second run on the same CSV" -- "$pb" time --csv "$tmp/both.csv" --key w=c --run-id R \
    --samples 1 -- true
one_line_error "time: .*/both\.csv\.lock: another run is adding rows to .*/both\.csv \(pid $job\); wait for it, or give another --csv"
cmp -s "$tmp/both.csv" "$tmp/both.before" && ok || bad "the refused run changed both.csv"
kill -TERM "$job"
wait "$job"
if [ ! -e "$tmp/both.csv.lock" ]; then ok; else bad "both.csv.lock is left after the first ended"; fi
expect 0 "the second run once the first ended" -- "$pb" time --csv "$tmp/both.csv" --key w=c --run-id R \
    --samples 1 -- true
has '^c,done,[0-9.e-]+,R,1,' "$tmp/both.csv"
# A lock file that a killed run left (its pid ended) is taken over, and said on one line.
sh -c 'exit 0' &
dead=$!
wait "$dead"
echo "$dead" >"$tmp/both.csv.lock"
expect 0 "a run over a killed one's lock" -- "$pb" time --csv "$tmp/both.csv" --key w=d --run-id R --samples 1 -- true
one_line_error "^puzzlebench: time: .*/both\.csv\.lock: left by pid $dead, which ended without removing it \(killed\?\): taken over$"
[ ! -e "$tmp/both.csv.lock" ] && ok || bad "the taken-over both.csv.lock is left"

# ---- without --csv, --key, --run-id: quoted commands run by /bin/sh -c, a report ----
expect 0 "time 'sleep 0.3' 'sleep 0.03'" -- "$pb" time --samples 3 --min-sample-time 0 \
    'sleep 0.3' 'sleep 0.03'
has '^Command 1: sleep 0\.3$' "$tmp/out"
has '^Command 2: sleep 0\.03$' "$tmp/out"
check "a mean and its interval per command" 'v == 2' \
    "$(grep -Ec '^  mean [0-9.]+ (m|u)?s \+/- [0-9.e+-]+ (m|u)?s \(95% CI\), median ' "$tmp/out")"
check "3 samples per command" 'v == 2' "$(grep -c '^  3 samples of 1 run, min ' "$tmp/out")"
# sleep 0.3 lasts ten times sleep 0.03: the shorter one is the fastest at any load.
has "^  'sleep 0\.03' ran$" "$tmp/out"
has "^    [0-9.]+( \+/- [0-9.]+)? times faster than 'sleep 0\.3'( \(the interval holds 1: not told apart\))?$" "$tmp/out"
check "the ratio is at least 1" 'v >= 1' "$(sed -n 's/^    \([0-9.]*\).*times faster.*/\1/p' "$tmp/out")"
# the shell: a pipe and quotes; after '--' no shell, so the same text is no command
expect 0 "a shell command" -- "$pb" time --samples 1 'test "$(echo a b | wc -w)" -eq 2'
has '^  mean .*, median ' "$tmp/out"
if ! grep -q 'Relative' "$tmp/out"; then ok; else bad "one command: a relative speed"; fi
expect 2 "no shell after --" -- "$pb" time -- 'true | false'
one_line_error "cannot run 'true \| false': not found on PATH"
expect 0 "time -- true" -- "$pb" time --samples 2 -- true
has '^Command 1: true$' "$tmp/out"
has '^  2 samples of [1-9][0-9]* runs?, min ' "$tmp/out"
expect 4 "one of two commands fails" -- "$pb" time --samples 1 'true' 'exit 3'
one_line_error "^puzzlebench: time: 'exit 3' exited with status 3 .every run must exit 0.$"
if [ ! -s "$tmp/out" ]; then ok; else bad "a failed time printed: $(cat "$tmp/out")"; fi
# The progress thread blocks every signal: a SIGCHLD it took would leave the wait for
# the child asleep for good (this hung 3 in 40 runs of the line above pinned to one
# core). Its mask is read from /proc while it draws.
if [ -r /proc/self/status ]; then
    "$pb" time --samples 2 --warmup 0 -- sleep 2 >/dev/null 2>"$tmp/err" &
    job=$!
    await_handler "$job"
    blocked=
    for ((i = 0; i < 500; i++)); do
        for task in /proc/$job/task/*; do
            [ "${task##*/}" = "$job" ] && continue
            blocked=$(sed -n 's/^SigBlk:[[:space:]]*//p' "$task/status" 2>/dev/null)
        done
        [ -n "$blocked" ] && break
        sleep 0.01
    done
    kill -INT "$job"
    wait "$job"
    # SIGINT is signal 2, SIGCHLD 17: bits 1 and 16 of the mask.
    if [ -n "$blocked" ] && (((16#$blocked >> 1) & 1 && (16#$blocked >> 16) & 1)); then ok; else
        bad "time's progress thread takes signals (SigBlk: ${blocked:-no thread seen})"
    fi
fi
expect 2 "--output with two commands" -- "$pb" time --output "$tmp/o" true true
one_line_error "--output keeps one command's output"
# ---- --csv without --key: command=N per row, one made-up run id ----
expect 0 "time --csv, two commands" -- "$pb" time --csv "$tmp/two.csv" --samples 2 true 'sleep 0.01'
if [ "$(head -1 "$tmp/two.csv")" = "command,status,wall_s,$timing" ]; then ok; else
    bad "two.csv header: $(head -1 "$tmp/two.csv")"; fi
has '^1,done,[0-9.e-]+,[0-9]{8}T[0-9]{6}Z-[0-9a-f]{6},0,2,' "$tmp/two.csv"
has '^2,done,[0-9.e-]+,[0-9]{8}T[0-9]{6}Z-[0-9a-f]{6},1,2,' "$tmp/two.csv"
check "one run id for both rows" 'v == 1' "$(cut -d, -f4 "$tmp/two.csv" | sed 1d | sort -u | wc -l)"
check "samples of both rows" 'v == 5' "$(lines "$tmp/two.samples.csv")"
has '/two\.csv: rows 0 to 1 added, run_id [0-9]{8}T' "$tmp/out"
has '^Relative speed' "$tmp/out"
# ---- --key with two commands: the keys, then command=N; a line per row ----
expect 0 "time --key, two commands" -- "$pb" time --csv "$tmp/keyed.csv" --key tool=sh --run-id R2 \
    --samples 1 true true
if [ "$(head -1 "$tmp/keyed.csv")" = "tool,command,status,wall_s,$timing" ]; then ok; else
    bad "keyed.csv header: $(head -1 "$tmp/keyed.csv")"; fi
has '^sh,2,done,[0-9.e-]+,R2,1,1,' "$tmp/keyed.csv"
check "a line per row" 'v == 2' "$(grep -c 'keyed\.csv row [01]: median ' "$tmp/out")"
expect 2 "a key named command with two commands" -- "$pb" time --csv "$tmp/keyed.csv" \
    --key command=x true true
one_line_error "'command' is the column time adds"

# ---- -P NAME LO HI: one command per value, {NAME} filled in, NAME the rows' key ----
expect 0 "time -P" -- "$pb" time --csv "$tmp/scan.csv" --samples 1 --min-sample-time 0 \
    -P n 2 6 --parameter-step 2 -- sh -c 'exit $(({n} - {n}))'
if [ "$(head -1 "$tmp/scan.csv")" = "n,status,wall_s,$timing" ]; then ok; else
    bad "scan.csv header: $(head -1 "$tmp/scan.csv")"; fi
check "a row per value" 'v == "2 4 6"' "$(sed 1d "$tmp/scan.csv" | cut -d, -f1 | tr '\n' ' ' | sed 's/ $//')"
# --parameter-step=N as every long option takes its value; --parameter-scan's three
# words cannot be joined.
expect 0 "time -P, --parameter-step=N" -- "$pb" time --csv "$tmp/scan2.csv" --samples 1 \
    --min-sample-time 0 -P n 2 6 --parameter-step=4 -- true {n}
check "a row per value, 4 apart" 'v == "2 6"' "$(sed 1d "$tmp/scan2.csv" | cut -d, -f1 | tr '\n' ' ' | sed 's/ $//')"
expect 2 "time --parameter-scan=NAME" -- "$pb" time --parameter-scan=n 1 2 'echo {n}'
one_line_error "--parameter-scan takes three words: NAME LO HI"
expect 0 "time -P, a quoted command" -- "$pb" time --samples 1 --min-sample-time 0 -P k 1 2 'test {k} -ge 1'
has "^Command 2: test 2 -ge 1$" "$tmp/out"
expect 2 "time -P without {NAME}" -- "$pb" time -P n 1 2 true
one_line_error "-P n: the command has no \{n\} to fill in"
expect 2 "time -P LO above HI" -- "$pb" time -P n 3 2 'echo {n}'
one_line_error "-P n: LO 3 is above HI 2"
expect 2 "time -P, too many values" -- "$pb" time -P n 1 17 'echo {n}'
one_line_error "17 values, at most 16 commands"
expect 2 "time -P, two commands" -- "$pb" time -P n 1 2 'echo {n}' 'echo {n}'
one_line_error "-P n: give one command"
expect 2 "time -P, a bad name" -- "$pb" time -P 'a;b' 1 2 'echo {n}'
one_line_error "NAME is letters, digits and '_'"
expect 2 "time -P, cut short" -- "$pb" time -P n 1
one_line_error "-P expects NAME LO HI"

# ---- the shell's start-up: measured for quoted commands, none for argv ----
expect 0 "time --json, a quoted command" -- "$pb" time --json --samples 2 --min-sample-time 0 'true'
has '"shell_start_s": [0-9.e-]+,$' "$tmp/out"
expect 0 "time --json --keep-shell" -- "$pb" time --json --keep-shell --samples 2 --min-sample-time 0 'true'
has '"shell_start_s": null,$' "$tmp/out"
expect 0 "time --json, argv" -- "$pb" time --json --samples 2 --min-sample-time 0 -- true
has '"shell_start_s": null,$' "$tmp/out"
expect 0 "time, the correction said" -- "$pb" time --samples 2 --min-sample-time 0 'true'
has "^The shell's start-up, .* a run \(/bin/sh -c ''\), is subtracted" "$tmp/out"
has '^  user [0-9.]+ [mu]?s, system [0-9.]+ [mu]?s \(mean per run\), peak memory [0-9.]+ MiB$' "$tmp/out"

# ---- help ----
expect 0 "time --help" -- "$pb" time --help
has "^usage: puzzlebench time \\[options\\] 'COMMAND' \\['COMMAND'...\\]" "$tmp/out"
has '^       puzzlebench time \[options\] -- COMMAND \[ARGS...\]' "$tmp/out"
has '--min-sample-time S ' "$tmp/out"
has '\(default 5\)' "$tmp/out"
expect 0 "help" -- "$pb" --help
has "^  time 'CMD' \\['CMD'...\\] " "$tmp/out"

finish cli_time
