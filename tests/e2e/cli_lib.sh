# cli_lib.sh — what the end-to-end scripts share: the binary and source paths, a
# scratch directory, and the expect/has/one_line_error checks that count passes and
# failures, and the MPI tests' mpirun and signal to one rank. Sourced by the
# end-to-end shell scripts.
# shellcheck shell=bash
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
# one_line_error PATTERN: stderr is exactly one line and matches PATTERN (not counting
# the warning a run gives when the machine is loaded at its start, as under ctest -j).
one_line_error() {
    grep -v '^puzzlebench: warning: 1-minute load ' "$tmp/err" >"$tmp/err.1" || true
    mv -f "$tmp/err.1" "$tmp/err"
    if [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -Eq -e "$1" "$tmp/err"; then ok; else
        bad "stderr should be one line matching '$1', got: $(cat "$tmp/err")"; fi
}
has() { if grep -Eq -e "$1" "$2"; then ok; else bad "$2 lacks '$1'"; fi; }

# need_mpirun: a test of MPI is skipped (exit 77) on a machine without mpirun. Its
# mpiruns take Open MPI's point-to-point layer for shared memory and TCP (ob1) outright:
# by default every start first probes the layers for fast networks (cm: ofi, psm2),
# time at every start on a machine without them. The program's MPI code is
# the same either way; a caller's own OMPI_MCA_pml is kept.
need_mpirun() {
    export OMPI_MCA_pml=${OMPI_MCA_pml:-ob1}
    command -v mpirun >/dev/null && return
    echo "$(basename "$0" .sh): no mpirun: skipped"
    exit 77
}
# mpi NP ARGS...: ARGS at NP ranks on this machine, without mpirun's own notices.
mpi() { mpirun --allow-run-as-root --oversubscribe -q -np "$@"; }

# rank_pid MPIRUN_PID RANK: the pid of that rank, a child of this mpirun.
rank_pid() {
    local p
    for p in $(pgrep -P "$1"); do
        tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$2" &&
            echo "$p" && return
    done
}

# interrupt_rank1 NAME WAIT_S BOUND_S ARGS...: `puzzlebench ARGS` at 3 ranks, a SIGINT
# to rank 1 (not rank 0) once it runs: every rank stops, the partial count reported as
# interrupted, exit 130 (one process's for SIGINT), and mpirun ends within BOUND_S
# seconds of the signal (printed, as NAME: ...). The job is ended after WAIT_S seconds,
# and the check fails. Output in $tmp/out and $tmp/err.
interrupt_rank1() {
    local name=$1 wait_s=$2 bound=$3 job r1='' t0 t1 rc took
    shift 3
    # mpirun itself, not the mpi function: $! must be mpirun, the ranks' parent.
    mpirun --allow-run-as-root --oversubscribe -q -np 3 "$pb" "$@" >"$tmp/out" 2>"$tmp/err" &
    job=$!
    for _ in $(seq 100); do
        r1=$(rank_pid "$job" 1)
        [ -n "$r1" ] && break
        sleep 0.1
    done
    if [ -z "$r1" ]; then # never left running: the counts here take minutes
        bad "no rank 1 found among the children of mpirun $job"
        kill -TERM "$job"
    fi
    # A process started in the background ignores SIGINT until it installs its handler:
    # wait until rank 1 catches it, then let the count run a little.
    [ -n "$r1" ] && await_handler "$r1"
    sleep 0.5
    t0=$(date +%s.%N)
    [ -n "$r1" ] && kill -INT "$r1"
    for _ in $(seq $((wait_s * 100))); do
        kill -0 "$job" 2>/dev/null || break
        sleep 0.01
    done
    t1=$(date +%s.%N)
    kill -0 "$job" 2>/dev/null && kill -TERM "$job"
    wait "$job"
    rc=$?
    took=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
    echo "$name: SIGINT to rank 1 at 3 ranks: mpirun ended ${took} s later (exit $rc)"
    if [ "$rc" -eq 130 ]; then ok; else bad "SIGINT to rank 1: exit $rc, expected 130"; cat "$tmp/err" >&2; fi
    has 'status=interrupted' "$tmp/out"
    if awk -v t="$took" -v b="$bound" 'BEGIN { exit !(t < b) }'; then ok; else bad "SIGINT to rank 1: ${took} s"; fi
}

# finish: the summary line; the exit status says whether all passed.
finish() {
    echo "$1: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

# sanitized: whether $pb is a sanitizer build (its --version names the flags), whose
# processes take longer to start and end than a trivial one's time shows.
sanitized() { "$pb" --version | grep -q -- '-fsanitize'; }

# busy_ms: what starting and ending a trivial puzzlebench process costs right now, in
# ms (the median of three): how slow this machine is at this moment. A test of a
# timing bound adds a multiple of it, so that a loaded machine (parallel tests,
# stress-ng) loosens the bound and an idle one keeps it tight.
busy_ms() {
    local i t0 ms=()
    for i in 1 2 3; do
        t0=$EPOCHREALTIME
        "$pb" count notouch 2x2 -q >/dev/null 2>&1
        ms+=("$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%d", (b - a) * 1000 }')")
    done
    printf '%s\n' "${ms[@]}" | sort -n | sed -n 2p
}

# await_handler PID [SIGNUM]: waits until process PID catches SIGINT (or signal
# SIGNUM: its handler is installed), at most 60 s. A command started with & in a script ignores SIGINT until it installs
# its handler, so a signal sent before then is lost, however slow the start: a fixed
# sleep would race the machine's speed. Without /proc, it waits 1 s.
await_handler() {
    local i mask
    [ -r "/proc/$1/status" ] || { sleep 1; return; }
    for ((i = 0; i < 6000; i++)); do
        mask=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null)
        [ -n "$mask" ] || return 0 # the process ended
        (((16#$mask >> (${2:-2} - 1)) & 1)) && return 0
        sleep 0.01
    done
}
