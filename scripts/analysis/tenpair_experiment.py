#!/usr/bin/env python3
"""The small computations scripts/tenpair-experiments.sh needs between its runs
(the shell only runs commands):

  fields CSV COLUMN...       the named fields of the CSV's first data row, one line,
                             space-separated (columns by name; a missing one is an error)
  wins-table COUNT_OUTPUT [RUN_ID]
                             "length,wins,cumulative" from the `length=L wins=N` lines
                             of a tenpair count's output (and a run_id column with
                             RUN_ID on every row when given)
  over SECONDS LIMIT         exit 0 when SECONDS > LIMIT, else 1
  next-over WALL PREV BUDGET exit 0 when the next bound, predicted to take WALL²/PREV
                             (each +2 of length has multiplied the time by about the
                             same factor), would take 1.3 BUDGET or more, else 1
Errors: one line `tenpair_experiment: FILE:LINE: what was expected`, exit 2.
"""

import re
import sys
from pathlib import Path

sys.dont_write_bytecode = True
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from analysis.csvread import read_csv  # noqa: E402
from analysis.errors import ReportError  # noqa: E402


def number(text):
    try:
        return float(text)
    except ValueError:
        raise ReportError("argument", f'expected a number, got "{text}"') from None


def fields(path, *columns):
    rows = read_csv(path, need=columns).rows
    if not rows:
        raise ReportError(path, "expected a data row after the header", 2)
    print(" ".join(rows[0][c] for c in columns))
    return 0


def wins_table(path, run_id=None):
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise ReportError(path, f"cannot read: {e.strerror}") from None
    print("length,wins,cumulative" + (",run_id" if run_id is not None else ""))
    total = 0
    for line in lines:
        found = re.fullmatch(r"length=(\d+) wins=(\d+)", line)
        if found:
            total += int(found.group(2))
            print(f"{found.group(1)},{found.group(2)},{total}" + (f",{run_id}" if run_id is not None else ""))
    return 0


def main(argv):
    commands = {"fields": (fields, 2, None), "wins-table": (wins_table, 1, 2),
                "over": (lambda a, b: 0 if number(a) > number(b) else 1, 2, 2),
                "next-over": (lambda w, p, b: 0 if number(w) ** 2 / number(p) > 1.3 * number(b) else 1, 3, 3)}
    if not argv or argv[0] not in commands:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    run, least, most = commands[argv[0]]
    args = argv[1:]
    if len(args) < least or (most is not None and len(args) > most):
        print(f"tenpair_experiment: {argv[0]}: wrong number of arguments", file=sys.stderr)
        return 2
    try:
        return run(*args)
    except ReportError as e:
        print(f"tenpair_experiment: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
