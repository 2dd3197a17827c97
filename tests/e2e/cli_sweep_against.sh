#!/usr/bin/env bash
# cli_sweep_against.sh — sweep --against (issue 31): a sweep measured in two builds,
# here this binary against itself, gives two files with the same rows (keys and step
# counts; times differ), one run_id, and samples taken in the same rounds, which
# compare pairs round by round; ci-target takes further rounds for both builds alike;
# a duet takes both builds' samples at the same time, one core each (the default on two
# cores), alternate one run at a time; --against-slowdown
# slows the other build alone;
# a binary that does not serve, or that expands the sweep into other runs, is refused
# with one line and leaves no complete file; --resume after a killed worker continues
# both sides; --against refuses --serve.
# usage: cli_sweep_against.sh PUZZLEBENCH SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
source "$(dirname "$0")/cli_lib.sh"
self=$(readlink -f "$pb")

cat >"$tmp/s.sweep" <<'SWEEP'
family notouch
name s
instances 2x3 2x4 3x3
engines backtrack propagate
modes first count
samples 3
min-sample-time 0.001
warmup 0
SWEEP
expect 0 "sweep --against itself" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/ab" --against "$self"
has "compare $tmp/ab/s-against.csv $tmp/ab/s.csv" "$tmp/out"
for f in s s-against; do
    for x in csv samples.csv meta topology.xml; do
        [ -s "$tmp/ab/$f.$x" ] && ok || bad "$f.$x missing"
    done
    has '^status=complete$' "$tmp/ab/$f.meta"
    has '^rows=12 of 12$' "$tmp/ab/$f.meta"
    has "^against=$self \((duet|alternate): " "$tmp/ab/$f.meta"
    # command= is what the user ran, to rerun it; the worker's own line beside it.
    has "^command=.* sweep $tmp/s.sweep --out $tmp/ab --against $self\$" "$tmp/ab/$f.meta"
    has "^worker_command=.* --serve .* --name $f " "$tmp/ab/$f.meta"
done
# The rows: the same keys and counts (columns family .. restarts) in the same order.
cut -d, -f1-17 "$tmp/ab/s.csv" >"$tmp/a.keys"
cut -d, -f1-17 "$tmp/ab/s-against.csv" >"$tmp/b.keys"
if cmp -s "$tmp/a.keys" "$tmp/b.keys" && [ "$(wc -l <"$tmp/a.keys")" -eq 13 ]; then ok; else
    bad "the two builds' rows differ: $(diff "$tmp/a.keys" "$tmp/b.keys" | head -5)"; fi
# One run_id, and every run's samples in the same rounds on both sides.
ids=$(sed -n 's/^run_id=//p' "$tmp/ab/s.meta" "$tmp/ab/s-against.meta" | sort -u | wc -l)
[ "$ids" -eq 1 ] && ok || bad "the two files have $ids run_ids"
rounds() { tail -n +2 "$1" | awk -F, '{ print $2, $6 }' | sort; } # row, round
if [ -n "$(rounds "$tmp/ab/s.samples.csv")" ] &&
    [ "$(rounds "$tmp/ab/s.samples.csv")" = "$(rounds "$tmp/ab/s-against.samples.csv")" ]; then ok; else
    bad "the two builds' samples are not in the same rounds"; fi
expect 0 "compare the two builds" -- "$pb" compare "$tmp/ab/s-against.csv" "$tmp/ab/s.csv"
has '^(8|12) paired by round, 0 from independent samples' "$tmp/out"

# The sweeps below that are not about the number of worker processes run two a build
# (a helper still takes every other pair of rounds): six, the default, take seconds
# each to start under the sanitizers.
two=(--against-processes 2)

# ci-target: further rounds, the same on both sides (a target no pair can meet runs
# every pair of a run that may sample on to max-samples).
# These two warm up: without it, the progress below once ended short of its total
# under the sanitizers, and was not caught again (the CHANGELOG has the case).
expect 0 "--against with ci-target" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/ci" --against "$self" \
    "${two[@]}" --instances 2x3 --modes count --ci-target 0.0001 --max-samples 7 --warmup 0.05 -q
