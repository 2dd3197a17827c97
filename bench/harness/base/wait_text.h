/* wait_text.h — a child process's wait status in words, for the messages of every
 * caller that runs one (an outside program timed, a sweep's worker). */
#ifndef PB_WAIT_TEXT_H
#define PB_WAIT_TEXT_H

#include <stddef.h>

/* "exited with status N", "was killed by signal N (NAME)" or "ended with wait status
 * N", into out (cut to len). */
void pb_wait_text(int status, char *out, size_t len);

#endif
