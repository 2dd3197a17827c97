"""The notouch section "New counts": the table `puzzlebench notouch-table` writes
(notouch-table.tsv, one row a count of an m x n board under one rule), each value with
its time, its peak memory, the tables path-dp planned and how it was checked, set
against the published record: the terms of tests/data/oeis/notouch-oeis.tsv (A002464,
A229429, A229430) and row 1, which is A002464 under both rules. A value the record
holds and the table does not match is said first, in bold. Bad input stops the report
with FILE:LINE and what was expected."""

from pathlib import Path

from ..errors import ReportError
from ..markdown import code, escape, table
from ..meta import read_meta
from ..numfmt import NONE, duration, memory

TABLE = "notouch-table.tsv"
COLUMNS = ["m", "n", "cells", "rule", "count", "seconds", "peak_bytes", "planned_bytes", "threads", "check"]
RULES = ("king", "orth")
PUBLISHED = Path(__file__).resolve().parents[3] / "tests" / "data" / "oeis" / "notouch-oeis.tsv"


def _whole(text, path, line, what):
    if not text.isdigit():
        raise ReportError(path, f"expected {what} (a whole number), got {text!r}", line)
    return int(text)


def read_table(path):
    """The rows of a notouch-table.tsv as dicts (m, n, count ... as numbers, rule and
    check as text); ReportError naming the line on anything else."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise ReportError(path, f"cannot read it: {getattr(e, 'strerror', None) or e}") from None
    if not lines or lines[0].split("\t") != COLUMNS:
        raise ReportError(path, "expected the header " + " ".join(COLUMNS) + " (tab-separated)", 1)
    rows = []
    for at, text in enumerate(lines[1:], start=2):
        fields = text.split("\t")
        if len(fields) != len(COLUMNS):
            raise ReportError(path, f"expected {len(COLUMNS)} tab-separated fields, got {len(fields)}", at)
        row = dict(zip(COLUMNS, fields))
        for key in ("m", "n", "cells", "count", "peak_bytes", "planned_bytes", "threads"):
            row[key] = _whole(row[key], path, at, key)
        try:
            row["seconds"] = float(row["seconds"])
        except ValueError:
            raise ReportError(path, f"expected seconds (a number), got {row['seconds']!r}", at) from None
        if row["rule"] not in RULES:
            raise ReportError(path, f"expected a rule (king or orth), got {row['rule']!r}", at)
        if not 1 <= row["m"] <= row["n"] or row["m"] * row["n"] != row["cells"]:
            raise ReportError(path, f"expected 1 <= m <= n and cells = m n, got {row['m']} {row['n']} "
                                    f"{row['cells']}", at)
        rows.append(row)
    return rows


def read_published(path=PUBLISHED):
    """{(rule, m, n) with m <= n: [(sequence, term, count) ...]} from the published terms;
    {} when the file is absent (a copy of results/ without the source tree)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return {}
    out = {}
    for at, text in enumerate(lines, start=1):
        if not text.strip() or text.startswith("#"):
            continue
        fields = text.split("\t")
        rows, _, cols = fields[3].partition("x") if len(fields) == 5 else ("", "", "")
        if not (rows.isdigit() and cols.isdigit() and fields[4].isdigit() and fields[2] in RULES):
            raise ReportError(path, "expected: sequence term rule RxC count (tab-separated)", at)
        m, n = sorted((int(rows), int(cols)))
        out.setdefault((fields[2], m, n), []).append((fields[0], fields[1], int(fields[4])))
    return out


def _record(row, published):
    """(what the record says, whether it disagrees)."""
    known = published.get((row["rule"], row["m"], row["n"]))
    if known:
        differ = [f"**{seq} {escape(term)} is {count}: differs**" for seq, term, count in known
                  if count != row["count"]]
        if differ:
            return ", ".join(differ), True
        return ", ".join(f"{seq} {escape(term)}" for seq, term, _ in known), False
    if row["m"] == 1:
        return "A002464 (row 1)", False
    return "new", False


def section(ctx, results_dir):
    path = Path(results_dir) / TABLE
    if not path.is_file():
        return []
    rows = read_table(path)
    published = read_published()
    meta = read_meta(path.with_suffix(".meta"))
    meta_pairs = meta.pairs if meta else []
    meta = meta.first if meta else {}
    out = ["", "## New counts", "",
           f"Source: {code(path.name)} (`puzzlebench notouch-table`): every rectangle m x n (m <= n) of up to "
           f"{escape(meta.get('max_cells', '?'))} cells under both rules, counted by path-dp, each in a process of "
           f"its own (peak: its resident memory at the most; planned: the tables path-dp planned before it began). "
           f"Every count of up to {escape(meta.get('check_cells', '?'))} cells was made a second way (check): "
           "`recurrence` is A002464's, `propagate` a search, `inclusion-exclusion` Karp's over cell sets (modulo "
           "2^64), `path-dp -t N` the same engine on another number of threads; the command stops and writes nothing when the two disagree. The record: the terms of "
           f"{code('tests/data/oeis/notouch-oeis.tsv')} (A229429 for orth; no king sequence was found) and row 1, "
           "which is A002464 under both rules.", "",
           ctx.meta_line(path.with_suffix(".meta")), ""]
    marks = [_record(r, published) for r in rows]
    differ = [r for r, (_, bad) in zip(rows, marks) if bad]
    if differ:
        out += [f"**{len(differ)} value(s) differ from the published record:** "
                + ", ".join(f"{r['m']}x{r['n']} {r['rule']}" for r in differ), ""]
    body = [[f"{r['m']}x{r['n']}", r["rule"], code(str(r["count"])), duration(r["seconds"]),
             memory(r["peak_bytes"]), memory(r["planned_bytes"]) if r["planned_bytes"] else NONE,
             escape(r["check"]), mark] for r, (mark, _) in zip(rows, marks)]
    out += table(["board", "rule", "count", "time", "peak", "planned", "check", "record"], "llrrrrll", body)
    new = sum(1 for mark, _ in marks if mark == "new")
    checked = sum(1 for r in rows if r["check"] != "-")
    out += ["", f"{len(rows)} counts, {checked} of them checked a second way; {new} new (in no sequence found), "
                f"{len(rows) - new} in the record."]
    skipped = [v for k, v in meta_pairs if k.startswith("skipped.")]
    if skipped:
        out += ["", "Skipped (their tables would not fit the memory allowed):", ""]
        out += [f"- {escape(v)}" for v in skipped]
    bfiles = meta.get("bfiles", "").split()
    if bfiles:
        out += ["", "OEIS-style b-files (`n a(n)`, a row m over n): " + ", ".join(code(b) for b in bfiles) + "."]
    return out