n_a=$(tail -n +2 "$tmp/ci/s.samples.csv" | wc -l)
n_b=$(tail -n +2 "$tmp/ci/s-against.samples.csv" | wc -l)
[ "$n_a" -eq 14 ] && [ "$n_b" -eq 14 ] && ok || bad "ci-target: $n_a and $n_b samples, expected 14 each"
# Its progress counts the regular steps only: the further rounds never take it past its total.
PB_PROGRESS_INTERVAL=0 expect 0 "--against with ci-target, progress" -- "$pb" sweep "$tmp/s.sweep" \
    --out "$tmp/cip" --against "$self" "${two[@]}" --instances 2x3 --modes count --ci-target 0.0001 \
    --max-samples 7 --warmup 0.05
awk '/ steps \(/ { split($3, f, "/"); if (f[1] + 0 > f[2] + 0) bad = 1; total = f[2] }
     / done: / { done = $4 } END { exit bad || done == "" || done != total }' "$tmp/err" && ok ||
    bad "--against progress past its total: $(grep -c steps "$tmp/err") lines, last: $(tail -n 1 "$tmp/err")"

# Over several blocks (each run a block of its own) the regular steps still add up to
# the total, in both pairings (the rounds are numbered over the sweep, the regular
# ones counted within each block).
for pairing in alternate duet; do
    [ "$pairing" = duet ] && [ "$(nproc)" -lt 2 ] && continue
    PB_PROGRESS_INTERVAL=0 expect 0 "--against, --block 1, $pairing, progress" -- "$pb" sweep "$tmp/s.sweep" \
        --out "$tmp/blk$pairing" --against "$self" --pairing "$pairing" --instances 2x3 --block 1 \
        --against-processes 1
    awk '/ steps \(/ { split($3, f, "/"); total = f[2] } / done: / { done = $4 }
         END { exit done == "" || done != total }' "$tmp/err" && ok ||
        bad "--against --block 1 --pairing $pairing: progress short of its total: $(tail -n 1 "$tmp/err")"
done
# Both pairings: the same rows, and both builds' samples in the same rounds.
for pairing in alternate duet; do
    [ "$pairing" = duet ] && [ "$(nproc)" -lt 2 ] && continue
    expect 0 "--pairing $pairing" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/$pairing" --against "$self" \
        "${two[@]}" --pairing "$pairing" -q
    has "^against=$self \($pairing: " "$tmp/$pairing/s.meta"
    cut -d, -f1-17 "$tmp/$pairing/s-against.csv" >"$tmp/p.keys"
    cmp -s "$tmp/a.keys" "$tmp/p.keys" && ok || bad "--pairing $pairing: the rows differ"
    [ "$(rounds "$tmp/$pairing/s.samples.csv")" = "$(rounds "$tmp/$pairing/s-against.samples.csv")" ] && ok ||
        bad "--pairing $pairing: the two builds' samples are not in the same rounds"
done
# A duet: both sides' batches of one size (the larger calibration), and a pair stops
# after an even number of rounds (a worker's two, one on each half of the cores) or at
# max-samples; with three workers, only once each has taken its two (6 rounds).
if [ "$(nproc)" -ge 2 ]; then
    batches() { tail -n +2 "$1" | awk -F, '{ print $2, $6, $4 }' | sort; } # row, round, runs
    [ "$(batches "$tmp/duet/s.samples.csv")" = "$(batches "$tmp/duet/s-against.samples.csv")" ] && ok ||
        bad "duet: the two builds' batches differ in size"
    for procs in 1 3; do
        expect 0 "duet, ci-target, $procs workers" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/even$procs" \
            --against "$self" --pairing duet --against-processes "$procs" --ci-target 0.9 --max-samples 9 -q
        least=$((procs >= 3 ? 2 * procs : 2))
        tail -n +2 "$tmp/even$procs/s.samples.csv" | awk -F, '{ n[$2]++ }
            END { for (r in n) if ((n[r] % 2 && n[r] != 9) || n[r] < '"$least"') exit 1; exit !length(n) }' && ok ||
            bad "duet with $procs workers: a pair stopped at an odd count or too soon"
    done
