/* check.h — the unit tests' assertion macros: report file:line, count failures. */
#ifndef PB_CHECK_H
#define PB_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int check_failures, check_count;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        check_count++;                                                                             \
        if (!(cond)) {                                                                             \
            check_failures++;                                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
        }                                                                                          \
    } while (0)

#define CHECK_EQ_U64(got, want)                                                                    \
    do {                                                                                           \
        uint64_t g_ = (got), w_ = (want);                                                          \
        check_count++;                                                                             \
        if (g_ != w_) {                                                                            \
            check_failures++;                                                                      \
            fprintf(stderr, "%s:%d: %s = %" PRIu64 ", expected %" PRIu64 "\n", __FILE__, __LINE__, \
                    #got, g_, w_);                                                                 \
        }                                                                                          \
    } while (0)

/* Two strings equal, both shown when not. */
#define CHECK_STR(got, want)                                                                       \
    do {                                                                                           \
        const char *gs_ = (got), *ws_ = (want);                                                    \
        check_count++;                                                                             \
        if (strcmp(gs_, ws_)) {                                                                    \
            check_failures++;                                                                      \
            fprintf(stderr, "%s:%d: got \"%s\"\n%*sexpected \"%s\"\n", __FILE__, __LINE__, gs_,    \
                    (int)strlen(__FILE__) + 5, "", ws_);                                           \
        }                                                                                          \
    } while (0)

static inline int check_report(const char *name)
{
    printf("%s: %d checks, %d failed\n", name, check_count, check_failures);
    return check_failures != 0;
}

#endif
