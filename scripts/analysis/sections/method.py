"""The harness's own method: how often it calls two identical sides different (A/A
false positives, with no noise floor), how often it sees a real slowdown of 3% and of
10% (slower work: the `slowdown` key), how wide its ratios' 95% intervals are, and
what one comparison costs, for three ways of comparing: two sweeps one after the
other (independent samples), two builds in one sweep taking turns (sweep --against
--pairing alternate) and at the same time (a duet, --against's default on two
cores). The files come from
scripts/method-study.sh (data/sweeps/method.sweep); every comparison runs
`puzzlebench compare --threshold 0`, whose verdicts read q (p adjusted over the
pairs, Benjamini-Hochberg); the share at p < 0.05 alone is shown beside them.

section() finds the files and runs the program; render() takes the comparisons, for
tests.
"""

from .. import compare, numfmt, stats
from ..markdown import code, escape, table
from ..meta import read_meta

TITLE = "## The harness's own method"
SWEEP = "data/sweeps/method.sweep"
GOAL_FP, GOAL_X103, GOAL_X110, GOAL_HALF = 0.05, 0.80, 0.99, 0.02

# name, what it is, its A/A pairs of files (old, new), its detection pairs (fast, slow)
METHODS = (
    ("independent", "two sweeps one after the other, independent samples",
     lambda k: ("method-ind-a", "method-ind-b") if k == 1 else None,
     {1.03: ("method-ind-a", "method-ind-x103"), 1.10: ("method-ind-a", "method-ind-x110")}),
    ("alternate", "two builds in one sweep, one run at a time (`--against --pairing alternate`)",
     lambda k: ("method-alt-against", "method-alt") if k == 1 else None,
     {1.03: ("method-alt-x103", "method-alt-x103-against"), 1.10: ("method-alt-x110", "method-alt-x110-against")}),
    ("duet", "two builds at the same time, one core each (`--against`, its default on two cores), up to 40 "
             "rounds a pair, the time of 20 alternate rounds (`--max-samples 40`)",
     lambda k: (f"method-duet-{k}-against", f"method-duet-{k}"),
     {1.03: ("method-duet-x103", "method-duet-x103-against"), 1.10: ("method-duet-x110", "method-duet-x110-against")}),
)


class Outcome:
    """One method's comparisons: its A/A repetitions, its detections by factor, and the
    wall time of one comparison (both sides), None when unknown: the median of walls,
    each repetition's, where they are given."""

    def __init__(self, name, about, aa, detected, wall_s, walls=None):
        self.name, self.about, self.aa, self.detected, self.wall_s = name, about, aa, detected, wall_s
        self.walls = walls or []


def _elapsed(results_dir, names):
    """The wall time of the sweeps named: their .meta's elapsed_s, summed over separate
    sweeps; the two files of one --against run share it (its larger is taken)."""
    times = []
    for name in names:
        meta = read_meta(results_dir / f"{name}.meta") or {}
        try:
            times.append(float(meta.get("elapsed_s", "")))
        except ValueError:
            return None
    return times


def section(ctx, results_dir, run_compare=None):
    out = ["", TITLE, ""]
    if run_compare is None:
        def run_compare(a, b, *options):
            return compare.compare_files(ctx.binary, a, b, "--threshold", "0", *options)
    outcomes = []
    for name, about, aa_files, det_files in METHODS:
        aa, k = [], 1
        while (pair := aa_files(k)) and all((results_dir / f"{f}.csv").is_file() for f in pair):
            aa.append(run_compare(*(results_dir / f"{f}.csv" for f in pair)))
            k += 1
        if not aa:
            continue
        detected = {}
        for factor, pair in det_files.items():
            if all((results_dir / f"{f}.csv").is_file() for f in pair):
                detected[factor] = run_compare(*(results_dir / f"{f}.csv" for f in pair), "--allow-mismatch")
        # Each repetition's wall time; the method's is their median, not the first's.
        walls = []
        for rep in range(1, len(aa) + 1):
            times = _elapsed(results_dir, aa_files(rep))
            walls.append(None if times is None else (sum(times) if name == "independent" else max(times)))
        wall = None if None in walls else stats.median(walls)
        outcomes.append(Outcome(name, about, aa, detected, wall, walls if wall is not None else None))
    if not outcomes:
        return out + [f"_Not run: no {code('method-*.csv')} (scripts/method-study.sh runs {code(SWEEP)} "
                      "three ways)._"]
    return out + render(outcomes)


