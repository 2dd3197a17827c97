#!/usr/bin/env bash
# test.sh — sets everything up (scripts/setup.sh, which also builds build-asan/ with
# AddressSanitizer + UndefinedBehaviorSanitizer), runs every test on the Release
# build, then again on the sanitizer build.
# usage: scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --sanitize

echo "== tests (Release build)"
ctest --test-dir build --output-on-failure -j "$(nproc)"

echo "== tests (address + undefined sanitizers)"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir build-asan --output-on-failure -j "$(nproc)"
