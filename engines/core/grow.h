/* grow.h — the engines' one growth rule for arrays that grow by appending: the
 * capacity doubles (from a first size) until it holds what is needed, so n appends
 * cost O(n) copying in all; and the advice that large arrays be backed by huge
 * pages. */
#ifndef PB_GROW_H
#define PB_GROW_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

/* Asks that the whole 2 MiB pages inside a large array [p, p + bytes) be huge pages
 * (where the kernel gives them on request). A run that touches tens of megabytes
 * otherwise spends much of its time faulting 4 KiB pages in, and its teardown
 * unmapping them, which a time limit has to wait for. Advice only: a refusal
 * changes nothing. */
static inline void pb_advise_huge(void *p, size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t huge = (uintptr_t)2 << 20;
    if (!p || bytes < 2 * huge) return;
    uintptr_t lo = ((uintptr_t)p + huge - 1) & ~(huge - 1);
    uintptr_t hi = ((uintptr_t)p + bytes) & ~(huge - 1);
    if (hi > lo) (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
    (void)p, (void)bytes;
#endif
}

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
    if (q) *cap = n, pb_advise_huge(q, n * elem);
    return q;
}

#endif
