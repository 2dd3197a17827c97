"""Isomorphic copies (the sweep key `copies K`): a sweep that runs each puzzle also as K
copies (the puzzle under a symmetry of its rules, the same copies for every tool) names
copy C's rows INSTANCE.copyC. A solver's conflicts on one orientation of a hard puzzle
swing several-fold with the order it meets cells and values in, so a comparison rests
on the totals over every orientation (the puzzle and its copies), and the spread over
them says how much one orientation alone could have misled.

Here: the copy number of a row's instance, and the ladder section's words and table
for a family part whose rows have copies (sections/ladder.py calls them).
"""

import random
import re

from . import stats
from .markdown import code, escape, table
from .numfmt import bounded_ratio, factor_text, grouped, ratio_interval

# The puzzles drawn again: how many draws, from a fixed seed (the same files give the
# same interval), and the fewest puzzles worth drawing from.
DRAWS, DRAW_SEED, DRAW_MIN_PUZZLES = 10000, 1, 5

COPY = re.compile(r"^(.*)\.copy([0-9]+)$")


def split_copy(instance):
    """(the instance without its copy suffix, the copy number: 0 for the original)."""
    m = COPY.match(instance)
    return (m.group(1), int(m.group(2))) if m else (instance, 0)


def orientations(runs):
    """How many orientations each puzzle ran in: 1 + the highest copy number."""
    return 1 + max((r.copy for r in runs), default=0)


def spreads(runs, tool):
    """Per puzzle (run.base) of tool's runs that all finished with counts: the largest
    over the smallest of its conflicts across orientations (None where one is 0)."""
    by = {}
    for r in runs:
        if r.tool == tool:
            by.setdefault(r.base, []).append(r)
    out = []
    for mine in by.values():
        if len(mine) < 2 or not all(r.done and r.backtracks is not None for r in mine):
            continue
        lo, hi = min(r.backtracks for r in mine), max(r.backtracks for r in mine)
        if lo > 0:
            out.append(hi / lo)
    return out


def spread_text(values):
    """"median 1.8×, largest 4.5× (of 8 puzzles)", or "-" with none."""
    if not values:
        return "-"
    return (f"median {factor_text(stats.median(values))}×, largest {factor_text(max(values))}× "
            f"(of {len(values)} puzzle{'s' if len(values) > 1 else ''})")


# What a copy is, in sudoku's words: a family whose copies differ says its own (the
# ladder's "copies_how").
SUDOKU_HOW = "symbols relabelled, bands, stacks and the rows and columns within them shuffled, maybe transposed"


def intro(n, how=SUDOKU_HOW):
    """The words that say copies were used, and why (n orientations per puzzle; how: what
    a copy is)."""
    return (f"Each puzzle ran in {n} orientations: as given and as {n - 1} isomorphic cop{'y' if n == 2 else 'ies'} (the sweep's "
            f"`copies`: {how}; the same copies for every tool, drawn from a fixed seed; copy C's rows are named "
            "`….copyC`). A solver's conflicts on one orientation of a hard puzzle can swing several-fold with "
            "the order it meets cells and values in, so the totals below are over every orientation, and the "
            "spread (a puzzle's most conflicts over its fewest, across its orientations) says how far one "
            "orientation alone could mislead.")


def totals_part(runs, sets, tools, ref, totals, ratio_of):
    """Per set and tool: solved, time and conflicts summed over every orientation, ref's
    ratio against the tool in each, and the tool's spread over orientations. totals
    is the ladder's Totals class, ratio_of(a, b) its ratio of two Totals' times."""
    out = ["", f"Per set and tool, summed over every orientation: the runs solved within the limit, the total "
           f"time (the sum of the runs' medians; ≥ when a run stopped at the limit; in brackets the sums of the "
           f"runs' lower and upper bounds, their medians' intervals, a run of one sample counting its time in "
           f"both), the conflicts (backtracks for engines without learning), {escape(ref)} against the tool in "
           f"both (the time's bounds: one total's lower bound over the other's upper, and the reverse), and "
           f"the spread of the tool's conflicts over each puzzle's orientations.", ""]
    body = []
    for s in sets:
        mine = [r for r in runs if r.set == s]
        mine_ref = totals([r for r in mine if r.tool == ref])
        for t in tools:
            tot = totals([r for r in mine if r.tool == t])
            if not tot.n:
                continue
            same = t == ref
            time_vs = "-" if same else ratio_of(mine_ref, tot)
            conf_vs = "-"
            if not same and tot.backtracks is not None and mine_ref.backtracks is not None:
                conf_vs = bounded_ratio(mine_ref.backtracks, tot.backtracks, mine_ref.lower, tot.lower,
                                        less="fewer", more="more")
            body.append([code(s), escape(t), f"{tot.solved}/{tot.n}", tot.time_text(), tot.backtracks_text(),
                         time_vs, conf_vs, spread_text(spreads(mine, t))])
    header = ["set", "tool", "solved", "time", "conflicts", f"{escape(ref)} against it: time",
              f"{escape(ref)} against it: conflicts", "conflicts' spread over orientations"]
    return out + table(header, "llrrrrrl", body)


