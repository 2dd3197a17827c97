#!/usr/bin/env python3
"""Tests of the analysis tool (scripts/analysis): the statistics, the CSV reader, the
table writer, the number formats (times with units, ratios in words), the timing
rules (spreads, noisy rows, the bold rule), the provenance checks (one commit,
run ids), the enumeration and false-positive sections from fixture `compare`
output, and the whole report on the small results folder tests/data/analysis.

Run: python3 tests/test_analysis.py [PUZZLEBENCH]   (or: python3 -m unittest discover -s tests)
The end-to-end tests need the program for its listings (`engines --csv`, `families
--csv`): the argument, else $PUZZLEBENCH, else build/puzzlebench; and gnuplot. They
are skipped when either is missing, unless the program was given as the argument
(as CTest does): then they fail.
"""

import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.dont_write_bytecode = True

from analysis import compare, csvread, markdown, numfmt, provenance, rank_model, runs, stats, timing  # noqa: E402
from analysis.errors import ReportError  # noqa: E402

PUZZLEBENCH = os.environ.get("PUZZLEBENCH", str(ROOT / "build" / "puzzlebench"))
STRICT = False   # the program was named: the end-to-end tests run, or fail
FIXTURE = ROOT / "tests" / "data" / "analysis"
REPORT = ROOT / "scripts" / "analysis" / "report.py"
FAKE = ROOT / "tests" / "fake_puzzlebench.py"
sys.path.insert(0, str(ROOT / "tests"))
from fake_puzzlebench import ENGINES as FAKE_ENGINES  # noqa: E402

HEADINGS = [
    "# puzzlebench report", "## Environment",
    "## Family: notouch", "### notouch, mode = first", "### notouch, mode = count",
    "## Sudoku", "### sudoku 4x4 (16 cells), mode = first", "### sudoku 25x25 (625 cells), mode = count",
    "### Sudoku vs QQwing",
    "## Kakuro", "### Generation time vs difficulty and size", "### The seed's figures and ours",
    "### Where the gain comes from: checker and refill", "### Uniqueness checkers on the same inputs",
    "### Public collections", "### A generated puzzle",
    "## Tenpair", "### The shortest win per engine", "### Counting every win up to a length bound",
    "### Wins by length, and the seed's figures", "### The rule switches", "### Thread scaling of the compact count",
    "### The count over MPI ranks: measured per length, projected to 1,024 ranks",
    "## Latin squares with holes (QWH)", "### The peak of the median steps", "### The literature",
    "### n = 15 (225 cells): steps and time per hole fraction",
    "### n = 20 (400 cells): steps and time per hole fraction",
    "## Parallel scaling: notouch", "## Parallel scaling: sudoku", "## Micro-benchmarks (micro.json)",
    "## Enumeration against backtracking", "## The harness's own false-positive rate",
    "## The rungs of reasoning, side by side", "### latin: a first solution", "### The targets, from this run",
    "## Pictures of every family",
]
PLOTS = ["sudoku-speedup", "notouch-steps", "notouch-time", "sudoku-time", "sudoku-steps", "kakuro-gen-time", "kakuro-gen-attempts",
         "kakuro-checkers", "tenpair-expanded", "tenpair-time", "tenpair-memory", "tenpair-wins", "tenpair-speedup",
         "notouch-speedup", "latin-steps", "latin-p90", "latin-time"]


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
        self.assertEqual(markdown.code("x`y"), "``x`y``")

    def test_row_length_checked(self):
        with self.assertRaises(ValueError):
            markdown.table(["a", "b"], "ll", [["1"]])


# The sweep CSV's columns (the contract of issue 12).
SWEEP_HEADER = ("family,instance,cells,engine,order,mode,threads,rep,status,solutions,steps,placements,backtracks,"
                "candidates,guesses,learnts,restarts,wall_s,puzzles,run_id,row,samples,runs_per_sample,min_s,median_s,mean_s,"
                "stddev_s,cv,median_lo_s,median_hi_s,noisy")
RUN_ID = "20261130T132512Z-3f9a1c"


def sweep_row(row, instance, cells, engine, order, mode, median, lo, hi, noisy=0, status="done", steps=100,
              samples=5):
    """One line of a sweep CSV in the contract's format; lo = hi = None: one sample."""
    if lo is None:
        samples, stats_ = 1, ["", "", "", ""]
    else:
        stats_ = ["%.9g" % (median * 0.01), "%.4g" % (0.1 if noisy else 0.01), "%.9g" % lo, "%.9g" % hi]
    fields = ["notouch", instance, cells, engine, order, mode, 1, 0, status, 1, steps, steps // 2, steps // 2,
              steps * 3, 0, 0, 0, "%.9g" % median, 1, RUN_ID, row, samples, 1, "%.9g" % (lo or median), "%.9g" % median,
              "%.9g" % median] + stats_[:1] + [stats_[1]] + stats_[2:] + [noisy]
    return ",".join(str(f) for f in fields)


def write_sweep(folder, name, lines, commit="abc123", run_id=RUN_ID):
    (folder / f"{name}.csv").write_text(SWEEP_HEADER + "\n" + "\n".join(lines) + "\n")
    (folder / f"{name}.meta").write_text(f"date=2026-11-30T13:25:12Z\ncommit={commit}\nrun_id={run_id}\n")


