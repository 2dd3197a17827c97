#!/usr/bin/env python3
"""results_reproduce.py — the counts in results/ are what this build computes: every
sweep that run.sh runs (the sweeps `puzzlebench families --csv` names) is run again
in its quick form, one sample a run with a time limit of QUICK_LIMIT_S, and each row that finished both here and in
results/NAME.csv must give the same counts (cells, status, solutions, steps,
placements, backtracks, candidates, guesses, learnts, restarts, puzzles). Timings
are left aside, and so are rows stopped at a limit in either run (which limit a run
meets first depends on the machine), the outside solvers' rows (their counts are
the installed solver's) and the quick instances that the full sweep does not run
(the ladders' quick puzzles are smaller ones; a length engine's quick bounds are
not the full run's), and a sweep of a collection that is not on this machine
(exit 77). A tool sweep has times and no counts. A sweep none
of whose finished rows on the instances of results/ is there fails: its keys changed.
A sweep of engines marked 'length' (tenpair's) keys its rows by the length bound
and the family's settings too, and its rows must also give the same length (the
first win's) and nodes. A generation sweep (`generator` key)
is run in its quick form too, and each record of its methods' files that both runs
made must repeat every field but wall_s and run_id (a record at a limit left aside):
puzzle i of a method depends on its options and i alone. results/ must be a full run. A
refactoring that changes a count fails here; a change meant to change counts
regenerates results/ (scripts/run.sh) in the same commit.

An engine sweep whose quick form compares no row (its quick instances or bounds are
not the full run's: the ladders, sudoku-learn, notouch-parallel, tenpair's) is run
again on a bounded part of the full run: the rows of results/ that this build's own
engines finished in under FAST_S seconds, each group of engine, order, mode and
threads once on the sweep's instances that hold such a row, one sample a run,
stopped at SELECTION_LIMIT_S where those instances hold slower rows of the group
too, and with one copy of each puzzle where the sweep makes more (`copies`); a
per-puzzle sweep runs each file alone, only its puzzles that hold such a row
(`only-puzzles`). Each sweep prints how many rows it compared each way; a sweep
that compares none fails unless it says why (a tool sweep, a collection not on this
machine, no row of results/ that quick).

usage: tests/e2e/results_reproduce.py PATH/TO/puzzlebench SOURCE_DIR
"""
import csv
import io
import os
import re
import subprocess
import sys
import tempfile
import time

# params and engine_seed: "-" in files written before engines took parameters.
KEY = ("family", "instance", "engine", "order", "params", "engine_seed", "mode", "threads", "rep")
COUNTS = ("cells", "status", "solutions", "steps", "placements", "backtracks", "candidates",
          "guesses", "learnts", "restarts", "puzzles")
# A length engine's row: its bound is part of the request, its length and nodes counts.
LENGTH_KEY, LENGTH_COUNTS = ("max_length",), ("length", "nodes")
# One sample a run, nothing else timed: the counts are all this test reads.
ONE_SAMPLE = ["--quick", "--samples", "1", "--warmup", "0", "--min-sample-time", "0",
              "--settle-time", "0", "--force"]
# The full run's rows rerun where the quick form meets none of them: those that took
# under FAST_S there; a run that holds slower rows too stops at SELECTION_LIMIT_S, so
# those cost little. A quick row that a busier machine takes past it is left aside
# (the CHANGELOG has what a longer limit compares, and costs).
FAST_S, SELECTION_LIMIT_S = 0.5, 0.5
# The quick forms' own limits (up to 5 s) let the weak rungs run long on puzzles the
# full run saw them finish. A row stopped at a limit is left aside, so a lower limit
# costs a few rows compared (6 of 1470 against 4c229ed's results) and saves a minute.
QUICK_LIMIT_S = 1


def table(pb, *args):
    """The rows of `puzzlebench ARGS --csv`-style output as dicts."""
    out = subprocess.run([pb, *args], capture_output=True, text=True, check=True).stdout
    return list(csv.DictReader(io.StringIO(out)))


def rows_by_key(path, extra=()):
    """The rows by KEY and the columns `extra` ("-" where the file has none)."""
    with open(path, newline="") as f:
        return {tuple(r.get(k) or "-" for k in KEY + extra): r for r in csv.DictReader(f)}


