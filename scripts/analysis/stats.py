"""The report's statistics, each defined once.

- median: the middle value of the sorted values; for an even count the mean of the
  two middle values (ties need no rule: equal values are interchangeable).
- quantile(p): nearest rank, the ceil(p*n)-th smallest value (p = 0: the smallest),
  so it is always one of the values; p90 = quantile(0.9).
- geometric_mean: exp of the mean log; every value must be positive.
- median_ratio_interval: the 95% percentile-bootstrap interval of median(a) /
  median(b), for two independent samples (drawn again apart, from a fixed seed).
Empty input gives None everywhere (the caller decides what "no value" prints as).

Bounded: a sample in which some values are only lower bounds (a run stopped at a
limit used at least that much). Its order statistics say whether a lower bound
can move them: the true value of a bound may be anything from it upwards.
"""

import math
import random
from collections import Counter


def median(values):
    v = sorted(values)
    n = len(v)
    if n == 0:
        return None
    if n % 2:
        return v[n // 2]
    return (v[n // 2 - 1] + v[n // 2]) / 2


def nearest_rank(p, n):
    """The 1-based rank of the p-quantile of n values, by nearest rank."""
    if not 0 <= p <= 1:
        raise ValueError(f"quantile {p} outside [0, 1]")
    # The small tolerance keeps 0.9 * 10 from rounding up to rank 10 + 1.
    return min(n, max(1, math.ceil(p * n - 1e-9)))


def quantile(values, p):
    v = sorted(values)
    if not v:
        return None
    return v[nearest_rank(p, len(v)) - 1]


def geometric_mean(values):
    v = list(values)
    if not v:
        return None
    if any(x <= 0 for x in v):
        raise ValueError("geometric mean of a value <= 0")
    return math.exp(sum(math.log(x) for x in v) / len(v))


def median_ratio_interval(a, b, draws=1000, seed=1):
    """(lo, hi) of median(a) / median(b) over `draws` resamples of each (with
    replacement, apart: the two are different puzzles), the 2.5% and 97.5% quantiles;
    None when either is empty or a resample's median is not above 0."""
    if not a or not b:
        return None
    rng = random.Random(seed)
    ratios = []
    for _ in range(draws):
        top = median([a[rng.randrange(len(a))] for _ in a])
        bottom = median([b[rng.randrange(len(b))] for _ in b])
        if top <= 0 or bottom <= 0:
            return None
        ratios.append(top / bottom)
    return quantile(ratios, 0.025), quantile(ratios, 0.975)


def most_common(items):
    """The most frequent item; on a tie the one seen first. None for no items."""
    counts = Counter(items)
    if not counts:
        return None
    return counts.most_common(1)[0][0]


class Bounded:
    """Values of which some are lower bounds: each statistic comes with `lower`, True
    when a bound at or below its rank could push it up (it is then itself a bound).

    On equal values the exact ones sort first: a bound equal to an exact value
    cannot lower the statistic and only moves it when it is the one at the rank.
    """

    def __init__(self, pairs):
        """pairs: (value, is_lower_bound)."""
        self.sorted = sorted(pairs, key=lambda p: (p[0], bool(p[1])))
        self.n = len(self.sorted)
        # 1-based position of the first bound in sorted order; n + 1 when none.
        self.first_bound = next((i + 1 for i, p in enumerate(self.sorted) if p[1]), self.n + 1)

    def median(self):
        if not self.n:
            return None, False
        values = [p[0] for p in self.sorted]
        upper_middle = self.n // 2 + 1
        return median(values), self.first_bound <= upper_middle

    def quantile(self, p):
        if not self.n:
            return None, False
        rank = nearest_rank(p, self.n)
        return self.sorted[rank - 1][0], self.first_bound <= rank

    def maximum(self):
        if not self.n:
            return None, False
        return self.sorted[-1][0], self.first_bound <= self.n
