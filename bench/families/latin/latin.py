"""The latin family (quasigroup completion: Latin squares with holes, QWH): the
easy-hard-easy transition of latin.csv, one row per generated puzzle
qwh-N-F-sSEED-iINDEX (N the square's order, F its hole fraction).

For each order n, each engine/order and each hole fraction: the median and p90
(nearest rank) over the instances of steps and of wall time, where a run stopped
at a limit counts with what it used, a lower bound (stats.Bounded says when that
makes a statistic one too). Then the plots against the hole fraction, the peak
of the median steps per n and engine/order, the literature's peaks beside ours,
and one table of steps and one of times per n.
"""

import math
import re

from .. import runs, stats
from ..csvread import read_csv
from ..family_section import FamilySection
from ..errors import ReportError
from ..markdown import code, escape, table
from ..meta import read_meta
from ..numfmt import FEWER_STEPS, MORE_STEPS, bounded_ratio as ratio_bounded, duration, factor_text, grouped, percent
from ..plotting import FILLED_POINTS, GRID, LOWER_BOUND_KEY, Plot, open_point, quote, series_style

# A generated puzzle's name, as bench/families/latin/latin.c prints it ("qwh-%d-%g-s%llu-i%d").
NAME = re.compile(r"qwh-(\d+)-(\d*\.?\d+(?:e[-+]?\d+)?)-s(\d+)-i(\d+)")
NAME_FORM = "qwh-N-F-sSEED-iINDEX (N the order, F the hole fraction)"
# The experiment is the first completion; rows of other modes are left out.
MODE = "first"


def ladder_split(instance):
    """(set, param) of a generated square's row, qwh-ORDER-HOLES-sSEED-iINDEX (bqwh-... for
    balanced holes): (qwh-ORDER, HOLES); any other name is a set of its own."""
    m = re.match(r"(b?qwh-\d+)-([0-9.]+)(-|$)", instance)
    return (m.group(1), m.group(2)) if m else (instance, "")


# The sweeps the common sections read (reads.py): the ladder on the tuning set, and
# the held-out set, balanced holes, each square also as isomorphic copies.
READS = {"ladder": ("latin-ladder", "latin-ladder-heldout")}
# The ladder section (ladder.py): a row's set and param, what the param is,
# where each tool's hardest square lies, the sets of its targets, which sets tuned the
# engines (the squares of latin-ladder.sweep: the engines' defaults, mrv among them,
# were chosen on our generator's uniform holes) and which are held out (balanced
# holes, latin-ladder-heldout.sweep), each held-out set with the tuning set it tests again,
# and what a copy is.
LADDER = {"split": ladder_split, "param": "hole fraction", "peaks": True,
          "alldiff_target": ("qwh-30", "bqwh-30"), "learn_targets": {"qwh-40": 2, "bqwh-40": 2},
          "set_roles": {"qwh-30": "tuning set", "qwh-40": "tuning set", "qwh-50": "tuning set",
                        "bqwh-30": "held-out set, balanced holes", "bqwh-40": "held-out set, balanced holes"},
          "held_out": {"bqwh-30": "qwh-30", "bqwh-40": "qwh-40"},
          "sets_note": ("Tuning set: `qwh-N` (latin-ladder.sweep), our generator's squares with holes punched "
                        "uniformly at random, on which the latin claims were made and the engines' choices (the mrv "
                        "order among them) measured. Held-out set: `bqwh-N` "
                        "(latin-ladder-heldout.sweep), squares of another stream with balanced holes (as many in every "
                        "row and column, Kautz et al.'s balanced QWH), never tuned on."),
          "copies_how": ("rows, columns and symbols permuted, and one of the square's six conjugates taken "
                         "(transposition among them)")}
# The report's pictures (pictures.py): (file under plots/, render arguments, caption).
PICTURES = [("picture-latin.svg", ["latin", "qwh-10-0.42-x1", "--solution"],
             "latin: a generated order-10 square with 42% holes, completed")]
# Every cell of a Latin square has the same degree (2(n-1) neighbours), so the
# static degree order falls back to its tie-break, reading order: the section
# checks from the data whether its steps are those of row order.
READING, DEGREE = "row", "degree"
# The literature's peak (Gomes & Selman 1997, QCP): 42% preassigned, 58% holes.
QCP_PEAK_HOLES = 0.58


