#!/usr/bin/env python3
"""Unit tests of the analysis tool (scripts/analysis): the statistics, the CSV reader,
the table writer, the number formats (times with units, ratios in words), the timing
rules (spreads, noisy rows, the bold rule), the rank model, the tenpair section's reading of a sweep's .meta,
the kakuro section's reading of a generation's thread count (threads=) and the
provenance checks (one commit, run ids). The sections and the whole report:
test_analysis_report.py.

Run: python3 tests/e2e/test_analysis.py   (or: python3 -m unittest discover -s tests/e2e)
"""

import contextlib
import io
import math
import pathlib
import re
import shutil
import sys
import tempfile
import unittest
from types import SimpleNamespace

sys.dont_write_bytecode = True  # before the fixtures are imported: no __pycache__ in tests/
from analysis_fixtures import *  # noqa: F401,F403 (paths, fixtures, the analysis modules)
from analysis import plotting  # noqa: E402
from analysis.meta import meta_line, read_meta  # noqa: E402


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

    def test_median_ratio_interval(self):
        # Constant samples: every resample's medians are the samples' own.
        self.assertEqual(stats.median_ratio_interval([1.0] * 10, [2.0] * 10), (0.5, 0.5))
        # Two spread samples: the interval holds the ratio of the medians, and repeats.
        a, b = [float(x) for x in range(1, 31)], [float(x) for x in range(11, 41)]
        lo, hi = stats.median_ratio_interval(a, b)
        self.assertLess(lo, stats.median(a) / stats.median(b))
        self.assertLess(stats.median(a) / stats.median(b), hi)
        self.assertLess(hi, 1)
        self.assertEqual(stats.median_ratio_interval(a, b), (lo, hi))
        self.assertIsNone(stats.median_ratio_interval([], b))
        self.assertIsNone(stats.median_ratio_interval([0.0] * 3, b))

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
        self.assertEqual(str(caught.exception), 't.csv:2: column "b": expected a number >= 0, got "x"')

    def test_numbers_no_column_holds(self):
        # nan, inf and negatives pass float() but are no time, count or size: each is
        # the one-line error, not a traceback or an "inf s" in the report.
        for text in ("nan", "inf", "-inf", "1e400", "-1", "-0.5"):
            table = csvread.parse_csv(["a\n", f"{text}\n"], "t.csv", need=("a",))
            with self.assertRaises(ReportError) as caught:
                table.rows[0].num("a")
            self.assertEqual(str(caught.exception), f't.csv:2: column "a": expected a number >= 0, got "{text}"')
        for text in ("0.5", "1e300", "9.3e18"):
            table = csvread.parse_csv(["a\n", f"{text}\n"], "t.csv", need=("a",))
            with self.assertRaises(ReportError) as caught:
                table.rows[0].whole("a")
            self.assertEqual(str(caught.exception), f't.csv:2: column "a": expected a whole number, got "{text}"')
        table = csvread.parse_csv(["a,b\n", "1e300,12\n"], "t.csv", need=("a", "b"))
        self.assertEqual(table.rows[0].num("a"), 1e300)
        self.assertEqual(table.rows[0].whole("b"), 12)

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
        for x in (1e-9, 3e-8, 4.5e-5, 0.5, 7, 12345.0, 999000.0):
            self.assertNotIn("e", numfmt.duration(x).split()[0])
        # Past a million seconds (no measured time), one short word, not 300 digits.
        self.assertEqual(numfmt.duration(1e300), "1.00e+300 s")

    def test_time_as_written_holds_no_more_digits_than_the_text(self):
        # A file that rounds to the microsecond: 0.000002 is 1.5 to 2.5 µs, not 2.00 µs.
        self.assertEqual(numfmt.duration_written("0.000002"), "2 µs")
        self.assertEqual(numfmt.duration_written("0.000012"), "12 µs")
        self.assertEqual(numfmt.duration_written("0.000020"), "20 µs")
        self.assertEqual(numfmt.duration_written("0.00099"), "990 µs")
        self.assertEqual(numfmt.duration_written("0.0010"), "1.0 ms")
        self.assertEqual(numfmt.duration_written("0.000000"), "< 1 µs")
        # Three digits or more held: as duration() prints it.
        self.assertEqual(numfmt.duration_written("0.000120"), "120 µs")
        self.assertEqual(numfmt.duration_written("0.002173"), "2.17 ms")
        self.assertEqual(numfmt.duration_written("12.000000"), "12.0 s")
        self.assertEqual(numfmt.duration_written("1.162e-06"), "1.16 µs")

    def test_memory_in_binary_units_labelled_so(self):
        # 23.14e9 bytes is 21.55 GiB: the label says binary, as the number is.
        self.assertEqual(numfmt.memory(23.14e9), "21.55 GiB")
        self.assertEqual(numfmt.memory(1024 ** 3), "1.00 GiB")
        self.assertEqual(numfmt.memory(150 * 1024 ** 2), "150 MiB")
        self.assertEqual(numfmt.memory(1.5 * 1024 ** 2), "1.5 MiB")
        self.assertEqual(numfmt.memory(2048), "2 KiB")
        self.assertIn("1 GiB = 1,024 MiB", numfmt.MEMORY_NOTE)

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

    def test_one_run_each_names_no_direction_within_the_noise(self):
        # One run a side: 1.04x apart is no difference; 1.10x and more keeps its direction.
        self.assertEqual(numfmt.one_run_ratio(12.0, 11.6), "about the same (one run each, 1.03× apart: within the "
                         "10% a single run can vary by, so no difference is claimed)")
        self.assertTrue(numfmt.one_run_ratio(1, 1.09).startswith("about the same (one run each, 1.09× apart"))
        self.assertEqual(numfmt.one_run_ratio(1, 1.1), "1.10× faster (one run each)")
        self.assertEqual(numfmt.one_run_ratio(2.39, 1), "2.39× slower (one run each)")
        self.assertEqual(numfmt.one_run_ratio(None, 1), "n/a")

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

    def test_params_and_seeds_are_keys(self):
        # Rows of one engine that differ in params or engine_seed are separate settings
        # (labelled by them); a file without those columns reads as "-".
        head = "instance,cells,engine,order,params,engine_seed,mode,threads,status,solutions,steps,wall_s\n"
        table = csvread.parse_csv([head, 'a,8,restart,-,restart-steps=10;cell-choice=fewest,2,first,1,done,1,5,0.003\n',
                                   'a,8,restart,-,"restart-steps=10;cell-choice=fewest",1,first,1,done,1,9,0.001\n',
                                   "a,8,restart,-,restart-steps=20,1,first,1,done,1,7,0.002\n",
                                   "a,8,backtrack,row,-,-,first,1,done,1,540,0.002\n"], "new.csv")
        g = runs.group_runs(table)
        self.assertEqual([(x.params, x.engine_seed, x.runs) for x in g],
                         [("restart-steps=10;cell-choice=fewest", "2", 1), ("restart-steps=10;cell-choice=fewest", "1", 1),
                          ("restart-steps=20", "1", 1), ("-", "-", 1)])
        self.assertEqual(g[0].label, "restart [restart-steps=10;cell-choice=fewest] seed 2")
        self.assertEqual(g[3].label, "backtrack/row")
        old = csvread.parse_csv(["instance,cells,engine,order,mode,threads,status,solutions,steps,wall_s\n",
                                 "a,8,backtrack,row,first,1,done,1,540,0.002\n"], "old.csv")
        (o,) = runs.group_runs(old)
        self.assertEqual((o.params, o.engine_seed, o.label), ("-", "-", "backtrack/row"))

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


