#!/usr/bin/env bash
# notouch_table.sh — `puzzlebench notouch-table` on small bounds: every count it writes
# that the published record holds (tests/data/oeis/notouch-oeis.tsv, either way round)
# is the published one, row 1 comes from A002464's recurrence up to 1x34 whatever the
# bound and equals path-dp's counts where both run, every count names its second check,
# the b-files are OEIS b-files (`n a(n)` lines from n = 1, comments first) that repeat
# the table, the .meta says what ran, a memory bound skips what it must and says so,
# --quick caps the table, -q says nothing, bad usage is one line, a .meta that cannot
# be written leaves the earlier files whole; and the report's
# reader of the table ("New counts") reads it, and refuses a damaged one with FILE:LINE.
# usage: tests/e2e/notouch_table.sh PATH/TO/puzzlebench SOURCE_DIR
# shellcheck source=tests/e2e/cli_lib.sh
. "$(dirname "$0")/cli_lib.sh"
published=$src/tests/data/oeis/notouch-oeis.tsv
out=$tmp/table
mkdir -p "$out"

expect 0 "notouch-table --max-cells 14" -- "$pb" notouch-table --out "$out" --max-cells 14 -t 2
tsv=$out/notouch-table.tsv
[ -f "$tsv" ] && ok || bad "no $tsv"
[ "$(head -n 1 "$tsv")" = "$(printf 'm\tn\tcells\trule\tcount\tseconds\tpeak_bytes\tplanned_bytes\tthreads\tcheck\tmethod')" ] &&
    ok || bad "$tsv: header is $(head -n 1 "$tsv")"
# 1x1..1x34 (row 1 as far as 128 bits hold it), 2x2..2x7, 3x3, 3x4: 42 boards, both rules
[ "$(tail -n +2 "$tsv" | wc -l)" = 84 ] && ok || bad "$tsv: $(tail -n +2 "$tsv" | wc -l) counts, expected 84"

# Every count the record holds is the published one.
matched=$(awk -F'\t' '
    NR == FNR { if ($1 !~ /^#/ && NF == 5) { split($4, b, "x"); m = b[1] < b[2] ? b[1] : b[2]
                n = b[1] < b[2] ? b[2] : b[1]; want[$3 " " m " " n] = want[$3 " " m " " n] " " $5 } next }
    FNR > 1 { k = $4 " " $1 " " $2; if (k in want) { split(want[k], w, " ")
              for (i in w) if (w[i] != $5) { print "DIFFER " k " " $5 " " w[i]; exit 1 } ; hit++ } }
    END { print hit + 0 }' "$published" "$tsv")
case $matched in [0-9]*) ;; *) matched=0; bad "$tsv: a count differs from the record: $matched" ;; esac
[ "$matched" -ge 30 ] && ok || bad "$tsv: only $matched counts found in the record, expected at least 30"
# Row 1 is A002464 under both rules; 2x7 orth is A229430 a(7); 3x4 king seed 000's test.
has "^1	14	14	king	11661506218	" "$tsv"
has "^2	7	14	orth	4065598248	" "$tsv"
has "^3	4	12	king	272836	" "$tsv"
# Every count here is at most 30 cells or in row 1: each names its check.
awk -F'\t' 'FNR > 1 && $10 !~ /^(binomial-sum|propagate|inclusion-exclusion|path-dp -t [0-9]+)$/ { print; bad = 1 } END { exit bad }' \
    "$tsv" >"$tmp/unchecked" && ok || bad "$tsv: counts without a second check: $(cat "$tmp/unchecked")"
has "check: propagate" "$tmp/err"
has "2x7 orth = 4065598248 .*check: inclusion-exclusion" "$tmp/err"
# Row 1 is the recurrence's, checked by path-dp as far as the table goes (a
# disagreement would have stopped the command), by the binomial sum beyond, and ends
# where 128 bits end; the other rows are path-dp's.
awk -F'\t' 'FNR > 1 && ($1 == 1) != ($11 == "recurrence") { print; bad = 1 }
             FNR > 1 && $1 == 1 && $10 != ($2 <= 14 ? "path-dp -t 2" : "binomial-sum") { print; bad = 1 }
             FNR > 1 && $1 > 1 && $11 != "path-dp" { print; bad = 1 } END { exit bad }' \
    "$tsv" >"$tmp/row1" && ok || bad "$tsv: row 1 not the recurrence's, checked as it should be: $(cat "$tmp/row1")"
