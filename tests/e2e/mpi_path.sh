#!/usr/bin/env bash
# mpi_path.sh — path-dp's count with its layers sharded over MPI ranks: at 2, 3 and 4
# ranks (5 to 7 on small boards) the count, steps and candidates are one process's,
# on boards of an even and an odd number of cells, square and not, both rules; the
# plan per rank shrinks with the ranks (asserted at 4 ranks on 5x5) and holds no
# whole index (6x6 at 8 and 12 ranks), --max-memory is per rank and refuses before
# anything runs; a step or time limit and a signal to one rank stop them all.
# Usage: mpi_path.sh PUZZLEBENCH SOURCE_DIR. Exit 77 (skip) without mpirun.
. "$(dirname "$0")/cli_lib.sh"
need_mpirun
export OMP_NUM_THREADS=1

# The stats line without its times and bytes: what one process and the ranks share.
counts() { grep '^solutions=' "$1" | sed -E 's/ (wall_s|elapsed_s|puzzles_per_s|bytes)=[^ ]*//g'; }
field() { sed -nE "s/.* $1=([0-9]+) .*/\\1/p" "$2"; }

# same RANKS DESCRIPTION ARGS...: `count ARGS -e path-dp` at one process and at each
# of RANKS agree.
same() {
    local ranks=$1 what=$2
    shift 2
    "$pb" count "$@" -e path-dp -q >"$tmp/one" 2>"$tmp/one.err"
    local a=$?
    for np in $ranks; do
        mpi "$np" "$pb" count "$@" -e path-dp -q >"$tmp/many" 2>"$tmp/many.err"
        local b=$?
        if [ "$a" -eq 0 ] && [ "$b" -eq 0 ]; then ok; else bad "$what: exit $b at $np ranks, $a in one process"; fi
        if [ -n "$(counts "$tmp/one")" ] && [ "$(counts "$tmp/one")" = "$(counts "$tmp/many")" ]; then ok; else
            bad "$what: $np ranks: $(counts "$tmp/many"); one process: $(counts "$tmp/one")"
        fi
        has "path-dp: $np ranks: [0-9]+ bytes planned per rank" "$tmp/many.err"
        has "path-dp: rank $((np - 1)): peak [0-9]+ bytes, sent [0-9]+ bytes" "$tmp/many.err"
    done
}

for adj in king orth; do
    same "2 3 4" "4x4 $adj" notouch 4x4 --adj "$adj"
    same "2 3 4" "3x5 $adj" notouch 3x5 --adj "$adj"
    same "2 3 4" "4x5 $adj" notouch 4x5 --adj "$adj"
done
same "2" "4x5 king -t 2" notouch 4x5 -t 2
# More ranks than a small layer has index words: some shards hold no words and no
# rows, and the cuts fall between words of every size of shard.
same "7" "2x4 king" notouch 2x4
same "5 6" "3x4 orth" notouch 3x4 --adj orth
# The marked words reach their shards in pairwise messages of at most 64 bytes.
expect 0 "4x5 at 3 ranks, marked words pairwise" -- \
    mpi 3 -x PB_WORLD_ALLTOALLV_MAX=64 "$pb" count notouch 4x5 -e path-dp -q
has '^solutions=2519619726250060 steps=1322960 .*status=done' "$tmp/out"
same "2" "5x5 king" notouch 5x5
# The published term of A229429 (orth 4x4) at 3 ranks.
grep -q '^solutions=696497375736 ' <(mpi 3 "$pb" count notouch 4x4 --adj orth -e path-dp -q 2>/dev/null) &&
    ok || bad "orth 4x4 at 3 ranks is not A229429's 696497375736"

