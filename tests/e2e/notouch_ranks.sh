#!/usr/bin/env bash
# notouch_ranks.sh — bench/families/notouch/notouch-ranks.sh writes the sharded runs
# of the report's scale model: each rank's row of each count (1, 2 and 4 ranks, the
# count exact and the same at every rank count and round, every sharded rank's bytes
# sent, the first board in REPEATS rounds), the plans alone, and the .meta of every
# result (run id in the rows, commit, cores, the boards and ranks);
# then the report's section reads them. The file is a .tsv, as notouch-table's: no
# sweep's .csv, so results_reproduce.py (which reruns the sweeps) never reads it.
# Usage: notouch_ranks.sh PUZZLEBENCH SOURCE_DIR. Exit 77 (skip) without mpirun.
. "$(dirname "$0")/cli_lib.sh"
need_mpirun
out=$tmp/out.d
# Refused with the usage; PUZZLEBENCH names no program, so that a script taking them
# for OUT_DIR stops at once (with another error) instead of counting for hours.
for args in --bogus "out extra"; do
    # shellcheck disable=SC2086
    expect 2 "notouch-ranks.sh $args" -- env PUZZLEBENCH=/nonexistent "$src/bench/families/notouch/notouch-ranks.sh" $args
    one_line_error "^notouch-ranks.sh: .*usage: bench/families/notouch/notouch-ranks.sh \[OUT_DIR\]\)$"
done
expect 2 "notouch-ranks.sh FILE" -- env PUZZLEBENCH="$pb" "$src/bench/families/notouch/notouch-ranks.sh" "$src/README.md"
one_line_error "^notouch-ranks.sh: $src/README.md: not a folder \(OUT_DIR\)$"
expect 2 "notouch-ranks.sh REPEATS=0" -- env PUZZLEBENCH="$pb" REPEATS=0 "$src/bench/families/notouch/notouch-ranks.sh" "$out"
has '^notouch-ranks.sh: REPEATS=0: expected a count of 1 or more$' "$tmp/err"
[ -e "$out" ] && bad "REPEATS=0 made $out" || ok
# Run from another folder, OUT_DIR relative: the folder is that one's.
expect 0 "notouch-ranks.sh" -- env -C "$tmp" PUZZLEBENCH="$pb" BOARDS="4x5 4x6" RANKS="1 2 4" REPEATS=2 PLAN_BOARDS="5x5" \
    PLAN_RANKS="2 4 3" "$src/bench/families/notouch/notouch-ranks.sh" out.d
[ -s "$out/notouch-ranks.tsv" ] || bad "no notouch-ranks.tsv: $(cat "$tmp/err")"
t=$out/notouch-ranks.tsv m=$out/notouch-ranks.meta
has $'^run_id\tboard\tadj\tranks\tthreads\twhat\trank\tstatus\tsolutions\twall_s\tplanned_bytes\tpeak_bytes\tsent_bytes\tbase_bytes\trepeat$' "$t"
# 1 + 2 + 4 rows of counts in each of 2 rounds, each the published-in-tests 4x5 king
# count; the second board (a plan of megabytes, so that its peak stands above the
# base of a rank) in one round.
n=$(awk -F'\t' '$2 == "4x5" && $6 == "count" && $8 == "done" && $9 == "2519619726250060"' "$t" | wc -l)
[ "$n" = 14 ] && ok || bad "4x5: $n rows of counts with 2519619726250060, expected 14"
[ "$(awk -F'\t' '$2 == "4x5" && $6 == "count" { print $15 }' "$t" | sort | uniq -c | tr -s ' ')" = $' 7 0\n 7 1' ] &&
    ok || bad "4x5 rounds: $(cut -f2,15 "$t" | tr '\n' ' ')"
[ "$(awk -F'\t' '$2 == "4x6" && $6 == "count" && $15 == 0' "$t" | wc -l)" = 7 ] && ok || bad "4x6: one round of 7 rows"
# One rank sends nothing; every sharded rank sends, and as much as each other rank.
awk -F'\t' '$6 == "count" && $4 == 1 && $13 == 0' "$t" | grep -q . && ok || bad "1 rank: sent bytes"
[ "$(awk -F'\t' '$2 == "4x5" && $6 == "count" && $4 > 1 && $13 > 0 { print $4, $13 }' "$t" | sort -u | wc -l)" = 2 ] && ok ||
    bad "sharded ranks' bytes sent: $(cut -f4,13 "$t" | tr '\n' ' ')"
# Every count's peak of 4x6 (tens of megabytes of tables: 4x5's are within what a
# process's own memory varies by) is above its rank's plan alone; the plans shrink
# with the ranks.
low=$(awk -F'\t' '$2 == "4x6" && $6 == "count" && !($12 > $14 && $14 > 0) { print $2, $4, $7, $12, $14 }' "$t")
[ -z "$low" ] && ok || bad "a peak not above its base (board ranks rank peak base): $low"
p1=$(awk -F'\t' '$2 == "5x5" && $6 == "plan" && $4 == 1 { print $11 }' "$t")
p4=$(awk -F'\t' '$2 == "5x5" && $6 == "plan" && $4 == 4 { print $11 }' "$t")
[ -n "$p1" ] && [ -n "$p4" ] && [ "$p4" -lt "$p1" ] && ok || bad "5x5 plans: $p1 at 1 rank, $p4 at 4"
[ "$(awk -F'\t' '$6 == "plan"' "$t" | wc -l)" = 4 ] && ok || bad "plans: expected 4 rows (5x5 at 1 2 4 3)"
# The .meta: the run id of the rows, and what every result's .meta says.
id=$(sed -n 's/^run_id=//p' "$m")
[ -n "$id" ] && [ "$(cut -f1 "$t" | tail -n +2 | sort -u)" = "$id" ] && ok || bad "run_id: $id in the .meta"
for k in 'commit=[0-9a-f]{40}' 'cores=[0-9]+' 'mem_total_bytes=[0-9]+' 'family=notouch' 'engine=path-dp' \
    'boards=4x5 4x6' 'ranks=1 2 4' 'calibration_repeats=2' 'plan_boards=5x5' 'load_end=' 'command=bench/families/notouch/notouch-ranks.sh '; do
    has "^$k" "$m"
done
[ -f "$out/notouch-ranks.topology.xml" ] && ok || bad "no topology beside the .meta"
ls "$out"/*.csv >/dev/null 2>&1 && bad "a .csv in the output: $(ls "$out")" || ok
# The report's section reads them: the calibration board's rows at 1, 2 and 4 ranks.
python3 - "$src" "$out" >"$tmp/section" <<'PY' || bad "the section failed"
import sys
from pathlib import Path
sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(sys.argv[1]) / "scripts"))
from analysis import sections
sections.add_families(("notouch",))
from analysis.sections import notouch_ranks
print("\n".join(notouch_ranks.section(Path(sys.argv[2]))))
PY
has '^\| `4x5` \| calibration \| 4 \| ' "$tmp/section"
has '^\| `4x5` \| calibration \| 1 \| 1 \| [^|]* \| [^|]* \[[^|]*\] \(2 rounds\) \|' "$tmp/section"
has '^\| `4x6` \| check \| 2 \| ' "$tmp/section"
has '^\| `5x5` \| 3 \|' "$tmp/section"
finish notouch_ranks
