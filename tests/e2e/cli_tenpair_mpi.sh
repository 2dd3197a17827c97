#!/usr/bin/env bash
# cli_tenpair_mpi.sh — `count tenpair` over MPI ranks (mpirun -np 3 on loopback)
# against one process: the wins per length up to 100 and the stats but for the
# memory peak and the time; the --levels CSV's states, steps, wins, children and
# stored per length (the same at 1 and 3 ranks; bytes exchanged only at 3) and its
# .meta with the rank count; the
# exchange taken pairwise (as past int counts) with the same counts; --max-memory per
# rank, a step limit and a time limit stopping all ranks (status and exit 3, the time
# printed), SIGINT to mpirun (status interrupted, one report); the refusals (an engine
# that cannot, an unwritable --levels).
# Exit 77 (skipped) without mpirun.
# usage: tests/e2e/cli_tenpair_mpi.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
need_mpirun
export OMP_NUM_THREADS=1
# stats_of FILE: the output without the memory peak (bytes) and the time, which may differ.
stats_of() { sed -E 's/ bytes=[0-9]+//; s/ wall_s=[0-9.]+//' "$1"; }
# levels_of FILE: the --levels columns that do not depend on the rank count: length,
# nodes, states, expanded, wins, children, stored, node_expanded_max (one sequence's
# search is the same wherever it runs), node_width_max.
levels_of() { cut -d, -f1,3,4,5,7,8,13,20,21 "$1"; }

# ---- one process: the engine's count, and the same level by level ----
expect 0 "count 100, one process" -- "$pb" count tenpair --max-length 100
cp "$tmp/out" "$tmp/one"
has "^length=100 solutions=61$" "$tmp/one"
has "^solutions=221 " "$tmp/one"
expect 0 "count 100 --levels, one process" -- "$pb" count tenpair --max-length 100 --levels "$tmp/one.csv"
[ "$(stats_of "$tmp/out")" = "$(stats_of "$tmp/one")" ] && ok ||
    bad "--levels changed the count: $(tail -n 1 "$tmp/out")"
columns=length,ranks,nodes,states,expanded,expanded_max,wins,children,kept_bytes,sent_bytes
columns=$columns,sent_bytes_max,recv_bytes_max,stored,peak_bytes_max,peak_bytes_sum
columns=$columns,search_s_max,search_s_sum,exchange_s_max,level_s,node_expanded_max
columns=$columns,node_width_max,level_peak_bytes_max
has "^$columns$" "$tmp/one.csv"
has "^mpi_ranks=1$" "$tmp/one.csv.meta"
has "^commit=" "$tmp/one.csv.meta"
# A row for each length some sequence reached (the others have nothing to search):
# 27 first, 100 last, increasing, each with sequences.
awk -F, 'NR == 2 && $1 != 27 { exit 1 } NR > 2 && $1 <= last { exit 1 }
    NR > 1 { last = $1; if ($3 == 0) exit 1 }
    END { exit !(last == 100 && NR == 27) }' "$tmp/one.csv" && ok ||
    bad "one.csv: not the 26 lengths with sequences: $(cut -d, -f1 "$tmp/one.csv" | tr '\n' ' ')"
awk -F, 'NR > 1 { w += $7; e += $5; s += $10 } END { exit !(w == 221 && s == 0) }' "$tmp/one.csv" && ok ||
    bad "one.csv: wins or bytes sent wrong"
# One sequence's search is at most its length's states expanded and at least their
# mean per sequence; its widest level at most its states; a length's own memory peak
# is at most the peak so far.
awk -F, 'NR > 1 && ($20 > $5 || $20 * $3 < $5 || $20 == 0 || $21 > $20 || $21 == 0 ||
    $22 > $14 || $22 == 0) { exit 1 }' "$tmp/one.csv" && ok ||
    bad "one.csv: node_expanded_max, node_width_max or level_peak_bytes_max out of range"
expanded=$(sed -nE 's/.* steps=([0-9]+) .*/\1/p' "$tmp/one")
[ "$(awk -F, 'NR > 1 { e += $5 } END { print e }' "$tmp/one.csv")" = "$expanded" ] && ok ||
    bad "one.csv: the steps do not add up to $expanded"

# ---- three ranks: the same count ----
t0=$(date +%s.%N)
expect 0 "count 100 at -np 3" -- mpi 3 "$pb" count tenpair --max-length 100 --levels "$tmp/three.csv"
t1=$(date +%s.%N)
echo "cli_tenpair_mpi: count tenpair --max-length 100 at -np 3: $(echo "$t1 - $t0" | bc) s"
[ "$(stats_of "$tmp/out")" = "$(stats_of "$tmp/one")" ] && ok ||
    bad "-np 3 differs: $(diff <(stats_of "$tmp/one") <(stats_of "$tmp/out") | tr '\n' '|')"
[ "$(grep -c '^solutions=' "$tmp/out")" -eq 1 ] && ok || bad "-np 3: not one stats line (every rank printed?)"
has "^puzzlebench: count tenpair over 3 ranks: 26 lengths searched, [1-9][0-9]* bytes exchanged" "$tmp/err"
[ "$(levels_of "$tmp/three.csv")" = "$(levels_of "$tmp/one.csv")" ] && ok ||
    bad "--levels at -np 3 differ: $(diff <(levels_of "$tmp/one.csv") <(levels_of "$tmp/three.csv") |
        head -n 5 | tr '\n' '|')"
