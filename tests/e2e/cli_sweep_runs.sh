#!/usr/bin/env bash
# cli_sweep_runs.sh — a runs sweep (run, quick-run, repeat, stop-after, run-tables):
# each run's row is the one `count tenpair` or `solve tenpair` writes by hand with the
# same options, a series runs in order and stops where the rule says (a step limit
# here, so that no timing decides), the tables are joined with their run's number,
# the .meta lists the plan and the skips, and options or keys that would write
# elsewhere, or mean nothing here, are refused with the file and line before any run.
# usage: cli_sweep_runs.sh PUZZLEBENCH SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
source "$(dirname "$0")/cli_lib.sh"

cat >"$tmp/t.sweep" <<'EOF2'
name       t
family     tenpair
run        solve: --engine compact --max-length 76
           count: --engine bfs --max-length 68,72,76
           count: --engine compact --max-length 68,70,72 --step-limit 30000
quick-run  count: --engine compact --max-length 72 --threads 1,2,cores
stop-after 1000
EOF2
# fields FILE: the rows less run, bytes, wall_s, cpu_s, peak_rss_bytes and run_id
# (memory and time vary).
fields() { tail -n +2 "$1" | cut -d, -f2-19,24-32; }

expect 0 "a runs sweep" -- "$pb" sweep "$tmp/t.sweep" --out "$tmp/r" -q
[ "$(tail -n +2 "$tmp/r/t.csv" | cut -d, -f1 | tr '\n' ' ')" = "1 2 3 4 5 6 " ] && ok ||
    bad "t.csv: expected the rows of runs 1-6 (run 7 skipped), got $(cut -d, -f1 "$tmp/r/t.csv" | tr '\n' ' ')"
head -n 1 "$tmp/r/t.csv" | grep -q '^run,family,instance,puzzle,engine,order,mode,.*,max_length,length,stored,nodes,width,wrap,append,run_id$' && ok ||
    bad "t.csv: the header should be run, then the columns of solve's and count's --csv"
# The same runs by hand.
i=0
hand() {
    i=$((i + 1))
    "$pb" "$@" --csv "$tmp/h$i.csv" -q >/dev/null 2>&1
    tail -n +2 "$tmp/h$i.csv" | sed 's/^/0,/' >>"$tmp/hand.csv"
}
echo header >"$tmp/hand.csv"
hand solve tenpair --engine compact --max-length 76
for L in 68 72 76; do hand count tenpair --engine bfs --max-length $L; done
for L in 68 70; do hand count tenpair --engine compact --max-length $L --step-limit 30000; done
if [ "$(fields "$tmp/r/t.csv")" = "$(fields "$tmp/hand.csv")" ]; then ok; else
    bad "t.csv's rows differ from the runs by hand"; diff <(fields "$tmp/r/t.csv") <(fields "$tmp/hand.csv") >&2; fi
# Exact figures: the shortest win is 68 long, 4 wins up to 76, and 27096 states of bfs to 68.
has '^1,tenpair,default,upto19,compact,row,solve,1,-,-,done,1,[0-9.,]*,done,[0-9.]+,76,68,[0-9]+,0,9,on,stuck,' "$tmp/r/t.csv"
has '^4,tenpair,default,upto19,bfs,row,count,1,-,-,done,4,124255,[0-9.,]*,done,[0-9.]+,76,0,' "$tmp/r/t.csv"
has '^2,tenpair,default,upto19,bfs,row,count,1,-,-,done,1,27096,[0-9.,]*,done,[0-9.]+,68,0,' "$tmp/r/t.csv"
has '^6,tenpair,default,upto19,compact,row,count,1,-,-,limit,[0-9.,]*,step-limit,[0-9.]+,70,0,' "$tmp/r/t.csv"
# Why each run stopped: the step-limited count says which limit.
[ "$(tail -n +2 "$tmp/r/t.csv" | cut -d, -f1,24 | tr '\n' ' ')" = "1,done 2,done 3,done 4,done 5,done 6,step-limit " ] &&
    ok || bad "t.csv's stop column: $(tail -n +2 "$tmp/r/t.csv" | cut -d, -f1,24 | tr '\n' ' ')"
id=$(sed -n 's/^run_id=//p' "$tmp/r/t.meta")
[ -n "$id" ] && [ "$(tail -n +2 "$tmp/r/t.csv" | cut -d, -f33 | sort -u)" = "$id" ] && ok ||
    bad "every row should carry the sweep's run_id ($id)"
has '^runs=7$' "$tmp/r/t.meta"
has '^ran=6$' "$tmp/r/t.meta"
has '^run\.7=count --engine compact --max-length 72 --step-limit 30000$' "$tmp/r/t.meta"
has '^skipped\.7=run 6 stopped: limit$' "$tmp/r/t.meta"
has '^sweep=.*t\.sweep$' "$tmp/r/t.meta"
[ -s "$tmp/r/t.topology.xml" ] && ok || bad "no t.topology.xml"
expect 2 "an existing sweep, no --force" -- "$pb" sweep "$tmp/t.sweep" --out "$tmp/r" -q
one_line_error 't.csv exists: give --force'

