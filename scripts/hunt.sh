#!/usr/bin/env bash
# hunt.sh — runs the Release and sanitizer test suites many times, idle, with both
# cores busy and pinned to one core, and tallies the failures by test: the hunt for
# tests that depend on the machine's speed or load. Not part of CI (it takes hours).
# Builds must exist (scripts/setup.sh --sanitize). Logs go to OUT (default
# /tmp/pb-hunt); the tally is OUT/tally.txt, one line per run and a summary.
# usage: scripts/hunt.sh [--idle N] [--loaded N] [--pinned N] [--out DIR] [--build DIRS]
set -uo pipefail
cd "$(dirname "$0")/.."
idle=10 loaded=10 pinned=5 out=/tmp/pb-hunt builds="build build-asan"
while [ $# -gt 0 ]; do
    case $1 in
    --idle) idle=$2; shift 2 ;;
    --loaded) loaded=$2; shift 2 ;;
    --pinned) pinned=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --build) builds=$2; shift 2 ;;
    -h | --help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "hunt.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
done
for b in $builds; do
    [ -f "$b/CTestTestfile.cmake" ] || { echo "hunt.sh: no build in $b/ (run scripts/setup.sh --sanitize)" >&2; exit 2; }
done
mkdir -p "$out"
tally=$out/tally.txt
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:handle_sigill=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

load_pid=
start_load() {
    if command -v stress-ng >/dev/null; then
        stress-ng --cpu "$(nproc)" --quiet &
    else
        # Busy loops, one per core, as a stand-in for stress-ng.
        bash -c 'for i in $(seq "$(nproc)"); do while :; do :; done & done; wait' &
    fi
    load_pid=$!
}
stop_load() {
    [ -n "$load_pid" ] || return 0
    pkill -P "$load_pid" 2>/dev/null
    kill "$load_pid" 2>/dev/null
    wait "$load_pid" 2>/dev/null
    load_pid=
}
trap 'stop_load; exit 130' INT TERM

# one_run MODE I: both suites once; a line per suite in the tally.
one_run() {
    local mode=$1 i=$2 b log failed prefix=()
    [ "$mode" = pinned ] && prefix=(taskset -c 0)
    [ "$mode" = loaded ] && start_load
    for b in $builds; do
        log=$out/$mode-$i-${b//\//_}.log
        local jobs=$(nproc)
        [ "$mode" = pinned ] && jobs=1
        "${prefix[@]}" ctest --test-dir "$b" --output-on-failure -j "$jobs" -LE browser >"$log" 2>&1
        failed=$(sed -n 's/^ *[0-9]* - \([^ ]*\) (.*/\1/p' "$log" | tr '\n' ' ')
        printf '%s %s %s failed: %s\n' "$mode" "$i" "$b" "${failed:-none}" | tee -a "$tally"
    done
    [ "$mode" = loaded ] && stop_load
    return 0
}

for ((i = 1; i <= idle; i++)); do one_run idle "$i"; done
for ((i = 1; i <= loaded; i++)); do one_run loaded "$i"; done
for ((i = 1; i <= pinned; i++)); do one_run pinned "$i"; done

echo "== failures by test (mode: count)" | tee -a "$tally"
grep -v '^==' "$tally" | awk '{ for (f = 5; f <= NF; f++) if ($f != "none") n[$f " " $1]++ }
    END { for (k in n) print k ": " n[k] }' | sort | tee -a "$tally"
