#!/usr/bin/env python3
"""Tests of the analysis tool's sections (scripts/analysis): the enumeration and
method sections from fixture `compare` output, QQwing, the public kakuro
collections, the micro-benchmarks, a real `compare`, and the whole report on the
small results folder tests/data/analysis (the ladder's: test_analysis_ladder.py;
tdoku's: test_analysis_tdoku.py; the family summaries' lines:
test_analysis_families.py; how a signal stops it: test_analysis_stops.py).

Run: python3 tests/e2e/test_analysis_report.py [PUZZLEBENCH]
The end-to-end tests need the program for its listings (`engines --csv`, `families
--csv`): the argument, else $PUZZLEBENCH, else build/puzzlebench; and gnuplot. They
are skipped when either is missing, unless the program was given as the argument
(as CTest does): then they fail.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET
from pathlib import Path

sys.dont_write_bytecode = True  # before the fixtures are imported: no __pycache__ in tests/
from analysis_fixtures import *  # noqa: F401,F403 (paths, fixtures, the analysis modules)
from analysis.sections import builds  # noqa: E402

PUZZLEBENCH = os.environ.get("PUZZLEBENCH", str(ROOT / "build" / "puzzlebench"))
STRICT = False   # the program was named: the end-to-end tests run, or fail


# compare --csv output as the contract gives it: enum-all (old) against backtrack/row (new).
COMPARE_CSV = """family,instance,cells,order,mode,threads,old_samples,old_median_s,old_lo_s,old_hi_s,old_cv,new_samples,\
new_median_s,new_lo_s,new_hi_s,new_cv,ratio,ratio_lo,ratio_hi,p_value,verdict,old_steps,new_steps,steps_ratio,method,n,\
bound,q_value
notouch,1x4,4,-,first,1,5,0.0002,0.00019,0.00021,0.01,5,0.000002,0.0000019,0.0000021,0.012,0.01,0.0095,0.0105,\
0.0079,faster,4000,40,0.01,paired,5,,0.0158
notouch,1x4,4,-,count,1,5,0.0002,0.00019,0.00021,0.01,5,0.000199,0.00019,0.00021,0.02,0.995,0.97,1.02,0.69,~,4000,\
40,0.01,paired,5,,0.69
notouch,2x4,8,-,first,1,5,0.02,0.019,0.021,0.01,5,0.0002,0.00019,0.00021,0.09,0.01,0.0095,0.0105,0.0079,faster,\
400000,4000,0.01,paired,5,,0.0158
notouch,2x4,8,-,count,1,1,0.5,,,,5,0.0002,0.00019,0.00021,0.01,0.0004,,,,faster,500000,4000,0.008,independent,1,\
at_most,
geomean,,,,,,,,,,,,,,,,0.0464,,,,,,,,,,,
"""


class Sections(unittest.TestCase):
    """The enumeration and method sections from fixture compare output."""

    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp())
        write_sweep(self.tmp, "notouch", NOTOUCH_LINES)
        table = csvread.read_csv(self.tmp / "notouch.csv", need=runs.RUN_COLUMNS)
        self.groups = runs.group_runs(table)
        self.listing = fake_listing()

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

    def test_compare_new_keys_is_no_key(self):
        # Newer output ends with new_keys (the new row's values of keys one side lacks).
        lines = COMPARE_CSV.splitlines()
        newer = [lines[0] + ",new_keys"] + [l + ",order=row" for l in lines[1:-1]] + [lines[-1] + ","]
        c = compare.parse([l + "\n" for l in newer], "fixture")
        self.assertEqual(c.keys, ["family", "instance", "cells", "order", "mode", "threads"])
        self.assertEqual(len(c.pairs), 4)
        self.assertAlmostEqual(c.geomean, 0.0464)

    def test_enumeration_section(self):
        from analysis.sections import enumeration
        c = compare.parse(COMPARE_CSV.splitlines(keepends=True), "fixture")
        lines = enumeration.render(self.listing, self.groups, ["enum-all"], ["backtrack/row"],
                                   {("enum-all", "backtrack/row"): c}, "notouch.csv")
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

    @staticmethod
    def method_comparison(verdicts, halfwidth=0.01, alone=0):
        """A compare of pairs with these verdicts, each ratio 1.0 within +-halfwidth; the
        first `alone` pairs called "~" have p 0.03 (below 0.05 before the adjustment)."""
        lines = [COMPARE_CSV.splitlines()[0]]
        for i, verdict in enumerate(verdicts):
            p = 0.001 if verdict in ("faster", "slower") else 0.5
            if verdict == "~" and alone > 0:
                p, alone = 0.03, alone - 1
            lines.append(f"notouch,b{i},4,-,count,1,5,1e-3,9e-4,1.1e-3,0.01,5,1e-3,9e-4,1.1e-3,0.01,1.0,"
                         f"{1 / (1 + halfwidth):.6g},{1 + halfwidth:.6g},{p},{verdict},10,10,1,paired,5,,{p}")
        return compare.parse([l + "\n" for l in lines], "fixture")

    def test_method_table(self):
        from analysis.sections import method
        aa = [self.method_comparison(["slower"] + ["~"] * 19, alone=2), self.method_comparison(["~"] * 20)]
        x103 = self.method_comparison(["slower"] * 15 + ["~"] * 5)
        x110 = self.method_comparison(["slower"] * 20, 0.03)
        o = method.Outcome("interleaved", "two builds", aa, {1.03: x103, 1.10: x110}, 75.0)
        text = "\n".join(method.render([o]))
        self.assertIn("| **interleaved**: two builds | 1 of 40 (2.5%) | 3 of 40 (7.5%) | 15 of 20 (75.0%) **(goal not "
                      "met)** | 20 of 20 (100.0%) | ±1.0% | 75.0 s |", text)
        self.assertIn("- interleaved, A/A in each of its 2 repetitions: 1 of 20, 0 of 20 called different (goal: "
                      "at most 5% in each: met); at p < 0.05 alone: 3 of 20, 0 of 20.", text)
        # A side stopped at its limit is not a pair compared; too many false positives are said.
        bad = self.method_comparison(["faster", "slower", "~", "-"])
        text = "\n".join(method.render([method.Outcome("independent", "two sweeps", [bad], {}, None)]))
        self.assertIn("| **independent**: two sweeps | 2 of 3 (66.7%) **(goal not met)** | 2 of 3 (66.7%) | not run | "
                      "not run | ±1.0% | ? |", text)

    def test_method_wall_time_is_the_repetitions_median(self):
        # Three A/A repetitions of the duet: its wall time is their median, each shown.
        from analysis.sections import method
        for k, t in enumerate((30.0, 50.0, 40.0), 1):
            for side in (f"method-duet-{k}-against", f"method-duet-{k}"):
                (self.tmp / f"{side}.csv").write_text("x\n")
                (self.tmp / f"{side}.meta").write_text(f"elapsed_s={t}\n")
        text = "\n".join(method.section(None, self.tmp, lambda *a: self.method_comparison(["~"] * 4)))
        self.assertIn("| 0 of 12 (0.0%) | 0 of 12 (0.0%) | not run | not run | ±1.0% | 40.0 s |", text)
        self.assertIn("; wall time of each: 30.0 s, 50.0 s, 40.0 s.", text)

    def test_family_section_of_an_unfinished_sweep(self):
        """A family's section says under its heading that a sweep of its did not finish,
        as the generic section does: its tables are not the whole sweep's."""
        from analysis import main
        write_sweep(self.tmp, "notouch", NOTOUCH_LINES)
        section = ["", "## Notouch", "", "| table |"]
        self.assertEqual(main.with_incomplete(section, [self.tmp / "notouch.csv"]), section)
        with open(self.tmp / "notouch.meta", "a") as f:
            f.write("status=interrupted\nrows=3 of 9 (interrupted)\n")
        lines = main.with_incomplete(section, [self.tmp / "notouch.csv"])
        self.assertEqual(lines[:3], ["", "## Notouch", ""])
        self.assertTrue(lines[3].startswith("`notouch.csv`: **Incomplete:** `status=interrupted`, "
                                            "`rows=3 of 9 (interrupted)`: the tables hold the runs that finished"),
                        lines[3])
        self.assertEqual(lines[4:], ["", "| table |"])

    def test_stopped_generation_not_resumed(self):
        """A generation stopped at a puzzle that hit a limit stops there again when
        resumed: its note says what completes it, not --resume."""
        from analysis import meta
        note = meta.incomplete_note({"status": "stopped", "rows": "4 of 9 (stopped)"})
        self.assertTrue(note.startswith("**Incomplete:** `status=stopped`, `rows=4 of 9 (stopped)`: "), note)
        self.assertNotIn("--resume", note)
        self.assertIn("--keep-going", note)
        self.assertIn("--resume", meta.incomplete_note({"status": "interrupted"}))

    def test_method_section_without_the_study(self):
        from analysis.sections import method
        text = "\n".join(method.section(None, self.tmp))
        self.assertIn("_Not run: no `method-*.csv` (scripts/method-study.sh", text)

    def test_section_through_the_program(self):
        write_samples(self.tmp, "notouch", NOTOUCH_LINES)
        for name in ("method-ind-a", "method-ind-b"):
            write_sweep(self.tmp, name, NOTOUCH_LINES)
            write_samples(self.tmp, name, NOTOUCH_LINES)
            with open(self.tmp / f"{name}.meta", "a") as f:
                f.write("elapsed_s=30.5\n")
        done = run_report(self.tmp)
        self.assertEqual(done.returncode, 0, done.stderr)
        text = (self.tmp / "REPORT.md").read_text()
        headings = [l for l in text.splitlines() if l.startswith("## ")]
        self.assertEqual(headings[:3], ["## Environment", "## Enumeration against backtracking",
                                        "## The harness's own method"])
        # The units of memory, said once, under the Environment table's source.
        self.assertEqual(text.count("Memory is in binary units"), 1)
        self.assertIn("(other runs list their differences in their sections). Memory is in binary units, as "
                      "puzzlebench prints it: 1 KiB = 1,024 bytes", text)
        self.assertIn("| backtrack/row | enum-all |", text)
        self.assertIn("| **independent**: two sweeps one after the other, independent samples | 0 of 27 (0.0%) | "
                      "0 of 27 (0.0%) | not run | not run |", text)
        self.assertIn("| 61.0 s |", text)
        self.assertNotIn("Family: method", text)


