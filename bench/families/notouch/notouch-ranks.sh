#!/usr/bin/env bash
# notouch-ranks.sh — path-dp's count sharded over MPI ranks, measured for the report's
# scale model (notouch_ranks.py beside it): each board of BOARDS counted under mpirun
# at each of RANKS ranks, one thread a rank; rank 0's lines give the wall time, the
# plan per rank, and each rank's peak and bytes sent. The first board is counted
# REPEATS times at each rank count, the rounds alternated, since the model is fitted
# on its medians (one run of it follows the machine's spells); the others once. Then
# the plans alone (--max-memory 1K: the engine stops before it allocates) of each
# board of PLAN_BOARDS at each of PLAN_RANKS ranks and in one process. More ranks than
# cores share them (--oversubscribe): the .meta records the cores, and the model says
# so. Writes OUT/notouch-ranks.tsv, one row a rank of a run (a plan: one row, rank -;
# `repeat` numbers a board's rounds from 0), and its .meta (`puzzlebench meta`).
# Exits non-zero when a count fails or two rank counts of one board disagree; 77
# (skipped) without the launcher. scripts/run.sh runs it.
# The first board calibrates the model and the others check it: 5x6 is a board of
# gigabytes, as 4x8 and 6x6 are, yet fits one process at 1 rank, which 4x8 hardly does.
# usage: bench/families/notouch/notouch-ranks.sh [OUT_DIR]  (default results)
#   PB_QUICK=1: small boards (run.sh --quick)
#   BOARDS="3x9 4x7 5x6"  RANKS="1 2 4"  REPEATS=3  PLAN_BOARDS="4x8 6x6"  PLAN_RANKS="2 4 12 13 14 15 16"
#   PUZZLEBENCH=path (default build/puzzlebench)  MPIRUN (default "mpirun
#   --allow-run-as-root --oversubscribe -q")
set -euo pipefail
usage="usage: bench/families/notouch/notouch-ranks.sh [OUT_DIR]"
case ${1:-} in -h | --help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
-*) echo "notouch-ranks.sh: unknown option '$1' ($usage)" >&2; exit 2 ;; esac
[ $# -le 1 ] || { echo "notouch-ranks.sh: unexpected argument '$2' ($usage)" >&2; exit 2; }
# OUT_DIR and PUZZLEBENCH, when relative, name files from where the script was run.
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../../../scripts/lib.sh"
cd_root
out=${1:-results}
[ $# = 0 ] || from_caller out
out_dir_check notouch-ranks.sh "$out"
env_from_caller --program PUZZLEBENCH
pb=${PUZZLEBENCH:-build/puzzlebench}
if [ "${PB_QUICK:-0}" = 1 ]; then
    boards=${BOARDS:-4x5 4x6} plan_boards=${PLAN_BOARDS:-5x6}
else
    boards=${BOARDS:-3x9 4x7 5x6} plan_boards=${PLAN_BOARDS:-4x8 6x6}
fi
ranks=${RANKS:-1 2 4} plan_ranks=${PLAN_RANKS:-2 4 12 13 14 15 16} repeats=${REPEATS:-3}
[[ $repeats =~ ^[1-9][0-9]*$ ]] || { echo "notouch-ranks.sh: REPEATS=$repeats: expected a count of 1 or more" >&2; exit 2; }
read -r -a launcher <<<"${MPIRUN:-mpirun --allow-run-as-root --oversubscribe -q}"
command -v "${launcher[0]}" >/dev/null || { echo "notouch-ranks.sh: no ${launcher[0]}: nothing measured (skipped)" >&2; exit 77; }
[ -x "$pb" ] || { echo "notouch-ranks.sh: $pb: not built (scripts/setup.sh)" >&2; exit 2; }
mkdir -p "$out"
name=notouch-ranks
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export OMP_NUM_THREADS=1
cores=$("$pb" info | awk -F': ' '$1 == "cores" { print $2 }')
run_id=$("$pb" meta --out "$tmp/$name.meta" --begin --threads 1 \
    --command "bench/families/notouch/notouch-ranks.sh $out" family=notouch engine=path-dp adj=king \
    "boards=$boards" "ranks=$ranks" "calibration_repeats=$repeats" "plan_boards=$plan_boards" "plan_ranks=$plan_ranks" \
    threads_per_rank=1 "launcher=${launcher[*]}" "oversubscribe=ranks beyond the $cores cores share them")

tsv=$tmp/$name.tsv
printf 'run_id\tboard\tadj\tranks\tthreads\twhat\trank\tstatus\tsolutions\twall_s\tplanned_bytes\tpeak_bytes\tsent_bytes\tbase_bytes\trepeat\n' >"$tsv"
field() { sed -nE "/^solutions=/s/^(.* )?$1=([^ ]+).*/\\2/p" "$2"; }
json() { sed -nE "s/^  \"$1\": \"?([^\",]*)\"?,?$/\\1/p" "$2"; }
row() { local IFS=$'\t'; echo "$*" >>"$tsv"; }
# run NP ARGS...: `count notouch ARGS -e path-dp` at NP ranks into $tmp/o and $tmp/e.
run() {
    local np=$1
    shift
    "${launcher[@]}" -np "$np" "$pb" count notouch "$@" -e path-dp -t 1 -q >"$tmp/o" 2>"$tmp/e"
}
# plan NP BOARD: the plan per rank alone, the engine stopped before it allocates;
# prints the planned bytes and the largest peak of a rank that allocated nothing (the
# process and MPI's own memory, which the count's peak adds to its tables).
plan() {
    local rc=0
    run "$1" "$2" --max-memory 1K --json || rc=$?
    [ "$rc" = 3 ] || { cat "$tmp/e" >&2; echo "notouch-ranks.sh: plan of $2 at $1 rank(s): exit $rc, not 3" >&2; exit 1; }
    local bytes base
    bytes=$(sed -nE 's/.*path-dp: [0-9]+ ranks: ([0-9]+) bytes planned per rank.*/\1/p' "$tmp/e")
    base=$(sed -nE 's/.*path-dp: rank [0-9]+: peak ([0-9]+) bytes.*/\1/p' "$tmp/e" | sort -n | tail -n 1)
    if [ "$1" = 1 ]; then
        base=$(json peak_rss_bytes "$tmp/o")
        bytes=$("${launcher[@]}" -np 1 "$pb" count notouch "$2" -e path-dp -t 1 -q --max-memory 1K 2>/dev/null |
            sed -nE '/^solutions=/s/.* bytes=([0-9]+) .*/\1/p' || true)
    fi
    [ -n "$bytes" ] && [ -n "$base" ] || { echo "notouch-ranks.sh: plan of $2 at $1 ranks: no plan said" >&2; exit 1; }
    echo "$bytes $base"
}

rounds=$repeats
for b in $boards; do
    first=
    declare -A planned=() based=()
    for np in $ranks; do
        read -r p base < <(plan "$np" "$b") || exit 1
        planned[$np]=$p based[$np]=$base
    done
    for ((rep = 0; rep < rounds; rep++)); do
        for np in $ranks; do
            echo "notouch-ranks.sh: $b at $np ranks$( ((rounds > 1)) && echo ", round $((rep + 1)) of $rounds")"
            # One rank is one process, unsharded: its --json gives the peak (a sharded
            # run's rank 0 says each rank's).
            j=()
            [ "$np" = 1 ] && j=(--json)
            run "$np" "$b" "${j[@]}" || { cat "$tmp/e" >&2; echo "notouch-ranks.sh: $b at $np ranks failed" >&2; exit 1; }
            if [ "$np" = 1 ]; then
                sol=$(sed -nE 's/.*"stats": \{"solutions": ([0-9]+),.*/\1/p' "$tmp/o" | head -n 1)
                wall=$(sed -nE 's/.*"stats": \{.*"wall_s": ([0-9.e+-]+)\}.*/\1/p' "$tmp/o" | head -n 1)
                st=$(json status "$tmp/o")
                echo "0 $(json peak_rss_bytes "$tmp/o") 0" >"$tmp/ranks"
            else
                sol=$(field solutions "$tmp/o") wall=$(field wall_s "$tmp/o") st=$(field status "$tmp/o")
                sed -nE 's/^(puzzlebench: )?path-dp: rank ([0-9]+): peak ([0-9]+) bytes, sent ([0-9]+) bytes$/\2 \3 \4/p' \
                    "$tmp/e" >"$tmp/ranks"
            fi
            first=${first:-$sol}
            [ -n "$sol" ] && [ "$sol" = "$first" ] && [ "$st" = done ] && [ "$(wc -l <"$tmp/ranks")" = "$np" ] || {
                cat "$tmp/o" "$tmp/e" >&2
                echo "notouch-ranks.sh: $b at $np ranks: status $st, $sol solutions ($first at ${ranks%% *})" >&2
                exit 1
            }
            while read -r r peak sent; do
                row "$run_id" "$b" king "$np" 1 count "$r" "$st" "$sol" "$wall" "${planned[$np]}" "$peak" "$sent" \
                    "${based[$np]}" "$rep"
            done <"$tmp/ranks"
        done
    done
    unset planned based
    rounds=1
done
for b in $plan_boards; do
    for np in 1 $plan_ranks; do
        echo "notouch-ranks.sh: plan of $b at $np ranks"
        read -r p base < <(plan "$np" "$b") || exit 1
        row "$run_id" "$b" king "$np" 1 plan - nomem 0 0 "$p" 0 0 "$base" 0
    done
done
"$pb" meta --out "$tmp/$name.meta" --end "$tmp/$name.meta" >/dev/null
mv -f "$tsv" "$out/$name.tsv"
mv -f "$tmp/$name.topology.xml" "$out/$name.topology.xml"
mv -f "$tmp/$name.meta" "$out/$name.meta"
echo "notouch-ranks.sh: wrote $out/$name.tsv and its .meta"
