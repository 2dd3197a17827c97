#!/usr/bin/env bash
# scripts_tdoku.sh — scripts/tdoku.sh, the tool sweep sudoku-tdoku.sweep, with a
# stand-in for tdoku's run_benchmark: the CSV (rows per set, mode, tool and round, on
# tdoku's three sets and the held-out one the project ships;
# logic's figures from puzzlebench itself), its .meta, the order of the tools swapping
# every round, the errors for bad arguments, and no result file when tdoku gives no
# figures; a link where the CSV goes is replaced; --resume refused; a disk that fills
# keeps the last CSV and .meta whole; relative paths from another folder.
# usage: tests/e2e/scripts_tdoku.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
export PUZZLEBENCH=$pb
script=$src/scripts/tdoku.sh
# The stand-in answers -h with a build line (on stderr, after its usage) and a run with
# run_benchmark's CSV line (its compiler field holds a comma), or -nan when FAKE_NAN
# is set; each call is logged.
cat >"$tmp/run_benchmark" <<'FAKE'
#!/usr/bin/env bash
[ "$1" = -h ] && { echo "usage: run_benchmark [options] FILE" >&2; echo "build info: fake 1.0 -O3" >&2; exit 0; }
echo "tdoku $*" >>"${FAKE_LOG:?}"
mode=unique; for a in "$@"; do [ "$a" = -f ] && mode=first; done
file=${*: -1}
if grep -q '^#' "$file"; then echo "a comment in $file" >>"$FAKE_LOG"; fi
if [ -n "${FAKE_NAN:-}" ]; then echo "GNU,12.2.0, -O3,$file,tdoku,-nan,-nan,-nan,-nan"; exit 0; fi
[ $mode = first ] && g=0.25 || g=0.5
echo "GNU,12.2.0, -O3,$file,tdoku,1000.5,1.0,50.0,$g"
FAKE
chmod +x "$tmp/run_benchmark"
mkdir -p "$tmp/sets"
# Three puzzles a set, a comment line dropped.
for n in 17_clue top1465 forum_hardest_1905_11plus; do
    { echo "# a comment"; grep -v '^#' "$src/data/sudoku/9x9-bench.txt" | head -3; } >"$tmp/sets/$n.txt"
done
export FAKE_LOG=$tmp/log ROUNDS=2 PB_SECONDS=1

# Run from another folder, with relative paths: they name files from there, not from
# the source tree.
expect 0 "a run" -- env -C "$tmp" "$script" ./run_benchmark sets out1
csv=$tmp/out1/sudoku-tdoku.csv
has "^set,mode,tool,round,puzzles,puzzles_per_s,guesses_per_puzzle$" "$csv"
if [ "$(wc -l <"$csv")" -eq 33 ]; then ok; else bad "$csv: $(wc -l <"$csv") lines, expected 1 + 4 sets x 2 modes x 2 tools x 2 rounds"; fi
# The held-out set, shipped with the project, comes after tdoku's three.
has "^9x9-unique,unique,tdoku,1,100,1000.5,0.5$" "$csv"
has "^9x9-unique,first,logic,2,100," "$csv"
has "^top1465,first,tdoku,2,3,1000.5,0.25$" "$csv"
has "^forum_hardest_1905_11plus,unique,tdoku,1,3,1000.5,0.5$" "$csv"
# logic's guesses per puzzle are puzzlebench's own count over the same three puzzles.
grep -v '^#' "$tmp/sets/top1465.txt" >"$tmp/three.txt"
g=$("$pb" count sudoku "$tmp/three.txt" -e logic -l 2 -q | tail -1 | tr ' ' '\n' | sed -n 's/^guesses=//p')
want=$(awk -v g="$g" 'BEGIN { printf "%.4f", g / 3 }')
has "^top1465,unique,logic,1,3,[0-9.]+,$want$" "$csv"
# Round 1 runs logic first, round 2 tdoku first.
order=$(awk -F, '$1 == "17_clue" && $2 == "unique" { printf "%s%s ", $3, $4 }' "$csv")
if [ "$order" = "logic1 tdoku1 tdoku2 logic2 " ]; then ok; else bad "order of the tools: $order"; fi
has "^tool=tdoku$" "$tmp/out1/sudoku-tdoku.meta"
has "^family=sudoku$" "$tmp/out1/sudoku-tdoku.meta"
has "^tool_version=fake 1.0 -O3$" "$tmp/out1/sudoku-tdoku.meta"
has "^rounds=2$" "$tmp/out1/sudoku-tdoku.meta"
has "^core=[0-9]+$" "$tmp/out1/sudoku-tdoku.meta"
has "^sweep=bench/families/sudoku/sudoku-tdoku.sweep$" "$tmp/out1/sudoku-tdoku.meta"
has "^load_end=" "$tmp/out1/sudoku-tdoku.meta"
[ -f "$tmp/out1/sudoku-tdoku.topology.xml" ] && ok || bad "no topology beside the .meta"
has " -r0 -t 1 -w 0.5 -c1 .*/top1465.txt$" "$FAKE_LOG"
has " -r0 -f -t 1 -w 0.5 -c1 .*/top1465.txt$" "$FAKE_LOG"
# Both tools read the puzzles alone: no comment in the file tdoku gets.
if grep -q "^a comment" "$FAKE_LOG"; then bad "a comment reached tdoku"; else ok; fi