def ge(lower):
    return "≥ " if lower else ""


def fraction_text(f):
    """A hole fraction as the sweep steps it: two decimals, more only when needed."""
    return "%.2f" % f if abs(f - round(f, 2)) < 1e-9 else "%g" % f


def span(fractions):
    lo, hi = min(fractions), max(fractions)
    return fraction_text(lo) if lo == hi else f"{fraction_text(lo)}–{fraction_text(hi)}"


# --- the data: one value per instance, gathered per (n, fraction, series) ----------

class Series:
    """An engine/order (with its threads when the file has several thread counts)."""

    def __init__(self, group):
        self.engine, self.order, self.threads = group.engine, group.order, group.threads
        self.label = group.label


class Cell:
    """The instances of one order n, hole fraction and series: per instance
    (value, is a lower bound) of steps and of wall time in ms."""

    def __init__(self, n, fraction, series):
        self.n, self.fraction, self.series = n, fraction, series
        self.steps, self.ms = [], []
        self.runs = self.stopped = 0

    def add(self, group):
        done = group.done > 0
        self.steps.append(_instance_value(group, "steps", done))
        self.ms.append((_instance_value(group, "wall_s", done)[0] * 1000, not done))
        self.runs += group.runs
        self.stopped += group.runs - group.done

    def statistic(self, metric, which):
        """(value, is a lower bound): which = "median" or "p90" of metric "steps" or "ms"."""
        sample = stats.Bounded(self.steps if metric == "steps" else self.ms)
        return sample.median() if which == "median" else sample.quantile(0.9)


def _instance_value(group, column, done):
    """(value, is a lower bound): the median over the done reps; without one, the
    median over the reps that stopped (at a limit, or interrupted) of what they used."""
    if done:
        return group.median(column), False
    return stats.median(r.num(column) for r in group.rows), True


def parse_name(path, row):
    """(n, hole fraction) of the row's instance; any other name is an error at its line."""
    name = row["instance"]
    found = NAME.fullmatch(name)
    if not found:
        raise ReportError(path, f'instance "{name}": expected {NAME_FORM}', row.line)
    n, fraction = int(found.group(1)), float(found.group(2))
    if n < 1 or fraction > 1:
        raise ReportError(path, f'instance "{name}": expected an order from 1 and a hole fraction 0-1', row.line)
    if row.num("cells") != n * n:
        raise ReportError(path, f'instance "{name}": {row["cells"]} cells, expected {n * n} for order {n}', row.line)
    return n, round(fraction, 9)


class Data:
    """A latin CSV: its table, groups (the reps of one setting), series and cells."""

    def __init__(self, ctx, path):
        self.path = path
        self.table = read_csv(path, need=runs.RUN_COLUMNS)
        rows = [r for r in self.table if r["mode"] == MODE]
        self.other_modes = len(self.table) - len(rows)
        self.groups = runs.group_runs(rows)
        runs.thread_labels(self.groups)
        self.groups.sort(key=lambda g: runs.sort_key(ctx.listing, g))
        series = {}
        self.cells, self.instances = {}, {}
        for g in self.groups:
            n, fraction = parse_name(path, g.rows[0])
            s = series.setdefault(g.label, Series(g))
            self.cells.setdefault((n, fraction, g.label), Cell(n, fraction, s)).add(g)
            self.instances.setdefault((n, fraction), set()).add(g.instance)
        self.series = list(series.values())
        self.orders = sorted({k[0] for k in self.cells})
        self.fractions = sorted({k[1] for k in self.cells})
        self.step_limit = _step_limit(path, self.table)

    def line(self, n, series):
        """The cells of one n and series, by hole fraction."""
        return [self.cells[(n, f, series.label)] for f in self.fractions if (n, f, series.label) in self.cells]

    def present(self, n):
        return [s for s in self.series if self.line(n, s)]


def _step_limit(path, table_):
    """The runs' step limit: step_limit of the .meta, else the most steps of a limit row."""
    meta = read_meta(path.with_suffix(".meta"))
    try:
        value = float(meta.get("step_limit")) if meta else 0
    except ValueError:
        value = 0
    if value > 0:
        return value
    limited = [r.num("steps") for r in table_ if r["status"] == "limit"]
    return max(limited) if limited else None


