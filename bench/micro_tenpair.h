/* micro_tenpair.h — the tenpair cases of puzzlebench-micro. */
#ifndef PB_MICRO_TENPAIR_H
#define PB_MICRO_TENPAIR_H

/* Runs each selected tenpair case once, checks its result against the known figure
 * and registers its benchmark. A case with a wrong result is reported on stderr
 * and not registered. 0 when every selected case was right, 1 when one was wrong
 * (the others are registered), -1 on a setup failure (after printing why). */
int micro_tenpair_register(void);
void micro_tenpair_free(void);

#endif