# The plan: each rank holds two shards of the largest layer (its index words and
# rows, cut so that each shard holds about 1/R of the layer's bytes), a byte per
# count of its own share (which rank holds each count's row) and the piece of a
# shard in flight, so at 4 ranks 5x5 plans at most 38% of one process's (which
# holds the two largest layers whole).
"$pb" count notouch 5x5 -e path-dp -q --max-memory 1K >"$tmp/one" 2>/dev/null
mpi 4 "$pb" count notouch 5x5 -e path-dp -q --max-memory 1K >"$tmp/four" 2>/dev/null
one=$(field bytes "$tmp/one") four=$(field bytes "$tmp/four")
echo "mpi_path: 5x5 plans $one bytes in one process, $four per rank at 4 ranks"
if [ -n "$one" ] && [ -n "$four" ] && [ $((four * 100)) -le $((one * 38)) ]; then ok; else
    bad "5x5 at 4 ranks plans $four bytes per rank, one process $one"; fi
# No rank keeps a whole index: 6x6 plans under 24 GB per rank at 12 ranks, and the
# ranks' plans summed grow by under 0.1% from 8 ranks to 12 (an index per rank
# would add 4.4 GB a rank).
mpi 8 "$pb" count notouch 6x6 -e path-dp -q --max-memory 1K >"$tmp/eight" 2>/dev/null
mpi 12 "$pb" count notouch 6x6 -e path-dp -q --max-memory 1K >"$tmp/twelve" 2>/dev/null
eight=$(field bytes "$tmp/eight") twelve=$(field bytes "$tmp/twelve")
echo "mpi_path: 6x6 plans $eight bytes per rank at 8 ranks, $twelve at 12"
if [ -n "$twelve" ] && [ "$twelve" -lt 24000000000 ]; then ok; else
    bad "6x6 at 12 ranks plans $twelve bytes per rank, not under 24 GB"; fi
if [ -n "$eight" ] && [ -n "$twelve" ] && [ $((twelve * 12 * 1000)) -le $((eight * 8 * 1001)) ]; then
    ok
else
    bad "6x6 plans $((twelve * 12)) bytes in all at 12 ranks, $((eight * 8)) at 8"
fi

# --max-memory is per rank: 4x5 does not fit 1200K in one process but does at 4 ranks,
# and a limit below the rank's plan refuses before any step.
expect 3 "4x5 --max-memory 1200K in one process" -- "$pb" count notouch 4x5 -e path-dp -q --max-memory 1200K
has 'status=nomem' "$tmp/out"
expect 0 "4x5 --max-memory 1200K at 4 ranks" -- mpi 4 "$pb" count notouch 4x5 -e path-dp -q --max-memory 1200K
has '^solutions=2519619726250060 .*status=done' "$tmp/out"
expect 3 "4x5 --max-memory 500K at 4 ranks" -- mpi 4 "$pb" count notouch 4x5 -e path-dp -q --max-memory 500K
has '^solutions=0 steps=0 .*status=nomem' "$tmp/out"
has 'sent 0 bytes' "$tmp/err"

# Limits hold over the world: at most N steps in all; a time limit ends it about then.
expect 3 "step limit at 3 ranks" -- mpi 3 "$pb" count notouch 5x5 -e path-dp -q --step-limit 1e6
has 'status=limit' "$tmp/out"
steps=$(field steps "$tmp/out")
if [ -n "$steps" ] && [ "$steps" -le 1000000 ] && [ "$steps" -gt 0 ]; then ok; else
    bad "step limit 1e6: $steps steps"; fi
expect 3 "time limit at 3 ranks" -- mpi 3 "$pb" count notouch 5x5 -e path-dp -q --time-limit 0.5
has 'status=limit' "$tmp/out"
wall=$(sed -nE 's/.* wall_s=([0-9.]+) .*/\1/p' "$tmp/out")
echo "mpi_path: --time-limit 0.5 at 3 ranks: the count reports wall_s=$wall"
if awk -v w="$wall" 'BEGIN { exit !(w > 0 && w < 4) }'; then ok; else bad "time limit 0.5: wall_s=$wall"; fi

# A signal to one rank (not rank 0) stops every rank, interrupted, exit 130.
interrupt_rank1 mpi_path 30 10 count notouch 5x6 -e path-dp -q
finish mpi_path
