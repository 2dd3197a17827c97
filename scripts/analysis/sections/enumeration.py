"""Enumeration against backtracking: the users' first question, answered head on from
every engine sweep that a family's module gives this section (READS["enumeration"],
reads.py). For every board and mode, each
enumeration (enum-all, and enum-perm where it ran) against each search (backtrack and
propagate in the listing's first cell order, value-order, path-dp): the search's time
against the enumeration's as a ratio with its 95% interval and verdict, and the steps
ratio.

The numbers are `puzzlebench compare`'s (compare.compare_labels: old = the
enumeration, new = the search; "12.3× faster" means the search took 12.3 times
less time). Every pair where both finished is counted, however wide its interval; a
pair where a side stopped at its limit is shown with honest bounds from what the
stopped run used. A board run under several settings of the family (a sweep's
family-sets) is a board under each, named with the setting ("2x4 diff=3"), each
pair of its own (runs.problem_columns).

section() runs the program; render() takes the comparisons, so that tests can feed
it fixture output.
"""

from .. import compare, runs
from ..csvread import read_csv
from ..reads import declared, files
from ..markdown import code, escape, table
from ..numfmt import FEWER_STEPS, MORE_STEPS, bounded_ratio, duration, ratio
from ..timing import NOISY_NOTE

TITLE = "## Enumeration against backtracking"
SECTION = "enumeration"
KIND = "engines"  # the kind of sweep it reads (reads.py)
ENUMERATIONS = ("enum-all", "enum-perm")
SEARCHES = ("backtrack", "propagate", "value-order", "path-dp")
# The searches with a cell order are compared in the listing's first order (row).
ORDERED = ("backtrack", "propagate")


def labels_in(groups, listing):
    """(enumerations, searches) present in the file, as engine/order labels."""
    base = listing.orders[0] if listing.orders else "row"
    have = {(g.engine, g.order) for g in groups}
    enums = [e for e in ENUMERATIONS if any(engine == e for engine, _ in have)]
    searches = []
    for s in SEARCHES:
        if s in ORDERED:
            if (s, base) in have:
                searches.append(compare.label(s, base))
        elif any(engine == s for engine, _ in have):
            searches.append(s)
    return enums, searches


def sweeps(ctx):
    """The result CSVs of the results folder that this section reads, by name."""
    return files(ctx.dir, declared(ctx, SECTION, KIND))


def section(ctx, paths, run_compare=None):
    """The section from the sweeps it reads (sweeps() of the results folder);
    run_compare(path, old_label, new_label) gives a compare.Comparison (default: the
    program's compare)."""
    out = ["", TITLE, ""]
    if not paths:
        return out + [f"_No sweep in this folder that a family's module gives this section ({code('READS')}): "
                      "not measured._"]
    for path in paths:
        if len(paths) > 1:
            out += [f"### {escape(path.stem)}", ""]
        out += _one_sweep(ctx, path, run_compare)
    return out


def _one_sweep(ctx, path, run_compare):
    name = path.name
    table_ = read_csv(path, need=runs.RUN_COLUMNS)
    groups = runs.group_runs(table_, runs.file_problem_columns(path, table_))
    enums, searches = labels_in(groups, ctx.listing)
    if not enums or not searches:
        return [f"_{code(name)} has no enumeration or no search runs: nothing to compare._", ""]
    samples = compare.samples_path(path)
    if run_compare is None:
        if not samples.is_file():
            return [f"_{code(name)} has no raw samples beside it ({code(samples.name)}): the comparison needs "
                    "them. Re-run the sweep with this version of the program._", ""]
        run_compare = lambda p, a, b: compare.compare_labels(ctx.binary, p, a, b)
    comparisons = {(e, s): run_compare(path, e, s) for e in enums for s in searches}
    return render(ctx.listing, groups, enums, searches, comparisons, name)


def _group_index(groups):
    return {(g.problem, g.mode, str(g.threads), compare.label(g.engine, g.order)): g for g in groups}


def _problem(key, apart):
    """The name of a compare pair's board, as runs.Group.problem names it."""
    return " ".join([key.get("instance") or ""] + [f"{c}={key.get(c)}" for c in apart])


def _stopped_cell(enum, search, eg, sg):
    """The cell of a pair that compare left out: a side stopped at its limit."""
    et, st = eg.timing(), sg.timing()
    es, ss = eg.median("steps") or eg.limit_median("steps"), sg.median("steps") or sg.limit_median("steps")
    if et.lower and st.lower:
        return "both stopped at their limits"
    # The ratios are the search's against enum's whichever stopped; the words name it.
    lower = {"b_lower": True} if et.lower else {"a_lower": True}
    (stopped, stopped_t), (other, other_t) = ((enum, et), (search, st)) if et.lower else ((search, st), (enum, et))
    time = bounded_ratio(st.median, et.median, **lower)
    steps = bounded_ratio(ss, es, **lower, less=FEWER_STEPS, more=MORE_STEPS)
    if time.startswith("n/a"):
        return (f"{escape(stopped)} stopped at its limit after {duration(stopped_t.median)} (one sample); "
                f"{escape(other)} took {other_t.text()}")
    return f"{time}, {escape(stopped)} stopped at its limit; {steps}"


