#!/usr/bin/env bash
# report.sh — writes RESULTS_DIR/REPORT.md from puzzlebench result files (bash + awk).
#
# Usage:
#   scripts/report.sh [--no-plots] [RESULTS_DIR]     (default: results)
#
# First runs scripts/plot.sh RESULTS_DIR (so gnuplot is needed) to refresh
# RESULTS_DIR/plots/*.png; with --no-plots it does not, and links whatever PNGs
# already exist there. Then writes RESULTS_DIR/REPORT.md atomically (through
# REPORT.md.tmp and mv) with:
#   - where and when: date, commit, cpu, cores, pus, compiler, flags, threads,
#     bind, ... from the first <family>.meta (other .meta files: their
#     differences and extra keys, in their own sections);
#   - per <family>.csv: the steps and time plots, "best engine/order vs
#     backtrack/row" on the largest count instance, a check that count-mode
#     solutions agree, and one table per mode of medians per instance and
#     engine/order;
#   - the sudoku-<size>.csv files (4x4, 9x9, 16x16, 25x25; each row is one run
#     over a whole file of puzzles, column "puzzles") in one "Sudoku" section
#     instead of family sections: the per-puzzle plots, the best engine per 9x9
#     set, seed vs logic and backtrack/row vs logic step and time ratios, the
#     25x25 time per puzzle against 1 s, a count-mode solution check, and one
#     table per size and mode of puzzles, steps/puzzle, guesses/puzzle,
#     µs/puzzle, puzzles/s and status (runs stopped at a limit: puzzles done);
#   - sudoku-qqwing.csv (bench/qqwing.sh), if present: solve throughput per set
#     and generation time per puzzle per difficulty, puzzlebench / QQwing;
#   - the kakuro-*.csv files (kakuro-gen-<method>.csv from
#     scripts/kakuro-experiments.sh, kakuro-checkers.csv from its sweep), if any:
#     not family sections but one "Kakuro" section, after the sudoku sections,
#     written by scripts/kakuro-report.sh (which also draws its plots, or with
#     --no-plots links the ones there): generation time vs difficulty and size,
#     the seed's figures beside ours, the checker/refill ablation, the checkers
#     on the same inputs, the example picture;
#   - the tenpair-*.csv files (tenpair-{bound,wins,rules,threads}.csv from
#     scripts/tenpair-experiments.sh), if any: one "Tenpair" section after the
#     kakuro one, written by scripts/tenpair-report.sh (which also draws its
#     plots, or with --no-plots links the ones there): the shortest win per
#     engine, work, memory and time against the length bound, wins by length
#     beside the seed's figures, the rule switches, the compact count's scaling;
#   - per <family>-parallel.csv: the speedup plot, a table of median wall_s,
#     speedup and steps per engine/order and thread count, "2 threads vs 1";
#   - micro.json (Google Benchmark), if present: name, real_time, unit, steps;
#     cases with a "puzzles" counter (sudoku/...) in a second table per puzzle:
#     µs/puzzle, puzzles/s (items_per_second), steps and guesses per puzzle.
# Medians come from `plot.sh --medians` / `--speedup` / `--per-puzzle`
# (status=done rows only, median over reps), so the report and the plots always
# agree. Any of these files may be missing; its part is then left out. Helpers
# shared with kakuro-report.sh are in scripts/report-lib.sh.
set -euo pipefail

