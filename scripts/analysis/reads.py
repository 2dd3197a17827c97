"""Which result files a section reads, declared by the section and matched against each
CSV's .meta: the family it ran (the .meta's family=, else the rows' family column),
the kind of sweep that wrote it, and the sweep's name. The programs write no section
name into a result: a section finds its files by what they are.

A common section (ladder, enumeration) declares the kind of sweep it reads (KIND);
each family's module says, in its READS dict, which of its sweeps (names, shell
patterns) a common section reads: {"ladder": ("sudoku-ladder", "sudoku-learn")}.
"""

import csv
import fnmatch
from pathlib import PurePosixPath
from typing import NamedTuple

from .meta import is_side_table, meta_of, read_meta


class Reads(NamedTuple):
    """Result CSVs of one family, one kind of sweep and a sweep name (a shell pattern)."""
    family: str
    kind: str
    sweep: str

    def matches(self, path):
        meta = read_meta(meta_of(path))
        family = (meta.get("family") if meta else "") or named_family(path)
        return (family == self.family and sweep_kind(meta) == self.kind
                and fnmatch.fnmatchcase(sweep_name(path), self.sweep))


def sweep_kind(meta):
    """The kind of sweep that wrote a result, from its .meta: tool (an outside tool
    beside puzzlebench, tool=), generate (a generator's methods, generator=), runs (a
    family's own runs, ran=), else engines (engines over instances)."""
    if meta is None:
        return "engines"
    for key, kind in (("tool", "tool"), ("generator", "generate"), ("ran", "runs")):
        if meta.get(key):
            return kind
    return "engines"


def sweep_name(path):
    """The name of the sweep that wrote a result CSV: its .meta's `sweep=` file without
    folder and suffix, else (files that other tools write, a sweep given as options
    alone) the CSV's own name. A generation sweep's records (generator=) go by their
    own name, NAME-METHOD, whatever file the sweep was read from: a family's section
    claims them by the sweep's name (`--name kakuro-gen`), not by its file's."""
    meta = read_meta(meta_of(path))
    source = meta.get("sweep") if meta else ""
    if sweep_kind(meta) == "generate":
        return path.stem
    return PurePosixPath(source).stem if source.endswith(".sweep") else path.stem


def named_family(path):
    """The family a result CSV's rows name (its `family` column, first data row), else
    its .meta's `family=`; None when neither says."""
    try:
        with open(path, newline="", encoding="utf-8", errors="replace") as f:
            reader = csv.reader(f)
            header = next(reader, None)
            if header and "family" in [h.strip() for h in header]:
                at = [h.strip() for h in header].index("family")
                for fields in reader:
                    if len(fields) == len(header) and [x.strip() for x in fields] != [h.strip() for h in header]:
                        if fields[at].strip():
                            return fields[at].strip()
                        break
    except (OSError, csv.Error):
        pass  # the section that reads the file says what is wrong with it
    meta = read_meta(meta_of(path))
    return (meta.get("family") or None) if meta else None


def declared(ctx, section, kind):
    """The Reads of a common section: for every family of the listing, the sweeps its
    module's READS gives that section, of that kind."""
    out = []
    for family in ctx.listing.families:
        declared_by = ctx.family_section(family.name)
        for pattern in (declared_by.reads if declared_by else {}).get(section, ()):
            out.append(Reads(family.name, kind, pattern))
    return out


def files(results_dir, reads):
    """The result CSVs of results_dir (side tables left out) that one of reads matches,
    by name."""
    return [f for f in sorted(results_dir.glob("*.csv"))
            if not is_side_table(f) and any(r.matches(f) for r in reads)]
