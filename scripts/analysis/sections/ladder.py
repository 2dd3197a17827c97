"""The rungs of reasoning side by side: the engine sweeps that the families' modules
give this section (READS["ladder"], reads.py), one row per puzzle and engine, puzzlebench's engines and the
outside SAT solvers (`puzzlebench engines`, kind outside) timed by the sweep's one
method with one time limit.

Per family: which rung of the ladder (backtrack, propagate, logic, combo, alldiff,
learn: each adds reasoning to the one before) first solves every instance within
the limit, and what the outside solvers do; per set of instances, solved counts
and totals; per instance, the time and the backtracks (conflicts, for the
learners) of every tool; where each tool's hardest instance lies; and the issue's
targets, each a ratio from this one run (alldiff against propagate in backtracks,
learn against cadical in total time, against each of CaDiCaL's configurations that ran
(cadical-sat, its preset for satisfiable instances, too), learn against logic in the
micro-benchmarks). A
run stopped at the limit counts with what it used, a lower bound, and every
statement built on one says so. Per ladder file, every tool as a solver: solved
counts, PAR-2, the virtual best solver and a cactus plot (generic.summary(), the
generic section's own). A ladder file whose sweep ran isomorphic copies (rows
INSTANCE.copyC) is shown per puzzle and set summed over its orientations, with the
spread over them, and its targets rest on those sums (copies.py).

What is particular to a family comes from its own section module's LADDER dict
(ctx.family_module): "split", a function from a row's instance to its (set, param)
(default: the name before and the index after its last "#"); "param", what a row's
param is (default "parameter"); "peaks",
where each tool's hardest instance lies; "alldiff_target", the set of the alldiff
target; "learn_targets", the sets of the learn target, each with how many times as slow
as cadical learn may be; "learn_target_others", the same for every set the family
names nowhere (one a researcher ran with --instances); "set_roles", what a set is to
the claims on it ("tuning set": the search was tuned on it; "held-out set": never
tuned on), said beside its target;
"held_out", each held-out set with the tuning set whose claims it tests again: the
targets and the first rung are then compared set against set, and a claim that does
not hold on the held-out set is said so ("sets_note": the family's sentence on which
set is which); "copies_how", what a copy is in the family (copies.py); "micro_case" and "micro_set",
the micro-benchmark of the learn-against-logic target. Params sort by the family's
levels where `puzzlebench levels` lists some, else as numbers.
"""

import json

from .. import copies, stats
from . import generic
from ..csvread import read_csv
from ..markdown import code, escape, table
from ..meta import read_meta
from ..reads import declared
from ..reads import files as reads_files
from ..numfmt import bounded_ratio, duration, duration_spread, grouped, ratio_interval
from ..timing import NOISY_NOTE, of_row, status

SECTION = "ladder"
KIND = "engines"  # the kind of sweep it reads (reads.py)
TITLE = "## The rungs of reasoning, side by side"
NEED = ("family", "instance", "engine", "order", "mode", "status", "solutions", "steps", "backtracks", "wall_s",
        "median_s", "median_lo_s", "median_hi_s", "samples", "noisy")
# The ladder, weakest reasoning first; a family runs the rungs it has.
RUNGS = ("backtrack", "propagate", "logic", "combo", "alldiff", "learn")
FEWER, MORE = "fewer backtracks", "more backtracks"
# A set the family names nowhere (learn_target_others): not one of the project's, so
# neither tuned on nor picked here.
OTHERS_ROLE = "a set not in the project: neither tuned on nor chosen by it"
MICRO_FILE = "micro.json"


def files(ctx):
    """The ladder files of the results folder: by family, and within one in the order
    its READS gives them (a tuning set's ladder before its held-out one)."""
    reads = declared(ctx, SECTION, KIND)

    def rank(path):
        hits = [(r.family, i) for i, r in enumerate(reads) if r.matches(path)]
        return (min(hits) if hits else ("", 0)) + (path.name,)

    return sorted(reads_files(ctx.dir, reads), key=rank)


def split_at_index(instance):
    """(set, param) of a per-puzzle row's instance NAME#INDEX: (NAME, INDEX)."""
    name, hash_, index = instance.rpartition("#")
    return (name, index) if hash_ else (instance, "")


