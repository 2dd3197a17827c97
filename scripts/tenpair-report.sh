#!/usr/bin/env bash
# tenpair-report.sh — the "## Tenpair" section of REPORT.md: prints its markdown on
# stdout and draws its plots into RESULTS_DIR/plots/ (awk + gnuplot pngcairo).
#
# Usage:
#   scripts/tenpair-report.sh [--no-plots] RESULTS_DIR
#
# scripts/report.sh calls it (when RESULTS_DIR has a tenpair-*.csv) and appends
# its output after the kakuro section; it passes the environment table's .meta
# file in PB_PRIMARY_META (set, even if empty, means "called by report.sh"), so
# that the meta lines list what differs from it.
# Reads, from RESULTS_DIR (each may be missing: its part is then one line saying
# so), the files of scripts/tenpair-experiments.sh:
#   tenpair-bound.csv + .meta    solve and count rows per engine and length bound
#   tenpair-wins.csv + .meta     length,wins,cumulative of one count; the count's
#                                status and bound in the .meta
#   tenpair-rules.csv + .meta    solve and count rows per rule variant
#   tenpair-threads.csv + .meta  compact count rows per thread count and rep
# Writes (each drawn into a hidden temporary file in plots/ and renamed when
# complete):
#   plots/tenpair-expanded.png  states expanded vs length bound, log y, per engine
#   plots/tenpair-time.png      wall_s vs length bound, log y, per engine
#   plots/tenpair-memory.png    peak memory vs length bound, log y, per engine
#   plots/tenpair-wins.png      wins per length (bars) and cumulative wins (log y),
#                               with the seed's reported figures as points
#   plots/tenpair-speedup.png   compact count speedup vs threads, ideal y = x
# With --no-plots it draws nothing and links the PNGs already there; without
# gnuplot it writes tables only, with a note. Every number comes from the files,
# except the seed's reported figures, which are labelled as the seed's. Only
# runs with status=done are plotted; a run stopped at a limit is shown in the
# tables as such ("none found within ...", or "≥ N" wins found before it stopped).
# Exit status 1, naming the file and column, when a CSV lacks a column it needs.
set -euo pipefail

export LC_ALL=C
prog=${0##*/}
die() { printf '%s: %s\n' "$prog" "$*" >&2; exit 1; }
warn() { printf '%s: %s\n' "$prog" "$*" >&2; }
here=$(cd "$(dirname "$0")" && pwd)
[ -r "$here/report-lib.sh" ] || die "$here/report-lib.sh not found"
# shellcheck source=scripts/report-lib.sh
. "$here/report-lib.sh"

section_start tenpair "$@"
SHOW="commit date cpu threads"

# The seed's reported figures (seed 003), the only numbers not read from files.
SEED_NEXT="72 74 76"   # the next wins after the shortest, at these lengths
SEED_AT80=4            # wins of length 80
SEED_UPTO90=30         # wins up to length 90
SEED_UPTO100=170       # wins up to length 100

# ---------------------------------------------------------------------------
# Inputs: every run CSV normalised into TSV by header name:
#  1 instance 2 engine 3 mode 4 max_length 5 append 6 wrap 7 width 8 threads
#  9 status 10 length 11 wins 12 expanded 13 stored 14 peak_bytes 15 nodes 16 wall_s
# awk exits 2 (message on stderr) on a missing column, 3 when there is no row.
# ---------------------------------------------------------------------------
RUN_NEED="instance engine mode max_length append wrap width threads status length wins expanded stored peak_bytes nodes wall_s"
# shellcheck disable=SC2016
NORM_AWK="$CSV_READ_AWK"'
{
    line = $col[nd[1]]
    for (i = 2; i <= nn; i++) line = line OFS $col[nd[i]]
    print line; n++
}
END { if (bad) exit 2; if (!n) exit 3 }'

# load NAME NEED — $dir/tenpair-NAME.csv into $tmp/NAME.tsv; sets state[NAME] to
# ok, empty or missing.
declare -A state=()
load() {
    local name=$1 need=$2 f=$dir/tenpair-$1.csv rc=0
    state[$name]=missing
    [ -e "$f" ] || return 0
    awk -v file="$f" -v need="$need" "$NORM_AWK" "$f" >"$tmp/$name.tsv" 2>"$tmp/err" || rc=$?
    case $rc in
        0) state[$name]=ok ;;
        3) state[$name]=empty ;;
        *) die "$(head -n 1 "$tmp/err")" ;;
    esac
}
load bound "$RUN_NEED"
load rules "$RUN_NEED"
load threads "$RUN_NEED"
load wins "length wins cumulative"

