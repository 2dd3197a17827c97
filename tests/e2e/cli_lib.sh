# cli_lib.sh — what the end-to-end scripts share: the binary and source paths, a
# scratch directory, and the expect/has/one_line_error checks that count passes and
# failures, and the MPI tests' mpirun. Sourced by the end-to-end shell scripts.
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

# need_mpirun: a test of MPI is skipped (exit 77) on a machine without mpirun.
need_mpirun() {
    command -v mpirun >/dev/null && return
    echo "$(basename "$0" .sh): no mpirun: skipped"
    exit 77
}
# mpi NP ARGS...: ARGS at NP ranks on this machine, without mpirun's own notices.
mpi() { mpirun --allow-run-as-root --oversubscribe -q -np "$@"; }

# finish: the summary line; the exit status says whether all passed.
finish() {
    echo "$1: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

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