# --- the section ------------------------------------------------------------------

def section(ctx, family, files):
    out = []
    for path in files:
        out += file_section(ctx, path)
    return out


def file_section(ctx, path):
    name = path.stem
    data = Data(ctx, path)
    heading = "## Latin squares with holes (QWH)" + ("" if name == "latin" else f": {escape(name)}")
    out = ["", heading, "", _source_line(data), "", ctx.meta_line(path.with_suffix(".meta")), ""]
    plots = [f"{name}-steps", f"{name}-p90", f"{name}-time"]
    if not data.cells:
        ctx.no_plot(*plots)
        return out + [f"_No runs in mode {MODE}: nothing to show._"]
    out += ["Each puzzle is a random Latin square of order n (from the Jacobson–Matthews chain) with round(F·n²) "
            "cells emptied (F the hole fraction), so it has at least one completion; each run looks for the first. "
            "Per order n, hole fraction and engine/order: the median and p90 (nearest rank, the ⌈0.9·k⌉-th "
            "smallest of k) over the instances. A run stopped at a limit counts with what it used, a lower bound: "
            "a statistic it can move is printed `≥` and drawn as an open symbol.", ""]
    out += _completions(data)
    out += [ctx.plot(_plot(ctx, data, name, "steps", "median"), "latin median steps vs hole fraction"), "",
            ctx.plot(_plot(ctx, data, name, "steps", "p90"), "latin p90 steps vs hole fraction"), "",
            ctx.plot(_plot(ctx, data, name, "ms", "median"), "latin median wall time vs hole fraction"), ""]
    out += _degree_note(data) + [""]
    out += _peaks(data)
    out += _literature(data)
    for n in data.orders:
        out += _order_tables(data, n)
    return out


def _source_line(data):
    line = f"Source: {code(data.path.name)} — {len(data.table)} runs ({runs.status_counts(data.table)})"
    if data.other_modes:
        line += f"; the {data.other_modes} not in mode {MODE} are left out"
    if not data.cells:
        return line + "."
    counts = sorted({len(v) for v in data.instances.values()})
    per = str(counts[0]) if len(counts) == 1 else f"{counts[0]}–{counts[-1]}"
    limit = "no step limit known" if data.step_limit is None else f"step limit {grouped(data.step_limit)}"
    return (line + f". Orders n = {', '.join(map(str, data.orders))}; hole fractions {span(data.fractions)} "
            f"({len(data.fractions)} values); {per} instances each; {len(data.series)} engine/orders "
            f"({', '.join(escape(s.label) for s in data.series)}); {limit}.")


def _completions(data):
    """The instances are satisfiable by construction: a done run without a completion is a fault."""
    done = [r for g in data.groups for r in g.done_rows]
    empty = [r for r in done if r.num("solutions") < 1]
    if not empty:
        return [f"Every finished run found a completion ({len(done)} runs).", ""]
    first = empty[0]
    return [f"**{len(empty)} finished runs report no completion**, though every instance has one (first: line "
            f"{first.line}, {escape(first['instance'])}, {escape(first['engine'])}/{escape(first['order'])}).", ""]


def degree_vs_row(data):
    """(pairs compared, pairs that differ): runs of degree and of reading order on the
    same instance and engine, compared by their steps and statuses rep for rep."""
    compared = differ = 0
    by_key = {(g.instance, g.engine, g.threads, g.order): g for g in data.groups}
    for (instance, engine, threads, order), g in by_key.items():
        other = by_key.get((instance, engine, threads, READING))
        if order != DEGREE or other is None:
            continue
        compared += 1
        mine = sorted((r.get("rep"), r["steps"], r["status"]) for r in g.rows)
        theirs = sorted((r.get("rep"), r["steps"], r["status"]) for r in other.rows)
        differ += mine != theirs
    return compared, differ


