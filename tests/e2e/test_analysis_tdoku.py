#!/usr/bin/env python3
"""Tests of the report's section beside tdoku (bench/families/sudoku/sudoku_tdoku.py):
tdoku's published figures, the measured rounds with their ratios, and the goal judged
on the tuning sets and, apart, on the held-out sets.

Run: python3 tests/e2e/test_analysis_tdoku.py
"""

import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True  # before the fixtures are imported: no __pycache__ in tests/
from analysis_fixtures import *  # noqa: F401,F403 (paths, fixtures, the analysis modules)


class TdokuSection(unittest.TestCase):
    """tdoku's published figures always; with sudoku-tdoku.csv, logic and tdoku per set
    and mode: medians and ranges over the rounds, and the per-round ratio."""

    def section(self, rows):
        from analysis.sections import sudoku_tdoku
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            path = None
            if rows is not None:
                path = tmp / sudoku_tdoku.FILE
                lines = ["set,mode,tool,round,puzzles,puzzles_per_s,guesses_per_puzzle"]
                lines += [",".join(str(x) for x in r) for r in rows]
                path.write_text("\n".join(lines) + "\n")
            return "\n".join(sudoku_tdoku.section(None, path))

    def test_published_only(self):
        text = self.section(None)
        self.assertIn("| `top1465` | 137580 | 9.05 |", text)
        self.assertIn("| `forum_hardest_1905_11plus` | 24002 | 64.98 |", text)
        self.assertIn("is shown when `sudoku-tdoku.csv` is in the results", text)

    def test_measured_rounds(self):
        rows = []
        for rnd, (ours, theirs) in enumerate(((110000, 100000), (99000, 110000), (130000, 100000)), 1):
            rows.append(("top1465", "first", "logic", rnd, 1465, ours, 5.67))
            rows.append(("top1465", "first", "tdoku", rnd, 1465, theirs, 6.07))
        text = self.section(rows)
        # Ratios per round 1.10, 0.90, 1.30: median 1.10, range 0.90 to 1.30.
        self.assertIn("| `top1465` | tuning | first | 3 | 110000 [99000, 130000] | 100000 [100000, 110000] | "
                      "1.10 [0.90, 1.30] | 5.67 [5.67, 5.67] | 6.07 [6.07, 6.07] |", text)
        self.assertIn("On the tuning sets: met on 0 of 1; **not met** on `top1465` first (lowest ratio 0.90). "
                      "The held-out sets have no rows in this file: the goal is not checked on held-out data.", text)

    def test_goal(self):
        rows = []
        for rnd in (1, 2):
            rows.append(("17_clue", "unique", "logic", rnd, 10, 106, 0.5))
            rows.append(("17_clue", "unique", "tdoku", rnd, 10, 100, 0.6))
            rows.append(("top1465", "unique", "logic", rnd, 10, 200, 9.1))
            rows.append(("top1465", "unique", "tdoku", rnd, 10, 100, 9.0))
        text = self.section(rows)
        self.assertIn("Goal: logic at least 1.05× tdoku's puzzles/s in every round, with at most its guesses per "
                      "puzzle. On the tuning sets: met on 1 of 2; **not met** on `top1465` unique (more guesses).",
                      text)

    def test_held_out(self):
        """The held-out sets get their role and their own verdict; a miss there is a claim
        that does not hold, said apart from the tuning sets' verdict; a user's own set is
        judged apart too."""
        rows = []
        for set_, ours in (("17_clue", 120), ("9x9-unique", 100), ("9x9-minimal", 130), ("mine", 200)):
            rows.append((set_, "first", "logic", 1, 10, ours, 1.0))
            rows.append((set_, "first", "tdoku", 1, 10, 100, 1.0))
        text = self.section(rows)
        self.assertIn("| `9x9-unique` | held-out | first | 1 |", text)
        self.assertIn("| `17_clue` | tuning | first | 1 |", text)
        # Our generator's sets served the engines' development: not held out.
        self.assertIn("| `9x9-minimal` | other | first | 1 |", text)
        self.assertIn("| `mine` | other | first | 1 |", text)
        self.assertIn("`9x9-unique`, random full grids with givens taken out while cadical proves", text)
        self.assertIn("On the tuning sets: met on 1 of 1. On the held-out sets: met on 0 of 1; **does not hold** "
                      "on `9x9-unique` first (lowest ratio 1.00). On the other sets: met on 2 of 2.", text)


if __name__ == "__main__":
    unittest.main()
