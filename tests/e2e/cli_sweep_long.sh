#!/usr/bin/env bash
# cli_sweep_long.sh — long names and lines. Every line of a sweep's .meta is written
# whole (instances= of 40 long file names; sweep= of a sweep file deep in folders, a
# solving, a tool and a generation sweep's), and read back whole by --resume (which
# refuses an instance renamed at the end of a long list), --list's estimate and the
# report's .meta reader; so is the run_id= line of a sweep or a generation resumed over
# many runs, a tool's version line of 300 bytes (a longer one cut, ending "..."), and
# host= of a host name of 64 bytes. An output whose longest file name would be over
# PATH_MAX is refused before the run, in one line, nothing made (a solving sweep, a
# tool sweep, solve --csv).
# usage: cli_sweep_long.sh PUZZLEBENCH SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
source "$(dirname "$0")/cli_lib.sh"

# meta_line_is FILE KEY VALUE WHAT: FILE's KEY= line is KEY=VALUE, whole.
meta_line_is() {
    local line
    line=$(grep "^$2=" "$1")
    [ "$line" = "$2=$3" ] && ok ||
        bad "$4 is not whole: ${#line} characters, expected $((${#2} + 1 + ${#3}))"
}

# A folder 600 characters below $tmp: the sweep file's path alone is a line of over 600.
deep=$tmp/$(printf 'd%.0s' $(seq 1 199))/$(printf 'e%.0s' $(seq 1 199))/$(printf 'f%.0s' $(seq 1 199))
mkdir -p "$deep"
names='' first=''
for i in $(seq 1 39); do
    cp "$src/data/sudoku/4x4.txt" "$deep/puzzle-with-a-rather-long-file-name-number-$i.txt"
    names="$names${names:+ }puzzle-with-a-rather-long-file-name-number-$i"
    first="$first puzzle-with-a-rather-long-file-name-number-$i.txt"
done
last=puzzle-with-a-rather-long-file-name-number-40
cp "$src/data/sudoku/4x4.txt" "$deep/$last.txt"
names="$names $last"
printf 'family sudoku\ninstances%s %s.txt\nengines backtrack\nmodes first\n' "$first" "$last" \
    >"$deep/s.sweep"