class Qqwing(unittest.TestCase):
    """sudoku-qqwing.csv with the timing columns: puzzlebench against QQwing from compare,
    in one direction for solving and generating, noisy times marked and not claimed."""

    def test_qqwing_section(self):
        from types import SimpleNamespace
        from analysis.context import Context
        from analysis.sections import sudoku
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            header = ("task,tool,set,difficulty,puzzles,wall_s,run_id,row,samples,runs_per_sample,min_s,median_s,"
                      "mean_s,stddev_s,cv,median_lo_s,median_hi_s,noisy")
            rows, samples = [header], ["run_id,row,sample,runs,wall_s"]
            for i, (task, tool, set_, level, n, t, noisy) in enumerate((
                    ("solve", "qqwing", "9x9-easy", "easy", 1000, 0.06, 0),
                    ("solve", "puzzlebench", "9x9-easy", "easy", 1000, 0.015, 0),
                    ("solve", "qqwing", "9x9-unique", "-", 1000, 0.05, 0),
                    ("solve", "puzzlebench", "9x9-unique", "-", 1000, 0.025, 0),
                    ("generate", "qqwing", "generated", "simple", 20, 6.0, 1),
                    ("generate", "puzzlebench", "generated", "simple", 20, 0.06, 0))):
                rows.append(f"{task},{tool},{set_},{level},{n},{t},{RUN_ID},{i},5,1,{t * 0.98},{t},{t},{t * 0.01},"
                            f"{0.2 if noisy else 0.01},{t * 0.98},{t * 1.02},{noisy}")
                samples += [f"{RUN_ID},{i},{k},1,{t}" for k in range(5)]
            (tmp / "sudoku-qqwing.csv").write_text("\n".join(rows) + "\n")
            (tmp / "sudoku-qqwing.samples.csv").write_text("\n".join(samples) + "\n")
            listing = fake_listing()
            ctx = Context(tmp, listing, False, str(FAKE))
            text = "\n".join(sudoku.qqwing_section(ctx, SimpleNamespace(name="sudoku"), tmp / "sudoku-qqwing.csv"))
        self.assertIn("| 9x9-easy | tuning | 1000 / 1000 | 60.0 µs [58.8, 61.2] | 15.0 µs [14.7, 15.3] | "
                      "4.00× faster [3.64×, 4.44×] |", text)
        # The held-out set is marked and claimed apart.
        self.assertIn("| 9x9-unique | held-out | 1000 / 1000 | 50.0 µs", text)
        self.assertIn("- solving, on the held-out sets: 9x9-unique 2.00× faster", text)
        # Generating reads the same way round; a noisy side is marked and not claimed.
        self.assertIn("| simple | 20 / 20 | 300 ms [294, 306]† | 3.00 ms [2.94, 3.06] | 100× faster [90.9×, 111×]† |",
                      text)
        self.assertIn("- solving, puzzlebench against QQwing (tuning sets): 9x9-easy 4.00× faster [3.64×, 4.44×]\n",
                      text)
        # A paired ratio with its interval is claimed, noisy or not (marked).
        self.assertIn("- generating, puzzlebench against QQwing: simple 100× faster [90.9×, 111×]†", text)


