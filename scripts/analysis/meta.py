"""The .meta files beside the CSVs (key=value lines) and the lines the report makes of them."""

from .markdown import code, escape

# The environment keys every .meta has (the Environment table lists them); the
# other keys are the run's parameters.
STANDARD_KEYS = ("date", "commit", "host", "cpu", "packages", "cores", "pus", "compiler", "flags",
                 "build_type", "threads", "bind", "version", "kernel", "glibc", "openmp",
                 "google_benchmark", "hwloc", "mem_total", "cpu_id", "cpu_min_mhz", "cpu_max_mhz", "smt",
                 "governor")

# Keys that describe one run rather than its environment or parameters (the run id,
# its command line, the load and clock at its ends): a run's line leaves them out,
# and a sweep's skipped.ROW lines (what its stop rule left out), which its section
# shows; load_warning is shown on its own.
RUN_KEYS = ("run_id", "command", "script", "cpu_mhz", "mem_total_bytes", "governor_end",
            "load_start", "load_end", "loadavg_start", "loadavg_end", "load_warning")


def is_skipped_key(key):
    """skipped.ROW: why a sweep's stop rule left out the runs after row ROW."""
    kind, dot, number = key.partition(".")
    return bool(dot) and kind == "skipped" and number.isdigit()


# The keys a family's part names its file by (kakuro and tenpair sections).
SHORT_KEYS = ("commit", "date", "cpu", "threads")


class Meta:
    """A .meta file: its key=value pairs in file order; get() gives a key's first value."""

    def __init__(self, path, pairs):
        self.path = path
        self.name = path.name
        self.pairs = pairs
        self.first = {}
        for k, v in pairs:
            self.first.setdefault(k, v)
        self.last = {k: v for k, v in pairs}

    def get(self, key, default=""):
        return self.first.get(key, default)


def read_meta(path):
    """The Meta of `path`, or None when it is missing or unreadable (a part then says so)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    pairs = []
    for line in text.splitlines():
        key, eq, value = line.rstrip("\r").partition("=")
        if eq:
            pairs.append((key, value))
    return Meta(path, pairs)


# The tables a sweep writes beside NAME.csv (NAME.samples.csv, an engine sweep's
# NAME.levels.csv, a collection's NAME.manifest.csv): read with it, never alone.
SIDE_TABLES = ("samples", "levels", "manifest")


def _side(csv_path):
    """(NAME, KIND) for NAME.KIND.csv with KIND a side table's, else (NAME, None) for
    NAME.csv: a sweep's NAME may hold dots of its own (`name v1.2`)."""
    name = csv_path.name.removesuffix(".csv")
    base, dot, kind = name.rpartition(".")
    return (base, kind) if dot and kind in SIDE_TABLES else (name, None)


def meta_of(csv_path):
    """NAME.meta for NAME.csv and for a side table beside it, NAME.KIND.csv (the raw
    samples NAME.samples.csv, an engine sweep's NAME.levels.csv, a collection's
    NAME.manifest.csv)."""
    return csv_path.with_name(_side(csv_path)[0] + ".meta")


def is_side_table(csv_path):
    """NAME.KIND.csv: a table beside NAME.csv, read with it, never a result file alone."""
    return _side(csv_path)[1] is not None


def _item(key, value):
    return code(f"{key}={value}")


def meta_line(path, primary, show=()):
    """One Markdown line about a run's .meta: with `show` it starts with "`FILE`: " and
    those keys (in that order, "?" when missing); then "Run parameters:" (the keys
    that are not standard) and "Differs from the environment above:" (standard keys
    whose value is not the one in `primary`, the Environment table's Meta; with
    `show` and no primary nothing differs). "" when there is nothing to say."""
    meta = read_meta(path)
    if meta is None:
        return f"_(no {escape(path.name)})_"
    shown = {}
    extra = []
    differs = []
    standard = set(STANDARD_KEYS)
    per_run = set(RUN_KEYS) - set(show)
    for key, value in meta.pairs:
        if key in show:
            shown.setdefault(key, value)
        elif key in per_run or is_skipped_key(key):
            continue
        elif key not in standard:
            extra.append(_item(key, value))
        elif show and primary is None:
            continue
        elif primary is None or primary.last.get(key) != value:
            differs.append(_item(key, value))
    parts = []
    if show:
        keys = ", ".join(_item(k, shown.get(k, "?")) for k in show)
        parts.append(f"{code(meta.name)}: {keys}.")
    if extra:
        parts.append("Run parameters: " + ", ".join(extra) + ".")
    if differs:
        parts.append("Differs from the environment above: " + ", ".join(differs) + ".")
    warning = meta.get("load_warning")
    if warning:
        parts.append("**Load warning:** " + _item("load_warning", warning) + ".")
    return " ".join(parts)


def incomplete_note(meta):
    """The line that says a sweep did not finish (its .meta's status is not complete),
    so that its tables are not read as the whole sweep's; "" for a complete one or no
    .meta."""
    status = meta.get("status") if meta is not None else ""
    if not status or status == "complete":
        return ""
    rows = meta.get("rows")
    head = f"**Incomplete:** {_item('status', status)}" + (f", {_item('rows', rows)}" if rows else "")
    if status == "stopped":
        # A generator stops at a puzzle that hit a limit (or failed) without --keep-going:
        # the same command, resumed, stops at the same puzzle again.
        return head + (": the tables hold the puzzles made before one hit a limit or failed and the run stopped "
                       "there; the others are missing, not unsolved (the same command stops there again: raise "
                       "the limit, or give the generator `--keep-going` to record such a puzzle and go on).")
    return (head + ": the tables hold the runs that finished before it stopped; the other runs are missing, not "
            "unsolved (`puzzlebench sweep ... --resume --out DIR`, the same command, completes it).")


def meta_short(path):
    """"`FILE`: `commit=…`, `date=…`, `cpu=…`, `threads=…`." or "_(no FILE)_"."""
    meta = read_meta(path)
    if meta is None:
        return f"_(no {escape(path.name)})_"
    keys = ", ".join(code(f"{k}={meta.get(k)}") for k in SHORT_KEYS)
    return f"{code(meta.name)}: {keys}."
