# sweep_lib.sh — what the sweep tests share (cli_sweep_faults.sh, cli_mpi_sweep.sh):
# a sweep named k's rows, their keys, and the check that its files hold whole rows.
# Sourced after cli_lib.sh (ok, bad).
# shellcheck shell=bash

# The rows' keys and counts (family .. engine_seed, status .. restarts, row), sorted.
keys() { tail -n +2 "$1" | cut -d, -f1-9,11-19,23 | sort; }
# rows_in DIR: the rows in the sweep's CSV (the .part while it runs).
rows_in() {
    local f=$1/k.csv.part
    [ -f "$f" ] || f=$1/k.csv
    [ -f "$f" ] && echo $(($(wc -l <"$f") - 1)) || echo 0
}
# whole DIR WHAT: the CSV (or .part) and its samples hold whole lines only, as many
# fields a row as the header has, and every row has all its samples (its `samples` column) of its run_id; or,
# killed before the row files had their headers, there is only the .meta.
whole() {
    local csv=$1/k.csv.part samples=$1/k.samples.csv.part
    [ -f "$csv" ] || csv=$1/k.csv
    [ -f "$samples" ] || samples=$1/k.samples.csv
    # Killed between writing the .meta and the row files' headers: no rows, all valid.
    if [ ! -s "$csv" ] && [ -f "$1/k.meta" ]; then
        ok
        return
    fi
    [ -f "$samples" ] || samples=/dev/null
    if [ -n "$(tail -c 1 "$csv")" ] || [ -n "$(tail -c 1 "$samples")" ]; then
        bad "$2: a line cut short"
        return
    fi
    awk -F, 'NR == FNR { if (FNR == 1) nf = NF; else { if (NF != nf) exit 1; want[$22 "," $23] = $24 } next }
        FNR > 1 { n[$1 "," $2]++ }
        END { for (k in want) if (n[k] != want[k]) exit 1 }' "$csv" "$samples" && ok ||
        bad "$2: a row without all its samples, or a bad line: $(cat "$csv")"
}
