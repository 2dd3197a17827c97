#!/usr/bin/env bash
# cli_tenpair.sh — end-to-end tests of `solve tenpair` and `count tenpair`: the
# boards of the shortest win (the seed's length-68 game, each board one step after
# the one before), the counts by length, --print-paths, the JSON document, every bad
# option's one-line error and exit status 2 (a path as the start too: the start is
# text, never a file), no win (1), a step limit (3), and the
# CSV row with its metadata.
# usage: tests/e2e/cli_tenpair.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
seed=12345678911121314151617181923456713145161718234567131457135614516178

# check_boards FILE LENGTH: FILE is boards (rows of at most 9 digits and '#', a
# blank line between boards), a blank line, then the stats line (plain awk: mawk
# has no {m,n} in its patterns). The first board is
# the start, the last is LENGTH cells all crossed, and each board is one step after
# the one before: the same cells with two more crossed, or the live digits appended
# (nothing crossed anew).
check_boards() {
    local why
    why=$(awk -v want="$2" '
        function board_end() {
            if (cells == 0) return
            nb++
            if (nb == 1 && first != "123456789/111213141/516171819/") bad = bad " first board " first
            if (nb > 1) {
                if (cells == pcells && crossed == pcrossed + 2) { }
                else if (crossed == pcrossed && cells == pcells + (pcells - pcrossed)) { }
                else bad = bad " board " nb " is not one step after board " nb - 1
            }
            pcells = cells; pcrossed = crossed; prows = rows; cells = crossed = rows = 0
        }
        /^length=/ { board_end(); stats = 1; next }
        stats { bad = bad " text after the stats line"; next }
        /^$/ { board_end(); next }
        !/^[1-9#]+$/ || length($0) > 9 { if (!badrows++) bad = bad " bad row \"" $0 "\""; next }
        {
            if (nb == 0) first = first $0 "/"
            rows++; cells += length($0); crossed += gsub(/#/, "#")
        }
        END {
            if (!stats) bad = bad " no stats line"
            if (pcells != want || pcrossed != want) bad = bad " last board: " pcrossed " of " pcells " crossed"
            if (prows != int((want + 8) / 9)) bad = bad " last board has " prows " rows"
            print bad
        }' "$1")
    if [ -z "$why" ]; then ok; else bad "boards in $1:$why"; fi
}

# ---- solve: the seed's shortest win, by every engine ----
expect 0 "solve tenpair" -- "$pb" solve tenpair
check_boards "$tmp/out" 68
has "^length=68 solutions=1 .*status=done stored=[0-9]+ nodes=0$" "$tmp/out"
[ "$(sed -n '3{p;q}' "$tmp/out")" = 516171819 ] && [ -z "$(sed -n '4{p;q}' "$tmp/out")" ] && ok ||
    bad "solve: the first board is not three rows and a blank line"
# The last board: 7 full rows and one of 5, all crossed.
tail -n 10 "$tmp/out" | head -n 8 | tr '\n' ' ' >"$tmp/last"
[ "$(cat "$tmp/last")" = "######### ######### ######### ######### ######### ######### ######### ##### " ] &&
    ok || bad "solve: last board is '$(cat "$tmp/last")'"
[ ! -s "$tmp/err" ] && ok || bad "solve wrote to stderr: $(cat "$tmp/err")"
expect 0 "solve tenpair best-first" -- "$pb" solve tenpair --engine best-first
check_boards "$tmp/out" 68
has "^length=68 solutions=1 .*status=done " "$tmp/out"
# bfs needs a bound on the length to get there in reasonable memory.
expect 0 "solve tenpair bfs" -- "$pb" solve tenpair --engine bfs --max-length 72
check_boards "$tmp/out" 68
has "^length=68 solutions=1 .*status=done " "$tmp/out"
expect 0 "solve tenpair --upto 9 --width 3" -- "$pb" solve tenpair --upto 9 --width 3
has "^length=18 .*status=done" "$tmp/out"
expect 0 "solve tenpair --start=1919 --wrap off" -- "$pb" solve tenpair --start=1919 --wrap off
has "^length=4 .*status=done" "$tmp/out"
expect 0 "solve tenpair --append any" -- "$pb" solve tenpair --append any --max-length 52
has "^length=50 .*status=done" "$tmp/out"

# ---- count: wins by length, then the stats ----
expect 0 "count tenpair --max-length 80" -- "$pb" count tenpair --max-length 80
printf 'length=68 solutions=1\nlength=72 solutions=1\nlength=74 solutions=1\nlength=76 solutions=1\nlength=80 solutions=5\n' >"$tmp/want"
head -n 5 "$tmp/out" | cmp -s - "$tmp/want" && [ "$(wc -l <"$tmp/out")" -eq 6 ] && ok ||
    bad "count 80: $(tr '\n' '|' <"$tmp/out")"
has "^solutions=9 steps=[0-9]+ .* bytes=[0-9]+ wall_s=[0-9.]+ status=done stored=[0-9]+ nodes=[0-9]+$" "$tmp/out"
head -n 4 "$tmp/want" >"$tmp/want76"
for args in "--engine bfs" "--engine best-first" "--engine compact --threads 2"; do
    # shellcheck disable=SC2086
    expect 0 "count tenpair --max-length 76 $args" -- "$pb" count tenpair --max-length 76 $args
    head -n 4 "$tmp/out" | cmp -s - "$tmp/want76" && has "^solutions=4 .*status=done" "$tmp/out" ||
        bad "count 76 $args: $(tr '\n' '|' <"$tmp/out")"
done
expect 0 "count --print-paths" -- "$pb" count tenpair --max-length 76 --engine bfs --print-paths
has "^win length=68 digits=$seed$" "$tmp/out"
[ "$(grep -c '^win length=' "$tmp/out")" -eq 4 ] && [ "$(grep '^win ' "$tmp/out" | sort -u | wc -l)" -eq 4 ] &&
    ok || bad "print-wins: $(grep '^win' "$tmp/out" | tr '\n' '|')"
# Each printed win writes as many digits as its length says.
awk -F'[ =]' '/^win / && length($5) != $3 { exit 1 }' "$tmp/out" && ok || bad "print-wins lengths"
has "^length=76 solutions=1$" "$tmp/out"

# ---- no win, limits ----
expect 1 "no win from 12" -- "$pb" solve tenpair --start 12
one_line_error "solve tenpair: no solution$"
has "^length=0 solutions=0 .*status=done" "$tmp/out"
expect 1 "no win within the bound" -- "$pb" count tenpair --max-length 67
one_line_error "count tenpair: no solution of length 67 or less"
expect 3 "step limit" -- "$pb" solve tenpair --step-limit 10
has "status=limit" "$tmp/out"
expect 3 "step limit count" -- "$pb" count tenpair --max-length 84 --step-limit 10
has "status=limit" "$tmp/out"
expect 3 "memory limit" -- "$pb" solve tenpair --max-memory 1K
one_line_error "^puzzlebench: solve tenpair: stopped before growing from [0-9.]+ [KMG]?i?B to [0-9.]+ [KMG]?i?B: over --max-memory 1 KiB; --max-length bounds the search$"
# The compact count, refused at its start: the bound named, not the system blamed.
expect 3 "count's memory limit at the start" -- "$pb" count tenpair --max-length 50 --max-memory 10K
one_line_error "^puzzlebench: count tenpair: stopped before growing from [0-9.]+ [KMG]?i?B to [0-9.]+ [KMG]?i?B: over --max-memory 10 KiB$"
# 1000 to 1023 of a unit in digits, as 1e+03 was not.
expect 3 "a memory limit of 1000 bytes" -- "$pb" count tenpair --max-length 50 --max-memory 1000
one_line_error ": over --max-memory 1000 B$"
has "status=nomem" "$tmp/out"

# ---- bad usage: one line on stderr, exit 2 ----
bad_usage() { # bad_usage PATTERN ARGS...
    local pattern=$1
    shift
    expect 2 "bad usage: $*" -- "$pb" "$@"
    one_line_error "$pattern"
    [ ! -s "$tmp/out" ] && ok || bad "bad usage $* printed: $(head -c 200 "$tmp/out")"
}
bad_usage "--wrap expects on or off, got 'maybe'" solve tenpair --wrap maybe
bad_usage "--append expects stuck or any, got 'sometimes'" solve tenpair --append sometimes
bad_usage "--start: column 2: expected a digit 1-9, found '0'" solve tenpair --start 102
bad_usage "--start: column 3" solve tenpair --start 12x
# Given as the instance, the start is named by itself, not by an option never given.
bad_usage "solve: 12x: column 3: expected a digit 1-9, found 'x'" solve tenpair 12x
bad_usage "--start: expected at least one digit" solve tenpair --start ""
bad_usage "--start: more than 512 digits" solve tenpair --start "$(printf '1%.0s' $(seq 513))"
bad_usage "--upto" solve tenpair --upto 0
bad_usage "--upto" solve tenpair --upto 5000
# The bound --help names: N up to 245 (510 digits; 246 would pass 512). Past it, also past a
# long, the one line names N as given and the largest; 0, negatives and garbage get one too.
bad_usage "the length bound 1 is shorter than the start \(510 cells\)$" solve tenpair --upto 245 --max-length 1
bad_usage "render: upto246: --upto 246: the start would pass 512 digits \(N at most 245\)" render tenpair upto246 --win
big=99999999999999999999
bad_usage "render: upto$big: --upto $big: the start would pass 512 digits \(N at most 245\)" render tenpair upto$big --win
bad_usage "render: upto-$big: --upto: expected a number of at least 1, got -$big" render tenpair upto-$big --win
bad_usage "render: upto0: --upto: expected a number of at least 1, got 0" render tenpair upto0 --win
bad_usage "render: upto-3: --upto: expected a number of at least 1, got -3" render tenpair upto-3 --win
bad_usage "render: uptoabc: uptoN: expected a number, got 'abc'" render tenpair uptoabc --win
bad_usage "render: upto: uptoN: expected a number, got ''" render tenpair upto --win
bad_usage "--width" solve tenpair --width 0
bad_usage "--width" solve tenpair --width 65
bad_usage "a count needs a length bound \(--max-length L\)$" count tenpair
# solve runs without the bound (solve tenpair above): its help must not call it required.
if "$pb" solve --help | grep -A2 -e '--max-length L' | grep -q 'required'; then
    bad "solve --help says --max-length is required"
else ok; fi
bad_usage "the length bound 20 is shorter than the start \(27 cells\)" count tenpair --max-length 20
bad_usage "--max-length" solve tenpair --max-length 5000
bad_usage "engine bfs cannot split one search over 2 threads" count tenpair --max-length 70 --threads 2 --engine bfs
bad_usage "engine compact splits counts, not a first-solution search, over threads" solve tenpair --threads 2
bad_usage "unknown engine 'dfs' for tenpair" solve tenpair --engine dfs
bad_usage "--max-memory expects a size" solve tenpair --max-memory 3X
bad_usage "--max-memory" solve tenpair --max-memory 0
bad_usage "the instance is given twice" solve tenpair --start 19 --upto 9
bad_usage "--print-paths applies to count" solve tenpair --print-paths
bad_usage "engine compact cannot list its solutions" count tenpair --max-length 70 --print-paths
bad_usage "unknown option '--frob'" solve tenpair --frob
# The start is text, never a file: a path as the INSTANCE is refused as one.
notfile="a path, but tenpair reads no file: the start is digits 1-9 or uptoN \\(or --start DIGITS, --upto N\\)$"
bad_usage "x.txt: $notfile" solve tenpair x.txt
bad_usage "$tmp: $notfile" solve tenpair "$tmp"
bad_usage "12x: .*expected a digit 1-9, found 'x'" solve tenpair 12x
bad_usage "-: standard input, but tenpair reads no file: the start is digits" solve tenpair -
: >"$tmp/start-file"
bad_usage "start-file: $notfile" render tenpair "$tmp/start-file" --out "$tmp/x.svg"
# Digits stay digits when a file has their name.
pushd "$tmp" >/dev/null || exit 1
: >1919
expect 0 "solve tenpair 1919 beside a file 1919" -- "$pb" solve tenpair 1919 -q
popd >/dev/null || exit 1
has "^length=4 solutions=1 " "$tmp/out"
bad_usage "needs a value" solve tenpair --start
bad_usage "--step-limit" solve tenpair --step-limit many
expect 0 "--help" -- "$pb" solve tenpair --help
has "^usage: puzzlebench solve FAMILY" "$tmp/out"
has "^tenpair:" "$tmp/out"
has "^  INSTANCE: the start, as text \\(never a file\\): DIGITS \\(1-9\\) or uptoN" "$tmp/out"
tr -s ' \n' '  ' <"$tmp/out" >"$tmp/help.flat" # the bounds above, however the help wraps
has "--upto N write 1..N, leaving out numbers with a 0, N at most 245 \\(512 digits\\)" "$tmp/help.flat"
has "--start DIGITS the digits written first, 1-9, at most 512 \\(default:" "$tmp/help.flat"
has "^ +--max-length L +engines marked 'length'" "$tmp/out"

# ---- --json: the solution's length, the wins by length, the engine's figures ----
expect 0 "solve --json" -- "$pb" solve tenpair --json
has '"engine": "compact"' "$tmp/out"
has '"where": "upto19", "status": "done", .*"length": 68, "figures": \{"stored": [0-9]+, "nodes": 0\}' "$tmp/out"
expect 0 "count --json" -- "$pb" count tenpair --max-length 76 --json
has '"by_length": \{"68": 1, "72": 1, "74": 1, "76": 1\}' "$tmp/out"

# ---- --csv: a header and one row, and FILE.meta ----
expect 0 "solve --csv" -- "$pb" solve tenpair --csv "$tmp/run.csv"
[ "$(wc -l <"$tmp/run.csv")" -eq 2 ] && ok || bad "csv lines: $(cat "$tmp/run.csv")"
has "^family,instance,puzzle,engine,order,mode,threads,params,engine_seed,status,solutions,steps,placements,backtracks,candidates,guesses,learnts,restarts,bytes,wall_s,cpu_s,peak_rss_bytes,stop,time_limit_s,max_length,length,stored,nodes,width,wrap,append,run_id$" "$tmp/run.csv"
# The run's CPU time, its process's peak memory (at least the states it kept) and why it stopped.
awk -F, 'NR == 2 { if (!($21 >= 0) || !($22 >= $19 && $22 > 0) || $23 != "done" || $24 != 0) exit 1 }' \
    "$tmp/run.csv" && ok || bad "tenpair cpu_s, peak_rss_bytes, stop: $(cat "$tmp/run.csv")"
has "^tenpair,default,upto19,compact,-,solve,1,-,-,done,1,([0-9]+),\1,0,0,0,0,0,[0-9]+,[0-9.]+,[0-9.]+,[0-9]+,done,0,0,68,[0-9]+,0,9,on,stuck,[0-9]{8}T[0-9]{6}Z-[0-9a-f]{6}$" "$tmp/run.csv"
[ -s "$tmp/run.csv.meta" ] && ok || bad "no $tmp/run.csv.meta"
expect 0 "count --csv" -- "$pb" count tenpair --start 1919 --width 3 --max-length 20 --append any --csv "$tmp/c.csv"
has "^tenpair,1919,start1919,compact,-,count,1,-,-,done,[1-9][0-9]*,.*,done,0,20,0,[0-9]+,[0-9]+,3,on,any," "$tmp/c.csv"
[ -s "$tmp/c.csv.meta" ] && ok || bad "no $tmp/c.csv.meta"
expect 2 "csv to a missing directory" -- "$pb" solve tenpair --start 55 --csv "$tmp/no/such/dir.csv"
one_line_error "no/such/dir"

finish cli_tenpair