# Helpers shared by the table programs.
# shellcheck disable=SC2016
TP_AWK='
function erank(e) { return (e == "bfs") ? 1 : (e == "best-first") ? 2 : (e == "compact") ? 3 : 9 }
# mem(bytes): "12.3 MB" / "1.23 GB".
function mem(b) {
    b += 0
    if (b >= 1024 * 1048576) return sprintf("%.2f GB", b / 1073741824)
    if (b >= 100 * 1048576) return sprintf("%.0f MB", b / 1048576)
    if (b >= 1048576) return sprintf("%.1f MB", b / 1048576)
    return sprintf("%.0f KB", b / 1024)
}
# secs(x): a time in s, about three significant digits.
function secs(x) {
    x += 0
    if (x >= 100) return sprintf("%.0f s", x)
    if (x >= 10) return sprintf("%.1f s", x)
    if (x >= 1) return sprintf("%.2f s", x)
    if (x >= 0.001) return sprintf("%.1f ms", x * 1000)
    return sprintf("%.0f µs", x * 1e6)
}
# big(n): an integer with thousands separators.
function big(n,    s, r) {
    s = sprintf("%.0f", n); r = ""
    while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) }
    return s r
}
function median(s,    a, n, i, j, t) {
    n = split(s, a, " ")
    if (n == 0) return "-"
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > t + 0; j--) a[j + 1] = a[j]; a[j + 1] = t }
    if (n % 2) return a[(n + 1) / 2]
    return (a[n / 2] + a[n / 2 + 1]) / 2
}
function rx(a, b,    r) {
    if (a == "" || b == "" || b + 0 <= 0) return "n/a"
    r = a / b
    return (r >= 100) ? sprintf("%.0fx", r) : (r >= 10) ? sprintf("%.1fx", r) : sprintf("%.2fx", r)
}
# why(status, wall, peak): how a run that did not finish stopped.
function why(st, w, p) {
    if (st == "limit") return "time or step limit, after " secs(w)
    if (st == "nomem") return "memory limit, peak " mem(p) " after " secs(w)
    return "status " st " after " secs(w)
}
'

# ---------------------------------------------------------------------------
# Plots
# ---------------------------------------------------------------------------

# estyle ENGINE — colour, point type, dash type, point size (lines can coincide:
# bfs and best-first expand the same states in count mode).
estyle() {
    case $1 in
        bfs) echo "#1f77b4 7 1 1.5" ;; best-first) echo "#ff7f0e 5 2 1.1" ;; compact) echo "#2ca02c 9 4 1.0" ;;
        *) echo "#7f7f7f 13 1 1.0" ;;
    esac
}

# bound_engines — the engines with done count rows, bfs, best-first, compact first.
bound_engines() {
    awk -F '\t' "$TP_AWK"'$3 == "count" && $9 == "done" && !($2 in s) { s[$2] = 1; print erank($2) "\t" $2 }' \
        "$tmp/bound.tsv" | sort -t "$(printf '\t')" -k1,1n -k2,2 | cut -f2
}

# plot_bound COLUMN NAME YLABEL TITLE — one line per engine of COLUMN (of
# bound.tsv) against the bound, count rows with status done, log y.
plot_bound() {
    local c=$1 name=$2 ylabel=$3 title=$4 e colour pt dt ps first=1
    {
        echo "set terminal pngcairo size 900,600 $TERM_FONT"
        echo "set output OUT"
        echo "set title $(gq "$title") noenhanced"
        echo "set logscale y"
        echo "set format y '10^{%L}'"
        echo "set grid xtics ytics lc rgb '#dddddd' lw 1"
        echo "set xlabel 'length bound (count mode: every win of length <= bound)'"
        echo "set ylabel $(gq "$ylabel")"
        awk -F '\t' '$3 == "count" { b = $4 + 0; if (!n || b < lo) lo = b; if (!n || b > hi) hi = b; n = 1 }
            END { printf "set xtics %d out nomirror\nset xrange [%g:%g]\n", (hi - lo > 16) ? 4 : 2, lo - 1, hi + 1 }' "$tmp/bound.tsv"
        echo "set offsets 0, 0, graph 0.05, graph 0.05"
        echo "set key top left Left reverse"
        printf 'plot '
        for e in $(bound_engines); do
            awk -F '\t' -v e="$e" -v c="$c" -v OFS='\t' '$2 == e && $3 == "count" && $9 == "done" && $c + 0 > 0 { print $4, $c }' \
                "$tmp/bound.tsv" | sort -n >"$tmp/pb-$c-$e.dat"
            [ -s "$tmp/pb-$c-$e.dat" ] || continue
            read -r colour pt dt ps <<<"$(estyle "$e")"
            [ "$first" = 1 ] || printf ', \\\n     '
            first=0
            printf "%s using 1:2 with linespoints lc rgb '%s' pt %s ps %s dt %s lw 1.6 title %s noenhanced" \
                "$(gq "$tmp/pb-$c-$e.dat")" "$colour" "$pt" "$ps" "$dt" "$(gq "$e")"
        done
        [ "$first" = 0 ] || printf "NaN notitle"
        printf '\n'
    } >"$tmp/pb-$c.gp"
    run_gnuplot "$tmp/pb-$c.gp" "$name"
}

