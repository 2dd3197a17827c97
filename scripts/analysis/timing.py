"""A measured time with its spread, as the report prints it, and the one rule for
bolding a winner.

A sweep row (one run, `puzzlebench sweep`) carries its own statistics: median_s
(== wall_s), the median's interval median_lo_s..median_hi_s (>= 95% from 6
samples on; [min, max] at 5), samples, cv and noisy (cv over 5%). A row with one
sample (a run stopped at a limit) has no interval. Files from before those
columns (one row per rep) get the median over the done reps and [min, max] of
them as the spread.

A Timing prints as "1.23 ms [1.20, 1.31]", "1.23 ms (1 sample)", "≥ 1.23 s (limit)",
with a "†" when noisy (NOISY_NOTE says what it means). A winner is bolded only
when it is not noisy, has an interval, and its interval lies wholly below that
of the runner-up, which is not noisy either (winner()).
"""

from . import stats
from .markdown import escape
from .numfmt import duration, duration_spread

NOISY_MARK = "†"
NOISY_NOTE = (f"{NOISY_MARK} noisy: the run's samples vary by more than 5% (cv > 0.05); such a time is never bolded, "
              "and a claim on it is a ratio paired by round with its 95% interval, never one of two medians.")
# The columns of a row with its own statistics (contract: sweep CSV).
SPREAD_COLUMNS = ("median_s", "median_lo_s", "median_hi_s", "samples", "noisy")


class Timing:
    """A time in seconds: the median, its interval [lo, hi] (None: no interval),
    the samples behind it, whether it is noisy, and whether it is only a lower bound
    (`stopped`: the status of a run stopped at a limit, else None)."""

    def __init__(self, median, lo=None, hi=None, samples=1, noisy=False, cv=None, stopped=None):
        self.median = median
        self.lo, self.hi = (lo, hi) if lo is not None and hi is not None else (None, None)
        self.samples = samples
        self.noisy = noisy
        self.cv = cv
        self.stopped = stopped

    @property
    def lower(self):
        """True when the value is a lower bound (the run stopped at a limit)."""
        return self.stopped is not None

    @property
    def has_interval(self):
        return self.lo is not None and not self.lower

    @property
    def usable(self):
        """Fit for a claim: a finished run's median, not noisy."""
        return self.median is not None and not self.lower and not self.noisy

    def scaled(self, factor):
        """The same time multiplied by `factor` (e.g. 1/puzzles: per puzzle)."""
        f = lambda v: None if v is None else v * factor
        return Timing(f(self.median), f(self.lo), f(self.hi), self.samples, self.noisy, self.cv, self.stopped)

    def text(self, fmt=duration_spread, single=duration):
        """"1.23 ms [1.20, 1.31]"; "1.23 ms (1 sample)"; "≥ 1.23 s (limit)"; "-" for no value.
        `fmt(median, lo, hi)` and `single(value)` print the numbers."""
        if self.median is None:
            return "-"
        if self.lower:
            return f"≥ {single(self.median)} ({escape(self.stopped)})"
        if self.has_interval:
            shown = fmt(self.median, self.lo, self.hi)
        else:
            shown = f"{single(self.median)} ({self.samples} sample{'' if self.samples == 1 else 's'})"
        return shown + (NOISY_MARK if self.noisy else "")

    def __repr__(self):
        return f"Timing({self.median!r}, {self.lo!r}, {self.hi!r}, noisy={self.noisy}, stopped={self.stopped!r})"


def _field(row, column):
    """A numeric field, None when the column is missing or the field empty."""
    text = row.get(column, "")
    return None if text in ("", None) else row.num(column)


def status(row):
    """The row's status; "done" in a file without a status column (every run finished)."""
    return row.get("status") or "done"


def has_spread(table):
    """Whether the rows of `table` carry their own statistics."""
    return all(table.has(c) for c in SPREAD_COLUMNS)


def of_row(row, per=1.0):
    """The Timing of one row with its own statistics (times divided by `per`)."""
    stopped = None if status(row) == "done" else status(row)
    samples = row.whole("samples")
    lo, hi = _field(row, "median_lo_s"), _field(row, "median_hi_s")
    noisy = row["noisy"].strip() == "1"
    cv = _field(row, "cv") if row.table.has("cv") else None
    t = Timing(row.num("median_s"), lo, hi, samples, noisy and stopped is None, cv, stopped)
    return t.scaled(1 / per) if per != 1 else t


def of_rows(rows, per=None):
    """The Timing of one setting from its rows (a runs.Group's): a row with its own
    statistics gives them (several such rows: the middle one by median); rows
    without them are reps, their median with [min, max] as the spread. Without a
    done row: the median of what the stopped rows used, a lower bound.
    per(row): what to divide a row's time by (puzzles of a batch); rows where it is
    0 are left out."""
    divisor = (lambda r: 1.0) if per is None else per
    rows = [r for r in rows if divisor(r) > 0]
    if not rows:
        return Timing(None)
    done = [r for r in rows if status(r) == "done"]
    if has_spread(rows[0].table):
        if done:
            ranked = sorted(done, key=lambda r: r.num("median_s") / divisor(r))
            pick = ranked[(len(ranked) - 1) // 2]
            return of_row(pick, divisor(pick))
        stopped = sorted(rows, key=lambda r: r.num("wall_s") / divisor(r))
        pick = stopped[(len(stopped) - 1) // 2]
        return of_row(pick, divisor(pick))
    if done:
        values = [r.num("wall_s") / divisor(r) for r in done]
        if len(values) == 1:
            return Timing(values[0], samples=1)
        return Timing(stats.median(values), min(values), max(values), samples=len(values))
    values = [r.num("wall_s") / divisor(r) for r in rows]
    return Timing(stats.median(values), stopped=stats.most_common(status(r) for r in rows))


def spread_note(table):
    """What the interval in brackets is, for a section's source line."""
    if has_spread(table):
        return ("Times: the median per run over the run's samples, with the median's distribution-free interval in "
                "brackets (order statistics; at least 95% from 6 samples on, [min, max] at 5); a run stopped at a "
                "limit has one sample and no interval, its time a lower bound (≥).")
    return ("Times: the median over the done reps, with [min, max] over them in brackets (this file has no per-run "
            "statistics: it predates them); one rep: no interval.")


def winner(timings):
    """The index of the timing to bold among `timings` (None entries and unfinished
    ones are not candidates), or None: the fastest is bolded only when it and the
    runner-up are both usable (finished, not noisy), both have intervals, and the
    fastest's interval lies wholly below the runner-up's."""
    ranked = sorted((t.median, i) for i, t in enumerate(timings)
                    if t is not None and t.median is not None and not t.lower)
    if len(ranked) < 2:
        return None
    best, second = timings[ranked[0][1]], timings[ranked[1][1]]
    if not (best.usable and second.usable and best.has_interval and second.has_interval):
        return None
    return ranked[0][1] if best.hi < second.lo else None


def bold(text):
    return f"**{text}**"


def noisy_footnote(timings):
    """[NOISY_NOTE, ""] when any of the timings is noisy, else []."""
    return ["", NOISY_NOTE] if any(t is not None and t.noisy for t in timings) else []
