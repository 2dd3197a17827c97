#!/usr/bin/env python3
"""Tests of the analysis tool (scripts/analysis): the statistics, the CSV reader, the
table writer, and the whole report on the small results folder tests/data/analysis.

Run: python3 tests/test_analysis.py [PUZZLEBENCH]    (or python3 -m unittest discover tests)
The end-to-end test needs the program for its listings (`engines --csv`, `families
--csv`): the argument, else $PUZZLEBENCH, else build/puzzlebench; and gnuplot.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from analysis import csvread, markdown, stats  # noqa: E402
from analysis.errors import ReportError  # noqa: E402

PUZZLEBENCH = os.environ.get("PUZZLEBENCH", str(ROOT / "build" / "puzzlebench"))


class Statistics(unittest.TestCase):
    def test_median_odd_even_ties_empty(self):
        self.assertEqual(stats.median([3, 1, 2]), 2)
        self.assertEqual(stats.median([4, 1, 3, 2]), 2.5)
        self.assertEqual(stats.median([5, 5, 1, 5]), 5)
        self.assertEqual(stats.median([2, 2]), 2)
        self.assertEqual(stats.median([7]), 7)
        self.assertIsNone(stats.median([]))

    def test_quantile_nearest_rank(self):
        values = list(range(1, 11))  # 1..10
        self.assertEqual(stats.quantile(values, 0.9), 9)
        self.assertEqual(stats.quantile(values, 0.5), 5)
        self.assertEqual(stats.quantile(values, 0), 1)
        self.assertEqual(stats.quantile(values, 1), 10)
        self.assertEqual(stats.quantile(list(range(1, 31)), 0.9), 27)
        self.assertEqual(stats.quantile([4, 4, 4, 1], 0.5), 4)
        self.assertEqual(stats.quantile([7], 0.9), 7)
        self.assertIsNone(stats.quantile([], 0.9))
        with self.assertRaises(ValueError):
            stats.quantile([1], 1.5)

    def test_geometric_mean(self):
        self.assertAlmostEqual(stats.geometric_mean([1, 4, 16]), 4)
        self.assertIsNone(stats.geometric_mean([]))
        with self.assertRaises(ValueError):
            stats.geometric_mean([1, 0])

    def test_most_common_first_on_ties(self):
        self.assertEqual(stats.most_common(["limit", "error", "error", "limit"]), "limit")
        self.assertIsNone(stats.most_common([]))

    def test_bounded(self):
        # A lower bound above the middle cannot move the median; at or below it, it can.
        self.assertEqual(stats.Bounded([(1, False), (2, False), (9, True)]).median(), (2, False))
        self.assertEqual(stats.Bounded([(1, False), (2, True), (9, False)]).median(), (2, True))
        # Even count: the upper middle value counts.
        self.assertEqual(stats.Bounded([(1, False), (2, False), (3, True), (4, False)]).median(), (2.5, True))
        # A bound equal to an exact value sorts after it.
        self.assertEqual(stats.Bounded([(5, True), (5, False), (1, False)]).median(), (5, False))
        b = stats.Bounded([(v, v == 10) for v in range(1, 11)])
        self.assertEqual(b.quantile(0.9), (9, False))
        self.assertEqual(b.maximum(), (10, True))
        self.assertEqual(stats.Bounded([]).median(), (None, False))


class CsvReader(unittest.TestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp())

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def write(self, text):
        path = self.tmp / "runs.csv"
        path.write_text(text)
        return path

    def test_columns_by_name(self):
        path = self.write("b,a\r\n2,1\n\n b,a\n4,3\n")
        table = csvread.read_csv(path, need=("a", "b"))
        self.assertEqual([r["a"] for r in table], ["1", "3"])
        self.assertEqual(table.rows[1].num("b"), 4.0)
        self.assertEqual(table.rows[1].line, 5)

    def test_missing_column_names_file_and_column(self):
        path = self.write("instance,steps\nx,1\n")
        with self.assertRaises(ReportError) as caught:
            csvread.read_csv(path, need=("instance", "wall_s"))
        self.assertEqual(str(caught.exception), f'{path}:1: no column "wall_s" in the header')

    def test_bad_number_and_short_row(self):
        path = self.write("a,b\n1,x\n2\n")
        with self.assertRaises(ReportError) as caught:
            csvread.read_csv(path, need=("a", "b"))
        self.assertEqual(str(caught.exception), f"{path}:3: expected 2 fields as in the header, got 1")
        table = csvread.parse_csv(["a,b\n", "1,x\n"], "t.csv", need=("a",))
        with self.assertRaises(ReportError) as caught:
            table.rows[0].num("b")
        self.assertEqual(str(caught.exception), 't.csv:2: column "b": expected a number, got "x"')

    def test_unreadable(self):
        with self.assertRaises(ReportError) as caught:
            csvread.read_csv(self.tmp / "none.csv", need=("a",))
        self.assertIn("none.csv: cannot read", str(caught.exception))


class TableWriter(unittest.TestCase):
    def test_table(self):
        lines = markdown.table(["name", "n"], "lr", [["a\\|b", "1"], ["c", "22"]])
        self.assertEqual(lines, ["| name | n |", "|---|---:|", "| a\\|b | 1 |", "| c | 22 |"])

    def test_escape_and_code(self):
        self.assertEqual(markdown.escape("a|b"), "a\\|b")
        self.assertEqual(markdown.code("x`y"), "`x'y`")

    def test_row_length_checked(self):
        with self.assertRaises(ValueError):
            markdown.table(["a", "b"], "ll", [["1"]])


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        PUZZLEBENCH = sys.argv.pop(1)
    unittest.main()
