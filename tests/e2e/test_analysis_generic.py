#!/usr/bin/env python3
"""Tests of the report's generic section (scripts/analysis/sections/generic.py): a
sweep that no family section claims, in the solver field's terms.

The fixture tests/data/analysis-generic/my-runs.csv is a sudoku sweep whose file name
names no family: three solvers (dlx, an engine the listing does not know;
propagate/row; backtrack/row, the baseline) on six instances, time limit 10 s (its
.meta), some runs stopped at the limit:

    instance  cells  dlx          propagate/row  backtrack/row
    4x4#1     16     0.001        0.002          0.004
    9x9#2     81     0.01         0.005          0.02
    9x9#10    81     0.1          0.595          5
    16x16#1   256    1            limit          limit
    25x25#1   625    limit        limit          limit
    25x25#2   625    4            2              limit

PAR-2 by hand (an unsolved instance counts 2 x 10 s = 20 s):
    dlx           (0.001 + 0.01 + 0.1 + 1 + 20 + 4) / 6   = 25.111 / 6 = 4.18517 s
    propagate/row (0.002 + 0.005 + 0.595 + 20 + 20 + 2) / 6 = 42.602 / 6 = 7.10033 s
    backtrack/row (0.004 + 0.02 + 5 + 20 + 20 + 20) / 6   = 65.024 / 6 = 10.8373 s
    virtual best  (0.001 + 0.005 + 0.1 + 1 + 20 + 2) / 6  = 23.106 / 6 = 3.851 s
(the VBS takes per instance the least solved time: dlx on 4x4#1, 9x9#10, 16x16#1;
propagate on 9x9#2 and 25x25#2; 25x25#1 is solved by none). Each run's interval is
[0.98, 1.02] x its median, and each figure's bounds are the same figure over them: dlx's
PAR-2 (0.98 or 1.02 x 5.111 + 20) / 6 = 4.16813, 4.20220, its total 5.00878, 5.21322;
the VBS's PAR-2 (0.98 or 1.02 x 3.106 + 20) / 6 = 3.84065, 3.86135.

Run: python3 tests/e2e/test_analysis_generic.py [PUZZLEBENCH]   (the tests through the
real program, which make plots, need it and gnuplot; with the program named, as
CTest does, a missing one fails)
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True
from analysis_fixtures import (FAKE, REPORT, ROOT, csvread, fake_listing, run_report,  # noqa: E402
                               need_program, write_results)
from analysis.context import Context  # noqa: E402
from analysis.meta import read_meta  # noqa: E402
from analysis.sections import generic  # noqa: E402

PUZZLEBENCH = os.environ.get("PUZZLEBENCH", str(ROOT / "build" / "puzzlebench"))
STRICT = False
GENERIC = ROOT / "tests" / "data" / "analysis-generic"
NAME = "my-runs"

TABLE = """| solver | solved | PAR-2 | total time (solved) | median time (solved) |
|---|---:|---:|---:|---:|
| dlx | 5/6 | 4.19 s [4.17, 4.20] | 5.11 s [5.01, 5.21] | 100 ms [98.0, 102] |
| propagate/row | 4/6 | 7.10 s [7.09, 7.11] | 2.60 s [2.55, 2.65] | 300 ms [294, 306] |
| backtrack/row | 3/6 | 10.8 s [10.8, 10.9] | 5.02 s [4.92, 5.12] | 20.0 ms [19.6, 20.4] |
| **virtual best solver** | 5/6 | 3.85 s [3.84, 3.86] | 3.11 s [3.04, 3.17] | 100 ms [98.0, 102] |"""

# The cactus plot's data: per solver (best first), then the VBS, the k-th solved time and k.
CACTUS_TSV = """# dlx: instances solved within the time (cactus)
# time_s\tsolved
0.001\t1
0.01\t2
0.1\t3
1\t4
4\t5


# propagate/row: instances solved within the time (cactus)
# time_s\tsolved
0.002\t1
0.005\t2
0.595\t3
2\t4


# backtrack/row: instances solved within the time (cactus)
# time_s\tsolved
0.004\t1
0.02\t2
5\t3