has "^1	34	34	orth	39882710261949712055631675791418498698	" "$tsv"
has "^1	29	29	king	1193582389760980498221633250022	" "$tsv"
has "1x13 king = 831283558 \(A002464's recurrence; check: path-dp -t 2\)" "$tmp/err"
has "row 1 stops at 1x34: A002464\(35\) passes 2\^128 - 1" "$tmp/err"
has "^row1=1x1..1x34 by A002464's recurrence" "$out/notouch-table.meta"
for board in 1x9 1x14; do
    got=$("$pb" count notouch "$board" -e path-dp -q 2>/dev/null | sed -n 's/^solutions=\([0-9]*\) .*/\1/p')
    want=$(awk -F'\t' -v n="${board#1x}" '$1 == 1 && $2 == n && $4 == "king" { print $5 }' "$tsv")
    [ -n "$got" ] && [ "$got" = "$want" ] && ok || bad "$board: path-dp counts $got, the recurrence $want"
done

# The b-files: rows 1..3 per rule, `n a(n)` from n = 1, the table's counts.
for rule in king orth; do
    for m in 1 2 3; do
        b=$out/notouch-table.$rule.m$m.txt
        [ -f "$b" ] || { bad "no $b"; continue; }
        grep -v '^#' "$b" | awk -v f="$b" '$0 !~ /^[0-9]+ [0-9]+$/ || $1 != NR { print f ": line " NR ": " $0; exit 1 }' &&
            ok || bad "$b is not n a(n) from n = 1"
        awk '/^#/ && data { exit 1 } !/^#/ { data = 1 }' "$b" && ok || bad "$b: a comment after its terms"
        want=$(awk -F'\t' -v m=$m -v r=$rule 'FNR > 1 && $4 == r && ($1 == m || $2 == m) {
                   n = $1 == m ? $2 : $1; c[n] = $5 } END { for (n = 1; n in c; n++) print n " " c[n] }' "$tsv")
        [ "$(grep -v '^#' "$b")" = "$want" ] && ok || bad "$b does not repeat the table's row $m"
    done
done
[ ! -e "$out/notouch-table.king.m4.txt" ] && ok || bad "a b-file for row 4, which 14 cells do not hold"
[ "$(grep -vc '^#' "$out/notouch-table.orth.m1.txt")" = 34 ] && ok || bad "row 1's b-file does not go to n = 34"
has "^family=notouch$" "$out/notouch-table.meta"
has "^commit=" "$out/notouch-table.meta"
has "^max_cells=14$" "$out/notouch-table.meta"
has "^counted=84$" "$out/notouch-table.meta"

# A memory bound no path-dp run fits: each count skipped, said, and kept in the .meta;
# row 1 needs no memory and is checked by the sum instead; an earlier, larger table's
# b-files go.
expect 0 "notouch-table --max-memory 1K" -- "$pb" notouch-table --out "$out" --max-cells 4 --max-memory 1K
has "1x4 orth: path-dp plans [0-9]+ bytes, over the 1024 allowed: checked by the binomial sum" "$tmp/err"
has "2x2 orth: path-dp plans [0-9]+ bytes, over the 1024 allowed: skipped" "$tmp/err"
has "^skipped.2=2x2 orth: " "$out/notouch-table.meta"
awk -F'\t' 'FNR > 1 && ($1 != 1 || $10 != "binomial-sum") { bad = 1 } END { exit bad || NR != 69 }' "$tsv" &&
    ok || bad "$tsv: counts written past a memory bound, or row 1 not whole"
[ ! -e "$out/notouch-table.king.m2.txt" ] && [ ! -e "$out/notouch-table.orth.m3.txt" ] && ok ||
    bad "a b-file left from the earlier table"

