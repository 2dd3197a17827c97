#!/usr/bin/env bash
# plot.sh — plots puzzlebench result CSVs with awk + gnuplot (pngcairo).
#
# Usage:
#   scripts/plot.sh [RESULTS_DIR]          (default: results)
#       For every RESULTS_DIR/<family>.csv (not *-parallel.csv, not sudoku-*.csv,
#       not kakuro-*.csv nor tenpair-*.csv: scripts/kakuro-report.sh and
#       scripts/tenpair-report.sh plot those) writes
#         RESULTS_DIR/plots/<family>-steps.png    median steps vs cells, log y,
#                                                 panels mode=first | mode=count
#         RESULTS_DIR/plots/<family>-time.png     the same with median wall_s
#         RESULTS_DIR/plots/<family>-medians.tsv  the aggregated table behind them
#       for the sudoku sweeps RESULTS_DIR/sudoku-<size>.csv together (each row
#       one run over a whole file of puzzles; not -parallel, not -qqwing)
#         RESULTS_DIR/plots/sudoku-time.png       median µs per puzzle vs board
#                                                 size (log x and y), mode first
#         RESULTS_DIR/plots/sudoku-steps.png      the same with steps per puzzle
#         RESULTS_DIR/plots/sudoku-per-puzzle.tsv the per-puzzle table behind them
#       and for every RESULTS_DIR/<family>-parallel.csv (sudoku-parallel.csv too)
#         RESULTS_DIR/plots/<family>-speedup.png  speedup vs threads + ideal y=x
#         RESULTS_DIR/plots/<family>-speedup.tsv  the table behind it (also
#                                                 printed on stdout)
#   scripts/plot.sh --medians CSV          print the median table of CSV (TSV)
#   scripts/plot.sh --speedup CSV          print the speedup table of CSV (TSV)
#   scripts/plot.sh --per-puzzle CSV...    print the per-puzzle table of sudoku
#                                          sweep CSVs (TSV)
#       (the table modes need no gnuplot; report.sh uses them)
#
# Aggregation: only rows with status=done count; each (instance, engine, order,
# mode, threads) group gets the median over its done reps of steps, wall_s and
# solutions (mean of the two middle values for an even count). Groups without a
# done rep are "missing": not plotted. Columns are found by their header names.
# A CSV without usable rows is skipped with a message on stderr (its old PNGs
# are removed so that no stale plot survives). Sudoku: the same medians, of the
# per-puzzle values (sums / puzzles finished); see the per-puzzle table below.
set -euo pipefail