def _num(row, column):
    text = row[column]
    return None if text == "" else row.num(column)


class Run:
    """One row: a tool on an instance."""

    def __init__(self, row, split, outside):
        self.row = row
        self.instance = row["instance"]
        # A copy's rows (the sweep key copies) are its puzzle's, in another orientation.
        self.base, self.copy = copies.split_copy(self.instance)
        self.set, self.param = split(self.base)
        self.tool = row["engine"]
        self.outside = self.tool in outside
        self.done = status(row) == "done"
        self.timing = of_row(row)
        self.seconds = row.num("wall_s")
        self.backtracks = _num(row, "backtracks")

    def time_text(self):
        """The median with its range, or, for one sample, the bare time (the section
        says so once), or "≥ T" at the limit."""
        t = self.timing
        if t.lower:
            return "≥ " + duration(t.median)
        return t.text(single=duration) if t.has_interval else duration(t.median) + ("†" if t.noisy else "")

    def backtracks_text(self):
        if self.backtracks is None:
            return "-"
        return ("≥ " if not self.done else "") + grouped(int(self.backtracks))


def tool_order(runs):
    """Engines in ladder order (others after them, by name), then outside solvers."""
    engines = {r.tool for r in runs if not r.outside}
    outside = sorted({r.tool for r in runs if r.outside})
    ranked = [t for t in RUNGS if t in engines] + sorted(engines - set(RUNGS))
    return ranked, outside


def _param_key(p):
    try:
        return (0, float(p), p)
    except ValueError:
        return (1, 0.0, p)


def param_sort(listing, family):
    """The sort key of a family's params: its levels, easiest first, where it has any."""
    if listing.levels.get(family):
        return lambda p: (listing.level_rank(family, p)[0], _param_key(p))  # a puzzle index: by number
    return _param_key


class Totals:
    """One tool over a group of instances: solved within the limit, time and backtracks
    summed (a stopped run counts with what it used: the sum is then a lower bound).
    The time's bounds, lo_s and hi_s, are the sums of the runs' interval bounds (a run
    of one sample counts its time in both): where each run's median lies within its
    interval, the sum lies within them. interval: some run had one."""

    def __init__(self, runs):
        self.n = len(runs)
        self.solved = sum(r.done for r in runs)
        self.seconds = sum(r.seconds for r in runs)
        self.lower = self.solved < self.n
        have = [r.backtracks for r in runs if r.backtracks is not None]
        self.backtracks = sum(have) if len(have) == self.n else None
        self.interval = any(r.timing.has_interval for r in runs)
        self.lo_s = sum(r.timing.lo if r.timing.has_interval else r.seconds for r in runs)
        self.hi_s = sum(r.timing.hi if r.timing.has_interval else r.seconds for r in runs)

    def time_text(self):
        if self.lower:
            return "≥ " + duration(self.seconds)
        return duration_spread(self.seconds, self.lo_s, self.hi_s) if self.interval else duration(self.seconds)

    def backtracks_text(self):
        if self.backtracks is None:
            return "-"
        return ("≥ " if self.lower else "") + grouped(int(self.backtracks))


def totals_ratio(a, b):
    """a's total time against b's (Totals), with the ratio's bounds from theirs where
    both finished and either has an interval ("1.80× faster [1.62×, 1.97×]": a's lower
    bound over b's upper, a's upper over b's lower); else bounded_ratio's words."""
    if a.lower or b.lower or not (a.interval or b.interval) or min(a.seconds, b.seconds, a.lo_s, b.lo_s) <= 0:
        return bounded_ratio(a.seconds, b.seconds, a.lower, b.lower)
    return ratio_interval(a.seconds / b.seconds, a.lo_s / b.hi_s, a.hi_s / b.lo_s)


def first_rung(runs, engines):
    """The first engine of the ladder that ran and solved every instance of runs, or None."""
    instances = {(r.set, r.instance) for r in runs}
    for tool in engines:
        solved = {(r.set, r.instance) for r in runs if r.tool == tool and r.done}
        if solved == instances:
            return tool
    return None


