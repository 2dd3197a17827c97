"""The report: checks that its inputs are one coherent run (provenance.py), finds the
result files, asks each section for its Markdown, draws the plots, and writes
DIR/REPORT.md atomically.

Exit status: 0 done, 1 bad input or a failed plot, 2 inputs that are not one
coherent run (mixed commits without --allow-mixed, a row whose run_id its .meta
does not list)."""

import argparse
import fnmatch
import os
import shutil
import stat
import sys
from datetime import datetime, timezone
from pathlib import Path

from . import plotting
from .atomic import write_atomically
from .context import Context
from .errors import ReportError
from .listing import load_listing
from .markdown import Image, code, escape, table
from .numfmt import MEMORY_NOTE
from .meta import STANDARD_KEYS, incomplete_note, is_side_table, meta_of, read_meta
from .provenance import check_commits, check_run_ids
from .reads import named_family, sweep_name
from .shown import shown
from .sections import (builds, enumeration, family_sections, generic, ladder, method, micro, parallel, pictures,
                       solver_field)

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
METHOD_PREFIX = "method-"  # the method study's files (sections/method.py)


class OneLineParser(argparse.ArgumentParser):
    """A refusal on one line, as the project's other scripts give it, not argparse's usage block."""

    def error(self, message):
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def parse_args(argv):
    p = OneLineParser(
        prog="report.sh",
        description="Writes DIR/REPORT.md and DIR/plots/NAME.{gp,tsv,png,svg} from the result files in DIR.")
    p.add_argument("dir", nargs="?", default="results", metavar="DIR", help="the results folder (default: results)")
    p.add_argument("--no-plots", action="store_true",
                   help="draw nothing: link the PNGs already in DIR/plots (no gnuplot needed)")
    p.add_argument("--allow-mixed", action="store_true",
                   help="build the report even when its inputs come from different commits (a warning heads it)")
    p.add_argument("--metric", choices=("wall", "cpu", "steps", "memory"), default="wall",
                   help="what the sweeps' solver tables, cactus, scatter plots and ratios measure: wall or cpu "
                        "time (user + system, each run's cpu_s), steps, or memory (peak_rss_bytes); PAR-2 is a "
                        "time's alone; the family sections' own tables keep wall time")
    p.add_argument("--puzzlebench", metavar="FILE",
                   help="the program whose listings give the families, engines, orders and levels "
                        "(default: $PUZZLEBENCH, else build/puzzlebench in the source tree)")
    return p.parse_args(argv)


def claims(family, section, path):
    """Whether the family's section reads this file: the sweep that wrote it is one of
    the family's (`puzzlebench families`) or of the names its section declares it reads
    (its sweeps, shell patterns: the files of a generation sweep, an opt-in sweep)."""
    name = sweep_name(path)
    return any(fnmatch.fnmatchcase(name, n) for n in [*family.sweeps, *section.sweeps])


def generation_homes(listing, sections):
    """(family, sweep name) for each family whose section reads a generation sweep:
    one of the family's sweeps whose files the section claims as NAME-* (a generation
    sweep writes NAME-METHOD.csv a method), so that a user's own is told its name."""
    return [(family.name, pattern[:-2]) for family in listing.families
            for pattern in sections[family.name].sweeps
            if pattern.endswith("-*") and pattern[:-2] in family.sweeps]


def family_files(results_dir, listing, sections, apart=()):
    """({family name: the CSVs its section reads}, {family name or None: the CSVs no
    section claims, for the generic section}, the parallel CSVs). A result CSV belongs
    to the family its rows name (else its .meta; else, for a file that names none, the
    family whose name is the longest prefix of its file name). Left aside: the
    parallel CSVs (*-parallel.csv: their own sections), the side tables NAME.X.csv
    (such as the raw samples NAME.samples.csv, read with NAME.csv), the method
    study's method-*.csv (the method section) and the files in apart (the ladder
    section's, which it reads alone). A family's files come in the listing's order of its
    sweeps first, then the others by name."""
    csvs = [f for f in sorted(results_dir.glob("*.csv"))
            if not is_side_table(f) and not f.name.startswith(METHOD_PREFIX) and f not in set(apart)]
    parallels = [f for f in csvs if f.name.endswith("-parallel.csv")]
    # Longest name first: a file that names no family belongs to the one whose name is its longest prefix.
    names = sorted((f.name for f in listing.families), key=len, reverse=True)
    owned, generic = {}, {}
    for f in csvs:
        if f in parallels:
            continue
        owner = named_family(f)
        if owner is None:
            owner = next((n for n in names if f.stem == n or f.stem.startswith(n + "-")), None)
        family = listing.family(owner) if owner else None
        if family is not None and claims(family, sections[owner], f):
            owned.setdefault(owner, []).append(f)
        else:
            generic.setdefault(owner if family else None, []).append(f)
    for family in listing.families:
        files = owned.get(family.name, [])
        first = [f for s in family.sweeps for f in files if f.stem == s]
        owned[family.name] = first + [f for f in files if f not in first]
    return owned, generic, parallels


