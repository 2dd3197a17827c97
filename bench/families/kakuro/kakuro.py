"""The kakuro family: generation time against difficulty and size, the seed's figures
beside ours, where the gain comes from (checker and refill), the uniqueness checkers
on the same inputs with the cell-order question, the public collections
(kakuro_public.py), and a generated puzzle's picture.

The generation methods are the generation sweep's (bench/families/kakuro/kakuro-gen.sweep),
not engines: their order and roles are set here, in METHODS.
"""

import re

from .. import render, runs, stats, timing
from . import kakuro_data, kakuro_plots
from . import kakuro_public
from ..csvread import read_csv
from ..family_section import FamilySection
from ..markdown import code, escape, table
from ..meta import SHORT_KEYS, meta_short, read_meta
from ..numfmt import (FEWER_STEPS, MORE_STEPS, bounded_ratio, count_or_half, duration, factor_text, num, percent,
                      ratio, ratio_interval)
from ..stats import Bounded, geometric_mean
from .ladder import split_at_index
from .pictures import repo_path

FEWER_ATTEMPTS, MORE_ATTEMPTS = "fewer attempts", "more attempts"
# The files this section reads beside its sweeps (`puzzlebench families`): the
# generation sweep's, one per method.
SWEEPS = ("kakuro-gen-*",)


def millis(ms):
    """A time given in ms, as every time: three significant digits with its unit."""
    return duration(ms / 1000)

# The methods of bench/families/kakuro/kakuro-gen.sweep, in report order, with their titles:
# ours, the seed's, and the two halves of the difference. Files of other methods
# (kakuro-gen-*.csv) follow them by name.
METHODS = {
    "combo-diff": "combo-diff (ours)",
    "thesis-all-seed": "thesis-all-seed (the seed's method)",
    "combo-all": "combo-all (checker half)",
    "thesis-diff": "thesis-diff (refill half)",
}
SEED, OURS = "thesis-all-seed", "combo-diff"
# The ablation: each half against the seed's method (the seed's method first).
ABLATION = ("thesis-all-seed", "thesis-diff", "combo-all", "combo-diff")
GAINS = (("combo-all", "checker"), ("thesis-diff", "refill"), ("combo-diff", "both"))
# The checkers' reference: the seed's checker.
SEED_CHECKER = "thesis"


# The held-out set of the ladder: the public collections' puzzles (one file each).
PUBLIC = "public"


def ladder_split(instance):
    """(set, param) of a ladder row, puzzles-SIZE-LEVEL#INDEX: (SIZE, LEVEL); a public
    collection's puzzle (a name without "#", kakuro-ladder-public.sweep): (public, NAME)."""
    m = re.match(r"puzzles-(\d+x\d+)-([a-z]+)#\d+$", instance)
    if m:
        return m.group(1), m.group(2)
    return split_at_index(instance) if "#" in instance else (PUBLIC, instance)


# The sweeps the common sections read (reads.py): the ladder on our generator's
# puzzles, and on the public collections when the folder is there.
READS = {"ladder": ("kakuro-ladder", "kakuro-ladder-public")}
# The ladder section (ladder.py): a row's set and param, what the param is, and which
# set tuned the engines (data/kakuro, our generator's) and which is held out (the
# public collections, absent where the folder is).
LADDER = {"split": ladder_split, "param": "difficulty (a public puzzle: its name)",
          "set_roles": {"30x30": "tuning set", PUBLIC: "held-out set, public collections"},
          "held_out": {PUBLIC: "30x30"},
          "sets_note": ("Tuning set: `30x30`, our generator's puzzles (data/kakuro), on which the engines' "
                        "choices were made. Held-out set: `public`, the public collections' puzzles "
                        "(kakuro-ladder-public.sweep, read from PB_KAKURO_PUBLIC), made by other hands and "
                        "never tuned on.")}
# The report's pictures (pictures.py): (file under plots/, render arguments, caption).
PICTURES = [("picture-kakuro.svg", ["kakuro", repo_path("data/kakuro/puzzles-9x9-hard.kak"), "--solution"],
             "kakuro: the first puzzle of data/kakuro/puzzles-9x9-hard.kak solved")]
REFILLS = {
    "diff": "refill `diff` (after a failed check, re-randomise only the cells where the two solutions differ)",
    "all": "refill `all` (a whole new fill after each failed check)",
}
SEED_TABLES = {"1": "the seed's table of 25 unique sums", "0": "the full table of unique sums"}


def method_rank(method):
    names = list(METHODS)
    return names.index(method) if method in names else len(names)


def title(method):
    return METHODS.get(method, method)


def ge(lower):
    return "≥ " if lower else ""


