"""`puzzlebench compare` for the report: the statistics (bootstrap interval of the
ratio, Mann–Whitney U) are the program's; this module runs it and reads its --csv
output into Pairs.

The output (contract): KEY..., old_samples, old_median_s, old_lo_s, old_hi_s, old_cv,
new_samples, new_median_s, new_lo_s, new_hi_s, new_cv, ratio, ratio_lo, ratio_hi,
p_value, verdict, old_steps, new_steps, steps_ratio, method, n, bound, q_value, and, from
the program that pairs across a key one side lacks, new_keys; one line per pair,
then a geometric-mean line with "geomean" in the first key column. ratio = new / old
time (below 1: new is faster); q_value: p_value adjusted over the tested pairs
(Benjamini-Hochberg); verdict: faster, slower, ~ (q >= 0.05) or - (not
compared: a side did not finish, or too few samples); method: paired (by round) or
independent; n: the rounds paired or the fewer samples; bound: empty, or at_most /
at_least when one side stopped at its limit (the ratio then bounds the true one);
new_keys: KEY=VALUE;... where the new row's key differs from the old's (one lacks it);
'%', ';' (and '=' in a KEY) written %25, %3B, %3D (urllib.parse.unquote reads them back).

compare pairs rows on every key column but the one of --by, the cell order
among them. To set an engine in one order against another engine (enum-all has no
order, backtrack has three), compare_labels() writes the two engine/orders' rows
to a copy of the CSV in which the engine column holds the label ("backtrack/row")
and the order column "-", beside the raw samples of those rows, and compares the
labels there; given each side's setting (threads, params, engine seed), it takes
only the rows of that setting and sets aside the columns in which the two differ.
"""

import csv
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from . import csvread, stats
from .csvread import parse_csv
from .errors import ReportError
from .numfmt import ratio_interval
from .shown import shown
from .timing import NOISY_MARK, Timing

STAT_COLUMNS = ("old_samples", "old_median_s", "old_lo_s", "old_hi_s", "old_cv", "new_samples", "new_median_s",
                "new_lo_s", "new_hi_s", "new_cv", "ratio", "ratio_lo", "ratio_hi", "p_value", "verdict", "old_steps",
                "new_steps", "steps_ratio", "method", "n", "bound", "q_value")
# Columns of newer output that older output lacks: statistics all the same, never keys.
OPTIONAL_COLUMNS = ("new_keys",)
VERDICTS = ("faster", "slower", "~", "-")
SIGNIFICANT = ("faster", "slower")


def _number(row, column):
    text = row[column].strip()
    return None if text in ("", "-", "nan", "inf") else row.num(column)


class Pair:
    """One compared pair: its key fields, both sides' timings, the time ratio new / old
    with its 95% interval, the p-value, the verdict, and the steps."""

    def __init__(self, row, keys):
        self.key = {k: row[k] for k in keys}
        self.line = row.line

        def side(prefix):
            samples = _number(row, prefix + "samples")
            cv = _number(row, prefix + "cv")
            return Timing(_number(row, prefix + "median_s"), _number(row, prefix + "lo_s"),
                          _number(row, prefix + "hi_s"), int(samples or 0), cv is not None and cv > 0.05, cv)

        self.old, self.new = side("old_"), side("new_")
        self.ratio = _number(row, "ratio")
        self.ratio_lo = _number(row, "ratio_lo")
        self.ratio_hi = _number(row, "ratio_hi")
        self.p_value = _number(row, "p_value")
        self.q_value = _number(row, "q_value")
        self.verdict = row["verdict"].strip()
        if self.verdict not in VERDICTS:
            raise ReportError(row.table.name, f'verdict "{self.verdict}": expected one of {", ".join(VERDICTS)}',
                              row.line)
        self.old_steps = _number(row, "old_steps")
        self.new_steps = _number(row, "new_steps")
        self.steps_ratio = _number(row, "steps_ratio")
        self.method = row["method"].strip()
        self.n = int(_number(row, "n") or 0)
        # "at_most": one side stopped at its limit and the ratio bounds the true one
        # from above (new at least 1/ratio times faster); "at_least" from below.
        self.bound = row["bound"].strip()

    @property
    def compared(self):
        """Both sides finished and compare gave a verdict: the pair counts. A bound
        (one side stopped at its limit) is not an estimate, and is shown apart."""
        return self.verdict != "-" and not self.bound

    @property
    def significant(self):
        return self.verdict in SIGNIFICANT

    def text(self):
        """The time ratio with its interval, ", inconclusive" where not significant, and
        the noisy mark where a side is noisy: "1.8× faster [0.9×, 3.1×], inconclusive†"."""
        time = ratio_interval(self.ratio, self.ratio_lo, self.ratio_hi)
        verdict = time if self.significant else f"{time}, inconclusive"
        return verdict + (NOISY_MARK if self.old.noisy or self.new.noisy else "")