def primary_meta(results_dir, files_in_order):
    """The .meta of the Environment table: the first of the report's files that has one."""
    for f in files_in_order:
        meta = read_meta(f.with_suffix(".meta"))
        if meta is not None:
            return meta
    for f in sorted(results_dir.glob("*.meta")):
        meta = read_meta(f)
        if meta is not None:
            return meta
    return None


def environment(ctx):
    out = ["## Environment", ""]
    if ctx.primary is None:
        return out + ["_No .meta file found._"]
    out += [f"From {code(ctx.primary.name)} (other runs list their differences in their sections). "
            + MEMORY_NOTE, ""]
    rows = []
    for key in STANDARD_KEYS:
        value = ctx.primary.get(key)
        rows.append([key, code(value) if value and key in ("compiler", "flags", "commit") else escape(value or "-")])
    return out + table(["key", "value"], "ll", rows)


def unplaced(results_dir):
    """A line per sweep whose .meta says it did not finish and whose NAME.csv is not in
    place (still running, or killed: its rows are in NAME.csv.part), which no section
    would otherwise mention."""
    out = []
    for m in sorted(results_dir.glob("*.meta")):
        status = (read_meta(m) or {}).get("status")
        if status and status != "complete" and not m.with_suffix(".csv").exists():
            out += ["", f"**Not in this report:** {code(m.name)} says {code('status=' + status)}, and its rows are "
                    f"not in place ({code(m.stem + '.csv')} is absent): a sweep still running, or one killed, keeps "
                    f"them in {code(m.stem + '.csv.part')} until it ends (`puzzlebench sweep ... --resume --out DIR`, "
                    "the same command, completes a stopped one)."]
    return out


def nothing_read(left_out):
    """The line of a report with no section to show: the CSVs it left out, if any, so
    that a folder of records no section reads is not said to hold none."""
    if not left_out:
        return ["", "_No result CSV files in this directory._"]
    return ["", f"_No result CSV here that a section of the report reads: {', '.join(code(f.name) for f in left_out)} "
                "left out (`report.sh` says why on standard error)._"]


def with_incomplete(lines, files):
    """A family section's lines with a note under its heading for each of its files
    whose sweep did not finish: its tables would otherwise read as the whole sweep's."""
    notes = [f"{code(f.name)}: {note}" for f in files if (note := incomplete_note(read_meta(meta_of(f))))]
    at = next((i + 1 for i, line in enumerate(lines) if isinstance(line, str) and line.startswith("## ")), 0)
    return lines[:at] + [x for n in notes for x in ("", n)] + lines[at:] if notes else lines


