#!/usr/bin/env python3
"""Tests of the family sections (bench/families/NAME/NAME.py), the enumeration and
the parallel scaling sections on a sweep with family-sets: the runs of one board
under two settings of the family are two problems, each in its own row, never one
row whose time is the median of both and whose count is neither's (as
test_analysis_problems.py holds the generic section to). On the small notouch
sweep of analysis_fixtures.py (NOTOUCH_LINES), run once per setting, and on
hand-made rows of tenpair's sweeps under two rules; in this process, with the fake
program's compare.

Run: python3 tests/e2e/test_analysis_family_sets.py
"""

import shutil
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True  # before the fixtures are imported: no __pycache__ in tests/
from analysis_fixtures import (FAKE, NOTOUCH_LINES, RUN_ID, SWEEP_HEADER, fake_listing, sweep_row,  # noqa: E402
                               write_samples)
from analysis.context import Context  # noqa: E402

COLUMNS = SWEEP_HEADER.split(",")


def under(lines, k, value):
    """The sweep lines as the k-th family set runs them (diff=value): rows numbered on
    past the sets before, times 10^k as long (backtrack's twice that past the first
    set, so that each set has ratios of its own), steps 2^k as many, and, past the
    first set, no solution (so that a pooled median is neither set's)."""
    out = []
    for line in lines:
        f = line.split(",")
        at = COLUMNS.index
        f[at("row")] = str(int(f[at("row")]) + 100 * k)
        scale = 10 ** k * (2 if k and f[at("engine")] == "backtrack" else 1)
        for c in ("wall_s", "min_s", "median_s", "mean_s", "stddev_s", "median_lo_s", "median_hi_s"):
            if f[at(c)]:
                f[at(c)] = "%.9g" % (float(f[at(c)]) * scale)
        f[at("steps")] = str(int(f[at("steps")]) * 2 ** k)
        if k:
            f[at("solutions")] = "0"
        out.append(",".join(f + [value]))
    return out


class ScratchCase(unittest.TestCase):
    """A test with a scratch folder and a report context over it."""

    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp())
        self.ctx = Context(self.tmp, fake_listing(), False, str(FAKE))

    def tearDown(self):
        shutil.rmtree(self.tmp)