# --full asks for the boards of 32 cells (run.sh --full passes it); under a bound they
# do not fit, each is skipped with its plan, at once.
expect 0 "notouch-table --full --max-memory 1K" -- "$pb" notouch-table --out "$out" --full --max-memory 1K
has "^max_cells=32$" "$out/notouch-table.meta"
has "^full=1$" "$out/notouch-table.meta"
has "^skipped.[0-9]+=4x8 king: path-dp plans [0-9]+ bytes, over the 1024 allowed: skipped$" "$out/notouch-table.meta"
has "^skipped.[0-9]+=2x16 orth: path-dp plans [0-9]+ bytes" "$out/notouch-table.meta"
has "^skipped.[0-9]+=5x6 orth: path-dp plans [0-9]+ bytes" "$out/notouch-table.meta"

# --quick: a small table, marked; row 1 still whole (it costs nothing); it wins over --full.
expect 0 "notouch-table --quick" -- "$pb" notouch-table --out "$out" --quick --max-cells 30 --full
has "^max_cells=12$" "$out/notouch-table.meta"
has "^quick=1$" "$out/notouch-table.meta"
awk -F'\t' 'FNR > 1 && $1 > 1 && $3 > 12 { bad = 1 } END { exit bad }' "$tsv" && ok || bad "$tsv: --quick past 12 cells"
has "^1	34	34	king	" "$tsv"
# -q: the same table, and nothing on standard error but a load warning.
cp "$tsv" "$tmp/quick.tsv"
expect 0 "notouch-table --quick -q" -- "$pb" notouch-table --out "$out" --quick -q
grep -v '^puzzlebench: warning: 1-minute load ' "$tmp/err" >"$tmp/err.q" || true
[ ! -s "$tmp/err.q" ] && ok || bad "notouch-table -q said: $(head -c 300 "$tmp/err.q")"
cut -f1-5 "$tsv" | cmp -s - <(cut -f1-5 "$tmp/quick.tsv") && ok || bad "notouch-table -q: another table"

# Bad usage: one line, status 2.
expect 2 "notouch-table without --out" -- "$pb" notouch-table --max-cells 3
one_line_error "notouch-table: --out DIR is required"
expect 2 "notouch-table --max-cells 0" -- "$pb" notouch-table --out "$out" --max-cells 0
one_line_error "max-cells"
# --out is made when absent, as sweep and generate make theirs; a folder under a missing
# one, or a link, is refused in one line.
expect 0 "notouch-table into a new folder" -- "$pb" notouch-table --out "$tmp/new" --max-cells 1
[ -s "$tmp/new/notouch-table.tsv" ] && ok || bad "notouch-table did not make its --out folder"
# An output that cannot be made (a folder at its name) is found before the counts, which
# take long: one line names it, no count is said, and the folder is as it was.
for name in notouch-table.tsv notouch-table.topology.xml notouch-table.orth.m2.txt; do
    rm -rf "$tmp/busy" && mkdir -p "$tmp/busy/$name"
    expect 2 "notouch-table, a folder at $name" -- "$pb" notouch-table --out "$tmp/busy" --max-cells 4
    one_line_error "^puzzlebench: notouch-table: .*/busy/${name//./\\.}: cannot write: Is a directory$"
    [ "$(ls -A "$tmp/busy")" = "$name" ] && ok || bad "notouch-table, a folder at $name: wrote $(ls -A "$tmp/busy")"
done
# The .meta's writing fails at the end (a folder where its temporary file goes,
# NAME.tmp.PID, the pid the subshell's, which exec keeps): the table, its b-files and
# its .meta land together or not at all, the earlier ones kept whole (a larger table
# would add 2x2's rows and b-files).
cp -r "$tmp/new" "$tmp/kept"
(mkdir "$tmp/new/notouch-table.meta.tmp.$BASHPID" && exec "$pb" notouch-table --out "$tmp/new" --max-cells 4 -q) \
    >"$tmp/out" 2>"$tmp/err"
