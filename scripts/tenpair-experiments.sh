#!/usr/bin/env bash
# tenpair-experiments.sh — the tenpair (crossing-out game) experiments. Called by
# run.sh; writes OUT/tenpair-{bound,wins,rules,threads}.csv, each with a .meta
# beside it (the first run's metadata, with run_id= listing every run's id, the
# last run's load and governor at the end, experiment=... and the parameters) and
# the first run's .topology.xml. Every row's run_id is in its file's run_id= line.
# Every run is one `puzzlebench solve|count tenpair ... --csv` into a temporary
# folder; the rows are then joined under one header and each file is moved into
# place whole (through a hidden temporary file in OUT), so a stopped script leaves
# the old files, never half-written ones. The report's tenpair section
# (scripts/analysis/sections/tenpair.py) reads them; the few computations between
# runs are in scripts/analysis/tenpair_experiment.py.
#
# usage: scripts/tenpair-experiments.sh [--out DIR | DIR] [--quick] [--bin FILE]
#   --out DIR   where the files go, also as the one argument (default results, in
#               the source tree)
#   --quick     small bounds and limits everywhere: the whole script in well under
#               a minute (for development and tests); the files say quick=1
#   --bin FILE  the puzzlebench binary (default build/puzzlebench, in the source
#               tree); relative paths given are taken from the current directory
# PB_TENPAIR_MAX=L   the bound of the wins-per-length count (default 100; 80 quick)
# PB_TENPAIR_PUSH=S  also tenpair-push.csv: the compact count on every CPU at bounds
#                    100, 102, ... until one does not finish within S seconds (or,
#                    from the growth so far, would take 1.3 S or more); off unless set
#
# The experiments (default rules unless said: 1..19 without 10, 9 a row, wrap on,
# append when stuck):
#   tenpair-bound.csv    per engine (bfs, best-first, compact): the shortest win
#                        within the largest bound (unbounded, bfs runs out of
#                        memory), and count mode at bounds 68, 72, ..., 100; an
#                        engine's larger bounds are skipped once a bound took over
#                        60 s or stopped at a limit. Every run: --max-memory 3G,
#                        --time-limit 300.
#   tenpair-wins.csv     length,wins,cumulative from one compact count up to
#                        PB_TENPAIR_MAX (lengths with at least one win); the count's
#                        status, time and totals are in its .meta.
#   tenpair-rules.csv    the rule switches: append stuck|any x wrap on|off, width 7,
#                        8 and 10, and starts 1..15 and 1..25; per variant the
#                        shortest win (--max-length 120 --time-limit 60 --max-memory
#                        1G) and a count up to 90 (--time-limit 5 --max-memory 2G;
#                        the count overruns its time limit by up to ~25 s where a
#                        length layer is large).
#                        A run stopped at a limit is a row with status limit or nomem.
#   tenpair-threads.csv  compact count up to 100 at 1, 2, 4, ... threads and nproc,
#                        3 reps each (reps are the outer loop, so drift spreads).
#   tenpair-levels.csv   the compact count up to PB_TENPAIR_LEVELS_MAX (default 106;
#                        84 quick) on one thread, level by level
#                        (--levels): per written length the sequences, states
#                        expanded, the largest one sequence's search, records written
#                        and memory; the report's model of the count over MPI ranks
#                        projects from it. The count's totals are in its .meta.
set -euo pipefail
prog=${0##*/}
script_command="scripts/tenpair-experiments.sh${*:+ $(printf '%q ' "$@")}"
script_command=${script_command% }
die() { printf '%s: %s\n' "$prog" "$*" >&2; exit 1; }
usage="usage: $prog [--out DIR | DIR] [--quick] [--bin FILE]"

out=
quick=${PB_QUICK:-0} # run.sh --quick sets PB_QUICK=1
pb=
while [ $# -gt 0 ]; do
    case $1 in
        --out) [ -n "${2:-}" ] || die "--out needs a directory ($usage)"; out=$2; shift 2 ;;
        --out=*) out=${1#--out=}; [ -n "$out" ] || die "--out needs a directory ($usage)"; shift ;;
        --quick) quick=1; shift ;;
        --bin) [ -n "${2:-}" ] || die "--bin needs a file ($usage)"; pb=$2; shift 2 ;;
        --bin=*) pb=${1#--bin=}; [ -n "$pb" ] || die "--bin needs a file ($usage)"; shift ;;
        -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        -*) die "unknown argument '$1' ($usage)" ;;
        *) [ -z "$out" ] || die "unexpected argument '$1' ($usage)"; out=$1; shift ;;
    esac