# virtual best solver: instances solved within the time (cactus)
# time_s\tsolved
0.001\t1
0.005\t2
0.1\t3
1\t4
2\t5
"""


def data_headers(plots):
    """The column headers of the plots' data blocks but the x tic labels': each names
    what its columns hold (the measure's column under --metric, not always a time)."""
    return {block.split("\n")[1] for p in plots for block in p.tsv_text().split("\n\n\n")
            if not block.startswith("# x tic labels")}


def cactus_comments(plots):
    """The comment lines of the cactus plot's data blocks: each says what its solver
    solved within (the measure under --metric, not always a time)."""
    cactus = next(p for p in plots if p.name.endswith("-cactus"))
    return {block.split("\n")[0] for block in cactus.tsv_text().split("\n\n\n") if block.strip()}


def cactus_within(measure):
    return {f"# {label}: instances solved within the {measure} (cactus)"
            for label in ("dlx", "propagate/row", "backtrack/row", "virtual best solver")}


def copy_fixture(folder):
    for f in GENERIC.iterdir():
        shutil.copyfile(f, folder / f.name)
    return folder / f"{NAME}.csv"


def rewrite(path, change):
    """Each line of the CSV at path (a list of fields, the header included) through change."""
    lines = [l.split(",") for l in path.read_text().splitlines()]
    path.write_text("\n".join(",".join(change(i, f, lines[0])) for i, f in enumerate(lines)) + "\n")


def rewrite_params(path, engine, change):
    """The params field of engine's rows in the CSV at path through change(value)."""
    def one(i, fields, header):
        if i and fields[header.index("engine")] == engine:
            fields[header.index("params")] = change(fields[header.index("params")])
        return fields
    rewrite(path, one)


def set_meta(path, key, value):
    meta = path.with_suffix(".meta")
    meta.write_text("".join(l + "\n" for l in meta.read_text().splitlines() if not l.startswith(key + "="))
                    + (f"{key}={value}\n" if value is not None else ""))


class Fixture(unittest.TestCase):
    """The section on the fixture, in this process, with the fake program's compare."""

    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp())
        self.csv = copy_fixture(self.tmp)
        self.ctx = Context(self.tmp, fake_listing(), True, str(FAKE))

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def section(self):
        return "\n".join(l if isinstance(l, str) else l.file for l in generic.section(self.ctx, self.csv))

    def alts(self):
        """The alt texts of the section's plots."""
        return [l.alt for l in generic.section(self.ctx, self.csv) if not isinstance(l, str)]

    def part(self, limit=10.0):
        rows = list(csvread.read_csv(self.csv, need=generic.NEED))
        parts = generic.parts(self.ctx, rows, limit)
        self.assertEqual(len(parts), 1)
        return parts[0]

    def test_scores_by_hand(self):
        ranked, vbs = generic.scores(self.part())
        self.assertEqual([(s.label, s.solved, s.n) for s in ranked],
                         [("dlx", 5, 6), ("propagate/row", 4, 6), ("backtrack/row", 3, 6)])
        for score, par2, total, median in zip(ranked + [vbs], (25.111 / 6, 42.602 / 6, 65.024 / 6, 23.106 / 6),
                                              (5.111, 2.602, 5.024, 3.106), (0.1, 0.3, 0.02, 0.1)):
            self.assertAlmostEqual(score.par2, par2, places=12, msg=score.label)
            self.assertAlmostEqual(score.total, total, places=12, msg=score.label)
            self.assertAlmostEqual(score.median, median, places=12, msg=score.label)
        self.assertEqual((vbs.label, vbs.solved), ("virtual best solver", 5))

    def test_table_and_plots(self):
        text = self.section()
        self.assertIn("## sudoku sweep `my-runs`", text)
        self.assertIn(TABLE, text)
        self.assertIn("Time limit 10.0 s (the sweep's time-limit)", text)
        self.assertEqual([p.name for p in self.ctx.plots], [f"{NAME}-cactus", f"{NAME}-instances", f"{NAME}-scatter"])
        self.assertEqual(self.ctx.plots[0].tsv_text(), CACTUS_TSV)
        # Instances by size, then by name with its numbers as numbers: 9x9#2 before 9x9#10.
        self.assertEqual(self.part().instances, ["4x4#1", "9x9#2", "9x9#10", "16x16#1", "25x25#1", "25x25#2"])
        # The scatter plots: each solver against the baseline (the .meta's baseline=backtrack), unsolved at 10 s.
        scatter = self.ctx.plots[2].tsv_text()
        self.assertIn("# dlx against backtrack/row: both solved\n# baseline_s\tsolver_s\tinstance\n"
                      "0.004\t0.001\t4x4#1\n0.02\t0.01\t9x9#2\n5\t0.1\t9x9#10\n", scatter)
        self.assertIn("# dlx against backtrack/row: one or both not solved (at the border)\n"
                      "# baseline_s\tsolver_s\tinstance\n10\t1\t16x16#1\n10\t10\t25x25#1\n10\t4\t25x25#2\n", scatter)
        self.assertNotIn("backtrack/row against", scatter)
        self.assertEqual(data_headers(self.ctx.plots),
                         {"# time_s\tsolved", "# x\ttime_s\tinstance", "# baseline_s\tsolver_s\tinstance"})
        self.assertIn(f"{NAME}: time per instance", self.alts())

    def test_ratios_against_the_baseline(self):
        """Through compare (the fake's: ratio = new / old median, interval x [0.9, 1.1])."""
        text = self.section()
        self.assertIn("| instance | dlx | propagate/row |", text)
        # The verdict reads q, as compare's does: a 95% interval clear of 1 may still be "inconclusive".
        self.assertIn('"inconclusive": not significant at q < 0.05, p adjusted over', text)
        self.assertIn("| 4x4#1 | 4.00× faster [3.64×, 4.44×] | 2.00× faster [1.82×, 2.22×] |", text)
        self.assertIn("| 16x16#1 | backtrack/row did not solve it | neither solved it |", text)
        self.assertIn("| 9x9#10 | 50.0× faster [45.5×, 55.6×] | 8.40× faster [7.64×, 9.34×] |", text)
        # Over the instances both solved: dlx (0.25 * 0.5 * 0.02) ** (1/3) = 1 / 7.368;
        # propagate/row (0.5 * 0.25 * 0.119) ** (1/3) = 1 / 4.066; the ends' x 0.9 and 1.1.
        self.assertIn("| geometric mean | 7.37× faster [6.70×, 8.19×] | 4.07× faster [3.70×, 4.52×] |", text)

    def test_ratios_where_one_side_has_no_params(self):
        """An engine with parameters (params a setting, the baseline's -) is set against
        the baseline as one without a cell order is: compare sets the key aside. An engine
        run with two settings is too, each setting alone (compare gets the two solvers'
        rows, the settings that tell them apart set aside), and so is a setting against
        another of its own engine."""
        def params(i, fields, header):
            if i == 0:
                return fields + ["params"]
            return fields + ["p=1" if fields[header.index("engine")] == "dlx" else "-"]
        rewrite(self.csv, params)
        text = self.section()
        self.assertIn("| instance | dlx | propagate/row |", text)
        self.assertIn("| 4x4#1 | 4.00× faster [3.64×, 4.44×] | 2.00× faster [1.82×, 2.22×] |", text)
        self.assertNotIn("No paired ratios against", text)

        def two_propagates(i, fields, header):
            if i and fields[header.index("engine")] in ("dlx", "propagate"):
                q = "q=2" if fields[header.index("engine")] == "dlx" else "q=1"
                fields[header.index("engine")], fields[header.index("order")] = "propagate", "row"
                fields[header.index("params")] = q
            return fields
        rewrite(self.csv, two_propagates)
        text = self.section()
        self.assertIn("| instance | propagate/row q=2 | propagate/row q=1 |", text)
        self.assertIn("| 4x4#1 | 4.00× faster [3.64×, 4.44×] | 2.00× faster [1.82×, 2.22×] |", text)
        self.assertIn("| 9x9#10 | 50.0× faster [45.5×, 55.6×] | 8.40× faster [7.64×, 9.34×] |", text)
        self.assertNotIn("No paired ratios", text)

        # The baseline propagate is its first row's setting, q=2 (dlx's times): q=1
        # takes 0.002 s to its 0.001 s on 4x4#1, 0.005 s to 0.01 s on 9x9#2.
        set_meta(self.csv, "baseline", "propagate")
        text = self.section()
        # The report says which setting it took, and how the sweep chose it.
        self.assertIn("Against the baseline propagate/row q=2 (the .meta's baseline; of the 2 settings it ran, the "
                      "sweep's first, as `params`, `engine-seeds` and `search-threads` list them): ", text)
        self.assertIn("| instance | propagate/row q=1 | backtrack/row |", text)
        self.assertIn("| 4x4#1 | 2.00× slower [1.80×, 2.20×] | 4.00× slower [3.60×, 4.40×] |", text)
        self.assertIn("| 9x9#2 | 2.00× faster [1.82×, 2.22×] | 2.00× slower [1.80×, 2.20×] |", text)

    def test_baseline_default_is_the_first_engine(self):
        set_meta(self.csv, "baseline", None)
        text = self.section()
        self.assertIn("Against the baseline dlx (the sweep's first engine): ", text)
        self.assertIn("| instance | propagate/row | backtrack/row |", text)

    def test_row_limits_and_memory(self):
        """The lead's columns: the limit from each row's time_limit_s (the .meta's is 0:
        none), peak memory from peak_rss_bytes; PAR-2 the same."""
        set_meta(self.csv, "time_limit_s", "0")

        def add(i, fields, header):
            if i == 0:
                return fields + ["cpu_s", "peak_rss_bytes", "stop", "time_limit_s"]
            done = fields[header.index("status")] == "done"
            peak = {"dlx": "1048576", "propagate": "2097152", "backtrack": ""}[fields[header.index("engine")]]
            return fields + [fields[header.index("median_s")], peak, "done" if done else "time-limit", "10"]
        rewrite(self.csv, add)
        text = self.section()
        self.assertIn("Time limit 10.0 s (the largest of the runs' own, time_limit_s)", text)
        self.assertIn("| solver | solved | PAR-2 | total time (solved) | median time (solved) | peak memory |", text)
        self.assertIn("| dlx | 5/6 | 4.19 s [4.17, 4.20] | 5.11 s [5.01, 5.21] | 100 ms [98.0, 102] | 1.0 MiB |", text)
        self.assertIn("| propagate/row | 4/6 | 7.10 s [7.09, 7.11] | 2.60 s [2.55, 2.65] | 300 ms [294, 306] | 2.0 MiB |", text)
        self.assertIn("| backtrack/row | 3/6 | 10.8 s [10.8, 10.9] | 5.02 s [4.92, 5.12] | 20.0 ms [19.6, 20.4] | - |", text)
        self.assertIn("| **virtual best solver** | 5/6 | 3.85 s [3.84, 3.86] | 3.11 s [3.04, 3.17] | 100 ms [98.0, 102] | - |", text)

    def add_peaks(self, peaks):
        """Gives the fixture the lead's columns, peak_rss_bytes from peaks(engine,
        instance) ("" for none)."""
        def add(i, fields, header):
            if i == 0:
                return fields + ["cpu_s", "peak_rss_bytes", "stop", "time_limit_s"]
            peak = peaks(fields[header.index("engine")], fields[header.index("instance")])
            return fields + [fields[header.index("median_s")], peak, "", "0"]
        rewrite(self.csv, add)

    def test_no_peak_read(self):
        """Every run shared its process (workers above 1): no peak memory column, and a
        sentence says why; under --metric memory the part has nothing to show, and
        says so instead of counting every solver 0 solved."""
        self.add_peaks(lambda engine, instance: "")
        text = self.section()
        self.assertIn("| solver | solved | PAR-2 | total time (solved) | median time (solved) |\n", text)
        self.assertIn("Peak memory: not read for any run; a one-thread run of puzzlebench's own engines that shares its process", text)
        self.ctx = Context(self.tmp, fake_listing(), True, str(FAKE))
        self.ctx.metric = "memory"
        text = self.section()
        self.assertIn("_No run of `my-runs` has its peak memory per run (`peak_rss_bytes` is empty in every row; "
                      "a one-thread run of puzzlebench's own engines that shares its process", text)
        self.assertNotIn("| solver |", text)
        self.assertEqual(self.ctx.plots, [])
        self.assertEqual(self.ctx.stale, [f"{NAME}-cactus", f"{NAME}-instances", f"{NAME}-scatter"])

    def test_some_peaks_read(self):
        """--metric memory where some solved runs have no peak (dlx's on 9x9#2 and
        25x25#2): they still count as solved, the totals are over the others, and a
        ratio against them says what is missing."""
        mib = {"4x4#1": 1, "9x9#2": 2, "9x9#10": 3, "16x16#1": 4, "25x25#1": 5, "25x25#2": 6}
        self.add_peaks(lambda engine, instance: "" if engine == "dlx" and instance in ("9x9#2", "25x25#2")
                       else str(mib[instance] << 20))
        self.ctx.metric = "memory"
        ranked, vbs = generic.scores(self.part())
        dlx = ranked[0]
        self.assertEqual((dlx.label, dlx.solved, dlx.total), ("dlx", 5, (1 + 3 + 4) << 20))
        text = self.section()
        self.assertIn("| solver | solved | total peak memory (solved) | median peak memory (solved) |\n", text)
        self.assertIn("| dlx | 5/6 | 8.0 MiB | 3.0 MiB |", text)
        self.assertIn("the least peak memory of any solver", text)
        self.assertIn("below the diagonal the solver uses less memory", text)
        self.assertIn(" 2 solved runs have no peak memory per run (`peak_rss_bytes` empty; a one-thread run", text)
        self.assertIn("| 9x9#2 | no peak memory per run for dlx |", text)
        self.assertIn("| 4x4#1 | the same | the same |", text)
        self.assertIn("| geometric mean | the same | the same |", text)
        self.assertEqual(data_headers(self.ctx.plots),
                         {"# peak_rss_bytes\tsolved", "# x\tpeak_rss_bytes\tinstance",
                          "# baseline_peak_rss_bytes\tsolver_peak_rss_bytes\tinstance"})
        self.assertEqual(cactus_comments(self.ctx.plots), cactus_within("peak memory"))
        self.assertIn(f"{NAME}: peak memory per instance", self.alts())

    def test_unmeasured_solver_after_measured(self):
        """--metric memory: a solver whose solved runs all lack a peak has no total, and
        goes after one that solved as many with a total (dlx stopped on 25x25#2 here)."""
        def stop(i, fields, header):
            if i and fields[header.index("engine")] == "dlx" and fields[header.index("instance")] == "25x25#2":
                fields[header.index("status")] = "limit"
            return fields
        rewrite(self.csv, stop)
        self.add_peaks(lambda engine, instance: "" if engine == "dlx" else str(1 << 20))
        self.ctx.metric = "memory"
        ranked, vbs = generic.scores(self.part())
        self.assertEqual([(s.label, s.solved, s.total) for s in ranked],
                         [("propagate/row", 4, 4 << 20), ("dlx", 4, None), ("backtrack/row", 3, 3 << 20)])

    def test_params_label_only_where_one_engine_varies(self):
        """Each engine has its own params: engines that differ in them alone are told
        apart by name, and the items that differ go into the labels of an engine run
        with several settings (here dlx's rows become propagate/row's with q=2 beside
        its own q=1); the whole setting where it is not a list of items."""
        def params(i, fields, header):
            if i == 0:
                return fields + ["params"]
            engine = fields[header.index("engine")]
            return fields + [{"dlx": "p=1", "propagate": "q=1"}.get(engine, "-")]
        rewrite(self.csv, params)
        self.assertEqual([s.label for s in generic.scores(self.part())[0]],
                         ["dlx", "propagate/row", "backtrack/row"])

        def two_propagates(i, fields, header):
            if i and fields[header.index("engine")] == "dlx":
                fields[header.index("engine")], fields[header.index("order")] = "propagate", "row"
                fields[header.index("params")] = "q=2"
            return fields
        rewrite(self.csv, two_propagates)
        self.assertEqual(sorted(s.label for s in generic.scores(self.part())[0]),
                         ["backtrack/row", "propagate/row q=1", "propagate/row q=2"])

        # Whole settings, defaults included, differing in two items of three.
        rewrite_params(self.csv, "propagate", lambda q: f"a=5;{q};r={'x' if q == 'q=1' else 'y'}")
        self.assertEqual(sorted(s.label for s in generic.scores(self.part())[0]),
                         ["backtrack/row", "propagate/row q=1;r=x", "propagate/row q=2;r=y"])

        rewrite_params(self.csv, "propagate", lambda p: p.replace(";r=", ";r"))
        self.assertEqual(sorted(s.label for s in generic.scores(self.part())[0]),
                         ["backtrack/row", "propagate/row params=a=5;q=1;rx",
                          "propagate/row params=a=5;q=2;ry"])

        # The baseline among an engine's settings is the sweep's first (earliest row),
        # not the first in sort order: q=2's rows (dlx's, rows 0, 3, ...) come first.
        set_meta(self.csv, "baseline", "propagate")
        self.assertEqual(generic.baseline_solver(self.part(), read_meta(self.csv.with_suffix(".meta"))).label,
                         "propagate/row params=a=5;q=2;ry")

    def test_settings_in_number_order(self):
        """Solvers of one engine and order list their settings by number (the order of
        ties in the table, and of the plots' keys): q=9 before q=10, as seeds 2 and 10."""
        def params(i, fields, header):
            if i == 0:
                return fields + ["params"]
            if fields[header.index("engine")] in ("dlx", "propagate"):
                q = "q=10" if fields[header.index("engine")] == "dlx" else "q=9"
                fields[header.index("engine")], fields[header.index("order")] = "propagate", "row"
                return fields + [q]
            return fields + ["-"]
        rewrite(self.csv, params)
        self.assertEqual([s.label for s in self.part().solvers if s.engine == "propagate"],
                         ["propagate/row q=9", "propagate/row q=10"])

    def test_none_solved_in_the_cactus_key(self):
        """A solver that solved no instance has no line in the cactus plot but keeps its
        entry in the key, saying so, as it keeps its row in the table."""
        def unsolved(i, fields, header):
            if i and fields[header.index("engine")] == "backtrack":
                fields[header.index("status")] = "limit"
            return fields
        rewrite(self.csv, unsolved)
        text = self.section()
        self.assertIn("| backtrack/row | 0/6 |", text)
        cactus = self.ctx.plots[0].gp_text()
        self.assertIn("NaN with linespoints", cactus)
        self.assertIn("title 'backtrack/row (none solved)'", cactus)
        self.assertNotIn("backtrack/row:", self.ctx.plots[0].tsv_text())

    def test_solved_but_undrawn_in_the_cactus_key(self):
        """A solver that solved instances none of which a log axis can show (--metric
        steps: each in 0 steps, as learn fills an easy puzzle by narrowing alone) keeps
        its entry in the cactus key, saying why it has no line, rather than reading as
        not run; where no solver has a point, the label does not say none was solved."""
        def steps(i, fields, header):
            if i:
                zero = fields[header.index("engine")] == "dlx"
                fields[header.index("steps")] = "0" if zero else "%d" % round(
                    float(fields[header.index("median_s")]) * 1e6)
            return fields
        rewrite(self.csv, steps)
        self.ctx.metric = "steps"
        self.section()
        cactus = self.ctx.plots[0].gp_text()
        self.assertIn("title 'dlx (solved, at 0 steps)'", cactus)
        self.assertNotIn("dlx:", self.ctx.plots[0].tsv_text())

        rewrite(self.csv, lambda i, fields, header: fields[:header.index("steps")] + ["0"] +
                fields[header.index("steps") + 1:] if i else fields)
        first = len(self.ctx.plots)
        self.section()
        cactus = self.ctx.plots[first].gp_text()
        self.assertNotIn("no instance solved", cactus)
        self.assertIn("every solved run at 0", cactus)
        self.assertIn("title 'dlx (solved, at 0 steps)'", cactus)

    def test_settings_drawn_apart(self):
        """Solvers of one engine and order that differ in a setting alone are drawn as
        series of their own (a point type and dash each) in the cactus and the
        per-instance plots, in the engine's colour; engines apart keep theirs."""
        def params(i, fields, header):
            if i == 0:
                return fields + ["params"]
            if fields[header.index("engine")] in ("dlx", "propagate"):
                q = "q=2" if fields[header.index("engine")] == "dlx" else "q=1"
                fields[header.index("engine")], fields[header.index("order")] = "propagate", "row"
                return fields + [q]
            return fields + ["-"]
        rewrite(self.csv, params)
        self.section()
        for plot in self.ctx.plots[:2]:
            styles = {label: (colour, point) for colour, point, label in
                      re.findall(r"lc rgb '(#[0-9a-f]+)'(?: dt \d+)? pt (\d+) ps [0-9.]+ title '([^']*)'",
                                 plot.gp_text())}
            self.assertEqual(sorted(styles), ["backtrack/row", "propagate/row q=1", "propagate/row q=2"],
                             plot.name)
            one, two = styles["propagate/row q=1"], styles["propagate/row q=2"]
            self.assertEqual(one[0], two[0], plot.name)
            self.assertNotEqual(one[1], two[1], plot.name)
            self.assertNotEqual(one[0], styles["backtrack/row"][0], plot.name)

    def test_cpu_metric(self):
        """--metric cpu: the times are each row's cpu_s (here half its wall time; dlx
        solved 0.001, 0.01, 0.1, 1 and 4 s of wall time), the limit stays 10 s."""
        def add(i, fields, header):
            if i == 0:
                return fields + ["cpu_s", "peak_rss_bytes", "stop", "time_limit_s"]
            return fields + [repr(float(fields[header.index("median_s")]) / 2), "", "", "0"]
        rewrite(self.csv, add)
        self.ctx.metric = "cpu"
        ranked, vbs = generic.scores(self.part())
        dlx = ranked[0]
        self.assertEqual((dlx.label, dlx.solved), ("dlx", 5))
        self.assertAlmostEqual(dlx.par2, (0.0005 + 0.005 + 0.05 + 0.5 + 20 + 2) / 6, places=12)
        self.assertAlmostEqual(dlx.total, 5.111 / 2, places=12)
        text = self.section()
        self.assertIn("CPU time (user + system, `--metric cpu`)", text)
        self.assertIn("set xlabel 'CPU time per run (s)'", self.ctx.plots[0].gp_text())
        self.assertEqual(data_headers(self.ctx.plots),
                         {"# cpu_s\tsolved", "# x\tcpu_s\tinstance", "# baseline_cpu_s\tsolver_cpu_s\tinstance"})
        self.assertEqual(cactus_comments(self.ctx.plots), cactus_within("CPU time"))
        self.assertIn(f"{NAME}: CPU time per instance", self.alts())

    def test_steps_metric(self):
        """--metric steps: each row's steps (here a million per second of its wall
        time), no PAR-2 (no limit counts steps), the ratios exact from the rows."""
        def steps(i, fields, header):
            if i:
                fields[header.index("steps")] = "%d" % round(float(fields[header.index("median_s")]) * 1e6)
            return fields
        rewrite(self.csv, steps)
        self.ctx.metric = "steps"
        ranked, vbs = generic.scores(self.part())
        self.assertEqual([(s.label, s.solved, s.par2, s.total) for s in ranked],
                         [("dlx", 5, None, 5111000), ("propagate/row", 4, None, 2602000),
                          ("backtrack/row", 3, None, 5024000)])
        text = self.section()
        self.assertIn("| solver | solved | total steps (solved) | median steps (solved) |\n", text)
        self.assertIn("| dlx | 5/6 | 5,111,000 | 100,000 |", text)
        self.assertIn("not a time: PAR-2 is not defined for it", text)
        self.assertIn("| 4x4#1 | 4.00× fewer steps | 2.00× fewer steps |", text)
        self.assertIn("set xlabel 'steps per run'", self.ctx.plots[0].gp_text())
        self.assertEqual(data_headers(self.ctx.plots),
                         {"# steps\tsolved", "# x\tsteps\tinstance", "# baseline_steps\tsolver_steps\tinstance"})
        self.assertEqual(cactus_comments(self.ctx.plots), cactus_within("steps"))
        # The alt text names the measure drawn, as the title does.
        self.assertIn(f"{NAME}: steps per instance", self.alts())

    def test_steps_metric_zero(self):
        """A run of 0 steps (a puzzle that learn's narrowing fills) has no ratio, and
        the cell says why rather than blaming the samples."""
        def steps(i, fields, header):
            if i:
                zero = fields[header.index("engine")] == "dlx" and fields[header.index("instance")] == "4x4#1"
                fields[header.index("steps")] = "0" if zero else "%d" % round(
                    float(fields[header.index("median_s")]) * 1e6)
            return fields
        rewrite(self.csv, steps)
        self.ctx.metric = "steps"
        self.assertIn("| 4x4#1 | dlx: 0 steps per run, no ratio | 2.00× fewer steps |", self.section())
        # A log axis has no 0: the run is left out of the plots, never drawn as unsolved.
        instances, scatter = self.ctx.plots[1].tsv_text(), self.ctx.plots[2].tsv_text()
        unsolved = [block for block in instances.split("\n\n\n") if block.startswith("# dlx: not solved")]
        self.assertEqual([block.count("4x4#1") for block in unsolved], [0])
        dlx = [block for block in scatter.split("\n\n\n") if block.startswith("# dlx against")]
        self.assertEqual([block.count("4x4#1") for block in dlx], [0] * len(dlx))

    def test_no_limit_no_par2(self):
        set_meta(self.csv, "time_limit_s", "0")
        text = self.section()
        self.assertIn("No time limit: PAR-2 not defined", text)
        self.assertIn("| dlx | 5/6 | - | 5.11 s [5.01, 5.21] | 100 ms [98.0, 102] |", text)
        self.assertIn("| **virtual best solver** | 5/6 | - | 3.11 s [3.04, 3.17] | 100 ms [98.0, 102] |", text)
        self.assertEqual(self.ctx.plots[0].tsv_text(), CACTUS_TSV)

    def test_incomplete_sweep_said(self):
        """A sweep that did not finish says so above its tables; a complete one does not."""
        self.assertNotIn("**Incomplete:**", self.section())
        set_meta(self.csv, "status", "interrupted")
        set_meta(self.csv, "rows", "18 of 24 (interrupted)")
        self.assertIn("\n**Incomplete:** `status=interrupted`, `rows=18 of 24 (interrupted)`: the tables hold the "
                      "runs that finished before it stopped; the other runs are missing, not unsolved", self.section())

    def test_interrupted_before_a_row_said(self):
        """A sweep stopped before its first row was written says so, not only that its
        file has no rows: its runs are missing, not absent from the sweep."""
        self.csv.write_text(self.csv.read_text().splitlines()[0] + "\n")
        self.assertNotIn("**Incomplete:**", self.section())
        set_meta(self.csv, "status", "interrupted")
        set_meta(self.csv, "rows", "0 of 24 (interrupted)")
        text = self.section()
        self.assertIn(f"_`{NAME}.csv` has no rows._", text)
        self.assertIn("\n**Incomplete:** `status=interrupted`, `rows=0 of 24 (interrupted)`", text)

    def test_one_part_per_mode(self):
        def count(i, fields, header):
            if i and fields[header.index("engine")] == "dlx":
                fields[header.index("mode")] = "count"
            return fields
        rewrite(self.csv, count)
        text = self.section()
        self.assertIn("### Mode first", text)
        self.assertIn("### Mode count", text)
        self.assertIn("| dlx | 5/6 | 4.19 s [4.17, 4.20] | 5.11 s [5.01, 5.21] | 100 ms [98.0, 102] |", text.split("### Mode count")[1])
        self.assertEqual([p.name for p in self.ctx.plots],
                         [f"{NAME}-first-cactus", f"{NAME}-first-instances", f"{NAME}-first-scatter",
                          f"{NAME}-count-cactus", f"{NAME}-count-instances"])


