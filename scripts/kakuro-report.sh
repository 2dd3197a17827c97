#!/usr/bin/env bash
# kakuro-report.sh — the "## Kakuro" section of REPORT.md: prints its markdown on
# stdout and draws its plots into RESULTS_DIR/plots/ (awk + gnuplot pngcairo).
#
# Usage:
#   scripts/kakuro-report.sh [--no-plots] RESULTS_DIR
#
# scripts/report.sh calls it (when RESULTS_DIR has a kakuro-*.csv) and appends
# its output after the sudoku sections; it passes the environment table's .meta
# file in PB_PRIMARY_META (set, even if empty, means "called by report.sh"), so
# that the meta lines list what differs from it.
# Reads, from RESULTS_DIR (each may be missing or empty: its part is then one
# line saying so):
#   kakuro-gen-<method>.csv + .meta  one row per generated puzzle, from
#       scripts/kakuro-experiments.sh: combo-diff (ours), thesis-all-seed (the
#       seed's method), combo-all and thesis-diff (the two halves of the
#       difference), and any other kakuro-gen-*.csv after them;
#   kakuro-checkers.csv + .meta  the sweep data/sweeps/kakuro-checkers.sweep:
#       each row one run over a whole file of puzzles (column "puzzles");
#   plots/kakuro-example.svg and kakuro-example/ (the picture and its puzzle).
# Writes (gnuplot pngcairo; each drawn into a hidden temporary file in plots/
# and renamed when complete, so no half-written plot is ever left):
#   plots/kakuro-gen-time.png      median (solid), p90 (dashed), max (dotted)
#                                  time per puzzle vs grid side, log y, one colour
#                                  per difficulty, one panel per method
#   plots/kakuro-gen-attempts.png  median attempts per puzzle vs grid side, log
#                                  y, one panel per difficulty, a line per method
#   plots/kakuro-checkers.png      steps per puzzle per checker and instance
# With --no-plots it draws nothing and links the PNGs already there; without
# gnuplot it writes tables only, with a note. The parts:
#   generation time vs difficulty and size (a table per method), the seed's
#   figures beside the seed's method re-run here and ours, the checker/refill
#   ablation, the checkers on the same inputs (with the cell-order question),
#   and the picture. Every number and every conclusion is computed from the files.
# Statistics: per (method, size, difficulty) over all its puzzles; median =
# middle value (mean of the two middle values for an even count, as plot.sh);
# p90 = nearest rank, the ceil(0.9 n)-th smallest value. A puzzle that hit a
# limit counts with the time and attempts it used: a lower bound, marked ">=" in
# a cell where it decides the value. Checkers: medians over the done reps of
# each (instance, engine, order) group, divided by the puzzles of the run.
# Exit status 1, naming the file and column, when a CSV lacks a column it needs
# (checked before anything is printed or drawn).
set -euo pipefail

export LC_ALL=C
prog=${0##*/}
die() { printf '%s: %s\n' "$prog" "$*" >&2; exit 1; }
warn() { printf '%s: %s\n' "$prog" "$*" >&2; }
here=$(cd "$(dirname "$0")" && pwd)
[ -r "$here/report-lib.sh" ] || die "$here/report-lib.sh not found"
# shellcheck source=scripts/report-lib.sh
. "$here/report-lib.sh"

section_start kakuro "$@"
TAB=$(printf '\t')
SHOW="commit date cpu threads"

# ---------------------------------------------------------------------------
# Inputs. Generation files: the four known methods first, then any others.
# ---------------------------------------------------------------------------
KNOWN="combo-diff thesis-all-seed combo-all thesis-diff"
gens=()
for m in $KNOWN; do [ -e "$dir/kakuro-gen-$m.csv" ] && gens+=("$dir/kakuro-gen-$m.csv"); done
for f in "$dir"/kakuro-gen-*.csv; do
    [ -e "$f" ] || continue
    m=${f##*/kakuro-gen-}; m=${m%.csv}
    case " $KNOWN " in *" $m "*) continue ;; esac
    gens+=("$f")
done
chk=$dir/kakuro-checkers.csv

# Normalise every generation CSV into one TSV (columns found by header name):
#  1 method 2 rows 3 cols 4 level 5 status 6 wall_s 7 attempts 8 unique_share
#  9 target_share 10 checker 11 refill 12 seed_table
# awk exits 2 (message on stderr) on a missing column, 3 when there is no row.
GEN_NEED="rows cols level status attempts unique_share target_share checker refill seed_table wall_s"
# shellcheck disable=SC2016
NORM_AWK="$CSV_READ_AWK"'
{
    print method, $col["rows"] + 0, $col["cols"] + 0, $col["level"], $col["status"], $col["wall_s"] + 0, \
          $col["attempts"] + 0, $col["unique_share"], $col["target_share"], $col["checker"], $col["refill"], $col["seed_table"]
    n++
}
END { if (bad) exit 2; if (!n) exit 3 }'

: >"$tmp/gen.tsv"
methods=()        # methods with at least one puzzle, in report order
declare -A GENFILE=() GENNOTE=()
for f in ${gens[@]+"${gens[@]}"}; do
    m=${f##*/kakuro-gen-}; m=${m%.csv}
    rc=0
    awk -v method="$m" -v file="$f" -v need="$GEN_NEED" "$NORM_AWK" "$f" >>"$tmp/gen.tsv" 2>"$tmp/err" || rc=$?
    case $rc in
        0) methods+=("$m"); GENFILE[$m]=$f ;;
        3) GENNOTE[$m]="_\`${f##*/}\` has no puzzles: left out._" ;;
        *) die "$(head -n 1 "$tmp/err")" ;;
    esac
done