def hardest(runs, tool, key):
    """Where tool's runs peak: (params, lower) — the params of the instance(s) with
    the most backtracks, where a tie among runs stopped at the limit gives them all
    (the peak lies somewhere among them)."""
    stopped = [r for r in runs if r.tool == tool and not r.done]
    if stopped:  # an outside solver killed at the limit has no counts: it stopped all the same
        return sorted({r.param for r in stopped}, key=key), True
    mine = [r for r in runs if r.tool == tool and r.backtracks is not None]
    if not mine:
        return [], False
    top = max(r.backtracks for r in mine)
    return sorted({r.param for r in mine if r.backtracks == top}, key=key), False


def _limit_text(meta_limit):
    return f"{escape(meta_limit)} s" if meta_limit else "the limit"


def family_part(family, rows, limit, conf, key, outside, sweep=None):
    runs = [Run(r, conf.get("split", split_at_index), outside) for r in rows]
    engines, outside = tool_order(runs)
    tools = engines + outside
    param_name = conf.get("param", "parameter")
    sets = sorted({r.set for r in runs}, key=lambda s: (len(s), s))
    mode = rows[0]["mode"]
    what = "a first solution" if mode == "first" else "the uniqueness proof (`count --limit 2`)"
    out = ["", f"### {escape(family)}: {what}" + (f" ({code(sweep)})" if sweep else ""), ""]
    n_inst = len({(r.set, r.instance) for r in runs})
    first = first_rung(runs, engines)
    every = f"all {n_inst} instances" if n_inst > 1 else "the one instance"
    rung_text = (f"**{escape(first)}** is the first rung that solves {every} within {limit}"
                 if first else f"no rung of the ladder solves {every} within {limit}")
    solved_out = "; ".join(f"{escape(t)} solves {sum(r.done for r in runs if r.tool == t)} of {n_inst}"
                           for t in outside)
    out.append(f"Ladder {' → '.join(map(escape, engines))}: {rung_text}."
               + (f" Outside solvers: {solved_out}." if outside else ""))
    per_set = []
    for s in sets:
        mine = [r for r in runs if r.set == s]
        f = first_rung(mine, engines)
        per_set.append(f"{code(s)}: {escape(f or 'none')}")
    if len(sets) > 1:
        out.append("First rung solving every instance, per set: " + ", ".join(per_set) + ".")
    if conf.get("sets_note") and any(s in conf.get("set_roles", {}) for s in sets):
        out.append(conf["sets_note"])
    n_orient = copies.orientations(runs)
    if n_orient > 1:
        out += ["", copies.intro(n_orient, conf.get("copies_how", copies.SUDOKU_HOW))]
        out += copies.totals_part(runs, sets, tools, engines[-1] if engines else tools[0], Totals, totals_ratio)
    else:
        out += totals_part(runs, sets, tools, outside)
    noisy = False
    for s in sets:
        mine = [r for r in runs if r.set == s]
        set_tools = [t for t in tools if any(r.tool == t for r in mine)]
        params = sorted({(r.param, r.base) for r in mine}, key=lambda p: (key(p[0]), p[1]))
        lines, was_noisy = instance_table(s, mine, set_tools, params, param_name, n_orient)
        out += lines
        noisy |= was_noisy
        if conf.get("peaks"):
            peaks = []
            lowest = min((r.param for r in mine), key=key)
            for t in set_tools:
                where, lower = hardest(mine, t, key)
                if not where:
                    continue
                if lower and len(where) == len({r.param for r in mine if r.tool == t}):
                    peaks.append(f"{escape(t)}: at the limit on every square, not located")
                    continue
                edge = ", or below the lowest fraction run" if where[0] == lowest else ""
                if lower:
                    peaks.append(f"{escape(t)}: stopped at the limit at {', '.join(map(escape, where))} (the peak "
                                 f"among them{edge})")
                else:
                    peaks.append(f"{escape(t)}: {', '.join(map(escape, where))}"
                                 + (" (the lowest fraction run: the peak may lie below it)" if edge else ""))
            out += ["", f"Hardest square of {code(s)} per tool (the most backtracks): " + "; ".join(peaks) + "."]
    if noisy:
        out += ["", NOISY_NOTE]
    return out, runs