fi
# Worker processes per build: the first writes the files, the others only measure and
# hand their samples over; the rows and the rounds are the same whatever their number.
# The helpers run copies of the binaries in a scratch folder, removed at the end.
for procs in 1 3; do
    mkdir -p "$tmp/tmpdir$procs"
    expect 0 "--against-processes $procs" -- env TMPDIR="$tmp/tmpdir$procs" "$pb" sweep "$tmp/s.sweep" \
        --out "$tmp/procs$procs" --against "$self" --against-processes "$procs" --samples 6 -q
    [ -z "$(ls -A "$tmp/tmpdir$procs")" ] && ok || bad "--against-processes $procs left $(ls -A "$tmp/tmpdir$procs")"
    has "; $procs worker processes per build\)$" "$tmp/procs$procs/s.meta"
    cut -d, -f1-17 "$tmp/procs$procs/s-against.csv" >"$tmp/p.keys"
    cmp -s "$tmp/a.keys" "$tmp/p.keys" && ok || bad "--against-processes $procs: the rows differ"
    [ "$(rounds "$tmp/procs$procs/s.samples.csv")" = "$(rounds "$tmp/procs$procs/s-against.samples.csv")" ] &&
        [ "$(tail -n +2 "$tmp/procs$procs/s.samples.csv" | awk -F, '$6 == 5' | wc -l)" -gt 0 ] && ok ||
        bad "--against-processes $procs: rounds 0-5 not taken alike by both builds"
    [ "$(ls "$tmp/procs$procs" | wc -l)" -eq 8 ] && ok || bad "--against-processes $procs: $(ls "$tmp/procs$procs")"
done
expect 2 "--against-processes 9" -- "$pb" sweep "$tmp/s.sweep" --against "$self" --against-processes 9
one_line_error "against-processes"
expect 2 "--against-processes without --against" -- "$pb" sweep "$tmp/s.sweep" --against-processes 2
one_line_error "--against-processes goes with --against"
expect 2 "--serve-helper without --serve" -- "$pb" sweep "$tmp/s.sweep" --serve-helper
one_line_error "--serve-helper goes with --serve"

# A duet needs two cores and 1-thread runs: asked for, it is refused; by default the
# builds alternate. Pinned to one core (taskset), the core is the reason given.
no_duet="the search-threads must be 1, not 2"
[ "$(nproc)" -lt 2 ] && no_duet="this machine has one core"
expect 2 "--pairing duet with search-threads 2" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/d2" \
    --against "$self" --pairing duet --search-threads 2 --engines propagate
one_line_error "--pairing duet runs the two builds one core each: $no_duet"
expect 0 "--against with search-threads 2" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/t2" \
    --against "$self" "${two[@]}" --search-threads 2 --engines propagate --instances 2x3
has "no duet: $no_duet" "$tmp/err"
has "^against=$self \(alternate: " "$tmp/t2/s.meta"
expect 2 "--pairing without --against" -- "$pb" sweep "$tmp/s.sweep" --pairing duet
one_line_error "--pairing goes with --against"

# --against-slowdown: the other build alone does slower work; counts stay the same, and
# compare refuses the pair as unfair unless told (the slowdown settings differ).
expect 0 "--against-slowdown" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/slow" --against "$self" "${two[@]}" \
    --against-slowdown 1.5 --instances 2x4 -q
has '^slowdown=1.5$' "$tmp/slow/s-against.meta"
has '^slowdown=0$' "$tmp/slow/s.meta"
cmp -s <(cut -d, -f1-17 "$tmp/slow/s.csv") <(cut -d, -f1-17 "$tmp/slow/s-against.csv") && ok ||
    bad "--against-slowdown changed the rows"
# With --slowdown too, this build takes it and the other --against-slowdown alone (a
# worker given --slowdown twice would be refused).
expect 0 "--slowdown and --against-slowdown" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/slow2" \
    --against "$self" "${two[@]}" --slowdown 1.2 --against-slowdown 1.5 --instances 2x3 --modes count -q
has '^slowdown=1.5$' "$tmp/slow2/s-against.meta"
has '^slowdown=1.2$' "$tmp/slow2/s.meta"
expect 2 "compare refuses the slowed pair" -- "$pb" compare "$tmp/slow/s.csv" "$tmp/slow/s-against.csv"
one_line_error "slowdown '0' against '1.5' \(--allow-mismatch compares them anyway\)"
expect 2 "--against-slowdown without --against" -- "$pb" sweep "$tmp/s.sweep" --against-slowdown 2
one_line_error "--against-slowdown goes with --against"
# A first run as long as a sample is kept as one (round -1); where it is so in one
# build alone (here the slowed one), that build drops it again: both take their samples
# in the same rounds, and as many, in both pairings (a CI once failed on the rounds),
# alone and with helpers (whose own first runs are never kept).
for run in "alternate 1" "duet 3"; do
    read -r pairing procs <<<"$run"
    [ "$pairing" = duet ] && [ "$(nproc)" -lt 2 ] && continue
    d=$tmp/first$pairing
    expect 0 "a first run kept by one build, $pairing, $procs workers" -- "$pb" sweep "$tmp/s.sweep" \
        --out "$d" --against "$self" --against-slowdown 20 --min-sample-time 0.0005 --instances 3x3 \
        --engines backtrack --modes count --samples 4 --pairing "$pairing" --against-processes "$procs" -q
    [ "$(rounds "$d/s.samples.csv")" = "$(rounds "$d/s-against.samples.csv")" ] &&
        [ "$(tail -n +2 "$d/s.samples.csv" | wc -l)" -eq 4 ] && ok ||
        bad "a first run kept by one build ($pairing, $procs workers): rounds $(rounds "$d/s.samples.csv" |
            tr '\n' ' ')against $(rounds "$d/s-against.samples.csv" | tr '\n' ' ')"