class Formats(unittest.TestCase):
    def test_times_three_significant_digits_with_units(self):
        self.assertEqual(numfmt.duration(1.162e-6), "1.16 µs")
        self.assertEqual(numfmt.duration(0.000001), "1.00 µs")
        self.assertEqual(numfmt.duration(3.61e-7), "361 ns")
        self.assertEqual(numfmt.duration(0.001736), "1.74 ms")
        self.assertEqual(numfmt.duration(43.45721), "43.5 s")
        self.assertEqual(numfmt.duration(2.5), "2.50 s")
        # Rounding up across a unit boundary moves to the next unit.
        self.assertEqual(numfmt.duration(0.9996), "1.00 s")
        self.assertEqual(numfmt.duration(999.6e-6), "1.00 ms")
        self.assertEqual(numfmt.duration(1234.5), "1230 s")
        self.assertEqual(numfmt.duration(None), "-")
        for x in (1e-9, 3e-8, 4.5e-5, 0.5, 7, 12345.0):
            self.assertNotIn("e", numfmt.duration(x).split()[0])

    def test_spread_in_the_medians_unit(self):
        self.assertEqual(numfmt.duration_spread(1.23e-3, 1.2e-3, 1.31e-3), "1.23 ms [1.20, 1.31]")
        self.assertEqual(numfmt.duration_spread(1.0e-3, 0.998e-3, 1.02e-3), "1.00 ms [0.998, 1.02]")
        self.assertEqual(numfmt.duration_spread(5e-7, None, None), "500 ns")

    def test_ratios_read_faster_or_slower_with_n_at_least_one(self):
        self.assertEqual(numfmt.ratio(1, 2), "2.00× faster")
        self.assertEqual(numfmt.ratio(2, 1), "2.00× slower")
        self.assertEqual(numfmt.ratio(0.001736, 43.45721), "25,000× faster")
        self.assertEqual(numfmt.ratio(0.7432, 300.5), "404× faster")   # was "0.00x"
        self.assertEqual(numfmt.ratio(10, 1, numfmt.FEWER_STEPS, numfmt.MORE_STEPS), "10.0× more steps")
        self.assertEqual(numfmt.ratio(None, 1), "n/a")
        self.assertEqual(numfmt.ratio(0, 1), "n/a")
        for a, b in ((1, 1e6), (3, 7), (7, 3), (1e6, 1)):
            n = numfmt.ratio(a, b).split("×")[0].replace(",", "")
            self.assertGreaterEqual(float(n), 1)

    def test_ratio_with_its_interval(self):
        self.assertEqual(numfmt.ratio_interval(0.5, 0.45, 0.55), "2.00× faster [1.82×, 2.22×]")
        self.assertEqual(numfmt.ratio_interval(2, 1.5, 2.5), "2.00× slower [1.50×, 2.50×]")
        self.assertEqual(numfmt.ratio_interval(0.98, 0.95, 1.03), "1.02× faster [1.05× faster, 1.03× slower]")

    def test_bounded_ratio(self):
        # The search took 1 s; enumeration stopped at its limit after 10 s: at least 10x faster.
        self.assertEqual(numfmt.bounded_ratio(1, 10, b_lower=True), "≥ 10.0× faster")
        self.assertEqual(numfmt.bounded_ratio(10, 1, a_lower=True), "≥ 10.0× slower")
        self.assertTrue(numfmt.bounded_ratio(20, 10, b_lower=True).startswith("n/a"))
        self.assertTrue(numfmt.bounded_ratio(1, 1, True, True).startswith("n/a"))
    def test_no_old_ratio_or_time_helpers_left(self):
        # One helper for ratios and one for times: the old ones are gone from the tool.
        for old in ("times2", "factor_plain", "seconds6", "millis", "secs"):
            self.assertFalse(hasattr(numfmt, old), old)
        sources = "".join(p.read_text() for p in (ROOT / "scripts" / "analysis").rglob("*.py"))
        self.assertNotRegex(sources, r'"%\.2fx"|"%\.1fx"|%\.2fx')


class Timings(unittest.TestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp())

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def groups(self, lines):
        write_sweep(self.tmp, "notouch", lines)
        return runs.group_runs(csvread.read_csv(self.tmp / "notouch.csv", need=runs.RUN_COLUMNS))

    def test_median_with_interval_single_sample_and_limit(self):
        g = self.groups([sweep_row(0, "2x3", 6, "backtrack", "row", "count", 1.23e-3, 1.2e-3, 1.31e-3),
                         sweep_row(1, "2x3", 6, "enum-all", "-", "count", 1.5, None, None, status="limit"),
                         sweep_row(2, "2x3", 6, "path-dp", "-", "count", 4e-6, None, None)])
        self.assertEqual(g[0].timing().text(), "1.23 ms [1.20, 1.31]")
        self.assertEqual(g[1].timing().text(), "≥ 1.50 s (limit)")
        self.assertEqual(g[2].timing().text(), "4.00 µs (1 sample)")
        self.assertTrue(g[1].timing().lower)

    def test_noisy_rows_are_marked(self):
        g = self.groups([sweep_row(0, "2x3", 6, "backtrack", "row", "count", 1e-3, 0.9e-3, 1.1e-3, noisy=1)])
        t = g[0].timing()
        self.assertTrue(t.noisy)
        self.assertFalse(t.usable)
        self.assertEqual(t.text(), "1.00 ms [0.900, 1.10]†")
        self.assertEqual(timing.noisy_footnote([t]), ["", timing.NOISY_NOTE])

    def test_old_files_use_the_reps(self):
        table = csvread.parse_csv(["instance,cells,engine,order,mode,threads,status,solutions,steps,wall_s\n",
                                   "a,4,x,-,count,1,done,1,5,0.003\n", "a,4,x,-,count,1,done,1,5,0.001\n",
                                   "a,4,x,-,count,1,done,1,5,0.002\n"], "old.csv")
        t = runs.group_runs(table)[0].timing()
        self.assertEqual((t.median, t.lo, t.hi, t.samples), (0.002, 0.001, 0.003, 3))

    def test_per_puzzle(self):
        g = self.groups([sweep_row(0, "set", 81, "logic", "-", "first", 2e-3, 1.9e-3, 2.1e-3)])
        t = g[0].timing(per=lambda r: 1000.0)
        self.assertEqual(t.text(), "2.00 µs [1.90, 2.10]")

    def test_bold_only_without_overlap(self):
        T = timing.Timing
        # Apart: the fastest is bolded.
        self.assertEqual(timing.winner([T(2.0, 1.9, 2.1), T(1.0, 0.9, 1.1), T(3.0, 2.9, 3.1)]), 1)
        # Overlapping intervals: no bold.
        self.assertIsNone(timing.winner([T(1.0, 0.9, 1.2), T(1.1, 1.05, 1.3)]))
        # A noisy winner or runner-up: no bold.
        self.assertIsNone(timing.winner([T(1.0, 0.9, 1.1, noisy=True), T(2.0, 1.9, 2.1)]))
        self.assertIsNone(timing.winner([T(1.0, 0.9, 1.1), T(2.0, 1.9, 2.1, noisy=True)]))
        # Without an interval (one sample) nothing is known: no bold.
        self.assertIsNone(timing.winner([T(1.0), T(2.0, 1.9, 2.1)]))
        # A run stopped at a limit is not a candidate; alone, nothing is bolded.
        self.assertIsNone(timing.winner([T(1.0, 0.9, 1.1), T(0.5, stopped="limit")]))
        self.assertEqual(timing.winner([T(1.0, 0.9, 1.1), T(0.5, stopped="limit"), T(2.0, 1.9, 2.1)]), 0)


def write_samples(folder, name, lines):
    """NAME.samples.csv for the rows of `lines` (sweep_row lines): as many samples as each
    row says, spread evenly over its interval (lo, median, hi, ...)."""
    out = ["run_id,row,sample,runs,wall_s"]
    for line in lines:
        fields = line.split(",")
        median = float(fields[24])
        lo = float(fields[28]) if fields[28] else median
        hi = float(fields[29]) if fields[29] else median
        values = [lo, median, hi, (lo + median) / 2, (median + hi) / 2]
        for k in range(int(fields[21])):
            out.append(f"{fields[19]},{fields[20]},{k},1,{values[k % 5]:.9g}")
    (folder / f"{name}.samples.csv").write_text("\n".join(out) + "\n")


def run_report(results, *options, program=None):
    """The report on `results` with the fake program (its listings and compare)."""
    return subprocess.run([sys.executable, str(REPORT), "--puzzlebench", str(program or FAKE), "--no-plots",
                           *options, str(results)], capture_output=True, text=True, timeout=60)


# A small notouch sweep in the contract's format: two boards, both modes, each
# enumeration against the searches; enum-all stops at its limit on 2x4 count.
NOTOUCH_LINES = []


