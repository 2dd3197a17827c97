/* latin_parts.h — the parts of the latin family's table defined in its other files. */
#ifndef PB_LATIN_PARTS_H
#define PB_LATIN_PARTS_H

#include "family.h"

extern const pb_command pb_latin_generators[]; /* latin_generate.c */

#endif