class NotouchFamilySets(ScratchCase):

    def sweep(self, values):
        """notouch.csv, its raw samples and .meta: NOTOUCH_LINES once per diff value
        (values None: once, without the diff column, as a sweep without family-sets)."""
        if values is None:
            header, lines = SWEEP_HEADER, NOTOUCH_LINES
        else:
            header = SWEEP_HEADER + ",diff"
            lines = [line for k, v in enumerate(values) for line in under(NOTOUCH_LINES, k, v)]
        path = self.tmp / "notouch.csv"
        path.write_text(header + "\n" + "\n".join(lines) + "\n")
        write_samples(self.tmp, "notouch", lines)
        (self.tmp / "notouch.meta").write_text(f"date=2026-11-30T13:25:12Z\ncommit=abc123\nrun_id={RUN_ID}\n"
                                               "params=diff:2 adj:king\n")
        return path

    def notouch(self, values):
        from analysis.sections import notouch
        return "\n".join(x for x in notouch.file_section(self.ctx, self.sweep(values)) if isinstance(x, str))

    def enumeration(self, values):
        from analysis.sections import enumeration
        return "\n".join(enumeration.section(self.ctx, [self.sweep(values)]))

    def test_notouch_rows_per_setting(self):
        text = self.notouch(["2", "3"])
        self.assertIn("one per run (instance, diff, engine, order, mode, threads)", text)
        self.assertIn("An instance is named with its `diff`, which the sweep varies", text)
        # Each setting's row holds its own count, steps and time, not the median of both.
        self.assertIn("| 1x4 diff=2 | 4 | count | backtrack | row | 1 | 40 | 2.00 µs [1.94, 2.06] | done |", text)
        self.assertIn("| 1x4 diff=3 | 4 | count | backtrack | row | 0 | 80 | 40.0 µs [38.8, 41.2] | done |", text)
        self.assertNotIn("| 1x4 | 4 |", text)
        # The fastest per board and setting is bolded apart: value-order under each.
        self.assertIn("| 1x4 diff=2 | 4 | first | value-order | - | 1 | 30 | **1.00 µs [0.970, 1.03]** | done |",
                      text)
        self.assertIn("| 1x4 diff=3 | 4 | first | value-order | - | 0 | 60 | **10.0 µs [9.70, 10.3]** | done |",
                      text)
        # Counts are checked per board and setting: the settings differ, each agrees.
        self.assertIn("- count-mode solutions agree across engines on all 4 instances: yes", text)
        # The best engine on the largest board under one setting (the slower, diff=3) against
        # backtrack/row under the same, its ratio paired on the setting (diff=2's is 2×).
        self.assertIn("backtrack/row: value-order, 4.00× faster [3.64×, 4.44×]† (same run, paired by round) on "
                      "2x4 diff=3 (8 cells, mode count): 1.00 ms [0.970, 1.03]† against 4.00 ms [3.88, 4.12]", text)
        self.assertIn("- best search with a cell order on 2x4 diff=3: propagate/row, 2.67× faster than "
                      "backtrack/row (1.50 ms [1.45, 1.54])", text)

    def test_enumeration_boards_per_setting(self):
        text = self.enumeration(["2", "3"])
        # The sentence names the table's column: board, as the section says throughout.
        self.assertIn("A board is named with its `diff`, which the sweep varies", text)
        self.assertNotIn("An instance is named", text)
        # Each board under each setting is a row with its own pair (backtrack twice as slow
        # under diff=3).
        self.assertIn("| 1x4 diff=2 | 4 | 100× faster [90.9×, 111×]; 100× fewer steps |", text)
        self.assertIn("| 1x4 diff=3 | 4 | 50.0× faster [45.5×, 55.6×]; 100× fewer steps |", text)
        # Every pair is counted: two boards under two settings.
        self.assertIn("| backtrack/row | enum-all | faster on 4 of 4, slower on 0, inconclusive on 0 | "
                      "faster on 2 of 2, slower on 0, inconclusive on 0; 2 with a run stopped at its limit", text)
        # A stopped side's bound is from the runs of its own setting (0.5 s against 200 µs;
        # 5 s against 4 ms).
        self.assertIn("| 2x4 diff=2 | 8 | ≥ 2500× faster, enum-all stopped at its limit; ≥ 125× fewer steps |", text)
        self.assertIn("| 2x4 diff=3 | 8 | ≥ 1250× faster, enum-all stopped at its limit; ≥ 125× fewer steps |", text)

    def test_one_setting_reads_as_without(self):
        """A sweep whose rows hold the family's setting at one value reads as one without
        the column: no instance is named with it."""
        for section in (self.notouch, self.enumeration):
            self.assertEqual(section(["2"]), section(None))
            self.assertIn("| 1x4 | 4 |", section(["2"]))