def _notouch_lines():
    row = 0
    lines = []
    for instance, cells in (("1x4", 4), ("2x4", 8)):
        for mode in ("first", "count"):
            for engine, order, t, steps in (("enum-perm", "-", 4e-5, 400), ("enum-all", "-", 2e-4, 4000),
                                            ("backtrack", "row", 2e-6, 40), ("backtrack", "mrv", 3e-6, 30),
                                            ("propagate", "row", 1.5e-6, 20), ("value-order", "-", 1e-6, 30),
                                            ("path-dp", "-", 1.9e-4, 50)):
                scale = 1 if instance == "1x4" else 100
                stopped = engine == "enum-all" and instance == "2x4" and mode == "count"
                median = t * scale
                if stopped:
                    lines.append(sweep_row(row, instance, cells, engine, order, mode, 0.5, None, None,
                                           status="limit", steps=500000))
                else:
                    lines.append(sweep_row(row, instance, cells, engine, order, mode, median, median * 0.97,
                                           median * 1.03, noisy=int(engine == "value-order" and instance == "2x4"),
                                           steps=steps * scale))
                row += 1
    return lines


NOTOUCH_LINES = _notouch_lines()


class RankModel(unittest.TestCase):
    """The model of the tenpair count over MPI ranks (analysis/rank_model.py)."""

    COLUMNS = "length,nodes,states,expanded,node_expanded_max,kept_bytes,sent_bytes,level_peak_bytes_max," \
              "search_s_sum,level_s"

    def levels(self, share=0.25, first=80, last=110):
        """Lengths first..last (even): 1,000 states at `first`, doubling per +2; the
        largest sequence `share` of them; 1 us a state; 2 bytes a state of that
        sequence; 8 bytes of records per 1,000 states."""
        lines = [self.COLUMNS]
        for k, length in enumerate(range(first, last + 1, 2)):
            e = 1000 * 2 ** k
            lines.append(f"{length},{10 + k},{20 + k},{e},{int(e * share)},{e * 8 // 1000},0,"
                         f"{2 * int(e * share)},{e * 1e-6},{e * 1e-6}")
        return [rank_model.Level(r) for r in csvread.parse_csv(lines, "levels.csv").rows]

    def test_fit_of_an_exponential_is_exact(self):
        a, g = rank_model.fit_log_linear([(x, 3 * 2 ** x) for x in range(5)])
        self.assertAlmostEqual(g, math.log(2))
        self.assertAlmostEqual(a, math.log(3))
        self.assertIsNone(rank_model.fit_log_linear([(1, 5.0), (1, 7.0)]))

    def test_measured_constants(self):
        m = rank_model.Model(self.levels())
        self.assertAlmostEqual(m.growth_per_2, 2.0)
        self.assertAlmostEqual(m.scatter, 1.0)
        self.assertAlmostEqual(m.per_state_s, 1e-6)
        self.assertAlmostEqual(m.share, 0.25, places=3)
        self.assertAlmostEqual(m.bytes_per_state, 2.0)
        self.assertAlmostEqual(m.record_bytes_per_state, 0.008, places=4)
        for length, x in m.holdout:  # an exact exponential is predicted exactly
            self.assertAlmostEqual(x, 1.0)
        self.assertEqual(m.expanded(110), 1000 * 2 ** 15)
        self.assertAlmostEqual(m.expanded(112) / (1000 * 2 ** 16), 1.0)

    def test_the_largest_sequence_bounds_the_speedup(self):
        m = rank_model.Model(self.levels(share=0.25))
        one, many = m.project(1, 120), m.project(1024, 120)
        # 1,024 ranks: the largest sequences set the time (a quarter of the work),
        # and add only latency and wire time to it.
        self.assertAlmostEqual(many["time_s"] / one["time_s"], 0.25, places=2)
        self.assertGreater(many["time_s"], 0.25 * one["time_s"])
        self.assertLess(many["split_time_s"], one["time_s"] / 1000)
        # Memory per rank is one search: the same at any rank count.
        self.assertEqual(one["memory_B"], many["memory_B"])
        self.assertAlmostEqual(one["memory_B"], 2 * 0.25 * 1000 * 2 ** 20, delta=1)
        self.assertEqual(one["sent_B"], 0)
        self.assertAlmostEqual(many["sent_B"], 0.008 * 1000 * 2 ** 20 * 1023 / 1024, delta=1)

    def test_reach_stops_at_the_first_budget_met(self):
        m = rank_model.Model(self.levels(share=0.25))
        bound, why = m.reach(1, 3600, 4 * 1024 ** 3)
        # With k = (B - 80) / 2, the work up to bound B is 1e-3 * (2^(k+1) - 1) s:
        # an hour is first passed at 122 (4,194 s; 120: 2,097 s). Memory is
        # 2 B * 0.25 * 1000 * 2^k: 4 GiB is first passed at 128 (k = 24).
        self.assertEqual((bound, why), (120, "time"))
        # 1,024 ranks: a quarter of the work (up to 124: 0.25e-3 * (2^23 - 1) =
        # 2,097 s; 126: 4,194 s); split, memory stops it.
        self.assertEqual(m.reach(1024, 3600, 4 * 1024 ** 3), (124, "time"))
        self.assertEqual(m.reach(1024, 3600, 4 * 1024 ** 3, split=True), (126, "memory"))

    def test_too_few_lengths_or_no_growth_are_errors(self):
        with self.assertRaises(ValueError):
            rank_model.Model(self.levels(first=80, last=84))
        flat = self.levels()
        for lv in flat:
            lv.expanded = 1000
        with self.assertRaises(ValueError):
            rank_model.Model(flat)


