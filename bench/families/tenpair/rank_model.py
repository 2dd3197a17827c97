"""A model of the tenpair count spread over MPI ranks, projected from one process's
count measured length by length (`count tenpair --levels`, tenpair-count.levels.csv).

What the count does over P ranks (bench/families/tenpair/tenpair_ranks.c): each written
length is searched in turn; its written sequences are dealt to the ranks by hash,
each sequence searched whole on one rank; then the records for longer sequences go
to their owners in one MPI_Alltoallv. So per length:
- time: the states expanded, divided over the ranks, but never below the one
  sequence with the most states (it is not split), plus the exchange;
- memory per rank: that largest search's states (a rank holds one search at a time),
  not divided by P, plus its share of the records held;
- communication: the records written, (P - 1) / P of them sent.

The projection extrapolates the states expanded per length with a least-squares fit
of their logarithm against the length over the last measured lengths, and scales
the measured per-state time, bytes per state of the largest search, its share of a
length's states and the record bytes per state with it. Everything else is an
assumption, stated in ASSUMED and printed with the model."""

import math

# The assumed network: per message latency and per-rank bandwidth (a commodity
# cluster's InfiniBand or 100 Gb Ethernet is within a factor of a few of these).
ASSUMED = {"latency_s": 5e-6, "bandwidth_Bps": 5e9, "collectives_per_length": 5}
# The fit uses the lengths with states expanded among the last FIT_SPAN lengths.
FIT_SPAN = 16
# Lengths held out of a second fit to check its predictions.
HOLDOUT = 3


class Level:
    """One measured length (a row of tenpair-count.levels.csv)."""

    def __init__(self, row):
        self.length = row.whole("length")
        self.sequences = row.num("nodes")
        self.states = row.num("states")
        self.expanded = row.num("expanded")
        self.node_max = row.num("node_expanded_max")
        self.record_bytes = row.num("kept_bytes") + row.num("sent_bytes")
        self.peak = row.num("level_peak_bytes_max")
        self.search_s = row.num("search_s_sum")


def fit_log_linear(points):
    """(a, g) of log y = a + g * x by least squares over (x, y > 0); None with fewer
    than two distinct x."""
    pts = [(x, math.log(y)) for x, y in points if y > 0]
    if len({x for x, _ in pts}) < 2:
        return None
    n = len(pts)
    mx = sum(x for x, _ in pts) / n
    my = sum(y for _, y in pts) / n
    sxx = sum((x - mx) ** 2 for x, _ in pts)
    g = sum((x - mx) * (y - my) for x, y in pts) / sxx
    return my - g * mx, g


class Model:
    """The measured constants and the fit; `project(P, bound)` gives time, memory and
    communication for a count up to `bound` on P ranks, one thread each."""

    def __init__(self, levels):
        self.levels = sorted((lv for lv in levels if lv.expanded > 0), key=lambda lv: lv.length)
        if len(self.levels) < 4:
            raise ValueError("fewer than 4 lengths with states expanded")
        top = self.levels[-1].length
        self.fit_levels = [lv for lv in self.levels if lv.length > top - FIT_SPAN]
        fit = fit_log_linear([(lv.length, lv.expanded) for lv in self.fit_levels])
        if fit is None or fit[1] <= 0:
            raise ValueError("the states expanded do not grow with the length")
        self.a, self.g = fit
        # How far the fit's lengths scatter around it, as a factor (>= 1).
        self.scatter = math.exp(max(abs(math.log(lv.expanded) - self.a - self.g * lv.length)
                                    for lv in self.fit_levels))
        fl = self.fit_levels
        total = sum(lv.expanded for lv in fl)
        self.per_state_s = sum(lv.search_s for lv in self.levels) / sum(lv.expanded for lv in self.levels)
        # The largest sequence's share of its length's states, weighted by the states.
        self.share = sum(lv.node_max for lv in fl) / total
        self.share_max = max(lv.node_max / lv.expanded for lv in fl)
        # Memory per state of the largest search: at the length where it was largest.
        big = max(self.levels, key=lambda lv: lv.node_max)
        self.bytes_per_state = big.peak / big.node_max if big.node_max else 0.0
        self.record_bytes_per_state = sum(lv.record_bytes for lv in fl) / total
        self.holdout = self._holdout()

    def _holdout(self):
        """(length, predicted / measured) for the last HOLDOUT lengths, predicted by a fit
        that did not see them; [] when too few lengths are left to fit."""
        seen = self.fit_levels[:-HOLDOUT]
        fit = fit_log_linear([(lv.length, lv.expanded) for lv in seen])
        if len(seen) < 4 or fit is None:
            return []
        a, g = fit
        return [(lv.length, math.exp(a + g * lv.length) / lv.expanded) for lv in self.fit_levels[-HOLDOUT:]]

    @property
    def growth_per_2(self):
        """The factor by which the states expanded grow per +2 of length."""
        return math.exp(2 * self.g)

    def expanded(self, length):
        """States expanded at one length: measured where measured, else the fit."""
        for lv in self.levels:
            if lv.length == length:
                return lv.expanded
        if length <= self.levels[-1].length:
            return 0.0
        return math.exp(self.a + self.g * length)

    def lengths(self, bound):
        """The lengths searched up to bound: the measured ones, then every even length
        (the measured lengths past the start are even: a move crosses two digits)."""
        out = [lv.length for lv in self.levels if lv.length <= bound]
        top = self.levels[-1].length
        out += list(range(top + 2, bound + 1, 2))
        return out

    def project(self, ranks, bound):
        """{time_s, memory_B, sent_B (per length at the bound, all ranks), split_time_s}
        for a count up to bound on `ranks` ranks. split_time_s: the time if one
        sequence's search were split too (the work divided evenly)."""
        time_s = split_s = 0.0
        memory = 0.0
        for length in self.lengths(bound):
            e = self.expanded(length)
            work = self.per_state_s * e
            latency = ASSUMED["collectives_per_length"] * ASSUMED["latency_s"] * max(1.0, math.log2(ranks))
            sent = self.record_bytes_per_state * e * (ranks - 1) / ranks
            wire = sent / ranks / ASSUMED["bandwidth_Bps"]
            time_s += max(work / ranks, work * self.share) + latency + wire
            split_s += work / ranks + latency + wire
            memory = max(memory, self.bytes_per_state * self.share * e)
        sent_top = self.record_bytes_per_state * self.expanded(bound) * (ranks - 1) / ranks
        return {"time_s": time_s, "memory_B": memory, "sent_B": sent_top, "split_time_s": split_s}

    def reach(self, ranks, seconds, memory_B, split=False):
        """(the largest bound whose count fits both budgets, what stops the next one:
        "time" or "memory")."""
        bound = self.levels[-1].length
        while bound < 400:
            p = self.project(ranks, bound + 2)
            over_time = (p["split_time_s"] if split else p["time_s"]) > seconds
            if over_time or p["memory_B"] > memory_B:
                return bound, "time" if over_time else "memory"
            bound += 2
        return bound, "time"