class TenpairFamilySets(ScratchCase):
    """tenpair's engine comparison of a bound sweep run under two rules (family-sets
    width=9 and width=7): each rules' shortest wins and counts apart, each named."""

    HEADER = "row,instance,engine,mode,max_length,threads,status,length,solutions,steps,stored,bytes,nodes,wall_s," \
             "run_id,width,wrap,append"

    def write(self, name, rows):
        """tenpair-NAME.csv holding rows (engine, mode, bound, width, length, wins, wall_s[,
        threads[, status]]), numbered from 0, and its .meta; returns its path."""
        rows = [tuple(r) + (1, "done")[len(r) - 7:] for r in rows]
        lines = [f"{i},upto19,{e},{m},{b},{t},{status},{length},{wins},{1000 * (i + 1)},10,{1 << 20},0,{wall},"
                 f"{RUN_ID},{w},on,stuck" for i, (e, m, b, w, length, wins, wall, t, status) in enumerate(rows)]
        path = self.tmp / f"tenpair-{name}.csv"
        path.write_text(self.HEADER + "\n" + "\n".join(lines) + "\n")
        (self.tmp / f"tenpair-{name}.meta").write_text(f"run_id={RUN_ID}\ncommit=abc123\nparams=width:9 wrap:on "
                                                       f"append:stuck\nfamily_sets=- width=7\nmax_lengths=72\n")
        return path

    def section(self, *paths):
        """tenpair's section of these files: its lines, a plot as its file's name."""
        from analysis.sections import tenpair
        out = tenpair.section(self.ctx, None, list(paths))
        return "\n".join(x if isinstance(x, str) else x.file for x in out)

    def test_bound_per_rules(self):
        rows = [(e, m, 72, w, length if m == "first" else 0, wins if m == "count" else 1, 0.01)
                for w, length, wins in ((9, 68, 2), (7, 28, 603)) for e in ("bfs", "compact")
                for m in ("first", "count")]
        text = self.section(self.write("bound", rows))
        self.assertIn("**Under the default rules:**", text)
        self.assertIn("**Under the rules width 7:**", text)
        self.assertIn("at the largest bound each engine ran, rules width 7, one thread", text)
        # Each rules' shortest win and count, never the other's.
        self.assertIn("| bfs | 72 | 68 |", text)
        self.assertIn("| bfs | 72 | 28 |", text)
        self.assertIn("| 72 | 2 |", text)
        self.assertIn("| 72 | 603 |", text)
        self.assertNotIn("**NO**", text)
        self.assertEqual(text.count("- wins agree across engines at every bound where more than one finished: yes"),
                         2)
        # The default rules' plots keep their names; the others' say their rules.
        self.assertIn("tenpair-time.png", text)
        self.assertIn("tenpair-time-width7.png", text)

    def test_bound_of_one_rules_names_none(self):
        rows = [(e, m, 72, 9, 68 if m == "first" else 0, 2 if m == "count" else 1, 0.01)
                for e in ("bfs", "compact") for m in ("first", "count")]
        text = self.section(self.write("bound", rows))
        self.assertNotIn("**Under", text)
        self.assertIn("at the largest bound each engine ran, default rules, one thread", text)

    LEVELS = "row,length,nodes,states,expanded,node_expanded_max,kept_bytes,sent_bytes,level_peak_bytes_max," \
             "search_s_sum,level_s,wins,run_id"

    def test_count_levels_per_rules(self):
        """A count sweep under two rules writes the levels of both counts: the wins by
        length and the count over MPI ranks are the shown count's own."""
        count = self.write("count", [("compact", "count", 72, 9, 0, 2, 1.0), ("compact", "count", 72, 7, 0, 603, 2.0)])
        levels = [(0, 68, 1), (0, 72, 1), (1, 28, 2), (1, 30, 1)]
        (self.tmp / "tenpair-count.levels.csv").write_text(
            self.LEVELS + "\n" + "".join(f"{row},{length},1,10,{100 * length},50,0,0,{1 << 20},0.01,0.01,{wins},"
                                           f"{RUN_ID}\n" for row, length, wins in levels))
        bound = self.write("bound", [("compact", "count", 72, w, 0, wins, 1.0) for w, wins in ((9, 2), (7, 603))])
        text = self.section(count, bound)
        self.assertIn("From one count up to length 72, level by level", text)
        self.assertIn("- the wins by length add up to the count's total (2): yes", text)
        self.assertIn("- the wins by length agree with the compact counts of the bound experiment at its 1 bounds up "
                      "to 72: yes", text)
        self.assertIn("_`tenpair-count.csv` has 1 more count run (up to 72 under the rules width 7): the wins by "
                      "length below are one count's", text)
        self.assertNotIn("| 28 |", text)
        self.assertIn("| 72 | 1 | 2 |", text)

    def test_threads_and_push_per_rules(self):
        """The thread scaling and how far the count goes, each once per rules: a speedup
        over the same rules' one thread, the wins agreeing within the rules."""
        threads = self.write("threads", [("compact", "count", 100, w, 0, wins, wall, t)
                                         for w, wins, one in ((9, 778, 2.0), (7, 5000, 8.0))
                                         for t, wall in ((1, one), (2, 2.0 if w == 7 else 1.0))])
        push = self.write("push", [("compact", "count", b, w, 0, 10, 1.0, 1, status)
                                   for w, states in ((9, ("done", "limit")), (7, ("done", "done")))
                                   for b, status in zip((100, 102), states)])
        text = self.section(threads, push)
        self.assertEqual(text.count("**Under the rules width 7:**"), 2)
        self.assertIn("- wins agree across thread counts and reps: yes (778)", text)
        self.assertIn("- wins agree across thread counts and reps: yes (5000)", text)
        self.assertIn("| 2 | 1 (1) | 1.00 s (1 sample) | 2.00× faster | 778 |", text)
        self.assertIn("| 2 | 1 (1) | 2.00 s (1 sample) | 4.00× faster | 5000 |", text)
        self.assertIn("tenpair-speedup.png", text)
        self.assertIn("tenpair-speedup-width7.png", text)
        self.assertIn("- the longest bound counted completely within the budget: 100", text)
        self.assertIn("- the longest bound counted completely within the budget: 102", text)