def settings(meta):
    """The family's settings a sweep's rows name in columns of their own: the names
    in its family_sets= (`- width=7 wrap=off;append=any`), in order."""
    names = []
    for word in meta_value(meta, "family_sets").split():
        for item in word.split(";"):
            name = item.split("=", 1)[0]
            if "=" in item and name not in names:
                names.append(name)
    return tuple(names)


def meta_value(path, key):
    with open(path) as f:
        for line in f:
            if line.startswith(key + "="):
                return line.rstrip("\n").split("=", 1)[1]
    return "?"


def sweep_key(path, key):
    """The one-word value of key in a sweep file, or None."""
    with open(path) as f:
        for line in f:
            words = line.split("#")[0].split()
            if words[:1] == [key] and len(words) == 2:
                return words[1]
    return None


def sweep_words(path, key):
    """The words of key in a sweep file, its continuation lines (a leading blank) too."""
    words, inside = [], False
    with open(path) as f:
        for line in f:
            line = line.split("#")[0]
            if line[:1] in (" ", "\t"):
                words += line.split() if inside else []
                continue
            parts = line.split()
            inside = parts[:1] == [key]
            words += parts[1:] if inside else []
    return words


def sweep_name(path):
    name = sweep_key(path, "name")
    if name is None:
        raise SystemExit(f"FAIL: {path}: no 'name' line")
    return name


def records(path):
    """A generator's records by their first field (the puzzle's name or index)."""
    with open(path, newline="") as f:
        return {r[next(iter(r))]: r for r in csv.DictReader(f)}


