#!/usr/bin/env bash
# cli_sweep_lengths.sh — an engine sweep of engines marked 'length' (tenpair's):
# max-lengths makes a run per bound, quick-max-lengths replaces them in --quick,
# max-memory limits every run, stop-after ends a series of bounds, family-sets runs
# the instances with each setting of the family's options, levels joins each count
# run's rows per length into NAME.levels.csv, and each row carries
# bytes, the bound, the length, the family's figures and settings beside the counts
# that `solve` and `count` print by hand; bounds missing, or given where no engine
# takes them, and settings the family has not, are refused with the line.
# usage: cli_sweep_lengths.sh PUZZLEBENCH SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
source "$(dirname "$0")/cli_lib.sh"

cat >"$tmp/l.sweep" <<'EOF2'
name        l
family      tenpair
instances   upto19
engines     bfs compact
modes       first count
max-lengths 68 72 76
quick-max-lengths 70
max-memory  512M
samples     1
EOF2
expect 0 "an engine sweep of length engines" -- "$pb" sweep "$tmp/l.sweep" --out "$tmp/r" -q
head -n 1 "$tmp/r/l.csv" | grep -q ',time_limit_s,bytes,max_length,length,stored,nodes$' && ok ||
    bad "l.csv: the header should end with bytes, max_length, length and the figures"
[ "$(tail -n +2 "$tmp/r/l.csv" | wc -l)" -eq 12 ] && ok || bad "l.csv: expected 12 rows (2 engines x 2 modes x 3 bounds)"
# cols ENGINE MODE BOUND: status,solutions,steps,bytes,length,stored,nodes of that row.
cols() {
    awk -F, -v e="$1" -v m="$2" -v b="$3" '$4 == e && $6 == m && $40 == b {print $11","$12","$13","$39","$41","$42","$43}' "$tmp/r/l.csv"
}
# The same figures by hand: status, solutions, steps, bytes, length, stored, nodes.
byhand() {
    "$pb" "$@" --csv "$tmp/h.csv" -q >/dev/null 2>&1
    tail -n 1 "$tmp/h.csv" | awk -F, '{print $10","$11","$12","$19","$26","$27","$28}'
}
for e in bfs compact; do
    for b in 68 72 76; do
        got=$(cols "$e" count "$b") want=$(byhand count tenpair --engine "$e" --max-length "$b" --max-memory 512M)
        [ -n "$got" ] && [ "$got" = "$want" ] && ok || bad "count $e $b: sweep '$got', by hand '$want'"
        got=$(cols "$e" first "$b") want=$(byhand solve tenpair --engine "$e" --max-length "$b" --max-memory 512M)
        [ -n "$got" ] && [ "$got" = "$want" ] && ok || bad "first $e $b: sweep '$got', by hand '$want'"
    done
done
# Exact figures: 1 win of length 68 up to 68 (27096 states of bfs), 4 up to 76
# (124255); the shortest win is 68 long at every bound.
[ "$(cols bfs count 68 | cut -d, -f1-3)" = "done,1,27096" ] && ok || bad "bfs count 68: $(cols bfs count 68)"
[ "$(cols bfs count 76 | cut -d, -f1-3)" = "done,4,124255" ] && ok || bad "bfs count 76: $(cols bfs count 76)"
[ "$(cols compact first 76 | cut -d, -f1,2,5)" = "done,1,68" ] && ok || bad "compact first 76: $(cols compact first 76)"
# bytes, length and the figures are measurements, not keys: the two engines' rows pair
# on their bound and mode (6 pairs), however much each held.
expect 0 "compare the engines" -- "$pb" compare "$tmp/r/l.csv" --by engine=bfs,compact --csv
[ "$(grep -cv '^family,\|^geomean,' "$tmp/out")" -eq 6 ] && ok || bad "compare: expected 6 pairs: $(cat "$tmp/out" "$tmp/err")"
expect 0 "--list" -- "$pb" sweep "$tmp/l.sweep" --list
has '^upto19 compact - count threads=1 max_length=72$' "$tmp/out"
expect 0 "--quick" -- "$pb" sweep "$tmp/l.sweep" --out "$tmp/q" -q --quick
[ "$(tail -n +2 "$tmp/q/l.csv" | cut -d, -f40 | sort -u)" = "70" ] && ok || bad "--quick: expected the bound 70 only"
# A memory limit the run needs more than: status nomem, as count says by hand.
expect 0 "max-memory" -- "$pb" sweep "$tmp/l.sweep" --out "$tmp/m" -q --max-memory 1M --engines bfs --modes count
[ "$(tail -n +2 "$tmp/m/l.csv" | cut -d, -f11 | sort -u)" = "nomem" ] && ok || bad "max-memory 1M: expected nomem rows"
# --resume keeps the rows (the extra columns are part of the header it checks).
expect 0 "--resume of a whole sweep" -- "$pb" sweep "$tmp/l.sweep" --out "$tmp/r" --resume
has 'complete already' "$tmp/out"

