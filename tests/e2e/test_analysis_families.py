#!/usr/bin/env python3
"""Tests of the family sections' summaries (bench/families/NAME/NAME.py) on hand-made
rows: what each line claims follows from the rows, a noisy time named and marked,
never passed over nor called a difference.

Run: python3 tests/e2e/test_analysis_families.py
"""

import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True  # before the fixtures are imported: no __pycache__ in tests/
from analysis_fixtures import *  # noqa: F401,F403 (paths, fixtures, the analysis modules)


class SudokuPairs(unittest.TestCase):
    """The sudoku summary's `logic` against another engine on a 9x9 set: compare's
    ratio with its interval, a noisy side marked, never left out; without raw samples,
    the ratio of the medians where neither is noisy."""

    HEADER = ("family,instance,cells,engine,order,mode,threads,rep,status,solutions,steps,placements,backtracks,"
              "candidates,guesses,learnts,restarts,wall_s,puzzles,run_id,row,samples,runs_per_sample,min_s,median_s,"
              "mean_s,stddev_s,cv,median_lo_s,median_hi_s,noisy,ref_s")

    def summary(self, rows, samples=True):
        from analysis.context import Context
        from analysis.sections import sudoku
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            lines = [self.HEADER]
            for i, (engine, mode, t, steps, noisy) in enumerate(rows):
                lines.append(f"sudoku,9x9-easy,81,{engine},-,{mode},1,0,done,10,{steps},0,0,0,0,0,0,{t},10,"
                             f"{RUN_ID},{i},5,1,{t},{t},{t},0,{0.2 if noisy else 0.01},{t * 0.98},{t * 1.02},"
                             f"{noisy},")
            path = write_results(tmp, "sudoku-9x9", lines[0], lines[1:], f"run_id={RUN_ID}\ncommit=abc123\n")
            if samples:
                (tmp / "sudoku-9x9.samples.csv").write_text(
                    "run_id,row,sample,runs,wall_s,round\n" +
                    "".join(f"{RUN_ID},{i},{k},1,{r[2]},{k}\n" for i, r in enumerate(rows) for k in range(5)))
            listing = fake_listing()
            ctx = Context(tmp, listing, False, str(FAKE))
            return "\n".join(x for x in sudoku.sweep_section(ctx, [path]) if isinstance(x, str))

    def test_noisy_pair_shown_with_its_interval(self):
        text = self.summary([("seed", "first", 0.01, 1000, 0), ("logic", "first", 0.001, 100, 1)])
        self.assertIn("- logic against seed, mode first (per puzzle, same run; `puzzlebench compare`'s ratio and 95% "
                      "interval): 9x9-easy: 10.0× faster [9.09×, 11.1×]†, 10.0× fewer steps", text)

    def test_without_samples_medians_unless_noisy(self):
        text = self.summary([("seed", "first", 0.01, 1000, 0), ("logic", "first", 0.001, 100, 1)], samples=False)
        self.assertIn("9x9-easy: n/a (a noisy time, no raw samples to pair)", text)
        text = self.summary([("seed", "first", 0.01, 1000, 0), ("logic", "first", 0.001, 100, 0)], samples=False)
        self.assertIn("9x9-easy: 10.0× faster, 10.0× fewer steps", text)

    def test_fastest_is_named_though_noisy(self):
        # logic, 100 times faster but noisy, is the fastest: it is named, marked and not
        # bolded, not left out for the slower seed (whose interval overlaps nothing).
        text = self.summary([("seed", "first", 0.1, 1000, 0), ("backtrack", "first", 0.2, 900, 0),
                             ("logic", "first", 0.001, 100, 1)])
        self.assertIn("- fastest engine on 9x9-easy: mode first: logic (noisy: not bolded), 100 µs [98.0, 102]† "
                      "per puzzle", text)
        self.assertNotIn("interval overlaps", text)
        # The runner-up noisy: the fastest is not bolded, and says why.
        text = self.summary([("seed", "first", 0.1, 1000, 1), ("logic", "first", 0.001, 100, 0)])
        self.assertIn("mode first: logic (the runner-up is noisy), 100 µs [98.0, 102] per puzzle", text)
        text = self.summary([("seed", "first", 0.1, 1000, 0), ("logic", "first", 0.001, 100, 0)])
        self.assertIn("mode first: **logic**, 100 µs [98.0, 102] per puzzle", text)