def instance_table(s, mine, set_tools, params, param_name, n_orient):
    """Set s's table per instance (per puzzle, its orientations summed, with copies):
    its lines, and whether a time shown is noisy."""
    if n_orient > 1:
        out = ["", f"{code(s)}, per puzzle ({escape(param_name)}), over its {n_orient} orientations: the total "
               f"time [the sums of the runs' lower and upper bounds] · the total backtracks (conflicts for learn "
               f"and the outside solvers) [the fewest, the most of one orientation that finished; how many "
               f"stopped at the limit, if any].", ""]
    else:
        out = ["", f"{code(s)}, per instance ({escape(param_name)}): time · backtracks "
               f"(conflicts for learn and the outside solvers).", ""]
    body, noisy = [], False
    named = len(params) > len({p for p, _ in params})  # a param of several instances: name them
    for param, inst in params:
        cells = []
        for t in set_tools:
            these = [x for x in mine if x.tool == t and x.base == inst and x.param == param]
            if not these:
                cells.append("-")
            elif n_orient > 1:
                cells.append(copies.per_puzzle_cell(these, Totals))
            else:
                noisy |= these[0].timing.noisy
                cells.append(f"{these[0].time_text()} · {these[0].backtracks_text()}")
        body.append([escape(param)] + ([code(inst)] if named else []) + cells)
    head = [escape(param_name)] + (["instance"] if named else [])
    return out + table(head + [escape(t) for t in set_tools], "l" * len(head) + "r" * len(set_tools), body), noisy


def totals_part(runs, sets, tools, outside):
    """Per tool and set: solved within the limit, and the total time."""
    out = ["", "Per tool and set: the instances solved within the limit, and the total time (the sum of the "
           "runs' medians; ≥ when a run stopped at the limit: it counts with the time it used), in brackets "
           "the sums of the runs' lower and upper bounds (their medians' intervals; a run of one sample counts "
           "its time in both).", ""]
    header = ["tool"] + [h for s in sets for h in (f"{escape(s)} solved", f"{escape(s)} time")]
    body = []
    for t in tools:
        cells = [escape(t) + (" (outside)" if t in outside else "")]
        for s in sets:
            tot = Totals([r for r in runs if r.set == s and r.tool == t])
            cells += [f"{tot.solved}/{tot.n}", tot.time_text()] if tot.n else ["-", "-"]
        body.append(cells)
    return out + table(header, "l" + "r" * 2 * len(sets), body)


def _target_sets(conf, key):
    """The sets of a target: one set's name or several."""
    sets = conf.get(key) or ()
    return (sets,) if isinstance(sets, str) else tuple(sets)


def alldiff_target(runs_by_family, confs, verdicts):
    """The alldiff target's lines; verdicts[(family, set, "alldiff")] gets each one's
    "met", "missed" or None (not settled by the bounds)."""
    out = []
    for family, conf in confs.items():
        for set_name in _target_sets(conf, "alldiff_target"):
            lines, verdict = _alldiff_line(runs_by_family.get(family, []), conf, set_name)
            if lines:
                verdicts[(family, set_name, "alldiff")] = verdict
            out += lines
    return out