def _degree_note(data):
    compared, differ = degree_vs_row(data)
    if not compared:
        return []
    if not differ:
        return [f"Degree and row order took identical steps (and stopped alike) in all {compared} pairs of runs on "
                "the same instance and engine: every cell of a Latin square has the same degree, so degree order "
                "falls back to its tie-break, reading order. Their lines coincide in the step plots."]
    return [f"Degree and row order took different steps on {differ} of {compared} pairs of runs on the same instance "
            "and engine, though every cell of a Latin square has the same degree."]


# --- the peak of the median steps ---------------------------------------------------

class Peak:
    """The highest median steps of one n and series over the hole fractions. Its
    place is located when one fraction has it, not the first or last fraction run
    (the peak could lie beyond), and no other median is a lower bound (which could
    hide a higher one); its height may still be a lower bound."""

    def __init__(self, n, series, cells, step_limit):
        self.n, self.series = n, series
        medians = {c.fraction: c.statistic("steps", "median") for c in cells}
        self.value = max(v for v, _ in medians.values())
        top = [c for c in cells if medians[c.fraction][0] == self.value]
        self.fractions = [c.fraction for c in top]
        self.lower = any(medians[f][1] for f in self.fractions)
        self.at_limit = self.lower and step_limit is not None and self.value >= step_limit
        self.hidden = [f for f, (v, lower) in medians.items() if lower and v != self.value]
        self.edge = len(top) == 1 and top[0] in (cells[0], cells[-1])
        self.located = len(top) == 1 and not self.hidden and not self.edge
        self.p90 = max(c.statistic("steps", "p90") for c in top)
        self.ms = max(c.statistic("ms", "median") for c in top)
        self.p90_ms = max(c.statistic("ms", "p90") for c in top)
        self.runs = sum(c.runs for c in cells)
        self.stopped = sum(c.stopped for c in cells)

    def where(self):
        if len(self.fractions) == 1:
            text = fraction_text(self.fractions[0])
        else:
            text = f"{span(self.fractions)} ({len(self.fractions)} fractions tie"
            text += ", the median at the limit)" if self.at_limit else ", the median a lower bound)" if self.lower \
                else ")"
        if self.edge:
            text += " (the edge of the fractions run)"
        if self.hidden:
            text += f"; medians at {span(self.hidden)} are lower bounds"
        return text

    def height(self):
        return (self.value, self.lower)

    def token(self):
        """Short: "0.56 (≥ 558,028)" when located, "[0.40–0.64]" for a tie, or why it is not located."""
        if len(self.fractions) > 1:
            return f"[{span(self.fractions)}]"
        at = fraction_text(self.fractions[0])
        if self.edge:
            return f"{at} (at the edge of the fractions run)"
        if self.hidden:
            return f"{at} (other medians are lower bounds)"
        return f"{at} ({steps_text(self.height())})"


def _all_peaks(data):
    return {(n, s.label): Peak(n, s, data.line(n, s), data.step_limit) for n in data.orders for s in data.present(n)}


def _peaks(data):
    peaks = _all_peaks(data)
    out = ["### The peak of the median steps", "",
           "Per order n and engine/order: the hole fraction with the highest median steps, that median, and the p90 "
           "steps and the median / p90 time there (the highest over tied fractions); and the runs stopped at a limit "
           "over all fractions.", ""]
    rows = []
    for p in peaks.values():
        rows.append([str(p.n), escape(p.series.label), p.where(), steps_text(p.height()), steps_text(p.p90),
                     f"{ms_text(p.ms)} / {ms_text(p.p90_ms)}", f"{p.stopped} of {p.runs} ({percent(p.stopped, p.runs)})"])
    out += table(["n", "engine/order", "peak at hole fraction", "median steps", "p90 steps", "median / p90 time",
                  "runs stopped at a limit"], "lllrrrr", rows) + [""]
    out += _where_lines(data, peaks) + _movement_lines(data, peaks) + _spread_lines(data)
    out += _comparison_lines(data, peaks)
    return out + [""]


def steps_text(value):
    v, lower = value
    return "-" if v is None else ge(lower) + grouped(v)


def ms_text(value):
    """A time given in ms, (value, is a lower bound), as every time: with its unit."""
    v, lower = value
    return "-" if v is None else ge(lower) + duration(v / 1000)


