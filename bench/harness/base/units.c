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
    snprintf(dst, n, "%.3g %s", v, units[u]);
}