class RankModel(unittest.TestCase):
    """The model of the tenpair count over MPI ranks (bench/families/tenpair/rank_model.py)."""

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


class TenpairSweepKeys(unittest.TestCase):
    """What the tenpair section reads of an engine sweep's .meta: the planned bounds
    (max_lengths=), the runs its stop rule skipped (skipped.ROW), and its limits."""

    def setUp(self):
        from analysis.sections import tenpair
        self.tenpair = tenpair
        self.tmp = Path(tempfile.mkdtemp())
        self.path = self.tmp / "tenpair-x.meta"
        self.path.write_text("run_id=1\ncores=8\nsweep=bench/families/tenpair/tenpair-x.sweep\nstop_after_s=60\n"
                             "time_limit_s=300\nmax_memory_bytes=3221225472\nmax_lengths=68 70 72 x\n"
                             "skipped.1=bound 70 took 61.2 s\nskipped.9=no such row\nskipped.x=not a row\n")

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def run_row(self, row, engine, mode, bound):
        class Run:
            pass
        r = Run()
        r.row, r.engine, r.mode, r.bound = row, engine, mode, bound
        return r

    def test_bounds_skipped_runs_and_limits(self):
        meta = read_meta(self.path)
        self.assertEqual(self.tenpair.planned_bounds(meta), [68, 70, 72])
        self.assertEqual(self.tenpair.planned_bounds(None), [])
        runs = [self.run_row(0, "bfs", "count", 68), self.run_row(1, "bfs", "count", 70),
                self.run_row(2, "compact", "count", 68)]
        # The row that stopped bfs's series skips its larger planned bounds; a line
        # naming no row of the file skips nothing.
        self.assertEqual(self.tenpair.skipped(meta, runs), {(72, "bfs", "count"): "bound 70 took 61.2 s"})
        self.assertEqual(self.tenpair.skipped(None, runs), {})
        self.assertEqual(self.tenpair.limits(meta), "time limit 300 s, memory limit 3.00 GiB")
        self.assertEqual(self.tenpair.stop_rule(meta), "once one took over 60 s or stopped at a limit")
        # A .meta without the key (none, or one without a stop rule) states no rule, not "?".
        self.assertEqual(self.tenpair.stop_rule(None), "")
        older = self.tmp / "tenpair-y.meta"
        older.write_text("run_id=1\nsweep=bench/families/tenpair/tenpair-y.sweep\ntime_limit_s=300\n")
        self.assertEqual(self.tenpair.stop_rule(read_meta(older)), "")
        # The skipped lines are the section's to show, not the file's line of parameters.
        line = meta_line(self.path, None)
        self.assertIn("`stop_after_s=60`", line)
        self.assertNotIn("skipped.1", line)
        self.assertIn("`skipped.x=not a row`", line)

    def test_a_runs_sweeps_file_is_left_out(self):
        # An older build's runs sweep wrote puzzle/run columns, not the engine sweep's row.
        old, new = self.tmp / "old.csv", self.tmp / "new.csv"
        old.write_text("run,family,instance,puzzle,engine,mode,status\n1,tenpair,default,upto19,bfs,solve,done\n")
        new.write_text(",".join(self.tenpair.RUN_COLUMNS) + "\n")
        self.assertTrue(self.tenpair._not_engine_sweep(old))
        self.assertFalse(self.tenpair._not_engine_sweep(new))