def section(ctx, family, files):
    gen_files = {f.stem[len("kakuro-gen-"):]: f for f in files if f.stem.startswith("kakuro-gen-")}
    puzzles, methods, notes = [], [], []
    for method in sorted(gen_files, key=lambda m: (method_rank(m), m)):
        found = kakuro_data.read_generation(gen_files[method], method)
        if found:
            puzzles += found
            methods.append(method)
        else:
            notes.append(f"_{code(gen_files[method].name)} has no puzzles: left out._")
    levels = ctx.listing.levels.get(family.name, [])
    cells = kakuro_data.generation_cells(puzzles, method_rank, lambda l: ctx.listing.level_rank(family.name, l))
    checkers_csv = ctx.dir / "kakuro-checkers.csv"
    out = ["", "## Kakuro", ""]
    out += _generation(ctx, family, gen_files, methods, notes, puzzles, cells, levels)
    out += _seed_figures(ctx, methods, puzzles, gen_files)
    out += _ablation(methods, puzzles, cells, gen_files, levels)
    out += _checkers(ctx, checkers_csv if checkers_csv in files else None)
    out += kakuro_public.section(ctx, files)
    out += _picture(ctx)
    return out


# --- generation time vs difficulty x size ------------------------------------

def _describe(method, puzzles, path):
    mine = [p for p in puzzles if p.method == method]
    checkers = list(dict.fromkeys(p.checker for p in mine))
    refills = list(dict.fromkeys(p.refill for p in mine))
    tables = list(dict.fromkeys(p.seed_table for p in mine))
    done = sum(p.done for p in mine)
    limit = sum(p.status == "limit" for p in mine)
    failed = len(mine) - done - limit
    return (f"From {code(path.name)}: checker {', '.join(code(c) for c in checkers)}, "
            f"{'; '.join(REFILLS.get(r, f'refill {code(r)}') for r in refills)}, "
            f"{'; '.join(SEED_TABLES.get(t, f'seed_table {escape(t)}') for t in tables)}. {len(mine)} puzzles: "
            f"{done} done, "
            f"{limit} at the limit{f', {failed} failed' if failed else ''}.")


def _threads(gen_files, methods):
    """{method: the thread count its .meta says it was made on (generate --threads), or
    None where the .meta or its threads= is missing}."""
    found = {}
    for method in methods:
        meta = read_meta(gen_files[method].with_suffix(".meta"))
        value = meta.get("threads") if meta else ""
        found[method] = int(value) if value.isdigit() and int(value) > 0 else None
    return found


def _made_on(gen_files, threads):
    """What wall_s is, as the methods' .meta files say they were made: one core's time
    only when each was made on one thread; with several at once, a puzzle's time
    while others were made beside it on the same machine."""
    several = [m for m, t in threads.items() if t is not None and t > 1]
    unknown = [m for m, t in threads.items() if t is None]
    if not several and not unknown:
        return "made on one thread, so wall_s is one core's time."
    names = {m: code(gen_files[m].with_suffix(".meta").name) for m in threads}
    parts = []
    if several:
        parts.append("made on several threads at once (" +
                     ", ".join(f"{names[m]}: {code(f'threads={threads[m]}')}" for m in several) +
                     "), so wall_s is a puzzle's wall time while others were being made beside it on the same "
                     "machine (sharing its caches and memory, and its cores where the threads outnumber them): not "
                     "one core's time, and not comparable with a time made on one thread")
    if unknown:
        parts.append("made on an unknown number of threads (" + ", ".join(names[m] for m in unknown) +
                     ": no `threads=`), so whether wall_s is one core's time is not known")
    ones = [m for m, t in threads.items() if t == 1]
    if ones:
        parts.append("the others on one thread, so their wall_s is one core's time")
    return "; ".join(parts) + "."


def _plot_threads(threads):
    """The time plot's word on how the puzzles were made."""
    counts = set(threads.values())
    if counts == {1}:
        return "one core"
    if len(counts) == 1 and None not in counts:
        return f"{counts.pop()} threads at once"
    return "threads as each .meta says"