class KakuroPublic(unittest.TestCase):
    """kakuro-public.csv (the sweep's rows) and kakuro-public.manifest.csv: one row per
    collection, agreement over the known entries (the unknown ones named, a
    disagreement listed), median and max time of the checks; without them, "not run"."""

    HEADER = "family,instance,cells,engine,order,mode,threads,rep,status,solutions,steps,median_s,run_id"

    def section(self, rows, manifest):
        from types import SimpleNamespace
        from analysis.sections import kakuro_public
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            files = []
            if rows is not None:
                (tmp / "kakuro-public.csv").write_text("\n".join([self.HEADER] + rows) + "\n")
                (tmp / "kakuro-public.manifest.csv").write_text(
                    "name,width,height,solutions_checked,solution_file\n" + "\n".join(manifest) + "\n")
                files = [tmp / "kakuro-public.csv"]
            ctx = SimpleNamespace(dir=tmp, meta_line=lambda *a: "")
            return "\n".join(kakuro_public.section(ctx, files))

    def row(self, name, mode, status, solutions, steps, median):
        return f"kakuro,{name},9,combo,-,{mode},1,0,{status},{solutions},{steps},{median},{RUN_ID}"

    def test_rows_per_collection(self):
        text = self.section([
            self.row("cx16-001", "unique", "done", 2, 10, 0.001),
            self.row("cx16-002", "unique", "done", 1, 10, 0.003),
            self.row("cx16-031", "unique", "done", 1, 10, 0.002),
            self.row("marcel-huge", "first", "done", 1, 99, 0.25),
            self.row("marcel-huge", "unique", "done", 2, 4346991, 14.8),
            self.row("marcel-u", "unique", "done", 1, 7, 0.00002),
            self.row("marcel-x", "unique", "limit", 1, 70, 0.5)],
            ["cx16-001,6,6,>=2,no", "cx16-002,6,6,unique,yes", "cx16-031,8,8,none,no",
             "marcel-huge,31,101,TIMEOUT,no", "marcel-u,4,4,unique,yes", "marcel-x,4,4,unique,yes"])
        self.assertIn("| cx16 | 3 | 2 of 3 | 2.00 ms | 3.00 ms |", text)
        self.assertIn("| marcel | 3 | 1 of 2 (1 unknown: marcel-huge: multiple) | 500 ms | 14.8 s |", text)
        self.assertIn("- `marcel-huge` (101 × 31; the manifest says `TIMEOUT`): read; a first solution in 250 ms, "
                      "the uniqueness check in 14.8 s, 4346991 steps: it has several solutions.", text)
        self.assertIn("- **disagrees**: `cx16-031`: the manifest says `none`, the check unique", text)
        self.assertIn("- **disagrees**: `marcel-x`: the manifest says `unique`, the check stopped", text)

    def test_not_run(self):
        text = self.section(None, None)
        self.assertIn("### Public collections", text)
        self.assertIn("_Not run: no `kakuro-public.csv`", text)


