"""The harness's own false-positive rate: two identical runs of the notouch sweep at
one commit (DIR/notouch.csv and DIR/notouch-repeat.csv), compared with
`puzzlebench compare`. Nothing changed between them, so every pair it calls
significantly different (faster or slower at p < 0.05) is a false positive; the
goal is at most 5%. Beside it the median cv (stddev / mean of a run's samples)
over the rows with at least two samples: the goal is under 3%.

section() runs the program; render() takes the comparison, for tests.
"""

from .. import compare, stats
from ..csvread import read_csv
from ..markdown import code

TITLE = "## The harness's own false-positive rate"
FIRST, REPEAT = "notouch.csv", "notouch-repeat.csv"
SWEEP = "data/sweeps/notouch.sweep"
GOAL_SHARE = 0.05   # at most this share of pairs called different
GOAL_CV = 0.03      # median cv under this


def section(ctx, results_dir, run_compare=None):
    out = ["", TITLE, ""]
    first, repeat = results_dir / FIRST, results_dir / REPEAT
    if not repeat.is_file() or not first.is_file():
        missing = REPEAT if first.is_file() else FIRST
        return out + [f"_Not run: no {code(missing)}. The rate needs a second identical run of {code(SWEEP)} at the "
                      f"same commit, saved as {code(REPEAT)} (with its .samples.csv and .meta) beside "
                      f"{code(FIRST)}._"]
    if run_compare is None:
        run_compare = lambda a, b: compare.compare_files(ctx.binary, a, b)
    return out + render(run_compare(first, repeat), [read_csv(first), read_csv(repeat)])


def _cv_line(table_):
    if not (table_.has("cv") and table_.has("samples")):
        return f"- {code(table_.name.rsplit('/', 1)[-1])}: no cv column (a file from before the per-run statistics)"
    cvs = [r.num("cv") for r in table_ if r["cv"].strip() and r.num("samples") >= 2]
    name = code(table_.name.rsplit("/", 1)[-1])
    if not cvs:
        return f"- {name}: no row with two samples or more"
    m = stats.median(cvs)
    noisy = sum(c > 0.05 for c in cvs)
    verdict = "met" if m < GOAL_CV else "**not met**"
    return (f"- {name}: median cv {100 * m:.2g}% over its {len(cvs)} rows with two samples or more (goal: under "
            f"{100 * GOAL_CV:.0f}%: {verdict}); {noisy} of them noisy (cv over 5%)")


def render(comparison, tables):
    """The section's body from the compare of the two runs and their tables."""
    compared = [p for p in comparison.pairs if p.compared]
    different = [p for p in compared if p.significant]
    left = len(comparison.pairs) - len(compared)
    out = [f"Two identical runs of {code(SWEEP)}, one after the other at one commit: {code(FIRST)} and "
           f"{code(REPEAT)}, compared pair by pair with `puzzlebench compare {FIRST} {REPEAT}`. Nothing changed "
           "between them, so each pair it calls significantly faster or slower is a false positive.", ""]
    if not compared:
        return out + ["_No pair with both runs finished: no rate._"]
    share = len(different) / len(compared)
    verdict = "met" if share <= GOAL_SHARE else "**not met**"
    faster = sum(p.verdict == "faster" for p in different)
    out.append(f"- **{len(different)} of {len(compared)} pairs ({100 * share:.1f}%) called "
               f"significantly different** ({faster} faster, {len(different) - faster} slower; p < 0.05); the goal "
               f"is at most {100 * GOAL_SHARE:.0f}%: {verdict}."
               + (f" {left} pair{'' if left == 1 else 's'} with a run stopped at its limit "
                  f"{'is' if left == 1 else 'are'} not compared." if left else ""))
    out += [_cv_line(t) for t in tables]
    return out