def _generation(ctx, family, gen_files, methods, notes, puzzles, cells, levels):
    out = ["### Generation time vs difficulty and size", ""]
    if gen_files:
        for method in METHODS:
            if method not in gen_files:
                out += [f"_No `kakuro-gen-{method}.csv`: {title(method)} left out._", ""]
    for note in notes:
        out += [note, ""]
    if not methods:
        ctx.no_plot("kakuro-gen-time", "kakuro-gen-attempts")
        return out + ["_No generation records (`kakuro-gen-*.csv`): nothing to show here._", ""]
    threads = _threads(gen_files, methods)
    out += ["One row per generated puzzle (`puzzlebench generate kakuro --stats`), " + _made_on(gen_files, threads) +
            " *Attempts* = filled candidates checked for uniqueness until one was unique. Per method, "
            "size and difficulty over all its puzzles: median (the middle value; the mean of the two middle values for "
            "an even count), p90 by nearest rank (the ⌈0.9·n⌉-th smallest) and the maximum. A puzzle that hit the time "
            "limit (status `limit`) counts with the time and attempts it used — a lower bound, shown as `≥` where it "
            "decides the value (and as an open symbol in the plots). Unique share: the achieved share of runs whose "
            "clue is a unique sum, mean over the done puzzles (the target in brackets). Under 1 s: done in under 1 s; "
            "over 10 s: ran over 10 s. Sizes are whole grids, the clue row and column included.", ""]
    first = {p.method: p for p in reversed(puzzles)}
    describe = {m: f"checker {first[m].checker}, refill {first[m].refill}" for m in methods}
    out += [ctx.plot(kakuro_plots.generation_time(ctx, methods, cells, levels, title, describe,
                                                  _plot_threads(threads)),
                     "kakuro generation time vs grid side"), ""]
    out += [ctx.plot(kakuro_plots.generation_attempts(ctx, methods, cells, levels, title),
                     "kakuro attempts per puzzle vs grid side"), ""]
    for method in methods:
        out += [f"#### {escape(title(method))}", "", _describe(method, puzzles, gen_files[method]), ""]
        rows = []
        for c in cells:
            if c.method != method:
                continue
            done_limit = f"{c.done} / {c.limit}" + (f" (+{c.failed} failed)" if c.failed else "")
            share = "-" if c.mean_share is None else "%.0f%%" % (100 * c.mean_share)
            target = "" if c.target is None else " (%.0f%%)" % (100 * c.target)
            rows.append([f"{c.rows}x{c.cols}", escape(c.level), done_limit,
                         ge(c.median_ms[1]) + millis(c.median_ms[0]), ge(c.p90_ms[1]) + millis(c.p90_ms[0]),
                         ge(c.max_ms[1]) + millis(c.max_ms[0]),
                         ge(c.median_attempts[1]) + count_or_half(c.median_attempts[0]),
                         ge(c.p90_attempts[1]) + count_or_half(c.p90_attempts[0]),
                         share + target, percent(c.under_1s, c.n), percent(c.over_10s, c.n)])
        out += table(["size", "level", "done / limit", "median", "p90", "max", "median attempts", "p90 attempts",
                      "unique share (target)", "under 1 s", "over 10 s"], "llrrrrrrrrr", rows) + [""]
    out += ["Sources:", ""]
    out += [f"- {ctx.meta_line(gen_files[m].with_suffix('.meta'), SHORT_KEYS)}" for m in methods]
    return out + [""]


# --- the seed's figures beside ours --------------------------------------------

def _time_limit(ctx, method):
    """The --time-limit a method's puzzles were made with: in its .meta's generate= line
    (the method's options, where a generation sweep made them: its command= is the
    sweep's), else in its command= (`generate kakuro` run by hand); "" when neither says."""
    meta = read_meta(ctx.dir / f"kakuro-gen-{method}.meta")
    for key in ("generate", "command"):
        found = re.search(r"--time-limit[ =]([0-9.]+)", meta.get(key) or "") if meta else None
        if found:
            return found.group(1)
    return ""


class Pool:
    """The puzzles of one method and level with rows in lo..hi."""

    def __init__(self, puzzles, method, level, lo, hi):
        self.members = [p for p in puzzles if p.method == method and p.level == level and lo <= p.rows <= hi]
        m = self.members
        self.n = len(m)
        self.under_1s = sum(p.done and p.ms < 1000 for p in m)
        self.over_10s = sum(p.ms > 10000 for p in m)
        self.limit = sum(p.status == "limit" for p in m)
        self.done = sum(p.done for p in m)
        self.attempts_sum = sum(p.attempts for p in m)
        times = Bounded([(p.ms, not p.done) for p in m])
        attempts = Bounded([(p.attempts, not p.done) for p in m])
        self.median_ms, self.max_ms = kakuro_data.tidy(times.median()), times.maximum()
        self.median_attempts, self.p90_attempts = kakuro_data.tidy(attempts.median()), attempts.quantile(0.9)


