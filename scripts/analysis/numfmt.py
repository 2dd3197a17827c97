"""How numbers are printed in the report. None (no value) prints as "-" unless said.

The precisions follow what the measurements support: times to microseconds or to
three or four significant digits, counts whole.
"""

NONE = "-"


def seconds6(x):
    """Seconds to the microsecond; values under 1 µs to three significant digits."""
    if x is None:
        return NONE
    if x != 0 and -1e-6 < x < 1e-6:
        return "%.3g" % x
    return "%.6f" % x


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


def times2(a, b):
    """a / b as "1.23x"; "n/a" when either is missing or b <= 0."""
    if a is None or b is None or b <= 0:
        return "n/a"
    return "%.2fx" % (a / b)


def factor_plain(a, b):
    """a / b with about three significant digits: "123x", "12.3x", "1.23x"; "n/a" when
    missing or b <= 0 (the tenpair tables print small ratios so, as 0.01x)."""
    if a is None or b is None or b <= 0:
        return "n/a"
    r = a / b
    if r >= 100:
        return "%.0fx" % r
    if r >= 10:
        return "%.1fx" % r
    return "%.2fx" % r


def factor(a, b):
    """As factor_plain, but under 0.1 as "1/N" (0.037x reads better as 1/27)."""
    if a is not None and b is not None and b > 0 and 0 < a / b < 0.1:
        return "1/%.0f" % (1 / (a / b))
    return factor_plain(a, b)


def millis(x):
    """A time given in ms: three significant digits, in s from 1 s up."""
    if x >= 10000:
        return "%.1f s" % (x / 1000)
    if x >= 1000:
        return "%.2f s" % (x / 1000)
    if x >= 100:
        return "%.0f ms" % x
    if x >= 10:
        return "%.1f ms" % x
    if x >= 1:
        return "%.2f ms" % x
    return "%.3g ms" % x


def secs(x):
    """A time in s, about three significant digits, in ms or µs below 1 s."""
    if x >= 100:
        return "%.0f s" % x
    if x >= 10:
        return "%.1f s" % x
    if x >= 1:
        return "%.2f s" % x
    if x >= 0.001:
        return "%.1f ms" % (x * 1000)
    return "%.0f µs" % (x * 1e6)


def count_or_half(x):
    """A count, or a median of counts (".5" for an even number of them)."""
    if x == int(x):
        return "%.0f" % x
    return "%.1f" % x


def memory(b):
    """Bytes as "12 KB", "12.3 MB", "123 MB" or "1.23 GB" (binary units)."""
    if b >= 1024 * 1048576:
        return "%.2f GB" % (b / 1073741824)
    if b >= 100 * 1048576:
        return "%.0f MB" % (b / 1048576)
    if b >= 1048576:
        return "%.1f MB" % (b / 1048576)
    return "%.0f KB" % (b / 1024)


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