def check_generation(pb, src, path, name, tmp):
    """Failures and records compared for a generation sweep: each method's records
    (NAME-METHOD.csv, or NAME-METHOD/generate.csv) against results/'s."""
    tmp = tempfile.mkdtemp(prefix="gen.", dir=tmp)  # none of the other sweeps' files
    run = subprocess.run([pb, "sweep", path, "--out", tmp, "--quick", "--force", "-q"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        return [f"{name}: sweep exits {run.returncode}: {run.stderr.strip()[-400:]}"], 0
    made = sorted(e for e in os.listdir(tmp) if e.startswith(name + "-"))
    made = [e for e in made if e.endswith(".csv")] + [os.path.join(e, "generate.csv") for e in made
                                                      if os.path.isdir(os.path.join(tmp, e))]
    failures, compared = [], 0
    if not made:
        return [f"{name}: the quick sweep wrote no records"], 0
    for rel in made:
        recorded = os.path.join(src, "results", rel)
        if not os.path.exists(recorded):
            failures.append(f"{name}: results/{rel} is missing (run.sh writes it)")
            continue
        old, new = records(recorded), records(os.path.join(tmp, rel))
        for key, row in sorted(new.items()):
            if key not in old or "limit" in (row.get("status"), old[key].get("status")):
                continue
            differ = [f"{c} {v} here, {old[key].get(c)} in results/" for c, v in row.items()
                      if c not in ("wall_s", "run_id") and v != old[key].get(c)]
            if differ:
                failures.append(f"{rel}: {key}: " + "; ".join(differ))
            compared += 1
    return failures, compared


def compare_rows(name, old, new, counts, outside, commit):
    """Failures and the number of rows compared: each row of new that finished, by one
    of this build's engines, against the row of its key in old that finished too."""
    failures, compared = [], 0
    for key, row in sorted(new.items()):
        if row["engine"] in outside or row["status"] != "done":
            continue
        if key not in old or old[key]["status"] != "done":
            continue
        differ = [f"{c} {row[c]} here, {old[key].get(c)} in results/" for c in counts if row[c] != old[key].get(c)]
        if differ:
            failures.append(f"{name}: {','.join(key)}: " + "; ".join(differ) + f" (results/ at {commit})")
        compared += 1
    return failures, compared


def fast_groups(old, outside):
    """The full run's rows by this build's engines, {(engine, order, mode, threads):
    (the instances of its rows under FAST_S, those of its other rows)}, for the groups
    with a row under FAST_S."""
    groups = {}
    for row in old.values():
        if row["engine"] in outside:
            continue
        fast, slow = groups.setdefault((row["engine"], row["order"], row["mode"], row["threads"]), (set(), set()))
        quick = row["status"] == "done" and float(row["wall_s"] or "inf") < FAST_S
        (fast if quick else slow).add(row["instance"])
    return {group: sets for group, sets in groups.items() if sets[0]}


def puzzle_of(instance):
    """The puzzle number of a per-puzzle row's instance (NAME#P, NAME#P.copyC); None
    for a puzzle the family names itself (latin's generated squares)."""
    m = re.search(r"#([0-9]+)(\.copy[0-9]+)?$", instance)
    return int(m.group(1)) if m else None


def picks_of(names):
    """The puzzle numbers of these rows, sorted; None when one has none (a file's
    every puzzle then runs)."""
    numbers = {puzzle_of(n) for n in names}
    return None if None in numbers else sorted(numbers)


def check_selection(pb, path, name, old, extra, counts, outside, commit, tmp):
    """Failures, rows compared and the reason none was, for the full run's quick rows
    (fast_groups) run again: a sweep per group, on the sweep's instances holding them."""
    groups = fast_groups(old, outside)
    if not groups:
        return [], 0, f"no row of results/{name}.csv by this build's engines took under {FAST_S} s"
    here = os.path.dirname(os.path.abspath(path))  # the file's instances are relative to it
    pb, path = os.path.abspath(pb), os.path.abspath(path)
    specs = {}  # each of the sweep's instances: the instances of its rows
    for spec in sweep_words(path, "instances"):
        run = subprocess.run([pb, "sweep", path, "--instances", spec, "--list"],
                             cwd=here, capture_output=True, text=True)
        if run.returncode != 0:
            return [f"{name}: sweep --instances {spec} --list exits {run.returncode}: {run.stderr.strip()[-300:]}"], 0, None
        specs[spec] = {line.split()[0] for line in run.stdout.splitlines() if line.strip()}
    per_puzzle = sweep_key(path, "rows") == "per-puzzle"
    # Copy C of a puzzle is the same whatever the number of copies: one copy checks
    # that they repeat, at a fraction of the time that every copy takes.
    one_copy = ["--copies", "1"] if int(sweep_key(path, "copies") or 0) > 1 else []
    failures, compared = [], 0
    for i, ((engine, order, mode, threads), (fast, slow)) in enumerate(sorted(groups.items())):
        chosen = [spec for spec, names in specs.items() if names & fast]
        if not chosen:
            failures.append(f"{name}: no instance of the sweep file holds {sorted(fast)[0]} ({engine})")
            continue
        # Rows per puzzle: each file alone, only its puzzles that hold a quick row
        # (only-puzzles); else the files together, every puzzle.
        parts = [([spec], picks_of(specs[spec] & fast)) for spec in chosen] if per_puzzle else [(chosen, None)]
        for j, (these, picks) in enumerate(parts):
            # A slow row beside the quick ones (a file's other puzzles, a puzzle's
            # other copies) is stopped early; quick rows alone run to the end, however
            # busy the machine.
            limit = SELECTION_LIMIT_S if any(picks is None or puzzle_of(n) in picks
                                             for spec in these for n in specs[spec] & slow) else 0
            out = os.path.join(tmp, f"selection.{name}.{i}.{j}")
            args = [pb, "sweep", path, "--out", out, *ONE_SAMPLE[1:], "--instances", " ".join(these),
                    "--engines", engine, "--modes", mode, "--search-threads", threads,
                    "--time-limit", str(limit)]
            args += ["--orders", order] if order != "-" else []
            args += ["--only-puzzles", " ".join(map(str, picks))] if picks else []
            args += one_copy
            run = subprocess.run(args, cwd=here, capture_output=True, text=True)
            if run.returncode != 0:
                failures.append(f"{name} ({engine} {mode}): sweep exits {run.returncode}: "
                                f"{run.stderr.strip()[-400:]}")
                continue
            new = rows_by_key(os.path.join(out, name + ".csv"), extra)
            f, n = compare_rows(name, old, new, counts, outside, commit)
            failures += f
            compared += n
    return failures, compared, None


def check_sweep(pb, src, family, sweep, outside, tmp):
    """Failures (strings), the number of rows compared and a note for one of a family's
    sweeps: where none was compared, why not (None: no reason, a failure). The quick
    form first; where it meets none of the full run's rows, a part of the full run
    (check_selection), which the note then names."""
    path = os.path.join(src, "bench", "families", family, sweep + ".sweep")
    name = sweep_name(path)
    if sweep_key(path, "generator"):
        return check_generation(pb, src, path, name, tmp) + (None,)
    if sweep_key(path, "tool"):
        return [], 0, "a tool sweep: times, no counts"
    recorded = os.path.join(src, "results", name + ".csv")
    if not os.path.exists(recorded):
        return [f"{name}: results/{name}.csv is missing (run.sh writes it)"], 0, None
    run = subprocess.run([pb, "sweep", path, "--out", tmp, *ONE_SAMPLE, "--time-limit", str(QUICK_LIMIT_S)], capture_output=True, text=True)
    if run.returncode == 77:
        return [], 0, "its collection is not on this machine (exit 77)"
    if run.returncode != 0:
        return [f"{name}: sweep exits {run.returncode}: {run.stderr.strip()[-400:]}"], 0, None
    here = os.path.join(tmp, name + ".csv")
    with open(here, newline="") as f:
        length = "max_length" in (csv.DictReader(f).fieldnames or ())
    extra = LENGTH_KEY + settings(os.path.join(tmp, name + ".meta")) if length else ()
    counts = COUNTS + LENGTH_COUNTS if length else COUNTS
    old, new = rows_by_key(recorded, extra), rows_by_key(here, extra)
    meta = os.path.join(src, "results", name + ".meta")
    commit = meta_value(meta, "commit")
    if meta_value(meta, "quick") != "0" or meta_value(meta, "status") != "complete":
        return [f"{name}: results/{name}.meta does not say quick=0 and status=complete"], 0, None
    failures, compared = compare_rows(name, old, new, counts, outside, commit)
    # Rows that finished here on instances results/ has, yet none under the same key
    # there: an engine's parameters or the sweep changed since the run, and nothing
    # would be checked. (The ladders' quick instances are not in the full run at all;
    # nor, for engines run by length bounds, the quick bounds and settings.)
    def place(row):
        return (row["instance"],) + tuple(row.get(k) or "-" for k in extra)
    places = {place(row) for row in old.values()}
    finished = sum(row["engine"] not in outside and row["status"] == "done" and place(row) in places
                   for row in new.values())
    if finished and not compared:
        failures.append(f"{name}: none of the {finished} finished rows on its instances is in "
                        f"results/{name}.csv (results/ at {commit}: scripts/run.sh)")
    if compared:
        return failures, compared, None
    f, n, why = check_selection(pb, path, name, old, extra, counts, outside, commit, tmp)
    return failures + f, n, why if n == 0 else f"the full run's rows under {FAST_S} s: the quick form meets none"


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__.strip().splitlines()[-1])
    pb, src = sys.argv[1], sys.argv[2]
    outside = {r["name"] for r in table(pb, "engines", "--csv") if r["kind"] == "outside"}
    sweeps = [(r["name"], s) for r in table(pb, "families", "--csv") for s in r["sweeps"].split()]
    if not sweeps:
        raise SystemExit("FAIL: `puzzlebench families --csv` names no sweep")
    failures, total = [], 0
    with tempfile.TemporaryDirectory(prefix="pbreproduce.") as tmp:
        for family, sweep in sweeps:
            t0 = time.monotonic()
            f, n, note = check_sweep(pb, src, family, sweep, outside, tmp)
            if n == 0 and note is None:
                f.append(f"{sweep}: no row compared, and no reason why")
            print(f"{sweep}: {n} rows compared, {len(f)} failures" + (f" ({note})" if note else "")
                  + f" [{time.monotonic() - t0:.1f} s]", flush=True)
            failures += f
            total += n
    for f in failures:
        print("FAIL:", f)
    if total == 0:
        failures.append("no row compared")
    print(f"results_reproduce: {len(sweeps)} sweeps, {total} rows compared, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
