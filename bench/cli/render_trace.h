/* render_trace.h — recording a search's trace for `render --trace` (render_trace.c). */
#ifndef PB_RENDER_TRACE_H
#define PB_RENDER_TRACE_H

#include "family.h"

/* The longest trace render animates (its SVG grows by a few lines a step). */
#define PB_RENDER_TRACE_MAX 20000

/* Runs puzzle k of set with fam's engine called engine, tracing, into *steps (the caller
 * frees it) and *n. 0, or the exit status after one line on stderr. */
int pb_render_trace_record(const pb_family *fam, const char *engine, const pb_set *set, int k,
                           pb_trace_step **steps, int *n);

#endif