class _SeedMeasures:
    """The measures of the seed's figures, each as the text of one table cell, for a
    method m over the generated puzzles (`have`: the methods with a file)."""

    def __init__(self, puzzles, have):
        self.puzzles, self.have = puzzles, have

    def span(self, lo, hi):
        return f"{lo}x{lo}" if lo == hi else f"{lo}x{lo}–{hi}x{hi}"

    def none(self, m, level, lo, hi):
        return f"no {level} puzzle of {self.span(lo, hi)}" if m in self.have else "no file"

    def under1(self, m, level, lo, hi):
        p = Pool(self.puzzles, m, level, lo, hi)
        if not p.n:
            return self.none(m, level, lo, hi)
        return (f"{percent(p.under_1s, p.n)} under 1 s ({p.under_1s} of {p.n}; median {ge(p.median_ms[1])}"
                f"{millis(p.median_ms[0])}, max {ge(p.max_ms[1])}{millis(p.max_ms[0])})")

    def near15(self, m):
        """The easy 15x15 row: that size, else the largest easy size below it."""
        if Pool(self.puzzles, m, "easy", 15, 15).n:
            return self.under1(m, "easy", 15, 15)
        if m not in self.have:
            return "no file"
        sides = [p.rows for p in self.puzzles if p.method == m and p.level == "easy" and p.rows < 15]
        if not sides:
            return "no easy puzzle up to 15x15"
        b = max(sides)
        return f"no 15x15 run; at {b}x{b} (its largest): " + self.under1(m, "easy", b, b)

    def over10(self, m, limit):
        p = Pool(self.puzzles, m, "hard", 9, 11)
        if not p.n:
            return self.none(m, "hard", 9, 11)
        s = (f"{percent(p.over_10s, p.n)} over 10 s ({p.over_10s} of {p.n}); slowest {ge(p.max_ms[1])}"
             f"{millis(p.max_ms[0])}")
        if p.limit:
            s += f"; {p.limit} hit the {limit + ' s ' if limit else ''}limit"
        return s

    def attempts(self, m, level):
        p = Pool(self.puzzles, m, level, 9, 11)
        if not p.n:
            return self.none(m, level, 9, 11)
        return (f"median {ge(p.median_attempts[1])}{count_or_half(p.median_attempts[0])}, mean {ge(p.done < p.n)}"
                f"{p.attempts_sum / p.n:.1f}, p90 {ge(p.p90_attempts[1])}{count_or_half(p.p90_attempts[0])} "
                f"({p.n} puzzles)")

    def tops(self, m, limit):
        """The largest hard side up to which every puzzle of every size was done."""
        if m not in self.have:
            return "no file"
        hard = [p for p in self.puzzles if p.method == m and p.level == "hard"]
        if not hard:
            return "no hard puzzles"
        sides = sorted({p.rows for p in hard})
        bad = {s: sum(not p.done for p in hard if p.rows == s) for s in sides}
        top = 0
        for s in sides:
            if bad[s]:
                break
            top = s
        if not top:
            s = sides[0]
            return f"not even the smallest hard size ({s}x{s}): {bad[s]} not done"
        p = Pool(self.puzzles, m, "hard", top, top)
        text = (f"every puzzle done up to {top}x{top}{' (the largest tried)' if top == sides[-1] else ''}; there "
                f"median {ge(p.median_ms[1])}{millis(p.median_ms[0])}, max {ge(p.max_ms[1])}{millis(p.max_ms[0])}")
        if top < sides[-1]:
            s = next(s for s in sides if s > top and bad[s])
            text += f"; at {s}x{s}: {bad[s]} not done" + (f" within {limit} s" if limit else "")
        return text


def _seed_figures(ctx, methods, puzzles, gen_files):
    out = ["### The seed's figures and ours", ""]
    if SEED not in methods and OURS not in methods:
        return out + [f"_Neither `kakuro-gen-{SEED}.csv` nor `kakuro-gen-{OURS}.csv` has puzzles: no comparison._", ""]
    q = _SeedMeasures(puzzles, set(methods))
    la, lb = _time_limit(ctx, SEED), _time_limit(ctx, OURS)
    rows = [
        ["easy, up to 11x11: share under 1 s", "always", q.under1(SEED, "easy", 1, 11), q.under1(OURS, "easy", 1, 11)],
        ["easy, about 15x15: share under 1 s", "usually", q.near15(SEED), q.near15(OURS)],
        ["hard, 9x9–11x11: share under 1 s", "about half", q.under1(SEED, "hard", 9, 11),
         q.under1(OURS, "hard", 9, 11)],
        ["hard, 9x9–11x11: share over 10 s; slowest", "about 5% over 10 s; all under 30 s", q.over10(SEED, la),
         q.over10(OURS, lb)],
        [f"hard: how far it goes ({la + ' s' if la else 'time'} limit per puzzle)", "tops out at about 12x12",
         q.tops(SEED, la), q.tops(OURS, lb)],
        ["easy, 9x9–11x11: attempts per puzzle", "tens", q.attempts(SEED, "easy"), q.attempts(OURS, "easy")],
        ["hard, 9x9–11x11: attempts per puzzle", "hundreds to thousands", q.attempts(SEED, "hard"),
         q.attempts(OURS, "hard")],
    ]
    out += ["The seed's timings (design notes: Java, on a 2007 laptop) beside the same measures from the seed's method "
            "re-run here (`thesis-all-seed`: its checker, a whole new fill after each failed check, its table of 25 "
            "unique sums) and from ours (`combo-diff`). The seed's sizes may count only the white area; here a size is "
            "the whole grid. Shares over all the puzzles of the sizes named; attempts = filled candidates checked per "
            "unique puzzle (for `combo-diff` an attempt after the first re-randomises only the cells where two "
            "solutions differed).", ""]
    out += table(["measure", "the seed (Java, 2007 laptop)", "the seed's method here (`thesis-all-seed`)",
                  "ours (`combo-diff`)"], "llll", rows)
    out += ["", "Sources:", ""]
    out += [f"- {meta_short(gen_files[m].with_suffix('.meta'))}" for m in (SEED, OURS) if m in methods]
    return out + [""]


