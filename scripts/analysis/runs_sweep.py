"""A runs sweep's .meta, read: the sweep whose each planned run is one
`puzzlebench solve|count ...` child process (bench/families/tenpair/tenpair-*.sweep). Its
planned runs come from the `run.K=COMMAND OPTION...` lines, why a run did not run
from `skipped.K=...`, and the sweep's own keys (repeat, stop_after_s, cores_available) from
the lines after the machine's."""


class Planned:
    """One planned run: its number K, its command (solve, count), its options as the
    child got them, in their order, and why it was skipped (None: it ran)."""

    def __init__(self, number, text, skipped=None):
        words = text.split()
        self.number = number
        self.command = words[0] if words else ""
        self.options = []   # (option, value) pairs; value "" for an option without one
        i = 1
        while i < len(words):
            if "=" in words[i]:  # --name=value
                self.options.append(tuple(words[i].split("=", 1)))
                i += 1
                continue
            value = words[i + 1] if i + 1 < len(words) and not words[i + 1].startswith("--") else ""
            self.options.append((words[i], value))
            i += 2 if value else 1
        self.skipped = skipped

    def get(self, option, default=""):
        return next((v for o, v in self.options if o == option), default)

    def integer(self, option):
        """The option's value as an integer, or None."""
        value = self.get(option)
        return int(value) if value.isdigit() else None


def is_planned_key(key):
    """run.K and skipped.K: the per-run lines, which a section shows its own way."""
    kind, dot, number = key.partition(".")
    return bool(dot) and kind in ("run", "skipped") and number.isdigit()


def planned(meta):
    """The planned runs of a runs sweep's Meta, by number ([] without a .meta or run lines)."""
    if meta is None:
        return []
    runs, skipped = {}, {}
    for key, value in meta.pairs:
        if is_planned_key(key):
            kind, _, number = key.partition(".")
            (runs if kind == "run" else skipped)[int(number)] = value
    return [Planned(k, runs[k], skipped.get(k)) for k in sorted(runs)]


def shared_options(runs, leave_out=()):
    """"--a x --b y": the options that every one of `runs` gives with the same value,
    in the first run's order, but those in leave_out; "" when there are none."""
    if not runs:
        return ""
    shared = [(o, v) for o, v in runs[0].options
              if o not in leave_out and all((o, v) in r.options for r in runs[1:])]
    return " ".join(f"{o} {v}".rstrip() for o, v in shared)


def shared_value(runs, option):
    """The value that every one of `runs` gives the option; "" when they differ or
    none gives it."""
    values = {r.get(option) for r in runs}
    return values.pop() if len(values) == 1 else ""


def sweep_key(meta, key):
    """The sweep's own value of key (the last line of that key)."""
    return meta.last.get(key, "") if meta is not None else ""