export LC_ALL=C
prog=${0##*/}
die() { printf '%s: %s\n' "$prog" "$*" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
plot=$here/plot.sh

# STD_KEYS, report_options, meta_get, md, meta_line, AWK_FMT and AWK_NUM: shared
# with the family section scripts.
[ -r "$here/report-lib.sh" ] || die "$here/report-lib.sh not found"
# shellcheck source=scripts/report-lib.sh
. "$here/report-lib.sh"

report_options "[RESULTS_DIR]" "$@"
[ ${#rest[@]} -le 1 ] || die "usage: $prog [--no-plots] [RESULTS_DIR]"
dir=${rest[0]:-results}
[ -d "$dir" ] || die "results directory '$dir' does not exist"
[ -x "$plot" ] || die "$plot not found or not executable"

if [ "$noplots" = 0 ]; then
    "$plot" "$dir" >/dev/null || die "plot.sh failed (use --no-plots to write the report without plots)"
fi

out=$dir/REPORT.md
tmpout=$out.tmp
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pbreport.XXXXXX")
trap 'rm -rf "$tmp" "$tmpout"' EXIT

TAB=$(printf '\t')

# status_line CSV MEDIANS — "Source: ..." line: runs per status (from the raw
# CSV) and groups / reps (from the median table).
status_line() {
    awk -F ',' -v f="${1##*/}" '
        { sub(/\r$/, "") }
        /^[ \t]*$/ { next }
        !h { for (i = 1; i <= NF; i++) if ($i == "status") sc = i; h = 1; hdr = $0; next }
        $0 == hdr || !sc { next }
        { n++; if (!($sc in c)) o[++k] = $sc; c[$sc]++ }
        END {
            s = ""
            if (("done" in c)) s = "done " c["done"]
            for (i = 1; i <= k; i++) if (o[i] != "done") s = s (s == "" ? "" : ", ") o[i] " " c[o[i]]
            printf "Source: `%s` — %d runs (%s)", f, n, (s == "" ? "none" : s)
        }' "$1"
    awk -F '\t' '
        !/^#/ { g++; if (!($9 in reps)) { reps[$9] = 1; rl = rl (rl == "" ? "" : "/") $9 } }
        END {
            if (g) printf " in %d groups (instance, engine, order, mode, threads) of %s reps. Medians over the done reps of each group.\n", g, rl
            else print "."
        }' "$2"
}

# ---------------------------------------------------------------------------
# family_section CSV — markdown for one <family>.csv
# ---------------------------------------------------------------------------
family_section() {
    local csv=$1 fam med meta
    fam=$(basename "$csv" .csv)
    med=$tmp/$fam.med
    meta=${csv%.csv}.meta
    echo
    echo "## Family: $fam"
    echo
    if ! "$plot" --medians "$csv" >"$med" 2>"$tmp/err"; then
        echo "_Could not read \`${csv##*/}\`: $(head -n 1 "$tmp/err")_"
        return
    fi
    status_line "$csv" "$med"
    echo
    meta_line "$meta"
    echo
    if ! awk -F '\t' '!/^#/ && $10 + 0 > 0 { ok = 1 } END { exit !ok }' "$med"; then
        echo "_No run with status=done: no plots and no table._"
        return
    fi
    local p
    for p in steps time; do
        if [ -f "$dir/plots/$fam-$p.png" ]; then
            echo "![$fam $p vs cells](plots/$fam-$p.png)"
            echo
        else
            echo "_(plot plots/$fam-$p.png not generated)_"
            echo
        fi
    done

    # Best engine/order vs backtrack/row on the largest count instance.
    awk -F '\t' "$AWK_FMT"'
        /^#/ { next }
        $6 == "count" && $10 + 0 > 0 { R[++n] = $0 }
        $6 == "count" && $10 + 0 > 0 && $4 == "backtrack" && $5 == "row" {
            if (!bt || $3 + 0 > bc + 0 || ($3 + 0 == bc + 0 && $16 + 0 > bw + 0)) { bt = 1; bi = $2; bc = $3; bw = $16 }
        }
        END {
            pre = "- best engine/order on the largest count instance vs backtrack/row: "
            if (!bt) { print pre "n/a (backtrack/row never finished in mode count)"; exit }
            for (i = 1; i <= n; i++) {
                split(R[i], f, "\t")
                if (f[2] == bi && (best == "" || f[16] + 0 < bestw + 0)) { best = f[8]; bestw = f[16] }
                if (f[2] == bi && f[5] != "-" && (sbest == "" || f[16] + 0 < sbestw + 0)) { sbest = f[8]; sbestw = f[16] }
            }
            r = (bestw + 0 > 0) ? sprintf("%.1fx", bw / bestw) : "inf"
            printf "%s%s faster (same run) — %s on %s (%s cells, mode count): %s s vs backtrack/row %s s\n", \
                pre, r, esc(best), esc(bi), bc, fs(bestw), fs(bw)
            if (sbest != "" && sbestw + 0 > 0)
                printf "- best search with a cell order on %s vs backtrack/row: %.2fx (%s: %s s)\n", \
                    esc(bi), bw / sbestw, esc(sbest), fs(sbestw)
        }' "$med"

    # Enumeration throughput: complete vectors checked per second, one thread, on the
    # count run with the most vectors that finished (median wall_s over its reps).
    awk -F, '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        $col["engine"] ~ /^enum-/ && $col["mode"] == "count" && $col["status"] == "done" && $col["threads"] == 1 {
            k = $col["engine"] SUBSEP $col["instance"]
            cand[k] = $col["candidates"]; w[k, ++nw[k]] = $col["wall_s"]
        }
        END {
            for (k in nw) {
                m = nw[k]
                for (i = 1; i <= m; i++) v[i] = w[k, i] + 0
                for (i = 2; i <= m; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
                med = (m % 2) ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
                split(k, e, SUBSEP)
                if (!(e[1] in best) || cand[k] + 0 > bc[e[1]] + 0) { best[e[1]] = e[2]; bc[e[1]] = cand[k]; bw[e[1]] = med }
            }
            for (e1 in best) if (bw[e1] > 0)
                printf "- %s checks %.1f million complete vectors per second on one thread (%s: %d vectors in %.3f s, median)\n", \
                    e1, bc[e1] / bw[e1] / 1e6, best[e1], bc[e1], bw[e1]
        }' "$csv" | sort

    # Count-mode solution counts must not depend on the engine.
    awk -F '\t' '
        /^#/ { next }
        $6 == "count" && $10 + 0 > 0 && $12 != "-" {
            if (!($2 in first)) { first[$2] = $12; order[++n] = $2 }
            else if ($12 != first[$2]) bad[$2] = 1
            list[$2] = list[$2] (list[$2] == "" ? "" : ", ") $8 "=" $12
        }
        END {
            if (!n) { print "- count-mode solutions: no count run finished"; exit }
            for (i = 1; i <= n; i++) if (order[i] in bad) b = b (b == "" ? "" : "; ") order[i] ": " list[order[i]]
            if (b == "") print "- count-mode solutions agree across engines on all " n " instances: yes"
            else print "- count-mode solutions agree across engines: **NO** — " b
        }' "$med"

    # One table per mode: first, count, then any other.
    local modes m
    modes=$(awk -F '\t' '!/^#/ { r = ($6 == "first") ? 1 : ($6 == "count") ? 2 : 3; print r "\t" $6 }' "$med" |
        sort -t "$TAB" -u -k1,1n -k2,2 | cut -f2)
    for m in $modes; do
        echo
        echo "### $fam, mode = $m"
        echo
        echo "Fastest median wall_s per instance in **bold**."
        echo
        echo "| instance | cells | mode | engine | order | solutions | steps | wall_s (median) | status |"
        echo "|---|---:|---|---|---|---:|---:|---:|---|"
        awk -F '\t' -v mode="$m" "$AWK_FMT"'
            /^#/ || $6 != mode { next }
            { R[++n] = $0; if ($10 + 0 > 0 && (!($2 in bw) || $16 + 0 < bw[$2] + 0)) bw[$2] = $16 }
            END {
                for (i = 1; i <= n; i++) {
                    split(R[i], f, "\t")
                    w = fs(f[16]); if (f[10] + 0 > 0 && f[16] + 0 == bw[f[2]] + 0) w = "**" w "**"
                    thr = (f[8] ~ /@[0-9]+t$/) ? " (" f[7] " thr)" : ""
                    printf "| %s | %s | %s | %s | %s%s | %s | %s | %s | %s |\n", esc(f[2]), f[3], f[6], esc(f[4]), \
                        esc(f[5]), thr, fi(f[12]), fi(f[13]), w, esc(f[11])
                }
            }' "$med"
    done
}

# ---------------------------------------------------------------------------
# sudoku_section CSV... — markdown for the sudoku-<size>.csv files together:
# each row of them is one run over a whole file of puzzles, so every value is
# reported per puzzle (from `plot.sh --per-puzzle`): plots, summary lines, one
# table per file and mode.
# ---------------------------------------------------------------------------
sudoku_section() {
    local pp=$tmp/sudoku.pp csv
    echo
    echo "## Sudoku"
    echo
    if ! "$plot" --per-puzzle "$@" >"$pp" 2>"$tmp/err"; then
        echo "_Could not read the sudoku CSV files: $(head -n 1 "$tmp/err")_"
        return
    fi
    echo "Each row of a \`sudoku-<size>.csv\` is one run over a whole file of puzzles (instance = the file's base name): steps, guesses and wall_s are sums over the puzzles the run finished. Below they are divided by that number of puzzles; µs/puzzle and puzzles/s come from wall_s / puzzles. Medians over the done reps of each group. A run that reached its step or time limit stopped the whole set there: it is shown as stopped, with the puzzles it finished, and has no per-puzzle values. Mode \`count\` exhausts each puzzle's search, which proves its solution unique."
    echo
    for csv in "$@"; do
        awk -F '\t' -v f="$(basename "$csv" .csv)" '/^#/ || $1 == f' "$pp" >"$tmp/sudoku.one"
        status_line "$csv" "$tmp/sudoku.one"
        echo
        meta_line "${csv%.csv}.meta"
        echo
    done
    if ! awk -F '\t' '!/^#/ { ok = 1 } END { exit !ok }' "$pp"; then
        echo "_No runs in these files._"
        return
    fi
    local p
    if ! awk -F '\t' '!/^#/ && $10 + 0 > 0 { ok = 1 } END { exit !ok }' "$pp"; then
        echo "_No run with status=done: no plots, and no per-puzzle values in the tables._"
        echo
    else
        for p in time steps; do
            if [ -f "$dir/plots/sudoku-$p.png" ]; then
                echo "![sudoku $p per puzzle vs board size](plots/sudoku-$p.png)"
                echo
            else
                echo "_(plot plots/sudoku-$p.png not generated)_"
                echo
            fi
        done
        echo "The plots: mode first, one thread, median over reps per set; one line per engine/order. Where a size has several sets (9x9) the point is the engine's best set (the minimum of its per-set medians) and the error bar spans its medians over all the sets of that size it finished; a size at which an engine finished no set breaks its line. The engines are shifted slightly sideways at each size so that their bars do not overlap."
        echo
    fi

    # Summary lines. 9x9 sets = instances with 81 cells; "same run" = same file.
    awk -F '\t' "$AWK_FMT$AWK_NUM"'
        /^#/ || $7 != 1 { next }
        {
            k = $1 SUBSEP $2 SUBSEP $6; s = $1 SUBSEP $2
            if (!(s in sseen)) { sseen[s] = 1; S[++ns] = s; SI[ns] = $2; SC[ns] = $3 }
            if (!($6 in mseen)) { mseen[$6] = 1; M[++nm] = $6 }
            ok = ($10 + 0 > 0 && $16 != "-")
            if (ok && (!(k in bw) || $16 + 0 < bw[k] + 0)) { bw[k] = $16; bl[k] = $8; bps[k] = $17 }
            L[k, $8] = $0
        }
        function stopped(r,    f) {
            split(r, f, "\t")
            return f[8] " stopped (" f[11] " after " f[12] (f[13] != "-" ? " of " f[13] : "") " puzzles)"
        }
        # cmp(k, a, b): a / b of steps and time per puzzle on group k, or why not.
        function cmp(k, a, b,    ra, rb, fa, fb) {
            if (!((k, a) in L)) return "no " a " run"
            if (!((k, b) in L)) return "no " b " run"
            ra = L[k, a]; rb = L[k, b]; split(ra, fa, "\t"); split(rb, fb, "\t")
            if (fa[10] + 0 == 0) return stopped(ra)
            if (fb[10] + 0 == 0) return stopped(rb)
            return ratio(fa[14], fb[14]) " the steps, " ratio(fa[16], fb[16]) " the time"
        }
        # mrank order of the modes: first, count, others.
        function mr(m) { return (m == "first") ? 1 : (m == "count") ? 2 : 3 }
        END {
            for (i = 2; i <= nm; i++) { x = M[i]; for (j = i - 1; j >= 1 && mr(M[j]) > mr(x); j--) M[j + 1] = M[j]; M[j + 1] = x }
            for (i = 1; i <= ns; i++) {
                if (SC[i] != 81) continue
                n9++; t = ""
                for (m = 1; m <= nm; m++) {
                    k = S[i] SUBSEP M[m]
                    if (!((k, "logic") in L) && !(k in bw)) {
                        any = 0; for (kk in L) { split(kk, q, SUBSEP); if (q[1] SUBSEP q[2] SUBSEP q[3] == k) { any = 1; break } }
                        if (!any) continue
                    }
                    t = t (t == "" ? "" : "; ") "mode " M[m] ": " ((k in bw) ? "**" esc(bl[k]) "**, " num(bps[k]) " puzzles/s (" num(bw[k]) " µs/puzzle)" : "no engine finished the set")
                }
                printf "- best engine on %s — %s\n", esc(SI[i]), t
            }
            if (!n9) print "- 9x9: no 9x9 set in these files"
            split("seed backtrack/row", cmpa, " ")
            for (c = 1; c <= 2 && n9; c++)
                for (m = 1; m <= nm; m++) {
                    t = ""
                    for (i = 1; i <= ns; i++) {
                        if (SC[i] != 81) continue
                        k = S[i] SUBSEP M[m]
                        if (!((k, cmpa[c]) in L) && !((k, "logic") in L)) continue
                        t = t (t == "" ? "" : "; ") esc(SI[i]) ": " cmp(k, cmpa[c], "logic")
                    }
                    if (t != "") printf "- %s vs logic, mode %s (%s / logic, per puzzle, same run): %s\n", cmpa[c], M[m], cmpa[c], t
                }
            for (i = 1; i <= ns; i++) {
                if (SC[i] != 625) continue
                n25++
                for (m = 1; m <= nm; m++) {
                    k = S[i] SUBSEP M[m]
                    if (k in bw)
                        printf "- %s (mode %s): the best engine, %s, takes %s s per puzzle (%s µs, median; %s puzzles/s) — under 1 s: **%s**\n", \
                            esc(SI[i]), M[m], esc(bl[k]), num(bw[k] / 1e6), num(bw[k]), num(bps[k]), (bw[k] + 0 < 1e6 ? "yes" : "no")
                    else {
                        any = 0; for (kk in L) { split(kk, q, SUBSEP); if (q[1] SUBSEP q[2] SUBSEP q[3] == k) { any = 1; break } }
                        if (any) printf "- %s (mode %s): no engine finished the set — under 1 s: **no**\n", esc(SI[i]), M[m]
                    }
                }
            }
            if (!n25) print "- 25x25: no 25x25 set in these files"
        }' "$pp"

    # Count mode: solutions must agree across engines; one per puzzle = unique.
    awk -F '\t' '
        !/^#/ && $6 == "count" && $7 == 1 { ran = 1 }
        /^#/ || $6 != "count" || $7 != 1 || $10 + 0 == 0 || $18 == "-" { next }
        {
            k = $1 SUBSEP $2
            if (!(k in first)) { first[k] = $18; np[k] = $12; K[++n] = k; name[k] = $2 }
            else if ($18 != first[k]) bad[k] = 1
            list[k] = list[k] (list[k] == "" ? "" : ", ") $8 "=" $18
        }
        END {
            if (!n) { print (ran ? "- count mode: no set finished" : "- count mode: not run"); exit }
            for (i = 1; i <= n; i++) {
                k = K[i]
                if (k in bad) b = b (b == "" ? "" : "; ") name[k] ": " list[k]
                else if (first[k] + 0 == np[k] + 0) u = u (u == "" ? "" : ", ") name[k]
                else nu = nu (nu == "" ? "" : ", ") name[k] " (" first[k] " solutions, " np[k] " puzzles)"
            }
            if (b == "") print "- count-mode solutions agree across engines on " (n == 1 ? "the one set" : "all " n " sets") ": yes"
            else print "- count-mode solutions agree across engines: **NO** — " b
            if (u != "") print "- every puzzle unique (one solution each): " u
            if (nu != "") print "- sets with puzzles that are **not** unique: " nu
        }' "$pp"

    # One table per file and mode.
    local f files modes m title
    files=$(awk -F '\t' '!/^#/ && !($1 in s) { s[$1] = 1; print $1 }' "$pp")
    for f in $files; do
        modes=$(awk -F '\t' -v f="$f" '!/^#/ && $1 == f { r = ($6 == "first") ? 1 : ($6 == "count") ? 2 : 3; print r "\t" $6 }' "$pp" |
            sort -t "$TAB" -u -k1,1n -k2,2 | cut -f2)
        title=$(awk -F '\t' -v f="$f" '!/^#/ && $1 == f { s = int(sqrt($3) + 0.5); print s "x" s " (" $3 " cells)"; exit }' "$pp")
        for m in $modes; do
            echo
            echo "### sudoku $title, mode = $m"
            echo
            echo "From \`$f.csv\`. Fastest µs/puzzle per set in **bold**."
            echo
            echo "| set | engine/order | puzzles | steps/puzzle | guesses/puzzle | µs/puzzle | puzzles/s | status |"
            echo "|---|---|---:|---:|---:|---:|---:|---|"
            awk -F '\t' -v f="$f" -v mode="$m" "$AWK_FMT$AWK_NUM"'
                /^#/ || $1 != f || $6 != mode { next }
                { R[++n] = $0; if ($10 + 0 > 0 && $16 != "-" && (!($2 in bw) || $16 + 0 < bw[$2] + 0)) bw[$2] = $16 }
                END {
                    for (i = 1; i <= n; i++) {
                        split(R[i], r, "\t")
                        thr = (r[7] != 1) ? " (" r[7] " thr)" : ""
                        if (r[10] + 0 > 0) {
                            w = num(r[16]); if (r[16] != "-" && r[16] + 0 == bw[r[2]] + 0) w = "**" w "**"
                            st = r[11]
                        } else {
                            w = "-"
                            st = "stopped (" r[11] ") after " r[12] (r[13] != "-" ? " of " r[13] : "") " puzzles"
                        }
                        printf "| %s | %s%s | %s | %s | %s | %s | %s | %s |\n", esc(r[2]), esc(r[8]), thr, r[12], \
                            (r[10] + 0 > 0 ? num(r[14]) : "-"), (r[10] + 0 > 0 ? num(r[15]) : "-"), w, \
                            (r[10] + 0 > 0 ? num(r[17]) : "-"), st
                    }
                }' "$pp"
        done
    done
}

# ---------------------------------------------------------------------------
# qqwing_section CSV — markdown for sudoku-qqwing.csv (bench/qqwing.sh):
# columns task,tool,set,difficulty,puzzles,wall_s[,per_s]. Rows with task
# "solve" (one 9x9 file per set) and "generate" (one per difficulty), tool
# "qqwing" or "puzzlebench". Per (task, set or difficulty, tool): the median of
# wall_s / puzzles over its rows; ratios puzzlebench / qqwing.
# ---------------------------------------------------------------------------
qqwing_section() {
    local csv=$1
    echo
    echo "### Sudoku vs QQwing"
    echo
    awk -F ',' -v f="${csv##*/}" "$AWK_FMT$AWK_NUM"'
        function median(s,    a, n, i, j, t) {
            n = split(s, a, " ")
            for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > t + 0; j--) a[j + 1] = a[j]; a[j + 1] = t }
            if (n % 2) return a[(n + 1) / 2]
            return (a[n / 2] + a[n / 2 + 1]) / 2
        }
        function drank(d) { if (d == "simple") return 1; if (d == "easy") return 2; if (d == "intermediate") return 3; if (d == "expert") return 4; return 10 }
        { sub(/\r$/, "") }
        /^[ \t]*$/ { next }
        !h {
            for (i = 1; i <= NF; i++) col[$i] = i
            nn = split("task tool puzzles wall_s", need, " ")
            for (i = 1; i <= nn; i++) if (!(need[i] in col)) { printf "_Could not read `%s`: no column \"%s\" in the header._\n", f, need[i]; bad = 1; exit }
            h = 1; hdr = $0; next
        }
        $0 == hdr { next }
        {
            nrows++
            task = $col["task"]; tool = $col["tool"]
            set = ("set" in col) ? $col["set"] : "-"; dif = ("difficulty" in col) ? $col["difficulty"] : "-"
            if (task == "solve") key = set; else if (task == "generate") key = dif; else { other++; next }
            if (tool != "qqwing" && tool != "puzzlebench") { other++; next }
            if ($col["puzzles"] + 0 <= 0 || $col["wall_s"] == "") { skipped++; next }
            k = task SUBSEP key
            if (!(k in seen)) { seen[k] = 1; if (task == "solve") SK[++ns] = key; else GK[++ng] = key }
            T[k, tool] = T[k, tool] " " ($col["wall_s"] / $col["puzzles"])
            P[k, tool] = $col["puzzles"]
        }
        function cell(k, t) { return ((k, t) in T) ? median(T[k, t]) : "-" }
        END {
            if (bad) exit
            printf "Source: `%s` — %d rows", f, nrows
            if (other) printf " (%d with another task or tool, ignored)", other
            if (skipped) printf " (%d without puzzles or time, ignored)", skipped
            print ". Per set or difficulty and tool: median over its rows of wall_s / puzzles."
            print ""
            if (ns) {
                print "Solving (first solution of every puzzle of a 9x9 file). Ratio = puzzlebench puzzles/s / QQwing puzzles/s: over 1, puzzlebench solves faster."
                print ""
                print "| set | puzzles | QQwing puzzles/s | puzzlebench puzzles/s | puzzlebench / QQwing |"
                print "|---|---:|---:|---:|---:|"
                for (i = 1; i <= ns; i++) {
                    k = "solve" SUBSEP SK[i]; q = cell(k, "qqwing"); p = cell(k, "puzzlebench")
                    np = ((k, "puzzlebench") in P) ? P[k, "puzzlebench"] : P[k, "qqwing"]
                    qs = (q == "-" || q + 0 <= 0) ? "-" : 1 / q; ps = (p == "-" || p + 0 <= 0) ? "-" : 1 / p
                    r = ratio(ps, qs); sr = sr (sr == "" ? "" : ", ") esc(SK[i]) " " r
                    printf "| %s | %s | %s | %s | %s |\n", esc(SK[i]), np, num(qs), num(ps), r
                }
                print ""
            }
            if (ng) {
                for (i = 2; i <= ng; i++) { x = GK[i]; for (j = i - 1; j >= 1 && drank(GK[j]) > drank(x); j--) GK[j + 1] = GK[j]; GK[j + 1] = x }
                print "Generating puzzles of a given difficulty. Ratio = puzzlebench ms/puzzle / QQwing ms/puzzle: under 1, puzzlebench generates faster."
                print ""
                print "| difficulty | puzzles (QQwing / puzzlebench) | QQwing ms/puzzle | puzzlebench ms/puzzle | puzzlebench / QQwing |"
                print "|---|---:|---:|---:|---:|"
                for (i = 1; i <= ng; i++) {
                    k = "generate" SUBSEP GK[i]; q = cell(k, "qqwing"); p = cell(k, "puzzlebench")
                    r = ratio(p, q); gr = gr (gr == "" ? "" : ", ") esc(GK[i]) " " r
                    printf "| %s | %s / %s | %s | %s | %s |\n", esc(GK[i]), \
                        ((k, "qqwing") in P) ? P[k, "qqwing"] : "-", ((k, "puzzlebench") in P) ? P[k, "puzzlebench"] : "-", \
                        (q == "-" ? "-" : num(q * 1000)), (p == "-" ? "-" : num(p * 1000)), r
                }
                print ""
            }
            if (ns) print "- solving throughput, puzzlebench / QQwing (over 1: puzzlebench faster): " sr
            if (ng) print "- generation time per puzzle, puzzlebench / QQwing (under 1: puzzlebench faster): " gr
            if (!ns && !ng) print "_No solve or generate rows._"
        }' "$csv"
    local meta=${csv%.csv}.meta
    if [ -r "$meta" ]; then
        echo
        meta_line "$meta"
    fi
}

# ---------------------------------------------------------------------------
# parallel_section CSV — markdown for one <family>-parallel.csv
# ---------------------------------------------------------------------------
parallel_section() {
    local csv=$1 fam sp meta
    fam=$(basename "$csv" -parallel.csv)
    sp=$tmp/$fam.sp
    meta=${csv%.csv}.meta
    echo
    echo "## Parallel scaling: $fam"
    echo
    if ! "$plot" --speedup "$csv" >"$sp" 2>"$tmp/err"; then
        echo "_Could not read \`${csv##*/}\`: $(head -n 1 "$tmp/err")_"
        return
    fi
    awk -F '\t' -v f="${csv##*/}" '
        !/^#/ {
            k = $2 " (mode " $3 ")"; if (!(k in im)) { im[k] = 1; s = s (s == "" ? "" : ", ") k }
            if (!($7 in th)) { th[$7] = 1; tv[++nt] = $7 + 0 }
        }
        END {
            for (i = 2; i <= nt; i++) { x = tv[i]; for (j = i - 1; j >= 1 && tv[j] > x; j--) tv[j + 1] = tv[j]; tv[j + 1] = x }
            t = ""; for (i = 1; i <= nt; i++) t = t (t == "" ? "" : ", ") tv[i]
            printf "Source: `%s` — instance %s; threads %s. Speedup = median wall_s at the base (lowest) thread count / median wall_s at T threads; medians over done reps. `steps equal`: every done rep at T has exactly the steps of the 1-thread runs.\n", f, s, t
        }' "$sp"
    # Batch files (a "puzzles" column above 1: sudoku): say what a run is.
    awk -F ',' '
        { sub(/\r$/, "") }
        NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "puzzles") pc = i; if ($i == "instance") ic = i }; if (!pc || !ic) exit; next }
        $pc + 0 > 1 { x = $ic; if (!(x in n)) o[++k] = x; if (!(x in n) || $pc + 0 > n[x]) n[x] = $pc + 0 }
        END {
            if (!k) exit
            for (i = 1; i <= k; i++) s = s (s == "" ? "" : ", ") o[i] " " n[o[i]]
            printf "Batch solving: each run solves every puzzle of its file (puzzles: %s), T puzzles at a time, one per thread; wall_s is the whole file'"'"'s time, and steps are summed over its puzzles.\n", s
        }' "$csv"
    echo
    meta_line "$meta"
    echo
    if [ -f "$dir/plots/$fam-speedup.png" ]; then
        echo "![$fam speedup](plots/$fam-speedup.png)"
    else
        echo "_(plot plots/$fam-speedup.png not generated)_"
    fi
    echo
    local multi
    multi=$(awk -F '\t' '!/^#/ { im[$2 "\t" $3] = 1 } END { n = 0; for (k in im) n++; print (n > 1) }' "$sp")
    if [ "$multi" = 1 ]; then
        echo "| instance | mode | engine/order | threads | wall_s (median) | speedup | steps | steps equal |"
        echo "|---|---|---|---:|---:|---:|---:|---|"
    else
        echo "| engine/order | threads | wall_s (median) | speedup | steps | steps equal |"
        echo "|---|---:|---:|---:|---:|---|"
    fi
    awk -F '\t' -v multi="$multi" "$AWK_FMT"'
        /^#/ { next }
        {
            sp = ($9 == "-") ? "-" : sprintf("%.2f", $9)
            st = ($12 == "done") ? "" : " (" $12 ")"
            pre = multi ? "| " esc($2) " | " $3 " " : ""
            printf "%s| %s | %s | %s | %s | %s | %s%s |\n", pre, esc($6), $7, fs($8), sp, fi($10), $11, st
        }' "$sp"
    echo
    awk -F '\t' -v multi="$multi" "$AWK_FMT"'
        /^#/ { next }
        {
            g = multi ? $6 " on " $2 " (" $3 ")" : $6
            if (!(g in seen)) { seen[g] = 1; G[++n] = g }
            if ($7 == 1 && $8 != "-") w1[g] = $8
            if ($7 == 2 && $8 != "-") w2[g] = $8
        }
        END {
            for (i = 1; i <= n; i++) {
                g = G[i]
                if ((g in w1) && (g in w2) && w2[g] + 0 > 0) r = sprintf("%.2fx", w1[g] / w2[g]); else r = "n/a"
                printf "- %s — 2 threads vs 1: %s\n", esc(g), r
            }
        }' "$sp"
}

