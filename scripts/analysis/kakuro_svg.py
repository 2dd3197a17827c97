#!/usr/bin/env python3
"""A kakuro clue grid as SVG: the puzzle, and its solution beside it when a second
file is given. Reads the first grid of each file (tokens D\\R, #, ., 1-9; lines
starting with ';' are comments), as `puzzlebench generate kakuro --out DIR` writes them.

usage: python3 scripts/analysis/kakuro_svg.py PUZZLE.kak [SOLUTION.kak] > picture.svg
(scripts/kakuro-svg.sh runs this; the report draws plots/kakuro-example.svg with it.)
"""

import sys

sys.dont_write_bytecode = True

CELL = 40   # px per cell
GAP = 48    # px between the puzzle and its solution


def read_grid(text):
    """The first grid of a file: rows of tokens up to the first blank line after it."""
    rows = []
    for line in text.splitlines():
        if line.startswith(";"):
            continue
        tokens = line.split()
        if not tokens:
            if rows:
                break
            continue
        rows.append(tokens)
    return rows


def _text(x, y, size, s):
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{int(size)}" text-anchor="middle">{s}</text>'


def _draw(grid, ox):
    out = []
    cols = max(len(r) for r in grid)
    for r, row in enumerate(grid):
        for c in range(cols):
            t = row[c] if c < len(row) else ""
            x, y = ox + c * CELL, r * CELL
            if t == "." or (len(t) == 1 and t in "123456789"):
                out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="white" stroke="black"/>')
                if t != ".":
                    out.append(_text(x + CELL / 2, y + CELL * 0.72, CELL * 0.6, t))
                continue
            out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#555" stroke="black"/>')
            down, slash, right = t.partition("\\")
            if not slash:
                continue
            out.append(f'<line x1="{x}" y1="{y}" x2="{x + CELL}" y2="{y + CELL}" stroke="white"/>')
            out.append('<g fill="white">')
            if down:
                out.append(_text(x + CELL * 0.30, y + CELL * 0.88, CELL * 0.36, down))
            if right:
                out.append(_text(x + CELL * 0.72, y + CELL * 0.40, CELL * 0.36, right))
            out.append("</g>")
    return out


def svg(puzzle, solution=None):
    """The SVG text of a puzzle grid (and its solution's); ValueError without a grid."""
    if not puzzle:
        raise ValueError("no grid in the first file")
    cols1 = max(len(r) for r in puzzle)
    cols2 = max((len(r) for r in solution), default=0) if solution is not None else 0
    w = cols1 * CELL + (GAP + cols2 * CELL if solution is not None else 0)
    h = max(len(puzzle), len(solution or [])) * CELL
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 4}" height="{h + 4}" '
           f'viewBox="-2 -2 {w + 4} {h + 4}" font-family="sans-serif">']
    out += _draw(puzzle, 0)
    if solution:
        out += _draw(solution, cols1 * CELL + GAP)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv):
    if not 1 <= len(argv) <= 2 or argv[0] in ("-h", "--help"):
        print("usage: scripts/kakuro-svg.sh PUZZLE.kak [SOLUTION.kak] > picture.svg", file=sys.stderr)
        return 2
    grids = []
    for path in argv:
        try:
            with open(path, encoding="utf-8") as f:
                grids.append(read_grid(f.read()))
        except (OSError, UnicodeDecodeError):
            print(f"kakuro-svg.sh: cannot read {path}", file=sys.stderr)
            return 2
    try:
        sys.stdout.write(svg(grids[0], grids[1] if len(grids) > 1 else None))
    except ValueError as e:
        print(f"kakuro-svg.sh: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