class Micro(unittest.TestCase):
    """Google Benchmark JSON with --benchmark_repetitions: the median with [min, max]."""

    def test_repetitions(self):
        from analysis.sections import micro
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
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
        self.assertIn("| `a/real_time` | 10.0 µs [9.80, 10.1] | - | 100 |", text)
        # 2.0 µs per iteration of 25 puzzles: 80 ns a puzzle; cv 23%: noisy.
        self.assertIn("| `b/real_time` | 25 | 80.0 ns [56.0, 88.0]† |", text)
        self.assertIn(timing.NOISY_NOTE, text)

    def test_tables_memory(self):
        """A bytes counter above 0 shows as the tables' memory; 0 or none as '-'."""
        from analysis.sections import micro
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            entries = [dict(name=n, run_name=n, run_type="iteration", iterations=1, real_time=1.0, time_unit="s",
                            **extra)
                       for n, extra in (("dp/real_time", {"bytes": 1721221064.0}), ("bt/real_time", {"bytes": 0.0}),
                                        ("en/real_time", {}))]
            path = tmp / "micro.json"
            path.write_text(json.dumps({"context": {}, "benchmarks": entries}))
            text = "\n".join(micro.section(None, path))
        self.assertIn("| benchmark | real time per iteration | steps | iterations | tables' memory |", text)
        self.assertIn("| `dp/real_time` | 1.00 s (1 run) | - | 1 | 1.60 GiB |", text)
        self.assertIn("| `bt/real_time` | 1.00 s (1 run) | - | 1 | - |", text)
        self.assertIn("| `en/real_time` | 1.00 s (1 run) | - | 1 | - |", text)