def _alldiff_line(family_runs, conf, set_name):
    runs = [r for r in family_runs if r.set == set_name]
    prop = {r.instance: r for r in runs if r.tool == "propagate"}
    ad = {r.instance: r for r in runs if r.tool == "alldiff"}
    both = [i for i in prop if i in ad and prop[i].backtracks is not None and ad[i].backtracks is not None]
    if not both:
        return [], None
    # The peak: propagate's hardest square (most backtracks; a stopped run used at least that many).
    peak = max(both, key=lambda i: (prop[i].backtracks, not prop[i].done))
    p, a = prop[peak], ad[peak]
    # A stopped propagate made at least its count, a stopped alldiff too.
    verdict = ("met" if a.done and p.backtracks >= 10 * a.backtracks and p.backtracks > 0
               else "missed" if p.done and 10 * a.backtracks > p.backtracks else None)
    if a.done and a.backtracks == 0 and p.backtracks > 0:
        # no ratio to a zero: alldiff's filtering alone completed the square
        text = "none at all: its filtering alone completes the square (goal: at least 10× fewer: met)"
    else:
        text = bounded_ratio(a.backtracks, p.backtracks, not a.done, not p.done, less=FEWER, more=MORE)
        text += f" (goal: at least 10× fewer: {_verdict_text(verdict)})"
    role = conf.get("set_roles", {}).get(set_name)
    line = (f"- **alldiff against propagate** on {code(set_name)}{f' ({escape(role)})' if role else ''} at "
            f"propagate's hardest square "
            f"({escape(conf.get('param', 'parameter'))} {escape(p.param)}): {a.backtracks_text()} backtracks against {p.backtracks_text()}: "
            f"alldiff takes {text}.")
    ratios = []
    for i in both:
        if ad[i].backtracks > 0 and prop[i].backtracks > 0:
            ratios.append(bounded_ratio(ad[i].backtracks, prop[i].backtracks, not ad[i].done, not prop[i].done,
                                        less=FEWER, more=MORE))
    if ratios:
        where = f"each of the {len(ratios)} squares" if len(ratios) > 1 else "the one square"
        line += f" On {where} of the set where both backtracked: " + ", ".join(ratios) + "."
    return [line], verdict


def cadical_tools(runs):
    """The CaDiCaL configurations that ran (cadical, then cadical-sat and any other
    `cadical-` preset, by name): the learn target is held against each, since an
    outside tool is not measured at its defaults alone."""
    return sorted({r.tool for r in runs if r.tool == "cadical" or r.tool.startswith("cadical-")},
                  key=lambda t: (t != "cadical", t))


def learn_targets(runs_by_family, confs, verdicts):
    """The learn target's lines, one for each CaDiCaL configuration that ran;
    verdicts[(family, set, "learn/" + tool)] gets each one's "met", "missed" or None
    (not settled by the bounds)."""
    out = []
    for family, set_name, most in [(f, s, m) for f, conf in confs.items()
                                   for s, m in target_sets(conf, runs_by_family.get(f, []))]:
        runs = [r for r in runs_by_family.get(family, []) if r.set == set_name]
        for ref in cadical_tools(runs):
            line = learn_target(runs, ref, family, set_name, most, confs[family], verdicts)
            if line:
                out.append(line)
    return out


def target_sets(conf, runs):
    """The sets of the learn target with how many times as slow as CaDiCaL learn may be:
    the family's own, then (with "learn_target_others") each set the run holds that the
    family names nowhere, a researcher's own given with --instances, held to the same."""
    own = list(conf.get("learn_targets", {}).items())
    most = conf.get("learn_target_others")
    if most is None:
        return own
    return own + [(s, most) for s in sorted({r.set for r in runs} - named_sets(conf))]


def named_sets(conf):
    """The sets a family names: its targets' and those it gives a role."""
    return set(conf.get("learn_targets", {})) | set(conf.get("set_roles", {})) | set(conf.get("held_out", {}))


def set_role(conf, set_name):
    """What a set is to the claims on it: its role in the family, or, for a set the
    family does not name, that it is none of the project's."""
    if "learn_target_others" in conf and set_name not in named_sets(conf):
        return OTHERS_ROLE
    return conf.get("set_roles", {}).get(set_name)


