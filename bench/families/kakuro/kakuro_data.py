"""The kakuro result files, read and summarised for the kakuro section:

- kakuro-gen-<method>.csv (bench/families/kakuro/kakuro-gen.sweep): one row per generated
  puzzle. Per (method, size, level): median, p90 (nearest rank) and maximum of
  the time and attempts over all its puzzles; a puzzle that did not finish counts
  with what it used, a lower bound, and a statistic it can move is one too.
- kakuro-checkers.csv (a sweep, each row one run over a whole file of puzzles):
  per (instance, engine, order, mode, threads), steps and µs per puzzle, medians
  over the done rows, and the time per puzzle with its spread (timing.py); without
  a done row, what the runs that stopped used divided by the puzzles of the whole
  file: lower bounds.
"""

from .. import runs, stats, timing
from ..csvread import read_csv
from ..numfmt import sig

GEN_COLUMNS = ("rows", "cols", "level", "status", "attempts", "unique_share", "target_share", "checker",
               "refill", "seed_table", "wall_s")
CHECKER_COLUMNS = ("instance", "cells", "engine", "order", "mode", "threads", "status", "steps", "wall_s",
                   "puzzles")


class Puzzle:
    """One generated puzzle (a row of kakuro-gen-<method>.csv)."""

    def __init__(self, method, row):
        self.method = method
        self.rows = row.whole("rows")
        self.cols = row.whole("cols")
        self.level = row["level"]
        self.status = row["status"]
        # Ten significant digits drop the float noise of the unit change
        # (0.000105 s * 1000 = 0.10500000000000001 ms), which would tip roundings.
        self.ms = sig(row.num("wall_s") * 1000, 10)
        self.attempts = row.num("attempts")
        # The achieved share of runs with a unique sum (of a done puzzle), and the target.
        self.unique_share = row.num("unique_share") if self.status == "done" else None
        self.target_share = None if row["target_share"] in ("", "-") else row.num("target_share")
        self.checker = row["checker"]
        self.refill = row["refill"]
        self.seed_table = row["seed_table"]

    @property
    def done(self):
        return self.status == "done"


def read_generation(path, method):
    return [Puzzle(method, row) for row in read_csv(path, need=GEN_COLUMNS)]


def tidy(bounded):
    """A (value, is a lower bound) statistic with its value to ten significant digits."""
    value, lower = bounded
    return (None if value is None else sig(value, 10)), lower


class Cell:
    """The puzzles of one (method, size, level): the statistics of a table row."""

    def __init__(self, method, rows, cols, level, puzzles):
        self.method, self.rows, self.cols, self.level = method, rows, cols, level
        self.n = len(puzzles)
        self.done = sum(p.done for p in puzzles)
        self.limit = sum(p.status == "limit" for p in puzzles)
        self.failed = self.n - self.done - self.limit
        times = stats.Bounded([(p.ms, not p.done) for p in puzzles])
        attempts = stats.Bounded([(p.attempts, not p.done) for p in puzzles])
        self.median_ms = tidy(times.median())  # (value, is a lower bound)
        # Every puzzle's time where all finished: what an interval of the median needs.
        self.times_ms = [p.ms for p in puzzles] if self.done == self.n else None
        self.p90_ms = times.quantile(0.9)
        self.max_ms = times.maximum()
        self.median_attempts = tidy(attempts.median())
        self.p90_attempts = attempts.quantile(0.9)
        shares = [p.unique_share for p in puzzles if p.done]
        self.mean_share = sum(shares) / len(shares) if shares else None
        self.target = puzzles[-1].target_share
        self.under_1s = sum(p.done and p.ms < 1000 for p in puzzles)
        self.over_10s = sum(p.ms > 10000 for p in puzzles)


def generation_cells(puzzles, method_rank, level_rank):
    """The Cells of all puzzles, sorted by method, size, level."""
    by = {}
    for p in puzzles:
        by.setdefault((p.method, p.rows, p.cols, p.level), []).append(p)
    cells = [Cell(*key, members) for key, members in by.items()]
    cells.sort(key=lambda c: (method_rank(c.method), c.method, c.rows, c.cols, level_rank(c.level), c.level))
    return cells


class CheckerGroup:
    """One checker setting on one file of puzzles: steps and µs per puzzle."""

    def __init__(self, group, total):
        self.g = group
        self.total = total       # the file's size: the most puzzles a done run finished
        done = [r for r in group.rows if r["status"] == "done" and r.num("puzzles") > 0]
        stopped = [r for r in group.rows if r not in done]
        self.done = len(done)
        self.lower = None        # True: the values are lower bounds; None: there are none
        self.steps = self.us = None
        self.time = timing.Timing(None)
        if done:
            self.status = "done" if self.done == group.runs else f"done {self.done}/{group.runs}"
            self.steps = stats.median(r.num("steps") / r.num("puzzles") for r in done)
            self.us = stats.median(r.num("wall_s") * 1e6 / r.num("puzzles") for r in done)
            self.puzzles = stats.median(r.num("puzzles") for r in done)
            self.lower = False
            self.time = timing.of_rows(done, per=lambda r: r.num("puzzles"))
        else:
            self.status = stats.most_common(r["status"] for r in stopped)
            self.puzzles = max(r.num("puzzles") for r in stopped)
            if total:
                self.steps = stats.median(r.num("steps") for r in stopped) / total
                self.us = stats.median(r.num("wall_s") * 1e6 for r in stopped) / total
                self.lower = True
                self.time = timing.Timing(self.us / 1e6, stopped=self.status)

    def __getattr__(self, name):
        return getattr(self.g, name)


def read_checkers(path, listing):
    """The CheckerGroups of kakuro-checkers.csv (sorted by file, engine, order, mode,
    threads) and the table; labels get the mode and "@Nt" when the file has several."""
    table_ = read_csv(path, need=CHECKER_COLUMNS)
    groups = runs.group_runs(table_)
    totals, first_seen = {}, {}
    for row in table_:
        first_seen.setdefault(row["instance"], len(first_seen))
        if row["status"] == "done" and row.num("puzzles") > 0:
            totals[row["instance"]] = max(row.num("puzzles"), totals.get(row["instance"], 0))
    several_modes = len({g.mode for g in groups}) > 1
    several_threads = len({g.threads for g in groups}) > 1
    for g in groups:
        if several_modes:
            g.label += f" ({g.mode})"
        if several_threads:
            g.label += f"@{g.threads}t"
    checkers = [CheckerGroup(g, totals.get(g.instance)) for g in groups]
    checkers.sort(key=lambda c: (first_seen[c.instance], listing.engine_rank(c.engine), listing.order_rank(c.order),
                                 c.mode, c.threads))
    return table_, checkers