class WhoReadsAFile(unittest.TestCase):
    """A result file belongs to the family its rows name, else its .meta's, else the
    one its name starts with; the family's section reads it when a sweep of the
    family's wrote it (its .meta's sweep=, else its name), else the generic section."""

    def test_files_by_family_and_sweep(self):
        from analysis import main
        listing = fake_listing([{"name": "notouch", "default_engine": "-", "sweeps": "notouch notouch-parallel",
                                 "summary": ""}])
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            header = "family,instance,engine,status,median_s"
            files = {  # name: (the rows' family, the .meta's lines)
                "boards": ("notouch", "sweep=data/sweeps/notouch.sweep\n"),      # a notouch sweep, named apart
                "notouch-mine": ("notouch", "sweep=mine.sweep\n"),               # a user's sweep
                "sudoku-x": ("notouch", "family=sudoku\n"),                      # the rows say notouch
                "notouch-scaling": ("notouch", None),                           # notouch.py's sweeps
                "other": ("nofamily", "sweep=notouch.sweep\n"),                  # a family the listing lacks
                "notouch-old": ("", None),                                      # no family but its name's
                "plain": ("", "family=notouch\nsweep=(options)\n"),             # the .meta's family
            }
            for stem, (family, meta) in files.items():
                write_results(tmp, stem, header, [f"{family},a,dlx,done,0.1"], meta)
            owned, unclaimed, parallels = main.family_files(tmp, listing, main.family_sections(listing.families))
        names = lambda paths: sorted(p.stem for p in paths)
        self.assertEqual(names(owned["notouch"]), ["boards", "notouch-scaling"])
        self.assertEqual(names(unclaimed["notouch"]), ["notouch-mine", "notouch-old", "plain", "sudoku-x"])
        self.assertEqual(names(unclaimed[None]), ["other"])
        self.assertEqual(parallels, [])


