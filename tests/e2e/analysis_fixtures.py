"""analysis_fixtures.py — what the analysis tool's tests share: the paths, the report's
expected headings and plots, the fake program's listing, and small results written in
the contract's format (rows, samples, .meta) for the report to read."""

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

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
sys.dont_write_bytecode = True

from analysis import (compare, csvread, markdown, numfmt, provenance, runs,  # noqa: E402
                      stats, timing)
from analysis import sections  # noqa: E402

# The families whose own modules (bench/families/NAME/) the tests import.
sections.add_families(("kakuro", "latin", "notouch", "sudoku", "tenpair"))
from analysis.sections import rank_model  # noqa: E402  (bench/families/tenpair/)
from analysis.errors import ReportError  # noqa: E402

FIXTURE = ROOT / "tests" / "data" / "analysis"
REPORT = ROOT / "scripts" / "analysis" / "report.py"
FAKE = ROOT / "tests" / "e2e" / "fake_puzzlebench.py"
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from fake_puzzlebench import ENGINES as FAKE_ENGINES  # noqa: E402

def usable_program(program):
    """Why the end-to-end tests cannot run `program` here, or None when they can."""
    if shutil.which("gnuplot") is None:
        return "no gnuplot"
    try:
        done = subprocess.run([program, "engines", "--csv"], capture_output=True, timeout=300)
    except OSError:
        return f"no program {program} (give its path as the argument or in PUZZLEBENCH)"
    if done.returncode != 0:
        return f"{program} has no `engines --csv`"
    return None


def need_program(program, strict=False):
    """Skips the test (or the class, from setUpClass) when the end-to-end tests cannot
    run `program` here; when strict (the program was named), fails it instead."""
    why = usable_program(program)
    if why and strict:
        raise RuntimeError(why)
    if why:
        raise unittest.SkipTest(why)


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
    "## Enumeration against backtracking", "## The harness's own method",
    "## The rungs of reasoning, side by side", "### latin: a first solution", "### The targets, from this run",
    "## Pictures of every family",
]
PLOTS = ["sudoku-speedup", "notouch-steps", "notouch-time", "sudoku-time", "sudoku-steps", "kakuro-gen-time", "kakuro-gen-attempts",
         "kakuro-checkers", "tenpair-expanded", "tenpair-time", "tenpair-memory", "tenpair-wins", "tenpair-speedup",
         "notouch-speedup", "latin-steps", "latin-p90", "latin-time"]


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
    """NAME.csv and a short NAME.meta (notouch's is read by the enumeration section, as
    notouch.py's READS says)."""
    (folder / f"{name}.csv").write_text(SWEEP_HEADER + "\n" + "\n".join(lines) + "\n")
    (folder / f"{name}.meta").write_text(f"date=2026-11-30T13:25:12Z\ncommit={commit}\nrun_id={run_id}\n")


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


def fake_listing(families=(), extra=""):
    """The listing as the fake program gives it (its engines, cell orders, outside
    solvers), with extra rows of `engines --csv` (levels, say) and the families given
    as `families --csv` rows."""
    from analysis.listing import Listing
    return Listing(csvread.parse_csv((FAKE_ENGINES + extra).splitlines(keepends=True), "engines").rows,
                   list(families))


def write_results(folder, name, header, lines, meta=None, ext="csv"):
    """NAME.EXT: the header and the lines, one a line; and NAME.meta holding meta (its
    key=value lines as text) when given. Returns the path of NAME.EXT."""
    path = folder / f"{name}.{ext}"
    path.write_text("\n".join([header, *lines]) + "\n")
    if meta is not None:
        (folder / f"{name}.meta").write_text(meta)
    return path


def run_report(results, *options, program=None):
    """The report on `results` with the fake program (its listings and compare)."""
    return subprocess.run([sys.executable, str(REPORT), "--puzzlebench", str(program or FAKE), "--no-plots",
                           *options, str(results)], capture_output=True, text=True, timeout=600)


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
