#!/usr/bin/env bash
# cli_mpi_sweep.sh — `mpirun -np N puzzlebench sweep` (issue 15): at 3 ranks the CSV
# has the rows of a one-process sweep (keys and step counts; times differ), every row
# with all its samples, and the .meta lists the ranks with host, cores and binding; an
# MPI sweep stopped by SIGINT or SIGTERM to mpirun, or by a SIGKILL of mpirun, keeps
# whole rows and, resumed by one process or by MPI, completes to the same rows, and a
# one-process sweep resumes under MPI; a complete sweep resumed at another --workers
# is complete, a partial one says why not; an existing sweep is refused without a hang.
# Exit 77 (skipped) without mpirun.
# usage: cli_mpi_sweep.sh PUZZLEBENCH SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
source "$(dirname "$0")/cli_lib.sh"
# shellcheck source=tests/e2e/sweep_lib.sh
source "$(dirname "$0")/sweep_lib.sh"
need_mpirun
export OMP_NUM_THREADS=1

# 40 runs of about a tenth of a second each (2 samples of at least 30 ms, no warm-up):
# the sweep takes seconds, so that a signal lands in its middle.
cat >"$tmp/k.sweep" <<'EOF'
family notouch
name k
instances 2x3 3x3 2x5 3x4 2x6
engines backtrack propagate
orders row mrv
modes first count
samples 2
min-sample-time 0.03
warmup 0
EOF
runs=40
# mpi_sweep NP ARGS...: the sweep above on NP ranks (one thread each), at most 2 minutes.
mpi_sweep() {
    local np=$1
    shift
    timeout 120 mpirun --allow-run-as-root --oversubscribe -np "$np" "$pb" sweep "$tmp/k.sweep" \
        --workers 1 "$@"
}
one() { "$pb" sweep "$tmp/k.sweep" --workers 1 "$@"; }
same_rows() { # same_rows DIR WHAT: DIR's finished CSV has the reference's rows
    keys "$1/k.csv" | cmp -s - "$tmp/ref.keys" && ok ||
        bad "$2: rows differ from one process: $(keys "$1/k.csv" | diff - "$tmp/ref.keys" | head -5)"
    has "^status=complete$" "$1/k.meta"
    has "^rows=$runs of $runs$" "$1/k.meta"
}
# start_until DIR ROWS NP: the MPI sweep into DIR in the background ($pid: mpirun's),
# returning once its CSV holds ROWS rows (or after 60 s).
start_until() {
    local dir=$1 want=$2 np=$3
    mpirun --allow-run-as-root --oversubscribe -np "$np" "$pb" sweep "$tmp/k.sweep" --out "$dir" \
        --workers 1 -q 2>"$tmp/bg.err" &
    pid=$!
    for _ in $(seq 1 3000); do
        if [ -f "$dir/k.meta" ] && [ "$(rows_in "$dir")" -ge "$want" ]; then break; fi
        sleep 0.02
    done
}

# ---- the reference: one process ----
expect 0 "one process" -- one --out "$tmp/ref"
keys "$tmp/ref/k.csv" >"$tmp/ref.keys"
[ "$(wc -l <"$tmp/ref.keys")" -eq $runs ] && ok || bad "one process: not $runs rows"

# ---- 3 ranks, each bound to its own share of the cores ----
expect 0 "3 ranks" -- mpi_sweep 3 --out "$tmp/np3" --bind core
same_rows "$tmp/np3" "3 ranks"
whole "$tmp/np3" "3 ranks"
has "^ranks=3$" "$tmp/np3/k.meta"
for r in 0 1 2; do
    has "^rank\.$r=host [^,]+, cores [1-9][0-9]*, pus [1-9][0-9]*, bind core:[0-9]+-[0-9]+ of [1-9][0-9]*, runs at once 1$" "$tmp/np3/k.meta"
done
has "^bind=core$" "$tmp/np3/k.meta"
# One run id: every row was written by rank 0 for this run.
[ "$(tail -n +2 "$tmp/np3/k.csv" | cut -d, -f22 | sort -u | wc -l)" -eq 1 ] && ok ||
    bad "3 ranks: rows of more than one run id"
expect 0 "--list on 3 ranks" -- mpi_sweep 3 --out "$tmp/list" --list
[ "$(grep -c threads=1 "$tmp/out")" -eq $runs ] && ok || bad "--list on 3 ranks: not $runs lines once"