class NotouchBest(unittest.TestCase):
    """notouch's line of the best engine/order against backtrack/row sets the baseline
    against the others, never against itself."""

    @staticmethod
    def group(engine, order, median):
        t = type("T", (), {"median": median, "usable": True, "text": lambda self: f"{median} s"})()
        return type("G", (), {"mode": "count", "done": True, "engine": engine, "order": order, "cells": 9,
                              "instance": "3x3", "problem": "3x3", "label": f"{engine}/{order}",
                              "timing": lambda self: t})()

    def test_baseline_alone(self):
        from analysis.sections import notouch
        lines = notouch._best_lines([self.group("backtrack", "row", 1.0)])
        self.assertEqual(lines, ["- best engine/order on the largest count instance against backtrack/row: n/a "
                                 "(no other engine/order counted 3x3)"])

    def test_best_of_the_others(self):
        from analysis.sections import notouch
        lines = notouch._best_lines([self.group("backtrack", "row", 1.0), self.group("backtrack", "mrv", 2.0)])
        self.assertIn("against backtrack/row: backtrack/mrv, 2.00× slower (same run) on 3x3", lines[0])
        self.assertIn("best search with a cell order on 3x3: backtrack/mrv, 2.00× slower than backtrack/row",
                      lines[1])


class FamilyModules(unittest.TestCase):
    """A family's modules are imported by name from its folder as modules of the
    sections package, whose search path stays the sections folder alone; a common
    section keeps its name."""

    def test_imported_by_name(self):
        import importlib
        from analysis import sections
        found = sections.family_sections([type("F", (), {"name": f}) for f in ("kakuro", "notouch")])
        self.assertEqual(sorted(found), ["kakuro", "notouch"])
        self.assertEqual(list(sections.__path__), [str(ROOT / "scripts" / "analysis" / "sections")])
        where = {name: Path(importlib.import_module(f"analysis.sections.{name}").__file__)
                 for name in ("kakuro", "kakuro_data", "notouch_model", "ladder")}
        self.assertEqual(where["kakuro"], ROOT / "bench" / "families" / "kakuro" / "kakuro.py")
        self.assertEqual(where["kakuro_data"], ROOT / "bench" / "families" / "kakuro" / "kakuro_data.py")
        self.assertEqual(where["notouch_model"], ROOT / "bench" / "families" / "notouch" / "notouch_model.py")
        self.assertEqual(where["ladder"], ROOT / "scripts" / "analysis" / "sections" / "ladder.py")
        with self.assertRaises(ModuleNotFoundError):
            importlib.import_module("analysis.sections.no_such_module")