class Provenance(unittest.TestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp())

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_one_commit_is_named_in_the_header(self):
        write_sweep(self.tmp, "notouch", NOTOUCH_LINES[:3], commit="1234abc")
        self.assertEqual(provenance.check_commits(self.tmp, False),
                         ["Built from one commit: `1234abc` (the `commit=` line of all 1 input files)."])

    def test_mixed_commits_exit_2_naming_files_and_commits(self):
        write_sweep(self.tmp, "notouch", NOTOUCH_LINES, commit="1111111")
        write_sweep(self.tmp, "notouch-parallel", NOTOUCH_LINES[:2], commit="2222222")
        done = run_report(self.tmp)
        self.assertEqual(done.returncode, 2, done.stderr)
        self.assertEqual(done.stderr.count("\n"), 1, done.stderr)
        self.assertRegex(done.stderr, r"^report: \S+: the inputs mix 2 commits: commit \w+: .*\(.*--allow-mixed\)\n$")
        self.assertIn("commit 1111111: notouch.meta", done.stderr)
        self.assertIn("commit 2222222: notouch-parallel.meta", done.stderr)
        self.assertFalse((self.tmp / "REPORT.md").exists())

    def test_allow_mixed_builds_with_a_warning_block(self):
        write_sweep(self.tmp, "notouch", NOTOUCH_LINES, commit="1111111")
        write_samples(self.tmp, "notouch", NOTOUCH_LINES)
        (self.tmp / "other.meta").write_text("commit=2222222\n")
        done = run_report(self.tmp, "--allow-mixed")
        self.assertEqual(done.returncode, 0, done.stderr)
        text = (self.tmp / "REPORT.md").read_text()
        self.assertTrue(text.startswith("# puzzlebench report\n\n> **Warning: these results mix 2 commits**"), text)
        self.assertIn("> - `2222222`: `other.meta`", text)

    def test_quick_run_has_a_banner(self):
        write_sweep(self.tmp, "notouch", NOTOUCH_LINES)
        write_samples(self.tmp, "notouch", NOTOUCH_LINES)
        self.assertEqual(run_report(self.tmp).returncode, 0)
        self.assertNotIn("A quick run", (self.tmp / "REPORT.md").read_text())
        meta = self.tmp / "notouch.meta"
        meta.write_text(meta.read_text() + "quick=1\n")
        done = run_report(self.tmp)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertTrue((self.tmp / "REPORT.md").read_text().startswith(
            "# puzzlebench report\n\n> **A quick run** (1 of its result files say quick=1)"))

    def test_run_id_must_be_in_the_meta(self):
        write_sweep(self.tmp, "notouch", NOTOUCH_LINES[:3], run_id="20261130T000000Z-000000 " + RUN_ID)
        provenance.check_run_ids(self.tmp)      # a list of ids: fine
        write_sweep(self.tmp, "notouch", NOTOUCH_LINES[:3], run_id="20261130T000000Z-000000")
        done = run_report(self.tmp)
        self.assertEqual(done.returncode, 2)
        self.assertEqual(done.stderr, f'report: {self.tmp / "notouch.csv"}:2: run_id "{RUN_ID}" is not in '
                                      'notouch.meta (20261130T000000Z-000000)\n')

    def test_run_id_without_meta(self):
        write_sweep(self.tmp, "notouch", NOTOUCH_LINES[:3])
        (self.tmp / "notouch.meta").unlink()
        with self.assertRaises(provenance.IncoherentInputs) as caught:
            provenance.check_run_ids(self.tmp)
        self.assertIn("no notouch.meta", str(caught.exception))


# compare --csv output as the contract gives it: enum-all (old) against backtrack/row (new).
COMPARE_CSV = """family,instance,cells,order,mode,threads,old_samples,old_median_s,old_lo_s,old_hi_s,old_cv,new_samples,\
new_median_s,new_lo_s,new_hi_s,new_cv,ratio,ratio_lo,ratio_hi,p_value,verdict,old_steps,new_steps,steps_ratio,method,n,\
bound
notouch,1x4,4,-,first,1,5,0.0002,0.00019,0.00021,0.01,5,0.000002,0.0000019,0.0000021,0.012,0.01,0.0095,0.0105,\
0.0079,faster,4000,40,0.01,paired,5,
notouch,1x4,4,-,count,1,5,0.0002,0.00019,0.00021,0.01,5,0.000199,0.00019,0.00021,0.02,0.995,0.97,1.02,0.69,~,4000,\
40,0.01,paired,5,
notouch,2x4,8,-,first,1,5,0.02,0.019,0.021,0.01,5,0.0002,0.00019,0.00021,0.09,0.01,0.0095,0.0105,0.0079,faster,\
400000,4000,0.01,paired,5,
notouch,2x4,8,-,count,1,1,0.5,,,,5,0.0002,0.00019,0.00021,0.01,0.0004,,,,faster,500000,4000,0.008,independent,1,\
at_most
geomean,,,,,,,,,,,,,,,,0.0464,,,,,,,,,,
"""


class Sections(unittest.TestCase):
    """The enumeration and false-positive sections from fixture compare output."""

    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp())
        write_sweep(self.tmp, "notouch", NOTOUCH_LINES)
        table = csvread.read_csv(self.tmp / "notouch.csv", need=runs.RUN_COLUMNS)
        self.groups = runs.group_runs(table)
        self.listing = __import__("analysis.listing", fromlist=["Listing"]).Listing(
            csvread.parse_csv(FAKE_ENGINES.splitlines(keepends=True), "engines").rows, [])

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_compare_output_is_parsed(self):
        c = compare.parse(COMPARE_CSV.splitlines(keepends=True), "fixture")
        self.assertEqual(len(c.pairs), 4)
        self.assertAlmostEqual(c.geomean, 0.0464)
        self.assertEqual(c.pairs[0].verdict, "faster")
        self.assertEqual(c.pairs[0].new.text(), "2.00 µs [1.90, 2.10]")
        self.assertTrue(c.pairs[2].new.noisy)        # cv 0.09
        self.assertFalse(c.pairs[3].compared)
        with self.assertRaises(ReportError):
            compare.parse(COMPARE_CSV.replace(",faster,", ",quicker,", 1).splitlines(keepends=True), "bad")

    def test_enumeration_section(self):
        from analysis.sections import enumeration
        c = compare.parse(COMPARE_CSV.splitlines(keepends=True), "fixture")
        lines = enumeration.render(self.listing, self.groups, ["enum-all"], ["backtrack/row"],
                                   {("enum-all", "backtrack/row"): c})
        text = "\n".join(lines)
        # A significant pair: the ratio in words with its interval, and the steps.
        self.assertIn("| 1x4 | 4 | 100× faster [95.2×, 105×]; 100× fewer steps |", text)
        # Not significant: shown with its interval, "inconclusive".
        self.assertIn("| 1x4 | 4 | 1.01× faster [1.03× faster, 1.02× slower], inconclusive; 100× fewer steps |",
                      text)
        # A noisy side is marked, with the footnote, and counted all the same.
        self.assertIn("| 2x4 | 8 | 100× faster [95.2×, 105×]†; 100× fewer steps |", text)
        self.assertIn(timing.NOISY_NOTE, text)
        # Enumeration stopped at its limit (0.5 s, 500000 steps; the sweep's backtrack/row: 200 µs, 4000 steps).
        self.assertIn("| 2x4 | 8 | ≥ 2500× faster, enum-all stopped at its limit; ≥ 125× fewer steps |", text)
        self.assertIn("| backtrack/row | enum-all | faster on 2 of 2, slower on 0, inconclusive on 0 | "
                      "faster on 0 of 1, slower on 0, inconclusive on 1; 1 with a run stopped at its limit (bounds "
                      "in the tables) | 21.6× faster |", text)
        self.assertNotIn("left out", text)
        self.assertNotIn("0.0", re.sub(r"\[[^]]*\]", "", text.split("| board")[0].split("geometric mean")[-1]))

    def test_false_positive_rate(self):
        from analysis.sections import repeatability
        lines = [COMPARE_CSV.splitlines()[0]]
        for i in range(20):
            verdict = "slower" if i == 0 else "~"
            lines.append(f"notouch,b{i},4,-,count,1,5,1e-3,9e-4,1.1e-3,0.01,5,1e-3,9e-4,1.1e-3,0.01,1.0,0.98,1.02,"
                         f"0.5,{verdict},10,10,1,independent,5,")
        c = compare.parse([l + "\n" for l in lines], "fixture")
        table = csvread.read_csv(self.tmp / "notouch.csv")
        text = "\n".join(repeatability.render(c, [table]))
        self.assertIn("**1 of 20 pairs (5.0%) called significantly different** (0 faster, 1 slower; p < 0.05 and "
                      "the ratio's interval beyond compare's noise floor of 1 ± 3%); the goal is at most 5%: met.",
                      text)
        self.assertRegex(text, r"median cv 1% over its 27 rows with two samples or more \(goal: under 3%: met\); "
                               r"2 of them noisy")

    def test_guard_line_from_the_meta(self):
        from analysis.sections import repeatability
        (self.tmp / "g.meta").write_text("speed_tolerance=0.04\nref_run=23 (notouch,ell5,5,enum-all,-,count,1)\n"
                                         "ref_s=first 7e-06 best 4.6e-06 worst 8e-06 last 4.7e-06 (90 readings)\n"
                                         "speed_waits=2 (1 recovered, 64 s waited)\n"
                                         "speed_rounds=1 taken again, 1 kept slower\n")
        line = repeatability._guard_line(self.tmp / "g.csv")
        self.assertEqual(line, "- `g.csv`, the guard on the machine's speed (tolerance 0.04): reference run "
                               "`23 (notouch,ell5,5,enum-all,-,count,1)`, readings `first 7e-06 best 4.6e-06 worst "
                               "8e-06 last 4.7e-06 (90 readings)`; waits 2 (1 recovered, 64 s waited); rounds 1 taken "
                               "again, 1 kept slower.")
        self.assertIn("no record of a guard", repeatability._guard_line(self.tmp / "none.csv"))

    def test_false_positive_section_without_the_repeat(self):
        from analysis.sections import repeatability
        text = "\n".join(repeatability.section(None, self.tmp))
        self.assertIn("_Not run: no `notouch-repeat.csv`.", text)

    def test_section_through_the_program(self):
        write_samples(self.tmp, "notouch", NOTOUCH_LINES)
        write_sweep(self.tmp, "notouch-repeat", NOTOUCH_LINES)
        write_samples(self.tmp, "notouch-repeat", NOTOUCH_LINES)
        done = run_report(self.tmp)
        self.assertEqual(done.returncode, 0, done.stderr)
        text = (self.tmp / "REPORT.md").read_text()
        headings = [l for l in text.splitlines() if l.startswith("## ")]
        self.assertEqual(headings[:3], ["## Environment", "## Enumeration against backtracking",
                                        "## The harness's own false-positive rate"])
        self.assertIn("| backtrack/row | enum-all |", text)
        self.assertIn("0 of 27 pairs (0.0%) called significantly different", text)
        self.assertNotIn("Family: notouch-repeat", text)


