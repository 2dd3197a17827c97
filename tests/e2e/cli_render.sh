#!/usr/bin/env bash
# cli_render.sh — `puzzlebench render`: every family with a picture, with and without
# --solution; each SVG parses, and its digits are checked against the puzzle's rules;
# a puzzle without a solution is said, naming it.
# render FAMILY --help lists the family's own options as solve FAMILY --help does.
# usage: cli_render.sh PUZZLEBENCH SOURCE_DIR
set -eu
pb=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

render() { # OUT ARGS...: renders, expects exit 0 and a non-empty file
    out=$1
    shift
    "$pb" render "$@" >"$tmp/$out" || { echo "FAIL: render $* exited $?"; exit 1; }
}
render nt.svg notouch cross8
render nt-sol.svg notouch cross8 --solution
render su.svg sudoku "$src/data/sudoku/9x9-easy.txt"
render su-sol.svg sudoku "$src/data/sudoku/9x9-easy.txt" --solution
"$pb" render sudoku "$src/data/sudoku/4x4.txt" --solution --out "$tmp/su4.svg" >"$tmp/none"
render su25.svg sudoku "$src/data/sudoku/25x25.txt"
render kk.svg kakuro "$src/data/kakuro/puzzles-9x9-hard.kak"
render kk-sol.svg kakuro "$src/data/kakuro/puzzles-9x9-hard.kak" --solution --index 2
# one-cell runs: the 10th puzzle of unique.kak (3 across in row 3, 2 down in column 3)
render kk1-sol.svg kakuro "$src/tests/data/kakuro/unique.kak" --solution --index 10
printf '1 . 3 .\n. 1 . 3\n3 . 1 .\n. 3 . 1\n' >"$tmp/p4.txt"
render la.svg latin "$tmp/p4.txt"
render la-sol.svg latin "$tmp/p4.txt" --solution
render tp.svg tenpair upto19
[ ! -s "$tmp/none" ] || { echo "FAIL: --out also wrote to standard output"; exit 1; }

# Bad input: one line on standard error, exit 2.
for args in "sudoku /nonexistent" "nosuch x" "sudoku $src/data/sudoku/4x4.txt --index 100000" \
    "sudoku $src/data/sudoku/4x4.txt --index 0" \
    "notouch cross8 --bogus" "tenpair 12x" "tenpair upto19 --solution"; do
    set +e
    "$pb" render $args >/dev/null 2>"$tmp/err"
    rc=$?
    set -e
    [ "$rc" = 2 ] && [ "$(wc -l <"$tmp/err")" = 1 ] || {
        echo "FAIL: render $args: exit $rc, $(wc -l <"$tmp/err") error lines"
        exit 1
    }
done

# --solution of a puzzle without one: exit 1, one line naming the file and the puzzle.
printf '1 . .\n. . .\n. . .\n\n1 1 .\n. . .\n. . .\n' >"$tmp/none2.txt"
set +e
"$pb" render latin "$tmp/none2.txt" --index 2 --solution --out "$tmp/none2.svg" 2>"$tmp/err"
rc=$?
set -e
grep -v '^puzzlebench: note: ' "$tmp/err" >"$tmp/err.1" || true
[ "$rc" = 1 ] && [ ! -e "$tmp/none2.svg" ] &&
    [ "$(cat "$tmp/err.1")" = "puzzlebench: render: $tmp/none2.txt: puzzle 2 has no solution" ] || {
    echo "FAIL: render --solution of a puzzle without one: exit $rc, $(cat "$tmp/err")"
    exit 1
}

# render FAMILY --help lists the family's own options, as solve FAMILY --help does, and
# no other family's: for every family render draws (render --help's list).
opts() { # the long options of the lines of standard input
    sed -n 's/^  \(-., \|    \)--\([a-z0-9-]*\).*/\2/p' | sort
}
section() { # FAMILY: the lines of a help's FAMILY section
    awk -v f="$1:" '$1 == f { on = 1 } on && /^  engines/ { exit } on'
}
families=$("$pb" render --help | sed -n 's/^families: //p')
[ -n "$families" ] || { echo "FAIL: render --help lists no families"; exit 1; }
for fam in $families; do
    "$pb" solve "$fam" --help | section "$fam" | opts >"$tmp/solve-opts"
    "$pb" render "$fam" --help >"$tmp/help"
    section "$fam" <"$tmp/help" | opts >"$tmp/render-opts"
    cmp -s "$tmp/solve-opts" "$tmp/render-opts" || {
        echo "FAIL: render $fam --help lists $(tr '\n' ' ' <"$tmp/render-opts")," \
            "solve $fam --help $(tr '\n' ' ' <"$tmp/solve-opts")"
        exit 1
    }
    for other in $families; do
        [ "$other" = "$fam" ] || ! grep -q "^$other:" "$tmp/help" ||
            { echo "FAIL: render $fam --help shows $other's section"; exit 1; }
    done
done
"$pb" render tenpair --help | section tenpair | opts | grep -qx upto ||
    { echo "FAIL: render tenpair --help does not list --upto"; exit 1; }

python3 - "$tmp" "$src" <<'PY'
import sys, xml.etree.ElementTree as ET
tmp, src = sys.argv[1], sys.argv[2]
NS = "{http://www.w3.org/2000/svg}"
M, CS = 10, 40