# plot_wins MAX — wins per length (boxes) and cumulative (log y), the seed's points.
plot_wins() {
    local max=$1
    awk -F '\t' -v OFS='\t' '{ print $1, $2, $3 }' "$tmp/wins.tsv" >"$tmp/w.dat"
    {
        echo "80 $SEED_AT80"
    } >"$tmp/w-seed80.dat"
    : >"$tmp/w-seedcum.dat"
    [ "$max" -lt 90 ] || echo "90 $SEED_UPTO90" >>"$tmp/w-seedcum.dat"
    [ "$max" -lt 100 ] || echo "100 $SEED_UPTO100" >>"$tmp/w-seedcum.dat"
    {
        echo "set terminal pngcairo size 1300,560 $TERM_FONT"
        echo "set output OUT"
        echo "set multiplot layout 1,2 title 'tenpair: wins by length (a win = a distinct written digit sequence), compact count up to $max' font ',13'"
        echo "set grid ytics lc rgb '#dddddd' lw 1"
        echo "set xlabel 'length of the win (digits written)'"
        echo "set xrange [$(awk -F '\t' 'NR == 1 { print $1 - 3 }' "$tmp/w.dat"):$((max + 3))]"
        echo "set xtics 4 out nomirror"
        echo "set key top left Left reverse"
        echo "set title 'wins of each length'"
        echo "set ylabel 'wins'"
        echo "set yrange [0:*]"
        echo "set offsets 0, 0, graph 0.12, 0"
        echo "set style fill solid 0.6 border -1"
        echo "set boxwidth 1.4"
        printf "plot %s using 1:2 with boxes lc rgb '#2ca02c' title 'this run'" "$(gq "$tmp/w.dat")"
        if [ "$max" -ge 80 ]; then
            printf ", %s using 1:2 with points lc rgb '#d62728' pt 7 ps 1.6 title 'the seed (reported): 4 wins of length 80'" "$(gq "$tmp/w-seed80.dat")"
        fi
        printf '\n'
        echo "set title 'wins of length <= L (cumulative)'"
        echo "set ylabel 'wins up to L'"
        echo "set logscale y"
        echo "set offsets 0, 0, 0, 0"
        echo "set yrange [0.8:*]"
        printf "plot %s using 1:3 with steps lc rgb '#2ca02c' lw 1.8 notitle, %s using 1:3 with points lc rgb '#2ca02c' pt 7 ps 0.7 title 'this run'" \
            "$(gq "$tmp/w.dat")" "$(gq "$tmp/w.dat")"
        if [ -s "$tmp/w-seedcum.dat" ]; then
            printf ", %s using 1:2 with points lc rgb '#d62728' pt 7 ps 1.6 title 'the seed (reported): 30 up to 90, 170 up to 100'" "$(gq "$tmp/w-seedcum.dat")"
        fi
        printf '\n'
        echo "unset multiplot"
    } >"$tmp/w.gp"
    run_gnuplot "$tmp/w.gp" tenpair-wins.png
}

# plot_speedup — speedup vs threads from $tmp/sp.tsv (threads, median, speedup).
plot_speedup() {
    local maxt maxy
    maxt=$(awk -F '\t' '{ if ($1 + 0 > m) m = $1 + 0 } END { print m }' "$tmp/sp.tsv")
    maxy=$(awk -F '\t' -v m="$maxt" '{ if ($3 + 0 > m) m = $3 + 0 } END { print m }' "$tmp/sp.tsv")
    {
        echo "set terminal pngcairo size 800,600 $TERM_FONT"
        echo "set output OUT"
        echo "set title $(gq "tenpair: compact count up to $(cat "$tmp/sp.bound"), speedup vs threads (median wall_s of 1 thread / of T)") noenhanced"
        echo "set grid xtics ytics lc rgb '#dddddd' lw 1"
        echo "set xlabel 'threads'"
        echo "set ylabel 'speedup'"
        echo "set xrange [0.5:$maxt + 0.5]"
        echo "set yrange [0:$maxy + 0.5]"
        echo "set xtics 1 out nomirror"
        echo "set key top left Left reverse"
        printf "plot x with lines lc rgb '#888888' dt 2 title 'ideal', %s using 1:3 with linespoints lc rgb '#2ca02c' pt 9 ps 1.3 lw 1.8 title 'compact count'\n" \
            "$(gq "$tmp/sp.tsv")"
    } >"$tmp/sp.gp"
    run_gnuplot "$tmp/sp.gp" tenpair-speedup.png
}

# ---------------------------------------------------------------------------
# Markdown
# ---------------------------------------------------------------------------
# opts KEY — the value of KEY in tenpair-rules.meta as code, or a note.
opts() {
    local v
    v=$(meta_get "$dir/tenpair-rules.meta" "$1")
    # shellcheck disable=SC2016  # the backquotes are markdown
    if [ -n "$v" ]; then printf '`%s`' "$(printf '%s' "$v" | tr '`|' "'/")"; else printf 'options not recorded'; fi
}
nofile() { echo "_No \`tenpair-$1.csv\`: $2 left out._"; echo; }
emptyfile() { echo "_\`tenpair-$1.csv\` has no rows: $2 left out._"; echo; }

echo
echo "## Tenpair"
echo
if [ -z "${PB_PRIMARY_META+x}" ]; then  # run alone, not from report.sh
    echo "From \`$(md "$dir")\`, written $(date -u +%Y-%m-%dT%H:%M:%SZ) by \`scripts/tenpair-report.sh\`; the machine and commit of each file are in the line after its part."
    echo
fi
echo "The crossing-out game (seed 003): the digits 1..19 without 10 are written 9 to a row; a move crosses out two live digits that are equal or sum to 10 and are neighbours in reading order or in a column (crossed digits between them skipped; with wrap, reading order runs on from a row's end to the next row); when no move is left, every live digit is written again after the last. The game is won when every digit is crossed out; its *length* is the number of digits written. Engines: \`bfs\` and \`best-first\` (the seed's method) keep whole boards; \`compact\` keeps 4-bit states and, in count mode, walks the written prefixes. Written by \`scripts/tenpair-experiments.sh\`; each row is one \`puzzlebench solve|count tenpair\` run."
echo
if [ "$plotmode" = none ]; then
    echo "_gnuplot was not found: tables only, no plots._"
    echo
