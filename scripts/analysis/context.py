"""What every section gets: the results folder, the program's listing and its path
(for `puzzlebench compare`), the Environment table's .meta, the list of plots to
draw, and each family's declared section (for what a common section needs to know of
a family: its ladder part, its pictures)."""

from .markdown import Image
from .meta import meta_line


class Context:
    def __init__(self, results_dir, listing, draw_plots, binary=None, metric="wall"):
        self.dir = results_dir
        self.metric = metric    # the solver views' time: "wall" (median_s) or "cpu" (cpu_s)
        self.binary = binary
        self.plots_dir = results_dir / "plots"
        self.listing = listing
        self.draw_plots = draw_plots
        self.primary = None     # the Meta of the Environment table
        self.plots = []         # Plot objects, drawn after every section is written
        self.stale = []         # names of plots whose data is gone (their files are removed)
        self.sections = {}      # family name -> its FamilySection (set by main)

    def plot(self, plot, alt):
        """Queues a plot and returns its place in the report."""
        if self.draw_plots:
            self.plots.append(plot)
        return Image(plot.name + ".png", alt)

    def no_plot(self, *names):
        """The data of these plots is gone: their old files go too (when drawing)."""
        self.stale.extend(names)

    def family_section(self, name):
        """The declared section of the family of that name, or None (an unknown family)."""
        return self.sections.get(name)

    def meta_line(self, path, show=()):
        return meta_line(path, self.primary, show)
