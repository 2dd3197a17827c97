"""The tenpair section's part on MPI: the count measured length by length in one
process (tenpair-count.levels.csv, the per-length table of the tenpair-count sweep's
`count tenpair --levels` run), and the model (rank_model.py, beside it) that projects
it to 64-1,024 ranks: the largest bound a count reaches in an hour with 4 GiB per
rank, the communication per length, and where the model stops holding."""

from . import rank_model
from ..csvread import read_csv
from ..errors import ReportError
from ..markdown import table
from ..numfmt import duration, grouped, memory

COLUMNS = ("length", "nodes", "states", "expanded", "node_expanded_max", "kept_bytes", "sent_bytes",
           "level_peak_bytes_max", "search_s_sum", "level_s")
RANKS = (1, 64, 256, 1024)
HOUR_S, RANK_MEMORY_B = 3600.0, 4 * 1024 ** 3
SHOWN = 12  # the last lengths listed in the measured table
# A fit whose lengths (or holdout predictions) lie further off than this factor is
# called poor in the report.
POOR_FIT = 4.0


def _bytes(b):
    return memory(b) if b >= 1024 else f"{b:.0f} B"


def section(ctx, path, meta_path, bound, mine=lambda row: True):
    """path: the per-length table; meta_path: its sweep's .meta; bound: the count's
    --max-length; mine(row): whether a row of the table is the count's (a sweep of
    several counts writes the levels of each)."""
    rows = [r for r in read_csv(path, need=COLUMNS).rows if mine(r)]
    levels = sorted((rank_model.Level(r) for r in rows), key=lambda lv: lv.length)
    levels = [lv for lv in levels if lv.expanded > 0]
    if not levels:
        raise ReportError(path, "no length with states expanded")
    out = ["### The count over MPI ranks: measured per length, projected to 1,024 ranks", "",
           f"One process, one thread, counted every win up to length {bound} a written length at a time "
           f"(`count tenpair --levels`, as `mpirun -np N` runs it). Per length: the written sequences searched, "
           "the states expanded, the most states *one* sequence's search expanded (a sequence is searched whole, "
           "on one rank: the part of a length no rank count can split), the bytes of the records written for "
           "longer sequences (what the ranks exchange, (P - 1)/P of it sent), the memory peak within the length, "
           f"and the time. The last {min(SHOWN, len(levels))} lengths; each figure is one run's.", ""]
    rows = []
    for lv in levels[-SHOWN:]:
        rows.append([str(lv.length), grouped(lv.sequences), grouped(lv.expanded), grouped(lv.node_max),
                     "%.0f%%" % (100 * lv.node_max / lv.expanded), _bytes(lv.record_bytes), memory(lv.peak),
                     duration(lv.search_s)])
    out += table(["length", "sequences", "states expanded", "largest one sequence", "its share", "records",
                  "memory peak", "search time"], "rrrrrrrr", rows)
    out += ["", ctx.meta_line(meta_path), ""]
    try:
        model = rank_model.Model(levels)
    except ValueError as e:
        return out + [f"_No projection from these lengths: {e}._", ""]

    fl = model.fit_levels
    holdout = ", ".join(f"{length}: {x:.2f}×" for length, x in model.holdout) or "too few lengths"
    out += ["**The model.** Over P ranks, one thread each, a length costs its states expanded divided by P, but "
            "never less than its largest sequence's search, plus the exchange; a rank's memory is its largest "
            "search, which more ranks do not divide. Measured here and carried to longer lengths:", "",
            f"- states expanded per length: log-linear fit over lengths {fl[0].length}-{fl[-1].length}, "
            f"×{model.growth_per_2:.2f} per +2 of length; the measured lengths lie within "
            f"×{model.scatter:.1f} of the fit; a fit without the last {rank_model.HOLDOUT} lengths predicts them "
            f"at {holdout} the measured states;",
            f"- {duration(model.per_state_s)} per state expanded (all lengths);",
            f"- the largest sequence: {100 * model.share:.0f}% of a length's states over the fitted lengths "
            f"(weighted; up to {100 * model.share_max:.0f}% at one length), so no count of ranks makes the count "
            f"more than about {1 / model.share:.1f}× faster than one;",
            f"- {model.bytes_per_state:.0f} bytes per state of the largest search (its length's memory peak over "
            f"its states); records: {model.record_bytes_per_state:.3f} bytes per state expanded;",
            f"- assumed, not measured: {ASSUMED_TEXT}.", ""]
    worst = max([model.scatter] + [max(x, 1 / x) for _, x in model.holdout])
    if worst > POOR_FIT:
        out += [f"_The fit is poor here (measured lengths up to ×{worst:.0f} off it, or off its holdout "
                "prediction): the bounds below are not worth more than their order of magnitude._", ""]
    rows = []
    for ranks in RANKS:
        reach, stop = model.reach(ranks, HOUR_S, RANK_MEMORY_B)
        split, split_stop = model.reach(ranks, HOUR_S, RANK_MEMORY_B, split=True)
        p = model.project(ranks, reach)
        rows.append([grouped(ranks), f"{reach} (then {stop})", duration(p["time_s"]), memory(p["memory_B"]),
                     _bytes(p["sent_B"]), f"{split} (then {split_stop})"])
    out += table(["ranks", "largest bound in 1 h, 4 GiB/rank", "its time", "memory per rank",
                  "sent at its last length", "if one sequence's search were split too"], "rrrrrr", rows)
    out += ["", "Where the model stops holding:", "",
            "- **One sequence's search is not split.** No rank count makes the count more than about "
            f"{1 / model.share:.1f}× faster: the largest searches set the time, and the 64-1,024 "
            "rank rows differ only by what the exchange costs. Splitting a sequence's states over ranks (they go "
            "level by level already) is what would let 1,024 ranks help; the last column is that bound.",
            "- **Memory per rank is one search**, so 4 GiB per rank stops every rank count at the same length "
            "once time no longer does; more ranks do not hold a longer count.",
            f"- **Extrapolation.** The bounds above lie past the measured {model.levels[-1].length}; each +2 of "
            f"length multiplies the work by the fitted ×{model.growth_per_2:.2f}, and a growth that slows (or "
            "speeds up) moves the bounds by a few lengths either way. The largest sequence's share and its "
            "bytes per state are taken as constant; at the measured lengths they vary a lot.",
            "- **Balance.** The sequences are dealt by hash; a length with fewer sequences than ranks leaves "
            "ranks idle (the measured lengths have up to "
            f"{grouped(max(lv.sequences for lv in model.levels))} sequences).",
            "- **Communication is not the limit**: the records are a few bytes per thousand states, and a "
            "length's collectives cost microseconds against seconds of search.", ""]
    return out


ASSUMED_TEXT = (f"{rank_model.ASSUMED['latency_s'] * 1e6:.0f} µs per message, "
                f"{rank_model.ASSUMED['bandwidth_Bps'] / 1e9:.0f} GB/s per rank, "
                f"{rank_model.ASSUMED['collectives_per_length']} collectives per length (log2 P messages each)")