class Qqwing(unittest.TestCase):
    """sudoku-qqwing.csv with the timing columns: puzzlebench against QQwing from compare,
    in one direction for solving and generating, noisy times marked and not claimed."""

    def test_qqwing_section(self):
        from types import SimpleNamespace
        from analysis.context import Context
        from analysis.sections import sudoku
        tmp = Path(tempfile.mkdtemp())
        try:
            header = ("task,tool,set,difficulty,puzzles,wall_s,run_id,row,samples,runs_per_sample,min_s,median_s,"
                      "mean_s,stddev_s,cv,median_lo_s,median_hi_s,noisy")
            rows, samples = [header], ["run_id,row,sample,runs,wall_s"]
            for i, (task, tool, set_, level, n, t, noisy) in enumerate((
                    ("solve", "qqwing", "9x9-easy", "easy", 1000, 0.06, 0),
                    ("solve", "puzzlebench", "9x9-easy", "easy", 1000, 0.015, 0),
                    ("generate", "qqwing", "generated", "simple", 20, 6.0, 1),
                    ("generate", "puzzlebench", "generated", "simple", 20, 0.06, 0))):
                rows.append(f"{task},{tool},{set_},{level},{n},{t},{RUN_ID},{i},5,1,{t * 0.98},{t},{t},{t * 0.01},"
                            f"{0.2 if noisy else 0.01},{t * 0.98},{t * 1.02},{noisy}")
                samples += [f"{RUN_ID},{i},{k},1,{t}" for k in range(5)]
            (tmp / "sudoku-qqwing.csv").write_text("\n".join(rows) + "\n")
            (tmp / "sudoku-qqwing.samples.csv").write_text("\n".join(samples) + "\n")
            listing = __import__("analysis.listing", fromlist=["Listing"]).Listing(
                csvread.parse_csv(FAKE_ENGINES.splitlines(keepends=True), "engines").rows, [])
            ctx = Context(tmp, listing, False, str(FAKE))
            text = "\n".join(sudoku.qqwing_section(ctx, SimpleNamespace(name="sudoku"), tmp / "sudoku-qqwing.csv"))
        finally:
            shutil.rmtree(tmp)
        self.assertIn("| 9x9-easy | 1000 / 1000 | 60.0 µs [58.8, 61.2] | 15.0 µs [14.7, 15.3] | "
                      "4.00× faster [3.64×, 4.44×] |", text)
        # Generating reads the same way round; a noisy side is marked and not claimed.
        self.assertIn("| simple | 20 / 20 | 300 ms [294, 306]† | 3.00 ms [2.94, 3.06] | 100× faster [90.9×, 111×]† |",
                      text)
        self.assertIn("- solving, puzzlebench against QQwing: 9x9-easy 4.00× faster [3.64×, 4.44×]", text)
        self.assertIn("- generating, puzzlebench against QQwing: simple n/a (a noisy time)", text)


class KakuroPublic(unittest.TestCase):
    """kakuro-public.csv: one row per collection, agreement over the known entries (the
    unknown ones named), median and max time; without the file, "not run"."""

    def section(self, rows):
        from types import SimpleNamespace
        from analysis.sections import kakuro_public
        tmp = Path(tempfile.mkdtemp())
        try:
            files = []
            if rows is not None:
                header = "collection,name,rows,cols,known,verdict,agree,solution_checked,steps,wall_s,median_s,run_id"
                (tmp / "kakuro-public.csv").write_text("\n".join([header] + rows) + "\n")
                files = [tmp / "kakuro-public.csv"]
            ctx = SimpleNamespace(dir=tmp, meta_line=lambda *a: "")
            return "\n".join(kakuro_public.section(ctx, files))
        finally:
            shutil.rmtree(tmp)

    def test_rows_per_collection(self):
        text = self.section([
            f"cx16,cx16-001,6,6,>=2,multiple,1,0,10,0.001,0.001,{RUN_ID}",
            f"cx16,cx16-002,6,6,unique,unique,1,1,10,0.003,0.003,{RUN_ID}",
            f"cx16,cx16-031,8,8,none,unique,0,0,10,0.002,0.002,{RUN_ID}",
            f"marcel,marcel-huge,101,31,TIMEOUT,multiple,,0,4346991,14.8,14.8,{RUN_ID}",
            f"marcel,marcel-u,4,4,unique,unique,1,1,7,0.00002,0.00002,{RUN_ID}"])
        self.assertIn("| cx16 | 3 | 2 of 3 | 2.00 ms | 3.00 ms |", text)
        self.assertIn("| marcel | 2 | 1 of 1 (1 unknown: marcel-huge: multiple) | 7.40 s | 14.8 s |", text)
        self.assertIn("2 unique puzzles' solutions", text)

    def test_not_run(self):
        text = self.section(None)
        self.assertIn("### Public collections", text)
        self.assertIn("_Not run: no `kakuro-public.csv`", text)


