"""Plots: each one a gnuplot script DIR/plots/NAME.gp beside its data DIR/plots/NAME.tsv.

The script draws NAME.png (for the report) and NAME.svg from the data file, with
relative paths, so a plot can be edited and redrawn by hand:
    cd DIR/plots && gnuplot NAME.gp
The data file holds one block per series (gnuplot `index N`, blocks separated by
two blank lines, each starting with a comment that says what it is). Scripts
are drawn in a hidden folder in plots/ and the four files renamed into place
together, so a plot is never left half-written.
"""

import os
import shutil
import subprocess
import sys
import tempfile

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


def quote(text):
    """A gnuplot single-quoted string."""
    return "'" + str(text).replace("'", "''") + "'"


def dquote(text):
    """A gnuplot double-quoted string: the one kind in which a line break can be written."""
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _field(value):
    if isinstance(value, float):
        return "%.10g" % value
    text = str(value)
    if not text or any(c.isspace() for c in text):
        return '"' + text.replace('"', "'") + '"'
    return text


class Plot:
    """One plot: its data blocks and the gnuplot commands that draw them."""

    def __init__(self, name, title, width, height):
        self.name = name
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

    def add(self, *commands):
        self.commands.extend(commands)

    def tsv_text(self):
        parts = []
        for comment, columns, rows in self.blocks:
            lines = [f"# {comment}", "# " + "\t".join(columns)]
            for row in rows:
                lines.append("" if row is None else "\t".join(_field(v) for v in row))
            parts.append("\n".join(lines) + "\n")
        return "\n\n".join(parts)

    def gp_text(self):
        size = f"size {self.width},{self.height}"
        head = [
            f"# {self.name}.gp: {self.title}",
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
    for name in names:
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
    try:
        pending = list(plots)
        running = []
        while pending or running:
            while pending and len(running) < jobs:
                plot = pending.pop(0)
                _write(os.path.join(work, plot.name + ".tsv"), plot.tsv_text())
                _write(os.path.join(work, plot.name + ".gp"), plot.gp_text())
                proc = subprocess.Popen(["gnuplot", plot.name + ".gp"], cwd=work, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, text=True)
                running.append((plot, proc))
            plot, proc = running.pop(0)
            _, err = proc.communicate()
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
                problems = problems or [f"exit status {proc.returncode}"]
            for line in problems[:3]:
                _warn(f"gnuplot {plot.name}.gp: {line.strip()}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return drawn
