"""The kakuro section's table of the public collections: the sweep
bench/families/kakuro/kakuro-public.sweep (a `collection`: the puzzles a published folder's
manifest names) wrote kakuro-public.csv, a first solution and a uniqueness check of
each puzzle, and kakuro-public.manifest.csv, the manifest as published. One row per
collection: puzzles, how many verdicts agree with the manifest, and the median and
largest time of a uniqueness check. The folder is not part of the project, so
without the files the table says "not run".
"""

from ..csvread import read_csv
from ..markdown import code, escape, table
from ..meta import SHORT_KEYS
from ..numfmt import duration
from ..stats import median

FILE = "kakuro-public.csv"
MANIFEST = "kakuro-public.manifest.csv"
KNOWN = {"unique": "unique", ">=2": "multiple", "none": "none"}
VERDICT_WORDS = {"multiple": "it has several solutions", "unique": "it has one solution",
                 "none": "it has no solution", "stopped": "the check stopped at its limit"}


def verdict(row):
    """What a uniqueness check (a count stopped at the second solution) found."""
    if row["status"] != "done":
        return "stopped"
    return {0: "none", 1: "unique"}.get(row.whole("solutions"), "multiple")


def verdicts(rows, manifest):
    """Per manifest entry, in its order: name, collection, rows, cols, known (the
    manifest's word), verdict, agree (True, False, or None when the manifest does not
    know), the check's row and the first solution's row (None when absent)."""
    by = {}
    for r in rows:
        by[(r["instance"], r["mode"])] = r
    out = []
    for m in manifest:
        check, first = by.get((m["name"], "unique")), by.get((m["name"], "first"))
        found = verdict(check) if check else "not run"
        known = m["solutions_checked"]
        agree = (found == KNOWN[known]) if known in KNOWN else None
        out.append({"name": m["name"], "collection": m["name"].split("-")[0], "rows": m.get("height", "?"),
                    "cols": m.get("width", "?"), "known": known, "verdict": found, "agree": agree,
                    "check": check, "first": first})
    return out


def _unknown_line(v):
    """What was found for a puzzle whose count the collection does not know."""
    first = f"a first solution in {duration(v['first'].num('median_s'))}, " if v["first"] else ""
    check = v["check"]
    took = f" in {duration(check.num('median_s'))}, {escape(check['steps'])} steps" if check else ""
    return (f"- {code(v['name'])} ({escape(v['rows'])} × {escape(v['cols'])}; the manifest says "
            f"{code(v['known'])}): read; {first}the uniqueness check{took}: "
            f"{VERDICT_WORDS.get(v['verdict'], escape(v['verdict']))}.")


def _table(found):
    by = {}
    for v in found:
        by.setdefault(v["collection"], []).append(v)
    lines = []
    for name in sorted(by):
        group = by[name]
        known = [v for v in group if v["agree"] is not None]
        agree = sum(bool(v["agree"]) for v in known)
        other = [f"{v['name']}: {v['verdict']}" for v in group if v["agree"] is None]
        cell = f"{agree} of {len(known)}" + (f" ({len(other)} unknown: {'; '.join(other)})" if other else "")
        times = [v["check"].num("median_s") for v in group if v["check"]]
        lines.append([escape(name), str(len(group)), escape(cell), duration(median(times)) if times else "-",
                      duration(max(times)) if times else "-"])
    return table(["collection", "puzzles", "agree with the manifest", "median time", "max time"], "lrlrr",
                 lines) + [""]


def section(ctx, files):
    out = ["### Public collections", ""]
    path, manifest = ctx.dir / FILE, ctx.dir / MANIFEST
    if path not in files or not manifest.is_file():
        return out + [f"_Not run: no {code(FILE)} and {code(MANIFEST)} (`bench/families/kakuro/kakuro-public.sweep`, "
                      "which `run.sh` runs when the public folder `../shared/data/kakuro` or "
                      "`$PB_KAKURO_PUBLIC` is there; the project does not ship it)._", ""]
    found = verdicts(read_csv(path, need=("instance", "mode", "status", "solutions", "steps", "median_s")).rows,
                     read_csv(manifest, need=("name", "solutions_checked")).rows)
    if not found:
        return out + [f"_{code(MANIFEST)} names no puzzles._", ""]
    disagree = [v for v in found if v["agree"] is False]
    out += ["Every puzzle of the public kakuro collections (not part of the project: MarcelGarus/kakuro, "
            "CSP-Rules, PyCSP3, dlxlib, cspuz, cx16-kakuro), solved (a first solution) and counted to two "
            "solutions (the uniqueness check), engine combo, each solution checked against the rules; the "
            "verdict (unique, several, none) is compared with the collection's manifest. A manifest entry "
            "that is not one of those (the source's own solver timed out) is shown, not compared. Times are "
            "one uniqueness check each, the median of its samples.", ""]
    out += _table(found)
    out += [_unknown_line(v) for v in found if v["agree"] is None]
    out += [f"- **disagrees**: {code(v['name'])}: the manifest says {code(v['known'])}, the check "
            f"{escape(v['verdict'])}" for v in disagree]
    if any(v["agree"] is not True for v in found):
        out.append("")
    meta = path.with_suffix(".meta")
    if meta.is_file():
        out += [ctx.meta_line(meta, SHORT_KEYS), ""]
    return out