fi
quickf=
for f in bound wins rules threads; do
    if [ "$(meta_get "$dir/tenpair-$f.meta" quick)" = 1 ]; then quickf="$quickf${quickf:+, }\`tenpair-$f.csv\`"; fi
done
if [ -n "$quickf" ]; then
    echo "_From a \`--quick\` run (small bounds and limits, for development; its figures are not the experiment's): $quickf._"
    echo
fi

# --- (a) the shortest win per engine -----------------------------------------------
echo "### The shortest win per engine"
echo
if [ "${state[bound]}" = missing ]; then nofile bound "the engine comparison"
elif [ "${state[bound]}" = empty ]; then emptyfile bound "the engine comparison"
else
    if ! awk -F '\t' '$3 == "shortest" { ok = 1 } END { exit !ok }' "$tmp/bound.tsv"; then
        echo "_No solve (shortest) rows in \`tenpair-bound.csv\`._"
        echo
    else
        echo "Mode solve (\`puzzlebench solve tenpair\`), default rules, one thread. States expanded = boards whose moves were generated; stored = boards kept in the seen sets at the peak; peak memory = the engine's own. Bound = \`--max-length\` (0: none)."
        echo
        echo "| engine | bound | shortest win | states expanded | stored | peak memory | time | status |"
        echo "|---|---:|---:|---:|---:|---:|---:|---|"
        awk -F '\t' -v OFS='\t' "$TP_AWK"'$3 == "shortest" { print erank($2), $0 }' "$tmp/bound.tsv" | sort -t "$(printf '\t')" -k1,1n -s | cut -f2- |
            awk -F '\t' "$TP_AWK"'{
                w = ($9 == "done") ? (($10 + 0 > 0) ? $10 : "none of length <= " $4) : "none found within the limit (" why($9, $16, $14) ")"
                printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", $2, $4, w, big($12), big($13), mem($14), secs($16), $9
            }'
        echo
        awk -F '\t' "$TP_AWK"'
            $3 == "shortest" && $9 == "done" && $10 + 0 > 0 {
                L[$2] = $10; T[$2] = $16; X[$2] = $12; seen[$10] = 1
            }
            END {
                n = 0; for (l in seen) n++
                if (!n) { print "- no engine found a win"; exit }
                if (n == 1) for (l in seen) print "- every engine that finished finds the same shortest length: " l
                else print "- **the engines disagree on the shortest length**"
                if (("compact" in T) && ("best-first" in T)) printf "- compact / best-first (the seed'"'"'s method), same run: time %s, states expanded %s (under 1x: compact lower)\n", rx(T["compact"], T["best-first"]), rx(X["compact"], X["best-first"])
                if (("compact" in T) && ("bfs" in T)) printf "- compact / bfs, same run: time %s, states expanded %s\n", rx(T["compact"], T["bfs"]), rx(X["compact"], X["bfs"])
            }' "$tmp/bound.tsv"
        echo
    fi
fi

# --- (b) count against the length bound --------------------------------------------
echo "### Counting every win up to a length bound"
echo
if [ "${state[bound]}" = missing ]; then nofile bound "the bound experiment"
elif [ "${state[bound]}" = empty ]; then emptyfile bound "the bound experiment"
elif ! awk -F '\t' '$3 == "count" { ok = 1 } END { exit !ok }' "$tmp/bound.tsv"; then
    echo "_No count rows in \`tenpair-bound.csv\`._"
    echo
    drop tenpair-expanded.png tenpair-time.png tenpair-memory.png