def bounded_ratio(a, b):
    """a against b in steps, of two (value, is a lower bound): "775× more steps", "≥ 2,760× more steps"."""
    return ratio_bounded(a[0], b[0], a[1], b[1], FEWER_STEPS, MORE_STEPS)


def _where_lines(data, peaks):
    """Per n: the located peaks by fraction, and how many are not located."""
    parts = []
    for n in data.orders:
        mine = [p for p in peaks.values() if p.n == n]
        at = {}
        for p in mine:
            if p.located:
                at.setdefault(p.fractions[0], []).append(escape(p.series.label))
        unlocated = [p for p in mine if not p.located]
        text = f"n = {n}: " + "; ".join(f"{fraction_text(f)} ({', '.join(at[f])})" for f in sorted(at))
        if unlocated:
            text += (f"; not located for the other {len(unlocated)}" if at
                     else f"not located for any of the {len(unlocated)}")
            text += " (" + _why_unlocated(unlocated) + ")"
        parts.append(text)
    return ["- Where the median steps peak — " + "; ".join(parts) + "."]


def _why_unlocated(peaks):
    """Why peaks are not located, e.g. "2 tie at the limit over 0.40–0.60, 1 highest at the edge ..."."""
    tied = [p for p in peaks if len(p.fractions) > 1]
    edge = [p for p in peaks if p.edge]
    hidden = [p for p in peaks if p.hidden and p not in tied and p not in edge]
    parts = []
    if tied:
        at = "at the limit " if all(p.at_limit for p in tied) else ""
        parts.append(f"{len(tied)} tie {at}over {span([f for p in tied for f in p.fractions])}")
    if edge:
        parts.append(f"{len(edge)} highest at {span([p.fractions[0] for p in edge])}, the edge of the fractions run")
    if hidden:
        parts.append(f"{len(hidden)} beside medians that are lower bounds")
    return ", ".join(parts)


def _movement_lines(data, peaks):
    """Per series run at two orders n or more: where its peak is at each n."""
    if len(data.orders) < 2:
        return []
    parts = []
    for s in _shown_series(data):
        mine = [peaks[(n, s.label)] for n in data.orders if (n, s.label) in peaks]
        if len(mine) > 1:
            parts.append(f"{escape(s.label)} " + " → ".join(p.token() for p in mine))
    if not parts:
        return []
    return [f"- The peak by n ({' → '.join(f'n = {n}' for n in data.orders)}; F (median): at F, located; "
            "[F1–F2]: the medians tie over these fractions, the peak somewhere among them): "
            + "; ".join(parts) + "."]


def _spread_lines(data):
    """How far the medians of neighbouring fractions, and the instances of one
    fraction, lie apart: the largest ratio of each that the bounds allow to be told."""
    jump, spread = None, None
    for (n, fraction, label), cell in data.cells.items():
        steps = sorted(cell.steps)
        if steps and steps[0][0] > 0 and not steps[0][1]:
            ratio = (max(v for v, _ in steps) / steps[0][0], any(b for _, b in steps))
            if spread is None or ratio > spread[0]:
                spread = (ratio, n, label, fraction)
    for n in data.orders:
        for s in data.present(n):
            line = data.line(n, s)
            for a, b in zip(line, line[1:]):
                lo, hi = sorted([a.statistic("steps", "median"), b.statistic("steps", "median")])
                if lo[0] > 0 and not lo[1] and (jump is None or (hi[0] / lo[0], hi[1]) > jump[0]):
                    jump = ((hi[0] / lo[0], hi[1]), n, s.label, (a.fraction, b.fraction))
    out = []
    if spread:
        (r, lower), n, label, f = spread
        out.append(f"within one fraction the instances' steps span a factor of up to {ge(lower)}{factor_text(r)} "
                   "(max / min; "
                   f"{escape(label)}, n = {n}, {fraction_text(f)})")
    if jump:
        (r, lower), n, label, fs = jump
        out.append(f"the medians of neighbouring fractions differ by a factor of up to {ge(lower)}{factor_text(r)} "
                   f"({escape(label)}, n = {n}, {span(fs)})")
    return ["- Spread: " + "; ".join(out) + "."] if out else []