done
# Runs stopped at a limit take no samples: the progress still ends at its total.
PB_PROGRESS_INTERVAL=0 expect 0 "--against, runs at a step limit, progress" -- "$pb" sweep "$tmp/s.sweep" \
    --out "$tmp/lim" --against "$self" "${two[@]}" --step-limit 50 --instances 3x3
awk '/ steps \(/ { split($3, f, "/"); total = f[2] } / done: / { done = $4 }
     END { exit done == "" || done != total }' "$tmp/err" && ok ||
    bad "--against with runs at a limit: progress short of its total: $(tail -n 1 "$tmp/err")"
# A rep-budget that the slower build spends first (3 times the work, the same samples of
# at least 10 ms): the other stops with it, so every sample has its partner in its round.
expect 0 "--against with a rep-budget" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/budget" --against "$self" \
    "${two[@]}" --against-slowdown 3 --rep-budget 0.05 --samples 10 --min-sample-time 0.01 --instances 2x3 -q
[ -n "$(rounds "$tmp/budget/s.samples.csv")" ] &&
    [ "$(rounds "$tmp/budget/s.samples.csv")" = "$(rounds "$tmp/budget/s-against.samples.csv")" ] && ok ||
    bad "rep-budget: samples without a partner ($(tail -n +2 "$tmp/budget/s.samples.csv" | wc -l) and" \
        "$(tail -n +2 "$tmp/budget/s-against.samples.csv" | wc -l))"

# SIGINT to the comparing process: both builds stop, keep whole rows, and say so.
"$pb" sweep "$tmp/s.sweep" --out "$tmp/int" --against "$self" --min-sample-time 0.2 -q \
    2>"$tmp/int.err" &
pid=$!
await_handler "$pid"
kill -INT "$pid"
wait "$pid"
st=$?
[ "$st" -eq 130 ] && ok || bad "SIGINT: exit $st, expected 130 ($(cat "$tmp/int.err"))"
for f in s s-against; do
    has '^status=interrupted$' "$tmp/int/$f.meta"
    [ -e "$tmp/int/$f.csv" ] && [ ! -e "$tmp/int/$f.csv.part" ] && ok || bad "SIGINT: $f.csv not in place"
done

# A binary that does not serve, and one that expands the sweep into other runs (the
# pairing named, so that no note of the pairing chosen precedes the error on one core).
printf '#!/bin/sh\nexit 3\n' >"$tmp/mute" && chmod +x "$tmp/mute"
expect 2 "--against a binary that does not serve" -- \
    "$pb" sweep "$tmp/s.sweep" --out "$tmp/m" --against "$tmp/mute" --pairing alternate
one_line_error "sweep --against: .*/mute did not start serving the sweep: it exited with status 3"
[ ! -e "$tmp/m/s.csv" ] && ok || bad "a refused --against left $tmp/m/s.csv"
printf '#!/bin/sh\necho "ready 12 0123456789abcdef"\ncat >/dev/null\n' >"$tmp/other" && chmod +x "$tmp/other"
expect 2 "--against a build that expands the sweep otherwise" -- \
    "$pb" sweep "$tmp/s.sweep" --out "$tmp/o" --against "$tmp/other" --pairing alternate
one_line_error "expands .*s.sweep into other runs \('ready 12 0123456789abcdef', this build: 'ready 12 "
[ ! -e "$tmp/o/s.csv" ] && ok || bad "a refused --against left $tmp/o/s.csv"
expect 2 "--against a missing binary" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/x" --against "$tmp/none"
one_line_error "sweep --against: cannot run '.*/none': No such file"

