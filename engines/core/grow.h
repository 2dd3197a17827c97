/* grow.h — the engines' one growth rule for arrays that grow by appending: the
 * capacity doubles (from a first size) until it holds what is needed, so n appends
 * cost O(n) copying in all. */
#ifndef PB_GROW_H
#define PB_GROW_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* p (capacity *cap elements of elem bytes, NULL when 0) reallocated to hold need >
 * *cap elements: the new array, with *cap updated; NULL when out of memory, with p
 * and *cap left as they were. */
static inline void *pb_grow(void *p, size_t *cap, size_t need, size_t elem, size_t first)
{
    size_t n = *cap ? *cap : first;
    while (n < need) {
        if (elem && n > SIZE_MAX / 2 / elem) return NULL;
        n *= 2;
    }
    void *q = realloc(p, n * elem);
    if (q) *cap = n;
    return q;
}

#endif
