#!/usr/bin/env python3
"""Tests of the report's generic section (scripts/analysis/sections/generic.py) on what
tells its problems apart (runs of one instance under other length bounds or settings
of the family are problems of their own), on the plots of an earlier report and on a
sweep whose name holds dots. On the fixture of test_analysis_generic.py
(tests/data/analysis-generic/my-runs.csv), with the fake program's compare.

Run: python3 tests/e2e/test_analysis_problems.py
"""

import shutil
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True
from analysis_fixtures import FAKE, fake_listing, run_report  # noqa: E402
from analysis.context import Context  # noqa: E402
from analysis.sections import generic  # noqa: E402
from test_analysis_generic import NAME, copy_fixture, set_meta  # noqa: E402


class Problems(unittest.TestCase):

    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp())
        self.csv = copy_fixture(self.tmp)
        self.ctx = Context(self.tmp, fake_listing(), True, str(FAKE))

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def section(self):
        return "\n".join(l if isinstance(l, str) else l.file for l in generic.section(self.ctx, self.csv))

    def split_by(self, column, values, meta_params=None):
        """The fixture with a setting column: each row once per value (a sweep's
        max-lengths, or family-sets); meta_params: the .meta's params= line."""
        lines = self.csv.read_text().splitlines()
        at = lines[0].split(",").index("row")
        out = [lines[0] + "," + column]
        for k, value in enumerate(values):
            for line in lines[1:]:
                fields = line.split(",")
                fields[at] = str(int(fields[at]) + 100 * k)
                out.append(",".join(fields) + "," + value)
        self.csv.write_text("\n".join(out) + "\n")
        if meta_params is not None:
            set_meta(self.csv, "params", meta_params)

    def test_runs_of_other_settings_are_other_instances(self):
        """Runs of one instance under two length bounds or two settings of the family
        are two problems, each counted and compared apart, never one whose time is the
        median of both."""
        self.split_by("max_length", ["40", "44"])
        text = self.section()
        self.assertIn("| dlx | 10/12 |", text)
        self.assertIn("| 4x4#1 max_length=40 |", text)
        self.assertIn("| 4x4#1 max_length=44 |", text)
        self.assertIn("`max_length`", text)
        self.csv = copy_fixture(self.tmp)
        self.split_by("adj", ["king", "orth"], "diff:2 adj:king")
        text = self.section()
        self.assertIn("| dlx | 10/12 |", text)
        self.assertIn("| 25x25#2 adj=orth |", text)
        # A setting the rows hold at one value names no instance.
        self.csv = copy_fixture(self.tmp)
        self.split_by("adj", ["king"], "diff:2 adj:king")
        self.assertIn("| 25x25#2 |", self.section())



    def test_earlier_reports_plots_of_this_sweep_go(self):
        """The plots an earlier report drew for this sweep and this one does not (a mode
        the sweep no longer runs, one part where it had several) are stale: their
        files go when the report draws; other files in plots/ stay."""
        plots = self.tmp / "plots"
        plots.mkdir()
        gone = [f"{NAME}-first-cactus.gp", f"{NAME}-count-scatter.png", f"{NAME}-unique-instances.svg"]
        kept = [f"{NAME}-cactus.png", f"{NAME}x-cactus.png", f"{NAME}-notes.png", "other-first-cactus.png"]
        for name in gone + kept:
            (plots / name).write_text("")
        self.section()
        stale = set(self.ctx.stale)
        self.assertEqual({n for n in gone if n.rsplit(".", 1)[0] in stale}, set(gone))
        self.assertEqual({n for n in kept if n.rsplit(".", 1)[0] in stale}, set())


class Names(unittest.TestCase):

    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp())
        copy_fixture(self.tmp)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_a_name_with_dots(self):
        """A sweep named with dots (`name v1.2`, or a file my.v2.sweep), as sweep allows:
        NAME.csv's .meta is NAME.meta, not the one of the name up to its first dot, and
        NAME.csv is a result of its own, not a side table."""
        for f in list(self.tmp.iterdir()):
            f.rename(self.tmp / f.name.replace(NAME, "my.runs.v2", 1))
        done = run_report(self.tmp)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("\n## sudoku sweep `my.runs.v2`\n", (self.tmp / "REPORT.md").read_text())


if __name__ == "__main__":
    unittest.main()
