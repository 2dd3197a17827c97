#!/usr/bin/env bash
# drop-stale.sh — removes from a results folder the results of a commit other than the
# run's: run.sh calls it before the report, so that a sweep skipped for want of its
# data (a public collection not beside the clone) or a phase not asked for (tdoku)
# leaves no earlier run's file to mix two commits in one report.
# A result is a NAME.meta found without following links whose commit= names another
# commit, with the files of its name beside it (NAME.csv, NAME.samples.csv,
# NAME.topology.xml, NAME.manifest.csv); a .meta without commit= is not one. A link
# is removed, never what it points to; OUT_DIR itself may be a link to the folder.
# Says what it removed, one line each.
# usage: scripts/drop-stale.sh OUT_DIR COMMIT
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
case ${1:-} in -*) echo "drop-stale.sh: unknown option '$1' (usage: scripts/drop-stale.sh OUT_DIR COMMIT)" >&2; exit 2 ;; esac
set -euo pipefail
[ $# = 2 ] && [ -n "$2" ] || { echo "drop-stale.sh: usage: scripts/drop-stale.sh OUT_DIR COMMIT" >&2; exit 2; }
out=$1 commit=$2
[ -d "$out" ] || { echo "drop-stale.sh: $out: not a folder" >&2; exit 2; }
find -H "$out" -name '*.meta' -type f -print0 | sort -z | while IFS= read -r -d '' meta; do
    was=$(sed -n 's/^commit=//p' "$meta" | head -n 1)
    [ -n "$was" ] && [ "$was" != "$commit" ] || continue
    base=${meta%.meta}
    rm -f -- "$meta" "$base.csv" "$base.samples.csv" "$base.topology.xml" "$base.manifest.csv"
    echo "drop-stale.sh: removed $base.meta and the files of its name: commit ${was:0:12}, not this run's ${commit:0:12}"
done