class KakuroGenerationThreads(unittest.TestCase):
    """What the kakuro section says wall_s is follows each generation's .meta: one
    core's time only where it was made on one thread (threads=1)."""

    def section(self, threads):
        """The generation part of the section and its time plot's commands, from the
        fixture's records, each method's .meta saying threads=T (None: no such line)."""
        from analysis.context import Context
        from analysis.sections import kakuro
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            for method, count in threads.items():
                stem = f"kakuro-gen-{method}"
                shutil.copy(FIXTURE / f"{stem}.csv", tmp)
                meta = (FIXTURE / f"{stem}.meta").read_text().replace("threads=1\n", "")
                (tmp / f"{stem}.meta").write_text(meta + ("" if count is None else f"threads={count}\n"))
            ctx = Context(tmp, fake_listing(), True, str(FAKE))
            files = sorted(tmp.glob("kakuro-gen-*.csv"))
            text = "\n".join(x for x in kakuro.section(ctx, SimpleNamespace(name="kakuro"), files)
                             if isinstance(x, str))
        plot = next(p for p in ctx.plots if p.name == "kakuro-gen-time")
        return text.split("### Generation time")[1].split("\n### ")[0], "\n".join(plot.commands)

    def test_one_thread_is_one_core(self):
        text, plot = self.section({"combo-diff": 1, "thesis-diff": 1})
        self.assertIn("made on one thread, so wall_s is one core's time.", text)
        self.assertIn("(one core;", plot)

    def test_several_threads_are_not_one_core(self):
        text, plot = self.section({"combo-diff": 4, "thesis-diff": 1})
        self.assertNotIn("made on one thread, so wall_s is one core's time.", text)
        self.assertIn("made on several threads at once (`kakuro-gen-combo-diff.meta`: `threads=4`), so wall_s is a "
                      "puzzle's wall time while others were being made beside it", text)
        self.assertIn("not one core's time", text)
        self.assertIn("the others on one thread, so their wall_s is one core's time.", text)
        self.assertNotIn("one core;", plot)
        text, plot = self.section({"combo-diff": 2, "thesis-diff": 2})
        self.assertIn("(2 threads at once;", plot)

    def test_no_thread_count_is_unknown(self):
        text, plot = self.section({"combo-diff": None})
        self.assertIn("made on an unknown number of threads (`kakuro-gen-combo-diff.meta`: no `threads=`)", text)
        self.assertNotIn("one core's time.", text)
        self.assertNotIn("one core;", plot)