def _cell(pair, enum, search, index, apart):
    if not pair.compared:
        key = (_problem(pair.key, apart), pair.key.get("mode"), pair.key.get("threads"))
        eg, sg = index.get(key + (enum,)), index.get(key + (search,))
        if eg is None or sg is None:
            return "- (a side did not finish)"
        return _stopped_cell(enum, search, eg, sg)
    return f"{pair.text()}; {ratio(pair.new_steps, pair.old_steps, FEWER_STEPS, MORE_STEPS)}"


class Tally:
    """The verdicts of one search against one enumeration in one mode."""

    def __init__(self):
        self.n = self.faster = self.slower = self.same = self.stopped = 0

    def add(self, pair):
        if not pair.compared:
            self.stopped += 1
        else:
            self.n += 1
            self.faster += pair.verdict == "faster"
            self.slower += pair.verdict == "slower"
            self.same += pair.verdict == "~"

    def text(self):
        if not (self.n or self.stopped):
            return "not run"
        parts = [f"faster on {self.faster} of {self.n}, slower on {self.slower}, inconclusive on {self.same}"]
        if self.stopped:
            parts.append(f"{self.stopped} with a run stopped at its limit (bounds in the tables)")
        return "; ".join(parts)


def _board_table(enum, mode, boards, searches, comparisons, index, tallies, apart):
    """The per-board table of one enumeration and mode (rows only for boards it ran);
    boards: (cells, name, its key columns' values) each."""
    rows, noisy = [], False
    for cells, name, key in boards:
        row = [escape(name), str(cells)]
        seen = False
        for s in searches:
            found = comparisons[(enum, s)].find(**key, mode=mode)
            if not found:
                row.append("not run")
                continue
            seen = True
            pair = found[0]
            tallies[(enum, s, mode)].add(pair)
            noisy = noisy or (pair.compared and (pair.old.noisy or pair.new.noisy))
            row.append(_cell(pair, enum, s, index, apart))
        if seen:
            rows.append(row)
    if not rows:
        return [], noisy
    out = [f"**{escape(enum)}, mode {escape(mode)}**: each search against {escape(enum)}", ""]
    out += table(["board", "cells"] + [escape(s) for s in searches], "lr" + "l" * len(searches), rows) + [""]
    return out, noisy


def render(listing, groups, enums, searches, comparisons, name):
    """The section's body for the sweep file NAME from {(enumeration, search):
    compare.Comparison}."""
    index = _group_index(groups)
    apart = groups[0].apart if groups else ()
    boards = {}
    for g in groups:
        boards.setdefault(g.problem, ((g.cells, g.instance, g.setting_rank), {"instance": g.instance, **g.setting}))
    boards = [(cells, name, key) for name, ((cells, _, _), key) in sorted(boards.items(), key=lambda b: b[1][0])]
    modes = sorted({g.mode for g in groups}, key=listing.mode_rank)
    order = listing.orders[0] if listing.orders else "row"
    out = [f"From {code(name)}, by `puzzlebench compare`: per pair, the ratio of the two runs' times with its 95% "
           "interval. Runs sampled in the same rounds of the sweep are paired round by round (the geometric mean of "
           "the per-round ratios, a t-interval and a paired t-test); others are compared as independent samples (the "
           "ratio of the medians, a percentile-bootstrap interval and a Mann–Whitney U test). Every ratio is the "
           "**search's time against the enumeration's**: \"12.3× faster [11.9×, 12.8×]\" means the search took 12.3 "
           "times less time, its interval in brackets; \"inconclusive\" marks a difference not significant at "
           "q < 0.05 (p adjusted, Benjamini-Hochberg, over the pairs of one enumeration and one search, every "
           "board and mode, as compare adjusts them), shown with its "
           f"interval all the same. Steps are exact counts. Searches with a cell order run "
           f"in {code(order)} order here. Where a run stopped at its limit the cell gives a bound from what the "
           "stopped run used.", ""]
    if apart:
        out += [runs.apart_words(apart, "board"), ""]
    tallies = {(e, s, m): Tally() for e in enums for s in searches for m in modes}
    tables, noisy = [], False
    for enum in enums:
        for mode in modes:
            lines, n = _board_table(enum, mode, boards, searches, comparisons, index, tallies, apart)
            tables += lines
            noisy = noisy or n
    summary = []
    for enum in enums:
        for s in searches:
            g = comparisons[(enum, s)].geomean
            summary.append([escape(s), escape(enum)] + [tallies[(enum, s, m)].text() for m in modes]
                           + [ratio(g, 1) if g else "-"])
    out += ["Boards where the search is significantly faster or slower than the enumeration (of the boards where "
            "both finished; every one of them counts), and compare's geometric mean of the time ratios over them:",
            ""]
    out += table(["search", "against"] + [f"mode {escape(m)}" for m in modes] + ["geometric mean"],
                 "ll" + "l" * len(modes) + "r", summary) + [""]
    out += tables
    if noisy:
        out += [NOISY_NOTE]
    return out