else
    skip=$(meta_get "$dir/tenpair-bound.meta" skip_after_s)
    echo "Mode count (\`puzzlebench count tenpair --max-length L\`), default rules, one thread: every win of length at most L. An engine's larger bounds are not run once a bound took over ${skip:-?} s or stopped at a limit (\`--max-memory $(meta_get "$dir/tenpair-bound.meta" max_memory)\`). For bfs and best-first *stored* is the boards kept at the peak; for compact it is the states of written sequences still waiting to be searched, at the peak (the \`nodes\` column of the CSV counts the sequences searched), so it is not comparable across engines."
    echo
    if [ "$plotmode" = draw ]; then
        if awk -F '\t' '$3 == "count" && $9 == "done" { ok = 1 } END { exit !ok }' "$tmp/bound.tsv"; then
            plot_bound 12 tenpair-expanded.png "states expanded" "tenpair count: states expanded vs length bound (log scale)" || true
            plot_bound 16 tenpair-time.png "wall time [s]" "tenpair count: time vs length bound (one thread, log scale)" || true
            plot_bound 14 tenpair-memory.png "peak memory [bytes]" "tenpair count: the engine's peak memory vs length bound (log scale)" || true
        else
            drop tenpair-expanded.png tenpair-time.png tenpair-memory.png
        fi
    fi
    image tenpair-expanded.png "tenpair states expanded vs length bound"
    image tenpair-time.png "tenpair time vs length bound"
    image tenpair-memory.png "tenpair peak memory vs length bound"
    engs=$(awk -F '\t' "$TP_AWK"'$3 == "count" && !($2 in s) { s[$2] = 1; print erank($2) "\t" $2 }' "$tmp/bound.tsv" |
        sort -t "$(printf '\t')" -k1,1n -k2,2 | cut -f2 | tr '\n' ' ')
    # Two wide tables: work (wins, expanded, stored), then cost (memory, time).
    awk -F '\t' -v engs="$engs" "$TP_AWK"'
        $3 == "count" {
            k = $4 SUBSEP $2
            if (!($4 in sb)) { sb[$4] = 1; B[++nb] = $4 + 0 }
            S[k] = $9; W[k] = $11; X[k] = $12; ST[k] = $13; P[k] = $14; T[k] = $16
        }
        function cell(k, v) { return !(k in S) ? "–" : (S[k] == "done") ? v : "stopped (" S[k] ")" }
        END {
            ne = split(engs, E, " ")
            for (i = 2; i <= nb; i++) { x = B[i]; for (j = i - 1; j >= 1 && B[j] > x; j--) B[j + 1] = B[j]; B[j + 1] = x }
            h = "| bound | wins"; u = "|---:|---:"
            for (e = 1; e <= ne; e++) { h = h " | " E[e] " expanded"; u = u "|---:" }
            for (e = 1; e <= ne; e++) { h = h " | " E[e] " stored"; u = u "|---:" }
            print h " |"; print u "|"
            for (i = 1; i <= nb; i++) {
                b = B[i]; w = ""; dis = 0
                for (e = 1; e <= ne; e++) { k = b SUBSEP E[e]; if ((k in S) && S[k] == "done") { if (w == "") w = W[k]; else if (W[k] != w) dis = 1 } }
                if (dis) { w = ""; for (e = 1; e <= ne; e++) { k = b SUBSEP E[e]; if ((k in S) && S[k] == "done") w = w (w == "" ? "" : " / ") E[e] " " W[k] }; w = "**" w "**" }
                r = "| " b " | " (w == "" ? "–" : w)
                for (e = 1; e <= ne; e++) { k = b SUBSEP E[e]; r = r " | " cell(k, big(X[k])) }
                for (e = 1; e <= ne; e++) { k = b SUBSEP E[e]; r = r " | " cell(k, big(ST[k])) }
                print r " |"
            }
            print ""
            h = "| bound"; u = "|---:"
            for (e = 1; e <= ne; e++) { h = h " | " E[e] " peak memory"; u = u "|---:" }
            for (e = 1; e <= ne; e++) { h = h " | " E[e] " time"; u = u "|---:" }
            print h " |"; print u "|"
            for (i = 1; i <= nb; i++) {
                b = B[i]; r = "| " b
                for (e = 1; e <= ne; e++) { k = b SUBSEP E[e]; r = r " | " cell(k, mem(P[k])) }
                for (e = 1; e <= ne; e++) { k = b SUBSEP E[e]; r = r " | " cell(k, secs(T[k])) }
                print r " |"
            }
        }' "$tmp/bound.tsv"
    echo
    # Summary lines: agreement, where each engine stopped, the largest common bound.
    awk -F '\t' -v engs="$engs" -v skip="${skip:-60}" -v bounds="$(meta_get "$dir/tenpair-bound.meta" bounds)" "$TP_AWK"'
        $3 == "count" {
            k = $4 SUBSEP $2
            S[k] = $9; W[k] = $11; X[k] = $12; P[k] = $14; T[k] = $16
            if (!($2 in top) || $4 + 0 > top[$2]) top[$2] = $4 + 0
            if ($4 + 0 > all) all = $4 + 0
        }
        END {
            ne = split(engs, E, " ")
            nbb = split(bounds, BB, ","); want = 0; for (i = 1; i <= nbb; i++) if (BB[i] + 0 > want) want = BB[i] + 0
            if (want < all) want = all
            dis = 0; nb = 0
            for (k in S) { split(k, kk, SUBSEP); if (S[k] != "done") continue; if ((kk[1] in w0) && w0[kk[1]] != W[k]) dis = 1; w0[kk[1]] = W[k] }
            print "- wins agree across engines at every bound where more than one finished: " (dis ? "**NO**" : "yes")
            for (e = 1; e <= ne; e++) {
                x = E[e]; k = top[x] SUBSEP x
                if (S[k] != "done") printf "- %s: stopped at bound %d (%s); larger bounds not run\n", x, top[x], why(S[k], T[k], P[k])
                else if (top[x] < want) printf "- %s: bound %d took %s (over %s s); larger bounds not run\n", x, top[x], secs(T[k]), skip
                else printf "- %s: every bound up to %d finished; at %d: %s states expanded, %s, %s\n", x, top[x], top[x], big(X[k]), mem(P[k]), secs(T[k])
            }
            # The largest bound where compact and a plain engine both finished.
            for (e = 1; e <= ne; e++) {
                x = E[e]; if (x == "compact") continue
                b = -1
                for (k in S) { split(k, kk, SUBSEP); if (kk[2] == x && S[k] == "done" && S[kk[1] SUBSEP "compact"] == "done" && kk[1] + 0 > b) b = kk[1] + 0 }
                if (b < 0) continue
                a = b SUBSEP "compact"; c = b SUBSEP x
                printf "- compact / %s at bound %d (the largest both finished): peak memory %s, time %s (under 1x: compact lower)\n", x, b, rx(P[a], P[c]), rx(T[a], T[c])
            }
        }' "$tmp/bound.tsv"
    echo
    meta_line "$dir/tenpair-bound.meta" "$SHOW"
    echo
fi

# --- (c) wins per length beside the seed's figures ---------------------------------
echo "### Wins by length, and the seed's figures"
echo
wins_max=$(meta_get "$dir/tenpair-wins.meta" max_length)
wins_status=$(meta_get "$dir/tenpair-wins.meta" count_status)
if [ "${state[wins]}" = missing ]; then nofile wins "the wins by length"
elif [ "${state[wins]}" = empty ]; then
    emptyfile wins "the wins by length"
    drop tenpair-wins.png
