#!/usr/bin/env bash
# notouch_oeis.sh — the notouch counts against the published record: every term of
# tests/data/oeis/notouch-oeis.tsv (A002464, A229429, A229430; where each comes from
# is in the file) counted by path-dp, and the boards of up to 10 cells by propagate
# too, and row 1 by notouch-table's recurrence, each count exactly the published one.
# usage: tests/e2e/notouch_oeis.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
table=$src/tests/data/oeis/notouch-oeis.tsv

count_of() { # count_of ENGINE BOARD RULE: the solutions count, or "error"
    "$pb" count notouch "$2" --adj "$3" -e "$1" -q 2>/dev/null |
        sed -n 's/^solutions=\([0-9]*\) .*status=done.*/\1/p' | grep . || echo error
}

terms=0
while IFS=$'\t' read -r seq term rule board want; do
    case $seq in '#'* | '') continue ;; esac
    terms=$((terms + 1))
    got=$(count_of path-dp "$board" "$rule")
    [ "$got" = "$want" ] && ok || bad "$seq $term: path-dp counts $board ($rule) as $got, published $want"
    cells=$((${board%x*} * ${board#*x}))
    if [ "$cells" -le 10 ]; then
        got=$(count_of propagate "$board" "$rule")
        [ "$got" = "$want" ] && ok || bad "$seq $term: propagate counts $board ($rule) as $got, published $want"
    fi
done <"$table"
[ "$terms" -ge 79 ] && ok || bad "$table: $terms terms read, expected at least 79"

# notouch-table's row 1 comes from A002464's recurrence (no path-dp past 1x1 here):
# each of its terms the record holds is the published one, under both rules.
mkdir -p "$tmp/row1"
"$pb" notouch-table --out "$tmp/row1" --max-cells 1 2>"$tmp/row1.err" && ok || bad "notouch-table: $(cat "$tmp/row1.err")"
rec=0
while IFS=$'\t' read -r seq term rule board want; do
    [ "$seq" = A002464 ] || continue
    rec=$((rec + 1))
    got=$(awk -F'\t' -v n="${board#1x}" -v r="$rule" '$1 == 1 && $2 == n && $4 == r && $11 == "recurrence" { print $5 }' \
        "$tmp/row1/notouch-table.tsv")
    [ "$got" = "$want" ] && ok || bad "$seq $term: the recurrence gives ${got:-nothing} for $board ($rule), published $want"
done <"$table"
[ "$rec" -ge 40 ] && ok || bad "$table: $rec A002464 terms read, expected at least 40"
finish notouch_oeis