def learn_target(runs, ref, family, set_name, most, conf, verdicts):
    """learn against ref (a CaDiCaL configuration) on one set, or None where either did
    not run there."""
    learn = Totals([r for r in runs if r.tool == "learn"])
    cad = Totals([r for r in runs if r.tool == ref])
    if not learn.n or not cad.n:
        return None
    ratio = totals_ratio(learn, cad)
    verdict, said = "", None
    if not learn.lower and not cad.lower:
        # Settled only where the whole range of the two totals' bounds is.
        said = ("met" if learn.hi_s <= most * cad.lo_s else "missed" if learn.lo_s > most * cad.hi_s
                else None)
    elif learn.solved < cad.solved:
        said = "missed"
        verdict = " (goal: at least as many solved: missed)"
    elif not learn.lower and learn.hi_s <= most * cad.seconds:
        said = "met"  # ref's total, stopped at the limit, is a lower bound
    if not verdict:
        verdict = f" (goal: at most {most:g}× slower: {_verdict_text(said)})"
    verdicts[(family, set_name, "learn/" + ref)] = said
    role = set_role(conf, set_name)
    return (f"- **learn against {escape(ref)}** on {code(set_name)}"
            f"{f' ({escape(role)})' if role else ''}: {learn.solved}/{learn.n} solved in "
            f"{learn.time_text()} against {cad.solved}/{cad.n} in {cad.time_text()}: learn is "
            f"{ratio}{verdict}.{conflicts_text(learn, cad)}"
            + hardest_puzzle_text(runs, most, conf.get("param", "parameter"), ref)
            + (solved_by_both_text(runs, ref) if learn.lower or cad.lower else "")
            + (copies.target_words(runs, ref) if copies.orientations(runs) > 1 else ""))


def solved_by_both_text(runs, ref="cadical"):
    """Where a side stopped at the limit its total is only a bound, and with both
    stopped the ratio is open: the time of each on the runs that both solved, two
    sums of whole runs (what either would take on the rest is left out, not guessed)."""
    solved = {tool: {r.instance: r.seconds for r in runs if r.tool == tool and r.done}
              for tool in ("learn", ref)}
    both = solved["learn"].keys() & solved[ref].keys()
    if not both:
        return ""
    mine, theirs = (sum(solved[tool][i] for i in both) for tool in ("learn", ref))
    total = len({r.instance for r in runs if r.tool in ("learn", ref)})
    return (f" On the {len(both)} of {total} runs both solved: {duration(mine)} against "
            f"{duration(theirs)}: learn is {bounded_ratio(mine, theirs)}.")


def conflicts_text(learn, cad):
    """The conflicts of both in all, the figure that no machine's load moves."""
    if learn.backtracks is None or cad.backtracks is None:
        return ""
    than = bounded_ratio(learn.backtracks, cad.backtracks, learn.lower, cad.lower,
                         less="fewer conflicts", more="more conflicts")
    both = f" Conflicts: {learn.backtracks_text()} against {cad.backtracks_text()}"
    return both + ("." if than.startswith("n/a") else f": learn takes {than}.")


def hardest_puzzle_text(runs, most, param_name, ref="cadical"):
    """The conflicts on the set's hardest puzzle for ref (the most conflicts over
    the puzzle's orientations), held to the target's factor: a lead in total time can
    hide a search that falls far behind on the one puzzle that matters most. Only a
    puzzle that every run of both finished has counts to compare; those left out are
    named, and the verdict holds for the puzzle compared alone (a harder one may be
    among them)."""
    per = {}
    for r in runs:
        if r.tool in ("learn", ref):
            per.setdefault(r.param, {}).setdefault(r.tool, []).append(r)
    whole, left = {}, []
    for param, tools in per.items():
        if len(tools) < 2:
            continue
        if all(r.done and r.backtracks is not None for r in tools["learn"] + tools[ref]):
            whole[param] = tuple(sum(r.backtracks for r in tools[t]) for t in ("learn", ref))
        else:
            left.append(param)
    if not whole:
        return ""
    param = max(whole, key=lambda p: (whole[p][1], p))
    mine, theirs = whole[param]
    said = "met" if mine <= most * theirs else "missed"
    than = bounded_ratio(mine, theirs, less="fewer", more="more")
    takes = "" if than.startswith("n/a") else f": learn takes {than}"  # n/a: ref needed none
    among = (" among those both finished" + (" in every orientation" if copies.orientations(runs) > 1 else "")
             + f" ({escape(param_name)} {', '.join(map(escape, sorted(left, key=_param_key)))} left out: a run "
             "stopped at the limit)" if left else "")
    unsettled = "; not settled on those left out" if left else ""
    return (f" On the hardest puzzle for {escape(ref)}{among}, {escape(param_name)} {escape(param)}: "
            f"{grouped(int(mine))} conflicts against {grouped(int(theirs))}{takes} "
            f"(goal: at most {most:g}× more: {said} on this one{unsettled}).")


