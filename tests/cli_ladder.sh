#!/usr/bin/env bash
# cli_ladder.sh — end-to-end tests of bench/ladder.py (the rungs of reasoning side by
# side): its CSV (the keys, status, the counts, the timing columns), every engine
# row's counts equal to what `puzzlebench solve`/`count` prints for the same puzzle,
# a run stopped at the time limit (status=limit, solutions 0, one sample), the
# uniqueness mode, the outside solvers' rows (their models checked) when minisat and
# cadical are installed, the .meta and samples, and the one-line usage errors.
# usage: tests/cli_ladder.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
ladder=$src/bench/ladder.py

# field FILE TOOL INSTANCE COLUMN: COLUMN of the row of TOOL on INSTANCE.
field() {
    awk -F, -v tool="$2" -v inst="$3" -v col="$4" '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["tool"] == tool && $c["instance"] == inst { print $c[col] }' "$1"
}
# stat LINE KEY: KEY=value from a stats line.
stat() { tr ' ' '\n' <<<"$1" | sed -n "s/^$2=//p"; }

"$pb" generate latin --size 8 --holes 0.5 --seed 3 -q >"$tmp/easy.txt"
"$pb" generate latin --size 30 --holes 0.42 --seed 1 -q >"$tmp/hard.txt"
tools=backtrack/mrv,alldiff/mrv,learn
outside=0
if command -v minisat >/dev/null 2>&1 && command -v cadical >/dev/null 2>&1; then
    tools=$tools,minisat,cadical
    outside=1
else
    echo "cli_ladder: minisat or cadical is not installed: the outside solvers not tried"
fi

# ---- first mode: the easy square by every tool, the hard one stopped at 0.5 s ----
expect 0 "ladder, first mode" -- "$ladder" --pb "$pb" --family latin --out "$tmp/r/l.csv" \
    --time-limit 0.5 --samples 2 --tools "$tools" "sq-8:0.5:$tmp/easy.txt" "sq-30:0.42:$tmp/hard.txt"
csv=$tmp/r/l.csv
head="family,set,param,instance,tool,kind,order,mode,status,solutions,steps,backtracks,guesses,learnts,wall_s,run_id,row,samples,runs_per_sample,min_s,median_s,mean_s,stddev_s,cv,median_lo_s,median_hi_s,noisy,ref_s"
if [ "$(head -1 "$csv")" = "$head" ]; then ok; else bad "header: $(head -1 "$csv")"; fi
ntools=$(tr ',' '\n' <<<"$tools" | wc -l)
if [ "$(($(wc -l <"$csv") - 1))" -eq $((2 * ntools)) ]; then ok; else bad "rows: $(wc -l <"$csv")"; fi
has "^latin,sq-8,0.5,easy,backtrack,engine,mrv,first,done,1," "$csv"
has "^latin,sq-8,0.5,easy,learn,engine,-,first,done,1," "$csv"
# The counts are the engine's own: as `solve` prints them for the same file.
for t in backtrack/mrv alldiff/mrv learn; do
    e=${t%/*} o=${t#*/}
    if [ "$o" = "$t" ]; then set -- -e "$e"; else set -- -e "$e" -o "$o"; fi
    line=$("$pb" solve latin "$tmp/easy.txt" "$@" -q | tail -1)
    for k in solutions steps backtracks guesses learnts; do
        want=$(stat "$line" "$k") got=$(field "$csv" "$e" easy "$k")
        if [ "$got" = "$want" ]; then ok; else bad "$t easy $k: $got, solve says $want"; fi
    done