def _kind(mode):
    return ("a FIFO" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")


def check_plain_files(results_dir):
    """A ReportError for the first entry of results_dir or a folder in it (plots/, a
    generation's folder) that is neither a file nor a folder, itself or where its link
    leads: reading a FIFO waits for a writer, /dev/zero never ends, and the report
    reads (and writes) these folders' files by name."""
    for folder in [results_dir] + sorted(p for p in results_dir.iterdir() if p.is_dir()):
        for entry in sorted(folder.iterdir()):
            try:
                mode = entry.stat().st_mode
            except OSError:
                continue  # a dangling link: whoever reads it by name says so
            if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
                raise ReportError(entry, f"{_kind(mode)}, not a file: a results folder holds the files "
                                         "puzzlebench writes (remove it)")


def check_folder(results_dir, draw):
    """A ReportError unless results_dir is a folder of result files whose plots can be
    drawn (with draw) into its plots folder."""
    if results_dir.is_file():
        raise ReportError(results_dir, "is a file: expected the results folder that holds it (as "
                                       "`puzzlebench sweep FILE --out DIR` names it)")
    if not results_dir.is_dir():
        raise ReportError(results_dir, "expected a results folder, there is none")
    if not any(results_dir.glob("*.csv")) and not any(results_dir.glob("*.meta")) \
            and not (results_dir / "micro.json").is_file():
        # A report of nothing is a mistyped folder more often than a wish.
        raise ReportError(results_dir, "holds no result files (NAME.csv and NAME.meta, as `puzzlebench "
                                       "sweep FILE --out DIR` writes them): nothing to report")
    check_plain_files(results_dir)
    plots = results_dir / "plots"
    if plots.is_symlink():
        # A link there would have the plots written wherever it points.
        raise ReportError(plots, "is a symbolic link, which is not followed: remove it (the report "
                                 "makes the folder)")
    if plots.exists() and not plots.is_dir():
        raise ReportError(plots, "is not a folder: remove it (the report makes the folder)")
    if draw and shutil.which("gnuplot") is None:
        raise ReportError("gnuplot", "not found in PATH (install gnuplot-nox, or use --no-plots)")


def run(args):
    results_dir = Path(args.dir)
    draw = not args.no_plots
    check_folder(results_dir, draw)
    # One coherent run first: nothing else is worth reading otherwise.
    commit_lines = check_commits(results_dir, args.allow_mixed)
    check_run_ids(results_dir)
    binary = args.puzzlebench or os.environ.get("PUZZLEBENCH") or str(REPO_ROOT / "build" / "puzzlebench")
    listing = load_listing(binary)
    ctx = Context(results_dir, listing, draw, binary, args.metric)

    ctx.sections = family_sections(listing.families)
    build_pairs = builds.pairs(results_dir, skip=lambda name: name.startswith(METHOD_PREFIX))
    owned, unclaimed, parallels = family_files(results_dir, listing, ctx.sections,
                                               [*ladder.files(ctx), *(f for pair in build_pairs for f in pair)])
    reported = [fam for fam in listing.families if owned[fam.name]]
    # The sweeps no section claims, by family (the listing's order), those of no known family last.
    others = [f for fam in listing.families for f in unclaimed.get(fam.name, [])] + unclaimed.get(None, [])
    sweeps = solver_field.readable(others, generation_homes(listing, ctx.sections))
    left_out = [f for f in others if f not in sweeps]
    ctx.primary = primary_meta(results_dir, [f for fam in reported for f in owned[fam.name]] + sweeps
                               + [mine for mine, _ in build_pairs] + parallels)
    when = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    doc = ["# puzzlebench report", ""]
    quick = sorted(m.name for m in results_dir.glob("*.meta") if (read_meta(m) or {}).get("quick") == "1")
    if quick:
        doc += [f"> **A quick run** ({len(quick)} of its result files say quick=1): every experiment in a small "
                "version, to check that the whole pipeline works. Its figures are not the project's results and "
                "support no claim.", ""]
    if commit_lines[0].startswith(">"):
        doc += commit_lines + [""]
    doc += [f"Results directory {code(args.dir)}; report written {when} by `scripts/report.sh`."]
    if not commit_lines[0].startswith(">"):
        doc += ["", *commit_lines]
    doc += [""]
    doc += environment(ctx) + unplaced(results_dir)
    if not reported and not sweeps and not build_pairs and not parallels:
        doc += nothing_read(left_out)
    enumeration_sweeps = enumeration.sweeps(ctx)
    # A folder of the user's own sweeps alone gets their sections without the project's
    # report around them: no method study said not run, no pictures of every family.
    own_only = bool(sweeps or left_out) and not (reported or enumeration_sweeps or build_pairs or parallels
                                     or any(results_dir.glob("method-*.csv"))
                                     or (results_dir / "micro.json").is_file())
    if enumeration_sweeps:
        doc += enumeration.section(ctx, enumeration_sweeps)
    if not own_only:
        doc += method.section(ctx, results_dir)
    doc += ladder.section(ctx)
    for family in reported:
        doc += with_incomplete(ctx.sections[family.name].section(ctx, family, owned[family.name]),
                               owned[family.name])
    for path in sweeps:
        doc += generic.section(ctx, path)
    for mine, theirs in build_pairs:
        doc += builds.section(ctx, mine, theirs)
    for path in parallels:
        doc += parallel.section(ctx, path)
    if (results_dir / "micro.json").is_file():
        doc += micro.section(ctx, results_dir / "micro.json")
    if not own_only:
        doc += pictures.section(ctx)

    failed = False
    if draw:
        try:
            drawn = plotting.draw(ctx.plots_dir, ctx.plots)
            plotting.drop(ctx.plots_dir, [n for n in ctx.stale if n not in drawn])
        except OSError as e:
            raise ReportError(ctx.plots_dir, f"cannot write the plots: {e.strerror}") from None
        failed = len(drawn) < len(ctx.plots)
    text = "\n".join(line.render(ctx.plots_dir) if isinstance(line, Image) else line for line in doc) + "\n"
    out = results_dir / "REPORT.md"
    try:
        write_atomically(out, text)
    except OSError as e:
        raise ReportError(out, f"cannot write: {e.strerror}") from None
    print(f"report: wrote {out}" + (" (some plots failed, see above)" if failed else ""), file=sys.stderr)
    return 1 if failed else 0


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        return run(args)
    except ReportError as e:
        print(f"report: {shown(e)}", file=sys.stderr)
        return getattr(e, "exit_status", 1)
    except KeyboardInterrupt:
        return 130
    except OSError as e:  # a folder that cannot be written, anywhere: one line, not a traceback
        where = e.filename if e.filename is not None else "report"
        print(f"report: {shown(where)}: {e.strerror or e}", file=sys.stderr)
        return 1