# stop-after: a series of bounds ends once a run stopped at a limit (a step limit here,
# so that no timing decides); the .meta says which rows were skipped and why.
cat >"$tmp/s.sweep" <<'EOF2'
name        s
family      tenpair
instances   upto19
engines     bfs compact
modes       count
max-lengths 68 70 72
step-limit  30000
stop-after  100
samples     1
EOF2
expect 0 "stop-after" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/s" -q
[ "$(tail -n +2 "$tmp/s/s.csv" | cut -d, -f4,11-13,23,40 | tr '\n' ' ')" = "bfs,done,1,27096,0,68 bfs,limit,0,30000,1,70 compact,done,1,27097,3,68 compact,limit,1,30000,4,70 " ] &&
    ok || bad "stop-after: rows $(tail -n +2 "$tmp/s/s.csv" | cut -d, -f4,11-13,23,40 | tr '\n' ' ')"
has '^skipped\.2=row 1 stopped: limit$' "$tmp/s/s.meta"
has '^skipped\.5=row 4 stopped: limit$' "$tmp/s/s.meta"
has '^rows=4 of 6' "$tmp/s/s.meta"
has '^max_lengths=68 70 72$' "$tmp/s/s.meta"
has '^stop_after_s=100$' "$tmp/s/s.meta"
has '^workers=1$' "$tmp/s/s.meta"
# Without stop-after every bound runs.
expect 0 "no stop-after" -- "$pb" sweep "$tmp/s.sweep" --out "$tmp/n" -q --stop-after 0
[ "$(tail -n +2 "$tmp/n/s.csv" | wc -l)" -eq 6 ] && ok || bad "stop-after 0: expected 6 rows"

# family-sets: the instances again with each setting of the family's options; the
# rows name it in the family's columns, as solve's and count's --csv do.
cat >"$tmp/f.sweep" <<'EOF2'
name        f
family      tenpair
instances   upto19 upto15
engines     compact
modes       first count
max-lengths 76
family-sets - wrap=off width=7/10
samples     1
EOF2
expect 0 "family-sets" -- "$pb" sweep "$tmp/f.sweep" --out "$tmp/f" -q
head -n 1 "$tmp/f/f.csv" | grep -q ',bytes,max_length,length,stored,nodes,width,wrap,append$' && ok ||
    bad "f.csv: the header should end with the family's settings"
[ "$(tail -n +2 "$tmp/f/f.csv" | wc -l)" -eq 16 ] && ok || bad "f.csv: expected 16 rows (4 sets x 2 instances x 2 modes)"
has '^family_sets=- wrap=off width=7 width=10$' "$tmp/f/f.meta"
# The family's settings are keys of its sweeps, and the sweep's help lists them, as
# the columns above name them.
expect 0 "sweep --help" -- "$pb" sweep --help
sed -n '/^keys of family tenpair:$/,/^[^ ]/p' "$tmp/out" >"$tmp/keys"
for k in width wrap append; do has "^      --$k " "$tmp/keys"; done
expect 0 "family-sets --list" -- "$pb" sweep "$tmp/f.sweep" --list
has '^upto15 compact - first threads=1 max_length=76 family_set=width=7$' "$tmp/out"
# setting INSTANCE MODE WIDTH WRAP: status,solutions,steps,length,stored,nodes of that row.
setting() {
    awk -F, -v i="$1" -v m="$2" -v w="$3" -v r="$4" '$2 == i && $6 == m && $44 == w && $45 == r {print $11","$12","$13","$41","$42","$43}' "$tmp/f/f.csv"
}
byhand6() {
    "$pb" "$@" --csv "$tmp/h.csv" -q >/dev/null 2>&1
    tail -n 1 "$tmp/h.csv" | awk -F, '{print $10","$11","$12","$26","$27","$28}'
}
for v in "9 on" "9 off" "7 on" "10 on"; do
    set -- $v
    for start in 19 15; do
        got=$(setting "upto$start" count "$1" "$2")
        want=$(byhand6 count tenpair --upto "$start" --engine compact --max-length 76 --width "$1" --wrap "$2")
        [ -n "$got" ] && [ "$got" = "$want" ] && ok || bad "count upto$start width $1 wrap $2: sweep '$got', by hand '$want'"
        got=$(setting "upto$start" first "$1" "$2")
        want=$(byhand6 solve tenpair --upto "$start" --engine compact --max-length 76 --width "$1" --wrap "$2")
        [ -n "$got" ] && [ "$got" = "$want" ] && ok || bad "solve upto$start width $1 wrap $2: sweep '$got', by hand '$want'"
    done
done
# Exact figures: 1234 wins up to 76 at width 7; none with wrap off.
[ "$(setting upto19 count 7 on | cut -d, -f1,2)" = "done,1234" ] && ok || bad "width 7: $(setting upto19 count 7 on)"
[ "$(setting upto19 count 9 off | cut -d, -f1,2)" = "done,0" ] && ok || bad "wrap off: $(setting upto19 count 9 off)"