def _called(comparisons, verdicts):
    """(pairs with a verdict in verdicts, pairs compared) over the comparisons."""
    pairs = [p for c in comparisons for p in c.pairs if p.compared]
    return sum(p.verdict in verdicts for p in pairs), len(pairs)


def _p_alone(comparisons):
    """(pairs with p below 0.05, pairs compared): what each pair's own test, before the
    adjustment over the pairs, would call different."""
    pairs = [p for c in comparisons for p in c.pairs if p.compared]
    return sum(p.p_value is not None and p.p_value < 0.05 for p in pairs), len(pairs)


def _halfwidth(p):
    if not (p.ratio and p.ratio_lo and p.ratio_hi):
        return None
    return max(p.ratio_hi / p.ratio, p.ratio / p.ratio_lo) - 1


def _share(k, n, goal, at_most):
    if not n:
        return "no pair"
    met = k <= goal * n if at_most else k >= goal * n
    return f"{k} of {n} ({100 * k / n:.1f}%)" + ("" if met else " **(goal not met)**")


def render(outcomes):
    """The section's body from the methods' outcomes (Outcome)."""
    out = [f"{code(SWEEP)} compared three ways, by `puzzlebench compare --threshold 0` (significance alone, no "
           "noise floor). A verdict reads q, the pair's p-value adjusted over the comparison's pairs "
           "(Benjamini-Hochberg: a 5% false discovery rate): a sweep tests dozens of pairs at once, and one test "
           "per pair at p < 0.05 calls 5 in 100 identical pairs different by chance alone, a share shown beside "
           "it (\"p alone\"). A/A: both sides the same binary (a copy for the builds), so every pair called faster "
           "or slower is a false positive. ×1.03 and ×1.10: one side runs that much slower work (the sweep's "
           "`slowdown` key, or `--against-slowdown`), and a pair called slower is a detection. The half-width is "
           "that of the A/A ratios' 95% intervals, relative; the wall time that of one A/A comparison, both "
           "sides (the median over a method's repetitions). Two builds run in six worker processes each (`--against-processes`), the rounds taken by them "
           "in turns, and a pair's interval comes from its processes' mean ratios, so that what holds for one "
           "process's life (where its code and memory lie) is in it. Goals: at most "
           f"{GOAL_FP:.0%} false positives, ×1.03 seen in at least {GOAL_X103:.0%} of the pairs and ×1.10 in "
           f"{GOAL_X110:.0%}, a median half-width of at most {GOAL_HALF:.0%}.", ""]
    rows = []
    for o in outcomes:
        fp = _called(o.aa, ("faster", "slower"))
        halves = [h for c in o.aa for p in c.pairs if p.compared and (h := _halfwidth(p)) is not None]
        alone = _p_alone(o.aa)
        cells = [f"**{escape(o.name)}**: {o.about}", _share(*fp, GOAL_FP, True),
                 f"{alone[0]} of {alone[1]} ({100 * alone[0] / alone[1]:.1f}%)" if alone[1] else "no pair"]
        for factor, goal in ((1.03, GOAL_X103), (1.10, GOAL_X110)):
            c = o.detected.get(factor)
            cells.append(_share(*_called([c], ("slower",)), goal, False) if c else "not run")
        if halves:
            m = stats.median(halves)
            cells.append(f"±{100 * m:.1f}%" + ("" if m <= GOAL_HALF else " **(goal not met)**"))
        else:
            cells.append("-")
        cells.append(numfmt.duration(o.wall_s) if o.wall_s is not None else "?")
        rows.append(cells)
    out += table(["method", "A/A called different", "A/A at p < 0.05 alone", "×1.03 called slower",
                  "×1.10 called slower", "median half-width", "wall time"], "lrrrrrr", rows)
    for o in outcomes:
        if len(o.aa) > 1:
            each = [_called([c], ("faster", "slower")) for c in o.aa]
            worst = max(k / n for k, n in each if n) if any(n for _, n in each) else 0
            out += ["", f"- {escape(o.name)}, A/A in each of its {len(o.aa)} repetitions: "
                    + ", ".join(f"{k} of {n}" for k, n in each)
                    + f" called different (goal: at most {GOAL_FP:.0%} in each: "
                    + ("met" if worst <= GOAL_FP else "**not met**") + "); at p < 0.05 alone: "
                    + ", ".join("{} of {}".format(*_p_alone([c])) for c in o.aa)
                    + ("; wall time of each: " + ", ".join(numfmt.duration(w) for w in o.walls) if o.walls else "")
                    + "."]
    return out