def _shown_series(data):
    """The series, less degree order where its steps are those of reading order."""
    compared, differ = degree_vs_row(data)
    if not compared or differ:
        return data.series
    return [s for s in data.series if s.order != DEGREE]


def _comparison_lines(data, peaks):
    """A table: the peak medians of each engine's first order against its others, and
    of the first engine against the others at the same order, per n. Where both are
    lower bounds, the shares of runs stopped at a limit instead."""
    shown = _shown_series(data)
    engines = list(dict.fromkeys(s.engine for s in shown))
    orders = list(dict.fromkeys(s.order for s in shown))
    pairs = [((e, orders[0]), (e, o)) for e in engines for o in orders[1:]]
    pairs += [((engines[0], o), (e, o)) for o in orders for e in engines[1:]]
    rows = []
    for a, b in pairs:
        row = [f"{escape('/'.join(a))} against {escape('/'.join(b))}"]
        for n in data.orders:
            pa, pb = _find(peaks, n, a), _find(peaks, n, b)
            if not (pa and pb):
                row.append("-")
            elif pa.lower and pb.lower:
                row.append(f"both ≥; stopped {percent(pa.stopped, pa.runs)} vs {percent(pb.stopped, pb.runs)}")
            else:
                row.append(bounded_ratio(pa.height(), pb.height()))
        if any(cell != "-" for cell in row[1:]):
            rows.append(row)
    if not rows:
        return []
    return (["", "Peak median steps compared: A against B by their peak medians (each at its own peak fraction); "
             "where both are lower bounds, the runs of each stopped at a limit (over all fractions).", ""]
            + table(["A against B"] + [f"n = {n}" for n in data.orders], "l" + "r" * len(data.orders), rows))


def _find(peaks, n, engine_order):
    return next((p for p in peaks.values() if p.n == n and (p.series.engine, p.series.order) == engine_order), None)


# --- the literature ----------------------------------------------------------------

def _literature(data):
    text = ("Gomes & Selman (1997) place the hardness peak of quasigroup completion (QCP, which includes "
            "unsatisfiable instances) near 42% preassigned cells, i.e. 58% holes; Achlioptas, Gomes, Kautz & Selman "
            "(AAAI 2000) place that of QWH (satisfiable by construction) near a threshold in the size of the "
            "backbone. " + _against_qcp(list(_all_peaks(data).values())) + " The two problems differ (QCP's "
            "instances include unsatisfiable ones), so a difference would not contradict it. We did not measure the "
            "backbone (the cells that take the same value in every completion), so the second placement is not "
            "tested here.")
    return ["### The literature", "", text, ""]


def _side(lo, hi):
    """Where the fractions lo..hi lie against QCP's peak."""
    if hi < QCP_PEAK_HOLES - 1e-9:
        return "below"
    if lo > QCP_PEAK_HOLES + 1e-9:
        return "above"
    return "at" if lo == hi else "around"


def _against_qcp(peaks):
    """Our peaks against 58% holes: the located ones, then the ties (which may span it)."""
    located = [p for p in peaks if p.located]
    tied = [p for p in peaks if len(p.fractions) > 1]
    parts = []
    if located:
        at = [p.fractions[0] for p in located]
        sides = [_side(f, f) for f in at]
        counts = ", ".join(f"{sides.count(x)} {x}" for x in ("below", "at", "above") if x in sides)
        parts.append(f"Our {len(located)} located peaks of the median steps lie at {span(at)} holes ({counts} "
                     f"QCP's 58%; n = {', '.join(map(str, sorted({p.n for p in located})))}).")
    else:
        parts.append("None of our peaks of the median steps is located.")
    if tied:
        sides = [_side(min(p.fractions), max(p.fractions)) for p in tied]
        within = span([f for p in tied for f in p.fractions])
        rest = len(peaks) - len(located)
        others = f"The other {rest}" if len(tied) == rest else f"{len(tied)} of the other {rest}"
        if sides.count("around") == len(tied):
            parts.append(f"{others} tie over ranges of fractions (within {within}) that all contain 58%, so they "
                         "place the peak neither below nor above it.")
        else:
            counts = ", ".join(f"{sides.count(x)} {'contain 58%' if x == 'around' else 'lie ' + x + ' it'}"
                               for x in ("around", "below", "above") if x in sides)
            parts.append(f"{others} tie over ranges of fractions (within {within}): {counts}.")
    return " ".join(parts)


