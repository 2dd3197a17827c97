"""The harness's own false-positive rate: two identical runs of the notouch sweep at
one commit (DIR/notouch.csv and DIR/notouch-repeat.csv), compared with
`puzzlebench compare`. Nothing changed between them, so every pair it calls
significantly different (faster or slower at p < 0.05, beyond compare's noise
floor of 3%) is a false positive; the goal is at most 5%. Beside it: the rate
without the floor (significance alone), the two runs' whole shift (the geometric
mean of the ratios), the median cv (stddev / mean of a run's samples) over the
rows with at least two samples (goal: under 3%), and the check that a real change
is seen: the repeat with every sample scaled by 1.10 must be called slower in at
least 90% of the pairs whose cv is under 3% on both sides. Last, what each run's
guard on the machine's speed did (its .meta's ref_run, ref_s, speed_waits and
speed_rounds lines).

section() runs the program; render() takes the comparison, for tests.
"""

from .. import compare, numfmt, stats
from ..csvread import read_csv
from ..markdown import code, escape
from ..meta import read_meta

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
        def run_compare(a, b, *options):
            return compare.compare_files(ctx.binary, a, b, *options)
        scaled = compare.compare_scaled(ctx.binary, first, repeat, 1.10)
    else:
        scaled = None
    return out + render(run_compare(first, repeat), [read_csv(first), read_csv(repeat)],
                        bare=run_compare(first, repeat, "--threshold", "0"), scaled=scaled) + \
        [_guard_line(p) for p in (first, repeat)]


def _guard_line(csv_path):
    """What the run's guard on the machine's speed did, from its .meta."""
    name = code(csv_path.name)
    meta = read_meta(csv_path.with_suffix(".meta"))
    if meta is None or not meta.get("speed_waits"):
        return f"- {name}: no record of a guard on the machine's speed (a run from before it, or not guarded)"
    return (f"- {name}, the guard on the machine's speed (tolerance {escape(meta.get('speed_tolerance', '?'))}): "
            f"reference run {code(meta.get('ref_run'))}, readings {code(meta.get('ref_s'))}; waits "
            f"{escape(meta.get('speed_waits'))}; rounds {escape(meta.get('speed_rounds'))}.")


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


def _share(pairs):
    compared = [p for p in pairs if p.compared]
    return sum(p.significant for p in compared), len(compared)


def _scaled_line(scaled):
    tight = [p for p in scaled.pairs if p.compared and p.old.cv is not None and p.new.cv is not None
             and p.old.cv < GOAL_CV and p.new.cv < GOAL_CV]
    if not tight:
        return "- A real change: no pair has a cv under 3% on both sides, so the 1.10 check has nothing to test."
    slower = sum(p.verdict == "slower" for p in tight)
    verdict = "met" if slower >= 0.9 * len(tight) else "**not met**"
    return (f"- A real change: with every sample of {code(REPEAT)} multiplied by 1.10, compare calls "
            f"{slower} of the {len(tight)} pairs with cv under 3% on both sides slower "
            f"({100 * slower / len(tight):.0f}%; goal at least 90%: {verdict}).")


def render(comparison, tables, bare=None, scaled=None):
    """The section's body from the compare of the two runs and their tables; bare is
    the same compare without the noise floor, scaled the one against the repeat
    with every sample times 1.10 (each optional)."""
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
               f"significantly different** ({faster} faster, {len(different) - faster} slower; p < 0.05 and the "
               f"ratio's interval beyond compare's noise floor of 1 ± 3%); the goal "
               f"is at most {100 * GOAL_SHARE:.0f}%: {verdict}."
               + (f" {left} pair{'' if left == 1 else 's'} with a run stopped at its limit "
                  f"{'is' if left == 1 else 'are'} not compared." if left else ""))
    if comparison.geomean is not None:
        out.append(f"- The runs' whole shift: the repeat is {numfmt.ratio(comparison.geomean, 1)} in the geometric "
                   "mean of the pairs' ratios. A shift of the whole machine between two runs is what compare's "
                   "noise floor (a verdict's interval must lie beyond 1 ± 3%) is for.")
    if bare is not None:
        n, total = _share(bare.pairs)
        if total:
            out.append(f"- Without the noise floor (`--threshold 0`, significance alone): {n} of {total} pairs "
                       f"({100 * n / total:.1f}%) called different.")
    out += [_cv_line(t) for t in tables]
    if scaled is not None:
        out.append(_scaled_line(scaled))
    return out