export LC_ALL=C
prog=${0##*/}
die() { printf '%s: %s\n' "$prog" "$*" >&2; exit 1; }
warn() { printf '%s: %s\n' "$prog" "$*" >&2; }

# ---------------------------------------------------------------------------
# Median table. Output (TSV, "#" header line, sorted by cells, instance, mode,
# engine, order, threads):
#  1 family 2 instance 3 cells 4 engine 5 order 6 mode 7 threads 8 label
#  9 runs 10 done 11 status 12 solutions 13 steps 14 steps_min 15 steps_max
# 16 wall_s 17 engine_rank 18 order_rank
# Values over done reps only; "-" where a group has no done rep. status is
# "done" (all reps done), "done k/n" (some), or the most frequent other status.
# With -v tlabel=1 and more than one thread count in the file, labels get "@Nt".
# ---------------------------------------------------------------------------
# The awk functions both table programs share: the header check, sort ranks and
# the median.
# shellcheck disable=SC2016  # awk program, not shell
RANKS_AWK='
# col[name] from the header row; exits 2 naming the first of `list` it lacks.
function read_header(list,    i, nn, need) {
    for (i = 1; i <= NF; i++) col[$i] = i
    nn = split(list, need, " ")
    for (i = 1; i <= nn; i++)
        if (!(need[i] in col)) {
            printf "%s: no column \"%s\" in the header\n", FILENAME, need[i] > "/dev/stderr"
            bad = 1; exit 2
        }
    hdr_seen = 1; hdr = $0
}
function erank(e) {
    if (e == "enum-perm") return 1; if (e == "enum-all") return 2
    if (e == "backtrack") return 3; if (e == "propagate") return 4
    if (e == "path-dp") return 5; if (e == "seed") return 6; if (e == "logic") return 7
    return 50
}
function orank(o) {
    if (o == "-" || o == "") return 0; if (o == "row") return 1
    if (o == "degree") return 2; if (o == "mrv") return 3; return 50
}
function mrank(m) { if (m == "first") return 1; if (m == "count") return 2; return 50 }
function median(s,    a, n, i, j, t) {
    n = split(s, a, " ")
    if (n == 0) return "-"
    for (i = 2; i <= n; i++) {
        t = a[i]; j = i - 1
        while (j >= 1 && a[j] + 0 > t + 0) { a[j + 1] = a[j]; j-- }
        a[j + 1] = t
    }
    if (n % 2) return a[(n + 1) / 2]
    if (a[n / 2] + 0 == a[n / 2 + 1] + 0) return a[n / 2]
    return (a[n / 2] + a[n / 2 + 1]) / 2
}
'

# shellcheck disable=SC2016  # awk program, not shell
AGG_AWK="$RANKS_AWK"'
BEGIN { FS = ","; OFS = "\t"; ng = 0; nthr = 0 }
{ sub(/\r$/, "") }
/^[ \t]*$/ { next }
!hdr_seen { read_header("family instance cells engine order mode threads status solutions steps wall_s"); next }
$0 == hdr { next }
{
    fam = $col["family"]; inst = $col["instance"]; cells = $col["cells"]
    eng = $col["engine"]; ord = $col["order"]; mode = $col["mode"]
    thr = $col["threads"]; st = $col["status"]
    if (ord == "") ord = "-"
    k = fam "\t" inst "\t" cells "\t" eng "\t" ord "\t" mode "\t" thr
    if (!(k in runs)) {
        keys[++ng] = k; runs[k] = 0; ndone[k] = 0
        F[k] = fam; IN[k] = inst; C[k] = cells; E[k] = eng; O[k] = ord; MO[k] = mode; T[k] = thr
    }
    if (!(thr in seen_thr)) { seen_thr[thr] = 1; nthr++ }
    runs[k]++
    if (st == "done") {
        ndone[k]++
        W[k] = W[k] " " $col["wall_s"]; S[k] = S[k] " " $col["steps"]
        SO[k] = SO[k] " " $col["solutions"]
        v = $col["steps"] + 0
        if (ndone[k] == 1 || v < smin[k]) smin[k] = v
        if (ndone[k] == 1 || v > smax[k]) smax[k] = v
    } else {
        if (!((k, st) in stc)) { stc[k, st] = 0; stl[k] = stl[k] " " st }
        stc[k, st]++
    }
}
END {
    if (bad) exit 2
    print "#cells", "instance", "mrank", "mode", "erank", "engine", "orank", "order", "threads", \
          "family", "instance", "cells", "engine", "order", "mode", "threads", "label", "runs", "done", \
          "status", "solutions", "steps", "steps_min", "steps_max", "wall_s", "engine_rank", "order_rank"
    for (g = 1; g <= ng; g++) {
        k = keys[g]
        label = (O[k] == "-") ? E[k] : E[k] "/" O[k]
        if (tlabel && nthr > 1) label = label "@" T[k] "t"
        if (ndone[k] == runs[k]) status = "done"
        else if (ndone[k] > 0) status = "done " ndone[k] "/" runs[k]
        else {
            n = split(stl[k], sl, " "); best = ""
            for (i = 1; i <= n; i++) if (best == "" || stc[k, sl[i]] > stc[k, best]) best = sl[i]
            status = best
        }
        if (ndone[k] > 0) { mi = smin[k]; ma = smax[k] } else { mi = "-"; ma = "-" }
        print C[k], IN[k], mrank(MO[k]), MO[k], erank(E[k]), E[k], orank(O[k]), O[k], T[k], \
              F[k], IN[k], C[k], E[k], O[k], MO[k], T[k], label, runs[k], ndone[k], status, \
              median(SO[k]), median(S[k]), mi, ma, median(W[k]), erank(E[k]), orank(O[k])
    }
}'

# medians CSV [tlabel] — the median table of one CSV on stdout.
medians() {
    local csv=$1 tl=${2:-0} out
    out=$(awk -v tlabel="$tl" "$AGG_AWK" "$csv") || return 1
    printf '%s\n' "$out" | sed -n '1s/^#[^\t]*\t[^\t]*\t[^\t]*\t[^\t]*\t[^\t]*\t[^\t]*\t[^\t]*\t[^\t]*\t[^\t]*\t/#/p'
    printf '%s\n' "$out" | sed 1d |
        sort -t "$(printf '\t')" -k1,1n -k2,2 -k3,3n -k4,4 -k5,5n -k6,6 -k7,7n -k8,8 -k9,9n |
        cut -f10-
}

# ---------------------------------------------------------------------------
# Speedup table from a median table. Per (instance, mode, engine, order) the
# base is the smallest thread count with a done median (normally 1 thread).
# Output (TSV, "#" header): 1 family 2 instance 3 mode 4 engine 5 order 6 label
# 7 threads 8 wall_s 9 speedup 10 steps 11 steps_equal 12 status
# steps_equal: "yes" when every done rep at T had the same steps as every done
# rep at the base thread count, "no" otherwise, "-" when not comparable.
# ---------------------------------------------------------------------------
# shellcheck disable=SC2016
SPEEDUP_AWK='
BEGIN { FS = OFS = "\t"; ng = 0 }
/^#/ { next }
{
    g = $1 "\t" $2 "\t" $6 "\t" $4 "\t" $5
    if (!(g in nt)) { groups[++ng] = g; nt[g] = 0; lab[g] = $8 }
    i = ++nt[g]; R[g, i] = $0
    if ($10 + 0 > 0 && $16 != "-" && (!(g in bt) || $7 + 0 < bt[g] + 0)) {
        bt[g] = $7; bw[g] = $16; bmin[g] = $14; bmax[g] = $15
    }
}
END {
    print "#family", "instance", "mode", "engine", "order", "label", "threads", "wall_s", "speedup", "steps", "steps_equal", "status"
    for (j = 1; j <= ng; j++) {
        g = groups[j]
        for (i = 1; i <= nt[g]; i++) {
            split(R[g, i], f, "\t")
            sp = "-"; eq = "-"
            if (f[10] + 0 > 0 && (g in bt)) {
                if (f[16] + 0 > 0) sp = sprintf("%.4f", bw[g] / f[16])
                eq = (bmin[g] == bmax[g] && f[14] == bmin[g] && f[15] == bmin[g]) ? "yes" : "no"
            }
            print f[1], f[2], f[6], f[4], f[5], lab[g], f[7], f[16], sp, f[13], eq, f[11]
        }
    }
}'

speedup() {
    local med
    med=$(medians "$1" 0) || return 1
    printf '%s\n' "$med" | awk "$SPEEDUP_AWK"
}

# ---------------------------------------------------------------------------
# Per-puzzle table of sudoku sweeps (sudoku-<size>.csv: each row is one run over
# a whole file of puzzles; steps, guesses, solutions and wall_s are sums over the
# puzzles finished, column "puzzles"). Per (file, instance, engine, order, mode,
# threads) group, over the done reps: the median of steps/puzzles,
# guesses/puzzles, wall_s/puzzles and solutions. Output (TSV, "#" header line,
# sorted by cells, file, instance in CSV order, mode, engine, order, threads):
#  1 file 2 instance 3 cells 4 engine 5 order 6 mode 7 threads 8 label 9 runs
# 10 done 11 status 12 puzzles 13 total 14 steps_pp 15 guesses_pp 16 us_pp
# 17 per_s 18 solutions 19 engine_rank 20 order_rank
# puzzles: median over done reps, else the most any rep finished; total: the
# most puzzles any done run of the instance finished in that file (the set's
# size), "-" when no run finished it. status as in the median table, but
# "limit"/"interrupted" groups keep that name. Values "-" where no rep is done.
# Without a "puzzles" column every row counts as one puzzle.
# ---------------------------------------------------------------------------
# shellcheck disable=SC2016
PP_AWK="$RANKS_AWK"'
BEGIN { FS = ","; OFS = "\t"; ng = 0; ni = 0 }
{ sub(/\r$/, "") }
/^[ \t]*$/ { next }
!hdr_seen { read_header("instance cells engine order mode threads status solutions steps wall_s"); next }
$0 == hdr { next }
{
    inst = $col["instance"]; ord = $col["order"]; if (ord == "") ord = "-"
    st = $col["status"]; thr = $col["threads"]
    np = ("puzzles" in col) ? $col["puzzles"] + 0 : 1
    if (!(inst in irank)) irank[inst] = ++ni
    k = inst "\t" $col["cells"] "\t" $col["engine"] "\t" ord "\t" $col["mode"] "\t" thr
    if (!(k in runs)) {
        keys[++ng] = k; runs[k] = 0; ndone[k] = 0; pmax[k] = 0
        IN[k] = inst; C[k] = $col["cells"]; E[k] = $col["engine"]; O[k] = ord; MO[k] = $col["mode"]; T[k] = thr
    }
    runs[k]++
    if (np > pmax[k]) pmax[k] = np
    if (st == "done") {
        ndone[k]++
        if (np > tot[inst]) tot[inst] = np
        P[k] = P[k] " " np; SO[k] = SO[k] " " $col["solutions"]
        if (np > 0) {
            S[k] = S[k] " " ($col["steps"] / np)
            W[k] = W[k] " " ($col["wall_s"] / np)
            if ("guesses" in col) G[k] = G[k] " " ($col["guesses"] / np)
        }
    } else {
        if (!((k, st) in stc)) { stc[k, st] = 0; stl[k] = stl[k] " " st }
        stc[k, st]++
    }
}
END {
    if (bad) exit 2
    print "#cells", "irank", "mrank", "erank", "engine", "orank", "order", "threads", \
          "file", "instance", "cells", "engine", "order", "mode", "threads", "label", "runs", "done", "status", \
          "puzzles", "total", "steps_pp", "guesses_pp", "us_pp", "per_s", "solutions", "engine_rank", "order_rank"
    for (g = 1; g <= ng; g++) {
        k = keys[g]
        label = (O[k] == "-") ? E[k] : E[k] "/" O[k]
        if (ndone[k] == runs[k]) status = "done"
        else if (ndone[k] > 0) status = "done " ndone[k] "/" runs[k]
        else {
            n = split(stl[k], sl, " "); best = ""
            for (i = 1; i <= n; i++) if (best == "" || stc[k, sl[i]] > stc[k, best]) best = sl[i]
            status = best
        }
        w = median(W[k]); us = (w == "-") ? "-" : sprintf("%.6g", w * 1e6)
        ps = (w == "-" || w + 0 <= 0) ? "-" : sprintf("%.6g", 1 / w)
        sp = median(S[k]); gp = median(G[k])
        print C[k], irank[IN[k]], mrank(MO[k]), erank(E[k]), E[k], orank(O[k]), O[k], T[k], \
              file, IN[k], C[k], E[k], O[k], MO[k], T[k], label, runs[k], ndone[k], status, \
              (ndone[k] ? median(P[k]) : pmax[k]), ((IN[k] in tot) ? tot[IN[k]] : "-"), \
              (sp == "-" ? "-" : sprintf("%.6g", sp)), (gp == "-" ? "-" : sprintf("%.6g", gp)), us, ps, \
              median(SO[k]), erank(E[k]), orank(O[k])
    }
}'

# per_puzzle CSV... — the per-puzzle table of sudoku sweep CSVs on stdout.
per_puzzle() {
    local csv out all='' first=1
    for csv in "$@"; do
        out=$(awk -v file="$(basename "$csv" .csv)" "$PP_AWK" "$csv") || return 1
        if [ "$first" = 1 ]; then
            printf '%s\n' "$out" | sed -n '1s/^#\([^\t]*\t\)\{8\}/#/p'
            first=0
        fi
        all=$all$(printf '%s\n' "$out" | sed 1d)$'\n'
    done
    printf '%s' "$all" | awk 'NF' |
        sort -t "$(printf '\t')" -k1,1n -k9,9 -k2,2n -k3,3n -k4,4n -k5,5 -k6,6n -k7,7 -k8,8n |
        cut -f9-
}

case "${1:-}" in
    --medians) [ $# -eq 2 ] || die "usage: $prog --medians CSV"
               [ -r "$2" ] || die "cannot read $2"
               medians "$2" 1; exit ;;
    --speedup) [ $# -eq 2 ] || die "usage: $prog --speedup CSV"
               [ -r "$2" ] || die "cannot read $2"
               speedup "$2"; exit ;;
    --per-puzzle) [ $# -ge 2 ] || die "usage: $prog --per-puzzle CSV..."
               shift
               for f in "$@"; do [ -r "$f" ] || die "cannot read $f"; done
               per_puzzle "$@"; exit ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    -*) die "unknown option $1 (usage: $prog [RESULTS_DIR])" ;;
