#!/usr/bin/env bash
# setup.sh — installs the Debian packages puzzlebench needs (with apt-get when run as
# root; otherwise prints the exact command and stops), then configures and builds
# the Release build in build/; with --sanitize also build-asan/, built with
# AddressSanitizer and UndefinedBehaviorSanitizer.
# usage: scripts/setup.sh [--sanitize]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake pkg-config git libhwloc-dev libbenchmark-dev gnuplot-nox clang-format qqwing python3)
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

# configure_and_build DIR CMAKE-OPTIONS...
configure_and_build() {
    local dir=$1
    shift
    # A build folder made with another generator cannot be reused.
    if [ -f "$dir/CMakeCache.txt" ] &&
        ! grep -q "CMAKE_GENERATOR:INTERNAL=${generator[1]:-Unix Makefiles}" "$dir/CMakeCache.txt"; then
        rm -rf "$dir"
    fi
    cmake -S . -B "$dir" "${generator[@]}" "$@" >/dev/null
    cmake --build "$dir" -j "$(nproc)"
}

configure_and_build build -DCMAKE_BUILD_TYPE=Release
if [ "${1:-}" = --sanitize ]; then
    configure_and_build build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPB_SANITIZE=ON
fi