# The sweep alone, on one set, one round (PB_TDOKU as the script sets it).
one=("$pb" sweep "$src/bench/families/sudoku/sudoku-tdoku.sweep" --instances "$tmp/sets/top1465.txt"
    --samples 1 --min-sample-time 1 --force)
# A link where the CSV goes is replaced, not written through.
mkdir -p "$tmp/out2"
echo keep >"$tmp/victim"
ln -s "$tmp/victim" "$tmp/out2/sudoku-tdoku.csv"
PB_TDOKU=$tmp/run_benchmark expect 0 "over a link" -- "${one[@]}" --out "$tmp/out2"
has "^keep$" "$tmp/victim"
[ ! -L "$tmp/out2/sudoku-tdoku.csv" ] && ok || bad "the link is still there"
# --list estimates the next run's time from this one's, pinned to one core as it was.
has "^rows=4 of 4$" "$tmp/out2/sudoku-tdoku.meta"
expect 0 "--list after a run" -- "${one[@]}" --out "$tmp/out2" --list
has "^4 rows, one a side a round$" "$tmp/out"
has "^time: about [^(]+ \(the earlier run in $tmp/out2/sudoku-tdoku\.meta, at commit [0-9a-f]+, took [^)]+ for 4 of its 4 rows\)$" "$tmp/out"
# It cannot resume, as no tool sweep can: refused on one line, the files kept.
cp "$tmp/out2/sudoku-tdoku.csv" "$tmp/before-resume.csv"
PB_TDOKU=$tmp/run_benchmark expect 2 "--resume" -- "${one[@]/--force/--resume}" --out "$tmp/out2"
one_line_error "sudoku-tdoku\.sweep: a tool sweep cannot resume: "
cmp -s "$tmp/out2/sudoku-tdoku.csv" "$tmp/before-resume.csv" && ok || bad "--resume changed the CSV"

# A disk that fills as the files are written (a file-size limit, SIGXFSZ ignored so
# that a write fails with EFBIG): the CSV and its .meta land together or not at all,
# the last sweep's kept whole. The rows fit under the limit, the topology does not.
o2=$tmp/out2/sudoku-tdoku
for x in csv meta topology.xml; do cp "$o2.$x" "$tmp/kept.$x"; done
[ "$(wc -c <"$o2.csv")" -lt 1024 ] && [ "$(wc -c <"$o2.topology.xml")" -gt 1024 ] && ok ||
    bad "the CSV over, or the topology under, 1 KiB"
(trap '' XFSZ; ulimit -f 1; FAKE_LOG=$tmp/log.full PB_TDOKU=$tmp/run_benchmark exec "${one[@]}" --out "$tmp/out2" -q) \
    >"$tmp/out" 2>"$tmp/err"
got=$?
[ "$got" -eq 2 ] && ok || bad "the sweep past a file-size limit: exit $got, expected 2"
one_line_error "^puzzlebench: sweep: .*/sudoku-tdoku\.[a-z.]+: cannot write: File too large \(the rows are kept in .*/\.sudoku-tdoku\.part\.csv\)$"
for x in csv meta topology.xml; do
    cmp -s "$o2.$x" "$tmp/kept.$x" && ok || bad "sudoku-tdoku.$x changed when the disk filled"
done
# The rows made are not lost: they stay in the .part file the message names.
[ -z "$(find "$tmp/out2" -name '*.tmp.*')" ] && ok || bad "the full disk left $(ls -a "$tmp/out2")"
[ "$(wc -l <"$tmp/out2/.sudoku-tdoku.part.csv")" -eq "$(wc -l <"$o2.csv")" ] && ok ||
    bad "the rows kept in .sudoku-tdoku.part.csv are not as many as the sweep's"

