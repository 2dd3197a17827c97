/* tenpair_family.h — what the files of the tenpair family share: the start as an
 * instance (tenpair_start.c), its pictures (tenpair_render.c, tenpair_win.c), how a
 * win prints (tenpair_print.c), the micro-benchmark cases (tenpair_micro.c) and the
 * family's table (tenpair.c). */
#ifndef PB_TENPAIR_FAMILY_H
#define PB_TENPAIR_FAMILY_H

#include <stdio.h>

#include "family.h"
#include "tenpair/tenpair.h"

extern const pb_family pb_family_tenpair;
extern const pb_micro_cases pb_micro_tenpair;

/* The family's options (pb_family.options): the start (--start, --upto: the instance)
 * and the rule switches, parsed into tp_params. */
typedef struct tp_params {
    int width;
    int wrap;   /* index in on, off */
    int append; /* index in stuck, any */
} tp_params;
extern const pb_option pb_tenpair_options[];
extern const tp_params pb_tenpair_defaults;
/* The rule switches' rows (tp_params's width, wrap and append). */
/* clang-format off */
#define PB_TENPAIR_RULE_OPTIONS(T, F)                                                              \
    {.name = "width", .type = PB_OPT_INT, .offset = offsetof(T, F.width), .arg = "W",             \
     .help = "digits per row", .lo = 1, .hi = TP_MAX_WIDTH},                                      \
    {.name = "wrap", .type = PB_OPT_CHOICE, .offset = offsetof(T, F.wrap),                         \
     .help = "reading order runs on from a row's end to the next row's start",                    \
     .choices = pb_tenpair_wrap_modes},                                                            \
    {.name = "append", .type = PB_OPT_CHOICE, .offset = offsetof(T, F.append),                     \
     .help = "append the live digits only when no move is left, or as a\nmove at any time",       \
     .choices = pb_tenpair_append_modes}
/* clang-format on */
extern const char *const pb_tenpair_wrap_modes[], *const pb_tenpair_append_modes[];

/* A loaded start (pb_set.priv): the rules, and the instance's short name for result
 * rows (upto19, start1919). */
typedef struct tp_start {
    tp_rules rules;
    char name[64];
} tp_start;

/* Loads the start: the spec of --start DIGITS or --upto N, or a positional DIGITS or
 * uptoN; none: upto19. One puzzle, whose model the engines take (tp_model_new). */
int pb_tenpair_load(const pb_instance *inst, const void *params, pb_set *set, char *err,
                    size_t errlen);
void pb_tenpair_free_set(pb_set *set);
/* The start's short name (upto19, start1919): its rows' and verdicts' puzzle. */
void pb_tenpair_puzzle_name(const pb_set *set, int i, char *out, size_t outlen);
void pb_tenpair_render(FILE *f, const pb_set *set, int i, const int *values);
int pb_tenpair_render_win(FILE *f, const pb_set *set, int i, const pb_limits *lim, char *err,
                          size_t errlen);
/* A win as solve shows it (its boards) and as count --print-paths lists it (its
 * written digits): the family's print_path hooks (tenpair_print.c). */
void pb_tenpair_print_path(FILE *f, const pb_set *set, int i, const pb_move *path, int npath);
void pb_tenpair_print_path_line(FILE *f, const pb_set *set, int i, const pb_move *path, int npath,
                                int length);

#endif
