#!/usr/bin/env bash
# run.sh — the main job: sets everything up (scripts/setup.sh), runs the default
# experiments of every family, and regenerates results/: the CSVs with their
# metadata, the Google Benchmark JSON, the plots and REPORT.md.
# The experiments come from the program: `puzzlebench families --csv` names, per
# family, the sweeps (bench/families/FAMILY/NAME.sweep) to run, and the commands of its
# own to run after them (its experiments, such as a table of counts).
# usage: scripts/run.sh [--quick | --full] [OUT_DIR]  (default results; results-quick with --quick)
#   --quick   every family's sweeps and experiments and the method study in a small
#             version (sweep --quick, the experiments' --quick, PB_QUICK=1 for
#             scripts/method-study.sh, short micro-benchmarks):
#             a complete, smaller report whose REPORT.md says it is a quick run
#   --full    the experiments in their full size (their --full), which the main job
#             leaves out for taking hours or most of the memory: notouch-table's
#             boards of 31 and 32 cells (2x16 and 4x8, each skipped with a reason
#             where its tables do not fit the memory free)
# Each phase says how long it took the last time (OUT/run-phases.tsv) and how much of
# that run is left; the load is warned of once, at the start.
# Then each family's experiment scripts (bench/families/FAMILY/*.sh), such as a count
# sharded over MPI ranks, where what they need is installed.
# Then the harness measures its own method (scripts/method-study.sh: false positives,
# detection of a known slowdown, interval widths, for independent, alternating and
# duet comparisons), and the report is written: first, a result of another commit
# still in OUT_DIR goes (scripts/drop-stale.sh), so that the report is one commit's.
# The sweeps start over (sweep --force) over the files of an earlier run in OUT_DIR;
# PB_RESUME=1 continues them instead (sweep --resume: a complete sweep is kept; a tool
# sweep, which cannot resume, is made again, and said).
# PB_TDOKU=RUN_BENCHMARK and PB_TDOKU_SETS=DIR add sudoku `logic` beside tdoku
# (scripts/tdoku.sh), which the project cannot build itself.
# A relative path, in OUT_DIR or in a variable (PB_TDOKU, PB_TDOKU_SETS, PUZZLEBENCH, a
# collection's folder such as PB_KAKURO_PUBLIC), names a file from the folder run.sh
# was run in, though it runs from the repository root.
set -euo pipefail
# --help: the comment above, which is the whole of what the options do
case ${1:-} in -h | --help) sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
# OUT_DIR, when relative, names a folder from where the script was run, not the root.
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
cd_root
quick=0 full=0
if [ "${1:-}" = --quick ]; then quick=1; shift; elif [ "${1:-}" = --full ]; then full=1; shift; fi
usage="usage: scripts/run.sh [--quick | --full] [OUT_DIR]"
case ${1:-} in -*) echo "run.sh: unknown option '$1' ($usage)" >&2; exit 2 ;; esac
# An option after OUT_DIR would otherwise be dropped: --quick there ran the whole job.
[ $# -le 1 ] || { echo "run.sh: unexpected argument '$2' ($usage)" >&2; exit 2; }
out=${1:-results}
if [ "$quick" = 1 ]; then out=${1:-results-quick}; fi
[ $# = 0 ] || from_caller out
out_dir_check run.sh "$out"
# Paths in variables name files from the caller's folder too; exported absolute, they
# reach what runs from the root: the program (its scripts, tdoku.sh and the report read
# PUZZLEBENCH), tdoku's, and the folders of the sweeps' collections (collection-env).
mapfile -t collections < <(cat bench/families/*/*.sweep 2>/dev/null |
    sed -nE 's/^collection-env[[:space:]]+([A-Za-z_][A-Za-z0-9_]*).*/\1/p' | sort -u)
env_from_caller --program PUZZLEBENCH PB_TDOKU
env_from_caller PB_TDOKU_SETS "${collections[@]}"
# tdoku runs last, hours in: its variables are checked now (tdoku.sh checks the sets).
if [ -n "${PB_TDOKU:-}" ]; then
    [ -n "${PB_TDOKU_SETS:-}" ] || { echo "run.sh: PB_TDOKU needs PB_TDOKU_SETS, the folder of the tdoku sets" >&2; exit 2; }
    [ -d "$PB_TDOKU_SETS" ] || { echo "run.sh: PB_TDOKU_SETS=$PB_TDOKU_SETS: not a folder (the tdoku sets)" >&2; exit 2; }
    [[ $PB_TDOKU == */* && -f $PB_TDOKU && -x $PB_TDOKU ]] ||
        { echo "run.sh: PB_TDOKU=$PB_TDOKU: not an executable file (tdoku's run_benchmark)" >&2; exit 2; }
fi
export PB_QUICK=$quick
sweep_opts=(--force)
if [ "${PB_RESUME:-0}" = 1 ]; then sweep_opts=(--resume); fi
micro_time=0.1
# The micro-benchmark cases each family marks as taking minutes or gigabytes are left
# out (puzzlebench-micro --cases default; --cases all --benchmark_filter=NAME runs any
# of them alone); a quick run also leaves out those of seconds (--cases quick).
micro_cases=default
if [ "$quick" = 1 ]; then
    sweep_opts+=(--quick)
    micro_time=0.01
    micro_cases=quick
fi
scripts/setup.sh
mkdir -p "$out"
pb=build/puzzlebench

# One load warning for the whole run (each result's .meta still records its own).
cores=$(nproc)
if awk -v c="$cores" '{ exit !($1 > 0.2 * c) }' /proc/loadavg; then
    echo "run.sh: warning: 1-minute load $(cut -d' ' -f1 /proc/loadavg) is over 0.2 per core ($cores cores): timings may be noisy" >&2
fi
export PB_LOAD_WARNED=1

# Phase times: each phase's seconds go to OUT/run-phases.tsv; the last run's file, when
# there is one, gives an estimate of the time left.
phases_before=$out/run-phases.tsv
declare -A last_s=()
if [ -f "$phases_before" ]; then
    while IFS=$'\t' read -r name secs; do last_s[$name]=$secs; done < <(tail -n +2 "$phases_before")
fi
phases_now=$(mktemp)
# An interrupted run leaves neither its phase times nor its list of families behind.
trap 'rm -f "$phases_now" "$out/.families"' EXIT
printf 'phase\tseconds\n' >"$phases_now"
phase_name='' phase_t0=0
# phase NAME: ends the phase before (its time kept) and starts NAME, saying how long
# it took last time and how much of the last run is left.
phase() {
    local now left=0 k
    now=$(date +%s)
    [ -n "$phase_name" ] && printf '%s\t%s\n' "$phase_name" $((now - phase_t0)) >>"$phases_now"
    phase_name=$1 phase_t0=$now
    [ -n "$1" ] || return 0
    for k in "${!last_s[@]}"; do cut -f1 "$phases_now" | grep -qxF "$k" || left=$((left + last_s[$k])); done
    if [ -n "${last_s[$1]:-}" ]; then
        echo "== $1 (took ${last_s[$1]} s last time; about $left s of the run left; $((now - start)) s so far)"
    else
        echo "== $1 ($((now - start)) s so far)"
    fi
}

start=$(date +%s)
"$pb" info >"$out/machine.txt"
# name,default_engine,sweeps,experiments,summary: the first four have no commas. A
# sweep that exits 77 was skipped (a collection the project does not ship is absent).
"$pb" families --csv | tail -n +2 >"$out/.families"
while IFS=, read -r family _ sweeps _ _; do
    for sweep in $sweeps; do
        phase "$family: sweep $sweep"
        rc=0
        file=bench/families/$family/$sweep.sweep opts=("${sweep_opts[@]}")
        # A tool sweep (key `tool`) refuses --resume: it keeps no rows until it ends.
        if [ "${opts[0]}" = --resume ] && grep -Eq '^tool[[:space:]]' "$file"; then
            opts[0]=--force
            echo "run.sh: $sweep is a tool sweep, which cannot resume: made again (--force)" >&2
        fi
        "$pb" sweep "$file" --out "$out" "${opts[@]}" || rc=$?
        [ "$rc" = 0 ] || [ "$rc" = 77 ] || exit "$rc"
    done
done <"$out/.families"
# Then each family's experiments: commands of its own that write their files into OUT
# (a table of counts, say), sized by the command to the machine it runs on.
while IFS=, read -r family _ _ experiments _; do
    for command in $experiments; do
        phase "$family: $command"
        size=()
        if [ "$quick" = 1 ]; then size=(--quick); elif [ "$full" = 1 ]; then size=(--full); fi
        "$pb" "$command" --out "$out" "${size[@]}"
    done
done <"$out/.families"
# Then each family's experiment scripts, bench/families/FAMILY/*.sh: runs that take more
# than one puzzlebench process (mpirun, say), each given OUT; exit 77: skipped (what it
# needs is not installed), which it says.
while IFS=, read -r family _ _ _ _; do
    for script in bench/families/"$family"/*.sh; do
        [ -f "$script" ] || continue
        phase "$family: ${script##*/}"
        rc=0
        "$script" "$out" || rc=$?
        [ "$rc" = 0 ] || [ "$rc" = 77 ] || exit "$rc"
    done
done <"$out/.families"
rm -f "$out/.families"
phase "the harness's own method"
scripts/method-study.sh "$out"
phase "micro-benchmarks (Google Benchmark)"
build/puzzlebench-micro --benchmark_min_time=$micro_time --benchmark_repetitions=$((quick ? 1 : 3)) --cases "$micro_cases" \
    --json "$out/micro.json" >"$out/micro.txt" 2>"$out/micro.err" || { cat "$out/micro.err" >&2; exit 1; }
# Debian's libbenchmark is built without NDEBUG and says so on every run; it times
# puzzlebench's code, which is built Release. Said once here, the rest kept in micro.err.
if grep -q "built as DEBUG" "$out/micro.txt" "$out/micro.err"; then
    echo "run.sh: note: Debian's libbenchmark reports itself built as DEBUG; the code it times is built Release"
fi
grep -v "built as DEBUG" "$out/micro.err" >&2 || true
if [ -n "${PB_TDOKU:-}" ]; then
    phase "beside tdoku (scripts/tdoku.sh)"
    scripts/tdoku.sh "$PB_TDOKU" "$PB_TDOKU_SETS" "$out"
fi
phase "plots and report"
# A result of another commit still here (a sweep skipped for want of its data, a phase
# not asked for) would mix two commits in the report.
scripts/drop-stale.sh "$out" "$("$pb" info | sed -n 's/^commit: //p')"
scripts/report.sh "$out"
phase ""
mv -f "$phases_now" "$out/run-phases.tsv"
echo "run.sh: done in $(($(date +%s) - start)) s; phase times in $out/run-phases.tsv; see $out/REPORT.md"