else
    if [ -z "$wins_max" ]; then
        wins_max=$(awk -F '\t' '{ m = $1 } END { print m + 0 }' "$tmp/wins.tsv")
        echo "_\`tenpair-wins.meta\` does not give the count's bound: taken as the longest win listed, $wins_max._"
        echo
    fi
    case $wins_max in '' | *[!0-9]*) die "tenpair-wins.meta: max_length '$wins_max' is not a length" ;; esac
    echo "From one count up to length $wins_max (engine $(meta_get "$dir/tenpair-wins.meta" engine), status ${wins_status:-?}, $(awk -v w="$(meta_get "$dir/tenpair-wins.meta" count_wall_s)" "$TP_AWK"'BEGIN { print (w == "") ? "time not recorded" : secs(w) }')). A win here is a distinct written digit sequence: two move orders that write the same digits are one win. The seed's figures are those the seed reported (his own way of counting, which this project does not reproduce), not re-measured."
    echo
    if [ -n "$wins_status" ] && [ "$wins_status" != "done" ]; then
        echo "_The count stopped at a limit (status $wins_status): the wins below are those found before it stopped, lower bounds._"
        echo
    fi
    if [ "$plotmode" = draw ]; then plot_wins "$wins_max" || true; fi
    image tenpair-wins.png "tenpair wins by length"
    echo "| length | wins | wins up to this length | the seed (reported) |"
    echo "|---:|---:|---:|---|"
    awk -F '\t' -v max="$wins_max" -v next3="$SEED_NEXT" -v a80="$SEED_AT80" -v u90="$SEED_UPTO90" -v u100="$SEED_UPTO100" "$TP_AWK"'
        { W[$1 + 0] = $2; L[++n] = $1 + 0 }
        function add(l, t,    o) { o = (l in seed) ? seed[l] "; " : ""; seed[l] = o t }
        END {
            ns = split(next3, nx, " ")
            for (i = 1; i <= ns; i++) seed[nx[i] + 0] = "a next win (after the shortest)"
            add(80, a80 " wins of this length"); add(90, u90 " wins up to 90"); add(100, u100 " wins up to 100")
            for (l in seed) if (l + 0 <= max && !((l + 0) in W)) { W[l + 0] = 0; L[++n] = l + 0 }
            for (i = 2; i <= n; i++) { x = L[i]; for (j = i - 1; j >= 1 && L[j] > x; j--) L[j + 1] = L[j]; L[j + 1] = x }
            c = 0
            for (i = 1; i <= n; i++) {
                l = L[i]; c += W[l]
                printf "| %d | %s | %s | %s |\n", l, big(W[l]), big(c), ((l in seed) ? seed[l] : "")
            }
        }' "$tmp/wins.tsv"
    echo
    awk -F '\t' -v max="$wins_max" -v st="${wins_status:-done}" -v next3="$SEED_NEXT" -v a80="$SEED_AT80" -v u90="$SEED_UPTO90" -v u100="$SEED_UPTO100" "$TP_AWK"'
        { W[$1 + 0] = $2 + 0; L[++n] = $1 + 0 }
        function upto(b,    s, i) { s = 0; for (i = 1; i <= n; i++) if (L[i] <= b) s += W[L[i]]; return s }
        function cmp(ours, his) { return (ours == his) ? "the same" : (ours > his) ? (ours - his) " more than the seed" : (his - ours) " fewer than the seed" }
        END {
            ge = (st == "done") ? "" : "≥ "
            sn = next3; gsub(/ +/, ", ", sn)
            for (i = 2; i <= n; i++) { x = L[i]; for (j = i - 1; j >= 1 && L[j] > x; j--) L[j + 1] = L[j]; L[j + 1] = x }
            nx = ""; k = 0
            for (i = 2; i <= n && k < 3; i++) if (W[L[i]] > 0) { nx = nx (nx == "" ? "" : ", ") L[i]; k++ }
            printf "- the shortest win: length %s; the next wins: at %s (the seed: at %s)\n", (n ? L[1] : "-"), (nx == "" ? "none within " max : nx), sn
            if (max >= 80) printf "- wins of length 80: ours %s%d, the seed'"'"'s %d (%s)\n", ge, W[80], a80, cmp(W[80], a80)
            else printf "- wins of length 80: not measured (bound %d); the seed: %d\n", max, a80
            if (max >= 90) printf "- wins up to 90: ours %s%d, the seed'"'"'s %d (%s)\n", ge, upto(90), u90, cmp(upto(90), u90)
            else printf "- wins up to 90: not measured (bound %d); the seed: %d\n", max, u90
            if (max >= 100) printf "- wins up to 100: ours %s%d, the seed'"'"'s %d (%s)\n", ge, upto(100), u100, cmp(upto(100), u100)
            else printf "- wins up to 100: not measured (bound %d); the seed: %d\n", max, u100
            if (max > 100) printf "- wins up to %d: ours %s%d (the seed gives no figure beyond 100)\n", max, ge, upto(max)
            d = (max >= 80 && W[80] != a80) || (max >= 90 && upto(90) != u90) || (max >= 100 && upto(100) != u100)
            if (d) {
                print ""
                print "Where the figures differ, the two count different things: here each distinct written digit sequence is one win, however many move orders write it, while the seed counted by his own rule. Whether our engines agree with each other is checked in the count against the bound above and in the line below."
            }
        }' "$tmp/wins.tsv"
    echo
    # Cross-check with the bound experiment: the same count, from the other file.
    if [ "${state[bound]}" = ok ]; then
        awk -F '\t' -v OFS='\t' 'FNR == NR { W[$1 + 0] = $2 + 0; n++; next }
            $3 == "count" && $9 == "done" && $2 == "compact" { print $4, $11 }' "$tmp/wins.tsv" "$tmp/bound.tsv" >"$tmp/bw.tsv"
        awk -F '\t' -v max="$wins_max" 'FNR == NR { W[$1 + 0] = $2 + 0; next }
            $1 + 0 <= max { s = 0; for (l in W) if (l + 0 <= $1 + 0) s += W[l]; n++; if (s != $2 + 0) bad = bad (bad == "" ? "" : ", ") $1 " (" s " vs " $2 ")" }
            END { if (n) print "- the wins by length agree with the compact counts of the bound experiment at its " n " bounds up to " max ": " (bad == "" ? "yes" : "**NO** — " bad) }' \
            "$tmp/wins.tsv" "$tmp/bw.tsv"
        echo
    fi
    meta_line "$dir/tenpair-wins.meta" "$SHOW"
    echo
