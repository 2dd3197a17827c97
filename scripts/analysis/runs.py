"""Run CSVs (one row per run of an engine on an instance, as `puzzlebench sweep` writes
them) grouped by (instance, engine, order, params, engine_seed, mode, threads): the
rows of one setting; and by the columns that name a problem besides the instance
where the sweep varies them (problem_columns(): max_length, the family's own
settings), so that the runs of one board under two family settings are never pooled.
Files from before engine parameters lack the params and engine_seed columns: their
rows read as "-" there (no parameters, no seed).
A sweep now writes one row per setting, with the statistics of its samples
(timing.py); older files have a row per rep.

Medians are over the group's rows with status=done only; a group without a done
row has no median, and its status is the most frequent one among its rows.
"""

from . import stats, timing
from .markdown import code, escape
from .meta import meta_of, read_meta

# The columns every run CSV has (README: the sweep CSV).
RUN_COLUMNS = ("instance", "cells", "engine", "order", "mode", "threads", "status", "solutions",
               "steps", "wall_s")


class Group:
    """The reps of one (instance, engine, order, params, engine_seed, mode, threads) setting
    in one file, under one value of each column of `apart` (problem_columns()): its
    problem is the instance named with them, "1x4 diff=3" ("1x4" without them), and
    its setting {column: value} (empty without them)."""

    def __init__(self, row, apart=()):
        self.instance = row["instance"]
        self.apart = tuple(apart)
        self.setting = {c: row[c] for c in self.apart}
        self.problem = " ".join([self.instance] + [f"{c}={v}" for c, v in self.setting.items()])
        # The place of its setting among the file's, as they first appear (set by group_runs).
        self.setting_rank = 0
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


def problem_columns(meta, rows):
    """The columns besides instance whose values tell two problems apart, where they
    vary among the rows: max_length (a sweep's max-lengths) and the family's own
    options (the .meta's params=, NAME:VALUE each; family-sets varies them). Without
    them the runs of one instance under two settings would be taken for one problem."""
    names = ["max_length"] + [item.split(":", 1)[0] for item in ((meta.get("params") if meta else "") or "").split()]
    rows = list(rows)
    if not rows:
        return ()
    return tuple(c for c in dict.fromkeys(names) if rows[0].table.has(c) and len({r[c] for r in rows}) > 1)


def file_problem_columns(path, table):
    """problem_columns() of the run CSV at `path` (its table), from the .meta beside it."""
    return problem_columns(read_meta(meta_of(path)), table)


def group_runs(table, apart=()):
    """The groups of a run table, in the order their first rows appear; apart: the
    columns besides instance that name a problem (problem_columns()), each value a
    group of its own."""
    groups, settings = {}, {}
    for row in table:
        values = tuple(row[c] for c in apart)
        key = (row["instance"], row["engine"], row["order"] or "-", setting(row, "params"),
               setting(row, "engine_seed"), row["mode"], row["threads"]) + values
        if key not in groups:
            groups[key] = Group(row, apart)
            groups[key].setting_rank = settings.setdefault(values, len(settings))
        groups[key].rows.append(row)
    return list(groups.values())


def apart_words(apart, noun="instance"):
    """The sentence that says a file's problems are named with the columns of `apart`
    ("" without them); noun: what the section calls an instance (its tables' column)."""
    if not apart:
        return ""
    article = "An" if noun[:1] in "aeiou" else "A"
    return (f"{article} {noun} is named with its " + ", ".join(code(c) for c in apart) + ", which the sweep varies: "
            "each value is a problem of its own.")


def sort_key(listing, group):
    """Engine, then cell order, then threads, as the listing ranks them; then the
    parameter setting and the engine seed (in number order)."""
    seed = int(group.engine_seed) if group.engine_seed.isdigit() else -1
    return (listing.engine_rank(group.engine), listing.order_rank(group.order), group.threads,
            group.params, seed)


def by_instance(listing, groups):
    """Sorted by cells, instance name, setting (as the file first has them), mode, engine,
    order, threads."""
    return sorted(groups, key=lambda g: (g.cells, g.instance, g.setting_rank, listing.mode_rank(g.mode),
                                         sort_key(listing, g)))


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
