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
#   - per <family>-parallel.csv: the speedup plot, a table of median wall_s,
#     speedup and steps per engine/order and thread count, "2 threads vs 1";
#   - micro.json (Google Benchmark), if present: name, real_time, unit, steps.
# Medians come from `plot.sh --medians` / `--speedup` (status=done rows only,
# median over reps), so the report and the plots always agree.
set -euo pipefail

export LC_ALL=C
prog=${0##*/}
die() { printf '%s: %s\n' "$prog" "$*" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
plot=$here/plot.sh

noplots=0
while [ $# -gt 0 ]; do
    case $1 in
        --no-plots) noplots=1; shift ;;
        -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        --) shift; break ;;
        -*) die "unknown option $1 (usage: $prog [--no-plots] [RESULTS_DIR])" ;;
        *) break ;;
    esac
done
[ $# -le 1 ] || die "usage: $prog [--no-plots] [RESULTS_DIR]"
dir=${1:-results}
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
STD_KEYS="date commit host cpu packages cores pus compiler flags build_type threads bind"

# meta_get FILE KEY — the value of KEY (text after the first "="), or nothing.
meta_get() {
    [ -r "$1" ] || return 0
    awk -v k="$2" '{ sub(/\r$/, "") } index($0, "=") { if (substr($0, 1, index($0, "=") - 1) == k) { print substr($0, index($0, "=") + 1); exit } }' "$1"
}

# md STRING — STRING with "|" escaped for a markdown table cell.
md() { printf '%s' "$1" | sed 's/|/\\|/g'; }

# meta_line FILE — "key=value" of FILE's non-standard keys, and of standard keys
# that differ from the primary meta file, as one markdown line (or nothing).
meta_line() {
    local f=$1
    [ -r "$f" ] || { echo "_(no ${f##*/})_"; return; }
    awk -v std="$STD_KEYS" -v pm="${primary_meta:-}" '
        function esc(s) { gsub(/\|/, "\\|", s); gsub(/`/, "\047", s); return s }
        BEGIN {
            n = split(std, a, " "); for (i = 1; i <= n; i++) isstd[a[i]] = 1
            if (pm != "") while ((getline l < pm) > 0) {
                sub(/\r$/, "", l); e = index(l, "=")
                if (e) prim[substr(l, 1, e - 1)] = substr(l, e + 1)
            }
        }
        { sub(/\r$/, "") }
        !index($0, "=") { next }
        { k = substr($0, 1, index($0, "=") - 1); v = substr($0, index($0, "=") + 1) }
        {
            if (!(k in isstd)) extra = extra (extra == "" ? "" : ", ") "`" esc(k "=" v) "`"
            else if (!(k in prim) || prim[k] != v) diff = diff (diff == "" ? "" : ", ") "`" esc(k "=" v) "`"
        }
        END {
            s = ""
            if (extra != "") s = "Run parameters: " extra "."
            if (diff != "") s = s (s == "" ? "" : " ") "Differs from the environment above: " diff "."
            if (s != "") print s
        }' "$f"
}

# fmt helpers for awk programs
AWK_FMT='
function fs(x) { if (x == "-" || x == "") return "-"; if (x + 0 != 0 && x + 0 < 1e-6 && x + 0 > -1e-6) return sprintf("%.3g", x); return sprintf("%.6f", x) }
function fi(x) { if (x == "-" || x == "") return "-"; return sprintf("%.0f", x) }
function esc(s) { gsub(/\|/, "\\|", s); return s }
'

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
    awk "$AWK_FMT"'
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
            print "| benchmark | real_time | unit | steps | iterations |"
            print "|---|---:|---|---:|---:|"
            for (b = 1; b <= nb; b++) {
                stp = st[b]; if (stp != "-") stp = (stp + 0 == int(stp + 0) && stp + 0 < 1e15) ? sprintf("%.0f", stp) : sprintf("%.4g", stp)
                printf "| `%s` | %s | %s | %s | %s |\n", esc(nm[b]), fs(rt[b]), tu[b], stp, fi(it[b])
            }
        }' "$json"
}

# ---------------------------------------------------------------------------
families=()
parallels=()
for f in "$dir"/*.csv; do
    [ -e "$f" ] || continue
    case $f in *-parallel.csv) parallels+=("$f") ;; *) families+=("$f") ;; esac
done

# The environment comes from the first family's .meta (else any .meta).
primary_meta=
for f in ${families[@]+"${families[@]}"} ${parallels[@]+"${parallels[@]}"}; do
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
    if [ ${#families[@]} -eq 0 ] && [ ${#parallels[@]} -eq 0 ]; then
        echo
        echo "_No result CSV files in this directory._"
    fi
    for f in ${families[@]+"${families[@]}"}; do family_section "$f"; done
    for f in ${parallels[@]+"${parallels[@]}"}; do parallel_section "$f"; done
    if [ -f "$dir/micro.json" ]; then micro_section "$dir/micro.json"; fi
} >"$tmpout"
mv -f "$tmpout" "$out"
echo "$prog: wrote $out" >&2