# --- the tables per order n ---------------------------------------------------------

def _order_tables(data, n):
    series = data.present(n)
    out = [f"### n = {n} ({n * n} cells): steps and time per hole fraction", "",
           "Median / p90 over the instances of each hole fraction; ≥: a lower bound (runs stopped at a limit).", ""]
    header = ["hole fraction", "instances", "stopped"] + [escape(s.label) for s in series]
    for metric, what, show in (("steps", "steps", steps_text), ("ms", "wall time", ms_text)):
        rows = []
        for f in data.fractions:
            cells = [data.cells.get((n, f, s.label)) for s in series]
            if not any(cells):
                continue
            stopped = sum(c.stopped for c in cells if c)
            runs_ = sum(c.runs for c in cells if c)
            rows.append([fraction_text(f), str(len(data.instances.get((n, f), ()))), f"{stopped} of {runs_}"]
                        + ["-" if c is None else f"{show(c.statistic(metric, 'median'))} / "
                                                 f"{show(c.statistic(metric, 'p90'))}" for c in cells])
        out += [f"**n = {n}, {what}** (median / p90)", ""]
        out += table(header, "lrr" + "r" * len(series), rows) + [""]
    return out


# --- the plots ----------------------------------------------------------------------

# The columns of every data block, and which the plots of (metric, statistic) use.
COLUMNS = ("fraction", "median_steps", "bound", "p90_steps", "bound", "median_ms", "bound", "p90_ms", "bound",
           "instances", "runs_stopped")
Y_COLUMN = {("steps", "median"): 2, ("steps", "p90"): 4, ("ms", "median"): 6, ("ms", "p90"): 8}
Y_LABEL = {("steps", "median"): "median steps", ("steps", "p90"): "p90 steps",
           ("ms", "median"): "median wall time [ms]", ("ms", "p90"): "p90 wall time [ms]"}
PLOT_TITLE = {("steps", "median"): "median steps", ("steps", "p90"): "p90 steps (nearest rank)",
              ("ms", "median"): "median wall time", ("ms", "p90"): "p90 wall time"}


def _block_rows(cells):
    rows = []
    for c in cells:
        row = [c.fraction]
        for metric in ("steps", "ms"):
            for which in ("median", "p90"):
                value, lower = c.statistic(metric, which)
                row += [float(value), int(lower)]
        rows.append(row + [len(c.steps), c.stopped])
    return rows


def _y_range(data, metric, which, limit):
    values = [c.statistic(metric, which)[0] for c in data.cells.values()]
    values = [v for v in values if v > 0] + ([limit] if limit else [])
    if not values:
        return "set yrange [*:*]"
    lo, hi = min(values), max(values)
    return f"set yrange [{10 ** math.floor(math.log10(lo)):g}:{hi * 3:g}]"


