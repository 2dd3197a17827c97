/* kakuro_parts.h — the parts of the kakuro family's table defined in its other files. */
#ifndef PB_KAKURO_PARTS_H
#define PB_KAKURO_PARTS_H

#include "family.h"

extern const pb_micro_cases pb_micro_kakuro;    /* kakuro_micro.c */
extern const pb_command pb_kakuro_generators[]; /* kakuro_generate.c */
extern const pb_command pb_kakuro_commands[];   /* kakuro_sums.c */

#endif
