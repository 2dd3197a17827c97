/* render_trace.h — recording a search's trace for `render --trace` (render_trace.c),
 * and the message of a render search that a limit stopped (render.c). */
#ifndef PB_RENDER_TRACE_H
#define PB_RENDER_TRACE_H

#include "family.h"

/* The longest trace render animates (its SVG grows by a few lines a step). */
#define PB_RENDER_TRACE_MAX 20000

/* Runs puzzle k of set with fam's engine called engine under limits lim (its step
 * limit lowered to the longest trace), tracing, into *steps (the caller frees it) and
 * *n. 0, or the exit status after one line on stderr (1 when the search finds no
 * solution, 3 when a limit stops it). */
int pb_render_trace_record(const pb_family *fam, const char *engine, const pb_limits *lim,
                           const pb_set *set, int k, pb_trace_step **steps, int *n);

/* Says on stderr that render's search (mode: " --solution", " --trace") stopped with status st
 * under lim after wall_s seconds before finding what (e.g. "a solution"), naming the
 * option whose limit stopped it; returns PB_EXIT_LIMIT. */
int pb_render_stopped(const char *mode, const char *what, pb_status st, const pb_limits *lim,
                      double wall_s);

#endif
