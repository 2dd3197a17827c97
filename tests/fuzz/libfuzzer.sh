#!/usr/bin/env bash
# libfuzzer.sh — runs one libFuzzer target of the PB_FUZZ build (build-fuzz/) for
# SECONDS on a scratch copy of its seed corpus, so that the inputs libFuzzer adds do
# not land in the repository (or on KEEP_DIR, a corpus kept from run to run, which
# gets the seeds first: scripts/fuzz.sh). A crash, a sanitizer report, a failed check, a leak or
# an input that runs over 30 s fails the run; the input is kept in
# fuzz-artifacts/ of the working folder, and the command that replays it is printed.
# usage: libfuzzer.sh TARGET CORPUS_DIR SECONDS [KEEP_DIR]
set -euo pipefail
target=$1 corpus=$2 seconds=$3
name=$(basename "$target")
scratch=$(mktemp -d "${TMPDIR:-/tmp}/pb-$name.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
work=${4:-$scratch/corpus}
mkdir -p "$work" fuzz-artifacts
cp "$corpus"/* "$work/"
rm -f "fuzz-artifacts/$name-"*
if "$target" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -max_len=8192 \
    -print_final_stats=1 -artifact_prefix="$PWD/fuzz-artifacts/$name-" \
    "$work" >"$scratch/log" 2>&1; then
    grep -E '^(stat::number_of_executed_units|stat::new_units_added):' "$scratch/log" |
        sed "s/^/$name: /"
    exit 0
fi
tail -n 60 "$scratch/log"
for f in "fuzz-artifacts/$name-"*; do
    [ -e "$f" ] && echo "$name: FAILED on $PWD/$f; replay: $target $PWD/$f"
done
exit 1
