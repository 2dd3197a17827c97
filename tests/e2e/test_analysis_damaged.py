#!/usr/bin/env python3
"""A damaged results folder (numbers no column can hold, a plots folder that is a
link or a file) gets one line naming the file, the line and the column (or the
path), exit 1: never a traceback, "inf s" or a 300-digit number in the report.

Run: python3 tests/e2e/test_analysis_damaged.py [PUZZLEBENCH]   (the argument, else
$PUZZLEBENCH, else build/puzzlebench)
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True  # before the fixtures are imported: no __pycache__ in tests/
from analysis_fixtures import *  # noqa: F401,F403 (paths, fixtures, the analysis modules)
from analysis_fixtures import REPORT

PUZZLEBENCH = os.environ.get("PUZZLEBENCH", str(ROOT / "build" / "puzzlebench"))


class DamagedResults(unittest.TestCase):
    """What a damaged results folder gets: one line naming the file, the line and the
    column (or the path), exit 1; never a traceback, "inf s" or a 300-digit number."""

    def setUp(self):
        need_program(PUZZLEBENCH)
        self.tmp = Path(tempfile.mkdtemp())

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def sweep_with(self, column, value):
        write_sweep(self.tmp, "notouch", NOTOUCH_LINES)
        write_samples(self.tmp, "notouch", NOTOUCH_LINES)
        path = self.tmp / "notouch.csv"
        lines = path.read_text().splitlines(keepends=True)
        header = lines[0].rstrip("\n").split(",")
        fields = lines[1].rstrip("\n").split(",")
        fields[header.index(column)] = value
        lines[1] = ",".join(fields) + "\n"
        path.write_text("".join(lines))

    def one_line_error(self, done, *words):
        self.assertNotEqual(done.returncode, 0, done.stderr)
        self.assertNotIn("Traceback", done.stderr)
        lines = done.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, done.stderr)
        self.assertTrue(lines[0].startswith("report: "), lines[0])
        for word in words:
            self.assertIn(word, lines[0])

    def test_numbers_no_column_can_hold(self):
        for column in ("cells", "threads", "samples", "median_s", "median_lo_s", "median_hi_s"):
            for value in ("nan", "inf"):
                with self.subTest(column=column, value=value):
                    self.sweep_with(column, value)
                    done = run_report(self.tmp, "--no-plots", program=PUZZLEBENCH)
                    self.one_line_error(done, "notouch.csv:2", column, value)

    def test_times_no_column_can_hold_in_a_sweep_of_ones_own(self):
        # The generic section (a sweep no family section reads) reads its times itself:
        # a time below 0 or not a number is no run's, never a negative PAR-2 or a run
        # solved in no time.
        fixture = ROOT / "tests" / "data" / "analysis-generic"
        for name in ("my-runs.csv", "my-runs.samples.csv", "my-runs.meta"):
            shutil.copy(fixture / name, self.tmp / name)
        path = self.tmp / "my-runs.csv"
        whole = path.read_text()
        lines = whole.splitlines(keepends=True)
        header = lines[0].rstrip("\n").split(",")
        for value in ("-1", "nan", "abc"):
            with self.subTest(value=value):
                fields = lines[1].rstrip("\n").split(",")
                for column in ("median_s", "wall_s"):
                    fields[header.index(column)] = value
                path.write_text(lines[0] + ",".join(fields) + "\n" + "".join(lines[2:]))
                done = run_report(self.tmp, program=PUZZLEBENCH)
                self.one_line_error(done, "my-runs.csv:2", "median_s", value)
        path.write_text(whole)

    def test_rows_the_meta_does_not_count(self):
        # A row taken out of a finished sweep by hand would read as a run that did not
        # solve its instance, one added as a run of the sweep: the .meta's rows= counts them.
        write_sweep(self.tmp, "notouch", NOTOUCH_LINES)
        write_samples(self.tmp, "notouch", NOTOUCH_LINES)
        n = len(NOTOUCH_LINES)
        with open(self.tmp / "notouch.meta", "a") as f:
            f.write(f"rows={n} of {n}\nstatus=complete\n")
        done = run_report(self.tmp, program=PUZZLEBENCH)
        self.assertEqual(done.returncode, 0, done.stderr)
        for kept in (NOTOUCH_LINES[:-1], NOTOUCH_LINES + NOTOUCH_LINES[:1], []):
            with self.subTest(rows=len(kept)):
                (self.tmp / "notouch.csv").write_text(SWEEP_HEADER + "\n" + "".join(x + "\n" for x in kept))
                done = run_report(self.tmp, program=PUZZLEBENCH)
                self.one_line_error(done, f"notouch.csv: holds {len(kept)} rows, but notouch.meta says "
                                    f"rows={n} of {n}")

    def test_plots_link_is_not_followed(self):
        write_sweep(self.tmp, "notouch", NOTOUCH_LINES)
        write_samples(self.tmp, "notouch", NOTOUCH_LINES)
        other = self.tmp / "other"
        other.mkdir()
        for target in (other, self.tmp / "nowhere"):
            (self.tmp / "plots").symlink_to(target)
            done = run_report(self.tmp, program=PUZZLEBENCH)
            self.one_line_error(done, "plots: is a symbolic link")
            (self.tmp / "plots").unlink()
        self.assertEqual(list(other.iterdir()), [])
        (self.tmp / "plots").write_text("")
        self.one_line_error(run_report(self.tmp, program=PUZZLEBENCH), "plots: is not a folder")

    def test_not_a_file_is_refused_at_once(self):
        # A FIFO would be waited on for a writer and /dev/zero read without end: each is
        # one line naming it, in seconds (a hang fails here, by the timeout).
        write_sweep(self.tmp, "notouch", NOTOUCH_LINES)
        write_samples(self.tmp, "notouch", NOTOUCH_LINES)
        (self.tmp / "plots").mkdir()
        for name, make, word in (("notouch.samples.csv", os.mkfifo, "a FIFO"), ("x.meta", os.mkfifo, "a FIFO"),
                                 ("x.csv", lambda p: os.symlink("/dev/zero", p), "a device"),
                                 ("plots/notouch.gp", os.mkfifo, "a FIFO")):
            with self.subTest(name=name):
                path = self.tmp / name
                kept = path.read_bytes() if path.is_file() else None
                path.unlink(missing_ok=True)
                make(path)
                try:
                    done = subprocess.run([sys.executable, str(REPORT), "--puzzlebench", PUZZLEBENCH, "--no-plots",
                                           str(self.tmp)], capture_output=True, text=True, timeout=20)
                except subprocess.TimeoutExpired:
                    self.fail(f"the report waited on {name}")
                finally:
                    path.unlink()
                    if kept is not None:
                        path.write_bytes(kept)
                self.one_line_error(done, f"{name}: {word}, not a file")


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        PUZZLEBENCH = sys.argv.pop(1)
    unittest.main()