class ParallelFamilySets(ScratchCase):
    """The parallel section of notouch-parallel.csv run under two settings (diff=2,
    diff=3): each board under each setting has its own times and its speedup over its
    own one thread."""

    def section(self, times):
        """times: {diff: (median at 1 thread, at 2)}, backtrack/row counting 2x5."""
        from analysis.sections import parallel
        at = COLUMNS.index("threads")
        lines = []
        for diff, pair in times.items():
            for threads, t in zip((1, 2), pair):
                f = sweep_row(len(lines), "2x5", 10, "backtrack", "row", "count", t, t * 0.99, t * 1.01).split(",")
                f[at] = str(threads)
                lines.append(",".join(f + [diff]))
        path = self.tmp / "notouch-parallel.csv"
        path.write_text(SWEEP_HEADER + ",diff\n" + "\n".join(lines) + "\n")
        (self.tmp / "notouch-parallel.meta").write_text(f"run_id={RUN_ID}\ncommit=abc123\nparams=diff:2 adj:king\n")
        return "\n".join(x if isinstance(x, str) else x.file for x in parallel.section(self.ctx, path))

    def test_speedup_per_setting(self):
        text = self.section({"2": (2.0, 1.0), "3": (0.5, 0.4)})
        self.assertIn("An instance is named with its `diff`", text)
        self.assertIn("| 2x5 diff=2 | count | backtrack/row | 2 | 1.00 s [0.990, 1.01] | 2.00× faster |", text)
        self.assertIn("| 2x5 diff=3 | count | backtrack/row | 2 | 400 ms [396, 404] | 1.25× faster |", text)
        self.assertIn("- backtrack/row on 2x5 diff=3 (count): 2 threads against 1: 1.25× faster", text)
        # One setting: no instance named with it, as a sweep without the column.
        self.assertNotIn("diff=", self.section({"2": (2.0, 1.0)}))


class ParallelSettings(ScratchCase):
    """The parallel section of a sweep over engine parameter settings and engine seeds:
    each setting's speedup is over its own lowest thread count, never over another
    setting's (which one would be the base was the order of the rows)."""

    def test_speedup_per_params_and_seed(self):
        from analysis.sections import parallel
        at = COLUMNS.index("threads")
        # (params, engine_seed, median at 1 thread, at 2): the first setting's one
        # thread is the fastest of all, and its rows come first.
        settings = (("luby-unit=20", "1", 1.0, 0.8), ("luby-unit=400", "1", 4.0, 2.0), ("luby-unit=20", "2", 3.0, 1.0))
        lines = []
        for params, seed, *times in settings:
            for threads, t in zip((1, 2), times):
                f = sweep_row(len(lines), "2x5", 10, "learn", "-", "count", t, t * 0.99, t * 1.01).split(",")
                f[at] = str(threads)
                lines.append(",".join(f + [params, seed]))
        path = self.tmp / "notouch-parallel.csv"
        path.write_text(SWEEP_HEADER + ",params,engine_seed\n" + "\n".join(lines) + "\n")
        (self.tmp / "notouch-parallel.meta").write_text(f"run_id={RUN_ID}\ncommit=abc123\n")
        text = "\n".join(x if isinstance(x, str) else x.file for x in parallel.section(self.ctx, path))
        self.assertIn("| learn \\[luby-unit=20\\] seed 1 | 2 | 800 ms [792, 808] | 1.25× faster |", text)
        self.assertIn("| learn \\[luby-unit=400\\] seed 1 | 2 | 2.00 s [1.98, 2.02] | 2.00× faster |", text)
        self.assertIn("| learn \\[luby-unit=20\\] seed 2 | 2 | 1.00 s [0.990, 1.01] | 3.00× faster |", text)
        self.assertEqual(text.count("| base |"), 3, text)
        self.assertIn("- learn \\[luby-unit=400\\] seed 1: 2 threads against 1: 2.00× faster", text)


if __name__ == "__main__":
    unittest.main()