class NotouchModel(unittest.TestCase):
    """path-dp's planned tables and count times from micro.json, and the model of the
    boards only planned: machines of the .meta's memory, time at the measured seconds
    per planned byte on two threads."""

    @staticmethod
    def write(tmp, cases, mem="10000000000"):
        entries = []
        for name, seconds, size in cases:
            for t in (seconds, seconds * 1.02):
                entries.append(dict(name=name, run_name=name, run_type="iteration", iterations=1, real_time=t,
                                    time_unit="s", bytes=size))
        (tmp / "micro.json").write_text(json.dumps({"context": {}, "benchmarks": entries}))
        (tmp / "notouch.meta").write_text(f"run_id=R1\nmem_total_bytes={mem}\n")

    def run_section(self, cases, mem="10000000000"):
        from analysis.sections import notouch_model
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            self.write(tmp, cases, mem)
            return "\n".join(notouch_model.section(tmp, tmp / "notouch.meta"))

    def test_model(self):
        text = self.run_section([
            ("notouch/4x6/count/path-dp/real_time", 0.5, 1e8),
            ("notouch/5x5/count/path-dp/t2/real_time", 1.0, 2e8),
            ("notouch/4x7/count/path-dp/t2/real_time", 8.0, 2e9),
            ("notouch/6x6/plan/path-dp/t2/real_time", 2e-5, 2.5e11),
            ("notouch/4x7/plan/path-dp/t2/real_time", 2e-5, 2e9),
            ("notouch/cross8/count/backtrack/row/real_time", 1e-5, 0),
        ])
        # 4x7 was counted as well as planned: a counted board, not in the model's table.
        self.assertEqual(text.count("| `4x7` |"), 1)
        # The median of two repetitions, 1.0 and 1.02 s: 1.01 s, 5.05 ns a byte.
        self.assertIn("| `5x5` | 25 | 191 MiB | - | 1.01 s [1.00, 1.02] | 5.05 ns |", text)
        self.assertIn("| `4x7` | 28 | 1.86 GiB | - | 8.08 s [8.00, 8.16] | 4.04 ns |", text)
        self.assertIn("| `4x6` | 24 | 95.4 MiB | 505 ms [500, 510] | - | - |", text)
        self.assertIn("| `6x6` | 36 | 232.83 GiB | - | planned only | - |", text)
        self.assertIn("took 4.04 to 5.05 ns per planned byte", text)
        # 2.5e11 bytes: 25 machines of 1e10 bytes; 1010 to 1262 s on two cores, a 25th on 25.
        self.assertIn("| `6x6` | 36 | 232.83 GiB | 25 | 1010 s to 1260 s | 40.4 s to 50.5 s |", text)
        self.assertNotIn("cross8", text)

    def test_no_model_without_two_rates(self):
        text = self.run_section([("notouch/5x5/count/path-dp/t2/real_time", 1.0, 2e8),
                                 ("notouch/6x6/plan/path-dp/t2/real_time", 2e-5, 2.5e11)])
        self.assertIn("| `6x6` | 36 | 232.83 GiB | - | planned only | - |", text)
        self.assertNotIn("The model", text)

    def test_nothing_counted(self):
        self.assertEqual(self.run_section([("notouch/6x6/plan/path-dp/t2/real_time", 2e-5, 2.5e11)]), "")

    def test_unknown_memory(self):
        text = self.run_section([("notouch/5x5/count/path-dp/t2/real_time", 1.0, 2e8),
                                 ("notouch/4x7/count/path-dp/t2/real_time", 8.0, 2e9),
                                 ("notouch/6x6/plan/path-dp/t2/real_time", 2e-5, 2.5e11)], mem="unknown")
        self.assertIn("| `6x6` | 36 | 232.83 GiB | - | 1010 s to 1260 s | - |", text)


