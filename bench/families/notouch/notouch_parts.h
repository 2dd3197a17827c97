/* notouch_parts.h — the parts of the notouch family's table defined in its other files. */
#ifndef PB_NOTOUCH_PARTS_H
#define PB_NOTOUCH_PARTS_H

#include "family.h"

extern const pb_micro_cases pb_micro_notouch; /* notouch_micro.c */

#endif
