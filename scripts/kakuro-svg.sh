#!/usr/bin/env bash
# kakuro-svg.sh — draws a kakuro clue grid as SVG: the puzzle, and when a second file
# is given, its solution beside it. Reads the first grid of each file (tokens D\R,
# #, ., 1-9; ';' comments), as `puzzlebench generate kakuro --out DIR` writes them.
# The drawing is scripts/analysis/kakuro_svg.py (the report uses it too).
# usage: scripts/kakuro-svg.sh PUZZLE.kak [SOLUTION.kak] > picture.svg
exec python3 "$(dirname "$0")/analysis/kakuro_svg.py" "$@"