fi

# --- (d) the rule switches ---------------------------------------------------------
echo "### The rule switches"
echo
if [ "${state[rules]}" = missing ]; then nofile rules "the rule switches"
elif [ "${state[rules]}" = empty ]; then emptyfile rules "the rule switches"
else
    echo "Engine compact, one thread. Each variant changes one or two rules from the default (start 1..19 without 10, width 9, wrap on, append when stuck). *Shortest win*: \`solve\` with $(opts solve_options); *wins up to L*: \`count --max-length L\` with $(opts count_options). A search that reached a limit found no win (solve) or only some of them (count: \"≥\")."
    echo
    echo "| variant | start | width | wrap | append | shortest win | states expanded | time | wins up to L | L | count time |"
    echo "|---|---|---:|---|---|---:|---:|---:|---:|---:|---:|"
    awk -F '\t' "$TP_AWK"'
        function vname(i, w, a, ap,    s) {
            s = ""
            if (ap == "any") s = "append any"
            if (w == "off") s = s (s == "" ? "" : ", ") "wrap off"
            if (a != 9) s = s (s == "" ? "" : ", ") "width " a
            if (i != "upto19") s = s (s == "" ? "" : ", ") ((i ~ /^upto/) ? "start 1.." substr(i, 5) : i)
            return (s == "") ? "default" : s
        }
        {
            k = $1 SUBSEP $6 SUBSEP $7 SUBSEP $5
            if (!(k in seen)) { seen[k] = 1; K[++n] = k; V[k] = vname($1, $6, $7, $5); I[k] = $1; WR[k] = $6; WD[k] = $7; AP[k] = $5 }
            if ($3 == "shortest") { SS[k] = $9; SL[k] = $10; SX[k] = $12; ST[k] = $16; SP[k] = $14; SM[k] = $4 }
            else if ($3 == "count") { CS[k] = $9; CW[k] = $11; CT[k] = $16; CP[k] = $14; CM[k] = $4 }
        }
        END {
            for (i = 1; i <= n; i++) {
                k = K[i]
                if (!(k in SS)) { sw = "–"; sx = "–"; stt = "–" }
                else {
                    if (SS[k] == "done") sw = (SL[k] + 0 > 0) ? SL[k] : "none of length <= " SM[k] " (search complete)"
                    else sw = "none found within " (SM[k] + 0 > 0 ? "length " SM[k] " and " : "") "the limits (" why(SS[k], ST[k], SP[k]) ")"
                    sx = big(SX[k]); stt = secs(ST[k])
                }
                if (!(k in CS)) { cw = "–"; cm = "–"; ct = "–" }
                else {
                    cw = (CS[k] == "done") ? big(CW[k]) : "≥ " big(CW[k]) " (stopped: " why(CS[k], CT[k], CP[k]) ")"
                    cm = CM[k]; ct = secs(CT[k])
                }
                st = (I[k] ~ /^upto/) ? "1.." substr(I[k], 5) : I[k]
                printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", V[k], st, WD[k], WR[k], AP[k], sw, sx, stt, cw, cm, ct
            }
        }' "$tmp/rules.tsv"
    echo
    awk -F '\t' '
        $3 == "shortest" && $1 == "upto19" && $6 == "on" && $7 == 9 { if ($9 == "done" && $10 + 0 > 0) L[$5] = $10 }
        $3 == "shortest" && $1 == "upto19" && $6 == "off" && $7 == 9 && $5 == "stuck" { off = $9 " " $10 " " $4 }
        END {
            if (("stuck" in L) && ("any" in L)) printf "- appending at any time shortens the shortest win from %d to %d digits\n", L["stuck"], L["any"]
            if (off != "") {
                split(off, o, " ")
                if (o[1] == "done" && o[2] + 0 > 0) printf "- without wrap the shortest win has length %d\n", o[2]
                else if (o[1] == "done") printf "- without wrap there is no win of length %d or less (the search finished)\n", o[3]
                else printf "- without wrap no win was found before the search stopped (status %s)\n", o[1]
            }
        }' "$tmp/rules.tsv"
    echo
    meta_line "$dir/tenpair-rules.meta" "$SHOW"
    echo