esac
[ $# -le 1 ] || die "usage: $prog [RESULTS_DIR]"

dir=${1:-results}
[ -d "$dir" ] || die "results directory '$dir' does not exist"
command -v gnuplot >/dev/null 2>&1 || die "gnuplot not found in PATH (install gnuplot-nox)"

plots=$dir/plots
mkdir -p "$plots"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pbplot.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# gq STRING — STRING as a single-quoted gnuplot string.
gq() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/''/g")"; }

TERM_SET="set terminal pngcairo size 900,600 enhanced font 'Sans,11' linewidth 1.5"

# ---------------------------------------------------------------------------
# Series styles: one colour per engine, dash type / point type per order.
# Reads the median table; writes "label<TAB>colour<TAB>dt<TAB>pt" for every
# label with at least one done group, in engine/order rank order.
# ---------------------------------------------------------------------------
# shellcheck disable=SC2016
STYLE_AWK='
BEGIN {
    OFS = "\t"
    known["enum-perm"] = "#7f7f7f"; known["enum-all"] = "#8c564b"; known["backtrack"] = "#1f77b4"
    known["propagate"] = "#d62728"; known["path-dp"] = "#2ca02c"
    known["seed"] = "#ff7f0e"; known["logic"] = "#9467bd"
    nc = split("#9467bd #ff7f0e #17becf #e377c2 #bcbd22 #1b9e77 #7570b3 #e7298a", pal, " ")
    np = split("7 9 5 11 13 15 4 6", pts, " ")
}
{
    e = $1; o = $2
    if (!(e in ecol)) ecol[e] = (e in known) ? known[e] : pal[(ne++ % nc) + 1]
    if (!(o in oidx)) oidx[o] = (o == "-" || o == "row") ? 1 : (o == "degree") ? 2 : (o == "mrv") ? 3 : 4 + (no++)
    print $3, ecol[e], oidx[o], pts[((oidx[o] - 1) % np) + 1]
}'

