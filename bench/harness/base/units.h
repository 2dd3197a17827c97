/* units.h — quantities as text for people: byte counts ("1.25 MiB"). */
#ifndef PB_UNITS_H
#define PB_UNITS_H

#include <stddef.h>

/* Formats a byte count as "48 KiB", "1.25 MiB", "32 MiB" (three significant digits). */
void pb_format_bytes(char *dst, size_t n, unsigned long long bytes);

#endif