done
# backtrack cannot finish the n = 30 square in 0.5 s: limit, no solution, one sample.
if [ "$(field "$csv" backtrack hard status)" = limit ]; then ok; else bad "backtrack on the hard square: $(field "$csv" backtrack hard status)"; fi
if [ "$(field "$csv" backtrack hard solutions)" = 0 ]; then ok; else bad "a stopped run's solutions"; fi
if [ "$(field "$csv" backtrack hard samples)" = 1 ]; then ok; else bad "a stopped run's samples"; fi
awk -v t="$(field "$csv" backtrack hard wall_s)" 'BEGIN { exit !(t >= 0.5 && t < 5) }' && ok || bad "the stopped run's time"
if [ "$(field "$csv" backtrack hard backtracks)" -gt 1000 ]; then ok; else bad "the stopped run's backtracks"; fi
# alldiff solves it (102 backtracks in mrv order, as solve says).
if [ "$(field "$csv" alldiff hard status)" = done ]; then ok; else bad "alldiff on the hard square"; fi
if [ "$outside" = 1 ]; then
    for s in minisat cadical; do
        has "^latin,sq-8,0.5,easy,$s,outside,-,first,done,1,[0-9]+,[0-9]+,[0-9]+,," "$csv"
    done
fi
id=$(sed -n 's/^run_id=//p' "$tmp/r/l.meta")
if [ -n "$id" ] && awk -F, -v id="$id" 'NR > 1 && $16 != id { exit 1 }' "$csv"; then ok; else bad "run_id"; fi
has '^status=complete$' "$tmp/r/l.meta"
has '^time_limit_s=0.5$' "$tmp/r/l.meta"
if [ "$outside" = 1 ]; then has '^minisat=' "$tmp/r/l.meta"; fi
# every row's samples are in the samples file
n=$(awk -F, 'NR > 1 { s += $18 } END { print s }' "$csv")
if [ "$(($(wc -l <"$tmp/r/l.samples.csv") - 1))" -eq "$n" ]; then ok; else bad "sample lines"; fi

# ---- unique mode: count --limit 2; a square with several completions has 2 ----
expect 0 "ladder, unique mode" -- "$ladder" --pb "$pb" --family latin --mode unique --out "$tmp/r/u.csv" \
    --samples 1 --tools propagate/mrv "sq-8:0.5:$tmp/easy.txt"
want=$("$pb" count latin "$tmp/easy.txt" -e propagate -o mrv --limit 2 -q | tail -1)
if [ "$(field "$tmp/r/u.csv" propagate easy solutions)" = "$(stat "$want" solutions)" ]; then ok; else
    bad "unique mode's solutions"; fi
has "^latin,sq-8,0.5,easy,propagate,engine,mrv,unique," "$tmp/r/u.csv"

# ---- usage errors: one line, exit 2, no file ----
expect 2 "no --out" -- "$ladder" --pb "$pb" --family latin "a:b:$tmp/easy.txt"
one_line_error "give the CSV to write with --out FILE.csv"
expect 2 "a bad instance" -- "$ladder" --pb "$pb" --family latin --out "$tmp/x.csv" "$tmp/easy.txt"
one_line_error "expected SET:PARAM:FILE"
expect 2 "a missing file" -- "$ladder" --pb "$pb" --family latin --out "$tmp/x.csv" "a:b:$tmp/none.txt"
one_line_error "none.txt: no such file"
expect 2 "an outside solver in unique mode" -- "$ladder" --pb "$pb" --family latin --out "$tmp/x.csv" \
    --mode unique --tools minisat "a:b:$tmp/easy.txt"
one_line_error "the outside solvers run in mode first only"
expect 2 "a bad --time-limit" -- "$ladder" --pb "$pb" --family latin --out "$tmp/x.csv" --time-limit x "a:b:$tmp/easy.txt"
one_line_error "--time-limit expects seconds, got 'x'"
expect 2 "an unknown option" -- "$ladder" --pb "$pb" --bogus 1
one_line_error "unknown option '--bogus'"
expect 1 "an unknown engine" -- "$ladder" --pb "$pb" --family latin --out "$tmp/x.csv" --tools nosuch "a:b:$tmp/easy.txt"
one_line_error "nosuch"
if [ ! -e "$tmp/x.csv" ]; then ok; else bad "a failed ladder wrote its CSV"; fi
expect 0 "--help" -- "$ladder" --help
has '^usage: bench/ladder.py --out FILE.csv --family FAMILY' "$tmp/out"

finish cli_ladder
