"""Run CSVs (one row per run of an engine on an instance, as `puzzlebench sweep` writes
them) grouped by (instance, engine, order, params, engine_seed, mode, threads): the
rows of one setting. Files from before engine parameters lack the params and
engine_seed columns: their rows read as "-" there (no parameters, no seed).
A sweep now writes one row per setting, with the statistics of its samples
(timing.py); older files have a row per rep.

Medians are over the group's rows with status=done only; a group without a done
row has no median, and its status is the most frequent one among its rows.
"""

from . import stats, timing
from .markdown import escape

# The columns every run CSV has (README: the sweep CSV).
RUN_COLUMNS = ("instance", "cells", "engine", "order", "mode", "threads", "status", "solutions",
               "steps", "wall_s")


class Group:
    """The reps of one (instance, engine, order, params, engine_seed, mode, threads) setting
    in one file."""

    def __init__(self, row):
        self.instance = row["instance"]
        self.cells = row.whole("cells")
        self.engine = row["engine"]
        self.order = row["order"] or "-"
        self.mode = row["mode"]
        self.threads = row.whole("threads")
        self.params = setting(row, "params")
        self.engine_seed = setting(row, "engine_seed")
        self.rows = []
        self.label = self.engine if self.order == "-" else f"{self.engine}/{self.order}"
        if self.params != "-":
            self.label += f" [{self.params}]"
        if self.engine_seed != "-":
            self.label += f" seed {self.engine_seed}"
        self.threads_in_label = False

    @property
    def runs(self):
        return len(self.rows)

    @property
    def done_rows(self):
        return [r for r in self.rows if r["status"] == "done"]

    @property
    def done(self):
        return len(self.done_rows)

    @property
    def status(self):
        """"done" (every rep), "done k/n" (some), else the most frequent status."""
        d, n = self.done, self.runs
        if d == n:
            return "done"
        if d:
            return f"done {d}/{n}"
        return stats.most_common(r["status"] for r in self.rows)

    def median(self, column, per=None):
        """The median over the done reps of `column` (divided by `per(row)` when given,
        rows where that is 0 left out); None without a done rep."""
        values = []
        for r in self.done_rows:
            v = r.num(column)
            if per is not None:
                p = per(r)
                if p <= 0:
                    continue
                v /= p
            values.append(v)
        return stats.median(values)

    def limit_median(self, column):
        """The median of `column` over the reps stopped at a limit: a lower bound of
        what a finished run would use. None when no rep has status limit."""
        return stats.median(r.num(column) for r in self.rows if r["status"] == "limit")

    def done_values(self, column):
        return [r.num(column) for r in self.done_rows]

    def timing(self, per=None):
        """The setting's time with its spread (timing.of_rows); per(row): a divisor."""
        return timing.of_rows(self.rows, per)


def setting(row, column):
    """A row's params or engine_seed: "-" where the engine has none, or the file has no
    such column (written before engines took parameters)."""
    return row.get(column) or "-"


def group_runs(table):
    """The groups of a run table, in the order their first rows appear."""
    groups = {}
    for row in table:
        key = (row["instance"], row["engine"], row["order"] or "-", setting(row, "params"),
               setting(row, "engine_seed"), row["mode"], row["threads"])
        if key not in groups:
            groups[key] = Group(row)
        groups[key].rows.append(row)
    return list(groups.values())


def sort_key(listing, group):
    """Engine, then cell order, then threads, as the listing ranks them; then the
    parameter setting and the engine seed (in number order)."""
    seed = int(group.engine_seed) if group.engine_seed.isdigit() else -1
    return (listing.engine_rank(group.engine), listing.order_rank(group.order), group.threads,
            group.params, seed)


def by_instance(listing, groups):
    """Sorted by cells, instance name, mode, engine, order, threads."""
    return sorted(groups, key=lambda g: (g.cells, g.instance, listing.mode_rank(g.mode), sort_key(listing, g)))


def thread_labels(groups):
    """Adds "@Nt" to the labels when the groups ran at more than one thread count."""
    if len({g.threads for g in groups}) > 1:
        for g in groups:
            g.label = f"{g.label}@{g.threads}t"
            g.threads_in_label = True


def status_counts(table):
    """"done 768, limit 17": runs per status, done first, then as they first appear (Markdown)."""
    counts = {}
    for row in table:
        counts[row["status"]] = counts.get(row["status"], 0) + 1
    parts = []
    if "done" in counts:
        parts.append(f"done {counts['done']}")
    parts += [f"{escape(s)} {n}" for s, n in counts.items() if s != "done"]
    return ", ".join(parts) if parts else "none"
