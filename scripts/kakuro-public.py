#!/usr/bin/env python3
"""kakuro-public.py — the public kakuro collections against their manifest.

Counts every puzzle of a folder of public kakuro puzzles to two solutions
(`puzzlebench count kakuro NAME.kak --limit 2`) and checks the verdict against the
folder's manifest.csv (columns name, width, height, solutions_checked, solution_file;
solutions_checked is `unique`, `>=2` or `none`, anything else — TIMEOUT — unknown):
a unique puzzle's solution (`solve`) must also be its NAME.sol.kak, digit for digit.
The folder is not part of the project (users do not have it): without it the script
says so and exits 77 (ctest's skip), having read nothing.

usage: scripts/kakuro-public.py PUZZLEBENCH [--dir DIR] [--csv FILE.csv] [--samples N]
                                [--min-sample-time S] [--unknown-steps N]
  --dir DIR          the folder; default $PB_KAKURO_PUBLIC, else ../shared/data/kakuro
                     beside the source tree
  --csv FILE.csv     also write one row per puzzle, with FILE.meta (the run's machine
                     and commit, `puzzlebench meta`): the report's "Public collections"
                     table reads it (scripts/kakuro-experiments.sh writes
                     OUT/kakuro-public.csv when the folder is there)
  --samples N        time each count by the harness's method, N samples (default 1:
                     one timed run)
  --min-sample-time S  with --samples: each sample lasts at least S seconds (default
                     the harness's, 1 s: most puzzles take well under a millisecond)
  --unknown-steps N  stop the puzzles of unknown count after N steps (deterministic,
                     for the test: they need only be read); default: no limit
Exit status: 0 every known puzzle agrees, 1 some does not, 2 a usage or run error,
77 no folder.
CSV columns: collection (the name up to its first '-'), name, rows, cols, known,
verdict (unique, multiple, none, stopped), agree (1, 0, empty when unknown),
solution_checked (1 when the solution was compared with NAME.sol.kak), steps,
wall_s (the first run's), median_s (with --samples; else wall_s), run_id, solve_s (for a
puzzle of unknown count: the time of `solve`, a first solution, one run; else empty).
"""
import csv
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent
KNOWN = {"unique": "unique", ">=2": "multiple", "none": "none"}
COLUMNS = ["collection", "name", "rows", "cols", "known", "verdict", "agree", "solution_checked",
           "steps", "wall_s", "median_s", "run_id", "solve_s"]


def usage(msg):
    print(f"kakuro-public.py: {msg}\n{__doc__.split('usage: ')[1].split('Exit status')[0]}",
          file=sys.stderr)
    return 2


def parse(argv):
    opts = {"dir": os.environ.get("PB_KAKURO_PUBLIC") or str(SOURCE.parent / "shared/data/kakuro"),
            "csv": None, "samples": 1, "min_sample_time": None, "unknown_steps": 0}
    if not argv or argv[0].startswith("-"):
        return None, "expected PUZZLEBENCH first"
    opts["pb"] = argv[0]
    args = argv[1:]
    while args:
        key = args.pop(0)
        if key not in ("--dir", "--csv", "--samples", "--min-sample-time", "--unknown-steps") or not args:
            return None, f"unknown option or missing value: {key}"
        value = args.pop(0)
        if key in ("--samples", "--unknown-steps"):
            if not value.isdigit() or (key == "--samples" and int(value) < 1):
                return None, f"{key} expects a whole number, got '{value}'"
            value = int(value)
        if key == "--min-sample-time":
            try:
                seconds = float(value)
            except ValueError:
                seconds = -1.0
            if not 0 < seconds <= 3600:
                return None, f"{key} expects seconds above 0 and at most 3600, got '{value}'"
            value = seconds
        opts[key[2:].replace("-", "_")] = value
    return opts, None


def tokens(text):
    """The rows of a clue grid as lists of tokens, comments and blank lines left out."""
    return [line.split() for line in text.splitlines() if line.strip() and not line.startswith(";")]


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode not in (0, 1, 3):  # found, none, a limit: anything else is a fault
        raise RuntimeError(f"{shlex.join(cmd)}: exit {p.returncode}: {p.stderr.strip()}")
    return p


def count(opts, path, unknown):
    """(verdict, steps, wall_s, median_s) of the uniqueness check of one puzzle."""
    cmd = [opts["pb"], "count", "kakuro", str(path), "--limit", "2"]
    if unknown and opts["unknown_steps"]:
        cmd += ["--step-limit", str(opts["unknown_steps"])]
    if opts["samples"] > 1:
        cmd += ["--samples", str(opts["samples"])]
        if opts["min_sample_time"]:
            cmd += ["--min-sample-time", str(opts["min_sample_time"])]
    p = run(cmd)
    summary = re.search(r"^puzzles=1 none=(\d) unique=(\d) multiple=(\d) stopped=(\d)", p.stdout, re.M)
    stats = dict(re.findall(r"(\w+)=(\S+)", p.stdout.strip().splitlines()[-1]))
    if not summary or "steps" not in stats:
        raise RuntimeError(f"{shlex.join(cmd)}: no verdict in {p.stdout!r}")
    verdict = ("none", "unique", "multiple", "stopped")[[int(x) for x in summary.groups()].index(1)]
    wall = float(stats["wall_s"])
    return verdict, int(stats["steps"]), wall, float(stats.get("median_s", wall))