run() { "$pb" sweep "$deep/s.sweep" --out "$tmp/o" --quick -q "$@"; }
expect 0 "a sweep of 40 long names" -- run
# Each line as it is made, whole: not one cut at a buffer's end.
[ "$(grep -c '' "$tmp/o/s.meta")" -gt 40 ] && ok || bad "the .meta is short"
meta_line_is "$tmp/o/s.meta" instances "$names" "instances= (the 40 names)"
meta_line_is "$tmp/o/s.meta" sweep "$deep/s.sweep" "sweep= (the sweep file)"
# The report's reader takes the line whole.
got=$(PYTHONPATH=$src/scripts python3 -c '
import pathlib, sys
from analysis.meta import read_meta
print(read_meta(pathlib.Path(sys.argv[1])).get("instances"))' "$tmp/o/s.meta")
[ "$got" = "$names" ] && ok || bad "the report reads instances= as ${#got} characters"
# --list compares the whole lines with this run's: none differs.
expect 0 "--list after the run" -- run --list
has '^time: about ' "$tmp/out"
! grep -q 'differs' "$tmp/out" && ok || bad "--list finds a setting that differs: $(grep differs "$tmp/out")"
# --resume checks the whole lines: the same sweep is complete already, and one whose
# last file is another (--instances over the same sweep file; the same bytes, so the
# same instances_hash) is refused.
expect 0 "--resume of the same sweep" -- "$pb" sweep "$deep/s.sweep" --out "$tmp/o" --quick --resume
has 'the sweep is complete already' "$tmp/out"
sed -i 's/^status=complete$/status=interrupted/' "$tmp/o/s.meta"
cp "$deep/$last.txt" "$deep/$last-renamed.txt"
cd "$deep" || exit 1 # --instances names files from here
expect 2 "--resume with the last file another" -- run --resume --instances "${first# } $last-renamed.txt"
cd "$tmp" || exit 1
one_line_error "s.meta: cannot resume: instances differs"

# A sweep resumed many times: its run_id= line, of every run whose rows the files hold,
# is read whole (32 earlier runs here) and written whole with this run's id added.
id=$(sed -n 's/^run_id=//p' "$tmp/o/s.meta")
many=$(for i in $(seq 10 40); do printf '20261207T000000Z-0000%02d ' "$i"; done)
sed -i -e "s/^run_id=.*/run_id=$many$id/" "$tmp/o/s.meta"
expect 0 "--resume of a sweep run 32 times" -- run --resume
ids=$(sed -n 's/^run_id=//p' "$tmp/o/s.meta")
[ "${ids% *}" = "$many$id" ] && [ "${ids##* }" != "$id" ] && ok ||
    bad "the run_id= line is not the 32 earlier runs' and this one's: ${#ids} characters"
has '^status=complete$' "$tmp/o/s.meta"

# A tool sweep's sweep= line, and its tool_version= of a version line of 300 bytes,
# whole (a stand-in qqwing: no QQwing needed; it says its version from a file).
mkdir -p "$tmp/fake"
cat >"$tmp/fake/qqwing" <<'EOF'
#!/bin/sh
[ "$1" = --version ] && exec cat "${0%/*}/version"
touch "${0%/*}/ran"
cat >/dev/null
exit 0
EOF
chmod +x "$tmp/fake/qqwing"
version="qqwing 9.9 (stand-in) $(printf 'v%.0s' $(seq 1 278))"
echo "$version" >"$tmp/fake/version"
grep -v '^#' "$src/data/sudoku/9x9-bench.txt" | head -1 >"$deep/one.txt"
printf 'name t\nfamily sudoku\ntool qqwing\ninstances one.txt\ntool-count 0\nsamples 1\nmin-sample-time 0\nwarmup 0\n' \
    >"$deep/t.sweep"
expect 0 "a tool sweep" -- env PATH="$tmp/fake:$PATH" "$pb" sweep "$deep/t.sweep" --out "$tmp/t" -q
meta_line_is "$tmp/t/t.meta" sweep "$deep/t.sweep" "a tool sweep's sweep="
meta_line_is "$tmp/t/t.meta" tool_version "$version" "tool_version= (the tool's version line)"
# One over the 511 bytes read of it is cut, and ends "..." to say so.
printf 'qqwing %0600d\n' 0 >"$tmp/fake/version"
expect 0 "a tool sweep of a version line of 607 bytes" -- \
    env PATH="$tmp/fake:$PATH" "$pb" sweep "$deep/t.sweep" --out "$tmp/t" -q --force
meta_line_is "$tmp/t/t.meta" tool_version "qqwing $(printf '%0501d' 0)..." \
    "tool_version= (a version line too long, cut with '...')"

# A generation sweep's sweep= line, in its method's .meta.
printf 'name g\nfamily kakuro\ngenerator kakuro\ngenerate a: --size 5x5 --count 1\n' >"$deep/g.sweep"
expect 0 "a generation sweep" -- "$pb" sweep "$deep/g.sweep" --out "$tmp/g" -q
meta_line_is "$tmp/g/g-a.meta" sweep "$deep/g.sweep" "a generation sweep's sweep="

# A generation resumed over records of many runs: its .meta's run_id= line names every
# run whose records the file holds (29 earlier ones here, and this one).
"$pb" generate kakuro --size 5x5 --count 30 --stats "$tmp/r.csv" --records-only -q 2>/dev/null
awk -F, -v OFS=, 'NR > 1 { $NF = sprintf("20261207T000000Z-%06d", NR) } 1' "$tmp/r.csv" |
    head -n 30 >"$tmp/r2.csv" && mv "$tmp/r2.csv" "$tmp/r.csv"
expect 0 "generate --resume over records of 29 runs" -- \
    "$pb" generate kakuro --size 5x5 --count 30 --stats "$tmp/r.csv" --records-only -q --resume
want=$(tail -n +2 "$tmp/r.csv" | awk -F, '{ print $NF }' | sort -u)
got=$(sed -n 's/^run_id=//p' "$tmp/r.meta" | tr ' ' '\n' | sort -u)
[ "$(echo "$want" | wc -l)" -eq 30 ] && [ "$got" = "$want" ] && ok ||
    bad "the run_id= line names $(echo "$got" | wc -l) runs, the records $(echo "$want" | wc -l)"

# A host name of 64 bytes, the most Linux takes: the .meta's host= holds it whole
# (where this test can name the host: in a namespace of its own, as root).
h=h$(printf '%063d' 0)
if unshare -u true 2>/dev/null; then
    expect 0 "meta on a host of 64 bytes" -- \
        unshare -u sh -c 'hostname "$1" && exec "$2" meta --out "$3"' sh "$h" "$pb" "$tmp/h.meta"
    has "^host=$h\$" "$tmp/h.meta"
else
    echo "cli_sweep_long: cannot name the host (unshare -u): a long host= not tried"
fi

# ---- names over PATH_MAX ----
# long_dir LEN: a folder whose path is LEN bytes, made, in parts of at most 201.
long_dir() {
    local p=$tmp/p
    while [ $((${#p} + 202)) -lt "$1" ]; do p=$p/$(printf 'x%.0s' $(seq 1 200)); done
    p=$p/$(printf 'y%.0s' $(seq 1 $(($1 - ${#p} - 1))))
    mkdir -p "$p" && echo "$p"
}
# DIR/s.csv fits PATH_MAX (4096) with its temporary name, DIR/s.samples.csv.part and
# DIR/s.topology.xml.tmp.PID do not: refused before the run, in one line, nothing made.
long=$(long_dir 4076)
too_long='cannot write: File name too long \([0-9]+ bytes, [0-9]+ as PATH.tmp.PID, the temporary name it is written through; PATH_MAX is 4096\)$'
expect 2 "a sweep into a folder of 4076 bytes" -- "$pb" sweep "$deep/s.sweep" --out "$long" --quick -q
one_line_error "^puzzlebench: sweep: .*/s\.(samples|topology).*: $too_long"
[ -z "$(ls -A "$long")" ] && ok || bad "a sweep over PATH_MAX left $(ls -A "$long")"
rm -f "$tmp/fake/ran"
expect 2 "a tool sweep into a folder of 4076 bytes" -- \
    env PATH="$tmp/fake:$PATH" "$pb" sweep "$deep/t.sweep" --out "$long" -q
one_line_error "^puzzlebench: sweep: .*/t\.(samples|topology).*: $too_long"
[ ! -e "$tmp/fake/ran" ] && ok || bad "a tool sweep over PATH_MAX ran the tool"
[ -z "$(ls -A "$long")" ] && ok || bad "a tool sweep over PATH_MAX left $(ls -A "$long")"
expect 2 "solve --csv of a name over PATH_MAX" -- \
    "$pb" solve sudoku "$src/data/sudoku/4x4.txt" --csv "$long/x.csv"
one_line_error "^puzzlebench: solve: .*/x\.csv\.(meta|topology\.xml): $too_long"
[ ! -s "$tmp/out" ] && ok || bad "solve --csv over PATH_MAX solved: $(head -c 200 "$tmp/out")"
[ -z "$(ls -A "$long")" ] && ok || bad "solve --csv over PATH_MAX left $(ls -A "$long")"
# A name in a folder over the folder's longest (255 bytes on most disks): x.csv of 240
# bytes fits with its temporary name, its .meta's or topology's does not.
name=$(printf 'n%.0s' $(seq 1 236)).csv
expect 2 "solve --csv of a name over the folder's longest" -- \
    "$pb" solve sudoku "$src/data/sudoku/4x4.txt" --csv "$tmp/$name"
one_line_error "^puzzlebench: solve: .*/n+\.csv\.(meta|topology\.xml): cannot write: File name too long \(its name is [0-9]+ bytes, [0-9]+ as NAME.tmp.PID, the temporary name it is written through; a name in its folder is at most [0-9]+\)$"
[ ! -s "$tmp/out" ] && ok || bad "solve --csv of a name too long solved: $(head -c 200 "$tmp/out")"
[ -z "$(find "$tmp" -maxdepth 1 -name 'nnn*')" ] && ok || bad "solve --csv of a name too long left a file"

finish cli_sweep_long