# styles MEDIANS_TSV — style table for every label with at least one done group.
styles() {
    awk -F '\t' '!/^#/ && $10 + 0 > 0 { print $17 "\t" $4 "\t" $18 "\t" $5 "\t" $8 }' "$1" |
        sort -t "$(printf '\t')" -u -k1,1n -k2,2 -k3,3n -k4,4 -k5,5 |
        awk -F '\t' '{ print $2 "\t" $4 "\t" $5 }' | awk -F '\t' "$STYLE_AWK"
}

# plot_family FAMILY MEDIANS_TSV METRIC(steps|time) OUT.png
plot_family() {
    local fam=$1 med=$2 metric=$3 out=$4 col ylabel what
    if [ "$metric" = steps ]; then col=13; ylabel="steps (median over reps)"; what="steps"
    else col=16; ylabel="wall time [s] (median over reps)"; what="wall time"; fi
    styles "$med" >"$tmp/styles"

    # One data file per (mode, label): "cells value instance", sorted by cells
    # then instance (the table is already in that order). Values <= 0 cannot go
    # on a log axis and are dropped.
    awk -F '\t' -v col="$col" -v pre="$tmp/$metric" -v OFS='\t' '
        FNR == NR { idx[$1] = FNR; next }
        /^#/ { next }
        $10 + 0 > 0 && ($6 == "first" || $6 == "count") && $col != "-" && $col + 0 > 0 {
            f = pre "-" $6 "-" idx[$8] ".dat"
            print $3, $col, $2 > f
            n[$6, idx[$8]]++
        }
        END { for (k in n) { split(k, p, SUBSEP); print p[1], p[2], n[k] > (pre "-count.lst") } }
    ' "$tmp/styles" "$med"
    touch "$tmp/$metric-count.lst"

    local xr
    xr=$(awk -F '\t' '!/^#/ && $10 + 0 > 0 { c = $3 + 0; if (!s || c < lo) lo = c; if (!s || c > hi) hi = c; s = 1 }
                      END { if (s) printf "[%g:%g]", lo - 0.5, hi + 0.5; else print "[*:*]" }' "$med")

    {
        echo "$TERM_SET"
        echo "set output $(gq "$out")"
        echo "set multiplot title $(gq "$fam: $what vs cells (median over reps, status=done only)") font ',13' noenhanced"
        echo "set logscale y"
        echo "set format y '10^{%L}'"
        echo "set grid xtics ytics lc rgb '#dddddd' lw 1"
        echo "set xrange $xr"
        echo "set xtics out nomirror"
        awk -F '\t' '!/^#/ { c = $3 + 0; if (!s || c < lo) lo = c; if (!s || c > hi) hi = c; s = 1 }
                          END { if (s && hi - lo <= 16) print "set xtics 1" }' "$med"
        # Shared legend: a third, empty plot across the bottom holds the key,
        # so both panels keep the same size and colours match between them.
        local nlab rows keyh bm
        nlab=$(wc -l <"$tmp/styles")
        rows=$(( (nlab + 3) / 4 )); [ "$rows" -ge 1 ] || rows=1
        keyh=$(awk -v r="$rows" 'BEGIN { printf "%.3f", 0.035 * r + 0.015 }')
        bm=$(awk -v h="$keyh" 'BEGIN { printf "%.3f", h + 0.11 }')
        echo "set xlabel 'cells'"
        echo "unset key"
        echo "set tmargin at screen 0.89; set bmargin at screen $bm"
        local panel mode
        for panel in 1 2; do
            if [ $panel = 1 ]; then mode=first
                echo "set lmargin at screen 0.10; set rmargin at screen 0.48"
                echo "set ylabel $(gq "$ylabel")"
            else mode=count
                echo "set lmargin at screen 0.59; set rmargin at screen 0.97"
            fi
            echo "set title 'mode = $mode'"
            awk -F '\t' -v mode="$mode" -v pre="$tmp/$metric" '
                function q(s) { gsub(/\047/, "\047\047", s); return "\047" s "\047" }
                FNR == NR { has[$1, $2] = $3; next }
                (mode, FNR) in has {
                    cl[++n] = q(pre "-" mode "-" FNR ".dat") " using 1:2 with linespoints lc rgb " q($2) \
                              " dt " $3 " pt " $4 " ps 1.1 notitle"
                }
                END {
                    if (!n) {
                        print "set yrange [1:10]"
                        print "set label 99 \"no runs with status=done\" at graph 0.5, 0.5 center"
                        print "plot NaN notitle"
                        print "unset label 99"; print "set yrange [*:*]"
                        exit
                    }
                    printf "plot "
                    for (j = 1; j <= n; j++) printf "%s%s", cl[j], (j < n ? ", \\\n     " : "\n")
                }' "$tmp/$metric-count.lst" "$tmp/styles"
            echo "unset ylabel"
        done
        echo "unset title; unset xlabel; unset border; unset tics; unset grid; unset logscale"
        echo "set xrange [0:1]; set yrange [0:1]"
        echo "set lmargin at screen 0.02; set rmargin at screen 0.98"
        echo "set tmargin at screen $keyh; set bmargin at screen 0.005"
        echo "set key center center horizontal Left reverse maxcols 4 maxrows $rows font ',9' samplen 3 spacing 1.1 width 1"
        awk -F '\t' '
            function q(s) { gsub(/\047/, "\047\047", s); return "\047" s "\047" }
            { cl[++n] = "NaN with linespoints lc rgb " q($2) " dt " $3 " pt " $4 " ps 1.1 title " q($1) " noenhanced" }
            END {
                if (!n) { print "plot NaN notitle"; exit }
                printf "plot "
                for (j = 1; j <= n; j++) printf "%s%s", cl[j], (j < n ? ", \\\n     " : "\n")
            }' "$tmp/styles"
        echo "unset multiplot"
    } >"$tmp/$metric.gp"
    gnuplot "$tmp/$metric.gp" 2>"$tmp/gnuplot.err" || {
        cat "$tmp/gnuplot.err" >&2
        die "gnuplot failed on $out"
    }
    grep -v -i 'warning' "$tmp/gnuplot.err" >&2 || true
    rm -f "$tmp/$metric"-*.dat "$tmp/$metric-count.lst"
}

# plot_speedup FAMILY SPEEDUP_TSV OUT.png
plot_speedup() {
    local fam=$1 sp=$2 out=$3
    awk -F '\t' '!/^#/ && $9 != "-"' "$sp" >"$tmp/sp.ok"
    # Series: instance/mode are added to the label only when there are several;
    # then every series gets its own colour (the "engine" fed to STYLE_AWK is
    # the whole label) instead of its engine colour.
    awk -F '\t' -v pre="$tmp/sp" -v OFS='\t' '
        { im[$2 "\t" $3] = 1; R[++n] = $0 }
        END {
            nim = 0; for (k in im) nim++
            for (i = 1; i <= n; i++) {
                split(R[i], f, "\t")
                lab = f[6]; if (nim > 1) lab = lab " " f[2] " " f[3]
                if (!(lab in idx)) { idx[lab] = ++ns; print (nim > 1 ? lab : f[4]), f[5], lab > (pre ".series") }
                print f[7], f[9], f[8] > (pre "-" idx[lab] ".dat")
            }
            if (nim == 1) for (k in im) { split(k, p, "\t"); print p[1], p[2] > (pre ".im") }
        }' "$tmp/sp.ok"
    touch "$tmp/sp.im"
    local tmax title sub
    tmax=$(awk -F '\t' '{ if ($7 + 0 > m) m = $7 + 0 } END { print m + 0 }' "$tmp/sp.ok")
    sub=$(awk -F '\t' '{ printf " — instance %s, mode %s", $1, $2 }' "$tmp/sp.im")
    title="$fam: parallel speedup$sub (median wall time at base / at T threads)"
    # Styles: the engine colours and order dash types of the family plots.
    awk -F '\t' "$STYLE_AWK" "$tmp/sp.series" >"$tmp/sp.styles"
    {
        echo "$TERM_SET"
        echo "set output $(gq "$out")"
        echo "set title $(gq "$title") font ',12' noenhanced"
        echo "set grid lc rgb '#dddddd' lw 1"
        echo "set xlabel 'threads'"
        echo "set ylabel 'speedup'"
        echo "set xrange [0.9:$tmax * 1.05]"
        echo "set yrange [0:*]"
        awk -F '\t' '{ t[$7 + 0] = 1 } END { s = ""; for (k in t) s = s (s == "" ? "" : ", ") k; print "set xtics (" s ")" }' "$tmp/sp.ok"
        echo "set key top left Left reverse font ',9' samplen 3 spacing 1.1 box opaque"
        awk -F '\t' -v pre="$tmp/sp" '
            function q(s) { gsub(/\047/, "\047\047", s); return "\047" s "\047" }
            { cl[++n] = q(pre "-" NR ".dat") " using 1:2 with linespoints lc rgb " q($2) " dt " $3 " pt " $4 " ps 1.2 title " q($1) " noenhanced" }
            END {
                printf "plot x with lines lc rgb \047black\047 dt 2 lw 1 title \047ideal (y = x)\047"
                for (j = 1; j <= n; j++) printf ", \\\n     %s", cl[j]
                printf "\n"
            }' "$tmp/sp.styles"
    } >"$tmp/sp.gp"
    gnuplot "$tmp/sp.gp" 2>"$tmp/gnuplot.err" || {
        cat "$tmp/gnuplot.err" >&2
        die "gnuplot failed on $out"
    }
    grep -v -i 'warning' "$tmp/gnuplot.err" >&2 || true
    rm -f "$tmp"/sp*
}

# plot_sudoku PER_PUZZLE_TSV METRIC(time|steps) OUT.png — one line per
# engine/order, mode first, one search thread: the metric per puzzle vs board
# size (log x and y). Where a size has several sets (9x9), the line goes through
# the engine's best (minimum-median) set and an error bar spans its medians over
# every set of that size it finished. A size an engine did not finish breaks its
# line. The labels are dodged sideways (3% of x per label) so bars stay apart.
plot_sudoku() {
    local pp=$1 metric=$2 out=$3 col ylabel what
    if [ "$metric" = steps ]; then col=14; ylabel="steps per puzzle (median over reps)"; what="steps per puzzle"
    else col=16; ylabel="µs per puzzle (median over reps)"; what="time per puzzle"; fi
    # Styles (same colours as the family plots) for labels with a usable point.
    awk -F '\t' -v col="$col" '!/^#/ && $6 == "first" && $7 == 1 && $10 + 0 > 0 && $col != "-" && $col + 0 > 0 {
            print $19 "\t" $4 "\t" $20 "\t" $5 "\t" $8 }' "$pp" |
        sort -t "$(printf '\t')" -u -k1,1n -k2,2 -k3,3n -k4,4 -k5,5 |
        awk -F '\t' '{ print $2 "\t" $4 "\t" $5 }' | awk -F '\t' "$STYLE_AWK" >"$tmp/su.styles"
    # One data file per label: "cells best low high sets", one line per size in
    # increasing order, a blank line where the label has no point at a size
    # that others have (gnuplot then breaks the line).
    awk -F '\t' -v col="$col" -v pre="$tmp/su" -v OFS='\t' '
        FNR == NR { idx[$1] = FNR; nl = FNR; next }
        /^#/ { next }
        $6 == "first" && $7 == 1 && $10 + 0 > 0 && $col != "-" && $col + 0 > 0 && ($8 in idx) {
            c = $3 + 0; k = idx[$8] SUBSEP c; v = $col + 0
            if (!(c in hasc)) { hasc[c] = 1; cs[++nc] = c }
            if (!(k in lo) || v < lo[k]) lo[k] = v
            if (!(k in hi) || v > hi[k]) hi[k] = v
            ns[k]++
        }
        END {
            for (i = 2; i <= nc; i++) { x = cs[i]; for (j = i - 1; j >= 1 && cs[j] > x; j--) cs[j + 1] = cs[j]; cs[j + 1] = x }
            for (l = 1; l <= nl; l++) {
                f = pre "-" l ".dat"; printf "" > f
                for (i = 1; i <= nc; i++) {
                    k = l SUBSEP cs[i]
                    # Dodge: each label a little sideways, so that bars do not overlap.
                    if (k in lo) print cs[i] * exp(log(1.03) * (l - (nl + 1) / 2)), lo[k], lo[k], hi[k], ns[k] > f
                    else print "" > f
                }
                close(f)
            }
            t = ""
            for (i = 1; i <= nc; i++) {
                s = int(sqrt(cs[i]) + 0.5)
                t = t (t == "" ? "" : ", ") "\"" s "x" s "\\n" cs[i] " cells\" " cs[i]
            }
            print t > (pre ".xtics")
            if (nc) printf "[%g:%g]\n", cs[1] / 1.4, cs[nc] * 1.4 > (pre ".xr")
            else print "[*:*]" > (pre ".xr")
        }' "$tmp/su.styles" "$pp"
    {
        echo "$TERM_SET"
        echo "set output $(gq "$out")"
        # Two title lines (a double-quoted gnuplot string, for the "\n").
        printf 'set title "sudoku: %s vs board size (mode first, 1 thread)\\n9x9: the best set of each engine/order, the bar spans all its 9x9 sets" font %s noenhanced\n' "$what" "',11'"
        echo "set logscale xy"
        echo "set format y '10^{%L}'"
        echo "set grid xtics ytics lc rgb '#dddddd' lw 1"
        echo "set xrange $(cat "$tmp/su.xr")"
        echo "set xtics out nomirror ($(cat "$tmp/su.xtics"))"
        echo "set xlabel 'board size' offset 0,-0.8"
        echo "set bmargin 5"
        echo "set ylabel $(gq "$ylabel")"
        echo "set key outside right top Left reverse font ',9' samplen 3 spacing 1.1"
        echo "set bars 2"
        echo "set offsets 0, 0, graph 0.04, graph 0.04"
        awk -F '\t' -v pre="$tmp/su" '
            function q(s) { gsub(/\047/, "\047\047", s); return "\047" s "\047" }
            { cl[++n] = q(pre "-" NR ".dat") " using 1:2:3:4 with yerrorlines lc rgb " q($2) " dt " $3 " pt " $4 " ps 1.2 title " q($1) " noenhanced" }
            END {
                if (!n) {
                    print "set yrange [1:10]"
                    print "set label 99 \"no runs with status=done\" at graph 0.5, 0.5 center"
                    print "plot NaN notitle"
                    exit
                }
                printf "plot "
                for (j = 1; j <= n; j++) printf "%s%s", cl[j], (j < n ? ", \\\n     " : "\n")
            }' "$tmp/su.styles"
    } >"$tmp/su.gp"
    gnuplot "$tmp/su.gp" 2>"$tmp/gnuplot.err" || {
        cat "$tmp/gnuplot.err" >&2
        die "gnuplot failed on $out"
    }
    grep -v -i 'warning' "$tmp/gnuplot.err" >&2 || true
    rm -f "$tmp"/su*
}