got=$?
[ "$got" -eq 2 ] && ok || bad "notouch-table whose .meta cannot be written: exit $got, expected 2"
one_line_error "notouch-table: .*/new/notouch-table\.meta: cannot write: File exists$"
rmdir "$tmp/new"/notouch-table.meta.tmp.*
diff -r "$tmp/kept" "$tmp/new" >"$tmp/diff" && ok || bad "a failed notouch-table changed its folder: $(cat "$tmp/diff")"
expect 2 "notouch-table under a missing folder" -- "$pb" notouch-table --out "$tmp/none/sub" --max-cells 1
one_line_error "$tmp/none/sub"
ln -s "$tmp/new" "$tmp/linked"
expect 2 "notouch-table into a linked folder" -- "$pb" notouch-table --out "$tmp/linked" --max-cells 1
one_line_error "symbolic link"

# The report's reader: the table as the section shows it, and damaged tables refused.
if command -v python3 >/dev/null; then
    "$pb" notouch-table --out "$out" --max-cells 10 2>/dev/null
    PYTHONDONTWRITEBYTECODE=1 python3 - "$src" "$out" >"$tmp/py" 2>&1 <<'EOF' && ok || bad "report reader: $(cat "$tmp/py")"
import sys
from pathlib import Path
sys.path.insert(0, str(Path(sys.argv[1]) / "scripts"))
from analysis.errors import ReportError
import analysis.sections as sections
if hasattr(sections, "add_families"):  # the families' modules join the package when named
    sections.add_families(["notouch"])
from analysis.sections import notouch_counts as nc

class Ctx:
    def meta_line(self, path):
        return path.name

out = Path(sys.argv[2])
text = "\n".join(nc.section(Ctx(), out))
assert "## New counts" in text, text
assert "| 2x5 | orth | `160524` | path-dp |" in text and "A229430 a(5)" in text, text
assert "| 2x5 | king | `9024` | path-dp |" in text and "| new |" in text, text
assert "| 1x30 | king | `35813584121884333767012044281386` | recurrence |" in text, text
assert "| binomial-sum | A002464 (row 1) |" in text, text
assert "differs" not in text and "| not checked |" not in text, text
assert "New: king 2x2-2x5, 3x3." in text, text
assert "Largest board counted: 10 cells (2x5; king and orth) by path-dp; row 1 to 1x34" in text, text
assert "Row 1: 1x1..1x34 by A002464's recurrence" in text, text
rows = nc.read_table(out / nc.TABLE)
assert [r["n"] for r in rows if r["m"] == 1 and r["rule"] == "king"] == list(range(1, 35)), rows
good = (out / nc.TABLE).read_text().splitlines()
# A table written before the method column: every count path-dp's.
older = out / "older" / nc.TABLE
older.parent.mkdir(exist_ok=True)
older.write_text("".join(line.rsplit("\t", 1)[0] + "\n" for line in good))
assert {r["method"] for r in nc.read_table(older)} == {"path-dp"}
# A count past --check-cells (as 2x16 under --full) has no check, and the section says so.
unchecked = out / "unchecked"
unchecked.mkdir(exist_ok=True)
(unchecked / nc.TABLE).write_text("\n".join(line if "\t2\t5\t10\tking\t" not in "\t" + line else
                                            "\t".join(line.split("\t")[:9] + ["-", "path-dp"])
                                            for line in good) + "\n")
text = "\n".join(nc.section(Ctx(), unchecked))
assert "| 2x5 | king | `9024` | path-dp |" in text and "| not checked | new |" in text, text
assert "checked a second way, 2x5 king not checked;" in text, text
for lines, want in (([], ":1: expected the header"),
                     (good[:1] + ["1\t1\t1\tking\t1"], ":2: expected 11 tab-separated fields"),
                     (good[:1] + [good[1].replace("recurrence", "guess")], ":2: expected a method"),
                     (good[:2] + [good[1].replace("king", "queen")], ":3: expected a rule"),
                     (good[:1] + [good[1].replace("\t1\t", "\tx\t", 1)], ":2: expected n"),
                     (good[:1] + ["2\t1\t2" + good[1][5:]], ":2: expected 1 <= m <= n")):
    bad = out / "damaged" / nc.TABLE
    bad.parent.mkdir(exist_ok=True)
    bad.write_text("\n".join(lines) + "\n")
    try:
        nc.read_table(bad)
    except ReportError as e:
        assert str(e).startswith(str(bad)) and want in str(e), (str(e), want)
    else:
        raise AssertionError(f"read {lines!r}")
EOF
fi
finish notouch_table