class WholeReport(unittest.TestCase):
    """The whole report on the fixture: the file is a sudoku sweep by its rows, not by
    its name, and no family section claims it."""

    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp())
        copy_fixture(self.tmp)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_section_in_the_report(self):
        done = run_report(self.tmp)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stderr, f"report: wrote {self.tmp / 'REPORT.md'}\n")
        text = (self.tmp / "REPORT.md").read_text()
        self.assertNotIn("_No result CSV files in this directory._", text)
        self.assertIn("\n## sudoku sweep `my-runs`\n", text)
        self.assertIn(TABLE, text)
        # A folder of one's own sweeps alone: not the project's method study or pictures.
        self.assertNotIn("## The harness's own method", text)
        self.assertNotIn("## Pictures of every family", text)
        self.assertFalse(list((self.tmp / "plots").glob("picture-*")))

    def test_generation_sweep_no_section_reads(self):
        """A user's own generation sweep, whose records no section reads: the report
        names the file it left out rather than say there is none, and, a folder of the
        user's own alone, draws no pictures of every family around it."""
        csv = self.tmp / f"{NAME}.csv"
        run_id = read_meta(csv.with_suffix(".meta")).get("run_id")
        csv.write_text(f"index,size,clues,level,tries,checks,wall_s,run_id\n0,4,6,any,1,9,0.001,{run_id}\n")
        (self.tmp / f"{NAME}.samples.csv").unlink()
        set_meta(csv, "generator", "sudoku")
        set_meta(csv, "rows", "1 of 1")  # its one record, as a generator's .meta counts it
        done = run_report(self.tmp)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn(f"{NAME}.csv: the records of a generation sweep that no section reads", done.stderr)
        text = (self.tmp / "REPORT.md").read_text()
        self.assertNotIn("_No result CSV files in this directory._", text)
        self.assertIn(f"_No result CSV here that a section of the report reads: `{NAME}.csv` left out", text)
        self.assertNotIn("## The harness's own method", text)
        self.assertNotIn("## Pictures of every family", text)

    def test_generation_sweep_told_its_way_in(self):
        """A generation sweep of the user's own name is left out, and the line that
        says so names the name under which a family's section reads one (kakuro's
        kakuro-gen, through the real program's listing)."""
        need_program(PUZZLEBENCH, STRICT)
        for f in list(self.tmp.iterdir()):
            f.unlink()
        run_id = "20260101T000000Z-abcdef"
        (self.tmp / "mygen-ours.csv").write_text(
            "name,rows,cols,level,status,attempts,wall_s,run_id\n"
            f"6x6-easy-s1-0000,6,6,easy,done,1,0.0001,{run_id}\n")
        (self.tmp / "mygen-ours.meta").write_text(f"run_id={run_id}\ngenerator=kakuro\nstatus=complete\n")
        done = subprocess.run([sys.executable, str(REPORT), "--puzzlebench", PUZZLEBENCH, "--no-plots",
                               str(self.tmp)], capture_output=True, text=True, timeout=600)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("mygen-ours.csv: the records of a generation sweep that no section reads", done.stderr)
        self.assertIn("by name: kakuro's `puzzlebench sweep FILE --name kakuro-gen`)", done.stderr)

    def test_sweep_not_in_place_said(self):
        """A sweep still running (or killed) has its .meta and NAME.csv.part, no NAME.csv:
        the report says so rather than leave it out without a word."""
        csv = self.tmp / f"{NAME}.csv"
        csv.rename(self.tmp / f"{NAME}.csv.part")
        set_meta(csv, "status", "running")
        done = run_report(self.tmp)
        self.assertEqual(done.returncode, 0, done.stderr)
        text = (self.tmp / "REPORT.md").read_text()
        self.assertIn(f"**Not in this report:** `{NAME}.meta` says `status=running`, and its rows are not in place "
                      f"(`{NAME}.csv` is absent)", text)
        # Complete, or a .meta of no sweep (no status, as notouch-table's): nothing said.
        set_meta(csv, "status", None)
        self.assertEqual(run_report(self.tmp).returncode, 0)
        self.assertNotIn("Not in this report", (self.tmp / "REPORT.md").read_text())

    def test_with_the_program_and_plots(self):
        need_program(PUZZLEBENCH, STRICT)
        # A name that starts as a family's does not make it that family's sweep.
        for f in list(self.tmp.iterdir()):
            f.rename(self.tmp / f.name.replace(NAME, "sudoku-dlx"))
        done = subprocess.run([sys.executable, str(REPORT), "--puzzlebench", PUZZLEBENCH, str(self.tmp)],
                              capture_output=True, text=True, timeout=600)
        self.assertEqual(done.returncode, 0, done.stderr)
        text = (self.tmp / "REPORT.md").read_text()
        self.assertIn("\n## sudoku sweep `sudoku-dlx`\n", text)
        self.assertNotIn("## Sudoku\n", text)
        self.assertIn(TABLE, text)
        for plot in ("cactus", "instances", "scatter"):
            for ext in ("gp", "tsv", "png", "svg"):
                self.assertGreater((self.tmp / "plots" / f"sudoku-dlx-{plot}.{ext}").stat().st_size, 0)
            self.assertIn(f"](plots/sudoku-dlx-{plot}.png)", text)
        self.assertEqual((self.tmp / "plots" / "sudoku-dlx-cactus.tsv").read_text(), CACTUS_TSV)