# ---------------------------------------------------------------------------
nfam=0
for csv in "$dir"/*.csv; do
    [ -e "$csv" ] || continue
    case ${csv##*/} in *-parallel.csv) continue ;; sudoku-*.csv) continue ;; kakuro-*.csv) continue ;; tenpair-*.csv) continue ;; esac
    fam=$(basename "$csv" .csv)
    med=$plots/$fam-medians.tsv
    if ! medians "$csv" 1 >"$tmp/med"; then
        warn "$csv: cannot aggregate, skipped"
        rm -f "$plots/$fam-steps.png" "$plots/$fam-time.png" "$med"
        continue
    fi
    if ! awk -F '\t' '!/^#/ && $10 + 0 > 0 { ok = 1 } END { exit !ok }' "$tmp/med"; then
        warn "$csv: no rows with status=done, no plots for $fam"
        rm -f "$plots/$fam-steps.png" "$plots/$fam-time.png" "$med"
        continue
    fi
    cp "$tmp/med" "$med"
    plot_family "$fam" "$tmp/med" steps "$plots/$fam-steps.png"
    plot_family "$fam" "$tmp/med" time "$plots/$fam-time.png"
    echo "$prog: wrote $plots/$fam-steps.png $plots/$fam-time.png" >&2
    nfam=$((nfam + 1))
