"""Plots: each one a gnuplot script DIR/plots/NAME.gp beside its data DIR/plots/NAME.tsv.

The script draws NAME.png (for the report) and NAME.svg from the data file, with
relative paths, so a plot can be edited and redrawn by hand:
    cd DIR/plots && gnuplot NAME.gp
The data file holds one block per series (gnuplot `index N`, blocks separated by
two blank lines, each starting with a comment that says what it is). Scripts
are drawn in a hidden folder in plots/ and the four files renamed into place
together, so a plot is never left half-written.

Data is never code: text from result files reaches a script only as a string
constant made by quote(), reaches a data file only as a field made by field() or a
comment made by comment(), and names a plot's files only through file_name().
Instance names, the one kind of name a sweep takes from the user's own files, are
read by gnuplot from the data file (tics(): `xticlabels`), never from the script.
gnuplot runs `command` in backquotes anywhere in a script line but inside
single-quoted strings, and expands @macros outside quotes; in data files it does
neither.
"""

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

from . import stopping
from .shown import shown

FONT = "font 'Sans,11' linewidth 1.5"

# Series colours (by engine: the registry position picks one), point types by cell
# order. Gnuplot point types come in pairs: an odd number is a filled symbol and
# the number below it the same symbol open; open symbols mark lower bounds.
PALETTE = ("#7f7f7f", "#8c564b", "#1f77b4", "#d62728", "#9467bd", "#2ca02c", "#e377c2", "#ff7f0e",
           "#17becf", "#bcbd22", "#393b79", "#e6550d", "#31a354", "#843c39", "#7b4173", "#637939")
FILLED_POINTS = (7, 9, 5, 11, 13, 15)   # circle, triangle, square, down triangle, diamond, pentagon
DASHES = (1, 2, 3, 4, 5)
GRID = "set grid xtics ytics lc rgb '#dddddd' lw 1"
LOWER_BOUND_KEY = "open: lower bound (limit hit)"


def open_point(filled):
    return filled - 1


class Style:
    """How one series is drawn: colour, point type (filled), dash type."""

    def __init__(self, colour, point, dash):
        self.colour = colour
        self.point = point
        self.dash = dash

    def lines(self, extra=""):
        return f"lc rgb {quote(self.colour)} dt {self.dash} pt {self.point}{extra}"


def series_style(listing, engine, order):
    """The style of an engine/order series: colour by engine, point and dash by order."""
    o = listing.order_index(order)
    return Style(PALETTE[listing.engine_index(engine) % len(PALETTE)],
                 FILLED_POINTS[o % len(FILLED_POINTS)], DASHES[o % len(DASHES)])


def _text(text):
    """shown(), with "]]>" broken: gnuplot's SVG writes text as it is, and that sequence
    may not stand in an XML document's text."""
    return shown(text).replace("]]>", "]]\\x3e")


