#!/usr/bin/env bash
# scaling.sh — the scaling experiments, for machines with many cores.
# Threads (default): the parallel count of 2x7 at 1, 2, 4, ... threads up to every
# core, one run at a time, threads bound to cores. Writes
# OUT/notouch-<cores>core-parallel.csv and .meta, which scripts/report.sh picks up
# beside the default results.
# Ranks (--mpi): the default notouch sweep (bench/families/notouch/notouch.sweep; SWEEP=FILE
# overrides it) under mpirun at 1, 2, 4, ... ranks up to every core, each rank one
# thread bound to its own core; writes OUT/notouch-mpi-np<N>.csv and .meta for each,
# and OUT/notouch-mpi-scaling.csv: ranks, wall seconds of the whole sweep, and the
# ratio to one rank. MPIRUN overrides the launcher ("mpirun --allow-run-as-root
# --oversubscribe" by default; e.g. "srun" inside a Slurm allocation).
# usage: scripts/scaling.sh [--mpi] [OUT_DIR]     (default results; PUZZLEBENCH=path
#        overrides the binary, default build/puzzlebench, built by scripts/setup.sh)
# A relative path, in OUT_DIR, PUZZLEBENCH or SWEEP, names a file from the folder the
# script was run in.
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
set -euo pipefail
# OUT_DIR, when relative, names a folder from where the script was run, not the root.
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
cd_root
mpi=0
if [ "${1:-}" = --mpi ]; then
    mpi=1
    shift
fi
usage="usage: scripts/scaling.sh [--mpi] [OUT_DIR]"
case ${1:-} in -*) echo "scaling.sh: unknown option '$1' ($usage)" >&2; exit 2 ;; esac
[ $# -le 1 ] || { echo "scaling.sh: unexpected argument '$2' ($usage)" >&2; exit 2; }
out=${1:-results}
[ $# = 0 ] || from_caller out
out_dir_check scaling.sh "$out"
env_from_caller --program PUZZLEBENCH
env_from_caller SWEEP
pb=${PUZZLEBENCH:-build/puzzlebench}
if [ ! -x "$pb" ]; then
    # A program named but missing is a mistake to say, not a reason to build this tree.
    [ -z "${PUZZLEBENCH:-}" ] || { echo "scaling.sh: PUZZLEBENCH=$pb: not an executable file" >&2; exit 2; }
    scripts/setup.sh
fi
cores=$("$pb" info | awk -F': ' '$1 == "cores" { print $2 }')
counts=1
for ((t = 2; t < cores; t *= 2)); do counts="$counts $t"; done
[ "$cores" -gt 1 ] && counts="$counts $cores"
mkdir -p "$out"
if [ $mpi -eq 0 ]; then
    echo "scaling.sh: $cores cores, search threads: $counts"
    # exec: a SIGINT or SIGTERM (e.g. from timeout) reaches the sweep, which then keeps
    # the rows it finished. --force: a rerun starts the sweep over.
    exec "$pb" sweep bench/families/notouch/notouch-scaling.sweep --out "$out" --name "notouch-${cores}core-parallel" --force \
        --search-threads "$counts" --bind core
fi
sweep=${SWEEP:-bench/families/notouch/notouch.sweep}
read -r -a launcher <<<"${MPIRUN:-mpirun --allow-run-as-root --oversubscribe}"
echo "scaling.sh --mpi: $cores cores, ranks: $counts, sweep $sweep"
summary=$out/notouch-mpi-scaling.csv
echo "ranks,wall_s,ratio_to_1" >"$summary"
one=
for np in $counts; do
    t0=$(date +%s.%N)
    OMP_NUM_THREADS=1 "${launcher[@]}" -np "$np" "$pb" sweep "$sweep" --out "$out" \
        --name "notouch-mpi-np$np" --force --bind core -q
    t1=$(date +%s.%N)
    wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
    one=${one:-$wall}
    ratio=$(awk -v w="$wall" -v o="$one" 'BEGIN { printf "%.3f", w / o }')
    echo "$np,$wall,$ratio" >>"$summary"
    echo "scaling.sh --mpi: $np ranks: $wall s ($ratio of one rank)"
done
echo "wrote $summary"