class TdokuSection(unittest.TestCase):
    """tdoku's published figures always; with sudoku-tdoku.csv, logic and tdoku per set
    and mode: medians and ranges over the rounds, and the per-round ratio."""

    def section(self, rows):
        from analysis.sections import sudoku_tdoku
        tmp = Path(tempfile.mkdtemp())
        try:
            path = None
            if rows is not None:
                path = tmp / sudoku_tdoku.FILE
                lines = ["set,mode,tool,round,puzzles,puzzles_per_s,guesses_per_puzzle"]
                lines += [",".join(str(x) for x in r) for r in rows]
                path.write_text("\n".join(lines) + "\n")
            return "\n".join(sudoku_tdoku.section(None, path))
        finally:
            shutil.rmtree(tmp)

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
        self.assertIn("| `top1465` | first | 3 | 110000 [99000, 130000] | 100000 [100000, 110000] | "
                      "1.10 [0.90, 1.30] | 5.67 [5.67, 5.67] | 6.07 [6.07, 6.07] |", text)


class Ladder(unittest.TestCase):
    """FAMILY-ladder.csv (bench/ladder.py): the first rung that solves every instance,
    totals with lower bounds, and the targets' ratios, on hand-made rows."""

    HEADER = ("family,set,param,instance,tool,kind,order,mode,status,solutions,steps,backtracks,guesses,learnts,"
              "wall_s,run_id,row,samples,runs_per_sample,min_s,median_s,mean_s,stddev_s,cv,median_lo_s,median_hi_s,"
              "noisy")

    def section(self, rows, limit="10", micro=None):
        from analysis.context import Context
        from analysis.sections import ladder
        tmp = Path(tempfile.mkdtemp())
        try:
            lines = [self.HEADER]
            for i, (set_, param, tool, st, bt, t) in enumerate(rows):
                kind = "outside" if tool in ("minisat", "cadical") else "engine"
                n = 1 if st == "limit" else 3
                lo, hi = ("", "") if n == 1 else (t * 0.9, t * 1.1)
                lines.append(f"latin,{set_},{param},i-{set_}-{param},{tool},{kind},-,first,{st},"
                             f"{int(st == 'done')},{bt * 2},{bt},{bt},,{t},{RUN_ID},{i},{n},1,{t},{t},{t},0,0,"
                             f"{lo},{hi},0")
            (tmp / "latin-ladder.csv").write_text("\n".join(lines) + "\n")
            (tmp / "latin-ladder.meta").write_text(f"run_id={RUN_ID}\ncommit=abc123\ntime_limit_s={limit}\n")
            if micro:
                cases = [{"name": f"sudoku/9x9-bench/{e}/real_time", "run_name": f"sudoku/9x9-bench/{e}/real_time",
                          "run_type": "iteration", "real_time": t, "time_unit": "us"}
                         for e, ts in micro.items() for t in ts]
                (tmp / "micro.json").write_text(json.dumps({"benchmarks": cases}))
            listing = __import__("analysis.listing", fromlist=["Listing"]).Listing(
                csvread.parse_csv(FAKE_ENGINES.splitlines(keepends=True), "engines").rows, [])
            return "\n".join(ladder.section(Context(tmp, listing, False, str(FAKE)), tmp))
        finally:
            shutil.rmtree(tmp)

    def test_rungs_totals_and_targets(self):
        text = self.section([
            ("qwh-30", "0.40", "propagate", "limit", 2000000, 10.0),
            ("qwh-30", "0.40", "alldiff", "done", 100, 0.02),
            ("qwh-30", "0.80", "propagate", "done", 300, 0.01),
            ("qwh-30", "0.80", "alldiff", "done", 0, 0.03),
            ("qwh-40", "0.40", "learn", "done", 5000, 2.0),
            ("qwh-40", "0.40", "cadical", "done", 900, 1.0),
            ("qwh-40", "0.50", "learn", "done", 6000, 3.0),
            ("qwh-40", "0.50", "cadical", "done", 800, 1.5),
        ])
        # propagate stops at 0.40 on qwh-30: alldiff is the first rung to solve all there;
        # qwh-40 ran learn only, which solves both.
        self.assertIn("no rung of the ladder solves all 4 instances within 10 s", text)
        self.assertIn("First rung solving every instance, per set: `qwh-30`: alldiff, `qwh-40`: learn.", text)
        self.assertIn("cadical solves 2 of 4", text)
        # totals: a stopped run counts with what it used, and the total is then a bound
        self.assertIn("| propagate | 1/2 | ≥ 10.0 s | - | - |", text)
        self.assertIn("| learn | - | - | 2/2 | 5.00 s |", text)
        self.assertIn("| cadical (outside) | - | - | 2/2 | 2.50 s |", text)
        # per instance: median [range] · backtracks, ≥ for the stopped run
        self.assertIn("| 0.40 | ≥ 10.0 s · ≥ 2,000,000 | 20.0 ms [18.0, 22.0] · 100 |", text)
        self.assertIn("propagate: stopped at the limit at 0.40 (the peak among them, or below the lowest fraction run)", text)
        self.assertIn("learn: 0.50; cadical: 0.40 (the lowest fraction run: the peak may lie below it).", text)
        # the targets
        self.assertIn("alldiff takes ≥ 20,000× fewer backtracks (goal: at least 10× fewer)", text)
        self.assertIn("On the one square of the set where both backtracked: ≥ 20,000× fewer backtracks.", text)
        # a set's table has the columns of the tools that ran on it
        self.assertIn("| hole fraction | propagate | alldiff |\n", text)
        self.assertIn("2/2 solved in 5.00 s against 2/2 in 2.50 s: learn is 2.00× slower (goal: at most 2× slower: "
                      "met)", text)

    def test_learn_against_logic_from_micro(self):
        rows = [("qwh-30", "0.40", "alldiff", "done", 100, 0.02)]
        text = self.section(rows, micro={"learn": [80, 90, 100], "logic": [10, 11, 12]})
        self.assertIn("learn is 8.18× slower (the repetitions allow 6.67× to 10×; goal: within 10×: met)", text)
        text = self.section(rows, micro={"learn": [80, 90, 130], "logic": [10, 11, 12]})
        self.assertIn("(the repetitions allow 6.67× to 13×; goal: within 10×: not settled by these repetitions)", text)
        self.assertNotIn("learn against logic", self.section(rows))

    def test_alldiff_target_with_no_backtrack(self):
        text = self.section([
            ("qwh-30", "0.60", "propagate", "limit", 7000000, 10.0),
            ("qwh-30", "0.60", "alldiff", "done", 0, 0.03),
        ])
        self.assertIn("0 backtracks against ≥ 7,000,000: alldiff takes none at all: its filtering alone completes "
                      "the square (goal: at least 10× fewer: met).", text)

    def test_hardest_square(self):
        text = self.section([
            ("qwh-50", "0.30", "cadical", "limit", 0, 10.0),
            ("qwh-50", "0.60", "cadical", "done", 3000, 3.0),
            ("qwh-50", "0.30", "propagate", "limit", 10, 10.0),
            ("qwh-50", "0.60", "propagate", "limit", 10, 10.0),
            ("qwh-50", "0.30", "alldiff", "done", 10, 1.0),
            ("qwh-50", "0.60", "alldiff", "done", 50, 1.0),
        ])
        # a killed outside solver has no counts, and still stopped where it is hardest
        self.assertIn("propagate: at the limit on every square, not located; alldiff: 0.60; cadical: stopped at "
                      "the limit at 0.30 (the peak among them, or below the lowest fraction run).", text)

    def test_learn_target_missed_with_fewer_solved(self):
        text = self.section([
            ("qwh-40", "0.40", "learn", "limit", 5000, 10.0),
            ("qwh-40", "0.40", "cadical", "done", 900, 4.0),
        ])
        self.assertIn("0/1 solved in ≥ 10.0 s against 1/1 in 4.00 s: learn is ≥ 2.50× slower (goal: at least as "
                      "many solved: missed)", text)
        self.assertIn("no rung of the ladder solves the one instance within 10 s", text)


