#!/usr/bin/env bash
# kakuro-svg.sh — draws a kakuro clue grid as SVG: the puzzle, and when a second file
# is given, its solution beside it. Reads the first grid of each file (tokens D\R,
# #, ., 1-9; ';' comments), as `puzzlebench generate kakuro --out DIR` writes them.
# usage: scripts/kakuro-svg.sh PUZZLE.kak [SOLUTION.kak] > picture.svg
set -euo pipefail
if [[ $# -lt 1 || $# -gt 2 || $1 == -h || $1 == --help ]]; then
    echo "usage: $0 PUZZLE.kak [SOLUTION.kak] > picture.svg" >&2
    exit 2
fi
for f in "$@"; do
    [[ -r $f ]] || { echo "kakuro-svg.sh: cannot read $f" >&2; exit 2; }
done

awk -v cell=40 -v gap=48 '
# The first grid of each file: rows of tokens up to the first blank line after it.
FNR == 1 { file++; started = 0; done = 0 }
/^;/ || done { next }
NF == 0 { if (started) done = 1; next }
{
    started = 1
    r = rows[file]++
    if (NF > cols[file]) cols[file] = NF
    for (i = 1; i <= NF; i++) tok[file, r, i - 1] = $i
}
function text(x, y, size, s, anchor) {
    printf "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"%s\">%s</text>\n", x, y, size, anchor, s
}
function draw(f, ox,    r, c, t, x, y, d, rt, k) {
    for (r = 0; r < rows[f]; r++)
        for (c = 0; c < cols[f]; c++) {
            t = tok[f, r, c]; x = ox + c * cell; y = r * cell
            if (t == "." || t ~ /^[1-9]$/) {
                printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"white\" stroke=\"black\"/>\n", x, y, cell, cell
                if (t != ".") text(x + cell / 2, y + cell * 0.72, cell * 0.6, t, "middle")
                continue
            }
            printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#555\" stroke=\"black\"/>\n", x, y, cell, cell
            k = index(t, "\\")
            if (!k) continue
            d = substr(t, 1, k - 1); rt = substr(t, k + 1)
            printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"white\"/>\n", x, y, x + cell, y + cell
            printf "<g fill=\"white\">\n"
            if (d != "") text(x + cell * 0.30, y + cell * 0.88, cell * 0.36, d, "middle")
            if (rt != "") text(x + cell * 0.72, y + cell * 0.40, cell * 0.36, rt, "middle")
            printf "</g>\n"
        }
}
END {
    if (!rows[1]) { print "kakuro-svg.sh: no grid in the first file" > "/dev/stderr"; exit 2 }
    w = cols[1] * cell + (file > 1 ? gap + cols[2] * cell : 0)
    h = rows[1] > rows[2] ? rows[1] * cell : rows[2] * cell
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"-2 -2 %d %d\" font-family=\"sans-serif\">\n", w + 4, h + 4, w + 4, h + 4
    draw(1, 0)
    if (file > 1) draw(2, cols[1] * cell + gap)
    print "</svg>"
}' "$@"