# A worker killed outright: the other build's side keeps its .part files, its .lock and
# status=running. --resume takes over the lock (saying so) and resumes both sides'
# rows; a row that one side kept and the other did not is measured again by both, so
# that every row has its partner from the same run_id.
K=(--against "$self" --against-processes 1 --block 1 --min-sample-time 0.05 --pairing alternate)
"$pb" sweep "$tmp/s.sweep" --out "$tmp/kill" "${K[@]}" -q 2>"$tmp/kill.err" &
pid=$!
for ((i = 0; i < 600; i++)); do
    [ "$(cat "$tmp/kill/s-against.csv.part" 2>/dev/null | wc -l)" -ge 3 ] && break
    sleep 0.05
done
kill -KILL "$(pgrep -P "$pid" -f 'name s-against ')"
wait "$pid"
[ -e "$tmp/kill/s-against.lock" ] && [ -e "$tmp/kill/s-against.csv.part" ] && ok ||
    bad "a killed worker should leave its .lock and .part files: $(ls "$tmp/kill")"
has '^status=running$' "$tmp/kill/s-against.meta"
cp -r "$tmp/kill" "$tmp/kill2"
expect 0 "--against --resume after a killed worker" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/kill" \
    "${K[@]}" --resume -q
has "s-against.lock: left by pid [0-9]+, which ended without removing it \(killed\?\): taken over" "$tmp/err"
pairs() { cut -d, -f1-17,22 "$1" | sort; } # the keys, counts and run_id of each row
for f in s s-against; do
    has '^status=complete$' "$tmp/kill/$f.meta"
    has '^rows=12 of 12$' "$tmp/kill/$f.meta"
    [ ! -e "$tmp/kill/$f.lock" ] && ok || bad "--resume left $f.lock"
done
[ "$(pairs "$tmp/kill/s.csv")" = "$(pairs "$tmp/kill/s-against.csv")" ] && ok ||
    bad "--against --resume: the two builds' rows differ"
expect 0 "compare the resumed pair" -- "$pb" compare "$tmp/kill/s-against.csv" "$tmp/kill/s.csv"
has '^12 paired by round, 0 from independent samples' "$tmp/out"
# One side without a row the other kept (a kill between their two writes): measured again.
sed -i '$d' "$tmp/kill2/s.csv"
expect 0 "--against --resume, a row on one side only" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/kill2" \
    "${K[@]}" --resume -q
[ "$(pairs "$tmp/kill2/s.csv")" = "$(pairs "$tmp/kill2/s-against.csv")" ] &&
    [ "$(wc -l <"$tmp/kill2/s.csv")" -eq 13 ] && ok ||
    bad "--against --resume, a row on one side only: the rows differ"
# The comparing process killed outright: its workers see it gone (their writes fail,
# their input ends) and keep their rows as after a signal, on both sides alike.
"$pb" sweep "$tmp/s.sweep" --out "$tmp/kp" "${K[@]}" -q 2>/dev/null &
pid=$!
for ((i = 0; i < 600; i++)); do
    [ "$(cat "$tmp/kp/s.csv.part" 2>/dev/null | wc -l)" -ge 3 ] && break
    sleep 0.05
done
workers=$(pgrep -P "$pid")
kill -KILL "$pid"
wait "$pid" 2>/dev/null
for ((i = 0; i < 300; i++)); do
    left=0
    for w in $workers; do [ -e "/proc/$w" ] && left=1; done
    [ "$left" -eq 0 ] && break
    sleep 0.05
done
for f in s s-against; do
    has '^status=interrupted$' "$tmp/kp/$f.meta"
    [ ! -e "$tmp/kp/$f.lock" ] && ok || bad "a killed comparing process left $f.lock"
done
expect 0 "--against --resume after the comparing process was killed" -- "$pb" sweep "$tmp/s.sweep" \
    --out "$tmp/kp" "${K[@]}" --resume -q
[ "$(pairs "$tmp/kp/s.csv")" = "$(pairs "$tmp/kp/s-against.csv")" ] &&
    [ "$(wc -l <"$tmp/kp/s.csv")" -eq 13 ] && ok || bad "resumed after the comparing process was killed: rows differ"

# A complete pair has nothing to resume; existing files are refused in one line.
expect 0 "--against --resume, complete" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/kill" "${K[@]}" --resume
has "kill/s.csv and .*kill/s-against.csv: the sweep is complete already; nothing to resume" "$tmp/out"
expect 2 "--against over an earlier sweep" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/kill" "${K[@]}"
one_line_error "kill/s.meta exists: --force starts the sweep over, --resume continues it"
# A worker of this build that refuses the sweep (its settings differ from the .meta's)
# is not taken for a build without `sweep --serve`.
sed -i 's/^status=complete$/status=interrupted/' "$tmp/kill/s.meta" "$tmp/kill/s-against.meta"
expect 2 "--against --resume with other settings" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/kill" \
    "${K[@]}" --resume --samples 4