class RealSweep(unittest.TestCase):
    """A quick sweep by the program on six puzzles, three engines, one of them held to
    so few steps that it stops; then the report: every count matches the CSV."""

    def test_sweep_then_report(self):
        need_program(PUZZLEBENCH, STRICT)
        program = os.path.abspath(PUZZLEBENCH)
        # From the registry: two searches with a cell order, and sudoku's own default engine.
        listing = subprocess.run([program, "engines", "--csv"], capture_output=True, text=True, check=True)
        engines = [r for r in csvread.parse_csv(listing.stdout.splitlines(keepends=True), "engines").rows
                   if r["kind"] == "engine" and r["family"] in ("placement", "sudoku")]
        families = subprocess.run([program, "families", "--csv"], capture_output=True, text=True, check=True)
        own = next(r["default_engine"] for r in csvread.parse_csv(families.stdout.splitlines(keepends=True),
                                                                   "families").rows if r["name"] == "sudoku")
        engines = [r["name"] for r in engines if "order" in r["caps"].split()][:2] + [own]
        self.assertEqual(len(set(engines)), 3, engines)
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            puzzles = [l for l in (ROOT / "data" / "sudoku" / "9x9-easy.txt").read_text().splitlines()
                       if l.strip() and not l.startswith("#")][:6]
            (tmp / "six.txt").write_text("\n".join(puzzles) + "\n")
            (tmp / "mine.sweep").write_text(f"name mine\nfamily sudoku\ninstances six.txt\nengines {' '.join(engines)}\n"
                                            f"orders row\nmodes first\nrows per-puzzle\n"
                                            f"step-limit {engines[0]}=200\nbaseline {engines[2]}\n")
            done = subprocess.run([program, "sweep", str(tmp / "mine.sweep"), "--quick", "--out", str(tmp / "out"),
                                   "-q"], capture_output=True, text=True, timeout=600)
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertEqual(read_meta(tmp / "out" / "mine.meta").get("baseline"), engines[2])
            done = subprocess.run([sys.executable, str(REPORT), "--puzzlebench", program, str(tmp / "out")],
                                  capture_output=True, text=True, timeout=600)
            self.assertEqual(done.returncode, 0, done.stderr)
            text = (tmp / "out" / "REPORT.md").read_text()
            section = text.split("\n## sudoku sweep `mine`\n")[1].split("\n## ")[0]
            rows = list(csvread.read_csv(tmp / "out" / "mine.csv"))
            self.assertEqual(len(rows), 18)
            labels = {}
            for r in rows:
                labels.setdefault(r["engine"] + ("" if r["order"] == "-" else "/" + r["order"]), []).append(r)
            solved_any = len({r["instance"] for r in rows if r["status"] == "done"})
            for label, mine in labels.items():
                solved = sum(r["status"] == "done" for r in mine)
                self.assertRegex(section, rf"\n\| {label} \| {solved}/6 \| ")
            self.assertRegex(section, rf"\n\| \*\*virtual best solver\*\* \| {solved_any}/6 \| ")
            self.assertIn(f"Against the baseline {[l for l in labels if l.split('/')[0] == engines[2]][0]} "
                          "(the .meta's baseline)", section)
            self.assertIn("| geometric mean |", section)
            for plot in ("cactus", "instances", "scatter"):
                self.assertTrue((tmp / "out" / "plots" / f"mine-{plot}.png").is_file())


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        PUZZLEBENCH = sys.argv.pop(1)
        STRICT = True
    unittest.main()
