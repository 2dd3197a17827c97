#!/usr/bin/env bash
# test.sh — sets everything up (scripts/setup.sh, which also builds build-asan/ with
# AddressSanitizer + UndefinedBehaviorSanitizer and build-fuzz/, the readers' fuzz
# targets for libFuzzer), then runs every stage: the tests on the Release build, those
# of the C code again on the sanitizer build, each fuzz target under libFuzzer for 6 s
# (when clang has libFuzzer; else it says why it skipped them), and the kakuro player
# in headless Chromium (tests/browser/). A failing stage does not stop the others: at
# the end one line per stage says how it went, and the exit status is 1 if any stage
# failed.
# usage: scripts/test.sh
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
[ $# = 0 ] || { echo "test.sh: unknown argument '$1' (usage: scripts/test.sh; see --help)" >&2; exit 2; }
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --sanitize --fuzz --browser || exit

# A python3 on PATH that is a shim (pyenv's: a shell script that looks the version up
# on every call) puts a start of its own before each of the tests' many Python runs;
# the interpreter it names, first on PATH, is the same Python without that detour.
if py=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null) && [ -x "$py" ] &&
    [ "$(command -v python3)" != "$py" ]; then
    PATH=${py%/*}:$PATH
fi

# The tests wait for part of their time (on signals, time limits, their child
# processes): one more at a time than there are cores keeps the cores busy. The two
# whose bounds depend on the load take two slots each (tests/e2e/CMakeLists.txt).
jobs=$(($(nproc) + 1))

summary=() failed=0
# stage NAME command...: runs one stage, timed, and notes how it went.
stage() {
    local name=$1 t0=$SECONDS rc
    shift
    echo "== $name"
    "$@"
    rc=$?
    if [ "$rc" -eq 0 ]; then
        summary+=("passed  $name ($((SECONDS - t0)) s)")
    else
        summary+=("FAILED  $name (exit $rc, $((SECONDS - t0)) s)")
        failed=1
    fi
}

stage "tests (Release build)" ctest --test-dir build --output-on-failure -j "$jobs" -LE browser

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:handle_sigill=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
stage "tests (address + undefined sanitizers)" ctest --test-dir build-asan --output-on-failure -j "$jobs"

if [ -e build/fuzz-skipped.txt ]; then
    summary+=("skipped fuzzing: $(cat build/fuzz-skipped.txt)")
else
    # Each target on a scratch copy of its seeds (tests/fuzz/libfuzzer.sh); a crash,
    # a sanitizer report or a failed check fails it and keeps the input.
    stage "fuzzing (libFuzzer, 6 s a target)" ctest --test-dir build-fuzz --output-on-failure -j "$(nproc)" -L libfuzzer
fi

# On its own: a browser beside the other tests would make both slow. setup.sh
# --browser installed Chromium and Selenium, so a skip here is a failure.
PB_REQUIRE_BROWSER=1 stage "the kakuro player in headless Chromium" ctest --test-dir build --output-on-failure -L browser

echo "== summary"
printf '%s\n' "${summary[@]}"
exit "$failed"
