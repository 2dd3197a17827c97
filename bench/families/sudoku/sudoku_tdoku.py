"""Sudoku beside tdoku: tdoku's published figures on three public 9x9 sets, and, when the
optional file sudoku-tdoku.csv is in the results, our `logic` and tdoku measured side by
side on those sets (the tuning sets: the goal was set, and logic tuned, on them) and on
held-out sets made by another method, shipped in data/sudoku.

tdoku's sets (17_clue, top1465, forum_hardest_1905_11plus) and tdoku are not part of the
project, so the run on them is made apart, by the tool sweep sudoku-tdoku.sweep
(scripts/tdoku.sh, or scripts/run.sh with PB_TDOKU and PB_TDOKU_SETS), which writes the
file and its .meta. One row per set, mode, tool
and round: set, mode (first: the first solution, `puzzlebench solve` and tdoku's
`run_benchmark -f`; unique: the uniqueness check, `puzzlebench count -l 2` and
run_benchmark's default), tool (logic or tdoku), round, puzzles, puzzles_per_s,
guesses_per_puzzle. The rounds alternate the two tools on one core, so each round's
ratio compares runs made moments apart.
"""

from .. import stats
from ..csvread import read_csv
from ..markdown import code, escape, table
from ..numfmt import NONE, num

FILE = "sudoku-tdoku.csv"
# The goal the report checks: logic at least this times tdoku's speed on every set.
GOAL = 1.05
SETS = ("17_clue", "top1465", "forum_hardest_1905_11plus")
# The held-out sets (scripts/tdoku.sh runs them) and how each was made: not our
# generator's 9x9 sets, on which the engines were developed.
HELD_OUT = {"9x9-unique": "random full grids with givens taken out while cadical proves each puzzle unique "
                          "(scripts/make-sudoku-unique.py --size 9)"}
# tdoku's benchmarks/results_i7-1065G7/i7-1065G7_clang-11_O3_native (puzzles/s,
# guesses/puzzle): run_benchmark's defaults, so every puzzle is proven unique (limit 2)
# and the puzzles are randomly relabelled and permuted.
PUBLISHED = {"17_clue": (364354.6, 0.61), "top1465": (137579.5, 9.05),
             "forum_hardest_1905_11plus": (24001.7, 64.98)}
GUESSES = ("A guess is counted alike on both sides: once per branch point, the other way being a deduction. "
           "Ours is a value placed in a cell that had more than one value left; tdoku's is one of a digit's "
           "ways across a band's three boxes (its band configurations), tried against the others.")


def _spread(values, fmt):
    """The median of `values` and their range: "1.07 [0.98, 1.12]"."""
    if not values:
        return NONE
    return f"{fmt(stats.median(values))} [{fmt(min(values))}, {fmt(max(values))}]"


def _measured(path):
    """{(set, mode): {tool: [rows]}} from the optional file, in file order."""
    groups = {}
    for row in read_csv(path, need=("set", "mode", "tool", "round", "puzzles", "puzzles_per_s",
                                    "guesses_per_puzzle")):
        groups.setdefault((row["set"], row["mode"]), {}).setdefault(row["tool"], []).append(row)
    return groups


def _role(set_):
    """A measured set's role in the claim: tuning, held-out, or neither (a user's own)."""
    return "tuning" if set_ in SETS else "held-out" if set_ in HELD_OUT else "other"


def _ratios(tools):
    """logic's puzzles/s over tdoku's, per round both tools ran."""
    by_round = {t: {r["round"]: r.num("puzzles_per_s") for r in rows} for t, rows in tools.items()}
    ours, theirs = by_round.get("logic", {}), by_round.get("tdoku", {})
    return [ours[k] / theirs[k] for k in ours if k in theirs and theirs[k] > 0]


def section(ctx, path):
    """The tdoku table; `path` is the optional file or None."""
    out = ["", "### Sudoku beside tdoku", "",
           "tdoku's published figures (its repository's benchmarks, i7-1065G7, clang 11 -O3 -march=native) on "
           "public sets that are not part of the project. " + GUESSES, ""]
    rows = [[code(s), num(PUBLISHED[s][0]), num(PUBLISHED[s][1])] for s in SETS]
    out += table(["set", "tdoku puzzles/s (published)", "tdoku guesses/puzzle (published)"], "lrr", rows)
    if path is None:
        return out + ["", f"_Our run on these sets is shown when {code(FILE)} is in the results "
                          "(see bench/families/sudoku/sudoku_tdoku.py for its columns)._"]
    groups = _measured(path)
    out += ["", f"Source: {code(path.name)}, the two tools alternated on one core, median [range] over the "
                "rounds. Role: tuning, tdoku's sets, on which the goal below was set and logic tuned; held-out, "
                "sets made by another method and never tuned on: "
                + "; ".join(f"{code(s)}, {t}" for s, t in HELD_OUT.items()) + ".", ""]
    rows = []
    for (set_, mode), tools in groups.items():
        col = lambda tool, c, fmt: _spread([r.num(c) for r in tools.get(tool, [])], fmt)
        rows.append([code(set_), _role(set_), escape(mode), str(len(tools.get("logic", []))),
                     col("logic", "puzzles_per_s", num), col("tdoku", "puzzles_per_s", num),
                     _spread(_ratios(tools), lambda x: "%.2f" % x),
                     col("logic", "guesses_per_puzzle", num), col("tdoku", "guesses_per_puzzle", num)])
    out += table(["set", "role", "mode", "rounds", "logic puzzles/s", "tdoku puzzles/s", "logic / tdoku",
                  "logic guesses/puzzle", "tdoku guesses/puzzle"], "llllrrrrr", rows)
    return out + ["", _goal(groups)]


def _goal(groups):
    """The goal: logic at least GOAL times tdoku's puzzles/s in every round (the lowest
    ratio, so that no round contradicts it) and no more guesses per puzzle, judged on
    the tuning sets and, apart, on the held-out ones, where a miss says the claim does
    not hold."""
    verdicts = {}
    for (set_, mode), tools in groups.items():
        ratios = _ratios(tools)
        guesses = {t: [r.num("guesses_per_puzzle") for r in tools.get(t, [])] for t in ("logic", "tdoku")}
        why = []
        if not ratios:
            why.append("no round with both tools")
        elif min(ratios) < GOAL:
            why.append(f"lowest ratio {min(ratios):.2f}")
        if guesses["logic"] and guesses["tdoku"] and max(guesses["logic"]) > min(guesses["tdoku"]):
            why.append("more guesses")
        name = f"{code(set_)} {escape(mode)}" + (f" ({', '.join(why)})" if why else "")
        verdicts.setdefault(_role(set_), ([], []))[1 if why else 0].append(name)
    text = f"Goal: logic at least {GOAL:.2f}× tdoku's puzzles/s in every round, with at most its guesses per puzzle"
    parts = []
    for role, label in (("tuning", "on the tuning sets"), ("held-out", "on the held-out sets"),
                        ("other", "on the other sets")):
        if role not in verdicts:
            continue
        met, missed = verdicts[role]
        part = f"{label}: met on {len(met)} of {len(met) + len(missed)}"
        if missed:
            part += f"; **{'does not hold' if role == 'held-out' else 'not met'}** on {'; '.join(missed)}"
        parts.append(part)
    if "held-out" not in verdicts:
        parts.append("the held-out sets have no rows in this file: the goal is not checked on held-out data")
    return text + ". " + ". ".join(p[0].upper() + p[1:] for p in parts) + "."
