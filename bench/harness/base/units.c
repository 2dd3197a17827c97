/* units.c — quantities as text for people. */
#include "units.h"

#include <stdio.h>

void pb_format_bytes(char *dst, size_t n, unsigned long long bytes)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = (double)bytes;
    int u = 0;

    while (v >= 1024.0 && u < 4) {
        v /= 1024.0;
        u++;
    }
    /* %.3g writes 1000 to 1023 (of any unit) as "1e+03". */
    snprintf(dst, n, v >= 999.5 ? "%.0f %s" : "%.3g %s", v, units[u]);
}