# ---------------------------------------------------------------------------
# micro_section FILE — Google Benchmark JSON: one row per benchmark object.
# A small tokenizer (strings, scalars, brackets); only the scalar members of
# the objects in the top-level "benchmarks" array are read.
# ---------------------------------------------------------------------------
micro_section() {
    local json=$1
    echo
    echo "## Micro-benchmarks (${json##*/})"
    echo
    awk "$AWK_FMT$AWK_NUM"'
        BEGIN { RS = "\001" }
        { s = s $0 }
        function val(v) {
            if (rec && depth == rdepth && havekey[depth]) F[key[depth]] = v
            havekey[depth] = 0
        }
        END {
            n = length(s); depth = 0; bdepth = -1; rec = 0; nb = 0
            for (i = 1; i <= n; i++) {
                c = substr(s, i, 1)
                if (c == " " || c == "\t" || c == "\n" || c == "\r" || c == ":" ) continue
                if (c == ",") { havekey[depth] = 0; continue }
                if (c == "\"") {
                    str = ""
                    for (j = i + 1; j <= n; j++) {
                        d = substr(s, j, 1)
                        if (d == "\\") { str = str substr(s, j + 1, 1); j++; continue }
                        if (d == "\"") break
                        str = str d
                    }
                    i = j
                    if (ctype[depth] == "{" && !havekey[depth]) { key[depth] = str; havekey[depth] = 1 }
                    else val(str)
                    continue
                }
                if (c == "{" || c == "[") {
                    opener = (depth >= 1 && ctype[depth] == "{" && havekey[depth]) ? key[depth] : ""
                    havekey[depth] = 0
                    depth++; ctype[depth] = c; havekey[depth] = 0
                    if (c == "[" && depth == 2 && opener == "benchmarks") bdepth = depth
                    if (c == "{" && bdepth > 0 && depth == bdepth + 1) { rec = 1; rdepth = depth; split("", F) }
                    continue
                }
                if (c == "}" || c == "]") {
                    if (rec && c == "}" && depth == rdepth) {
                        rec = 0; nb++
                        nm[nb] = ("name" in F) ? F["name"] : "?"
                        rt[nb] = ("real_time" in F) ? F["real_time"] : "-"
                        tu[nb] = ("time_unit" in F) ? F["time_unit"] : "-"
                        st[nb] = ("steps" in F) ? F["steps"] : "-"
                        it[nb] = ("iterations" in F) ? F["iterations"] : "-"
                        pz[nb] = ("puzzles" in F) ? F["puzzles"] : ""
                        gs[nb] = ("guesses" in F) ? F["guesses"] : "-"
                        ips[nb] = ("items_per_second" in F) ? F["items_per_second"] : "-"
                    }
                    if (c == "]" && depth == bdepth) bdepth = -1
                    depth--
                    continue
                }
                tok = c
                for (j = i + 1; j <= n; j++) {
                    d = substr(s, j, 1)
                    if (d == "," || d == "}" || d == "]" || d == " " || d == "\n" || d == "\t" || d == "\r") break
                    tok = tok d
                }
                i = j - 1
                val(tok)
            }
            if (!nb) { print "_No benchmarks found in the file._"; exit }
            # Cases with a "puzzles" counter (sudoku: one iteration = a whole set of
            # puzzles) get their own per-puzzle table below.
            for (b = 1; b <= nb; b++) if (pz[b] == "") nplain++; else npz++
            if (nplain) {
                print "| benchmark | real_time | unit | steps | iterations |"
                print "|---|---:|---|---:|---:|"
            }
            for (b = 1; b <= nb; b++) {
                if (pz[b] != "") continue
                stp = st[b]; if (stp != "-") stp = (stp + 0 == int(stp + 0) && stp + 0 < 1e15) ? sprintf("%.0f", stp) : sprintf("%.4g", stp)
                printf "| `%s` | %s | %s | %s | %s |\n", esc(nm[b]), fs(rt[b]), tu[b], stp, fi(it[b])
            }
            if (!npz) exit
            if (nplain) print ""
            print "Per-puzzle cases: one iteration solves every puzzle of the set once (counter `puzzles`); the steps and guesses counters are per iteration, divided here by the puzzles. puzzles/s is Google Benchmark'"'"'s items_per_second."
            print ""
            print "| benchmark | puzzles | µs/puzzle | puzzles/s | steps/puzzle | guesses/puzzle | iterations |"
            print "|---|---:|---:|---:|---:|---:|---:|"
            for (b = 1; b <= nb; b++) {
                if (pz[b] == "") continue
                p = pz[b] + 0
                us = "-"
                if (rt[b] != "-" && p > 0) {
                    f = (tu[b] == "ns") ? 1e-3 : (tu[b] == "ms") ? 1e3 : (tu[b] == "s") ? 1e6 : (tu[b] == "us") ? 1 : 0
                    if (f) us = num(rt[b] * f / p)
                }
                printf "| `%s` | %s | %s | %s | %s | %s | %s |\n", esc(nm[b]), fi(p), us, \
                    (ips[b] == "-" ? "-" : num(ips[b])), (st[b] == "-" || p <= 0 ? "-" : num(st[b] / p)), \
                    (gs[b] == "-" || p <= 0 ? "-" : num(gs[b] / p)), fi(it[b])
            }
        }' "$json"
}

