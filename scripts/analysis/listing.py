"""What the program says about itself: `puzzlebench engines --csv` and `families --csv`.

Every order in the report (engines, cell orders, difficulty levels, families) is
read from here, so a new engine or family needs no change to the tool.
"""

import subprocess

from .csvread import parse_csv
from .errors import ReportError


class Family:
    def __init__(self, row):
        self.name = row["name"]
        self.default_engine = row["default_engine"]
        self.sweeps = row["sweeps"].split()
        self.summary = row["summary"]


class Listing:
    """The engines (registry order), cell orders, levels per family and families."""

    def __init__(self, engine_rows, family_rows):
        self.engines = []          # names, in registry order
        self.outside = []          # the outside solvers' names (kind outside)
        self.engine_caps = {}      # name -> caps
        self.orders = []           # cell orders, in the order table's order
        self.levels = {}           # family -> levels, easiest first
        for row in engine_rows:
            kind = row["kind"]
            if kind == "engine":
                self.engines.append(row["name"])
                self.engine_caps[row["name"]] = row["caps"].split()
            elif kind == "outside":
                self.outside.append(row["name"])
            elif kind == "order":
                self.orders.append(row["name"])
            elif kind == "level":
                self.levels.setdefault(row["family"], []).append(row["name"])
        self.families = [Family(row) for row in family_rows]
        self._unlisted_engines = []
        self._unlisted_orders = []
        # Modes (first, count, ...) are the engines' capabilities: their order is
        # the order in which the capability lists name them.
        self.modes = []
        for caps in self.engine_caps.values():
            for cap in caps:
                if cap not in self.modes:
                    self.modes.append(cap)

    @staticmethod
    def _rank(known, name):
        """Sort key: known names in their listed order, then unknown ones by name."""
        try:
            return (known.index(name), "")
        except ValueError:
            return (len(known), name)

    def engine_rank(self, engine):
        return self._rank(self.engines, engine)

    def order_rank(self, order):
        """"-" (no cell order: the engine has none) sorts first."""
        if order in ("-", ""):
            return (-1, "")
        return self._rank(self.orders, order)

    def mode_rank(self, mode):
        return self._rank(self.modes, mode)

    def level_rank(self, family, level):
        return self._rank(self.levels.get(family, []), level)

    def engine_index(self, engine):
        """A stable small number per engine (its registry position; engines the
        listing lacks get the next numbers as they are met), for plot colours."""
        if engine not in self.engines and engine not in self._unlisted_engines:
            self._unlisted_engines.append(engine)
        if engine in self.engines:
            return self.engines.index(engine)
        return len(self.engines) + self._unlisted_engines.index(engine)

    def order_index(self, order):
        """0 for "-" (no order) and the first order, then the order table's positions
        (orders the listing lacks after them), for plot point and dash types."""
        if order in ("-", ""):
            return 0
        if order not in self.orders and order not in self._unlisted_orders:
            self._unlisted_orders.append(order)
        if order in self.orders:
            return self.orders.index(order)
        return len(self.orders) + self._unlisted_orders.index(order)

    def family(self, name):
        return next((f for f in self.families if f.name == name), None)


def _run(binary, args):
    where = f"{binary} {' '.join(args)}"
    try:
        done = subprocess.run([binary, *args], capture_output=True, text=True, timeout=300)
    except FileNotFoundError:
        raise ReportError(binary, "not found (build it with scripts/setup.sh, or name the "
                          "program with --puzzlebench FILE or PUZZLEBENCH=FILE)") from None
    except PermissionError:
        raise ReportError(binary, "not executable") from None
    except (OSError, subprocess.TimeoutExpired) as e:
        raise ReportError(where, f"could not run: {e}") from None
    if done.returncode != 0:
        first = (done.stderr.strip().splitlines() or ["no message"])[0]
        raise ReportError(where, f"failed (exit {done.returncode}): {first}")
    return where, done.stdout.splitlines(keepends=True)


def load_listing(binary):
    """The Listing from the program at `binary`; a missing or failing program is a ReportError."""
    where, lines = _run(binary, ["engines", "--csv"])
    engines = parse_csv(lines, where, need=("kind", "family", "name", "caps", "summary"))
    where, lines = _run(binary, ["families", "--csv"])
    families = parse_csv(lines, where, need=("name", "default_engine", "sweeps", "summary"))
    return Listing(engines.rows, families.rows)