# --quick: quick-run; 'cores' is the core count, values above it left out, none twice.
cores=$(nproc)
expect 0 "--quick" -- "$pb" sweep "$tmp/t.sweep" --out "$tmp/q" -q --quick
want=$(for t in 1 2 "$cores"; do [ "$t" -le "$cores" ] && echo "$t"; done | sort -u | wc -l)
[ "$(tail -n +2 "$tmp/q/t.csv" | wc -l)" -eq "$want" ] && ok || bad "--quick: expected $want rows"
has "^cores_available=$cores\$" "$tmp/q/t.meta"
has '^quick=1$' "$tmp/q/t.meta"
expect 0 "--list" -- "$pb" sweep "$tmp/t.sweep" --out "$tmp/l" --list
has '^t: run 2: count tenpair --engine bfs --max-length 68 \(a series\)$' "$tmp/out"
[ ! -e "$tmp/l" ] && ok || bad "--list wrote files"
printf 'name s\nfamily tenpair\nrun count: --max-length 68 --threads=cores --max-length=68,70\n' >"$tmp/s.sweep"
expect 0 "'cores' alone, beside a list" -- "$pb" sweep "$tmp/s.sweep" --list
has "^s: run 2: count tenpair --max-length 68 --threads=$cores --max-length=70\$" "$tmp/out"

# repeat and run-tables: each run once before any twice; the levels joined by run.
cat >"$tmp/c.sweep" <<'EOF2'
name       c
family     tenpair
run        count: --engine compact --max-length 72
           count: --engine compact --max-length 68
repeat     2
run-tables levels
EOF2
expect 0 "repeat, run-tables" -- "$pb" sweep "$tmp/c.sweep" --out "$tmp/c" -q
[ "$(tail -n +2 "$tmp/c/c.csv" | cut -d, -f1,26 | tr '\n' ' ')" = "1,72 2,68 3,72 4,68 " ] && ok ||
    bad "repeat: expected runs 1-4 at 72, 68, 72, 68"
"$pb" count tenpair --engine compact --max-length 72 --levels "$tmp/lv.csv" -q >/dev/null
if [ "$(awk -F, '$1 == 3' "$tmp/c/c.levels.csv" | cut -d, -f2,4-9)" = "$(tail -n +2 "$tmp/lv.csv" | cut -d, -f1,3-8)" ]; then
    ok; else bad "c.levels.csv: run 3's levels differ from count --levels by hand"; fi
head -n 1 "$tmp/c/c.levels.csv" | grep -q '^run,length,.*,run_id$' && ok || bad "c.levels.csv: header"
has '^tables=levels$' "$tmp/c/c.meta"

# A run that fails (exit 2) stops the sweep: no file, the earlier ones kept.
cp "$tmp/c/c.csv" "$tmp/c.before"
printf 'name c\nfamily tenpair\nrun count: --max-length 72 count: --max-length 20\n' >"$tmp/f.sweep"
expect 4 "a failing run" -- "$pb" sweep "$tmp/f.sweep" --out "$tmp/c" -q --force
has 'run 2 \(count tenpair --max-length 20\) exited with status 2: .*shorter than the start' "$tmp/err"
cmp -s "$tmp/c/c.csv" "$tmp/c.before" && [ -z "$(find "$tmp/c" -name '.*part*')" ] && ok ||
    bad "a failed runs sweep changed c.csv or left a hidden file"

# refused SWEEP-LINES PATTERN: a sweep file with these lines is refused, one line.
refused() {
    printf 'name x\nfamily %s\n%b\n' "${3:-tenpair}" "$1" >"$tmp/x.sweep"
    expect 2 "refused: $1" -- "$pb" sweep "$tmp/x.sweep" --out "$tmp/x" -q
    one_line_error "$2"
    [ ! -e "$tmp/x" ] && ok || bad "refused: $1: wrote $tmp/x"
}
refused 'run count: --max-length 70 --csv /tmp/x.csv' "x.sweep:3: --csv is the sweep.s to give"
refused 'run count: --max-length 70 --levels=/tmp/l.csv' "x.sweep:3: --levels is the sweep.s to give"
refused 'run count: --max-length 70 --quiet' "x.sweep:3: --quiet is the sweep.s to give"
refused 'run count: --max-length 70 --no-such 1' "x.sweep:3: count tenpair has no option --no-such"
refused 'run solve: --print-wins' "x.sweep:3: solve tenpair has no option --print-wins"
refused 'run solve: --print-paths' "x.sweep:3: solve tenpair has no option --print-paths"
refused 'run play: --max-length 70' "x.sweep:3: run expects one of solve, count before a colon, got 'play'"
refused 'run --max-length 70' "x.sweep:3: run expects COMMAND: first"
refused 'run count: --max-length 7x' "x.sweep:3: --max-length expects a whole number from 1 to [0-9]+, got '7x'"
refused 'run count: --max-length 70,7x' "x.sweep:3: --max-length expects a whole number from 1 to [0-9]+, got '7x'"
refused 'run count: --max-length 70,,72' "x.sweep:3: expected values separated by single commas"
refused 'run count: --max-length 70,72 --threads 1,2' "x.sweep:3: run 1: one option a line may list values"
refused 'run count: --engine bfs,cores' "x.sweep:3: 'cores' goes with whole numbers"
refused 'run count: --max-length' "x.sweep:3: --max-length expects a value"
refused 'run count: --max-length 70\nrun-tables csv' "x.sweep:4: run-tables expects options of tenpair that write a table"
refused 'run count: --max-length 70\ninstances 2x2' "x.sweep:4: a runs sweep takes no 'instances'"
refused 'run count: --max-length 70\nengines compact' "x.sweep:4: a runs sweep takes no 'engines'"
refused 'run count: --max-length 70' "x.sweep:3: family notouch searches a placement model: a runs sweep is for a family that does not" notouch
refused 'instances 2x3\nrepeat 2' "x.sweep:4: 'repeat' belongs to a generation sweep .key generator., a tool sweep .key tool. or a runs sweep .key run." notouch
refused 'instances upto19' "x.sweep:2: engine bfs is marked 'length': give max-lengths"
expect 2 "--against" -- "$pb" sweep "$tmp/t.sweep" --out "$tmp/a" --against "$pb"
one_line_error 'a runs sweep runs on one machine, one build'
finish cli_sweep_runs