# ---------------------------------------------------------------------------
# script_section NAME TITLE — a family's section from scripts/NAME-report.sh,
# which reads every NAME-*.csv of the directory itself (kakuro, tenpair).
# ---------------------------------------------------------------------------
script_section() {
    local name=$1 title=$2 fr=$here/$1-report.sh opt=()
    [ "$noplots" = 0 ] || opt=(--no-plots)
    if [ ! -x "$fr" ]; then
        printf '\n## %s\n\n_(%s not found or not executable: no %s section.)_\n' "$title" "$fr" "$name"
        return
    fi
    if PB_PRIMARY_META=$primary_meta "$fr" ${opt[@]+"${opt[@]}"} "$dir" >"$tmp/$name.md" 2>"$tmp/$name.err"; then
        cat "$tmp/$name.md"
        cat "$tmp/$name.err" >&2
    else
        cat "$tmp/$name.err" >&2
        printf '\n## %s\n\n_Could not read the %s files: %s_\n' "$title" "$name" "$(head -n 1 "$tmp/$name.err" | sed "s/^$name-report\.sh: //")"
    fi
}

# ---------------------------------------------------------------------------
families=()
parallels=()
sudokus=()
kakuros=()
tenpairs=()
qqwing=
for f in "$dir"/*.csv; do
    [ -e "$f" ] || continue
    case ${f##*/} in
        *-parallel.csv) parallels+=("$f") ;;
        sudoku-qqwing.csv) qqwing=$f ;;
        sudoku-*.csv) sudokus+=("$f") ;;
        kakuro-*.csv) kakuros+=("$f") ;;
        tenpair-*.csv) tenpairs+=("$f") ;;
        *) families+=("$f") ;;
    esac