class RealCompare(unittest.TestCase):
    """The two compare sections through the program's own `compare`, when it has one
    (skipped with a program that has none)."""

    def setUp(self):
        try:
            done = subprocess.run([PUZZLEBENCH, "compare", "--help"], capture_output=True, text=True, timeout=300)
            known = done.returncode == 0
        except OSError:
            known = False
        if not known:
            self.skipTest(f"{PUZZLEBENCH} has no `compare`")
        self.tmp = Path(tempfile.mkdtemp())

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_sections_through_compare(self):
        for name in ("notouch", "method-ind-a", "method-ind-b"):
            write_sweep(self.tmp, name, NOTOUCH_LINES)
            write_samples(self.tmp, name, NOTOUCH_LINES)
        done = run_report(self.tmp, program=PUZZLEBENCH)
        self.assertEqual(done.returncode, 0, done.stderr)
        text = (self.tmp / "REPORT.md").read_text()
        enum = text.split("## Enumeration against backtracking")[1].split("\n## ")[0]
        self.assertIn("| backtrack/row | enum-all | faster on 2 of 2, slower on 0, inconclusive on 0 |", enum)
        self.assertIn("| 2x4 | 8 | ≥ 2500× faster, enum-all stopped at its limit; ≥ 125× fewer steps |", enum)
        self.assertIn("| **independent**: two sweeps one after the other, independent samples | 0 of 27 (0.0%) |",
                      text)

    def test_enumeration_reads_the_sweeps_declared(self):
        """The section reads the sweep that notouch.py's READS names, by its .meta's sweep=,
        whatever the file's name."""
        write_sweep(self.tmp, "boards", NOTOUCH_LINES)
        write_samples(self.tmp, "boards", NOTOUCH_LINES)
        done = run_report(self.tmp, program=PUZZLEBENCH)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertNotIn("## Enumeration against backtracking", (self.tmp / "REPORT.md").read_text())
        meta = self.tmp / "boards.meta"
        meta.write_text(meta.read_text() + "sweep=bench/families/notouch/notouch.sweep\n")
        done = run_report(self.tmp, program=PUZZLEBENCH)
        self.assertEqual(done.returncode, 0, done.stderr)
        enum = (self.tmp / "REPORT.md").read_text().split("## Enumeration against backtracking")[1].split("\n## ")[0]
        self.assertIn("From `boards.csv`, by `puzzlebench compare`", enum)
        self.assertIn("| backtrack/row | enum-all | faster on 2 of 2, slower on 0, inconclusive on 0 |", enum)


class OwnGenerationSweep(unittest.TestCase):
    """A generation sweep of the user's own file run as `--name kakuro-gen` (docs/cli.md):
    its .meta's sweep= names that file, yet kakuro's section reads its records, by
    their name kakuro-gen-METHOD."""

    def test_read_by_its_name(self):
        need_program(PUZZLEBENCH, STRICT)
        with tempfile.TemporaryDirectory() as name:
            sweep, out = Path(name) / "mygen.sweep", Path(name) / "out"
            sweep.write_text("family kakuro\ngenerator kakuro\ngenerate ours: --seed 3 --count 1 --size 6x6\n")
            subprocess.run([PUZZLEBENCH, "sweep", str(sweep), "--name", "kakuro-gen", "--out", str(out), "-q"],
                           check=True, capture_output=True, timeout=600)
            self.assertEqual(provenance.read_meta(out / "kakuro-gen-ours.meta").get("sweep"), str(sweep))
            done = run_report(out, program=PUZZLEBENCH)
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertNotIn("left out", done.stderr)
            self.assertIn("### Generation time", (out / "REPORT.md").read_text())