done
# Paths given are relative to where the script was started; it runs from the root.
case $out in '' | /*) ;; *) out=$PWD/$out ;; esac
case $pb in '' | /*) ;; *) pb=$PWD/$pb ;; esac
cd "$(dirname "$0")/.."
out=${out:-results}
pb=${pb:-build/puzzlebench}
[ -x "$pb" ] || die "$pb not found or not executable (build first: scripts/setup.sh, or give --bin)"
"$pb" solve tenpair --help >/dev/null 2>&1 || die "$pb has no tenpair family (solve tenpair --help failed)"
mkdir -p "$out" || die "cannot create $out"
calc=(python3 scripts/analysis/tenpair_experiment.py)

# ---------------------------------------------------------------------------
# Parameters.
# ---------------------------------------------------------------------------
engines="bfs best-first compact"
skip_s=60                 # bound: an engine stops after a bound that took longer
if [ "$quick" = 1 ]; then
    bounds="68 70 72 74 76"; bound_mem=512M; bound_tl=20
    wins_max=${PB_TENPAIR_MAX:-80}
    rules_solve=(--max-length 80 --time-limit 2 --max-memory 256M)
    rules_count_max=76; rules_count=(--time-limit 1 --max-memory 256M)
    threads_max=76; reps=2
    levels_max=${PB_TENPAIR_LEVELS_MAX:-84}
else
    bounds=$(seq 68 4 100 | tr '\n' ' '); bound_mem=3G; bound_tl=300
    wins_max=${PB_TENPAIR_MAX:-100}
    rules_solve=(--max-length 120 --time-limit 60 --max-memory 1G)
    rules_count_max=90; rules_count=(--time-limit 5 --max-memory 2G)
    threads_max=100; reps=3
    levels_max=${PB_TENPAIR_LEVELS_MAX:-106}
fi
bound_top=${bounds%% }; bound_top=${bound_top##* }
case $wins_max in '' | *[!0-9]*) die "PB_TENPAIR_MAX: expected a length such as 110, got '$wins_max'" ;; esac
case $levels_max in '' | *[!0-9]*) die "PB_TENPAIR_LEVELS_MAX: expected a length such as 110, got '$levels_max'" ;; esac

ncpu=$(nproc 2>/dev/null || echo 1)
threads_list=1
t=2
while [ "$t" -le "$ncpu" ]; do threads_list="$threads_list $t"; t=$((t * 2)); done
case " $threads_list " in *" $ncpu "*) ;; *) threads_list="$threads_list $ncpu" ;; esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pbtenpair.XXXXXX")
trap 'rm -rf "$tmp"; rm -f "$out"/.tenpair-*.tmp.$$' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---------------------------------------------------------------------------
# run EXP solve|count ARGS... — one puzzlebench run, its row in $tmp/EXP-NNNN.csv
# (+ .meta, and its stdout in .out). Exit 0 (a win), 1 (none within the bound) and
# 3 (stopped at a limit) are results; anything else stops the script. Sets
# last_status and last_wall from the row.
# ---------------------------------------------------------------------------
nrun=0
run() {
    local exp=$1 cmd=$2 f rc=0
    shift 2
    nrun=$((nrun + 1))
    f=$tmp/$exp-$(printf '%04d' "$nrun")
    "$pb" "$cmd" tenpair "$@" --csv "$f.csv" >"$f.out" 2>"$f.err" || rc=$?
    case $rc in
        0 | 1 | 3) ;;
        *) die "puzzlebench $cmd tenpair $* failed (exit $rc): $(head -n 3 "$f.err" | tr '\n' ' ')" ;;
    esac
    if [ ! -s "$f.csv" ] || [ ! -s "$f.csv.meta" ] || [ ! -s "$f.csv.topology.xml" ]; then
        die "puzzlebench $cmd tenpair $* wrote no $f.csv (+ .meta, .topology.xml)"
    fi
    read -r last_status last_wall < <("${calc[@]}" fields "$f.csv" status wall_s) || true
    [ -n "${last_status:-}" ] || die "$f.csv: no status in its row"
    printf '  %-7s %-5s %-60s %-7s %6.2f s\n' "$exp" "$cmd" "$*" "$last_status" "$last_wall" >&2
}

# publish EXP KEY=VALUE... — joins $tmp/EXP-*.csv under one header into
# OUT/tenpair-EXP.csv and writes OUT/tenpair-EXP.meta: the first run's meta with
# run_id= listing every run's id (space-separated) and the last run's load_end,
# loadavg_end and governor_end, then script=..., experiment=tenpair-EXP, quick=0|1
# and the given keys; and the first run's topology as OUT/tenpair-EXP.topology.xml.
# Each file atomically.
publish() {
    local exp=$1 dest=$out/tenpair-$1.csv part=$out/.tenpair-$1.tmp.$$ first last kv ids
    shift
    local files=("$tmp/$exp"-[0-9]*.csv)
    [ -e "${files[0]}" ] || die "no runs for tenpair-$exp"
    first=${files[0]}
    last=${files[${#files[@]} - 1]}
    ids=$(sed -n 's/^run_id=//p' "${files[@]/%/.meta}" | tr '\n' ' ')
    ids=${ids% }
    [ -n "$ids" ] || die "tenpair-$exp: no run_id= in the runs' .meta"
    { head -n 1 "$first"; tail -q -n +2 "${files[@]}"; } | tr -d '\r' >"$part"
    mv -f "$part" "$dest"
    {
        awk -v ids="$ids" -v last="$last.meta" '
            BEGIN {
                while ((getline l < last) > 0) {
                    k = l; sub(/=.*/, "", k)
                    if (k == "load_end" || k == "loadavg_end" || k == "governor_end") end[k] = l
                }
            }
            /^run_id=/ { print "run_id=" ids; next }
            { k = $0; sub(/=.*/, "", k); if (k in end) print end[k]; else print }' "$first.meta"
        echo "script=$script_command"
        echo "experiment=tenpair-$exp"
        echo "quick=$quick"
        for kv in "$@"; do echo "$kv"; done
    } >"$part"
    mv -f "$part" "${dest%.csv}.meta"
    cp -f "$first.topology.xml" "$part"
    mv -f "$part" "${dest%.csv}.topology.xml"
    echo "$prog: wrote $dest ($((${#files[@]})) runs)" >&2
}

