"""Two builds of one sweep: `puzzlebench sweep --against BINARY` writes NAME.csv (this
build) and NAME-against.csv (BINARY), their runs measured in the same rounds. The
section shows, per run, this build's time against BINARY's by `puzzlebench compare
NAME-against.csv NAME.csv` (paired round by round: the ratio, its 95% interval, the
verdict on q over the table's pairs), the steps where they differ, and the counts and
geometric mean. The family and generic sections leave both files to it; the method
study's pairs have their own section.

pairs() finds the files; section() runs the program; render() takes the comparison,
for tests.
"""

from .. import compare
from ..markdown import code, escape, table
from ..meta import incomplete_note, meta_of, read_meta
from ..numfmt import ratio
from ..timing import NOISY_MARK

AGAINST = "-against"
NOISY_NOTE = (f"{NOISY_MARK} noisy: a side's samples vary by more than 5% (cv > 0.05); its interval says how much "
              "that matters to the ratio.")


def pairs(results_dir, skip=lambda name: False):
    """(this build's CSV, BINARY's CSV) of each `sweep --against` run in the folder:
    NAME.csv beside NAME-against.csv, both .meta with `against=`; names that skip()
    holds (another section's) left out."""
    out = []
    for theirs in sorted(results_dir.glob(f"*{AGAINST}.csv")):
        mine = theirs.with_name(theirs.name[: -len(f"{AGAINST}.csv")] + ".csv")
        metas = [read_meta(meta_of(f)) for f in (mine, theirs)]
        if mine.is_file() and not skip(mine.name) and all(m is not None and m.get("against") for m in metas):
            out.append((mine, theirs))
    return out


def _binary(meta):
    """The other build's program and how the two ran, from `against=PROGRAM (HOW)`."""
    text = meta.get("against") if meta else ""
    program, _, how = text.partition(" (")
    return program, how.rstrip(")")


def _commit(meta):
    commit = meta.get("commit") if meta else ""
    return code(commit[:12] + ("-dirty" if commit.endswith("-dirty") else "")) if commit else "an unknown commit"


def section(ctx, mine, theirs, run_compare=None):
    """The section of one pair of files; run_compare(old, new) gives the
    compare.Comparison (default: the program's compare)."""
    if run_compare is None:
        def run_compare(old, new):
            return compare.compare_files(ctx.binary, old, new)
    meta_mine, meta_theirs = read_meta(meta_of(mine)), read_meta(meta_of(theirs))
    out = render(mine, theirs, meta_mine, meta_theirs, run_compare(theirs, mine))
    return out + ([ctx.meta_line(meta_mine.path)] if meta_mine is not None else [])


def _label_keys(keys):
    """The keys a run's label is made of: engine and order as one where both vary."""
    return [k for k in keys if k != "order" or "engine" not in keys]


def _run_label(pair, keys):
    words = [compare.label(pair.key[k], pair.key["order"]) if k == "engine" and "order" in keys else pair.key[k]
             for k in _label_keys(keys)]
    return " ".join(escape(w) for w in words) or "the run"


def _cell(pair):
    """The ratio's cell: its text, or why there is none."""
    if pair.compared:
        return pair.text()
    if pair.bound and pair.ratio:
        # at_most: the true ratio is at most this one; in words, a speed-up at least as large.
        sign = "≥" if (pair.bound == "at_most") == (pair.ratio < 1) else "≤"
        return f"{sign} {ratio(pair.ratio, 1)} (a side stopped at its limit)"
    return "not compared (a side did not finish, or too few samples)"


def _steps(pair):
    if pair.old_steps is None or pair.new_steps is None:
        return "-"
    return "the same" if pair.old_steps == pair.new_steps else ratio(pair.new_steps, pair.old_steps, "fewer",
                                                                     "more")


def render(mine, theirs, meta_mine, meta_theirs, comparison):
    """The section's lines, from the two files' names and .meta and their Comparison
    (old: BINARY's file, new: this build's)."""
    name = mine.stem
    program, how = _binary(meta_mine)
    sweep = meta_mine.get("sweep") if meta_mine else ""
    out = ["", f"## Two builds: {code(name)}", ""]
    what = code(sweep) if sweep.endswith(".sweep") else "the sweep"
    out += [f"`puzzlebench sweep --against` ran every run of {what} in two builds: this one "
            f"({code(mine.name)}, {_commit(meta_mine)}) and {code(program or theirs.name)} ({code(theirs.name)}, "
            f"{_commit(meta_theirs)})" + (f", {escape(how)}" if how else "") + ". Per run, this build's time against "
            f"the other's, by {code(f'puzzlebench compare {theirs.name} {mine.name}')}: the ratio with its 95% "
            "interval, its "
            "samples paired round by round (\"1.10× slower [1.07×, 1.13×]\": this build took 1.10 times the time; "
            "\"inconclusive\": not significant at q < 0.05, p adjusted over the table's pairs); the steps, "
            "machine-independent, where they differ. The geometric mean is over the runs both finished, in brackets "
            "that of the intervals' ends (where each ratio lies within its interval, the mean lies within these).", ""]
    notes = [n for n in (incomplete_note(meta_mine), incomplete_note(meta_theirs)) if n]
    if notes:
        out += [notes[0], ""]
    found = comparison.pairs
    if not found:
        return out + ["_compare paired no runs of the two files._", ""]
    keys = [k for k in comparison.keys if len({p.key[k] for p in found}) > 1]
    common = [k for k in comparison.keys if k not in keys]
    if common:
        out += ["Every run: " + ", ".join(code(f"{k}={found[0].key[k]}") for k in common) + ".", ""]
    rows = [[_run_label(p, keys), p.old.text(), p.new.text(), _cell(p), _steps(p)] for p in found]
    compared = [p for p in found if p.compared]
    rows.append(["geometric mean", "", "", compare.geometric_mean_text(compared), ""])
    head = " ".join("engine/order" if k == "engine" and "order" in keys else escape(k) for k in _label_keys(keys))
    out += table([head or "run", "other build", "this build", "this build against the other", "steps"], "lrrrr",
                 rows)
    faster = sum(1 for p in compared if p.verdict == "faster")
    slower = sum(1 for p in compared if p.verdict == "slower")
    out += ["", f"{len(compared)} of {len(found)} runs compared: this build faster in {faster}, slower in {slower}, "
                f"inconclusive in {len(compared) - faster - slower}."]
    if any(p.old.noisy or p.new.noisy for p in found):
        out += ["", NOISY_NOTE]
    return out + [""]