class TwoBuilds(unittest.TestCase):
    """A `sweep --against` pair, run by the program against itself, in a section of
    its own, the other build's commit named apart rather than mixed."""

    def setUp(self):
        need_program(PUZZLEBENCH, STRICT)
        self.tmp = Path(tempfile.mkdtemp())
        done = subprocess.run([PUZZLEBENCH, "sweep", "--family", "notouch", "--name", "ab", "--instances",
                               "cross8 2x4", "--engines", "backtrack propagate", "--orders", "row", "--modes", "first",
                               "--samples", "3", "--min-sample-time", "0", "--out", str(self.tmp), "-q",
                               "--against", PUZZLEBENCH], capture_output=True, text=True, timeout=600)
        self.assertEqual(done.returncode, 0, done.stderr)
        meta = self.tmp / "ab-against.meta"
        self.mine = provenance.read_meta(self.tmp / "ab.meta").get("commit")
        meta.write_text(re.sub(r"(?m)^commit=.*$", "commit=0000000deadbeef", meta.read_text()))

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def test_section_of_the_pair(self):
        done = run_report(self.tmp, program=PUZZLEBENCH)
        self.assertEqual(done.returncode, 0, done.stderr)
        text = (self.tmp / "REPORT.md").read_text()
        self.assertIn(f"Built from one commit: `{self.mine}` (the `commit=` line of all 1 input files). "
                      "`ab-against.meta` names `0000000deadbeef`: the other build of its `sweep --against` pair.",
                      text)
        section = text.split("## Two builds: `ab`")[1].split("\n## ")[0]
        self.assertNotIn("sweep `ab", text)  # no generic section of either file
        self.assertIn("ran every run of the sweep in two builds: this one (`ab.csv`, ", section)
        self.assertIn("| instance engine | other build | this build | this build against the other | steps |", section)
        # Every pair compare makes, in its order, with compare's own ratio text and counts.
        found = compare.compare_files(PUZZLEBENCH, self.tmp / "ab-against.csv", self.tmp / "ab.csv")
        self.assertEqual(len(found.pairs), 4)
        for p in found.pairs:
            label = f"{p.key['instance']} {p.key['engine']}"
            self.assertIn(f"| {label} | {p.old.text()} | {p.new.text()} | {p.text()} | the same |", section)
        compared = [p for p in found.pairs if p.compared]
        self.assertIn(f"{len(compared)} of 4 runs compared: this build faster in "
                      f"{sum(p.verdict == 'faster' for p in compared)}, slower in "
                      f"{sum(p.verdict == 'slower' for p in compared)}", section)

    def test_one_commit_is_not_named_apart(self):
        meta = self.tmp / "ab-against.meta"
        meta.write_text(re.sub(r"(?m)^commit=.*$", f"commit={self.mine}", meta.read_text()))
        self.assertEqual(provenance.check_commits(self.tmp, False),
                         [f"Built from one commit: `{self.mine}` (the `commit=` line of all 2 input files)."])

    def test_bound_and_steps_cells(self):
        """A pair with a side at its limit is a bound, and steps that differ a ratio."""
        found = compare.parse(COMPARE_CSV.splitlines(keepends=True), "fixture")
        mine, theirs = self.tmp / "ab.csv", self.tmp / "ab-against.csv"
        metas = [provenance.read_meta(self.tmp / name) for name in ("ab.meta", "ab-against.meta")]
        out = "\n".join(builds.render(mine, theirs, *metas, found))
        self.assertIn("| instance cells mode | other build | this build | this build against the other | steps |", out)
        self.assertIn("| 2x4 8 count | 500 ms (1 sample) | 200 µs [190, 210] | ≥ 2500× faster (a side stopped at its "
                      "limit) | 125× fewer |", out)
        self.assertIn("| 1x4 4 count | 200 µs [190, 210] | 199 µs [190, 210] | 1.01× faster [1.03× faster, 1.02× "
                      "slower], inconclusive | 100× fewer |", out)
        # (0.01 x 0.995 x 0.01)^(1/3) = 1 / 21.6; its ends' (0.0095 x 0.97 x 0.0095)^(1/3) = 1 / 22.5
        # and (0.0105 x 1.02 x 0.0105)^(1/3) = 1 / 20.7 (the pair at a bound is not compared).
        self.assertIn("| geometric mean |  |  | 21.6× faster [20.7×, 22.5×] |  |", out)
        self.assertIn("3 of 4 runs compared: this build faster in 2, slower in 0, inconclusive in 1.", out)