def quote(*lines):
    """The one gnuplot string constant: the lines joined by line breaks, each shown()
    (no control character, so nothing ends the script line). One line: single-quoted,
    where gnuplot substitutes nothing ('' for a quote; gnuplot's scanner mistakes one
    at either end or two together, so such a line goes double-quoted). Several lines:
    double-quoted, the one kind that holds a line break, with \\\\, \\" and the
    backquote escaped (\\140), so that no backquote stands in the script."""
    safe = [_text(line) for line in lines]
    if len(safe) == 1 and "''" not in safe[0] and "'" not in (safe[0][:1], safe[0][-1:]):
        return "'" + safe[0].replace("'", "''") + "'"
    return '"' + "\\n".join(l.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\140") for l in safe) + '"'


def field(value):
    """A field of a data file: a float to 10 digits; text shown(), quoted where it is
    empty or holds a space, with \\ and " escaped (gnuplot reads escapes in its data
    strings: \\\\ is one backslash, \\042 a quote)."""
    if isinstance(value, float):
        return "%.10g" % value
    text = _text(value).replace("\\", "\\\\").replace('"', "\\042")
    if not text or " " in text:
        return '"' + text + '"'
    return text


def comment(text):
    """A comment line's text, in a script or a data file: shown(), and never ending in a
    backslash (gnuplot would join the next line to it)."""
    text = _text(text)
    return text + " " if text.endswith("\\") else text


_NAME_CHARS = re.compile(r"[^A-Za-z0-9._-]")


def file_name(name):
    """A plot's file name (without extension) from a name that may hold data (a CSV's
    name): letters, digits, ".", "_" and "-" as they are, anything else "_", then a
    hash of the name so that two names cannot meet; never starting with "." or "-", and
    short enough to leave room for a suffix within a file system's 255 bytes."""
    safe = _NAME_CHARS.sub("_", name)
    if safe != name or safe[:1] in (".", "-", "") or len(safe) > 120:
        digest = hashlib.sha1(name.encode("utf-8", "surrogateescape")).hexdigest()[:8]
        safe = "_" + safe.lstrip(".-")[:100] + "-" + digest
    return safe


class Plot:
    """One plot: its data blocks and the gnuplot commands that draw them."""

    def __init__(self, name, title, width, height):
        self.name = file_name(name)
        self.title = title
        self.width = width
        self.height = height
        self.blocks = []
        self.commands = []

    def block(self, comment, columns, rows):
        """Adds a data block (rows of values; None: a blank line, which breaks a line
        plot there) and returns how the plot command names it: 'NAME.tsv' index N."""
        self.blocks.append((comment, columns, rows))
        return f"{quote(self.name + '.tsv')} index {len(self.blocks) - 1}"

    def tics(self, labels):
        """The x tic labels {x: text} as a data block; returns the plot clause that
        sets them (draws nothing): the script never holds the labels' text."""
        data = self.block("x tic labels", ("x", "label"), list(labels.items()))
        return f"{data} using 1:(NaN):xticlabels(2) notitle"

    def add(self, *commands):
        self.commands.extend(commands)

    def tsv_text(self):
        parts = []
        for text, columns, rows in self.blocks:
            lines = [f"# {comment(text)}", "# " + "\t".join(columns)]
            for row in rows:
                lines.append("" if row is None else "\t".join(field(v) for v in row))
            parts.append("\n".join(lines) + "\n")
        return "\n\n".join(parts)

    def gp_text(self):
        size = f"size {self.width},{self.height}"
        head = [
            f"# {self.name}.gp: {comment(self.title)}",
            f"# Data: {self.name}.tsv (one block per series, `index N`). Written by scripts/report.sh;",
            f"# after editing, redraw from this folder with: gnuplot {self.name}.gp",
            "# (draws the plot twice: the PNG of the report, and an SVG)",
            'do for [fmt in "png svg"] {',
            "reset",
            'if (fmt eq "png") {',
            f"    set terminal pngcairo {size} enhanced {FONT}",
            "} else {",
            f"    set terminal svg {size} dynamic enhanced {FONT} background '#ffffff'",
            "}",
            f"set output {quote(self.name)} . '.' . fmt",
        ]
        return "\n".join(head + self.commands + ["unset output", "}", ""])


def _write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def _warn(message):
    print(f"report: {message}", file=sys.stderr)


def drop(plots_dir, names):
    """Removes the files of plots whose data is gone, so that no stale plot survives."""
    for name in map(file_name, names):
        for ext in ("png", "svg", "gp", "tsv"):
            try:
                os.remove(plots_dir / f"{name}.{ext}")
            except FileNotFoundError:
                pass


def draw(plots_dir, plots, jobs=2):
    """Writes and runs every plot's script (`jobs` gnuplot processes at a time);
    returns the names of those drawn. A failing script is reported on stderr and
    its old images removed; its .gp and .tsv are kept for a look."""
    if not plots:
        return set()
    plots_dir.mkdir(parents=True, exist_ok=True)
    work = tempfile.mkdtemp(prefix=".draw-", dir=plots_dir)
    drawn = set()
    running = []
    try:
        pending = list(plots)
        while pending or running:
            while pending and len(running) < jobs:
                plot = pending.pop(0)
                _write(os.path.join(work, plot.name + ".tsv"), plot.tsv_text())
                _write(os.path.join(work, plot.name + ".gp"), plot.gp_text())
                with stopping.held():  # a gnuplot started is one the cleanup below kills
                    proc = subprocess.Popen(["gnuplot", plot.name + ".gp"], cwd=work, stdout=subprocess.DEVNULL,
                                            stderr=subprocess.PIPE, text=True)
                    running.append((plot, proc))
            plot, proc = running[0]
            _, err = stopping.communicate(proc)
            running.pop(0)
            problems = [l for l in err.splitlines() if l.strip() and "warning" not in l.lower()]
            images = [os.path.join(work, f"{plot.name}.{ext}") for ext in ("png", "svg")]
            ok = proc.returncode == 0 and all(os.path.exists(p) and os.path.getsize(p) > 0 for p in images)
            for ext in ("tsv", "gp"):
                os.replace(os.path.join(work, f"{plot.name}.{ext}"), plots_dir / f"{plot.name}.{ext}")
            if ok:
                for ext in ("png", "svg"):
                    os.replace(os.path.join(work, f"{plot.name}.{ext}"), plots_dir / f"{plot.name}.{ext}")
                drawn.add(plot.name)
            else:
                for ext in ("png", "svg"):
                    try:
                        os.remove(plots_dir / f"{plot.name}.{ext}")
                    except FileNotFoundError:
                        pass
                if not problems and proc.returncode:
                    problems = [f"exit status {proc.returncode}"]
                elif not problems:
                    missing = [os.path.basename(p) for p in images
                               if not (os.path.exists(p) and os.path.getsize(p) > 0)]
                    problems = [f"exit status 0, but no image in {' and '.join(missing)}"]
            for line in problems[:3]:
                _warn(f"gnuplot {plot.name}.gp: {shown(line.strip())}")
    finally:
        for _, proc in running:  # stopped by a signal: no gnuplot outlives the report
            proc.kill()
            proc.wait()
        shutil.rmtree(work, ignore_errors=True)
    return drawn