done

# Sudoku sweeps: sudoku-<size>.csv (not -parallel, -qqwing) together.
sudoku=()
for csv in "$dir"/sudoku-*.csv; do
    [ -e "$csv" ] || continue
    case ${csv##*/} in *-parallel.csv|sudoku-qqwing.csv) continue ;; esac
    sudoku+=("$csv")
done
if [ ${#sudoku[@]} -gt 0 ]; then
    spp=$plots/sudoku-per-puzzle.tsv
    if ! per_puzzle "${sudoku[@]}" >"$tmp/pp"; then
        warn "sudoku-*.csv: cannot aggregate, no sudoku plots"
        rm -f "$plots/sudoku-steps.png" "$plots/sudoku-time.png" "$spp"
    elif ! awk -F '\t' '!/^#/ && $10 + 0 > 0 && $6 == "first" && $7 == 1 { ok = 1 } END { exit !ok }' "$tmp/pp"; then
        warn "sudoku-*.csv: no mode=first run with status=done, no sudoku plots"
        rm -f "$plots/sudoku-steps.png" "$plots/sudoku-time.png" "$spp"
    else
        cp "$tmp/pp" "$spp"
        plot_sudoku "$spp" steps "$plots/sudoku-steps.png"
        plot_sudoku "$spp" time "$plots/sudoku-time.png"
        echo "$prog: wrote $plots/sudoku-steps.png $plots/sudoku-time.png" >&2
        nfam=$((nfam + 1))
    fi
fi

for csv in "$dir"/*-parallel.csv; do
    [ -e "$csv" ] || continue
    fam=$(basename "$csv" -parallel.csv)
    spt=$plots/$fam-speedup.tsv
    if ! speedup "$csv" >"$tmp/speedup"; then
        warn "$csv: cannot aggregate, skipped"
        rm -f "$plots/$fam-speedup.png" "$spt"
        continue
    fi
    if ! awk -F '\t' '!/^#/ && $9 != "-" { ok = 1 } END { exit !ok }' "$tmp/speedup"; then
        warn "$csv: no done runs to compute a speedup from, no speedup plot for $fam"
        rm -f "$plots/$fam-speedup.png" "$spt"
        continue
    fi
    cp "$tmp/speedup" "$spt"
    echo "== $fam speedup ($csv) =="
    column -t -s "$(printf '\t')" "$spt" 2>/dev/null || cat "$spt"
    plot_speedup "$fam" "$spt" "$plots/$fam-speedup.png"
    echo "$prog: wrote $plots/$fam-speedup.png" >&2
    nfam=$((nfam + 1))
done

# kakuro-*.csv and tenpair-*.csv are plotted by scripts/kakuro-report.sh and
# scripts/tenpair-report.sh (called by report.sh).
nkak=0
for csv in "$dir"/kakuro-*.csv "$dir"/tenpair-*.csv; do if [ -e "$csv" ]; then nkak=$((nkak + 1)); fi; done
[ "$nfam" -gt 0 ] || [ "$nkak" -gt 0 ] || warn "no usable *.csv in $dir, nothing plotted"
exit 0