class KakuroGenerationLimit(unittest.TestCase):
    """The time limit the seed comparison names comes from each method's .meta: a
    generation sweep's generate= line (its command= is the sweep's), else the
    command= of `generate kakuro` run by hand."""

    def section(self, edit):
        from analysis.context import Context
        from analysis.sections import kakuro
        with tempfile.TemporaryDirectory() as name:
            tmp = pathlib.Path(name)
            for method in ("combo-diff", "thesis-all-seed"):
                stem = f"kakuro-gen-{method}"
                shutil.copy(FIXTURE / f"{stem}.csv", tmp)
                (tmp / f"{stem}.meta").write_text(edit(method, (FIXTURE / f"{stem}.meta").read_text()))
            ctx = Context(tmp, fake_listing(), True, str(FAKE))
            return "\n".join(x for x in kakuro.section(ctx, SimpleNamespace(name="kakuro"),
                                                      sorted(tmp.glob("kakuro-gen-*.csv"))) if isinstance(x, str))

    def test_by_hand(self):
        self.assertIn("| hard: how far it goes (30 s limit per puzzle) |", self.section(lambda m, meta: meta))

    def test_by_a_sweep(self):
        def by_sweep(method, meta):
            meta = re.sub(r"(?m)^command=.*$", "command=puzzlebench sweep kakuro-gen.sweep --out results", meta)
            return meta + f"generate={method}: --seed 1 --count 30 --keep-going --time-limit 12\n"
        self.assertIn("| hard: how far it goes (12 s limit per puzzle) |", self.section(by_sweep))
class Drawing(unittest.TestCase):
    """A gnuplot script that exits 0 without writing its images is a failure that
    says so, not one reported as "exit status 0"."""

    @unittest.skipUnless(shutil.which("gnuplot"), "no gnuplot")
    def test_no_image_is_named(self):
        class Silent:
            name = "silent"

            def tsv_text(self):
                return "1\t2\n"

            def gp_text(self):
                return "set terminal dumb\nset output '/dev/null'\nplot x\n"

        with tempfile.TemporaryDirectory() as d, io.StringIO() as err:
            with contextlib.redirect_stderr(err):
                drawn = plotting.draw(pathlib.Path(d), [Silent()])
            self.assertEqual(drawn, set())
            self.assertIn("gnuplot silent.gp: exit status 0, but no image in silent.png and "
                          "silent.svg", err.getvalue())


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

    def test_a_side_table_is_checked_against_its_sweeps_meta(self):
        write_sweep(self.tmp, "notouch", NOTOUCH_LINES[:3])
        levels = self.tmp / "notouch.levels.csv"
        levels.write_text(f"run,length,run_id\n1,68,{RUN_ID}\n")
        provenance.check_run_ids(self.tmp)
        levels.write_text("run,length,run_id\n1,68,20261130T000000Z-000000\n")
        with self.assertRaises(provenance.IncoherentInputs) as caught:
            provenance.check_run_ids(self.tmp)
        self.assertIn('run_id "20261130T000000Z-000000" is not in notouch.meta', str(caught.exception))

    def test_run_id_without_meta(self):
        write_sweep(self.tmp, "notouch", NOTOUCH_LINES[:3])
        (self.tmp / "notouch.meta").unlink()
        with self.assertRaises(provenance.IncoherentInputs) as caught:
            provenance.check_run_ids(self.tmp)
        self.assertIn("no notouch.meta", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