def micro_target(results_dir, confs):
    return [line for conf in confs.values() if conf.get("micro_case")
            for line in _micro_line(results_dir, conf["micro_case"], conf.get("micro_set", "its set"))]


def _micro_line(results_dir, micro_case, micro_set):
    """learn against logic from micro.json: the ratio of the medians over the
    repetitions, with the range the repetitions allow (min/max against max/min)."""
    path = results_dir / MICRO_FILE
    if not path.is_file():
        return []
    try:
        cases = json.loads(path.read_text()).get("benchmarks", [])
    except (OSError, ValueError, AttributeError):
        return []  # the micro section reports a bad file

    def times(engine):
        name = micro_case.format(engine)
        return [c["real_time"] for c in cases if isinstance(c, dict) and c.get("run_name", c.get("name")) == name
                and c.get("run_type", "iteration") == "iteration" and isinstance(c.get("real_time"), (int, float))]

    learn, logic = times("learn"), times("logic")
    if not learn or not logic:
        return []
    r = stats.median(learn) / stats.median(logic)
    lo, hi = min(learn) / max(logic), max(learn) / min(logic)
    verdict = "met" if hi <= 10 else "missed" if lo > 10 else "not settled by these repetitions"
    return [f"- **learn against logic** on {code(micro_set)} (the micro-benchmarks "
            f"`{micro_case.format('learn')}` and `…/logic/…`, {len(learn)} and {len(logic)} repetitions, one run): "
            f"learn is {r:.3g}× slower (the repetitions allow {lo:.3g}× to {hi:.3g}×; goal: within 10×: {verdict})."]


def _conf(ctx, family):
    section = ctx.family_section(family)
    return section.ladder if section else {}


def section(ctx):
    paths = files(ctx)
    if not paths:
        return []
    out = ["", TITLE, ""]
    out.append("Each rung adds reasoning to the one before: chronological backtracking (`backtrack`), forward "
               "checking (`propagate`), naked and hidden singles (`logic`), exact sets per run (`combo`), "
               "domain-consistent all-different filtering (`alldiff`), conflict-driven clause learning (`learn`), "
               "and clause learning with that filtering inside its search, each value it removes explained by a "
               "clause (`learn-alldiff`). "
               "The outside SAT solvers (Debian's `minisat` and `cadical`, marked as outside) run as engines: a "
               "run writes the puzzle's direct encoding as DIMACS, starts the solver on it and reads its model back, "
               "checked against the rules, and its time is that whole run. A family's ladder sweeps (its section module's "
               "`READS`) run every tool on every puzzle, one run at a time, with one time limit for all. "
               "Times: the median over up to 3 samples with their range in brackets (3 "
               "samples: [min, max]), fewer once a run's samples took the sweep's rep-budget (`rep_budget_s` in its "
               ".meta line: 2 s in the ladders): a time without brackets is one sample; a "
               "run stopped at the limit has one sample, a lower bound (≥), and its backtracks are those made "
               "until then. Each ratio below is from this one run.")
    by_family = {}
    # Every family's LADDER: a target may rest on what no ladder file holds (micro.json).
    confs = {f.name: _conf(ctx, f.name) for f in ctx.listing.families}
    for path in paths:
        tab = read_csv(path, need=NEED)
        rows = list(tab)
        if not rows:
            out += ["", f"_{code(path.name)} has no rows._"]
            continue
        family = rows[0]["family"]
        meta = path.with_suffix(".meta")
        info = read_meta(meta)
        limit_value = info.get("time_limit_s") if info else None
        confs.setdefault(family, _conf(ctx, family))
        # A family's second ladder file (a set apart, such as learn's hard set) is named.
        part, runs = family_part(family, rows, _limit_text(limit_value), confs[family],
                                 param_sort(ctx.listing, family), ctx.listing.outside,
                                 path.stem if family in by_family else None)
        by_family.setdefault(family, []).extend(runs)
        out += part
        out += ["", "Every tool of the ladder as a solver:", ""]
        out += generic.summary(ctx, rows, generic.meta_limit(info), f"{path.stem}-cactus", path.stem)
        out += ["", ctx.meta_line(meta, show=("commit", "date"))]
    presets = [t for t in cadical_tools([r for runs in by_family.values() for r in runs]) if t != "cadical"]
    if presets:  # the intro says what they are, where they ran
        said = "; ".join(f"{code(t)}: CaDiCaL with " + ("its preset for satisfiable instances (`--sat`; every "
                                                       "puzzle here has a solution)" if t == "cadical-sat"
                                                       else "a preset of its own") for t in presets)
        out[3] += (f" {said}: CaDiCaL is not measured at its defaults alone, and the learn target is held against "
                   "each of its configurations.")
    verdicts = {}
    targets = (alldiff_target(by_family, confs, verdicts) + learn_targets(by_family, confs, verdicts)
               + micro_target(ctx.dir, confs))
    if targets:
        out += ["", "### The targets, from this run", ""] + targets
    held = held_out_part(by_family, confs, verdicts)
    if held:
        out += ["", "### The claims on held-out data", ""] + held
    return out