# The checker sweep, aggregated per (instance, engine, order, mode, threads):
#  1 irank 2 instance 3 cells 4 erank 5 engine 6 orank 7 order 8 mode 9 threads
# 10 label 11 runs 12 done 13 status 14 puzzles 15 total 16 steps_pp 17 us_pp
# 18 lb (1: steps_pp and us_pp are lower bounds from runs that hit a limit)
# puzzles: median over done reps, else the most a rep finished; total: the most
# puzzles any done run of the instance finished (the file's size), "-" if none.
CHK_NEED="instance cells engine order mode threads status steps wall_s puzzles"
# shellcheck disable=SC2016
CHK_AWK='
function median(s,    a, n, i, j, t) {
    n = split(s, a, " ")
    if (n == 0) return "-"
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > t + 0; j--) a[j + 1] = a[j]; a[j + 1] = t }
    if (n % 2) return a[(n + 1) / 2]
    if (a[n / 2] + 0 == a[n / 2 + 1] + 0) return a[n / 2]
    return (a[n / 2] + a[n / 2 + 1]) / 2
}
# g10(x): x as text with 10 significant digits (awk would keep only 6).
function g10(x) { return sprintf("%.10g", x) }
function erank(e) { return (e == "thesis") ? 1 : (e == "backtrack") ? 2 : (e == "propagate") ? 3 : (e == "combo") ? 4 : 50 }
function orank(o) { return (o == "-" || o == "row") ? 1 : (o == "degree") ? 2 : (o == "mrv") ? 3 : 50 }
'"$CSV_READ_AWK"'
{
    inst = $col["instance"]; ord = $col["order"]; if (ord == "") ord = "-"
    np = $col["puzzles"] + 0; st = $col["status"]
    if (!(inst in irank)) irank[inst] = ++ni
    k = inst SUBSEP $col["engine"] SUBSEP ord SUBSEP $col["mode"] SUBSEP $col["threads"]
    if (!(k in runs)) {
        K[++ng] = k; runs[k] = 0; nd0[k] = 0; pmax[k] = 0
        IN[k] = inst; C[k] = $col["cells"]; E[k] = $col["engine"]; O[k] = ord; MO[k] = $col["mode"]; T[k] = $col["threads"]
        if (!($col["mode"] in smode)) { smode[$col["mode"]] = 1; nmode++ }
        if (!($col["threads"] in sthr)) { sthr[$col["threads"]] = 1; nthr++ }
    }
    runs[k]++
    if (st == "done" && np > 0) {
        nd0[k]++; if (np > tot[inst]) tot[inst] = np
        P[k] = P[k] " " np; S[k] = S[k] " " g10($col["steps"] / np); W[k] = W[k] " " g10($col["wall_s"] * 1e6 / np)
    } else {
        if (np > pmax[k]) pmax[k] = np
        NS[k] = NS[k] " " g10($col["steps"]); NW[k] = NW[k] " " g10($col["wall_s"] * 1e6)
        if (!((k, st) in stc)) { stc[k, st] = 0; stl[k] = stl[k] " " st }
        stc[k, st]++
    }
    nrows++
}
END {
    if (bad) exit 2
    if (!nrows) exit 3
    for (g = 1; g <= ng; g++) {
        k = K[g]
        label = (O[k] == "-") ? E[k] : E[k] "/" O[k]
        if (nmode > 1) label = label " (" MO[k] ")"
        if (nthr > 1) label = label "@" T[k] "t"
        if (nd0[k]) {
            status = (nd0[k] == runs[k]) ? "done" : "done " nd0[k] "/" runs[k]
            sp = median(S[k]); us = median(W[k]); lb = 0; pz = median(P[k])
        } else {
            n = split(stl[k], sl, " "); best = ""
            for (i = 1; i <= n; i++) if (best == "" || stc[k, sl[i]] > stc[k, best]) best = sl[i]
            status = best; pz = pmax[k]
            if (IN[k] in tot) { sp = g10(median(NS[k]) / tot[IN[k]]); us = g10(median(NW[k]) / tot[IN[k]]); lb = 1 }
            else { sp = "-"; us = "-"; lb = "-" }
        }
        print irank[IN[k]], IN[k], C[k], erank(E[k]), E[k], orank(O[k]), O[k], MO[k], T[k], label, runs[k], nd0[k], \
              status, pz, ((IN[k] in tot) ? tot[IN[k]] : "-"), sp, us, lb
    }
}'
chk_state=missing
if [ -e "$chk" ]; then
    rc=0
    awk -v file="$chk" -v need="$CHK_NEED" "$CHK_AWK" "$chk" >"$tmp/chk.unsorted" 2>"$tmp/err" || rc=$?
    case $rc in
        0) chk_state=ok
           sort -t "$TAB" -k1,1n -k4,4n -k5,5 -k6,6n -k7,7 -k8,8 -k9,9n "$tmp/chk.unsorted" >"$tmp/chk.tsv" ;;
        3) chk_state=empty ;;
        *) die "$(head -n 1 "$tmp/err")" ;;
    esac
fi

# ---------------------------------------------------------------------------
# Statistics (awk): order statistics that know which values are lower bounds.
# ---------------------------------------------------------------------------
# shellcheck disable=SC2016
STATS_AWK='
# sortvd(v, d, n): sorts v[1..n] ascending, d[] (1 = exact, 0 = a lower bound)
# along; sets LB to the first position of a lower bound (n + 1 if none).
function sortvd(v, d, n,    i, j, tv, td) {
    for (i = 2; i <= n; i++) {
        tv = v[i]; td = d[i]
        for (j = i - 1; j >= 1 && v[j] + 0 > tv + 0; j--) { v[j + 1] = v[j]; d[j + 1] = d[j] }
        v[j + 1] = tv; d[j + 1] = td
    }
    LB = n + 1
    for (i = 1; i <= n; i++) if (!d[i]) { LB = i; break }
}
# nearest rank of the p-th percentile (p in percent): ceil(p n / 100)
function nrank(p, n,    r) { r = int((p * n + 99) / 100); return (r < 1) ? 1 : r }
function qmed(v, n) { return (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }
# Is the median / p-th percentile / maximum only a lower bound?
function qmedlb(n) { return (n % 2) ? (LB <= (n + 1) / 2) : (LB <= n / 2 + 1) }
function qplb(p, n) { return LB <= nrank(p, n) }
function ge(lb) { return lb ? "≥ " : "" }
function lrank(l) { return (l == "easy") ? 1 : (l == "medium") ? 2 : (l == "hard") ? 3 : 9 }
function mrank(m) { return (m == "combo-diff") ? 1 : (m == "thesis-all-seed") ? 2 : (m == "combo-all") ? 3 : (m == "thesis-diff") ? 4 : 9 }
function pc(k, n) { return (n > 0) ? sprintf("%.0f%%", 100 * k / n) : "-" }
# ms(x): a time given in ms, three significant digits, in s from 1 s up.
function ms(x) {
    x += 0
    if (x >= 10000) return sprintf("%.1f s", x / 1000)
    if (x >= 1000) return sprintf("%.2f s", x / 1000)
    if (x >= 100) return sprintf("%.0f ms", x)
    if (x >= 10) return sprintf("%.1f ms", x)
    if (x >= 1) return sprintf("%.2f ms", x)
    return sprintf("%.3g ms", x)
}
# cnt(x): a count or a median of counts (".5" for an even count).
function cnt(x) { x += 0; return (x == int(x)) ? sprintf("%.0f", x) : sprintf("%.1f", x) }
# rx(a, b): a / b as "12.3x"; under 0.1 as "1/N" (1/27 = 0.037x).
function rx(a, b,    r) {
    if (a == "-" || b == "-" || a == "" || b == "" || b + 0 <= 0) return "n/a"
    r = a / b
    if (r > 0 && r < 0.1) return sprintf("1/%.0f", 1 / r)
    return (r >= 100) ? sprintf("%.0fx", r) : (r >= 10) ? sprintf("%.1fx", r) : sprintf("%.2fx", r)
}
'

# Per (method, size, level) cell (gen.tsv -> cells.tsv), sorted for the tables:
#  1 method 2 mrank 3 rows 4 cols 5 lrank 6 level 7 n 8 done 9 limit 10 failed
# 11 med_ms 12 lb 13 p90_ms 14 lb 15 max_ms 16 lb 17 med_att 18 lb 19 p90_att
# 20 lb 21 mean_share (done puzzles; "-" if none) 22 target 23 under_1s (done
# puzzles under 1 s) 24 over_10s (any puzzle over 10 s)
awk -F '\t' -v OFS='\t' "$AWK_NUM$STATS_AWK"'
    {
        k = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4
        if (!(k in n)) { K[++nk] = k; n[k] = 0; nd[k] = 0; nl[k] = 0; nf[k] = 0; u1[k] = 0; o10[k] = 0; sh[k] = 0 }
        n[k]++; d = ($5 == "done")
        W[k] = W[k] " " sprintf("%.10g", $6 * 1000); A[k] = A[k] " " $7; D[k] = D[k] " " d
        if (d) { nd[k]++; sh[k] += $8; if ($6 + 0 < 1) u1[k]++ }
        else if ($5 == "limit") nl[k]++
        else nf[k]++
        if ($6 + 0 > 10) o10[k]++
        tg[k] = $9
    }
    END {
        for (i = 1; i <= nk; i++) {
            k = K[i]; split(k, f, SUBSEP)
            m = split(W[k], v, " "); split(D[k], dv, " "); sortvd(v, dv, m)
            t1 = sprintf("%.10g", qmed(v, m)); t1b = qmedlb(m); t2 = v[nrank(90, m)]; t2b = qplb(90, m); t3 = v[m]; t3b = (LB <= m)
            split(A[k], v, " "); split(D[k], dv, " "); sortvd(v, dv, m)
            a1 = sprintf("%.10g", qmed(v, m)); a1b = qmedlb(m); a2 = v[nrank(90, m)]; a2b = qplb(90, m)
            print f[1], mrank(f[1]), f[2], f[3], lrank(f[4]), f[4], m, nd[k], nl[k], nf[k], \
                  t1, t1b, t2, t2b, t3, t3b, a1, a1b, a2, a2b, (nd[k] ? sprintf("%.10g", sh[k] / nd[k]) : "-"), tg[k], u1[k], o10[k]
        }
    }' "$tmp/gen.tsv" | sort -t "$TAB" -k2,2n -k1,1 -k3,3n -k4,4n -k5,5n -k6,6 >"$tmp/cells.tsv"

# ---------------------------------------------------------------------------
# Plots
# ---------------------------------------------------------------------------

lcolour() { case $1 in easy) echo "#2ca02c" ;; medium) echo "#ff7f0e" ;; *) echo "#d62728" ;; esac; }
# method style: colour dash-type point-type
mstyle() {
    case $1 in
        combo-diff) echo "#1f77b4 1 7" ;; thesis-all-seed) echo "#9467bd 1 5" ;;
        combo-all) echo "#17becf 2 9" ;; thesis-diff) echo "#8c564b 2 11" ;;
        *) echo "#7f7f7f 4 13" ;;
    esac
}
# mdesc METHOD — "checker X, refill Y" from its records.
mdesc() {
    awk -F '\t' -v m="$1" '$1 == m { print "checker " $10 ", refill " $11; exit }' "$tmp/gen.tsv"
}
mtitle() {
    case $1 in
        combo-diff) echo "combo-diff (ours)" ;; thesis-all-seed) echo "thesis-all-seed (the seed's method)" ;;
        combo-all) echo "combo-all (checker half)" ;; thesis-diff) echo "thesis-diff (refill half)" ;;
        *) echo "$1" ;;
    esac
}

