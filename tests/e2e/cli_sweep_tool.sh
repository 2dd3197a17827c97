#!/usr/bin/env bash
# cli_sweep_tool.sh — a tool sweep (key `tool`): sudoku's QQwing adapter timed beside
# puzzlebench, with a stand-in `qqwing` on PATH so that the test needs no QQwing: the
# rows (task, tool, set, difficulty, puzzles, status, timing), a small file read
# several times over, the samples and one run_id with the .meta's, an existing file
# refused without --force, a failing tool (exit 4) that leaves the old files as they
# were, a disk that fills (the old files kept whole), one sweep of a name at a time (a
# killed one's lock taken over, said), --resume refused, a missing tool, a file the
# tool does not read, keys it does not take; and, when the real qqwing is installed,
# the project's sweep in its quick form.
# usage: cli_sweep_tool.sh PUZZLEBENCH SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
source "$(dirname "$0")/cli_lib.sh"

mkdir -p "$tmp/fake" "$tmp/empty"
# The stand-in: reads its input, answers --version, fails when told to, and while told
# to hold, says it started and waits (a minute at most) to be let go.
cat >"$tmp/fake/qqwing" <<'EOF'
#!/bin/sh
if [ "$1" = --version ]; then echo "qqwing 9.9 (stand-in)"; exit 0; fi
cat >/dev/null
[ -e "${0%/*}/fail" ] && exit 1
if [ -e "${0%/*}/hold" ]; then
    touch "${0%/*}/held"
    i=0
    while [ -e "${0%/*}/hold" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
fi
exit 0
EOF
chmod +x "$tmp/fake/qqwing"
grep -v '^#' "$src/data/sudoku/9x9-bench.txt" | head -3 >"$tmp/three.txt"
printf '# not a sudoku file\n1 2 3\n' >"$tmp/other.txt"
# sweep LINES: the sweep file t.sweep with these lines after its name and family.
sweep_file() { printf 'name t\nfamily sudoku\n%b\n' "$1" >"$tmp/t.sweep"; }
run() { PATH="$tmp/fake:$PATH" "$pb" sweep "$tmp/t.sweep" --out "$tmp/r" -q "$@"; }
lines() { tail -n +2 "$1" | wc -l; }

sweep_file 'tool qqwing\ninstances three.txt other.txt\ntool-levels easy expert\ntool-count 2\ntool-repeat 1\nsamples 2\nmin-sample-time 0\nwarmup 0'
expect 0 "a tool sweep" -- run
has "note: $tmp/other.txt is not a file qqwing reads; skipped" "$tmp/err"
t=$tmp/r/t
has '^task,tool,set,difficulty,puzzles,status,wall_s,run_id,row,samples,' "$t.csv"
[ "$(lines "$t.csv")" -eq 6 ] && ok || bad "expected 6 rows (2 solve, 4 generate), got $(lines "$t.csv")"
has '^solve,qqwing,three,-,3,done,' "$t.csv"
has '^solve,puzzlebench,three,-,3,done,' "$t.csv"
has '^generate,qqwing,generated,easy,2,done,' "$t.csv"
has '^generate,puzzlebench,generated,expert,2,done,' "$t.csv"
[ "$(lines "$t.samples.csv")" -eq 12 ] && ok || bad "expected 12 samples, got $(lines "$t.samples.csv")"
id=$(sed -n 's/^run_id=//p' "$t.meta")
[ -n "$id" ] && [ "$(cut -d, -f8 "$t.csv" | tail -n +2 | sort -u)" = "$id" ] && ok ||
    bad "the rows' run_id is not the .meta's ($id)"
has '^tool=qqwing$' "$t.meta"
has '^family=sudoku$' "$t.meta"
has '^tool_version=qqwing 9.9 \(stand-in\)$' "$t.meta"
has '^load_end=' "$t.meta"
[ -s "$t.topology.xml" ] && ok || bad "no topology"
[ -z "$(find "$tmp/r" -name '.*')" ] && ok || bad "hidden part files left: $(ls -a "$tmp/r")"
# The rows made of those planned (other.txt skipped) and the time they took: --list
# estimates the next run's from them, as it does a solving sweep's.
has '^rows=6 of 8$' "$t.meta"
has '^elapsed_s=[0-9.]+$' "$t.meta"
expect 0 "--list after a run" -- run --list
has "^8 rows, 2 samples each$" "$tmp/out"
has "^time: about [^(]+ \(the earlier run in $tmp/r/t\.meta, at commit [0-9a-f]+, took [^)]+ for 6 of its 8 rows\)$" "$tmp/out"
expect 0 "--list, other samples" -- run --list --samples 3
has "^time: about .*; its setting timing differs, so this is only a rough guide$" "$tmp/out"

expect 2 "an existing sweep, no --force" -- run
one_line_error 't.csv exists: give --force'
cp "$t.csv" "$tmp/before.csv"
touch "$tmp/fake/fail"
expect 4 "a failing tool" -- run --force
has "'qqwing --solve --one-line' exited with status 1" "$tmp/err"
cmp -s "$t.csv" "$tmp/before.csv" && [ -z "$(find "$tmp/r" -name '.*')" ] && ok ||
    bad "a failed sweep changed t.csv or left part files"
rm "$tmp/fake/fail"

# A small file read up to tool-repeat times over: 3 puzzles, 5 times.
sweep_file 'tool qqwing\ninstances three.txt\ntool-count 0\ntool-repeat 5\nsamples 1\nmin-sample-time 0\nwarmup 0'
expect 0 "tool-repeat 5" -- run --force
has '^solve,puzzlebench,three,-,15,done,' "$t.csv"
[ "$(lines "$t.csv")" -eq 2 ] && ok || bad "tool-count 0: expected the 2 solve rows only"

# A disk that fills as the files are written (a file-size limit, SIGXFSZ ignored so
# that a write fails with EFBIG): the rows, the samples and the .meta land together or
# not at all, the last sweep's kept whole. The rows fit under the limit, the topology
# beside the .meta does not.
sweep_file 'tool qqwing\ninstances three.txt\ntool-count 0\ntool-repeat 1\nsamples 2\nmin-sample-time 0\nwarmup 0'
expect 0 "the sweep a full disk must keep" -- run --force
for x in csv samples.csv meta topology.xml; do cp "$t.$x" "$tmp/kept.$x"; done
[ "$(wc -c <"$t.csv")" -lt 1024 ] && [ "$(wc -c <"$t.samples.csv")" -lt 1024 ] &&
    [ "$(wc -c <"$t.topology.xml")" -gt 1024 ] && ok || bad "t.csv or t.samples.csv over, or the topology under, 1 KiB"
(trap '' XFSZ; ulimit -f 1; run --force) >"$tmp/out" 2>"$tmp/err"
got=$?
[ "$got" -eq 2 ] && ok || bad "a tool sweep past a file-size limit: exit $got, expected 2"
one_line_error "^puzzlebench: sweep: .*/t\.[a-z.]+: cannot write: File too large \(the rows are kept in .*/\.t\.part\.csv and .*/\.t\.part\.samples\.csv\)$"
for x in csv samples.csv meta topology.xml; do
    cmp -s "$t.$x" "$tmp/kept.$x" && ok || bad "t.$x changed when the disk filled"
done
# The rows made are not lost: they stay in the .part files the message names, whole.
[ -z "$(find "$tmp/r" -name '*.tmp.*')" ] && ok || bad "the full disk left $(ls -a "$tmp/r")"
cmp -s <(tail -n +2 "$tmp/r/.t.part.csv" | cut -d, -f1-6) <(tail -n +2 "$t.csv" | cut -d, -f1-6) &&
    ok || bad "the rows kept in .t.part.csv are not the sweep's"
# A rerun that stops before it runs anything (no qqwing) leaves them there too.
expect 2 "a rerun with no qqwing" -- env PATH="$tmp/empty" "$pb" sweep "$tmp/t.sweep" --out "$tmp/r" -q --force
[ -s "$tmp/r/.t.part.csv" ] && [ -s "$tmp/r/.t.part.samples.csv" ] && ok ||
    bad "a rerun that ran nothing removed the kept rows"
# A disk that fills while the rows themselves are written (six rows pass the limit):
# they are not whole, so not kept; the last sweep's files stay whole.
sweep_file 'tool qqwing\ninstances three.txt\ntool-levels easy expert\ntool-count 2\ntool-repeat 1\nsamples 2\nmin-sample-time 0\nwarmup 0'
(trap '' XFSZ; ulimit -f 1; run --force) >"$tmp/out" 2>"$tmp/err"
got=$?
[ "$got" -eq 2 ] && ok || bad "rows past a file-size limit: exit $got, expected 2"
one_line_error "^puzzlebench: sweep: .*/\.t\.part(\.samples)?\.csv: cannot write: File too large$"
for x in csv samples.csv meta topology.xml; do
    cmp -s "$t.$x" "$tmp/kept.$x" && ok || bad "t.$x changed when the rows filled the disk"
done
[ -z "$(find "$tmp/r" -name '.*')" ] && ok || bad "rows not whole were left: $(ls -a "$tmp/r")"

# One sweep of a name in a folder at a time, as for a solving sweep: a second is
# refused while the first runs, rather than mixing its rows into the first's .part.
touch "$tmp/fake/hold"
mkdir -p "$tmp/scratch2"
run --force >"$tmp/out1" 2>"$tmp/err1" &
first=$!
for _ in $(seq 600); do [ -e "$tmp/fake/held" ] && break; sleep 0.1; done
TMPDIR=$tmp/scratch2 expect 2 "a second sweep while the first runs" -- run --force
one_line_error "t\.lock: a sweep of this name is running in this folder \(pid [0-9]+\); wait for it, or give --out another folder$"
rm "$tmp/fake/hold"
wait $first && ok || bad "the first sweep, let go: exit $?, expected 0 ($(cat "$tmp/err1"))"
[ ! -e "$tmp/r/t.lock" ] && ok || bad "the lock is left: $(ls "$tmp/r")"
[ -z "$(ls -A "$tmp/scratch2")" ] && ok || bad "the refused sweep left its scratch folder: $(ls -A "$tmp/scratch2")"

# A lock file that a killed sweep left (its pid ended) is taken over, and said on one
# line, as a solving sweep says it.
sh -c 'exit 0' &
dead=$!
wait "$dead"
echo "$dead" >"$tmp/r/t.lock"
expect 0 "a sweep over a killed one's lock" -- run --force
one_line_error "t\.lock: left by pid $dead, which ended without removing it \(killed\?\): taken over$"
[ ! -e "$tmp/r/t.lock" ] && ok || bad "the taken-over lock is left: $(ls "$tmp/r")"

# --resume: a tool sweep keeps no rows until it ends and its .meta does not record what
# it ran (instances, levels), so an earlier run can neither be continued nor checked
# against this one: refused, the earlier files kept, rather than made again silently.
for x in csv samples.csv meta; do cp "$t.$x" "$tmp/before-resume.$x"; done
expect 2 "a tool sweep --resume" -- run --resume
one_line_error "t\.sweep: a tool sweep cannot resume: .*; --force makes it again"
for x in csv samples.csv meta; do
    cmp -s "$t.$x" "$tmp/before-resume.$x" && ok || bad "--resume changed t.$x"
done
expect 2 "a tool sweep --resume --list" -- run --resume --list
one_line_error "t\.sweep: a tool sweep cannot resume: "

expect 0 "--list" -- run --list
has "^t: solve $tmp/three.txt: qqwing and puzzlebench$" "$tmp/out"
expect 2 "no qqwing on PATH" -- env PATH="$tmp/empty" "$pb" sweep "$tmp/t.sweep" --out "$tmp/n" -q
one_line_error "qqwing is not installed \(Debian package 'qqwing': apt-get install qqwing\)"
sweep_file 'tool qqwing\ninstances other.txt\ntool-count 0'
expect 2 "no file the tool reads" -- run --force
has 'no task ran' "$tmp/err"
sweep_file 'tool nosuch\ninstances three.txt'
expect 2 "an unknown tool" -- run --force
one_line_error "t.sweep:3: family sudoku has no tool 'nosuch'"
sweep_file 'tool qqwing\ninstances three.txt\nengines logic'
expect 2 "engines in a tool sweep" -- run --force
one_line_error "t.sweep:5: a tool sweep takes no 'engines'"
sweep_file 'tool qqwing\ninstances three.txt\ntool-levels easy "hard'
expect 2 "a level the tool does not take" -- run --force
one_line_error "t.sweep:5: tool-levels expects difficulties of qqwing \(simple, easy, intermediate, expert\), got '\"hard'"
sweep_file 'tool qqwing\ninstances three.txt'
expect 2 "a tool sweep --against" -- run --force --against "$pb"
one_line_error "t.sweep: a tool sweep runs on one machine, one build"
sweep_file 'instances three.txt\ntool-count 3'
expect 2 "tool-count in an engine sweep" -- run --force
one_line_error "t.sweep:4: 'tool-count' belongs to a generation sweep \(key generator\) or a tool sweep \(key tool\)$"

# The project's sweep, quick, with the real QQwing.
if command -v qqwing >/dev/null 2>&1; then
    expect 0 "sudoku-qqwing.sweep --quick" -- "$pb" sweep "$src/bench/families/sudoku/sudoku-qqwing.sweep" \
        --quick --out "$tmp/q" -q
    [ "$(lines "$tmp/q/sudoku-qqwing.csv")" -eq 10 ] && ok || bad "expected 10 rows (2 solve, 8 generate)"
    has '^solve,qqwing,9x9-easy,easy,1000,done,' "$tmp/q/sudoku-qqwing.csv"
else
    echo "cli_sweep_tool: qqwing is not installed: the real sweep not tried"
fi
finish cli_sweep_tool