class KakuroCheckers(unittest.TestCase):
    """The checkers' table: each checker's time against thesis's, `~` where the two
    medians' intervals overlap (no difference claimed), as the cell-order table does."""

    HEADER = ("family,instance,cells,engine,order,mode,threads,rep,status,steps,wall_s,puzzles,run_id,row,samples,"
              "median_s,median_lo_s,median_hi_s,cv,noisy")

    def table(self, rows):
        from analysis.context import Context
        from analysis.sections import kakuro
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            lines = [f"kakuro,f,36,{engine},-,unique,1,0,done,{steps},{t},10,{RUN_ID},{i},6,{t},{lo},{hi},0.01,0"
                     for i, (engine, steps, t, lo, hi) in enumerate(rows)]
            path = write_results(tmp, "kakuro-checkers", self.HEADER, lines, f"run_id={RUN_ID}\ncommit=abc123\n")
            ctx = Context(tmp, fake_listing(), False, str(FAKE))
            return "\n".join(x for x in kakuro._checkers(ctx, path) if isinstance(x, str))

    def test_overlapping_intervals_claim_no_difference(self):
        text = self.table([("thesis", 1000, 0.01, 0.0098, 0.0102), ("propagate", 100, 0.0101, 0.01, 0.0104),
                           ("combo", 50, 0.005, 0.0049, 0.0051)])
        self.assertIn("| propagate | 10.00 | 1.01 ms [1.00, 1.04] | done | ~ 1.01× slower | 10.0× fewer steps |", text)
        self.assertIn("| combo | 5.00 | **500 µs [490, 510]** | done | 2.00× faster | 20.0× fewer steps |", text)


class NotouchBest(unittest.TestCase):
    """notouch's best engine/order on the largest count instance is the fastest by its
    median, noisy or not: named and marked, its claim compare's ratio paired by round
    (or none without raw samples), never passed over for a slower run."""

    def lines(self, rows, samples=True):
        from analysis.context import Context
        from analysis.sections import notouch
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            lines = [sweep_row(i, "3x3", 9, engine, order, "count", t, t * 0.97, t * 1.03, noisy=noisy)
                     for i, (engine, order, t, noisy) in enumerate(rows)]
            write_sweep(tmp, "notouch", lines)
            if samples:
                write_samples(tmp, "notouch", lines)
            ctx = Context(tmp, fake_listing(), False, str(FAKE))
            out = notouch.file_section(ctx, tmp / "notouch.csv")
            return [x for x in out if isinstance(x, str) and x.startswith("- best")]

    PRE = "- best engine/order on the largest count instance against backtrack/row: "

    def test_noisy_fastest_is_named(self):
        rows = [("backtrack", "row", 1.0, 0), ("backtrack", "mrv", 0.5, 0), ("path-dp", "-", 0.001, 1)]
        # With raw samples: compare's paired ratio (the fake's: the medians' with ±10%), marked.
        self.assertEqual(self.lines(rows)[0], self.PRE + "path-dp, 1000× faster [909×, 1110×]† (same run, paired "
                         "by round) on 3x3 (9 cells, mode count): 1.00 ms [0.970, 1.03]† against 1.00 s [0.970, 1.03]")
        # Without: named and marked, no ratio of the medians claimed.
        self.assertEqual(self.lines(rows, samples=False)[0], self.PRE + "path-dp, no ratio claimed (a noisy time, "
                         "no raw samples to pair) on 3x3 (9 cells, mode count): 1.00 ms [0.970, 1.03]† against "
                         "1.00 s [0.970, 1.03]")
        # The best with a cell order, noisy, is named too; the medians where neither is noisy.
        rows = [("backtrack", "row", 1.0, 0), ("backtrack", "mrv", 0.5, 1), ("backtrack", "degree", 0.8, 0)]
        self.assertEqual(self.lines(rows, samples=False),
                         [self.PRE + "backtrack/mrv, no ratio claimed (a noisy time, no raw samples to pair) on 3x3 "
                          "(9 cells, mode count): 500 ms [485, 515]† against 1.00 s [0.970, 1.03]",
                          "- best search with a cell order on 3x3: backtrack/mrv, against backtrack/row: no ratio "
                          "claimed (a noisy time, no raw samples to pair) (500 ms [485, 515]†)"])
        rows = [("backtrack", "row", 1.0, 0), ("backtrack", "degree", 0.8, 0)]
        self.assertEqual(self.lines(rows, samples=False)[1], "- best search with a cell order on 3x3: "
                         "backtrack/degree, 1.25× faster than backtrack/row (800 ms [776, 824])")

    def test_noisy_baseline_still_compared(self):
        rows = [("backtrack", "row", 1.0, 1), ("path-dp", "-", 0.001, 0)]
        self.assertEqual(self.lines(rows)[0], self.PRE + "path-dp, 1000× faster [909×, 1110×]† (same run, paired "
                         "by round) on 3x3 (9 cells, mode count): 1.00 ms [0.970, 1.03] against 1.00 s [0.970, 1.03]†")