# Common x range and tics of the generation plots: grid sides present.
gen_xaxis() {
    awk -F '\t' '{ s = $3 + 0; if (!n || s < lo) lo = s; if (!n || s > hi) hi = s; n = 1 }
        END {
            if (!n) { print "set xrange [*:*]"; exit }
            printf "set xrange [%g:%g]\n", lo - 1, hi + 1
            st = (hi - lo > 12) ? 5 : 1
            printf "set xtics %d out nomirror\nset mxtics %d\n", st, st
        }' "$tmp/cells.tsv"
}

# plot_gen_time — kakuro-gen-time.png: one panel per method (at most 4).
plot_gen_time() {
    local pm=("$@") np i m lv col rowsn colsn w h yr
    np=${#pm[@]}
    [ "$np" -le 4 ] || np=4
    if [ "$np" -eq 1 ]; then rowsn=1; colsn=1; w=900; h=640
    elif [ "$np" -eq 2 ]; then rowsn=1; colsn=2; w=1300; h=640
    else rowsn=2; colsn=2; w=1300; h=1000; fi
    for ((i = 0; i < np; i++)); do
        m=${pm[$i]}
        for lv in easy medium hard; do
            awk -F '\t' -v m="$m" -v l="$lv" -v OFS='\t' '$1 == m && $6 == l { print $3, $11, $13, $15 }' \
                "$tmp/cells.tsv" >"$tmp/gt-$i-$lv.dat"
        done
    done
    # y range (ms) shared by the panels: always reaching 10 s, the seed's marks.
    yr=$(awk -F '\t' '{ for (c = 11; c <= 15; c += 2) if ($c + 0 > 0) { v = $c + 0; if (!n || v < lo) lo = v; if (!n || v > hi) hi = v; n = 1 } }
        END { if (!n) { lo = 0.01; hi = 1 } if (hi < 10000) hi = 10000; printf "[%g:%g]", lo / 2, hi * 3 }' "$tmp/cells.tsv")
    {
        echo "set terminal pngcairo size $w,$h $TERM_FONT"
        echo "set output OUT"
        local per
        per=$(awk -F '\t' '{ if (!s || $7 < lo) lo = $7; if (!s || $7 > hi) hi = $7; s = 1 } END { print (lo == hi) ? lo : lo "-" hi }' "$tmp/cells.tsv")
        echo "set multiplot title 'kakuro: generation time per puzzle vs grid side (one core; $per puzzles per point, limit hits counted at the time they ran)' font ',13' noenhanced"
        echo "set logscale y"
        echo "set format y '10^{%L}'"
        echo "set yrange $yr"
        gen_xaxis
        echo "set grid xtics ytics lc rgb '#dddddd' lw 1"
        echo "set xlabel 'grid side (rows = columns, clue row included)'"
        echo "set ylabel 'time per puzzle [ms]'"
        echo "unset key"
        # The seed's marks: 1 s and 10 s.
        echo "set arrow 1 from graph 0, first 1000 to graph 1, first 1000 nohead lc rgb '#888888' dt 1 lw 0.7 back"
        echo "set arrow 2 from graph 0, first 10000 to graph 1, first 10000 nohead lc rgb '#888888' dt 1 lw 0.7 back"
        echo "set label 1 '1 s' at graph 0.01, first 1000 offset 0,0.6 font ',9' tc rgb '#555555'"
        echo "set label 2 '10 s' at graph 0.01, first 10000 offset 0,0.6 font ',9' tc rgb '#555555'"
        local keyh=0.05 top=0.93
        for ((i = 0; i < np; i++)); do
            m=${pm[$i]}
            awk -v i="$i" -v R="$rowsn" -v C="$colsn" -v kh="$keyh" -v top="$top" 'BEGIN {
                r = int(i / C); c = i % C; pw = 0.98 / C; ph = (top - kh - 0.01) / R
                printf "set lmargin at screen %.3f; set rmargin at screen %.3f\n", 0.01 + c * pw + 0.075, 0.01 + (c + 1) * pw - 0.015
                printf "set tmargin at screen %.3f; set bmargin at screen %.3f\n", top - r * ph - 0.035, top - (r + 1) * ph + 0.075
            }'
            echo "set title $(gq "$(mtitle "$m"): $(mdesc "$m")") noenhanced"
            printf 'plot '
            local first=1
            for lv in easy medium hard; do
                col=$(lcolour "$lv")
                [ -s "$tmp/gt-$i-$lv.dat" ] || continue
                [ "$first" = 1 ] || printf ', \\\n     '
                first=0
                printf "%s using 1:(\$2 > 0 ? \$2 : NaN) with linespoints lc rgb '%s' dt 1 lw 1.6 pt 7 ps 0.8 notitle, \\\\\n" "$(gq "$tmp/gt-$i-$lv.dat")" "$col"
                printf "     %s using 1:(\$3 > 0 ? \$3 : NaN) with linespoints lc rgb '%s' dt (10,6) lw 1.1 pt 6 ps 0.6 notitle, \\\\\n" "$(gq "$tmp/gt-$i-$lv.dat")" "$col"
                printf "     %s using 1:(\$4 > 0 ? \$4 : NaN) with lines lc rgb '%s' dt (2,5) lw 1.4 notitle" "$(gq "$tmp/gt-$i-$lv.dat")" "$col"
            done
            [ "$first" = 0 ] || printf "NaN notitle"
            printf '\n'
        done
        # Shared legend strip at the bottom.
        echo "unset title; unset xlabel; unset ylabel; unset border; unset tics; unset grid; unset logscale; unset arrow; unset label"
        echo "set xrange [0:1]; set yrange [0:1]"
        echo "set lmargin at screen 0.02; set rmargin at screen 0.98; set tmargin at screen $keyh; set bmargin at screen 0.003"
        echo "set key center center horizontal Left reverse maxcols 4 font ',10' samplen 3 width 2"
        # Two rows: the key fills column by column.
        printf "plot NaN with linespoints lc rgb '#2ca02c' dt 1 lw 1.6 pt 7 title 'easy', NaN with linespoints lc rgb 'black' dt 1 lw 1.6 pt 7 title 'median', "
        printf "NaN with linespoints lc rgb '#ff7f0e' dt 1 lw 1.6 pt 7 title 'medium', NaN with linespoints lc rgb 'black' dt (10,6) lw 1.1 pt 6 title 'p90 (nearest rank)', "
        printf "NaN with linespoints lc rgb '#d62728' dt 1 lw 1.6 pt 7 title 'hard', NaN with lines lc rgb 'black' dt (2,5) lw 1.4 title 'max', "
        printf "NaN with lines lc rgb '#888888' dt 1 lw 0.7 title 'the seed''s marks: 1 s, 10 s'\n"
        echo "unset multiplot"
    } >"$tmp/gt.gp"
    run_gnuplot "$tmp/gt.gp" kakuro-gen-time.png
}

# plot_gen_attempts METHOD... — kakuro-gen-attempts.png: a panel per level.
plot_gen_attempts() {
    local pm=("$@") m lv i=0 c dt pt first yr
    yr=$(awk -F '\t' '$17 + 0 > 0 { v = $17 + 0; if (!n || v < lo) lo = v; if (!n || v > hi) hi = v; n = 1 }
        END { if (!n) { lo = 1; hi = 10 } printf "[%g:%g]", (lo / 2 < 0.5 ? lo / 2 : 0.5), hi * 3 }' "$tmp/cells.tsv")
    {
        echo "set terminal pngcairo size 1500,560 $TERM_FONT"
        echo "set output OUT"
        echo "set multiplot title 'kakuro: median filled candidates checked (attempts) per puzzle vs grid side' font ',13' noenhanced"
        echo "set logscale y"
        echo "set format y '10^{%L}'"
        echo "set yrange $yr"
        gen_xaxis
        echo "set grid xtics ytics lc rgb '#dddddd' lw 1"
        echo "set xlabel 'grid side'"
        echo "unset key"
        for lv in easy medium hard; do
            awk -v i="$i" 'BEGIN { pw = 0.98 / 3
                printf "set lmargin at screen %.3f; set rmargin at screen %.3f\n", 0.01 + i * pw + 0.055, 0.01 + (i + 1) * pw - 0.01
                print "set tmargin at screen 0.86; set bmargin at screen 0.22" }'
            if [ "$i" = 0 ]; then echo "set ylabel 'attempts per puzzle (median)'"; else echo "unset ylabel"; fi
            echo "set title 'difficulty $lv'"
            printf 'plot '
            first=1
            for m in "${pm[@]}"; do
                awk -F '\t' -v m="$m" -v l="$lv" -v OFS='\t' '$1 == m && $6 == l { print $3, $17 }' "$tmp/cells.tsv" >"$tmp/ga-$m-$lv.dat"
                [ -s "$tmp/ga-$m-$lv.dat" ] || continue
                read -r c dt pt <<<"$(mstyle "$m")"
                [ "$first" = 1 ] || printf ', \\\n     '
                first=0
                printf "%s using 1:(\$2 > 0 ? \$2 : NaN) with linespoints lc rgb '%s' dt %s pt %s ps 0.9 lw 1.5 notitle" "$(gq "$tmp/ga-$m-$lv.dat")" "$c" "$dt" "$pt"
            done
            [ "$first" = 0 ] || printf "NaN notitle"
            printf '\n'
            i=$((i + 1))
        done
        echo "unset title; unset xlabel; unset ylabel; unset border; unset tics; unset grid; unset logscale"
        echo "set xrange [0:1]; set yrange [0:1]"
        echo "set lmargin at screen 0.02; set rmargin at screen 0.98; set tmargin at screen 0.09; set bmargin at screen 0.003"
        echo "set key center center horizontal Left reverse maxrows 1 font ',10' samplen 3 width 2"
        printf 'plot '
        first=1
        for m in "${pm[@]}"; do
            read -r c dt pt <<<"$(mstyle "$m")"
            [ "$first" = 1 ] || printf ', '
            first=0
            printf "NaN with linespoints lc rgb '%s' dt %s pt %s lw 1.5 title %s noenhanced" "$c" "$dt" "$pt" "$(gq "$(mtitle "$m")")"
        done
        printf '\n'
        echo "unset multiplot"
    } >"$tmp/ga.gp"
    run_gnuplot "$tmp/ga.gp" kakuro-gen-attempts.png
}

# plot_checkers — kakuro-checkers.png: steps per puzzle, a point per
# engine/order and instance; open symbols for lower bounds (limit hit).
plot_checkers() {
    awk -F '\t' '$16 != "-" { print $4 "\t" $6 "\t" $5 "\t" $7 "\t" $10 }' "$tmp/chk.tsv" |
        sort -t "$TAB" -u -k1,1n -k3,3 -k2,2n -k4,4 -k5,5 | cut -f3- >"$tmp/ck.series"
    awk -F '\t' -v pre="$tmp/ck" -v OFS='\t' '
        FNR == NR { idx[$3] = FNR; ns = FNR; next }
        !($2 in ii) { ii[$2] = ++ni; name[ni] = $2 }
        $16 != "-" && ($10 in idx) && $16 + 0 > 0 {
            s = idx[$10]; x = ii[$2] - 1 + (s - (ns + 1) / 2) * 0.085
            print x, $16, $18 > (pre "-" s ".dat")
        }
        END {
            t = ""
            for (i = 1; i <= ni; i++) t = t (t == "" ? "" : ", ") "\"" name[i] "\" " (i - 1)
            print t > (pre ".xtics")
            printf "[-0.6:%g]\n", ni - 0.4 > (pre ".xr")
        }' "$tmp/ck.series" "$tmp/chk.tsv"
    {
        echo "set terminal pngcairo size 1300,700 $TERM_FONT"
        echo "set output OUT"
        local modes
        modes=$(cut -f8 "$tmp/chk.tsv" | sort -u | awk '{ s = s (s == "" ? "" : ", ") $0 (($0 == "unique") ? ": stop at the second solution" : "") } END { print s }')
        echo "set title $(gq "kakuro checkers on the same inputs: steps per puzzle (median over done reps; mode $modes)") font ',12' noenhanced"
        echo "set logscale y"
        echo "set format y '10^{%L}'"
        echo "set grid ytics lc rgb '#dddddd' lw 1"
        echo "set xrange $(cat "$tmp/ck.xr")"
        awk -F '\t' '$16 != "-" && $16 + 0 > 0 { v = $16 + 0; if (!n || v < lo) lo = v; if (!n || v > hi) hi = v; n = 1 }
            END { if (n) printf "set yrange [%g:%g]\n", 10 ^ int(log(lo) / log(10) - (lo < 1)), 10 ^ (int(log(hi) / log(10)) + 1) }' "$tmp/chk.tsv"
        echo "set xtics out nomirror rotate by 30 right font ',10' ($(cat "$tmp/ck.xtics")) noenhanced"
        echo "set ylabel 'steps per puzzle'"
        echo "set bmargin 8"
        awk -F '\t' '!($2 in s) { s[$2] = 1; n++ } END { for (i = 1; i < n; i++) printf "set arrow from %g, graph 0 to %g, graph 1 nohead lc rgb \"#cccccc\" lw 0.8 back\n", i - 0.5, i - 0.5 }' "$tmp/chk.tsv"
        echo "set offsets 0, 0, graph 0.05, graph 0.05"
        echo "set key outside right top Left reverse font ',10' samplen 1.5 spacing 1.3"
        awk -F '\t' -v pre="$tmp/ck" '
            function q(s) { gsub(/\047/, "\047\047", s); return "\047" s "\047" }
            function ecol(e) { return (e == "thesis") ? "#ff7f0e" : (e == "backtrack") ? "#1f77b4" : (e == "propagate") ? "#d62728" : (e == "combo") ? "#2ca02c" : "#7f7f7f" }
            function opt(o) { return (o == "-" || o == "row") ? 7 : (o == "degree") ? 5 : (o == "mrv") ? 9 : 13 }
            {
                f = pre "-" NR ".dat"
                if ((getline l < f) <= 0) next
                close(f)
                c = ecol($1); p = opt($2)
                cl[++n] = q(f) " using 1:($3 == 0 ? $2 : NaN) with points lc rgb " q(c) " pt " p " ps 1.5 title " q($3) " noenhanced"
                cl[++n] = q(f) " using 1:($3 == 1 ? $2 : NaN) with points lc rgb " q(c) " pt " (p - 1) " ps 1.5 notitle"
            }
            END {
                cl[++n] = "NaN with points lc rgb \047black\047 pt 6 ps 1.5 title \"open: lower bound\\n(the run hit its limit)\""
                printf "plot "
                for (j = 1; j <= n; j++) printf "%s%s", cl[j], (j < n ? ", \\\n     " : "\n")
            }' "$tmp/ck.series"
    } >"$tmp/ck.gp"
    run_gnuplot "$tmp/ck.gp" kakuro-checkers.png
}

# ---------------------------------------------------------------------------
# Markdown
# ---------------------------------------------------------------------------
# meta_short FILE — "`FILE`: `commit=…`, `date=…`, `cpu=…`, `threads=…`."
meta_short() {
    if [ ! -r "$1" ]; then echo "_(no ${1##*/})_"; return; fi
    local k s=""
    for k in $SHOW; do s="$s${s:+, }\`$k=$(meta_get "$1" "$k" | tr '`|' "'/")\`"; done
    echo "\`${1##*/}\`: $s."
}
# time_limit METHOD — the --time-limit of its generation command, or nothing.
time_limit() {
    meta_get "$dir/kakuro-gen-$1.meta" command | sed -n 's/.*--time-limit[ =]\([0-9.][0-9.]*\).*/\1/p'
}

echo
echo "## Kakuro"
echo
if [ -z "${PB_PRIMARY_META+x}" ]; then  # run alone, not from report.sh
    echo "From \`$(md "$dir")\`, written $(date -u +%Y-%m-%dT%H:%M:%SZ) by \`scripts/kakuro-report.sh\`; the machine and commit of each file are in the line after its part."
    echo
fi
if [ "$plotmode" = none ]; then
    echo "_gnuplot was not found: tables only, no plots._"
    echo
fi

# --- (a) generation time vs difficulty x size --------------------------------
echo "### Generation time vs difficulty and size"
echo
for m in $KNOWN; do
    [ ${#gens[@]} -gt 0 ] || break
    if [ -z "${GENFILE[$m]:-}" ] && [ -z "${GENNOTE[$m]:-}" ]; then
        echo "_No \`kakuro-gen-$m.csv\`: $(mtitle "$m") left out._"
        echo
    fi
done
for m in "${!GENNOTE[@]}"; do echo "${GENNOTE[$m]}"; echo; done
if [ ${#methods[@]} -eq 0 ]; then
    echo "_No generation records (\`kakuro-gen-*.csv\`): nothing to show here._"
    echo
    drop kakuro-gen-time.png kakuro-gen-attempts.png
else
    echo "One row per generated puzzle (\`puzzlebench generate kakuro --stats\`), made on one thread, so wall_s is one core's time. *Attempts* = filled candidates checked for uniqueness until one was unique. Per method, size and difficulty over all its puzzles: median (the middle value; the mean of the two middle values for an even count), p90 by nearest rank (the ⌈0.9·n⌉-th smallest) and the maximum. A puzzle that hit the time limit (status \`limit\`) counts with the time and attempts it used — a lower bound, shown as \`≥\` where it decides the value. Unique share: the achieved share of runs whose clue is a unique sum, mean over the done puzzles (the target in brackets). Under 1 s: done in under 1 s; over 10 s: ran over 10 s. Sizes are whole grids, the clue row and column included."
    echo
    if [ "$plotmode" = draw ]; then
        plot_gen_time "${methods[@]}" || true
        plot_gen_attempts "${methods[@]}" || true
    fi
    image kakuro-gen-time.png "kakuro generation time vs grid side"
    image kakuro-gen-attempts.png "kakuro attempts per puzzle vs grid side"
    for m in "${methods[@]}"; do
        echo "#### $(mtitle "$m")"
        echo
        awk -F '\t' -v m="$m" -v f="kakuro-gen-$m.csv" '
            function uniq(list, x) { return (index(" " list " ", " " x " ")) ? list : list (list == "" ? "" : " ") x }
            function join(s) { gsub(/ /, "`, `", s); return "`" s "`" }
            $1 == m { n++; if ($5 == "done") d++; else if ($5 == "limit") l++; else fl++
                      ch = uniq(ch, $10); rf = uniq(rf, $11); st = uniq(st, $12) }
            END {
                split(rf, r, " "); rd = ""
                for (i = 1; r[i] != ""; i++) rd = rd (rd == "" ? "" : "; ") \
                    ((r[i] == "diff") ? "refill `diff` (after a failed check, re-randomise only the cells where the two solutions differ)" : \
                     (r[i] == "all") ? "refill `all` (a whole new fill after each failed check)" : "refill `" r[i] "`")
                split(st, s, " "); sd = ""
                for (i = 1; s[i] != ""; i++) sd = sd (sd == "" ? "" : "; ") \
                    ((s[i] == "1") ? "the seed'"'"'s table of 25 unique sums" : (s[i] == "0") ? "the full table of unique sums" : "seed_table " s[i])
                printf "From `%s`: checker %s, %s, %s. %d puzzles: %d done, %d at the limit%s.\n", f, join(ch), rd, sd, n, d, l, (fl ? ", " fl " failed" : "")
            }' "$tmp/gen.tsv"
        echo
        echo "| size | level | done / limit | median | p90 | max | median attempts | p90 attempts | unique share (target) | under 1 s | over 10 s |"
        echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        awk -F '\t' -v m="$m" "$AWK_NUM$STATS_AWK"'
            $1 != m { next }
            {
                dl = $8 " / " $9 (($10 + 0) ? " (+" $10 " failed)" : "")
                shr = ($21 == "-") ? "-" : sprintf("%.0f%%", 100 * $21)
                tgt = ($22 == "" || $22 == "-") ? "" : sprintf(" (%.0f%%)", 100 * $22)
                printf "| %dx%d | %s | %s | %s%s | %s%s | %s%s | %s%s | %s%s | %s%s | %s | %s |\n", $3, $4, $6, dl, \
                    ge($12), ms($11), ge($14), ms($13), ge($16), ms($15), ge($18), cnt($17), ge($20), cnt($19), \
                    shr, tgt, pc($23, $7), pc($24, $7)
            }' "$tmp/cells.tsv"
        echo
    done
    echo "Sources:"
    echo
    for m in "${methods[@]}"; do echo "- $(meta_line "${GENFILE[$m]%.csv}.meta" "$SHOW")"; done
    echo
fi

# --- (b) the seed's figures beside ours --------------------------------------
echo "### The seed's figures and ours"
echo
if [ -z "${GENFILE[thesis-all-seed]:-}" ] && [ -z "${GENFILE[combo-diff]:-}" ]; then
    echo "_Neither \`kakuro-gen-thesis-all-seed.csv\` nor \`kakuro-gen-combo-diff.csv\` has puzzles: no comparison._"
    echo
else
    echo "The seed's timings (design notes: Java, on a 2007 laptop) beside the same measures from the seed's method re-run here (\`thesis-all-seed\`: its checker, a whole new fill after each failed check, its table of 25 unique sums) and from ours (\`combo-diff\`). The seed's sizes may count only the white area; here a size is the whole grid. Shares over all the puzzles of the sizes named; attempts = filled candidates checked per unique puzzle (for \`combo-diff\` an attempt after the first re-randomises only the cells where two solutions differed)."
    echo
    echo "| measure | the seed (Java, 2007 laptop) | the seed's method here (\`thesis-all-seed\`) | ours (\`combo-diff\`) |"
    echo "|---|---|---|---|"
    awk -F '\t' -v ma="thesis-all-seed" -v mb="combo-diff" \
        -v la="$(time_limit thesis-all-seed)" -v lb="$(time_limit combo-diff)" "$AWK_NUM$STATS_AWK"'
        { N++; M[N] = $1; R[N] = $2 + 0; L[N] = $4; S[N] = $5; T[N] = $6 * 1000; A[N] = $7 + 0; has[$1] = 1 }
        # pool(m, l, lo, hi): the puzzles of method m, level l, side lo..hi.
        function pool(m, l, lo, hi,    i, d, a) {
            PN = 0; PU = 0; PO = 0; PL = 0; PD = 0; AS = 0
            split("", PV); split("", PDV); split("", AV); split("", ADV)
            for (i = 1; i <= N; i++) {
                if (M[i] != m || L[i] != l || R[i] < lo || R[i] > hi) continue
                PN++; d = (S[i] == "done"); PV[PN] = T[i]; PDV[PN] = d; AV[PN] = A[i]; ADV[PN] = d; AS += A[i]
                if (d) PD++; if (d && T[i] < 1000) PU++; if (T[i] > 10000) PO++; if (S[i] == "limit") PL++
            }
            if (!PN) return 0
            sortvd(PV, PDV, PN); TMED = qmed(PV, PN); TMEDB = qmedlb(PN); TMAX = PV[PN]; TMAXB = (LB <= PN)
            sortvd(AV, ADV, PN); AMED = qmed(AV, PN); AMEDB = qmedlb(PN); AP90 = AV[nrank(90, PN)]; AP90B = qplb(90, PN)
            return PN
        }
        function range(lo, hi) { return (lo == hi) ? lo "x" lo : lo "x" lo "–" hi "x" hi }
        function none(m, l, lo, hi) { return has[m] ? "no " l " puzzle of " range(lo, hi) : "no file" }
        function under1(m, l, lo, hi) {
            if (!pool(m, l, lo, hi)) return none(m, l, lo, hi)
            return pc(PU, PN) " under 1 s (" PU " of " PN "; median " ge(TMEDB) ms(TMED) ", max " ge(TMAXB) ms(TMAX) ")"
        }
        # The easy 15x15 row: that size, else the largest easy size below it.
        function near15(m,    i, b) {
            if (pool(m, "easy", 15, 15)) return under1(m, "easy", 15, 15)
            if (!has[m]) return "no file"
            b = 0; for (i = 1; i <= N; i++) if (M[i] == m && L[i] == "easy" && R[i] < 15 && R[i] > b) b = R[i]
            if (!b) return "no easy puzzle up to 15x15"
            return "no 15x15 run; at " b "x" b " (its largest): " under1(m, "easy", b, b)
        }
        function over10(m, lim,    s) {
            if (!pool(m, "hard", 9, 11)) return none(m, "hard", 9, 11)
            s = pc(PO, PN) " over 10 s (" PO " of " PN "); slowest " ge(TMAXB) ms(TMAX)
            if (PL) s = s "; " PL " hit the " (lim != "" ? lim " s " : "") "limit"
            return s
        }
        function attempts(m, l) {
            if (!pool(m, l, 9, 11)) return none(m, l, 9, 11)
            return "median " ge(AMEDB) cnt(AMED) ", mean " ge(PD < PN) sprintf("%.1f", AS / PN) ", p90 " ge(AP90B) cnt(AP90) " (" PN " puzzles)"
        }
        # Largest hard side up to which every puzzle of every size was done.
        function tops(m, lim,    i, s, lo, top, big, bad, n) {
            if (!has[m]) return "no file"
            split("", sz); big = 0
            for (i = 1; i <= N; i++) if (M[i] == m && L[i] == "hard") { sz[R[i]] = 1; if (R[i] > big) big = R[i]; if (S[i] != "done") bad[R[i]]++ }
            if (!big) return "no hard puzzles"
            top = 0
            for (s = 1; s <= big; s++) if (s in sz) { if (s in bad) break; top = s }
            if (!top) return "not even the smallest hard size (" s "x" s "): " bad[s] " not done"
            n = pool(m, "hard", top, top)
            t = "every puzzle done up to " top "x" top (top == big ? " (the largest tried)" : "") "; there median " ge(TMEDB) ms(TMED) ", max " ge(TMAXB) ms(TMAX)
            if (top < big) { for (s = top + 1; s <= big && !(s in bad); s++); t = t "; at " s "x" s ": " bad[s] " not done" (lim != "" ? " within " lim " s" : "") }
            return t
        }
        function row(label, seed, a, b) { printf "| %s | %s | %s | %s |\n", label, seed, a, b }
        END {
            row("easy, up to 11x11: share under 1 s", "always", under1(ma, "easy", 1, 11), under1(mb, "easy", 1, 11))
            row("easy, about 15x15: share under 1 s", "usually", near15(ma), near15(mb))
            row("hard, 9x9–11x11: share under 1 s", "about half", under1(ma, "hard", 9, 11), under1(mb, "hard", 9, 11))
            row("hard, 9x9–11x11: share over 10 s; slowest", "about 5% over 10 s; all under 30 s", over10(ma, la), over10(mb, lb))
            row("hard: how far it goes (" (la != "" ? la " s" : "time") " limit per puzzle)", "tops out at about 12x12", tops(ma, la), tops(mb, lb))
            row("easy, 9x9–11x11: attempts per puzzle", "tens", attempts(ma, "easy"), attempts(mb, "easy"))
            row("hard, 9x9–11x11: attempts per puzzle", "hundreds to thousands", attempts(ma, "hard"), attempts(mb, "hard"))
        }' "$tmp/gen.tsv"
    echo
    echo "Sources:"
    echo
    for m in thesis-all-seed combo-diff; do
        [ -n "${GENFILE[$m]:-}" ] && echo "- $(meta_short "${GENFILE[$m]%.csv}.meta")"
    done
    echo
fi

# --- (c) ablation: checker vs refill -----------------------------------------
echo "### Where the gain comes from: checker and refill"
echo
abl=()
for m in thesis-all-seed thesis-diff combo-all combo-diff; do [ -n "${GENFILE[$m]:-}" ] && abl+=("$m"); done
if [ ${#abl[@]} -lt 2 ]; then
    echo "_Fewer than two of \`kakuro-gen-{thesis-all-seed,thesis-diff,combo-all,combo-diff}.csv\` have puzzles: no ablation._"
    echo
else
    awk -F '\t' -v ms_="${abl[*]}" '
        { c = $1; if (!(c in seen)) { seen[c] = 1 } ; t[c] = t[c] " " $12 }
        END {
            n = split(ms_, a, " ")
            for (i = 1; i <= n; i++) { s = t[a[i]]; gsub(/ +/, " ", s); tb[a[i]] = (s ~ /1/ && s ~ /0/) ? "mixed" : (s ~ /1/) ? "seed" : "full" }
            if (("thesis-all-seed" in tb) && tb["thesis-all-seed"] != "full") {
                o = ""
                for (i = 1; i <= n; i++) if (a[i] != "thesis-all-seed" && tb[a[i]] == "full") o = o (o == "" ? "" : ", ") "`" a[i] "`"
                if (o != "") print "Note: `thesis-all-seed` also uses the seed'"'"'s table of 25 unique sums, " o " the full table; so the ratios to it include that change too."
            }
        }' "$tmp/gen.tsv" >"$tmp/tbl.note"
    echo "The four methods differ in two choices: the checker (\`thesis\`, the seed's, or \`combo\`, ours) and the refill after a failed check (\`all\`: a whole new fill, the seed's; \`diff\`: re-randomise only the cells where the two solutions differ). Per size: median time · median attempts per puzzle, at the sizes every method here ran. Gain = median time of \`thesis-all-seed\` / median time of the other: *checker* from \`combo-all\`, *refill* from \`thesis-diff\`, *both* from \`combo-diff\`."
    if [ -s "$tmp/tbl.note" ]; then echo; cat "$tmp/tbl.note"; fi
    echo
    for lv in hard easy; do
        awk -F '\t' -v lv="$lv" -v ms_="${abl[*]}" "$AWK_NUM$STATS_AWK"'
            function gm(s,    a, n, i, t) { n = split(s, a, " "); if (!n) return "-"; t = 0; for (i = 1; i <= n; i++) t += log(a[i]); return exp(t / n) }
            function gain(b, o, sz) { return ((b, sz) in T && (o, sz) in T) ? rx(T[b, sz], T[o, sz]) : "n/a" }
            function glb(b, o, sz) { return (TB[b, sz] && !TB[o, sz]) ? "≥ " : (!TB[b, sz] && TB[o, sz]) ? "≤ " : "" }
            $6 == lv { k = $3 "x" $4; T[$1, k] = $11; TB[$1, k] = $12; A[$1, k] = $17; AB[$1, k] = $18; side[k] = $3
                       if (!(k in sn)) { sn[k] = 1; SZ[++ns] = k }; has[$1] = 1 }
            END {
                nm = split(ms_, m, " "); np = 0
                for (i = 1; i <= nm; i++) if (m[i] in has) P[++np] = m[i]
                if (np < 2) { printf "_Level %s: fewer than two methods have puzzles._\n", lv; exit }
                nc = 0
                for (j = 1; j <= ns; j++) { ok = 1; for (i = 1; i <= np; i++) if (!((P[i], SZ[j]) in T)) ok = 0; if (ok) C[++nc] = SZ[j] }
                if (!nc) { printf "_Level %s: no size that all of them ran._\n", lv; exit }
                b = "thesis-all-seed"
                printf "**%s**\n\n", lv
                h = "| size"; u = "|---"
                for (i = 1; i <= np; i++) { h = h " | `" P[i] "`"; u = u "|---:" }
                g[1] = "combo-all"; g[2] = "thesis-diff"; g[3] = "combo-diff"; gn[1] = "checker"; gn[2] = "refill"; gn[3] = "both"
                for (x = 1; x <= 3; x++) if ((b in has) && (g[x] in has)) { h = h " | gain: " gn[x]; u = u "|---:"; G[++ngc] = x }
                print h " |"; print u "|"
                for (j = 1; j <= nc; j++) {
                    k = C[j]; r = "| " k
                    for (i = 1; i <= np; i++) r = r " | " ge(TB[P[i], k]) ms(T[P[i], k]) " · " ge(AB[P[i], k]) cnt(A[P[i], k])
                    for (y = 1; y <= ngc; y++) { x = G[y]; r = r " | " glb(b, g[x], k) gain(b, g[x], k)
                        if (T[g[x], k] + 0 > 0 && side[k] >= 9) GL[x] = GL[x] " " (T[b, k] / T[g[x], k]) }
                    print r " |"
                }
                print ""
                if (!ngc) exit
                big = C[nc]
                s = "- " lv ", at " big " (the largest size all ran), median time of `thesis-all-seed` (" ms(T[b, big]) ") / the other'"'"'s: "
                for (y = 1; y <= ngc; y++) { x = G[y]; s = s (y > 1 ? ", " : "") gn[x] " " gain(b, g[x], big) }
                if (("combo-all" in has) && ("thesis-diff" in has)) {
                    rc = T[b, big] / T["combo-all", big]; rr = T[b, big] / T["thesis-diff", big]
                    s = s "; the larger part comes from the " ((rr > rc) ? "refill" : (rc > rr) ? "checker" : "two alike")
                }
                print s "."
                if (b in has) {
                    s = ""
                    for (y = 1; y <= ngc; y++) { x = G[y]; s = s (y > 1 ? ", " : "") "`" g[x] "` " cnt(A[g[x], big]) " (" gn[x] ": " rx(A[b, big], A[g[x], big]) ")" }
                    printf "- median attempts at %s: `thesis-all-seed` %s; the others, with `thesis-all-seed` / them: %s.\n", big, cnt(A[b, big]), s
                }
                t = ""; nl = 0
                for (y = 1; y <= ngc; y++) { x = G[y]; if (GL[x] != "") { nl = split(GL[x], tmp_, " "); t = t (t == "" ? "" : ", ") gn[x] " " rx(gm(GL[x]), 1) } }
                if (t != "") printf "- %s, geometric mean over the %d sizes from 9x9 up that all ran: %s.\n", lv, nl, t
            }' "$tmp/cells.tsv"
        echo
    done
    echo "Sources:"
    echo
    for m in "${abl[@]}"; do echo "- $(meta_short "${GENFILE[$m]%.csv}.meta")"; done
    echo
fi

# --- (d) checkers on the same inputs ----------------------------------------
echo "### Uniqueness checkers on the same inputs"
echo
if [ "$chk_state" != ok ]; then
    if [ "$chk_state" = missing ]; then echo "_No \`kakuro-checkers.csv\`: no checker comparison._"
    else echo "_\`kakuro-checkers.csv\` has no runs: no checker comparison._"; fi
    echo
    drop kakuro-checkers.png
else
    awk -F ',' -v f="${chk##*/}" '
        { sub(/\r$/, "") } /^[ \t]*$/ { next }
        !h { for (i = 1; i <= NF; i++) if ($i == "status") sc = i; h = 1; hdr = $0; next }
        $0 == hdr { next }
        { n++; if (!($sc in c)) o[++k] = $sc; c[$sc]++ }
        END {
            for (i = 1; i <= k; i++) s = s (s == "" ? "" : ", ") o[i] " " c[o[i]]
            printf "Source: `%s` — %d runs (%s). ", f, n, s
        }' "$chk"
    echo "Each row of it is one run of a checker over a whole file of puzzles; below, steps and time are divided by the puzzles of the run (median over the done reps). A run that hit the file's shared step or time limit has status \`limit\` with the puzzles it finished; its values are then lower bounds (\`>\`): what it spent before the limit divided by the puzzles of the whole file. Ratios: thesis (the seed's checker) / the row's checker — over 1, the row's checker needs less."
    echo
    if [ "$plotmode" = draw ]; then plot_checkers || true; fi
    image kakuro-checkers.png "kakuro checkers: steps per puzzle"
    awk -F '\t' "$AWK_NUM$STATS_AWK"'
        function v(x, lb) { return (x == "-") ? "-" : (lb == 1 ? "> " : "") num(x) }
        # bound of a / b where a or b may be a lower bound
        function br(a, alb, b, blb) {
            if (a == "-" || b == "-") return "n/a"
            if (alb == 1 && blb == 1) return "n/a"
            return (alb == 1 ? "> " : blb == 1 ? "< " : "") rx(a, b)
        }
        { R[NR] = $0; i = $2; if (!(i in seen)) { seen[i] = 1; I[++ni] = i; C[i] = $3; TOT[i] = $15 }
          if ($5 == "thesis" && !(i in TS)) { TS[i] = $16; TU[i] = $17; TL[i] = $18 }
          if ($18 == 0 && (!(i in best) || $17 + 0 < best[i] + 0)) best[i] = $17 }
        END {
            for (j = 1; j <= ni; j++) {
                i = I[j]
                printf "**%s** — %s cells, %s puzzles\n\n", i, C[i], TOT[i]
                print "| checker/order | steps/puzzle | µs/puzzle | status | thesis time / this | thesis steps / this |"
                print "|---|---:|---:|---|---:|---:|"
                for (r = 1; r <= NR; r++) {
                    split(R[r], f, "\t"); if (f[2] != i) continue
                    us = v(f[17], f[18]); if (f[18] == 0 && f[17] + 0 == best[i] + 0) us = "**" us "**"
                    st = (f[12] + 0 > 0) ? f[13] : f[13] " (" f[14] (f[15] != "-" ? " of " f[15] : "") " puzzles)"
                    tr = (i in TS) ? br(TU[i], TL[i], f[17], f[18]) : "n/a"
                    sr = (i in TS) ? br(TS[i], TL[i], f[16], f[18]) : "n/a"
                    printf "| %s | %s | %s | %s | %s | %s |\n", f[10], v(f[16], f[18]), us, st, tr, sr
                }
                print ""
            }
        }' "$tmp/chk.tsv"

    echo "**Cell order.** The seed found that ordering the cells (by runs, nearest to the last cell, …) gave no clear gain over row order. Here: steps (and time) with degree and mrv order relative to row order, per file — under 1, the order helps."
    echo
    awk -F '\t' "$AWK_NUM$STATS_AWK"'
        function br(a, alb, b, blb) {
            if (a == "-" || b == "-" || alb == "-" || blb == "-" || (alb == 1 && blb == 1) || b + 0 <= 0) { BK = "?"; return "n/a" }
            BK = (alb == 1) ? ">" : (blb == 1) ? "<" : "="; BV = a / b
            return (alb == 1 ? "> " : blb == 1 ? "< " : "") rx(a, b)
        }
        # cls: 1 helps, -1 hurts, 0 equal, "?" unknown (from BK, BV)
        function cls() {
            if (BK == "?") return "?"
            if (BK == "=") return (BV < 1) ? 1 : (BV > 1) ? -1 : 0
            if (BK == ">") return (BV >= 1) ? -1 : "?"
            return (BV <= 1) ? 1 : "?"
        }
        { i = $2; if (!(i in seen)) { seen[i] = 1; I[++ni] = i }
          k = i SUBSEP $5 SUBSEP $7; S[k] = $16; U[k] = $17; B[k] = $18; has[$5 SUBSEP $7] = 1 }
        END {
            ne = split("backtrack propagate", E, " "); no = split("degree mrv", O, " ")
            h = "| file"; u = "|---"
            for (e = 1; e <= ne; e++) for (o = 1; o <= no; o++) if ((E[e] SUBSEP O[o]) in has && (E[e] SUBSEP "row") in has) {
                h = h " | " E[e] " " O[o] " / row"; u = u "|---:"; PE[++np] = E[e]; PO[np] = O[o] }
            if (!np) { print "_No backtrack or propagate runs with row and another order: nothing to compare._"; exit }
            print h " |"; print u "|"
            for (j = 1; j <= ni; j++) {
                i = I[j]; r = "| " i
                for (p = 1; p <= np; p++) {
                    a = i SUBSEP PE[p] SUBSEP PO[p]; b = i SUBSEP PE[p] SUBSEP "row"
                    if (!(a in S) || !(b in S)) { r = r " | n/a"; continue }
                    s1 = br(S[a], B[a], S[b], B[b]); c1 = cls(); sv = BV; sk = BK
                    s2 = br(U[a], B[a], U[b], B[b]); c2 = cls()
                    r = r " | " s1 " (time " s2 ")"
                    n[p]++
                    if (c1 == 1) { hs[p]++; if (!(p in lo) || sv < lo[p]) lo[p] = sv; if (!(p in hi) || sv > hi[p]) hi[p] = sv }
                    else if (c1 == -1) { hu[p]++; if (sk == "=") { if (!(p in hlo) || sv < hlo[p]) hlo[p] = sv; if (!(p in hhi) || sv > hhi[p]) hhi[p] = sv } else hb[p]++ }
                    else if (c1 == "?") un[p]++
                    if (c2 == 1) ht[p]++
                    else if (c2 == -1) ut[p]++
                }
                print r " |"
            }
            print ""
            for (p = 1; p <= np; p++) {
                if (!n[p]) continue
                s = "- " PO[p] " order cuts " PE[p] "'"'"'s steps on " (hs[p] + 0) " of " n[p] " files"
                if (hs[p]) s = s " (" rx(lo[p], 1) (hi[p] != lo[p] ? "–" rx(hi[p], 1) : "") ")"
                s = s " and raises them on " (hu[p] + 0)
                if (hu[p]) {
                    q = ""
                    if (hlo[p] != "") q = rx(hlo[p], 1) (hhi[p] != hlo[p] ? "–" rx(hhi[p], 1) : "")
                    if (hb[p]) q = q (q == "" ? "" : "; ") hb[p] " only known as a lower bound: the ordered run hit the limit"
                    s = s " (" q ")"
                }
                if (un[p]) s = s "; " un[p] " undecided (both runs hit the limit)"
                s = s "; by time it is faster on " (ht[p] + 0) " and slower on " (ut[p] + 0) "."
                print s
                tot += n[p]; th += hs[p]; tu += hu[p]; tt += ht[p]
                if (hs[p]) yes = yes (yes == "" ? "" : "; ") PE[p] "/" PO[p] " (fewer steps on " hs[p] " of " n[p] " files, less time on " (ht[p] + 0) ")"
                else nog = nog (nog == "" ? "" : ", ") PE[p] "/" PO[p]
            }
            printf "- Over all %d comparisons (engine, order, file), a cell order cuts the steps in %d, raises them in %d, and cuts the time in %d.", tot, th, tu, tt
            if (nog != "") printf " The seed'"'"'s finding — no gain from ordering — holds here for %s: never fewer steps than row order.", nog
            if (yes != "") printf " It does not hold, by steps, for %s.", yes
            print ""
        }' "$tmp/chk.tsv"
    echo
    meta_line "${chk%.csv}.meta" "$SHOW"
    echo
fi

# --- (e) the picture -----------------------------------------------------------
echo "### A generated puzzle"
echo
if [ -f "$plots/kakuro-example.svg" ]; then
    ex=$dir/kakuro-example
    name=$(awk -F ',' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } ("name" in c) { print $c["name"]; exit }' "$ex/generate.csv" 2>/dev/null || true)
    kak=
    if [ -n "$name" ] && [ -f "$ex/$name.kak" ]; then kak=$ex/$name.kak
    else for f in "$ex"/*.kak; do case $f in *.sol.kak) ;; *) [ -f "$f" ] && { kak=$f; break; } ;; esac; done; fi
    echo "![a generated kakuro and its solution](plots/kakuro-example.svg)"
    echo
    if [ -n "$kak" ]; then
        info=$(awk -F ',' -v n="${kak##*/}" '
            NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
            { sub(/\r$/, "") }
            ("name" in c) && $c["name"] ".kak" == n {
                s = ""
                if (("attempts" in c) && ("wall_s" in c)) s = sprintf(", made in %.3g ms after %d attempts", $c["wall_s"] * 1000, $c["attempts"])
                if (("checker" in c) && ("refill" in c)) s = s " (checker `" $c["checker"] "`, refill `" $c["refill"] "`)"
                if ("unique_share" in c) s = s sprintf("; %.0f%% of its runs have unique sums", 100 * $c["unique_share"])
                if ("target_share" in c) s = s sprintf(" (target %.0f%%)", 100 * $c["target_share"])
                print s; exit
            }' "$ex/generate.csv" 2>/dev/null || true)
        echo "_The puzzle \`kakuro-example/${kak##*/}\` and its solution${info}._"
        echo
        if [ -r "$ex/generate.meta" ]; then meta_line "$ex/generate.meta" "$SHOW"; echo; fi
    else
        echo "_The puzzle file (\`kakuro-example/*.kak\`) is not in the results directory._"
        echo
    fi
else
    echo "_No \`plots/kakuro-example.svg\`: no picture._"
    echo
fi