def _plot(ctx, data, name, metric, which):
    """One panel per order n, side by side: a statistic against the hole fraction,
    log y, a line per engine/order; open symbols: lower bounds."""
    what = PLOT_TITLE[(metric, which)]
    suffix = "steps" if (metric, which) == ("steps", "median") else "p90" if metric == "steps" else "time"
    # Panels narrow a little when there are many orders, so that the image stays readable.
    panel = 500 if len(data.orders) <= 3 else 400
    plot = Plot(f"{name}-{suffix}", f"{name}: {what} vs hole fraction, one panel per order n",
                panel * len(data.orders) + 100, 640)
    limit = data.step_limit if metric == "steps" else None
    rows = max(1, (len(data.series) + 2 + 3) // 4)
    key_h = 0.035 * rows + 0.02
    lo, hi = min(data.fractions), max(data.fractions)
    title = (f"{name}: {what} over the instances vs hole fraction (open: a lower bound, runs stopped at a limit "
             "decide it)")
    plot.add(f"set multiplot title {quote(title)} font ',13' noenhanced",
             "set logscale y", "set format y '10^{%L}'", GRID, _y_range(data, metric, which, limit),
             f"set xrange [{lo - 0.02:g}:{hi + 0.02:g}]", "set xtics 0.1 out nomirror", "set mxtics 5",
             "set xlabel 'hole fraction'", "unset key",
             f"set tmargin at screen 0.88; set bmargin at screen {key_h + 0.1:.3f}")
    if limit:
        plot.add(f"set arrow 1 from graph 0, first {limit:g} to graph 1, first {limit:g} nohead lc rgb '#888888' "
                 "dt 2 lw 0.8 back")
    # In pixels: the first panel's axis label, the gaps for the next panels' tick labels.
    left, gap, right = 90 / plot.width, 60 / plot.width, 20 / plot.width
    width = (1 - left - right - gap * (len(data.orders) - 1)) / len(data.orders)
    column = Y_COLUMN[(metric, which)]
    for i, n in enumerate(data.orders):
        x0 = left + i * (width + gap)
        plot.add(f"set lmargin at screen {x0:.3f}; set rmargin at screen {x0 + width:.3f}",
                 f"set ylabel {quote(Y_LABEL[(metric, which)])}" if i == 0 else "unset ylabel",
                 f"set title 'n = {n} ({n * n} cells)'")
        lines, points = [], []
        for s in data.present(n):
            data_ref = plot.block(f"{s.label}, n = {n}: per hole fraction over its instances (bound: 1 = a lower "
                                  "bound)", COLUMNS, _block_rows(data.line(n, s)))
            line, marks = _series_clauses(ctx, s, data_ref, column)
            lines.append(line)
            points += marks
        # Every line first, then the symbols on top of them.
        plot.add("plot " + ", \\\n     ".join(lines + points or ["NaN notitle"]))
    plot.add(*_legend(ctx, data, key_h, rows, limit))
    return plot


def _series_clauses(ctx, series, data_ref, column):
    """The series' line, and its symbols: filled for exact values, open for lower
    bounds (on a white disc, so that the lines under them do not fill them)."""
    style = series_style(ctx.listing, series.engine, series.order)
    colour, y, bound = quote(style.colour), f"${column}", f"${column + 1}"
    exact, lower = f"({y} > 0 && {bound} == 0 ? {y} : NaN)", f"({y} > 0 && {bound} == 1 ? {y} : NaN)"
    line = f"{data_ref} using 1:({y} > 0 ? {y} : NaN) with lines lc rgb {colour} dt {style.dash} lw 1.3 notitle"
    return line, [f"{data_ref} using 1:{exact} with points lc rgb {colour} pt {style.point} ps 0.9 notitle",
                  f"{data_ref} using 1:{lower} with points lc rgb 'white' pt {style.point} ps 0.9 notitle",
                  f"{data_ref} using 1:{lower} with points lc rgb {colour} pt {open_point(style.point)} ps 1.1 notitle"]


def _legend(ctx, data, key_h, rows, limit):
    """The shared legend: an empty plot across the bottom holds the key."""
    keys = [f"NaN with linespoints {series_style(ctx.listing, s.engine, s.order).lines()} ps 0.9 "
            f"title {quote(s.label)} noenhanced" for s in data.series]
    keys.append(f"NaN with points lc rgb 'black' pt {open_point(FILLED_POINTS[0])} ps 1.1 "
                f"title {quote(LOWER_BOUND_KEY)}")
    if limit:
        limit_key = quote(f"step limit ({grouped(limit)})")
        keys.append(f"NaN with lines lc rgb '#888888' dt 2 lw 0.8 title {limit_key}")
    return ["unset title; unset xlabel; unset ylabel; unset border; unset tics; unset grid; unset logscale; "
            "unset arrow", "set xrange [0:1]; set yrange [0:1]",
            f"set lmargin at screen 0.02; set rmargin at screen 0.98; set tmargin at screen {key_h:.3f}; "
            "set bmargin at screen 0.005",
            f"set key center center horizontal Left reverse maxcols 4 maxrows {rows} font ',10' samplen 3 "
            "spacing 1.1 width 1",
            "plot " + ", \\\n     ".join(keys), "unset multiplot"]


# What the report reads of this family (analysis/family_section.py).
SECTION = FamilySection(section, reads=READS, ladder=LADDER, pictures=PICTURES)