def geometric_mean_text(pairs):
    """The geometric mean of the pairs' time ratios, in brackets that of their
    intervals' ends ("7.37× faster [6.70×, 8.19×]": where each ratio lies within its
    interval, the mean lies within these); "-" without pairs."""
    if not pairs:
        return "-"
    ends = [[p.ratio for p in pairs], [p.ratio_lo for p in pairs], [p.ratio_hi for p in pairs]]
    return ratio_interval(*(stats.geometric_mean(v) if all(x and x > 0 for x in v) else None for v in ends))


class Comparison:
    """The pairs of one compare run and its geometric mean of the time ratios."""

    def __init__(self, pairs, keys, geomean):
        self.pairs = pairs
        self.keys = keys
        self.geomean = geomean

    def find(self, **key):
        return [p for p in self.pairs if all(p.key.get(k) == v for k, v in key.items())]


def parse(lines, where):
    """A Comparison from compare's --csv output (lines of text); bad output is a ReportError."""
    table = parse_csv(lines, where, need=STAT_COLUMNS)
    keys = [c for c in table.columns if c not in STAT_COLUMNS and c not in OPTIONAL_COLUMNS]
    if not keys:
        raise ReportError(where, "expected key columns before the statistics", 1)
    pairs, geomean = [], None
    for row in table:
        if row[keys[0]].strip() == "geomean":
            geomean = _number(row, "ratio")
            continue
        pairs.append(Pair(row, keys))
    return Comparison(pairs, keys, geomean)


SAME_LINES = "same"  # a copy whose lines are the original's, line for line


def _originals(text, copies):
    """text with each working copy's name (and line) put back as the file the user
    has: copies holds (copy, original, lines), lines being the line numbers in the
    original of the copy's lines, or SAME_LINES."""
    for copy, original, lines in copies:
        def own(m, original=original, lines=lines):
            n = int(m.group(1)) if m.group(1) else 0
            if n and lines == SAME_LINES:
                return f"{original}:{n}"
            return f"{original}:{lines[n - 1]}" if 0 < n <= len(lines) else str(original)
        text = re.sub(re.escape(str(copy)) + r"(?::(\d+))?", own, text)
    return text


def run(binary, args, copies=()):
    """compare's --csv output for `args` (a ReportError when it fails); copies: the
    working copies among args, named as the user's files in messages (_originals)."""
    command = [binary, "compare", *map(str, args), "--csv"]
    where = _originals(" ".join(command), copies)
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    except OSError as e:
        raise ReportError(binary, f"could not run: {e}") from None
    except subprocess.TimeoutExpired:
        raise ReportError(where, "did not finish within 300 s") from None
    if done.returncode != 0:
        first = _originals((done.stderr.strip().splitlines() or ["no message"])[0], copies)
        raise ReportError(where, f"failed (exit {done.returncode}): {first}")
    return where, done.stdout.splitlines(keepends=True)


def compare_files(binary, old, new, *options):
    where, lines = run(binary, [old, new, *options])
    return parse(lines, where)


def compare_scaled(binary, old, new, scale):
    """compare of old against a copy of new whose every sample is multiplied by scale
    (the issue's check that a real slowdown is seen)."""
    work = Path(tempfile.mkdtemp(prefix="pb-compare-"))
    try:
        copy = work / new.name
        shutil.copyfile(new, copy)
        with open(samples_path(new), newline="", encoding="utf-8") as src, \
                open(samples_path(copy), "w", newline="", encoding="utf-8") as dst:
            reader, writer = csv.reader(src), csvread.writer(dst)
            header = next(reader, None)
            if header is None or "wall_s" not in header:
                raise ReportError(samples_path(new), 'expected a column "wall_s"', 1)
            w = header.index("wall_s")
            writer.writerow(header)
            for fields in reader:
                if len(fields) == len(header):
                    try:
                        fields[w] = f"{float(fields[w]) * scale:.9g}"
                    except ValueError:
                        raise ReportError(samples_path(new), f'column "wall_s": expected a number, '
                                          f'got "{shown(fields[w])}"', reader.line_num) from None
                writer.writerow(fields)
        same = [(copy, new, SAME_LINES), (samples_path(copy), samples_path(new), SAME_LINES)]
        where, lines = run(binary, [old, copy], same)
        return parse(lines, where)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def samples_path(csv_path):
    """NAME.samples.csv beside NAME.csv."""
    return csv_path.with_name(csv_path.stem + ".samples.csv")


