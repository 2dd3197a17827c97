"""The notouch section "New counts": the table `puzzlebench notouch-table` writes
(notouch-table.tsv, one row a count of an m x n board under one rule), each value with
how it was counted, its time (to the digits the table holds: it rounds each time to
its last decimal place), its peak memory, the tables path-dp planned and how it
was checked, set against the published record: the terms of
tests/data/oeis/notouch-oeis.tsv (A002464, A229429, A229430) and row 1, which is
A002464 under both rules. A value the record holds and the table does not match is
said first, in bold; a summary names the new counts (in no sequence found) and the
largest board. Bad input stops the report with FILE:LINE and what was expected."""

from pathlib import Path

from ..errors import ReportError
from ..markdown import code, escape, table
from ..meta import read_meta
from ..numfmt import NONE, duration_written, memory

TABLE = "notouch-table.tsv"
COLUMNS = ["m", "n", "cells", "rule", "count", "seconds", "peak_bytes", "planned_bytes", "threads", "check",
           "method"]
# A table written before row 1 came from the recurrence: every count is path-dp's.
COLUMNS_PATH_DP = COLUMNS[:-1]
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
    header = lines[0].split("\t") if lines else []
    if header not in (COLUMNS, COLUMNS_PATH_DP):
        raise ReportError(path, "expected the header " + " ".join(COLUMNS) + " (tab-separated)", 1)
    rows = []
    for at, text in enumerate(lines[1:], start=2):
        fields = text.split("\t")
        if len(fields) != len(header):
            raise ReportError(path, f"expected {len(header)} tab-separated fields, got {len(fields)}", at)
        row = {"method": "path-dp", **dict(zip(header, fields))}
        for key in ("m", "n", "cells", "count", "peak_bytes", "planned_bytes", "threads"):
            row[key] = _whole(row[key], path, at, key)
        row["seconds_text"] = row["seconds"]
        try:
            row["seconds"] = float(row["seconds"])
        except ValueError:
            raise ReportError(path, f"expected seconds (a number), got {row['seconds']!r}", at) from None
        if row["rule"] not in RULES:
            raise ReportError(path, f"expected a rule (king or orth), got {row['rule']!r}", at)
        if row["method"] not in ("path-dp", "recurrence"):
            raise ReportError(path, f"expected a method (path-dp or recurrence), got {row['method']!r}", at)
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


def _runs(boards):
    """Boards [(m, n)] as runs along each row: "2x3-2x7, 3x3"."""
    out, start, last = [], None, None
    for m, n in sorted(boards) + [(None, None)]:
        if last and (m, n) == (last[0], last[1] + 1):
            last = (m, n)
            continue
        if last:
            out.append(f"{start[0]}x{start[1]}" + (f"-{last[0]}x{last[1]}" if last != start else ""))
        start = last = (m, n)
    return ", ".join(out)


def _summary(rows, marks):
    """The lines that say what the table holds: its checks, its new counts, its largest board."""
    by_rec = sum(1 for r in rows if r["method"] == "recurrence")
    unchecked = [r for r in rows if r["check"] == "-"]
    line = (f"{len(rows)} counts ({by_rec} of row 1 by A002464's recurrence, {len(rows) - by_rec} by path-dp), "
            f"{len(rows) - len(unchecked)} of them checked a second way")
    line += (", " + ", ".join(f"{r['m']}x{r['n']} {r['rule']}" for r in unchecked) + " not checked"
             if unchecked else ", every one")
    new = [r for r, (mark, _) in zip(rows, marks) if mark == "new"]
    line += f"; {len(new)} new (in no sequence found), {len(rows) - len(new)} in the record."
    out = ["", line]
    if new:
        out += ["", "New: " + "; ".join(f"{rule} {_runs([(r['m'], r['n']) for r in new if r['rule'] == rule])}"
                                       for rule in RULES if any(r["rule"] == rule for r in new)) + "."]
    grid = [r for r in rows if r["m"] > 1]
    if grid:
        most = max(r["cells"] for r in grid)
        boards = sorted({(r["m"], r["n"]) for r in grid if r["cells"] == most}, reverse=True)
        rules = sorted({r["rule"] for r in grid if r["cells"] == most}, key=RULES.index)
        out += ["", f"Largest board counted: {most} cells ({', '.join(f'{m}x{n}' for m, n in boards)}; "
                    f"{' and '.join(rules)}) by path-dp"
                + (f"; row 1 to 1x{max(r['n'] for r in rows if r['m'] == 1)} by the recurrence."
                   if by_rec else ".")]
    return out


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
           f"{escape(meta.get('max_cells', '?'))} cells under both rules, by path-dp, each in a process "
           "of its own (peak: its resident memory at the most; planned: the tables path-dp planned before it "
           "began; time: with no more digits than the table holds, which rounds each time to its last decimal "
           "place), and row 1 by A002464's recurrence, exact as far as a count's 128 bits go, whatever the cells "
           "(the time of a count by the recurrence is the recurrence's for all of row 1 at once). "
           f"All of row 1 and every count of up to {escape(meta.get('check_cells', '?'))} cells was made a second "
           "way (check): `path-dp -t N` path-dp on N threads (on another number than the count's, but on row 1, "
           "which path-dp did not count), "
           "`binomial-sum` A002464's explicit sum, `propagate` a search, `inclusion-exclusion` Karp's over cell sets "
           "(modulo 2^64), `recurrence` (an older table) A002464's; `-` not checked. The command stops and writes "
           "nothing when the two disagree. The record: the terms of "
           f"{code('tests/data/oeis/notouch-oeis.tsv')} (A229429 for orth; no king sequence was found) and row 1, "
           "which is A002464 under both rules.", "",
           ctx.meta_line(path.with_suffix(".meta")), ""]
    marks = [_record(r, published) for r in rows]
    differ = [r for r, (_, bad) in zip(rows, marks) if bad]
    if differ:
        out += [f"**{len(differ)} value(s) differ from the published record:** "
                + ", ".join(f"{r['m']}x{r['n']} {r['rule']}" for r in differ), ""]
    body = [[f"{r['m']}x{r['n']}", r["rule"], code(str(r["count"])), escape(r["method"]),
             duration_written(r["seconds_text"]),
             memory(r["peak_bytes"]) if r["peak_bytes"] else NONE,
             memory(r["planned_bytes"]) if r["planned_bytes"] else NONE,
             escape(r["check"]) if r["check"] != "-" else "not checked", mark] for r, (mark, _) in zip(rows, marks)]
    out += table(["board", "rule", "count", "by", "time", "peak", "planned", "check", "record"], "llrlrrrll", body)
    out += _summary(rows, marks)
    if "row1" in meta:
        out += ["", f"Row 1: {escape(meta['row1'])}."]
    skipped = [v for k, v in meta_pairs if k.startswith("skipped.")]
    if skipped:
        out += ["", "Skipped (their tables would not fit the memory allowed):", ""]
        out += [f"- {escape(v)}" for v in skipped]
    bfiles = meta.get("bfiles", "").split()
    if bfiles:
        out += ["", "OEIS-style b-files (`n a(n)`, a row m over n): " + ", ".join(code(b) for b in bfiles) + "."]
    return out