class EndToEnd(unittest.TestCase):
    """The whole report on tests/data/analysis, in a copy."""

    @classmethod
    def setUpClass(cls):
        need_program(PUZZLEBENCH, STRICT)
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
                              capture_output=True, text=True, timeout=600)

    def test_report_has_every_section(self):
        text = (self.dir / "REPORT.md").read_text()
        headings = [line for line in text.splitlines() if line.startswith("#")]
        for heading in HEADINGS:
            self.assertIn(heading, headings)
        # Engines in registry order: backtrack before logic before seed (sudoku 4x4 table).
        table = text.split("### sudoku 4x4 (16 cells), mode = first")[1]
        self.assertLess(table.index("| backtrack/row |"), table.index("| logic |"))
        self.assertLess(table.index("| logic |"), table.index("| seed |"))

    def test_kakuro_gains_with_their_intervals(self):
        """The ablation's gains carry the interval of the medians' ratio: at 30 puzzles a
        method, a gain of 1.2x may well be none."""
        text = (self.dir / "REPORT.md").read_text().split("### Where the gain comes from")[1].split("\n### ")[0]
        self.assertIn("with the 95% interval of the ratio (each method's puzzles drawn again, apart", text)
        rows = [line for line in text.splitlines() if re.match(r"\| \d+x\d+ \|", line)]
        self.assertTrue(rows)
        for row in rows:
            gains = row.strip("|").split("|")[-3:]
            for gain in gains:
                self.assertRegex(gain.strip(), r"^[\d.,]+× (faster|slower) \[[\d.,]+×( (faster|slower))?, "
                                               r"[\d.,]+×( (faster|slower))?\]$", row)

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
        subprocess.run(["gnuplot", "tenpair-wins.gp"], cwd=plots, check=True, capture_output=True, timeout=300)
        self.assertTrue((plots / "tenpair-wins.png").stat().st_size > 0)

    def test_tenpair(self):
        text = (self.dir / "REPORT.md").read_text()
        tenpair = text.split("## Tenpair")[1].split("\n## ")[0]
        # The fixture (tests/data/analysis/tenpair-*, cut from runs of the tenpair sweeps):
        # the bound sweep's stop rule of 1 s skips bfs's and best-first's bound 80 after
        # their bound 78 (rows 6 and 13) took 1.25 s and 1.19 s; the count to 108, level by
        # level, has its wins by length in tenpair-count.levels.csv; the starts' rows
        # (tenpair-starts.csv) join the rule switches' table.
        self.assertIn("every win of length at most L, time limit 300 s, memory limit 3.00 GiB. An engine's larger "
                      "bounds are skipped once one took over 1 s or stopped at a limit", tenpair)
        self.assertIn("| 80 | 9 | skipped | skipped | 938,099 | skipped | skipped | 215 |", tenpair)
        self.assertIn("- bfs: every bound up to 78 finished, 78 in 1.25 s; skipped: bound 80 (bound 78 took 1.25 s)",
                      tenpair)
        self.assertIn("- compact: every bound up to 80 finished; at 80: 938,099 states expanded", tenpair)
        self.assertIn("status done, 778 wins, 61,998,166 states expanded, 9,403 written sequences searched, peak "
                      "memory 321 MiB, 98.7 s (one run)", tenpair)
        self.assertIn("| 100 | 61 | 221 | 170 wins up to 100 |", tenpair)
        self.assertIn("| 108 | 206 | 778 |  |", tenpair)
        self.assertIn("- wins up to 100: ours 221, the seed's 170 (51 more than the seed)", tenpair)
        self.assertIn("- the wins by length add up to the count's total (778): yes", tenpair)
        self.assertIn("- the wins by length agree with the compact counts of the bound experiment at its 7 bounds up "
                      "to 108: yes", tenpair)
        self.assertIn("*Shortest win*: mode first, *wins up to L*: mode count, each at L = 90, time limit 5 s, "
                      "memory limit 2.00 GiB", tenpair)
        self.assertIn("| default | 1..19 | 9 | on | stuck | 68 | 27,088 |", tenpair)
        self.assertIn("| start 1..15 | 1..15 | 9 | on | stuck | 60 | 2,156 |", tenpair)
        self.assertIn("at T = 1, 2 (the powers of two up to the cores it may run on, 2, and that count); 3 samples "
                      "per thread count", tenpair)
        self.assertIn("| 2 | 3 (3) | 2.05 s [1.69, 2.15] | 1.15× faster | 221 |", tenpair)
        self.assertIn("counted every win up to length 108 a written length at a time", tenpair)
        self.assertIn("| 108 | 2,604 | 37,469,877 | 15,229,186 | 41% | 0 B | 321 MiB | 71.1 s |", tenpair)
        self.assertNotIn("skipped.6", tenpair)
        self.assertNotIn("experiments.sh", tenpair)

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
        # Its total with the sums of its two runs' bounds: 36.3 ms [34.5, 40.4] and
        # 64.1 ms [51.9, 68.0].
        self.assertIn("| alldiff | 2/2 | 100 ms [86.4, 108] | 0/1 | ≥ 10.0 s |", ladder)
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

    def test_folder_without_results_is_one_line_error(self):
        empty = self.tmp / "empty"
        empty.mkdir()
        done = self.run_report(empty, "--no-plots")
        self.assertEqual(done.returncode, 1)
        self.assertEqual(done.stderr, f"report: {empty}: holds no result files (NAME.csv and NAME.meta, as "
                                      "`puzzlebench sweep FILE --out DIR` writes them): nothing to report\n")
        self.assertEqual(list(empty.iterdir()), [])
        # A sweep's CSV given for its folder: said as such, not "there is none".
        csv = empty / "mine.csv"
        csv.write_text("family\n")
        done = self.run_report(csv, "--no-plots")
        self.assertEqual(done.returncode, 1)
        self.assertEqual(done.stderr, f"report: {csv}: is a file: expected the results folder that holds it (as "
                                      "`puzzlebench sweep FILE --out DIR` names it)\n")


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        PUZZLEBENCH = sys.argv.pop(1)
        STRICT = True
    unittest.main()