TARGET_NAMES = {"alldiff": "alldiff against propagate"}


def target_name(kind):
    """A verdict's kind in words: "alldiff", or "learn/TOOL" (learn against TOOL)."""
    return TARGET_NAMES.get(kind) or "learn against " + kind.partition("/")[2]


def _verdict_text(v):
    return {"met": "met", "missed": "missed", None: "not settled by the bounds"}[v]


def held_out_part(runs_by_family, confs, verdicts):
    """Each held-out set against the tuning set whose claims it tests (a family's
    "held_out"): the first rung that solves every instance and each target's verdict on
    both, and plainly where a claim that holds on the tuning set does not hold on the
    held-out one; a held-out set this run has no rows of is said absent."""
    out = []
    for family, conf in confs.items():
        roles = conf.get("set_roles", {})
        for held, tuned in conf.get("held_out", {}).items():
            runs = runs_by_family.get(family, [])
            mine, theirs = [r for r in runs if r.set == held], [r for r in runs if r.set == tuned]
            name = (f"{code(held)} ({escape(roles.get(held, 'held-out set'))}) against {code(tuned)} "
                    f"({escape(roles.get(tuned, 'tuning set'))})")
            if not mine:
                out.append(f"- {escape(family)}: {name}: the held-out set has no rows in this run; the claims "
                           f"on {code(tuned)} are not checked on held-out data.")
                continue
            engines = tool_order(runs)[0]
            r_held, r_tuned = first_rung(mine, engines), first_rung(theirs, engines)
            rung = (f"the first rung that solves every instance is {escape(r_tuned or 'none')} on the tuning "
                    f"set and {escape(r_held or 'none')} on the held-out set")
            if r_tuned is None:
                rung += " (no rung solves every instance of the tuning set: no claim to check)"
            elif r_held == r_tuned:
                rung += " (holds)"
            elif r_held is None or engines.index(r_held) > engines.index(r_tuned):
                rung += f" (**does not hold** on the held-out set: {escape(r_tuned)} does not solve every instance)"
            else:
                rung += " (holds: a lower rung suffices there)"
            parts = [rung]
            kinds = sorted({k[2] for k in verdicts if k[:2] == (family, held)},
                           key=lambda k: (k != "alldiff", k != "learn/cadical", k))
            for kind in kinds:
                v_held = verdicts[(family, held, kind)]
                if (family, tuned, kind) not in verdicts:  # no claim there to hold or break
                    parts.append(f"the {escape(target_name(kind))} target is not measured on the tuning set (its "
                                 f"tools did not both run there) and {_verdict_text(v_held)} on the held-out set")
                    continue
                v_tuned = verdicts[(family, tuned, kind)]
                text = (f"the {escape(target_name(kind))} target is {_verdict_text(v_tuned)} on the tuning set and "
                        f"{_verdict_text(v_held)} on the held-out set")
                if v_held == "missed" and v_tuned != "missed":
                    text += " (**does not hold** on the held-out set)"
                elif v_held == v_tuned == "met":
                    text += " (holds)"
                parts.append(text)
            out.append(f"- {escape(family)}: {name}: " + "; ".join(parts) + ".")
    return out