def solve_time(opts, path):
    """The wall time of `solve` (a first solution, one run) on one puzzle, as its stats
    line gives it; with --unknown-steps the same step limit as its count."""
    cmd = [opts["pb"], "solve", "kakuro", str(path)]
    if opts["unknown_steps"]:
        cmd += ["--step-limit", str(opts["unknown_steps"])]
    p = run(cmd)
    stats = dict(re.findall(r"(\w+)=(\S+)", p.stdout.strip().splitlines()[-1]))
    if "wall_s" not in stats:
        raise RuntimeError(f"{shlex.join(cmd)}: no wall_s in {p.stdout!r}")
    return float(stats["wall_s"])


def solution_matches(opts, path, sol_path):
    """Whether `solve` gives the digits of sol_path."""
    p = run([opts["pb"], "solve", "kakuro", str(path)])
    got = tokens(p.stdout)[:-1]  # the last line is the stats line
    return got == tokens(sol_path.read_text(encoding="utf-8", errors="replace"))


def check(opts, folder, run_id):
    rows, bad = [], []
    with open(folder / "manifest.csv", newline="", encoding="utf-8") as f:
        manifest = list(csv.DictReader(f))
    for entry in manifest:
        name, known = entry["name"], entry["solutions_checked"]
        path = folder / f"{name}.kak"
        verdict, steps, wall, median = count(opts, path, known not in KNOWN)
        agree, checked, solve_s = "", 0, ""
        if known in KNOWN:
            agree = int(verdict == KNOWN[known])
            sol = folder / f"{name}.sol.kak"
            if agree and known == "unique" and entry.get("solution_file") == "yes" and sol.is_file():
                checked = 1
                agree = int(solution_matches(opts, path, sol))
            if not agree:
                bad.append(f"{name}: manifest {known}, puzzlebench {verdict}"
                           + (" (a solution other than NAME.sol.kak)" if verdict == KNOWN[known] else ""))
        else:
            solve_s = f"{solve_time(opts, path):.6g}"
        rows.append([name.split("-")[0], name, entry["height"], entry["width"], known, verdict, agree,
                     checked, steps, f"{wall:.6g}", f"{median:.6g}", run_id, solve_s])
    return rows, bad


def main(argv):
    opts, err = parse(argv)
    if err:
        return usage(err)
    folder = Path(opts["dir"])
    if not (folder / "manifest.csv").is_file():
        print(f"SKIP: no public kakuro set at {folder} (no manifest.csv); set PB_KAKURO_PUBLIC or "
              "--dir to the folder to run this check", file=sys.stderr)
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        run_meta = Path(tmp) / "run.meta"
        run_id = ""
        if opts["csv"]:
            command = "scripts/kakuro-public.py " + shlex.join(argv)
            run_id = subprocess.run([opts["pb"], "meta", "--begin", "--out", str(run_meta), "--command",
                                     command], capture_output=True, text=True, check=True).stdout.strip()
        try:
            rows, bad = check(opts, folder, run_id)
        except (OSError, RuntimeError, KeyError) as e:
            print(f"kakuro-public.py: {e}", file=sys.stderr)
            return 2
        if opts["csv"]:
            out = Path(opts["csv"])
            with open(out, "w", newline="", encoding="utf-8") as f:
                w = csv.writer(f, lineterminator="\n")
                w.writerow(COLUMNS)
                w.writerows(rows)
            timing = f"harness --samples {opts['samples']}" if opts["samples"] > 1 else "one run"
            if opts["samples"] > 1 and opts["min_sample_time"]:
                timing += f" --min-sample-time {opts['min_sample_time']:g}"
            subprocess.run([opts["pb"], "meta", "--end", str(run_meta), "--out", str(out.with_suffix(".meta")),
                            "experiment=kakuro-public", f"folder={folder}", f"rows={len(rows)}",
                            f"timing={timing}"], check=True, stdout=subprocess.DEVNULL)
    known = sum(1 for r in rows if r[4] in KNOWN)
    unknown = [f"{r[1]} ({r[4]}: {r[5]}, {r[8]} steps)" for r in rows if r[4] not in KNOWN]
    print(f"{len(rows)} puzzles in {folder}: {known - len(bad)} of {known} known counts agree"
          + (f"; not compared: {', '.join(unknown)}" if unknown else ""))
    for b in bad:
        print(f"DISAGREE: {b}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