has "^mpi_ranks=3$" "$tmp/three.csv.meta"
awk -F, 'NR > 1 { r += ($2 != 3); s += $10 } END { exit !(r == 0 && s > 0) }' "$tmp/three.csv" && ok ||
    bad "three.csv: ranks column or no bytes sent"

# ---- the exchange pairwise, as past MPI's int counts: the same count ----
expect 0 "count 90, one process" -- "$pb" count tenpair --max-length 90
cp "$tmp/out" "$tmp/one90"
expect 0 "count 90 at -np 3, pairwise" -- mpi 3 -x PB_WORLD_ALLTOALLV_MAX=64 "$pb" count tenpair \
    --max-length 90
[ "$(stats_of "$tmp/out")" = "$(stats_of "$tmp/one90")" ] && ok ||
    bad "pairwise exchange differs: $(diff <(stats_of "$tmp/one90") <(stats_of "$tmp/out") | tr '\n' '|')"

# ---- limits: every rank stops, rank 0 says so ----
expect 3 "--max-memory per rank" -- mpi 3 "$pb" count tenpair --max-length 100 --max-memory 2M
has "status=nomem" "$tmp/out"
# One line from rank 0 (mpirun adds its own about the exit status).
[ "$(grep -c 'over --max-memory' "$tmp/err")" -eq 1 ] && ok ||
    bad "--max-memory: said $(grep -c 'over --max-memory' "$tmp/err") times: $(cat "$tmp/err")"
expect 3 "step limit" -- mpi 3 "$pb" count tenpair --max-length 100 --step-limit 300000
has "status=limit" "$tmp/out"
steps=$(sed -nE 's/.* steps=([0-9]+) .*/\1/p' "$tmp/out")
[ -n "$steps" ] && [ "$steps" -le 300000 ] && ok || bad "step limit: $steps states expanded"
t0=$(date +%s.%N)
expect 3 "time limit" -- mpi 3 "$pb" count tenpair --max-length 110 --time-limit 1
t1=$(date +%s.%N)
took=$(echo "$t1 - $t0" | bc)
wall=$(sed -nE 's/.* wall_s=([0-9.]+) .*/\1/p' "$tmp/out")
echo "cli_tenpair_mpi: --time-limit 1 at -np 3: wall_s $wall s on rank 0, $took s with mpirun's start and end"
has "status=limit" "$tmp/out"
# Generous: the poll interval and the level's end on a loaded machine (mpirun's own
# start and end are not the count's: they took 96 s on a machine with a load of 10).
[ -n "$wall" ] && [ "$(echo "$wall < 3" | bc)" -eq 1 ] && ok || bad "time limit 1 s: wall_s $wall"

# ---- SIGINT to the ranks: they stop together, rank 0 reports the partial count ----
# mpirun itself in the background (not a function's subshell), so $! is its pid.
mpirun --allow-run-as-root --oversubscribe -np 3 "$pb" count tenpair --max-length 110 \
    --levels "$tmp/sig.csv" >"$tmp/out" 2>"$tmp/err" &
mpirun_pid=$!
# Once the ranks are counting (20 lengths done, about 86: their handlers are in place,
# and 110 is a minute away), at most 300 s: mpirun may be slow to start on a busy machine.
for _ in $(seq 3000); do
    [ -f "$tmp/sig.csv.part" ] && [ "$(wc -l <"$tmp/sig.csv.part")" -gt 20 ] && break
    sleep 0.1
done
# To the ranks, as Ctrl-C in a terminal reaches them: a signal to mpirun alone makes it
# tear the job down, and rank 0's report can be lost with its output forwarding.
ranks=$(pgrep -P "$mpirun_pid" || true)
[ -n "$ranks" ] && kill -INT $ranks || kill -INT "$mpirun_pid"
wait "$mpirun_pid"
got=$?
[ "$got" -ne 0 ] && ok || bad "SIGINT: mpirun exited 0"
has "status=interrupted" "$tmp/out"
[ "$(grep -c '^solutions=' "$tmp/out")" -eq 1 ] && ok || bad "SIGINT: not one stats line: $(cat "$tmp/out")"

# ---- refusals ----
expect 2 "bfs over ranks" -- mpi 3 "$pb" count tenpair --max-length 80 --engine bfs
has "engine bfs cannot count over MPI ranks" "$tmp/err"
expect 2 "--levels with bfs" -- "$pb" count tenpair --max-length 80 --engine bfs --levels "$tmp/x.csv"
one_line_error "engine bfs cannot count level by level"
expect 2 "--levels unwritable" -- mpi 3 "$pb" count tenpair --max-length 80 --levels "$tmp/no/such/l.csv"
has "--levels: .*: cannot write" "$tmp/err"
[ "$(grep -c 'cannot write' "$tmp/err")" -eq 1 ] && ok ||
    bad "--levels unwritable: said $(grep -c 'cannot write' "$tmp/err") times"
expect 2 "--levels applies to count" -- "$pb" solve tenpair --levels "$tmp/x.csv"
one_line_error "--levels applies to count"

finish cli_tenpair_mpi