# --- the ablation: checker vs refill ----------------------------------------------

def _ablation(methods, puzzles, cells, gen_files, levels):
    out = ["### Where the gain comes from: checker and refill", ""]
    present = [m for m in ABLATION if m in methods]
    if len(present) < 2:
        return out + ["_Fewer than two of `kakuro-gen-{thesis-all-seed,thesis-diff,combo-all,combo-diff}.csv` have "
                      "puzzles: no ablation._", ""]
    out.append("The four methods differ in two choices: the checker (`thesis`, the seed's, or `combo`, ours) and the "
               "refill after a failed check (`all`: a whole new fill, the seed's; `diff`: re-randomise only the cells "
               "where the two solutions differ). Per size: median time · median attempts per puzzle over the 30-odd "
               "puzzles (the spread of each method's times is in the tables above), at the sizes every method here "
               "ran. Gain: the other method's median time against that of `thesis-all-seed`: *checker* from "
               "`combo-all`, *refill* from `thesis-diff`, *both* from `combo-diff`, with the 95% interval of the "
               "ratio (each method's puzzles drawn again, apart: a percentile bootstrap of 1,000 draws); an "
               "interval that holds 1 says that those puzzles do not settle which method is faster.")
    tables = {}
    for m in present:
        kinds = {p.seed_table for p in puzzles if p.method == m}
        tables[m] = "mixed" if {"0", "1"} <= kinds else "seed" if "1" in kinds else "full"
    if SEED in tables and tables[SEED] != "full":
        full = [code(m) for m in present if m != SEED and tables[m] == "full"]
        if full:
            out += ["", f"Note: `{SEED}` also uses the seed's table of 25 unique sums, {', '.join(full)} the full "
                        "table; so the ratios to it include that change too."]
    out.append("")
    # The hardest level and the easiest (the listing's last and first), hardest first.
    for level in dict.fromkeys([levels[-1], levels[0]] if levels else []):
        out += _ablation_level(level, present, cells) + [""]
    out += ["Sources:", ""]
    out += [f"- {meta_short(gen_files[m].with_suffix('.meta'))}" for m in present]
    return out + [""]


def _ablation_level(level, present, cells):
    time, attempts, sizes, every = {}, {}, [], {}
    side = {}
    for c in cells:
        if c.level != level:
            continue
        k = f"{c.rows}x{c.cols}"
        time[(c.method, k)] = c.median_ms
        every[(c.method, k)] = c.times_ms
        attempts[(c.method, k)] = c.median_attempts
        side[k] = c.rows
        if k not in sizes:
            sizes.append(k)
    ran = [m for m in present if any((m, k) in time for k in sizes)]
    if len(ran) < 2:
        return [f"_Level {escape(level)}: fewer than two methods have puzzles._"]
    common = [k for k in sizes if all((m, k) in time for m in ran)]
    if not common:
        return [f"_Level {escape(level)}: no size that all of them ran._"]
    gains = [(g, name) for g, name in GAINS if SEED in ran and g in ran]

    def gain(other, k):
        """The other method's median time against the seed's, with the interval of the
        medians' ratio where every puzzle of both finished; else either may be a bound."""
        (a, a_lower), (b, b_lower) = time[(other, k)], time[(SEED, k)]
        drawn = stats.median_ratio_interval(every[(other, k)], every[(SEED, k)]) \
            if every[(other, k)] and every[(SEED, k)] else None
        return ratio_interval(a / b, *drawn) if drawn and a > 0 and b > 0 else bounded_ratio(a, b, a_lower, b_lower)

    rows, logs = [], {g: [] for g, _ in gains}
    for k in common:
        row = [k] + [f"{ge(time[(m, k)][1])}{millis(time[(m, k)][0])} · "
                     f"{ge(attempts[(m, k)][1])}{count_or_half(attempts[(m, k)][0])}" for m in ran]
        for g, _ in gains:
            row.append(gain(g, k))
            if time[(g, k)][0] > 0 and side[k] >= 9:
                logs[g].append(time[(SEED, k)][0] / time[(g, k)][0])
        rows.append(row)
    out = [f"**{escape(level)}**", ""]
    out += table(["size"] + [code(m) for m in ran] + [f"gain: {name}" for _, name in gains],
                 "l" + "r" * (len(ran) + len(gains)), rows)
    out.append("")
    if not gains:
        return out
    big = common[-1]
    s = (f"- {escape(level)}, at {big} (the largest size all ran), each against `{SEED}` "
         f"({millis(time[(SEED, big)][0])}) by "
         "median time: " + ", ".join(f"{name} {gain(g, big)}" for g, name in gains))
    if "combo-all" in ran and "thesis-diff" in ran:
        checker = time[(SEED, big)][0] / time[("combo-all", big)][0]
        refill = time[(SEED, big)][0] / time[("thesis-diff", big)][0]
        s += "; the larger part comes from the " + ("refill" if refill > checker else
                                                     "checker" if checker > refill else "two alike")
    out.append(s + ".")
    parts = [f"{code(g)} {count_or_half(attempts[(g, big)][0])} ({name}: "
             f"{ratio(attempts[(g, big)][0], attempts[(SEED, big)][0], FEWER_ATTEMPTS, MORE_ATTEMPTS)})"
             for g, name in gains]
    out.append(f"- median attempts at {big}: `{SEED}` {count_or_half(attempts[(SEED, big)][0])}; the others, against "
               f"`{SEED}`: {', '.join(parts)}.")
    means = [(name, logs[g]) for g, name in gains if logs[g]]
    if means:
        out.append(f"- {escape(level)}, geometric mean over the {len(means[-1][1])} sizes from 9x9 up that all ran: "
                   + ", ".join(f"{name} {ratio(1, geometric_mean(v))}" for name, v in means)
                   + " (of the medians' ratios alone, without an interval: where a size's interval above holds 1, "
                   "its ratio is not settled).")
    return out


