"""How numbers are printed in the report. None (no value) prints as "-" unless said.

- A time: three significant digits with its unit (ns, µs, ms, s), in exponent
  form only from a million seconds on: duration(1.162e-6) is "1.16 µs". With its spread:
  duration_spread(median, lo, hi) is "1.16 µs [1.10, 1.25]", the interval in the
  median's unit. A time a file wrote with fixed decimals ("0.000002"):
  duration_written(text), with no more digits than the text holds ("2 µs").
- A ratio: always "N× faster" or "N× slower" with N >= 1 (ratio(a, b)); other
  words for other quantities ("fewer steps" / "more steps"). The one helper for
  every ratio of the report; ratio_interval() for a ratio with its interval;
  one_run_ratio() for two times of one run each, which within SINGLE_RUN_NOISE
  reads "about the same", no direction claimed.
- Counts whole.
"""

import math
import re

NONE = "-"
# The units of a time, largest first: (seconds per unit, name).
UNITS = ((1.0, "s"), (1e-3, "ms"), (1e-6, "µs"), (1e-9, "ns"))
# How a ratio reads by default: a time against another.
FASTER, SLOWER = "faster", "slower"
FEWER_STEPS, MORE_STEPS = "fewer steps", "more steps"
# Two times of one run each have no spread to judge a difference by, and on a shared
# machine a whole run can come out off by more than the samples within one show
# (compare's noise floor, for runs of many samples). The sweep's speed guard takes a
# reading this much slower for the machine's own swing (speed-tolerance's default):
# one run each, a ratio within it names no direction.
SINGLE_RUN_NOISE = 0.10


def _three(t):
    """t (already rounded to three significant digits, >= 0) without an exponent."""
    if t >= 1e6:
        return "%.2e" % t  # no measured time: a damaged file's, kept to one short word
    if t >= 100:
        return grouped(t) if t >= 10000 else "%.0f" % t
    if t >= 10:
        return "%.1f" % t
    if t >= 1:
        return "%.2f" % t
    if t == 0:
        return "0"
    return "%.*f" % (2 - math.floor(math.log10(t)), t)


def _unit(seconds):
    """(scale, unit name) in which |seconds| reads as 1 to 999 (ns below that)."""
    v = abs(seconds)
    for scale, name in UNITS:
        if float("%.3g" % (v / scale)) >= 1:
            return scale, name
    return UNITS[-1]


def duration(seconds):
    """A time in seconds to three significant digits with its unit: "1.16 µs", "12.3 ms", "2.50 s"."""
    if seconds is None:
        return NONE
    if seconds == 0:
        return "0 s"
    scale, name = _unit(seconds)
    sign = "-" if seconds < 0 else ""
    return f"{sign}{_three(float('%.3g' % (abs(seconds) / scale)))} {name}"


def _digits(seconds, digits):
    """seconds > 0 to `digits` (1 or 2) significant digits with its unit: "2 µs", "1.5 ms", "990 µs"."""
    scale, name = _unit(seconds)
    v = float("%.*g" % (digits, seconds / scale))
    places = max(0, digits - 1 - math.floor(math.log10(v)))
    return f"{'%.*f' % (places, v)} {name}"


def duration_written(text):
    """A time in seconds as a file wrote it with fixed decimals ("0.000002", to the
    microsecond): as duration(), but with no more significant digits than the text
    holds, so that a time rounded to the file's last place does not read as measured
    to three digits: "2 µs", not "2.00 µs"; "< 1 µs" where it holds none ("0.000000").
    Text in exponent form holds its digits: duration() of it."""
    written = re.fullmatch(r"(\d*)\.?(\d*)", text.strip())
    if not written or not any(written.groups()):
        return duration(float(text))
    held = (written[1] + written[2]).lstrip("0")
    if not held:
        return "< " + _digits(10.0 ** -len(written[2]), 1)
    if len(held) >= 3:
        return duration(float(text))
    return _digits(float(text), len(held))


def duration_spread(median, lo, hi):
    """"1.23 ms [1.20, 1.31]": the median and its interval, the bounds in the median's unit."""
    if median is None:
        return NONE
    if lo is None or hi is None:
        return duration(median)
    scale, _ = _unit(median) if median else (1.0, "s")
    bounds = ", ".join(_three(float("%.3g" % (abs(b) / scale))) for b in (lo, hi))
    return f"{duration(median)} [{bounds}]"


def factor_text(x):
    """A factor >= 1 to three significant digits: "1.23", "12.3", "123", "12,345"."""
    return _three(float("%.3g" % x))