# levels: each count run's rows per length, joined behind its row, as count --levels
# writes them by hand (less the times); first runs have none.
cat >"$tmp/c.sweep" <<'EOF2'
name        c
family      tenpair
instances   upto19
engines     compact
modes       first count
max-lengths 72 68
levels      on
samples     1
EOF2
expect 0 "levels" -- "$pb" sweep "$tmp/c.sweep" --out "$tmp/c" -q
head -n 1 "$tmp/c/c.levels.csv" | grep -q '^row,length,.*,run_id$' && ok || bad "c.levels.csv: header"
[ "$(tail -n +2 "$tmp/c/c.levels.csv" | cut -d, -f1 | sort -u | tr '\n' ' ')" = "2 3 " ] && ok ||
    bad "c.levels.csv: expected the rows of the count runs 2 and 3"
# The columns but the times (search_s_max .. level_s) and the sweep's row and run_id.
for r in "2 72" "3 68"; do
    set -- $r
    "$pb" count tenpair --engine compact --max-length "$2" --levels "$tmp/lv.csv" -q >/dev/null
    if [ "$(awk -F, -v r="$1" '$1 == r' "$tmp/c/c.levels.csv" | cut -d, -f2-16,21-23)" = "$(tail -n +2 "$tmp/lv.csv" | cut -d, -f1-15,20-22)" ]; then
        ok; else bad "c.levels.csv: row $1's levels differ from count --levels by hand"; fi
done
expect 2 "levels, --against" -- "$pb" sweep "$tmp/c.sweep" --out "$tmp/a" --against "$pb"
one_line_error 'a sweep with levels runs on one process, one build'

# search-threads 'cores': the core count; counts above it left out, none twice.
cores=$(nproc)
expect 0 "search-threads cores" -- "$pb" sweep "$tmp/l.sweep" --list --engines compact --modes count --max-lengths 68 --search-threads "1 2 $((cores + 1)) cores"
want=$(for t in 1 2 "$cores"; do [ "$t" -le "$cores" ] && echo "threads=$t"; done | sort -u | tr '\n' ' ')
[ "$(grep -o 'threads=[0-9]*' "$tmp/out" | sort -u | tr '\n' ' ')" = "$want" ] && ok ||
    bad "search-threads cores: expected $want, got $(grep -o 'threads=[0-9]*' "$tmp/out" | tr '\n' ' ')"

refused() {
    printf 'name x\nfamily %s\n%b\n' "${3:-tenpair}" "$1" >"$tmp/x.sweep"
    expect 2 "refused: $1" -- "$pb" sweep "$tmp/x.sweep" --out "$tmp/x" -q
    one_line_error "$2"
    [ ! -e "$tmp/x" ] && ok || bad "refused: $1: wrote $tmp/x"
}
refused 'instances upto19\nengines compact' "x.sweep:4: engine compact is marked 'length': give max-lengths"
refused 'instances 2x3\nmax-lengths 10' "x.sweep:4: max-lengths: no engine of the sweep is marked 'length'" notouch
refused 'instances upto19\nmax-lengths 70 70' "x.sweep:4: max-lengths gives 70 twice"
refused 'instances upto19\nmax-lengths 70\nsearch-threads 1 cores cores' "x.sweep:5: search-threads gives cores twice$"
refused 'instances upto19\nmax-lengths 0' "x.sweep:4: max-lengths expects length bounds from 1 to [0-9]+ .at most 64., got '0'"
refused 'instances upto19\nmax-lengths 70\nmax-memory lots' "x.sweep:5: max-memory expects"
refused 'instances upto19\nmax-lengths 70\nfamily-sets wrap=sideways' "x.sweep:5: family-sets: wrap expects on or off, got 'sideways'"
refused 'instances upto19\nmax-lengths 70\nfamily-sets colour=red' "x.sweep:5: family-sets: colour is no setting of family tenpair"
refused 'instances upto19\nmax-lengths 70\nfamily-sets upto=15' "x.sweep:5: family-sets: upto is no setting of family tenpair"
refused 'instances upto19\nmax-lengths 70\nfamily-sets - width=9' "x.sweep:5: family-sets: the sets '-' and 'width=9' are one setting"
refused 'instances upto19\nmax-lengths 70\nsearch-threads 1 corez' "x.sweep:5: search-threads expects thread counts .or cores. from 1 to 1024 .at most 64., got 'corez'"
refused 'instances 2x3\nstop-after 10' "x.sweep:4: stop-after ends a series of length bounds, and the sweep has none" notouch
refused 'instances 2x3\nlevels on' "x.sweep:4: levels: family notouch has no count by lengths of its own" notouch
refused 'instances upto19\nmax-lengths 70\nlevels maybe' "x.sweep:5: levels expects"
# The runs sweep's keys are gone: a file that still has one is refused with its line.
refused 'run count: --engine compact --max-length 70' "x.sweep:3: unknown key 'run'"
refused 'instances upto19\nmax-lengths 70\nrepeat 3' "x.sweep:5: unknown key 'repeat'"
finish cli_sweep_lengths