class Micro(unittest.TestCase):
    """Google Benchmark JSON with --benchmark_repetitions: the median with [min, max]."""

    def test_repetitions(self):
        from analysis.sections import micro
        tmp = Path(tempfile.mkdtemp())
        try:
            entries = []
            for name, times, extra in (("a/real_time", (10.0, 9.8, 10.1), {}),
                                       ("b/real_time", (2.0, 1.4, 2.2), {"puzzles": 25.0})):
                for i, t in enumerate(times):
                    entries.append(dict(name=name, run_name=name, run_type="iteration", repetitions=3,
                                        repetition_index=i, iterations=100, real_time=t, time_unit="us", **extra))
                entries.append(dict(name=name + "_median", run_name=name, run_type="aggregate", aggregate_name="median",
                                    real_time=sorted(times)[1], time_unit="us", **extra))
                mean = sum(times) / 3
                sd = (sum((t - mean) ** 2 for t in times) / 2) ** 0.5
                entries.append(dict(name=name + "_cv", run_name=name, run_type="aggregate", aggregate_name="cv",
                                    aggregate_unit="percentage", real_time=sd / mean, time_unit="us", **extra))
            path = tmp / "micro.json"
            path.write_text(json.dumps({"context": {}, "benchmarks": entries}))
            text = "\n".join(micro.section(None, path))
        finally:
            shutil.rmtree(tmp)
        self.assertIn("| `a/real_time` | 10.0 µs [9.80, 10.1] | - | 100 |", text)
        # 2.0 µs per iteration of 25 puzzles: 80 ns a puzzle; cv 23%: noisy.
        self.assertIn("| `b/real_time` | 25 | 80.0 ns [56.0, 88.0]† |", text)
        self.assertIn(timing.NOISY_NOTE, text)


class RealCompare(unittest.TestCase):
    """The two compare sections through the program's own `compare`, when it has one
    (skipped with a program that has none)."""

    def setUp(self):
        try:
            done = subprocess.run([PUZZLEBENCH, "compare", "--help"], capture_output=True, text=True, timeout=30)
            known = done.returncode == 0
        except OSError:
            known = False
        if not known:
            self.skipTest(f"{PUZZLEBENCH} has no `compare`")
        self.tmp = Path(tempfile.mkdtemp())

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_sections_through_compare(self):
        for name in ("notouch", "notouch-repeat"):
            write_sweep(self.tmp, name, NOTOUCH_LINES)
            write_samples(self.tmp, name, NOTOUCH_LINES)
        done = run_report(self.tmp, program=PUZZLEBENCH)
        self.assertEqual(done.returncode, 0, done.stderr)
        text = (self.tmp / "REPORT.md").read_text()
        enum = text.split("## Enumeration against backtracking")[1].split("\n## ")[0]
        self.assertIn("| backtrack/row | enum-all | faster on 2 of 2, slower on 0, inconclusive on 0 |", enum)
        self.assertIn("| 2x4 | 8 | ≥ 2500× faster, enum-all stopped at its limit; ≥ 125× fewer steps |", enum)
        self.assertIn("**0 of 27 pairs (0.0%) called significantly different**", text)


def usable_program():
    """Why the end-to-end tests cannot run here, or None when they can."""
    if shutil.which("gnuplot") is None:
        return "no gnuplot"
    try:
        done = subprocess.run([PUZZLEBENCH, "engines", "--csv"], capture_output=True, timeout=30)
    except OSError:
        return f"no program {PUZZLEBENCH} (give its path as the argument or in PUZZLEBENCH)"
    if done.returncode != 0:
        return f"{PUZZLEBENCH} has no `engines --csv`"
    return None