def per_puzzle_cell(mine, totals):
    """One tool's runs on one puzzle's orientations: total time [the sums of the runs'
    interval bounds] · total conflicts [fewest, most of the orientations that finished;
    how many stopped]. A run stopped at the limit has only a bound on its conflicts (an
    outside solver's is 0), so it stays out of the range. totals is the ladder's Totals
    class."""
    tot = totals(mine)
    text = tot.time_text()
    if tot.backtracks is not None:
        done = [r.backtracks for r in mine if r.done]
        stopped = len(mine) - len(done)
        span = f"{grouped(int(min(done)))}, {grouped(int(max(done)))}" if done else "-"
        text += f" · {tot.backtracks_text()} [{span}{f'; {stopped} stopped' if stopped else ''}]"
    return text


def puzzles_drawn_again(runs, a="learn", b="cadical"):
    """a's total time over b's with the set drawn again: its puzzles with replacement,
    then each drawn puzzle's orientations with replacement, a's and b's runs on one
    orientation kept together (a two-stage bootstrap: how far the choice of puzzles
    and of their orientations alone moves the ratio). (The ratio, the 95% percentile
    interval's ends, the number of puzzles), or None unless every run of both
    finished on at least DRAW_MIN_PUZZLES puzzles, each orientation run by both."""
    times = {}
    for r in runs:
        if r.tool in (a, b):
            if not r.done:
                return None
            times.setdefault(r.base, {}).setdefault(r.copy, {})[r.tool] = r.seconds
    puzzles = sorted(times)
    pairs = [[(t[a], t[b]) for _, t in sorted(times[p].items()) if len(t) == 2] for p in puzzles]
    if len(puzzles) < DRAW_MIN_PUZZLES or any(len(o) != len(times[p]) for o, p in zip(pairs, puzzles)):
        return None
    rng = random.Random(DRAW_SEED)
    n = len(puzzles)
    ratios = []
    for _ in range(DRAWS):
        mine = theirs = 0.0
        for _ in range(n):
            orient = pairs[rng.randrange(n)]
            for _ in orient:
                x, y = orient[rng.randrange(len(orient))]
                mine, theirs = mine + x, theirs + y
        if theirs > 0 and mine > 0:
            ratios.append(mine / theirs)
    whole = sum(x for o in pairs for x, _ in o) / sum(y for o in pairs for _, y in o)
    return whole, stats.quantile(ratios, 0.025), stats.quantile(ratios, 0.975), n


def target_words(runs, ref="cadical"):
    """What the learn target against ref adds with copies: the orientations, the ratio
    of conflicts on the originals alone (what one orientation would have said), and
    both tools' spreads."""
    n = orientations(runs)
    orig = [r for r in runs if r.copy == 0 and r.tool in ("learn", ref)]
    lo = [r.backtracks for r in orig if r.tool == "learn"]
    co = [r.backtracks for r in orig if r.tool == ref]
    words = f" Totals over {n} orientations of each puzzle (the puzzle and {n - 1} isomorphic cop{'y' if n == 2 else 'ies'})."
    if lo and co and None not in lo and None not in co and all(r.done for r in orig):
        words += (" On the puzzles as given alone, learn would take "
                  f"{bounded_ratio(sum(lo), sum(co), less='fewer conflicts', more='more conflicts')}.")
    words += (f" Spread of the conflicts over a puzzle's orientations: learn {spread_text(spreads(runs, 'learn'))}; "
              f"{escape(ref)} {spread_text(spreads(runs, ref))}.")
    drawn = puzzles_drawn_again(runs, "learn", ref)
    if drawn:
        r, lo, hi, n = drawn
        words += (f" With the {n} puzzles drawn again, and each drawn puzzle's orientations (a two-stage "
                  f"bootstrap, {DRAWS:,} draws), learn's time against {escape(ref)}'s: {ratio_interval(r, lo, hi)} "
                  "(95%): how far the choice of puzzles and orientations alone moves the ratio.")
    return words
