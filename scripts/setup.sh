#!/usr/bin/env bash
# setup.sh — installs the Debian packages puzzlebench needs (with apt-get when run as
# root; otherwise prints the exact command and stops), then configures and builds
# the Release build in build/ (every build with -Werror when CI is set); with
# --sanitize also build-asan/, built with AddressSanitizer and
# UndefinedBehaviorSanitizer; with --fuzz also build-fuzz/, the
# readers' fuzz targets built by clang for libFuzzer (tests/fuzz/), when clang can
# link libFuzzer: otherwise it says why and writes the reason to
# build/fuzz-skipped.txt, for scripts/test.sh; with --browser also Debian's Chromium,
# ChromeDriver and Python Selenium, for the kakuro player's browser test; with --native
# also build-native/puzzlebench, tuned for this machine (-march=native), for
# scripts/tdoku.sh.
# usage: scripts/setup.sh [--sanitize] [--fuzz] [--browser] [--native]
set -euo pipefail
cd "$(dirname "$0")/.."
sanitize=0 fuzz=0 browser=0 native=0
for arg in "$@"; do
    case $arg in
    --sanitize) sanitize=1 ;;
    --fuzz) fuzz=1 ;;
    --browser) browser=1 ;;
    --native) native=1 ;;
    -h | --help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown option '$arg' (usage: scripts/setup.sh [--sanitize] [--fuzz] [--browser] [--native])" >&2; exit 2 ;;
    esac
done

# clang, its runtimes (libFuzzer, the sanitizers) and its OpenMP: for build-fuzz/.
# lld (wasm-ld), wasi-libc and the wasm32 builtins: the kakuro player's generator.
# Open MPI: the MPI-aware build (sweeps, generation and counts across ranks).
# minisat and cadical: the outside SAT solvers run on `export dimacs` (cli_dimacs.sh).
packages=(build-essential cmake pkg-config git libhwloc-dev libbenchmark-dev gnuplot-nox clang-format qqwing python3
    clang libclang-rt-dev libomp-dev lld wasi-libc libclang-rt-dev-wasm32 libopenmpi-dev openmpi-bin
    minisat cadical)
if ((browser)); then packages+=(chromium chromium-driver python3-selenium fonts-liberation); fi
missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
        missing+=("$p")
    fi
done
if ((${#missing[@]})); then
    if [ "$(id -u)" -eq 0 ]; then
        echo "setup: installing ${missing[*]}" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
        echo "setup: missing Debian packages: ${missing[*]}" >&2
        echo "setup: install them, then run this again:" >&2
        echo "  sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
        exit 1
    fi
fi

generator=()
if command -v ninja >/dev/null 2>&1; then generator=(-G Ninja); fi

# Under CI (CI set, as CI services do) a warning fails the build; elsewhere a newer
# compiler's new warning only warns. Said each time: the cache keeps the last value.
werror=-DPB_WERROR=OFF
if [ -n "${CI:-}" ]; then werror=-DPB_WERROR=ON; fi

# configure_and_build DIR CMAKE-OPTIONS...
configure_and_build() {
    local dir=$1
    shift
    # A build folder made with another generator cannot be reused.
    if [ -f "$dir/CMakeCache.txt" ] &&
        ! grep -q "CMAKE_GENERATOR:INTERNAL=${generator[1]:-Unix Makefiles}" "$dir/CMakeCache.txt"; then
        rm -rf "$dir"
    fi
    cmake -S . -B "$dir" "${generator[@]}" "$werror" "$@" >/dev/null
    cmake --build "$dir" -j "$(nproc)" ${build_target:+--target "$build_target"}
}

# Why clang cannot build a libFuzzer target here; nothing when it can.
libfuzzer_missing() {
    if ! command -v clang >/dev/null 2>&1; then
        echo "no clang (Debian: clang)"
        return
    fi
    local dir
    dir=$(mktemp -d)
    echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return d && n; }' >"$dir/t.c"
    if ! clang -fsanitize=fuzzer,address,undefined "$dir/t.c" -o "$dir/t" >/dev/null 2>&1; then
        echo "clang cannot link -fsanitize=fuzzer,address,undefined (Debian: libclang-rt-dev)"
    fi
    rm -rf "$dir"
}

configure_and_build build -DCMAKE_BUILD_TYPE=Release
if ((native)); then
    build_target=puzzlebench configure_and_build build-native -DCMAKE_BUILD_TYPE=Release -DPB_NATIVE=ON
fi
# The sanitizer builds keep line tables alone (-g1): their reports name each frame's
# file and line, and the builds take less time than with full debug information.
lines_only=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG"
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG")
if ((sanitize)); then
    configure_and_build build-asan "${lines_only[@]}" -DPB_SANITIZE=ON
fi
rm -f build/fuzz-skipped.txt
if ((fuzz)); then
    why=$(libfuzzer_missing)
    if [ -n "$why" ]; then
        echo "setup: build-fuzz/ not built: $why" >&2
        echo "$why" >build/fuzz-skipped.txt
    else
        # Only the fuzz targets (and the libraries they test) are built there.
        CC=clang CXX=clang++ build_target=fuzz_targets configure_and_build build-fuzz \
            "${lines_only[@]}" -DPB_SANITIZE=ON -DPB_FUZZ=ON
    fi
fi