# ---- SIGINT and SIGTERM to mpirun, then --resume by one process and by MPI ----
for how in INT:one TERM:mpi; do
    sig=${how%:*} d=$tmp/$sig
    start_until "$d" 3 3
    kill -"$sig" $pid
    wait $pid
    st=$?
    [ "$st" -ne 0 ] && ok || bad "SIG$sig: mpirun exited 0"
    has "^status=interrupted$" "$d/k.meta"
    has "^rows=[0-9]+ of $runs \(interrupted\)$" "$d/k.meta"
    whole "$d" "SIG$sig to mpirun"
    n=$(rows_in "$d")
    [ "$n" -ge 3 ] && [ "$n" -lt $runs ] && ok || bad "SIG$sig to mpirun kept $n rows"
    if [ "${how#*:}" = one ]; then
        expect 0 "resume by one process after SIG$sig to mpirun" -- one --out "$d" --resume
    else
        expect 0 "resume on 2 ranks after SIG$sig to mpirun" -- mpi_sweep 2 --out "$d" --resume
    fi
    has "^resuming .*: $n of $runs rows there" "$tmp/out"
    same_rows "$d" "SIG$sig to mpirun, resumed by ${how#*:}"
    whole "$d" "SIG$sig to mpirun, resumed"
done

# ---- SIGKILL of mpirun: the ranks end with it; --resume on 3 ranks completes ----
d=$tmp/KILL
start_until "$d" 3 3
ranks=$(ps -o pid= --ppid $pid)
kill -KILL $pid
wait $pid 2>/dev/null
for _ in $(seq 1 100); do # gone, or zombies left to init
    left=0
    for r in $ranks; do
        case $(ps -o stat= -p "$r" 2>/dev/null) in "" | Z*) ;; *) left=1 ;; esac
    done
    [ $left -eq 0 ] && break
    sleep 0.05
done
[ $left -eq 0 ] && ok || bad "SIGKILL of mpirun: ranks still running after 5 s"
has "^status=running$" "$d/k.meta"
whole "$d" "SIGKILL of mpirun"
expect 0 "resume on 3 ranks after a SIGKILL of mpirun" -- mpi_sweep 3 --out "$d" --resume
same_rows "$d" "SIGKILL of mpirun, resumed"
whole "$d" "SIGKILL of mpirun, resumed"
has "^run_id=[^ ]+ [^ ]+$" "$d/k.meta" # the killed run's id and the resumed one's

# ---- a one-process sweep interrupted, resumed on 3 ranks ----
d=$tmp/one
# Not through one(): $pid must be puzzlebench's own; rows written 2 at a time.
"$pb" sweep "$tmp/k.sweep" --workers 1 --out "$d" --block 2 -q 2>/dev/null &
pid=$!
for _ in $(seq 1 3000); do
    if [ -f "$d/k.meta" ] && [ "$(rows_in "$d")" -ge 3 ]; then break; fi
    sleep 0.02
done
kill -INT $pid
wait $pid
has "^status=interrupted$" "$d/k.meta"
expect 0 "a one-process sweep resumed on 3 ranks" -- mpi_sweep 3 --out "$d" --resume
same_rows "$d" "one process interrupted, resumed on 3 ranks"

# ---- runs at a time: a complete MPI sweep resumed by one process at any --workers
# is complete; a partial one at another count says why not and what to give ----
for w in 1 2; do
    expect 0 "a complete MPI sweep resumed by one process, --workers $w" -- \
        "$pb" sweep "$tmp/k.sweep" --out "$tmp/np3" --resume --workers $w
    has "the sweep is complete already; nothing to resume" "$tmp/out"
done
cp -r "$tmp/np3" "$tmp/part" && sed -i 's/^status=complete$/status=interrupted/' "$tmp/part/k.meta"
expect 2 "a partial MPI sweep resumed by one process, --workers 2" -- \
    "$pb" sweep "$tmp/k.sweep" --out "$tmp/part" --resume --workers 2 --bind core
one_line_error "part/k\.meta: cannot resume: its rows were measured 1 at a time \(workers=1\), this run would measure 2 .* resume with --workers 1 "

# ---- an existing sweep is refused on every rank, without a hang ----
cp "$tmp/np3/k.csv" "$tmp/before.csv"
expect 2 "a second MPI sweep over the first" -- mpi_sweep 3 --out "$tmp/np3"
has "k\.(meta|csv) exists: --force starts the sweep over, --resume continues it" "$tmp/err"
cmp -s "$tmp/np3/k.csv" "$tmp/before.csv" && ok || bad "the refused sweep changed k.csv"
expect 0 "--force on 2 ranks" -- mpi_sweep 2 --out "$tmp/np3" --force
same_rows "$tmp/np3" "--force on 2 ranks"

finish cli_mpi_sweep
