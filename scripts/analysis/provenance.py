"""One coherent run: the report's inputs must come from one commit, and every CSV
row must name its .meta.

- Commits: the `commit=` line of every .meta in the results folder (and one level
  below it, e.g. kakuro-example/generate.meta), and the `commit` of micro.json's
  context. More than one value (a .meta without the line counts as "none") stops
  the report with exit 2 and a line naming each commit's files, unless
  --allow-mixed is given: then the report opens with a warning block. The other
  build of a `sweep --against BINARY` pair (NAME-against.meta beside NAME.meta, both
  with `against=`) names BINARY's commit by design: it is named apart, not mixed.
- Row ids: a CSV with a run_id column (NAME.csv, and a side table NAME.X.csv beside
  it: NAME.samples.csv, NAME.levels.csv) must have a NAME.meta whose `run_id=` line
  (one id, or several separated by spaces) holds the run_id of each of its rows;
  else exit 2, naming file and line.
- Row counts: NAME.csv beside a NAME.meta that says `rows=N of RUNS` (a sweep's, or a
  generator's records, that says its status: complete, interrupted or stopped) must
  hold N rows (less the runs a series' stop rule skipped, `skipped.ROW=`); else exit
  2, naming the file. A row taken out by hand would otherwise read as
  a run that did not solve its instance, and one added as a run of the sweep.
"""

import json
import re

from .csvread import read_csv
from .errors import ReportError
from .markdown import code
from .meta import is_side_table, is_skipped_key, meta_of, read_meta

NONE = "none"


class IncoherentInputs(ReportError):
    """Inputs that are not one coherent run: the report exits with status 2."""

    exit_status = 2


def _input_metas(results_dir):
    found = sorted(results_dir.glob("*.meta")) + sorted(results_dir.glob("*/*.meta"))
    return [p for p in found if p.is_file()]


def _micro_commit(results_dir):
    path = results_dir / "micro.json"
    try:
        context = json.loads(path.read_text(encoding="utf-8")).get("context", {})
    except (OSError, ValueError, AttributeError):
        return None
    commit = context.get("commit") if isinstance(context, dict) else None
    return str(commit) if commit else None


def other_build(path, meta):
    """The commit of NAME-against.meta where it is the other build of a `sweep
    --against` pair with another commit than NAME.meta's (both with `against=`), else
    None."""
    if meta is None or not meta.get("against") or not path.name.endswith("-against.meta"):
        return None
    partner = read_meta(path.with_name(path.name[: -len("-against.meta")] + ".meta"))
    if partner is None or not partner.get("against") or partner.get("commit") == meta.get("commit"):
        return None
    return meta.get("commit") or NONE


def commits(results_dir, others=None):
    """{commit: [the files that name it, relative to the folder]}, in file order; the
    other builds of --against pairs (other_build) go to others instead, as (file,
    commit), when a list is given."""
    by = {}
    for path in _input_metas(results_dir):
        meta = read_meta(path)
        name = str(path.relative_to(results_dir))
        other = other_build(path, meta)
        if other is not None and others is not None:
            others.append((name, other))
            continue
        by.setdefault((meta.get("commit") if meta else "") or NONE, []).append(name)
    micro = _micro_commit(results_dir)
    if micro:
        by.setdefault(micro, []).append("micro.json")
    return by


def describe(by):
    """"commit A: x.meta, y.meta; commit B: z.meta"."""
    return "; ".join(f"commit {c}: {', '.join(files)}" for c, files in by.items())


def check_commits(results_dir, allow_mixed):
    """The report's lines about its inputs' commit: a header line naming the one
    commit, or (with allow_mixed) a warning block; mixed commits without it raise
    IncoherentInputs."""
    others = []
    by = commits(results_dir, others)
    apart = "".join(f" {code(f)} names {code(c)}: the other build of its `sweep --against` pair." for f, c in others)
    if not by:
        return ["_No .meta file: the commit of these results is unknown._"]
    if len(by) == 1:
        commit, files = next(iter(by.items()))
        if commit == NONE:
            return [f"_None of the {len(files)} .meta files names its commit._" + apart]
        return [f"Built from one commit: {code(commit)} (the `commit=` line of all {len(files)} input files)."
                + apart]
    if not allow_mixed:
        raise IncoherentInputs(results_dir, f"the inputs mix {len(by)} commits: {describe(by)} "
                               "(re-run them at one commit, or build anyway with --allow-mixed)")
    return [f"> **Warning: these results mix {len(by)} commits** (built with `--allow-mixed`). Figures from different "
            "commits may not be comparable:", ">"] + [f"> - {code(c)}: {', '.join(code(f) for f in files)}"
                                                       for c, files in by.items()] + ([">", ">" + apart] if apart else [])


def _meta_ids(meta_path):
    meta = read_meta(meta_path)
    if meta is None:
        return None
    return set(meta.get("run_id").split())


def _check_row_count(path, meta_path, rows):
    """NAME.csv holds as many rows as NAME.meta's `rows=N of RUNS` says (IncoherentInputs
    naming the file otherwise); a side table (NAME.samples.csv) has rows of its own."""
    if is_side_table(path):
        return
    meta = read_meta(meta_path)
    said = re.match(r"(\d+) of \d+", meta.get("rows")) if meta is not None else None
    if said is None or meta.get("status") not in ("complete", "interrupted", "stopped"):
        return
    # A run a series' stop rule skipped (skipped.ROW=why) is counted without a row.
    skipped = sum(1 for key, _ in meta.pairs if is_skipped_key(key))
    if int(said.group(1)) not in (rows, rows + skipped):
        raise IncoherentInputs(path, f"holds {rows} rows, but {meta_path.name} says rows={meta.get('rows')} "
                               "(expected a row for each run it counts: a row taken out or added by hand, or "
                               "files of two runs?)")


def check_run_ids(results_dir):
    """Every row's run_id is listed in its .meta (IncoherentInputs naming file and line otherwise)."""
    csvs = sorted(results_dir.glob("*.csv")) + sorted(results_dir.glob("*/*.csv"))
    for path in csvs:
        with open(path, encoding="utf-8", errors="replace") as f:
            header = f.readline()
        if "run_id" not in [c.strip() for c in header.strip().split(",")]:
            continue
        meta_path = meta_of(path)
        ids = _meta_ids(meta_path)
        if ids is None:
            raise IncoherentInputs(path, f"has a run_id column but there is no {meta_path.name} to name its run")
        table = read_csv(path, need=("run_id",))
        for row in table:
            if row["run_id"] not in ids:
                listed = " ".join(sorted(ids)) or "no run_id line"
                raise IncoherentInputs(path, f'run_id "{row["run_id"]}" is not in {meta_path.name} ({listed})',
                                       row.line)
        _check_row_count(path, meta_path, len(table))