# --- the checkers on the same inputs ----------------------------------------------

def _checkers(ctx, path):
    out = ["### Uniqueness checkers on the same inputs", ""]
    if path is None:
        ctx.no_plot("kakuro-checkers")
        return out + ["_No `kakuro-checkers.csv`: no checker comparison._", ""]
    table_, checkers = kakuro_data.read_checkers(path, ctx.listing)
    if not checkers:
        ctx.no_plot("kakuro-checkers")
        return out + ["_`kakuro-checkers.csv` has no runs: no checker comparison._", ""]
    out += [f"Source: {code(path.name)} — {len(table_)} rows ({runs.status_counts(table_)}). Each row of it is one "
            "run of a checker over a whole file of puzzles; below, steps and time are divided by the puzzles of the "
            "run. A run that hit the file's shared step or time limit has status `limit` with the puzzles it "
            "finished; its values are then lower bounds (`≥`): what it spent before the limit divided by the puzzles "
            "of the whole file. The last two columns: the row's checker against thesis (the seed's); a time `~` "
            "where the two times' intervals overlap (no difference claimed). "
            + timing.spread_note(table_), ""]
    out += [ctx.plot(kakuro_plots.checkers(ctx, checkers), "kakuro checkers: steps per puzzle"), ""]
    instances = list(dict.fromkeys(c.instance for c in checkers))

    def value(x, lower):
        return "-" if x is None else ("≥ " if lower else "") + num(x)

    noisy = []
    for inst in instances:
        mine = [c for c in checkers if c.instance == inst]
        ref = next((c for c in mine if c.engine == SEED_CHECKER), None)
        w = timing.winner([c.time for c in mine])
        first = mine[0]
        total = "-" if first.total is None else "%.0f" % first.total
        out += [f"**{escape(inst)}** — {first.cells} cells, {total} puzzles", ""]
        rows = []
        for i, c in enumerate(mine):
            shown = c.time.text()
            if i == w:
                shown = timing.bold(shown)
            noisy.append(c.time)
            status = escape(c.status) if c.done else (f"{escape(c.status)} ({c.puzzles:.0f}"
                                              f"{'' if c.total is None else ' of %.0f' % c.total} puzzles)")
            if c is ref:
                time_ratio = steps_ratio = "the reference"
            elif ref is None or c.lower is None or ref.lower is None:
                time_ratio = steps_ratio = "n/a"
            else:
                time_ratio = bounded_ratio(c.us, ref.us, c.lower, ref.lower)
                if c.time.noisy or ref.time.noisy:
                    time_ratio += " (noisy)"
                elif _overlap(c.time, ref.time):
                    time_ratio = "~ " + time_ratio
                steps_ratio = bounded_ratio(c.steps, ref.steps, c.lower, ref.lower, FEWER_STEPS, MORE_STEPS)
            rows.append([escape(c.label), value(c.steps, c.lower), shown, status, time_ratio, steps_ratio])
        out += table(["checker/order", "steps/puzzle", "time/puzzle (median [interval])", "status",
                      "time against thesis", "steps against thesis"], "lrrlrr", rows) + [""]
    out += timing.noisy_footnote(noisy)[1:] + ([""] if any(t.noisy for t in noisy) else [])
    out += ["**Cell order.** The seed found that ordering the cells (by runs, nearest to the last cell, …) gave no "
            "clear gain over row order. Here: steps (and time) with degree and mrv order against row order, per "
            "file (\"fewer steps\", \"faster\": the order helps).", ""]
    out += _cell_orders(ctx, checkers, instances)
    out += ["", ctx.meta_line(path.with_suffix(".meta"), SHORT_KEYS), ""]
    return out