# A rerun that stops before it runs anything (tdoku's program not found) leaves them
# there too: it has no rows of its own to put in their place.
PB_TDOKU=$tmp/nosuch expect 2 "a rerun with no tdoku" -- "${one[@]}" --out "$tmp/out2" -q
[ -s "$tmp/out2/.sudoku-tdoku.part.csv" ] && ok || bad "a rerun that ran nothing removed the kept rows"
# A disk that fills while the rows themselves are written (a set's name long enough,
# 63 characters as a row keeps it, that three rounds' rows pass the limit): they are
# not whole, so not kept; the last sweep's files stay whole.
long=$(printf 'x%.0s' $(seq 63))
cp "$tmp/sets/top1465.txt" "$tmp/sets/$long.txt"
(trap '' XFSZ; ulimit -f 1; FAKE_LOG=$tmp/log.full PB_TDOKU=$tmp/run_benchmark exec "$pb" sweep \
    "$src/bench/families/sudoku/sudoku-tdoku.sweep" --instances "$tmp/sets/$long.txt" --samples 3 \
    --min-sample-time 1 --force --out "$tmp/out2" -q) >"$tmp/out" 2>"$tmp/err"
got=$?
rm "$tmp/sets/$long.txt"
[ "$got" -eq 2 ] && ok || bad "rows past a file-size limit: exit $got, expected 2"
one_line_error "^puzzlebench: sweep: .*/\.sudoku-tdoku\.part\.csv: cannot write$"
for x in csv meta topology.xml; do
    cmp -s "$o2.$x" "$tmp/kept.$x" && ok || bad "sudoku-tdoku.$x changed when the rows filled the disk"
done
[ -z "$(find "$tmp/out2" -name '.*')" ] && ok || bad "rows not whole were left: $(ls -a "$tmp/out2")"

# No figures from tdoku: an error naming it (the last line, after logic's round), and
# no result file.
FAKE_NAN=1 PB_TDOKU=$tmp/run_benchmark expect 4 "tdoku without figures" -- "${one[@]}" --out "$tmp/out3"
tail -1 "$tmp/err" >"$tmp/last"
has "^puzzlebench: sweep: tdoku on top1465 \(unique\), round 1: no figures in its output$" "$tmp/last"
[ ! -e "$tmp/out3/sudoku-tdoku.csv" ] && [ ! -e "$tmp/out3/sudoku-tdoku.meta" ] && ok || bad "a result file after a failure"

expect 2 "one argument" -- "$script" "$tmp/run_benchmark"
one_line_error "^tdoku.sh: usage: scripts/tdoku.sh RUN_BENCHMARK SETS_DIR \[OUT_DIR\]$"
expect 2 "not a program" -- "$script" "$tmp/sets" "$tmp/sets"
one_line_error "PB_TDOKU=.*/sets: not an executable file \(tdoku's run_benchmark\)$"
mkdir -p "$tmp/few" && cp "$tmp/sets/top1465.txt" "$tmp/few/"
expect 2 "a set missing" -- "$script" "$tmp/run_benchmark" "$tmp/few"
one_line_error "^tdoku.sh: $tmp/few/17_clue.txt: no such file \(one of tdoku's sets\)$"
ROUNDS=0 expect 2 "no rounds" -- "$script" "$tmp/run_benchmark" "$tmp/sets"
one_line_error "samples expects a whole number from 1 to 100, got '0'"
PB_SECONDS=0.5 expect 2 "part seconds" -- "$script" "$tmp/run_benchmark" "$tmp/sets"
one_line_error "min-sample-time 0.5: tdoku's run_benchmark measures whole seconds, 1 to 3600$"
expect 0 "--help" -- "$script" --help
has "^usage: scripts/tdoku.sh RUN_BENCHMARK SETS_DIR \[OUT_DIR\]" "$tmp/out"
# The sweep alone: tdoku's program must be named, or be on PATH.
expect 2 "no PB_TDOKU" -- env -u PB_TDOKU PATH=/usr/bin:/bin "$pb" sweep "$src/bench/families/sudoku/sudoku-tdoku.sweep" \
    --instances "$tmp/sets/top1465.txt" --out "$tmp/out4"
one_line_error "^puzzlebench: sweep: tdoku's run_benchmark is not on PATH: set PB_TDOKU to its path$"
expect 0 "--list" -- "$pb" sweep "$src/bench/families/sudoku/sudoku-tdoku.sweep" --instances "$tmp/sets/top1465.txt" --list
has "^sudoku-tdoku: solve .*/top1465.txt \(first\): tdoku and puzzlebench, 3 rounds$" "$tmp/out"
finish scripts_tdoku