def texts(name, cs=CS):
    """(class, row, col, text, x, y) of every text element of an SVG (parsed)."""
    out = []
    for t in ET.parse(f"{tmp}/{name}").getroot().iter(NS + "text"):
        x, y = float(t.get("x")), float(t.get("y"))
        out.append((t.get("class"), int((y - M) // cs), int((x - M) // cs), t.text,
                    t.get("font-weight")))
    return out

def fail(msg):
    sys.exit("FAIL: " + msg)

for f in ["nt.svg", "nt-sol.svg", "su.svg", "su-sol.svg", "su4.svg", "su25.svg", "kk.svg",
          "kk-sol.svg", "la.svg", "la-sol.svg", "tp.svg"]:
    ET.parse(f"{tmp}/{f}")

# sudoku: the givens bold, exactly those of the first puzzle; with --solution a valid grid.
line = next(l.strip() for l in open(f"{src}/data/sudoku/9x9-easy.txt")
            if l.strip() and not l.startswith("#"))
givens = {(i // 9, i % 9): int(ch) for i, ch in enumerate(line) if ch not in ".0"}
t = texts("su.svg")
got = {(r, c): int(s) for cls, r, c, s, w in t}
if got != givens or any(cls != "given" or w != "bold" for cls, *_, w in t):
    fail("sudoku: the picture's digits are not the givens in bold")
t = texts("su-sol.svg")
grid = {(r, c): int(s) for cls, r, c, s, w in t}
if len(t) != 81 or len(grid) != 81:
    fail(f"sudoku --solution: {len(t)} digits")
if any(grid[k] != v for k, v in givens.items()):
    fail("sudoku --solution: a given changed")
if any(cls != ("given" if (r, c) in givens else "solution") for cls, r, c, *_ in t):
    fail("sudoku --solution: givens and solved digits not told apart")
units = [[(r, c) for c in range(9)] for r in range(9)] + [[(r, c) for r in range(9)] for c in range(9)]
units += [[(3 * (b // 3) + i // 3, 3 * (b % 3) + i % 3) for i in range(9)] for b in range(9)]
if any(sorted(grid[k] for k in u) != list(range(1, 10)) for u in units):
    fail("sudoku --solution: not a valid solution")

# notouch: no values on the empty board; the solution keeps the no-touch rule (king
# moves differ by at least 2) and uses 1..N once each.
if texts("nt.svg"):
    fail("notouch: the empty board has values")
vals = {(r, c): int(s) for _, r, c, s, _ in texts("nt-sol.svg")}
if sorted(vals.values()) != list(range(1, 9)):
    fail(f"notouch --solution: values {sorted(vals.values())}")
for (r, c), v in vals.items():
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            w = vals.get((r + dr, c + dc))
            if (dr or dc) and w is not None and abs(v - w) < 2:
                fail(f"notouch --solution: {v} touches {w}")
faint = [l for l in ET.parse(f"{tmp}/nt.svg").getroot().iter(NS + "line")
         if l.get("stroke-opacity")]
if not faint:
    fail("notouch: no faint touching pairs")

# kakuro --solution: every run's digits are distinct and add up to its clue (a
# one-cell run's clue is its digit).
for name in ("kk-sol.svg", "kk1-sol.svg"):
    t = texts(name)
    digits = {(r, c): int(s) for cls, r, c, s, _ in t if cls in ("given", "solution")}
    clues = [(cls, r, c, int(s)) for cls, r, c, s, _ in t if cls in ("down", "right")]
    if not digits or not clues:
        fail(f"kakuro --solution {name}: no digits or no clues")
    for cls, r, c, total in clues:
        dr, dc = (1, 0) if cls == "down" else (0, 1)
        run, k = [], (r + dr, c + dc)
        while k in digits:
            run.append(digits[k])
            k = (k[0] + dr, k[1] + dc)
        if sum(run) != total or len(set(run)) != len(run):
            fail(f"kakuro --solution {name}: run {cls} at {r},{c} = {run}, clue {total}")
t = texts("kk1-sol.svg")
if sorted((cls, r, c, s) for cls, r, c, s, _ in t if cls in ("down", "right")) != [
        ("down", 0, 1, "4"), ("down", 0, 2, "2"), ("right", 1, 0, "3"), ("right", 2, 0, "3")]:
    fail("kakuro: the one-cell runs' clues are not drawn")
if any(cls == "solution" for cls, *_ in texts("kk.svg")):
    fail("kakuro: solved digits without --solution")

# latin: the givens bold; with --solution a latin square.
t = texts("la.svg")
if sorted((r, c, s) for _, r, c, s, _ in t) != sorted(
        [(0, 0, "1"), (0, 2, "3"), (1, 1, "1"), (1, 3, "3"), (2, 0, "3"), (2, 2, "1"), (3, 1, "3"),
         (3, 3, "1")]) or any(w != "bold" for *_, w in t):
    fail("latin: the givens")
sq = {(r, c): int(s) for _, r, c, s, _ in texts("la-sol.svg")}
if len(sq) != 16 or any(sorted(sq[(r, c)] for c in range(4)) != [1, 2, 3, 4] or
                        sorted(sq[(c, r)] for c in range(4)) != [1, 2, 3, 4] for r in range(4)):
    fail("latin --solution: not a latin square")
# tenpair: the seed's start, 1..19 without 10, in rows of 9.
t = texts("tp.svg", 32)
rows = ["".join(s for _, r, c, s, _ in sorted(t, key=lambda e: (e[1], e[2])) if r == k)
        for k in range(3)]
if rows != ["123456789", "111213141", "516171819"] or len(t) != 27:
    fail(f"tenpair: rows {rows}")
print("ok")
PY