start=$(date +%s)

# --- bound: work and memory against the length bound, per engine ----------------
echo "== tenpair: engines against the length bound" >&2
for e in $engines; do
    run bound solve --engine "$e" --max-length "$bound_top" --max-memory "$bound_mem" --time-limit "$bound_tl"
    stopped=
    for L in $bounds; do
        if [ -n "$stopped" ]; then
            echo "  bound   count $e --max-length $L: skipped ($stopped)" >&2
            continue
        fi
        run bound count --engine "$e" --max-length "$L" --max-memory "$bound_mem" --time-limit "$bound_tl"
        if [ "$last_status" != "done" ]; then
            stopped="bound $L stopped: $last_status"
        elif "${calc[@]}" over "$last_wall" "$skip_s"; then
            stopped="bound $L took $last_wall s"
        fi
    done
done
publish bound "bounds=$(echo "$bounds" | tr -s ' ' ',' | sed 's/,$//')" "max_memory=$bound_mem" \
    "time_limit=$bound_tl" "skip_after_s=$skip_s"

# --- wins: wins per length, one compact count -------------------------------------
echo "== tenpair: wins per length up to $wins_max" >&2
run wins count --engine compact --max-length "$wins_max" --max-memory 3G
wf=$tmp/wins-$(printf '%04d' "$nrun")
wins_status=$last_status
"${calc[@]}" wins-table "$wf.out" "$(sed -n 's/^run_id=//p' "$wf.csv.meta")" >"$tmp/wins.table"
read -r w_wins w_expanded w_nodes w_peak w_wall < <("${calc[@]}" fields "$wf.csv" wins expanded nodes peak_bytes wall_s)
row="count_wins=$w_wins count_expanded=$w_expanded count_nodes=$w_nodes count_peak_bytes=$w_peak count_wall_s=$w_wall"
# The table replaces the run's row; the row's figures go to the .meta.
mv -f "$tmp/wins.table" "$wf.csv"
# shellcheck disable=SC2086  # row: space-separated key=value words
publish wins "max_length=$wins_max" engine=compact "count_status=$wins_status" $row

