"""The kakuro section's table of the public collections: one row per collection of
kakuro-public.csv (scripts/kakuro-public.py, which scripts/kakuro-experiments.sh runs
when the public folder is there): puzzles, how many verdicts agree with the
collection's manifest, and the median and maximum time of a uniqueness check. The
folder is not part of the project, so without the file the table says "not run".
"""

from ..csvread import read_csv
from ..markdown import code, escape, table
from ..meta import SHORT_KEYS
from ..numfmt import duration
from ..stats import median

FILE = "kakuro-public.csv"
NEED = ("collection", "name", "known", "verdict", "agree", "median_s")


VERDICT_WORDS = {"multiple": "it has several solutions", "unique": "it has one solution",
                 "none": "it has no solution", "stopped": "the check stopped at its limit"}


def _unknown_line(r):
    """What was found for a puzzle whose count the collection does not know."""
    solve = r.get("solve_s", "").strip()
    first = f"a first solution in {duration(float(solve))}, " if solve else ""
    steps = r.get("steps", "").strip()
    return (f"- {code(r['name'])} ({escape(r.get('rows', '?'))} × {escape(r.get('cols', '?'))}; the manifest "
            f"says {code(r['known'])}): read; {first}the uniqueness check (`--limit 2`) in "
            f"{duration(r.num('median_s'))}" + (f", {escape(steps)} steps" if steps else "")
            + f": {VERDICT_WORDS.get(r['verdict'], escape(r['verdict']))}.")


def section(ctx, files):
    out = ["### Public collections", ""]
    path = ctx.dir / FILE
    if path not in files:
        return out + [f"_Not run: no {code(FILE)} (`scripts/kakuro-public.py PUZZLEBENCH --csv FILE`, which "
                      "`scripts/kakuro-experiments.sh` runs when the public folder `../shared/data/kakuro` or "
                      "`$PB_KAKURO_PUBLIC` is there; the project does not ship it)._", ""]
    rows = read_csv(path, need=NEED).rows
    if not rows:
        return out + [f"_{code(FILE)} has no puzzles._", ""]
    by = {}
    for r in rows:
        by.setdefault(r["collection"], []).append(r)
    lines = []
    for name in sorted(by):
        group = by[name]
        known = [r for r in group if r["agree"] != ""]
        agree = sum(r["agree"] == "1" for r in known)
        other = [f"{r['name']}: {r['verdict']}" for r in group if r["agree"] == ""]
        cell = f"{agree} of {len(known)}" + (f" ({len(other)} unknown: {'; '.join(other)})" if other else "")
        times = [r.num("median_s") for r in group]
        lines.append([escape(name), str(len(group)), escape(cell), duration(median(times)),
                      duration(max(times))])
    checked = sum(r.get("solution_checked", "0") == "1" for r in rows)
    out += ["Every puzzle of the public kakuro collections (not part of the project: MarcelGarus/kakuro, "
            "CSP-Rules, PyCSP3, dlxlib, cspuz, cx16-kakuro), counted to two solutions (`count kakuro NAME.kak "
            "--limit 2`, the default engine) and its verdict (unique, several, none) compared with the "
            "collection's manifest; a manifest entry that is not one of those (the source's own solver timed "
            f"out) is shown, not compared. {checked} unique puzzles' solutions were also compared with the "
            "published ones, digit for digit. Times are one uniqueness check each (the median of the samples "
            "when the run took several).", ""]
    out += table(["collection", "puzzles", "agree with the manifest", "median time", "max time"], "lrlrr",
                 lines) + [""]
    for r in rows:
        if r["agree"] == "":
            out.append(_unknown_line(r))
    if any(r["agree"] == "" for r in rows):
        out.append("")
    meta = path.with_suffix(".meta")
    if meta.is_file():
        out += [ctx.meta_line(meta, SHORT_KEYS), ""]
    return out