class EndToEnd(unittest.TestCase):
    """The whole report on tests/data/analysis, in a copy."""

    @classmethod
    def setUpClass(cls):
        why = usable_program()
        if why and STRICT:
            raise RuntimeError(why)
        if why:
            raise unittest.SkipTest(why)
        cls.tmp = Path(tempfile.mkdtemp())
        cls.dir = cls.tmp / "results"
        shutil.copytree(FIXTURE, cls.dir)
        cls.run_report(cls.dir)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    @staticmethod
    def run_report(results, *options):
        return subprocess.run([sys.executable, str(REPORT), "--puzzlebench", PUZZLEBENCH, *options, str(results)],
                              capture_output=True, text=True, timeout=60)

    def test_report_has_every_section(self):
        text = (self.dir / "REPORT.md").read_text()
        headings = [line for line in text.splitlines() if line.startswith("#")]
        for heading in HEADINGS:
            self.assertIn(heading, headings)
        # Engines in registry order: backtrack before logic before seed (sudoku 4x4 table).
        table = text.split("### sudoku 4x4 (16 cells), mode = first")[1]
        self.assertLess(table.index("| backtrack/row |"), table.index("| logic |"))
        self.assertLess(table.index("| logic |"), table.index("| seed |"))

    def test_numbers_read_as_the_rules_say(self):
        text = (self.dir / "REPORT.md").read_text()
        # No ratio in the old "1.23x" form, none below 1, no time without its unit.
        self.assertNotRegex(text, r"\b\d+(\.\d+)?x\b")
        for m in re.finditer(r"(\d[\d,]*(?:\.\d+)?)× (faster|slower|fewer|more|less)", text):
            self.assertGreaterEqual(float(m.group(1).replace(",", "")), 1, m.group(0))
        self.assertNotRegex(text, r"\| 0\.0\d+ \||\d\.\d+e-\d")
        self.assertIn("Built from one commit: `ffb6da64d6117b79f1596eaa8426411395cc0d23`", text)

    def test_readme_and_docs_point_to_sections_the_report_has(self):
        text = (self.dir / "REPORT.md").read_text()
        slugs = set()
        for line in text.splitlines():
            if line.startswith("#"):
                title = line.lstrip("#").strip().lower()
                slugs.add(re.sub(r"\s", "-", re.sub(r"[^\w\s-]", "", title)))
        readme = (ROOT / "README.md").read_text()
        anchors = re.findall(r"results/REPORT\.md#([\w-]+)", readme)
        self.assertIn("enumeration-against-backtracking", anchors)
        for doc in sorted((ROOT / "docs").glob("*.md")):
            anchors += re.findall(r"results/REPORT\.md#([\w-]+)", doc.read_text())
        for anchor in anchors:
            self.assertIn(anchor, slugs)
        # The README copies no measured ratio from a run.
        self.assertNotRegex(readme, r"\b\d+(\.\d+)?x (faster|fewer|on|smaller)\b")

    def test_every_plot_has_its_four_files(self):
        text = (self.dir / "REPORT.md").read_text()
        for name in PLOTS:
            for ext in ("gp", "tsv", "png", "svg"):
                path = self.dir / "plots" / f"{name}.{ext}"
                self.assertTrue(path.is_file() and path.stat().st_size > 0, path)
            self.assertIn(f"](plots/{name}.png)", text)
        self.assertTrue((self.dir / "plots" / "kakuro-example.svg").is_file())
        self.assertNotIn("not generated", text)

    def test_a_picture_of_every_family(self):
        text = (self.dir / "REPORT.md").read_text()
        section = text.split("## Pictures of every family")[1]
        names = re.findall(r"\]\(plots/(picture-[\w-]+\.svg)\)", section)
        families = {"notouch", "sudoku", "kakuro", "tenpair", "latin"}
        self.assertEqual({n[len("picture-"):-len(".svg")].split("-")[0] for n in names}, families)
        self.assertIn("picture-tenpair-win.svg", names)
        self.assertNotIn("not drawn", section)
        for name in names + ["kakuro-example.svg", "kakuro-example-solution.svg"]:
            root = ET.parse(self.dir / "plots" / name).getroot()
            self.assertEqual(root.tag, "{http://www.w3.org/2000/svg}svg", name)
        # The win is animated; the others are still pictures.
        self.assertTrue("<set attributeName" in (self.dir / "plots" / "picture-tenpair-win.svg").read_text())
        self.assertFalse("<set attributeName" in (self.dir / "plots" / "picture-sudoku.svg").read_text())

    def test_a_plot_redraws_from_its_folder(self):
        plots = self.dir / "plots"
        (plots / "tenpair-wins.png").unlink()
        subprocess.run(["gnuplot", "tenpair-wins.gp"], cwd=plots, check=True, capture_output=True, timeout=30)
        self.assertTrue((plots / "tenpair-wins.png").stat().st_size > 0)

    def test_limit_rows_are_drawn_as_lower_bounds(self):
        gp = (self.dir / "plots" / "notouch-steps.gp").read_text()
        self.assertIn("pt 6", gp)        # an open circle: enum-all stopped at its limit on 2x6
        self.assertIn("lower bound", (self.dir / "plots" / "notouch-steps.tsv").read_text())

    def test_ladder(self):
        text = (self.dir / "REPORT.md").read_text()
        ladder = text.split("## The rungs of reasoning, side by side")[1].split("\n## ")[0]
        # The fixture (tests/data/analysis/latin-ladder.csv, 3 squares cut from a run
        # with a 10 s limit): propagate stops at the n = 30 square with 0.40 holes.
        self.assertIn("First rung solving every instance, per set: `qwh-30`: alldiff, `qwh-40`: none.", ladder)
        self.assertIn("| alldiff | 2/2 | 100 ms | 0/1 | ≥ 10.0 s |", ladder)
        self.assertIn("alldiff takes ≥ 7470× fewer backtracks", ladder)
        self.assertIn("learn is ≥ 4.69× slower (goal: at least as many solved: missed)", ladder)

    def test_latin_peaks_and_bounds(self):
        text = (self.dir / "REPORT.md").read_text()
        latin = text.split("## Latin squares with holes (QWH)")[1].split("\n## ")[0]
        # The fixture (tests/data/analysis/latin.csv, cut from a run with a 1e5 step
        # limit): at n = 15 the mrv searches peak at 0.50 with every run finished;
        # row and degree order reach the limit at 0.50 and 0.70 alike.
        self.assertIn("| 15 | backtrack/mrv | 0.50 | 37,715 |", latin)
        self.assertIn("| 15 | backtrack/row | 0.50–0.70 (2 fractions tie, the median at the limit) | ≥ 100,000 |",
                      latin)
        self.assertIn("- Where the median steps peak — n = 15: 0.50 (backtrack/mrv, propagate/mrv); not located for "
                      "the other 4 (4 tie at the limit over 0.50–0.70)", latin)
        self.assertIn("| backtrack/mrv against propagate/mrv | 1.11× more steps |", latin)
        self.assertIn("Our 2 located peaks of the median steps lie at 0.50 holes (2 below QCP's 58%; n = 15).", latin)
        self.assertIn("Degree and row order took identical steps", latin)
        self.assertIn("We did not measure the backbone", latin)
        # The median of the one n = 20 instance at 0.7 is a lower bound: the run hit the limit.
        tsv = (self.dir / "plots" / "latin-steps.tsv").read_text()
        block = tsv.split("# propagate/mrv, n = 20:")[1].split("\n\n\n")[0]
        self.assertIn("\n0.7\t100000\t1\t", block)

    def test_latin_instance_name_is_one_line_error(self):
        broken = self.tmp / "latin-broken"
        broken.mkdir()
        lines = (FIXTURE / "latin.csv").read_text().splitlines(keepends=True)
        (broken / "latin.csv").write_text("".join(lines[:3]) + lines[3].replace("qwh-15-0.3-s1", "qwh-15-x-s1")
                                          + "".join(lines[4:]))
        done = self.run_report(broken, "--no-plots")
        self.assertEqual(done.returncode, 1)
        self.assertRegex(done.stderr, r'^report: \S+/latin\.csv:4: instance "qwh-15-x-s1-i\d+": expected '
                                      r'qwh-N-F-sSEED-iINDEX \(N the order, F the hole fraction\)\n$')

    def test_missing_column_is_one_line_error(self):
        broken = self.tmp / "broken"
        shutil.copytree(FIXTURE, broken)
        csv = broken / "sudoku-4x4.csv"
        lines = csv.read_text().splitlines(keepends=True)
        csv.write_text(lines[0].replace(",steps,", ",stepz,") + "".join(lines[1:]))
        done = self.run_report(broken, "--no-plots")
        self.assertEqual(done.returncode, 1)
        self.assertEqual(done.stderr, f'report: {csv}:1: no column "steps" in the header\n')
        self.assertFalse((broken / "REPORT.md").exists())


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        PUZZLEBENCH = sys.argv.pop(1)
        STRICT = True
    unittest.main()