def label(engine, order):
    return engine if order in ("", "-") else f"{engine}/{order}"


def _copy_samples(source, target, kept):
    """The lines of the samples file `source` whose (run_id, row) is in `kept`, to
    `target`; returns the line numbers in source of target's lines."""
    with open(source, newline="", encoding="utf-8") as src, open(target, "w", newline="", encoding="utf-8") as dst:
        reader, writer = csv.reader(src), csvread.writer(dst)
        header = next(reader, None)
        if header is None or "run_id" not in header or "row" not in header:
            raise ReportError(source, 'expected the columns "run_id" and "row"', 1)
        r, w = header.index("run_id"), header.index("row")
        writer.writerow(header)
        lines = [1]
        for fields in reader:
            if len(fields) == len(header) and (fields[r], fields[w]) in kept:
                writer.writerow(fields)
                lines.append(reader.line_num)
        return lines


def compare_labels(binary, csv_path, old_label, new_label, metric="wall", settings=None):
    """compare of two engine/orders of one sweep CSV (old_label against new_label, each
    "engine" or "engine/order"), paired on the other key columns, the order aside;
    metric: compare's --metric (wall or cpu). settings: None, or each side's setting
    ({column: value} of the columns that tell an engine's runs apart: threads, params,
    engine_seed): then only the rows of each label that have its setting are compared,
    and the columns in which the two settings differ are set aside as the order is, so
    that two settings of one engine, or of two engines, pair on the instance."""
    old_setting, new_setting = settings or ({}, {})
    apart = sorted(c for c in {*old_setting, *new_setting} if old_setting.get(c) != new_setting.get(c))
    # Two settings of one engine/order need two names in the engine column.
    names = (old_label, new_label) if old_label != new_label else (f"{old_label}:old", f"{new_label}:new")
    work = Path(tempfile.mkdtemp(prefix="pb-compare-"))
    try:
        copy = work / csv_path.name
        with open(csv_path, newline="", encoding="utf-8") as src, open(copy, "w", newline="",
                                                                         encoding="utf-8") as dst:
            reader, writer = csv.reader(src), csvread.writer(dst)
            header = next(reader, None)
            if header is None or "engine" not in header or "order" not in header:
                raise ReportError(csv_path, 'expected the columns "engine" and "order"', 1)
            e, o = header.index("engine"), header.index("order")
            ids = [header.index(c) if c in header else None for c in ("run_id", "row")]
            columns = [header.index(c) for c in apart if c in header]
            kept = set()
            writer.writerow(header)
            lines = [1]
            for fields in reader:
                if len(fields) != len(header) or fields == header:
                    continue
                name = label(fields[e], fields[o])
                side = [k for k, (want, setting) in enumerate(((old_label, old_setting), (new_label, new_setting)))
                        if name == want and all(fields[header.index(c)] == v for c, v in setting.items()
                                                if c in header)]
                if side:
                    fields[e], fields[o] = names[side[0]], "-"
                    for i in columns:
                        fields[i] = "-"
                    writer.writerow(fields)
                    lines.append(reader.line_num)
                    if None not in ids:
                        kept.add((fields[ids[0]], fields[ids[1]]))
        copies = [(copy, csv_path, lines)]
        source = samples_path(csv_path)
        if source.exists():
            copies.append((samples_path(copy), source, _copy_samples(source, samples_path(copy), kept)))
        extra = ["--metric", metric] if metric != "wall" else []
        where, lines = run(binary, [copy, "--by", f"engine={names[0]},{names[1]}", *extra], copies)
        return parse(lines, f"puzzlebench compare {csv_path.name} --by engine={names[0]},{names[1]}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