has "cannot resume: samples differs" "$tmp/err"
grep -q 'without `sweep --serve`' "$tmp/err" && bad "blamed a build without --serve: $(cat "$tmp/err")" || ok

# What does not go together.
expect 2 "--against a path with a newline" -- "$pb" sweep "$tmp/s.sweep" --against "$tmp/a
b"
one_line_error "--against: a path with control characters is refused"
expect 2 "--against with --serve" -- "$pb" sweep "$tmp/s.sweep" --against "$self" --serve "$self"
one_line_error "--against starts the workers that --serve is for"
expect 2 "a bad --run-id" -- "$pb" sweep "$tmp/s.sweep" --serve "$self" --run-id 'a b'
one_line_error "--run-id expects up to 31 letters, digits and '-', got 'a b'"
# A worker answers what it is asked, and refuses what it cannot read.
printf 'begin 0\nhello\n' | "$pb" sweep "$tmp/s.sweep" --out "$tmp/w" --serve "$self" -q \
    >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && ok || bad "a worker given an unknown command should exit 2"
has '^ready 12 [0-9a-f]{16}$' "$tmp/out"
has '^ok [0-3] [01] [01] - -$' "$tmp/out"
one_line_error "sweep --serve: unknown command 'hello'"
# runs I N: a run's runs per sample, set where N > 0 (a duet's batches of one size).
printf 'begin 0\nruns 0 0\nruns 0 777\nruns 0 0\nsample 0 0\nquit\n' |
    "$pb" sweep "$tmp/s.sweep" --out "$tmp/wr" --serve "$self" -q >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && ok || bad "a worker given runs should exit 0"
[ "$(sed -n '3p;4p;5p' "$tmp/out" | tr '\n' ' ')" = "$(sed -n 3p "$tmp/out") ok 777 ok 777 " ] &&
    grep -q '^ok [1-9][0-9]*$' "$tmp/out" && ok || bad "runs: $(tr '\n' ' ' <"$tmp/out")"
# A sample's answer gives its CPU time beside its time; a helper's sample handed over
# with `take` keeps the CPU time it came with, or none ("-") from a build without it.
printf 'begin 0\nsample 0 0\ntake 0 1 1 0.5 0.25\ntake 0 2 1 0.5\nquit\n' |
    "$pb" sweep "$tmp/s.sweep" --out "$tmp/wt" --serve "$self" -q --max-samples 5 >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && ok || bad "a worker given take should exit 0: $(cat "$tmp/err")"
[ "$(sed -n 3p "$tmp/out" | cut -d' ' -f5- | grep -cE '^[0-9.e-]+ [0-9.e-]+$')" = 1 ] && ok ||
    bad "sample's answer: $(sed -n 3p "$tmp/out")"
[ "$(sed -n '4p;5p' "$tmp/out" | cut -d' ' -f5- | tr '\n' ' ')" = "0.5 0.25 0.5 - " ] && ok ||
    bad "take's answers: $(tr '\n' ' ' <"$tmp/out")"
# A first run as long as a sample (min-sample-time 0, no warm-up) is kept as one, and
# begin's answer gives its time; keep I 0 drops it again (its pair's first run was not).
printf 'begin 0\nkeep 0 0\nsample 0 0\nend 0 1\nquit\n' |
    "$pb" sweep "$tmp/s.sweep" --out "$tmp/wk" --serve "$self" -q --min-sample-time 0 >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && ok || bad "a worker given keep should exit 0: $(cat "$tmp/err")"
[ "$(sed -n 2p "$tmp/out" | cut -d' ' -f5- | grep -cE '^[0-9.e-]+ [0-9.e-]+$')" = 1 ] &&
    [ "$(sed -n 3p "$tmp/out" | cut -d' ' -f5-)" = "- -" ] && ok ||
    bad "begin's and keep's answers: $(tr '\n' ' ' <"$tmp/out")"
[ "$(rounds "$tmp/wk/s.samples.csv")" = "0 0" ] && ok ||
    bad "keep 0 0 then a sample: $(rounds "$tmp/wk/s.samples.csv" | tr '\n' ' ')"
finish cli_sweep_against