fi

# --- (e) thread scaling -----------------------------------------------------------------
echo "### Thread scaling of the compact count"
echo
if [ "${state[threads]}" = missing ]; then nofile threads "the thread scaling"
elif [ "${state[threads]}" = empty ]; then
    emptyfile threads "the thread scaling"
    drop tenpair-speedup.png
else
    # Per thread count: runs, done, median wall_s, speedup vs the lowest thread
    # count, the wins of the done runs (one value when they agree).
    awk -F '\t' -v OFS='\t' "$TP_AWK"'
        $3 == "count" {
            t = $8 + 0
            if (!(t in R)) { R[t] = 0; D[t] = 0; T[++nt] = t }
            R[t]++
            if ($9 == "done") { D[t]++; W[t] = W[t] " " $16; if (!(t in WN)) WN[t] = $11; else if (WN[t] != $11) WN[t] = "differ"; X[t] = $12 }
        }
        END {
            for (i = 2; i <= nt; i++) { x = T[i]; for (j = i - 1; j >= 1 && T[j] > x; j--) T[j + 1] = T[j]; T[j + 1] = x }
            base = ""
            for (i = 1; i <= nt; i++) if (D[T[i]]) { base = median(W[T[i]]); bt = T[i]; break }
            for (i = 1; i <= nt; i++) {
                t = T[i]; m = D[t] ? median(W[t]) : "-"
                sp = (m == "-" || base == "" || m + 0 <= 0) ? "-" : sprintf("%.3f", base / m)
                print t, m, sp, R[t], D[t], (t in WN) ? WN[t] : "-", bt
            }
        }' "$tmp/threads.tsv" >"$tmp/sp.all"
    awk -F '\t' '$3 == "count" && !($4 in s) { s[$4] = 1; b = b (b == "" ? "" : ", ") $4 } END { print (b == "" ? "?" : b) }' \
        "$tmp/threads.tsv" >"$tmp/sp.bound"
    awk -F '\t' -v OFS='\t' '$3 != "-" { print $1, $2, $3 }' "$tmp/sp.all" >"$tmp/sp.tsv"
    echo "\`puzzlebench count tenpair --engine compact --max-length $(cat "$tmp/sp.bound") --threads T\`, default rules, $(meta_get "$dir/tenpair-threads.meta" reps) reps per thread count on a machine with $(meta_get "$dir/tenpair-threads.meta" nproc) logical CPUs (\`nproc\`). Speedup = median wall_s at the lowest thread count / median wall_s at T, both from this file. Medians over the done reps."
    echo
    if [ -s "$tmp/sp.tsv" ]; then
        if [ "$plotmode" = draw ]; then plot_speedup || true; fi
        image tenpair-speedup.png "tenpair compact count speedup vs threads"
    else
        drop tenpair-speedup.png
    fi
    echo "| threads | runs (done) | wall_s (median) | speedup | wins |"
    echo "|---:|---:|---:|---:|---:|"
    awk -F '\t' "$TP_AWK"'{
        printf "| %s | %s (%s) | %s | %s | %s |\n", $1, $4, $5, ($2 == "-" ? "-" : secs($2)), ($3 == "-" ? "-" : sprintf("%.2fx", $3)), ($6 == "differ" ? "**differ between reps**" : $6)
    }' "$tmp/sp.all"
    echo
    awk -F '\t' '
        { if ($6 != "-") { if (w == "") w = $6; else if ($6 != w) bad = 1 }; if ($6 == "differ") bad = 1 }
        $1 == 2 && $3 != "-" { two = $3 }
        $3 != "-" && $3 + 0 > best { best = $3 + 0; bt = $1 }
        END {
            print "- wins agree across thread counts and reps: " (bad ? "**NO**" : (w == "" ? "no run finished" : "yes (" w ")"))
            if (two != "") printf "- 2 threads vs 1: %.2fx\n", two
            if (bt != "" && bt != 2 && bt != 1) printf "- best: %.2fx at %s threads\n", best, bt
        }' "$tmp/sp.all"
    echo
    meta_line "$dir/tenpair-threads.meta" "$SHOW"
    echo
fi

# --- (f) how far the count goes in a time budget (only when the file exists) -------
if [ -s "$dir/tenpair-push.csv" ]; then
    budget=$(meta_get "$dir/tenpair-push.meta" time_budget_s)
    echo "### How far the count goes in ${budget:-?} s"
    echo
    echo "\`puzzlebench count tenpair --engine compact --max-length L --threads $(meta_get "$dir/tenpair-push.meta" threads)\` at L = 100, 102, ... until a run did not finish within the budget (or, from the growth so far, would have taken 1.3 times the budget or more)."
    echo
    echo "| bound | status | wins | states expanded | peak memory | time |"
    echo "|---:|---|---:|---:|---:|---:|"
    awk -F ',' "$TP_AWK"'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { printf "| %s | %s | %s | %s | %s | %s |\n", $c["max_length"], $c["status"], big($c["wins"]), big($c["expanded"]), mem($c["peak_bytes"]), secs($c["wall_s"])
          if ($c["status"] == "done") best = $c["max_length"] }
        END { if (best != "") printf "\n- the longest bound counted completely within the budget: %s\n", best }' "$dir/tenpair-push.csv"
    echo
    meta_line "$dir/tenpair-push.meta" "$SHOW"
    echo
fi
