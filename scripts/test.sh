#!/usr/bin/env bash
# test.sh — sets everything up (scripts/setup.sh), runs every test on the Release
# build, then builds with AddressSanitizer + UndefinedBehaviorSanitizer into
# build-asan/ and runs the tests again there.
# usage: scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

jobs=$(nproc)
echo "== tests (Release build)"
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== tests (address + undefined sanitizers)"
generator=()
if command -v ninja >/dev/null 2>&1; then generator=(-G Ninja); fi
if [ -f build-asan/CMakeCache.txt ] && ! grep -q "CMAKE_GENERATOR:INTERNAL=${generator[1]:-Unix Makefiles}" build-asan/CMakeCache.txt; then
    rm -rf build-asan
fi
cmake -S . -B build-asan "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPB_SANITIZE=ON >/dev/null
cmake --build build-asan -j "$jobs"
# libgomp keeps its thread pool alive at exit; that is not a leak of ours.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir build-asan --output-on-failure -j "$jobs"
