#!/usr/bin/env bash
# scripts_drop_stale.sh — scripts/drop-stale.sh, which run.sh calls before the report:
# a result of another commit goes with the files of its name, one of this commit
# stays, as do a .meta without a commit, a file of another name and what a link
# points to; OUT_DIR a link to the folder; the errors for bad arguments.
# usage: tests/e2e/scripts_drop_stale.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
script=$src/scripts/drop-stale.sh
out=$tmp/results
mkdir -p "$out/sub"
now=1111111111111111111111111111111111111111 old=2222222222222222222222222222222222222222
for f in here.meta sub/here.meta; do printf 'format=1\ncommit=%s\n' "$now" >"$out/$f"; done
printf 'format=1\ncommit=%s\n' "$old" >"$out/gone.meta"
printf 'format=1\ncommit=%s\n' "$old" >"$out/sub/gone.meta"
for ext in csv samples.csv topology.xml manifest.csv; do
    touch "$out/here.$ext" "$out/gone.$ext"
    [ "$ext" = csv ] || touch "$out/sub/gone.$ext"
done
printf 'format=1\n' >"$out/nocommit.meta"
touch "$out/gone-too.csv" "$tmp/victim"
ln -s "$tmp/victim" "$out/sub/gone.csv"
expect 0 "a folder with two commits" -- "$script" "$out" "$now"
for f in gone.meta gone.csv gone.samples.csv gone.topology.xml gone.manifest.csv sub/gone.meta sub/gone.csv \
    sub/gone.samples.csv; do
    [ ! -e "$out/$f" ] && [ ! -L "$out/$f" ] && ok || bad "$f (of the other commit) is still there"
done
for f in here.meta here.csv here.samples.csv here.topology.xml here.manifest.csv sub/here.meta nocommit.meta \
    gone-too.csv; do
    [ -e "$out/$f" ] && ok || bad "$f was removed"
done
[ -e "$tmp/victim" ] && ok || bad "the file a link pointed to was removed"
has "^drop-stale.sh: removed $out/gone.meta and the files of its name: commit 222222222222, not this run's 111111111111$" \
    "$tmp/out"
[ "$(wc -l <"$tmp/out")" = 2 ] && ok || bad "expected two lines, one a result: $(cat "$tmp/out")"
expect 0 "a folder of one commit" -- "$script" "$out" "$now"
[ ! -s "$tmp/out" ] && ok || bad "nothing to remove, yet it said: $(cat "$tmp/out")"
# OUT_DIR a link to the folder (results-quick linked to a scratch disk, say): followed.
printf 'format=1\ncommit=%s\n' "$old" >"$out/gone.meta"
ln -s "$out" "$tmp/link"
expect 0 "a link to the folder" -- "$script" "$tmp/link" "$now"
[ ! -e "$out/gone.meta" ] && ok || bad "through a link to the folder, gone.meta is still there"
expect 2 "no commit" -- "$script" "$out" ""
one_line_error "^drop-stale.sh: usage: scripts/drop-stale.sh OUT_DIR COMMIT$"
expect 2 "no folder" -- "$script" "$tmp/none" "$now"
one_line_error "^drop-stale.sh: $tmp/none: not a folder$"
finish scripts_drop_stale