# --- rules: the rule switches ----------------------------------------------------
echo "== tenpair: rule switches" >&2
variants=("" "--append any" "--wrap off" "--append any --wrap off" "--width 7" "--width 8" "--width 10"
    "--upto 15" "--upto 25")
for v in "${variants[@]}"; do
    # shellcheck disable=SC2086  # v: the variant's options, word-split on purpose
    run rules solve --engine compact $v "${rules_solve[@]}"
    # shellcheck disable=SC2086
    run rules count --engine compact $v --max-length "$rules_count_max" "${rules_count[@]}"
done
publish rules "solve_options=${rules_solve[*]}" "count_max_length=$rules_count_max" \
    "count_options=${rules_count[*]}"

# --- threads: compact count scaling ------------------------------------------------
echo "== tenpair: compact count, threads $threads_list" >&2
for ((r = 1; r <= reps; r++)); do
    for t in $threads_list; do
        run threads count --engine compact --max-length "$threads_max" --threads "$t" --max-memory 3G
    done
done
publish threads "max_length=$threads_max" "reps=$reps" "threads_list=$(echo "$threads_list" | tr ' ' ',')" \
    "nproc=$ncpu"

# --- levels: the count level by level, the input of the report's MPI model ---------
echo "== tenpair: the count level by level up to $levels_max" >&2
lf=$tmp/levels-$(printf '%04d' "$((nrun + 1))")
run levels count --engine compact --max-length "$levels_max" --threads 1 --max-memory 3G --levels "$lf.levels"
levels_status=$last_status
read -r l_wins l_expanded l_peak l_wall < <("${calc[@]}" fields "$lf.csv" wins expanded peak_bytes wall_s)
row="count_wins=$l_wins count_expanded=$l_expanded count_peak_bytes=$l_peak count_wall_s=$l_wall"
# The per-length table, each row with the run's id, replaces the run's row; the
# row's figures go to the .meta.
l_id=$(sed -n 's/^run_id=//p' "$lf.csv.meta")
awk -F, -v id="$l_id" 'NR == 1 { print $0 ",run_id"; next } { print $0 "," id }' "$lf.levels" >"$lf.csv"
publish levels "max_length=$levels_max" engine=compact "count_status=$levels_status" $row

# --- push: how far the compact count goes within a time budget (opt-in) ----------
if [ -n "${PB_TENPAIR_PUSH:-}" ]; then
    case $PB_TENPAIR_PUSH in '' | *[!0-9]*) die "PB_TENPAIR_PUSH: expected seconds such as 600, got '$PB_TENPAIR_PUSH'" ;; esac
    echo "== tenpair: compact count on $ncpu threads, bounds 100, 102, ... while one fits in $PB_TENPAIR_PUSH s" >&2
    L=100 prev=
    while :; do
        run push count --engine compact --max-length "$L" --threads "$ncpu" \
            --time-limit "$PB_TENPAIR_PUSH" --max-memory 8G
        [ "$last_status" = done ] || break
        # Each +2 of length has multiplied the work by about the same factor: skip
        # the next bound when that factor says it would take 1.3x the budget or more.
        if [ -n "$prev" ] && "${calc[@]}" next-over "$last_wall" "$prev" "$PB_TENPAIR_PUSH"; then
            echo "  push    bound $((L + 2)) skipped: predicted over 1.3x the budget" >&2
            break
        fi
        prev=$last_wall
        L=$((L + 2))
    done
    publish push "time_budget_s=$PB_TENPAIR_PUSH" "threads=$ncpu"
fi

echo "$prog: done in $(($(date +%s) - start)) s" >&2