def ratio(a, b, less=FASTER, more=SLOWER):
    """a against b, as "N× faster" (a below b) or "N× slower" (a above b), N >= 1;
    `less` and `more` are the words for a below and above b. "n/a" when either is
    missing or not above 0."""
    if a is None or b is None or a <= 0 or b <= 0:
        return "n/a"
    if a <= b:
        return f"{factor_text(b / a)}× {less}"
    return f"{factor_text(a / b)}× {more}"


def one_run_ratio(a, b, less=FASTER, more=SLOWER):
    """ratio(a, b) of two times of one run each: "N× faster (one run each)"; within
    SINGLE_RUN_NOISE of 1 no direction, "about the same (one run each, 1.04× apart: ...)"."""
    text = ratio(a, b, less, more)
    if text == "n/a":
        return text
    factor = factor_text(max(a, b) / min(a, b))
    if float(factor.replace(",", "")) < 1 + SINGLE_RUN_NOISE:
        return (f"about the same (one run each, {factor}× apart: within the {SINGLE_RUN_NOISE:.0%} a single run "
                "can vary by, so no difference is claimed)")
    return f"{text} (one run each)"


def bounded_ratio(a, b, a_lower=False, b_lower=False, less=FASTER, more=SLOWER):
    """ratio(a, b) where a or b may be a lower bound (a run stopped at a limit used at
    least that much): "≥ N× more" when a is one and above b, "≥ N× less" when b is
    one and a below it; "n/a" when the bound leaves even the direction open."""
    if a_lower and b_lower:
        return "n/a (both stopped at a limit)"
    text = ratio(a, b, less, more)
    if text == "n/a" or not (a_lower or b_lower):
        return text
    if (a_lower and a >= b) or (b_lower and a <= b):
        return "≥ " + text
    return "n/a (" + ("the first" if a_lower else "the second") + " stopped at a limit)"


def ratio_interval(r, lo, hi, less=FASTER, more=SLOWER):
    """A ratio r = a / b with its interval [lo, hi], in words: "12.3× faster [11.9×, 12.8×]"
    (the interval's ends as factors in the same direction), or, when the interval
    holds 1, "1.02× faster [1.05× faster, 1.03× slower]"."""
    if r is None or r <= 0:
        return "n/a"
    main = ratio(r, 1, less, more)
    if lo is None or hi is None or lo <= 0 or hi <= 0:
        return main
    if hi < 1 or (r < 1 and hi == 1):
        return f"{main} [{factor_text(1 / hi)}×, {factor_text(1 / lo)}×]"
    if lo > 1 or (r > 1 and lo == 1):
        return f"{main} [{factor_text(lo)}×, {factor_text(hi)}×]"
    return f"{main} [{ratio(lo, 1, less, more)}, {ratio(hi, 1, less, more)}]"


def whole(x):
    """A count (or a median of counts) rounded to a whole number."""
    if x is None:
        return NONE
    return "%.0f" % x


def num(x):
    """About four significant digits (whole numbers from 1000 up)."""
    if x is None:
        return NONE
    v = abs(x)
    if v >= 1000 or v == 0:
        return "%.0f" % x
    if v >= 100:
        return "%.1f" % x
    if v >= 1:
        return "%.2f" % x
    return "%.3g" % x


def sig(x, digits=6):
    """x rounded to `digits` significant digits (a number, for further arithmetic)."""
    return float("%.*g" % (digits, x))


def count_or_half(x):
    """A count, or a median of counts (".5" for an even number of them)."""
    if x == int(x):
        return "%.0f" % x
    return "%.1f" % x


# How the report writes memory, said once in it (under the Environment table).
MEMORY_NOTE = ("Memory is in binary units, as puzzlebench prints it: 1 KiB = 1,024 bytes, 1 MiB = 1,024 KiB, "
               "1 GiB = 1,024 MiB (so 10^9 bytes is 0.93 GiB); the CSVs hold exact bytes.")


def memory(b):
    """Bytes as "12 KiB", "12.3 MiB", "123 MiB" or "1.23 GiB" (binary units, labelled so)."""
    if b >= 1024 * 1048576:
        return "%.2f GiB" % (b / 1073741824)
    if b >= 100 * 1048576:
        return "%.0f MiB" % (b / 1048576)
    if b >= 1048576:
        return "%.1f MiB" % (b / 1048576)
    return "%.0f KiB" % (b / 1024)


def grouped(n):
    """An integer with thousands separators: 1,234,567."""
    s = "%.0f" % n
    sign = ""
    if s.startswith("-"):
        sign, s = "-", s[1:]
    parts = []
    while len(s) > 3:
        parts.insert(0, s[-3:])
        s = s[:-3]
    return sign + ",".join([s] + parts)


def percent(k, n):
    """k of n as a whole percentage; "-" when n is 0."""
    if n <= 0:
        return NONE
    return "%.0f%%" % (100 * k / n)
