"""The runs of a tenpair engine sweep as the tenpair section reads them (tenpair.py):
one Run per row of tenpair-NAME.csv, how a run that did not finish stopped, the
rules it ran under (by_rules() parts a sweep's runs by them: a sweep with family-sets
runs the engines under several), and what the sweep's .meta says of its runs: the
planned bounds, the runs its stop rule skipped, the limits they share and the stop
rule itself."""

from ..markdown import escape
from ..meta import is_skipped_key
from ..numfmt import duration, memory

# The default rules, which a variant's name leaves out.
DEFAULT_START, DEFAULT_WIDTH = "upto19", 9

# The columns of an engine sweep's rows that the section reads: the start is the
# instance, solutions the wins, steps the states expanded, bytes the memory peak;
# stored and nodes are the engines' own figures. The rule switches (width, wrap,
# append) are there only in a sweep with family-sets; the default rules otherwise.
RUN_COLUMNS = ("row", "instance", "engine", "mode", "max_length", "threads", "status", "length", "solutions", "steps",
               "stored", "bytes", "nodes", "wall_s")
DEFAULT_RULES = {"width": "9", "wrap": "on", "append": "stuck"}
DEFAULT_RULES_KEY = ("stuck", "on", DEFAULT_WIDTH)   # Run.rules of the default rules


class Run:
    """One row of a tenpair engine sweep's CSV."""

    def __init__(self, row):
        self.row, self.run_id = row.whole("row"), row.get("run_id", "")
        self.instance, self.engine = row["instance"], row["engine"]
        self.mode = "shortest" if row["mode"] == "first" else row["mode"]
        self.bound = row.whole("max_length")
        rule = lambda name: row.get(name) or DEFAULT_RULES[name]
        self.append, self.wrap = rule("append"), rule("wrap")
        self.width = int(rule("width")) if rule("width").isdigit() else DEFAULT_WIDTH
        self.rules = (self.append, self.wrap, self.width)
        self.threads = row.whole("threads")
        self.status = row["status"]
        self.length = row.whole("length")
        self.wins = row.num("solutions")
        self.expanded = row.num("steps")
        self.stored = row.num("stored")
        self.peak = row.num("bytes")
        self.nodes = row.num("nodes")
        self.wall = row.num("wall_s")

    @property
    def done(self):
        return self.status == "done"


def why(run):
    """How a run that did not finish stopped."""
    if run.status == "limit":
        return f"time or step limit, after {duration(run.wall)}"
    if run.status == "nomem":
        return f"memory limit, peak {memory(run.peak)} after {duration(run.wall)}"
    return f"status {escape(run.status)} after {duration(run.wall)}"


def rule_parts(append, wrap, width):
    """The rules that differ from the default, in words: ["append any", "wrap off"]."""
    parts = []
    if append == "any":
        parts.append("append any")
    if wrap == "off":
        parts.append("wrap off")
    if width != DEFAULT_WIDTH:
        parts.append(f"width {width}")
    return parts


def rules_words(rules):
    """"default rules", or "rules width 7" (Run.rules, in words)."""
    parts = rule_parts(*rules)
    return f"rules {escape(', '.join(parts))}" if parts else "default rules"


def by_rules(runs_):
    """[(rules, their runs)]: the default rules first, then the others as the file has
    them; the runs of one sweep under other rules (family-sets) are never pooled."""
    out = {}
    for r in runs_:
        out.setdefault(r.rules, []).append(r)
    return sorted(out.items(), key=lambda item: item[0] != DEFAULT_RULES_KEY)


def under(rules, groups):
    """The line that names the rules of a part shown once per rules (none for one)."""
    return [f"**Under the {rules_words(rules)}:**", ""] if len(groups) > 1 else []


def plot_names(names, groups, k):
    """The plots' names for the k-th of groups (by_rules()): the first's as named, the
    others' with their rules ("tenpair-time-width7")."""
    if k == 0:
        return names
    slug = "-".join(p.replace(" ", "") for p in rule_parts(*groups[k][0]))
    return tuple(f"{n}-{slug}" for n in names)


def sweep_key(meta, key):
    """The sweep's own value of key (the last line of that key); "" without it."""
    return meta.last.get(key, "") if meta is not None else ""


def planned_bounds(meta):
    """The length bounds the sweep planned (max_lengths=), in order."""
    return [int(b) for b in sweep_key(meta, "max_lengths").split() if b.isdigit()]


def skipped(meta, runs_):
    """{(bound, engine, mode): why} of the runs the stop rule skipped: each
    skipped.ROW line names the row that stopped its engine's series, whose larger
    planned bounds did not run."""
    by_row = {r.row: r for r in runs_}
    ran = {(r.bound, r.engine, r.mode) for r in runs_}
    out = {}
    for key, value in (meta.pairs if meta is not None else ()):
        if not is_skipped_key(key) or int(key.partition(".")[2]) not in by_row:
            continue
        stop = by_row[int(key.partition(".")[2])]
        for b in planned_bounds(meta):
            if b > stop.bound and (b, stop.engine, stop.mode) not in ran:
                out.setdefault((b, stop.engine, stop.mode), value)
    return out


def limits(meta):
    """"time limit 5 s, memory limit 3.00 GiB": the limits every run of the sweep had."""
    parts = []
    time_limit = sweep_key(meta, "time_limit_s")
    if time_limit and time_limit != "0":
        parts.append(f"time limit {escape(time_limit)} s")
    size = sweep_key(meta, "max_memory_bytes")
    if size.isdigit() and int(size) > 0:
        parts.append(f"memory limit {memory(int(size))}")
    return ", ".join(parts)


def stop_rule(meta):
    """A sweep's stop rule in words ("once one took over 60 s or stopped at a limit"),
    "" when it has none (stop_after_s=0) or its .meta does not say (no such line: no
    rule is claimed, nor a "?" one)."""
    text = sweep_key(meta, "stop_after_s")
    if not text:
        return ""
    try:
        if float(text) <= 0:
            return ""
    except ValueError:
        pass
    return f"once one took over {escape(text)} s or stopped at a limit"