done
# Sudoku files by board size (4x4, 9x9, 16x16, 25x25), not by name.
if [ ${#sudokus[@]} -gt 1 ]; then
    mapfile -t sudokus < <(for f in "${sudokus[@]}"; do
        n=${f##*/sudoku-}; n=${n%.csv}; n=${n%%x*}
        case $n in '' | *[!0-9]*) n=999999 ;; esac
        printf '%s\t%s\n' "$n" "$f"
    done | sort -t "$TAB" -k1,1n -k2,2 | cut -f2)
fi

# The environment comes from the first family's .meta (else any .meta).
primary_meta=
for f in ${families[@]+"${families[@]}"} ${sudokus[@]+"${sudokus[@]}"} ${parallels[@]+"${parallels[@]}"}; do
    if [ -r "${f%.csv}.meta" ]; then primary_meta=${f%.csv}.meta; break; fi
done
if [ -z "$primary_meta" ]; then
    for f in "$dir"/*.meta; do [ -r "$f" ] && { primary_meta=$f; break; }; done
fi

{
    echo "# puzzlebench report"
    echo
    echo "Results directory \`$(md "$dir")\`; report written $(date -u +%Y-%m-%dT%H:%M:%SZ) by \`scripts/report.sh\`."
    echo
    echo "## Environment"
    echo
    if [ -n "$primary_meta" ]; then
        echo "From \`${primary_meta##*/}\` (other runs list their differences in their sections)."
        echo
        echo "| key | value |"
        echo "|---|---|"
        for k in $STD_KEYS; do
            v=$(meta_get "$primary_meta" "$k")
            case $k in compiler|flags|commit) [ -n "$v" ] && v="\`$(printf '%s' "$v" | tr '`' "'")\`" ;; esac
            printf '| %s | %s |\n' "$k" "$(md "${v:--}")"
        done
    else
        echo "_No .meta file found._"
    fi
    if [ ${#families[@]} -eq 0 ] && [ ${#parallels[@]} -eq 0 ] && [ ${#sudokus[@]} -eq 0 ] && [ -z "$qqwing" ] &&
        [ ${#kakuros[@]} -eq 0 ] && [ ${#tenpairs[@]} -eq 0 ]; then
        echo
        echo "_No result CSV files in this directory._"
    fi
    for f in ${families[@]+"${families[@]}"}; do family_section "$f"; done
    if [ ${#sudokus[@]} -gt 0 ]; then
        sudoku_section "${sudokus[@]}"
    elif [ -n "$qqwing" ]; then
        echo
        echo "## Sudoku"
    fi
    if [ -n "$qqwing" ]; then qqwing_section "$qqwing"; fi
    if [ ${#kakuros[@]} -gt 0 ]; then script_section kakuro Kakuro; fi
    if [ ${#tenpairs[@]} -gt 0 ]; then script_section tenpair Tenpair; fi
    for f in ${parallels[@]+"${parallels[@]}"}; do parallel_section "$f"; done
    if [ -f "$dir/micro.json" ]; then micro_section "$dir/micro.json"; fi
} >"$tmpout"
mv -f "$tmpout" "$out"
echo "$prog: wrote $out" >&2