class TenpairOneRun(unittest.TestCase):
    """tenpair's engine comparisons rest on one run a side: a ratio within the noise of
    a single run names no direction; a larger one keeps it, said to be of one run each."""

    @staticmethod
    def one(engine, mode, wall, bound=100, peak=1 << 20):
        from types import SimpleNamespace
        return SimpleNamespace(engine=engine, mode=mode, bound=bound, done=True, status="done", length=68, wins=170,
                               expanded=27000, stored=28000, peak=peak, wall=wall)

    def test_shortest_win(self):
        from analysis.sections import tenpair
        rank = lambda e: (("bfs", "best-first", "compact").index(e), e)
        runs_ = [self.one("bfs", "shortest", 3.79), self.one("best-first", "shortest", 0.0116),
                 self.one("compact", "shortest", 0.0120)]
        text = "\n".join(tenpair._shortest(runs_, rank))
        self.assertIn("- compact against best-first (the seed's method), same run: about the same (one run each, "
                      "1.03× apart: within the 10% a single run can vary by, so no difference is claimed), ", text)
        self.assertNotIn("slower", text)
        self.assertIn("- compact against bfs, same run: 316× faster (one run each), ", text)

    def test_count_at_the_largest_bound(self):
        from analysis.sections import tenpair
        runs_ = [self.one("best-first", "count", 6.93), self.one("compact", "count", 6.61, peak=1 << 10)]
        text = "\n".join(tenpair._counts_summary(runs_, {(100, r.engine): r for r in runs_}, [100],
                                                 ["best-first", "compact"], {}))
        self.assertIn("- compact against best-first at bound 100 (the largest both finished): 1020× less memory at the "
                      "peak, about the same (one run each, 1.05× apart: within the 10% a single run can vary by, so no "
                      "difference is claimed)", text)


class NotouchCounts(unittest.TestCase):
    """The table of "New counts": a time the table rounds to its last decimal place
    (the microsecond) is shown with the digits it holds, never as three."""

    HEADER = "m\tn\tcells\trule\tcount\tseconds\tpeak_bytes\tplanned_bytes\tthreads\tcheck\tmethod"

    def section(self, rows):
        from analysis.context import Context
        from analysis.sections import notouch_counts
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            write_results(tmp, "notouch-table", self.HEADER, ["\t".join(r) for r in rows],
                          f"run_id={RUN_ID}\ncommit=abc123\nmax_cells=8\ncheck_cells=8\n", ext="tsv")
            ctx = Context(tmp, fake_listing(), False, str(FAKE))
            return "\n".join(x for x in notouch_counts.section(ctx, tmp) if isinstance(x, str))

    def test_times_to_the_digits_the_table_holds(self):
        text = self.section([("1", "1", "1", "king", "1", "0.000002", "0", "0", "2", "path-dp -t 2", "recurrence"),
                             ("1", "2", "2", "king", "0", "0.000000", "0", "0", "2", "path-dp -t 2", "recurrence"),
                             ("2", "2", "4", "king", "0", "0.000012", "4096", "2048", "2", "propagate", "path-dp"),
                             ("2", "3", "6", "king", "0", "0.002173", "4096", "2048", "2", "propagate", "path-dp")])
        self.assertIn("| 1x1 | king | `1` | recurrence | 2 µs |", text)
        self.assertIn("| 1x2 | king | `0` | recurrence | < 1 µs |", text)
        self.assertIn("| 2x2 | king | `0` | path-dp | 12 µs |", text)
        self.assertIn("| 2x3 | king | `0` | path-dp | 2.17 ms |", text)
        self.assertNotIn("2.00 µs", text)
        self.assertIn("time: with no more digits than the table holds", text)

    def test_row1_time_said_to_be_the_whole_recurrences(self):
        # The writer gives every row-1 count the time the recurrence took for all its terms.
        text = self.section([("1", "1", "1", "king", "1", "0.000002", "0", "0", "2", "path-dp -t 2", "recurrence"),
                             ("1", "2", "2", "king", "0", "0.000002", "0", "0", "2", "path-dp -t 2", "recurrence")])
        self.assertIn("the time of a count by the recurrence is the recurrence's for all of row 1 at once", text)


if __name__ == "__main__":
    unittest.main()
