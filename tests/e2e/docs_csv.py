#!/usr/bin/env python3
"""docs_csv.py — the table of CSV columns in docs/measurement.md ("The CSV") lists a
sweep's columns as the program writes them: every column, in the header's order (read
from the document and from a small sweep, so that the two cannot drift). Rows of the
table that name columns only some sweeps have (a word beside the names: "figures",
"the family's settings") are left out of the comparison.

usage: docs_csv.py PUZZLEBENCH SOURCE_DIR
"""

import re
import subprocess
import sys
import tempfile
from pathlib import Path


def documented(src):
    """The column names of the table's rows that name every column they hold."""
    text = (Path(src) / "docs" / "measurement.md").read_text(encoding="utf-8")
    section = text.split("\n## The CSV\n", 1)[1].split("\n## ", 1)[0]
    names = []
    for line in section.splitlines():
        if not line.startswith("| `"):
            continue
        first = line.split(" | ", 1)[0][2:]
        if re.sub(r"`[^`]*`|[, ]", "", first):
            continue  # "`bytes`, ..., figures": columns of some sweeps alone
        names += re.findall(r"`([^`]*)`", first)
    return names


def written(pb):
    """The header of a one-run sweep's CSV."""
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run([pb, "sweep", "--family", "notouch", "--instances", "2x3", "--engines", "backtrack",
                               "--samples", "1", "--out", tmp, "-q"], capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            sys.exit(f"docs_csv: the sweep failed (exit {done.returncode}): {done.stderr}")
        return (Path(tmp) / "notouch.csv").read_text().splitlines()[0].split(",")


def main():
    pb, src = sys.argv[1], sys.argv[2]
    doc, header = documented(src), written(pb)
    if doc != header:
        print("docs/measurement.md's CSV table does not list the sweep's columns in order:\n"
              f"  the table:  {','.join(doc)}\n  the header: {','.join(header)}", file=sys.stderr)
        return 1
    print(f"docs_csv: {len(header)} columns, in the header's order")
    return 0


if __name__ == "__main__":
    sys.exit(main())