def _overlap(a, b):
    """Whether two times' intervals overlap: then no difference between them is claimed."""
    return a.has_interval and b.has_interval and not (a.hi < b.lo or b.hi < a.lo)


class Compared:
    """a / b where either may be a lower bound: the text, and whether the order helps
    (1), hurts (-1), neither (0) or cannot be told ("?")."""

    def __init__(self, a, a_lower, b, b_lower, less=FEWER_STEPS, more=MORE_STEPS, noisy=False, overlap=False):
        self.text, self.verdict, self.ratio, self.kind = "n/a", "?", None, "?"
        if a is None or b is None or a_lower is None or b_lower is None or (a_lower and b_lower) or b <= 0:
            return
        self.kind = ">" if a_lower else "<" if b_lower else "="
        self.ratio = r = a / b
        self.text = bounded_ratio(a, b, a_lower, b_lower, less, more)
        if noisy:
            # A noisy time is shown, marked, and counts for nothing.
            self.text += timing.NOISY_MARK
            return
        if overlap:
            # Two times whose intervals overlap: no difference is claimed.
            self.text = "~ " + self.text
            self.verdict = 0
            return
        if self.kind == "=":
            self.verdict = 1 if r < 1 else -1 if r > 1 else 0
        elif self.kind == ">":
            self.verdict = -1 if r >= 1 else "?"
        else:
            self.verdict = 1 if r <= 1 else "?"


class Tally:
    """One engine/order's comparisons with its row order, over the files."""

    def __init__(self):
        self.n = self.hurts = self.bounded = self.undecided = self.faster = self.slower = 0
        self.cuts = []      # the step ratios where the order helps
        self.raises = []    # the exact step ratios where it hurts

    def add(self, steps, time):
        self.n += 1
        if steps.verdict == 1:
            self.cuts.append(steps.ratio)
        elif steps.verdict == -1:
            self.hurts += 1
            if steps.kind == "=":
                self.raises.append(steps.ratio)
            else:
                self.bounded += 1
        elif steps.verdict == "?":
            self.undecided += 1
        if time.verdict == 1:
            self.faster += 1
        elif time.verdict == -1:
            self.slower += 1


def _range(lo, hi):
    """Step ratios lo..hi (all below 1 or all above) as "1.54–3.85× fewer steps"."""
    if hi < 1:
        lo, hi = 1 / hi, 1 / lo
        words = FEWER_STEPS
    else:
        words = MORE_STEPS
    return factor_text(lo) + ("" if factor_text(hi) == factor_text(lo) else "–" + factor_text(hi)) + "× " + words


