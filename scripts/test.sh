#!/usr/bin/env bash
# test.sh — sets everything up (scripts/setup.sh, which also builds build-asan/ with
# AddressSanitizer + UndefinedBehaviorSanitizer and build-fuzz/, the readers' fuzz
# targets for libFuzzer), runs every test on the Release build, then again on the
# sanitizer build, then each fuzz target under libFuzzer for 10 s (when clang has
# libFuzzer; else it says why it skipped them), and last the kakuro player in
# headless Chromium (tests/browser/). Any failure fails the run.
# usage: scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --sanitize --fuzz --browser

echo "== tests (Release build)"
ctest --test-dir build --output-on-failure -j "$(nproc)" -LE browser

echo "== tests (address + undefined sanitizers)"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir build-asan --output-on-failure -j "$(nproc)"

if [ -e build/fuzz-skipped.txt ]; then
    echo "== fuzzing skipped: $(cat build/fuzz-skipped.txt)"
else
    # Each target on a scratch copy of its seeds (tests/fuzz/libfuzzer.sh); a crash,
    # a sanitizer report or a failed check fails it and keeps the input.
    echo "== fuzzing (libFuzzer, 10 s a target)"
    ctest --test-dir build-fuzz --output-on-failure -j "$(nproc)" -L libfuzzer
fi

# On its own: a browser beside the other tests would make both slow. setup.sh
# --browser installed Chromium and Selenium, so a skip here is a failure.
echo "== the kakuro player in headless Chromium"
PB_REQUIRE_BROWSER=1 ctest --test-dir build --output-on-failure -L browser