def _cell_orders(ctx, checkers, instances):
    """Each engine's other cell orders against its first (row, the seed's reading order)."""
    base = ctx.listing.orders[0] if ctx.listing.orders else "row"
    have = {(c.engine, c.order) for c in checkers}
    at = {(c.instance, c.engine, c.order): c for c in checkers}
    engines = sorted({c.engine for c in checkers}, key=ctx.listing.engine_rank)
    orders = sorted({c.order for c in checkers if c.order not in ("-", base)}, key=ctx.listing.order_rank)
    pairs = [(e, o) for e in engines for o in orders if (e, o) in have and (e, base) in have]
    if not pairs:
        return [f"_No engine ran with {escape(base)} order and another order: nothing to compare._"]
    rows = []
    tally = {p: Tally() for p in pairs}
    for inst in instances:
        row = [escape(inst)]
        for e, o in pairs:
            a, b = at.get((inst, e, o)), at.get((inst, e, base))
            if a is None or b is None:
                row.append("n/a")
                continue
            steps = Compared(a.steps, a.lower, b.steps, b.lower)
            time = Compared(a.us, a.lower, b.us, b.lower, "faster", "slower", a.time.noisy or b.time.noisy,
                            _overlap(a.time, b.time))
            row.append(f"{steps.text} (time {time.text})")
            tally[(e, o)].add(steps, time)
        rows.append(row)
    header = ["file"] + [f"{escape(e)}: {escape(o)} against {escape(base)}" for e, o in pairs]
    out = table(header, "l" + "r" * len(pairs), rows)
    out += ["", "Time: `~` where the two times' intervals overlap (no difference claimed); † where one is noisy.", ""]
    total = cuts = hurts = faster = 0
    holds, fails = [], []
    for e, o in pairs:
        t = tally[(e, o)]
        if not t.n:
            continue
        s = f"- {escape(o)} order cuts {escape(e)}'s steps on {len(t.cuts)} of {t.n} files"
        if t.cuts:
            s += f" ({_range(min(t.cuts), max(t.cuts))})"
        s += f" and raises them on {t.hurts}"
        if t.hurts:
            q = _range(min(t.raises), max(t.raises)) if t.raises else ""
            if t.bounded:
                q += ("; " if q else "") + f"{t.bounded} only known as a lower bound: the ordered run hit the limit"
            s += f" ({q})"
        if t.undecided:
            s += f"; {t.undecided} undecided (both runs hit the limit)"
        out.append(s + f"; by time it is clearly faster on {t.faster} and slower on {t.slower} (apart from the "
                   "files where the intervals overlap or a time is noisy).")
        total += t.n
        cuts += len(t.cuts)
        hurts += t.hurts
        faster += t.faster
        if t.cuts:
            fails.append(f"{escape(e)}/{escape(o)} (fewer steps on {len(t.cuts)} of {t.n} files, less time on "
                         f"{t.faster})")
        else:
            holds.append(f"{escape(e)}/{escape(o)}")
    s = (f"- Over all {total} comparisons (engine, order, file), a cell order cuts the steps in {cuts}, raises them "
         f"in {hurts}, and cuts the time in {faster}.")
    if holds:
        s += (f" The seed's finding — no gain from ordering — holds here for {', '.join(holds)}: never fewer steps "
              f"than {escape(base)} order.")
    if fails:
        s += f" It does not hold, by steps, for {'; '.join(fails)}."
    out.append(s)
    return out


# --- the picture -------------------------------------------------------------------

def _example_puzzle(example):
    """The example's .kak (named in its generate.csv when there is one) and that row."""
    row = None
    name = None
    listing_csv = example / "generate.csv"
    if listing_csv.is_file():
        rows = read_csv(listing_csv, need=("name",)).rows
        if rows:
            row, name = rows[0], rows[0]["name"]
    # The name is data: only a file in the folder itself is taken (no "/" to leave it).
    if name and "/" not in name and (example / f"{name}.kak").is_file():
        return example / f"{name}.kak", row
    found = sorted(p for p in example.glob("*.kak") if not p.name.endswith(".sol.kak"))
    return (found[0], None) if found else (None, None)


def _draw_example(ctx, kak):
    """Redraws plots/kakuro-example.svg (the example puzzle) and
    kakuro-example-solution.svg (solved) with `puzzlebench render`."""
    render.draw(ctx.binary, ctx.plots_dir / "kakuro-example.svg", ["kakuro", kak])
    render.draw(ctx.binary, ctx.plots_dir / "kakuro-example-solution.svg", ["kakuro", kak, "--solution"])


def _picture(ctx):
    out = ["### A generated puzzle", ""]
    example = ctx.dir / "kakuro-example"
    kak, row = _example_puzzle(example) if example.is_dir() else (None, None)
    if kak is not None and ctx.draw_plots:
        _draw_example(ctx, kak)
    if not (ctx.plots_dir / "kakuro-example.svg").is_file():
        return out + ["_No `plots/kakuro-example.svg`: no picture._", ""]
    solved = ctx.plots_dir / "kakuro-example-solution.svg"
    out += ["![a generated kakuro](plots/kakuro-example.svg)"
            + (" ![its solution](plots/kakuro-example-solution.svg)" if solved.is_file() else ""), ""]
    if kak is None:
        return out + ["_The puzzle file (`kakuro-example/*.kak`) is not in the results directory._", ""]
    info = ""
    if row is not None and row["name"] + ".kak" == kak.name:
        if row.table.has("attempts") and row.table.has("wall_s"):
            info = f", made in {duration(row.num('wall_s'))} (one run) after {row.num('attempts'):.0f} attempts"
        if row.table.has("checker") and row.table.has("refill"):
            info += f" (checker {code(row['checker'])}, refill {code(row['refill'])})"
        if row.table.has("unique_share"):
            info += f"; {100 * row.num('unique_share'):.0f}% of its runs have unique sums"
        if row.table.has("target_share"):
            info += f" (target {100 * row.num('target_share'):.0f}%)"
    out += [f"_The puzzle {code('kakuro-example/' + kak.name)} and its solution{info}._", ""]
    meta = example / "generate.meta"
    if meta.is_file():
        out += [ctx.meta_line(meta, SHORT_KEYS), ""]
    return out


# What the report reads of this family (analysis/family_section.py).
SECTION = FamilySection(section, sweeps=SWEEPS, reads=READS, ladder=LADDER, pictures=PICTURES)
