/* usage.h — what a run used besides wall time, as BenchExec measures it: CPU time
 * (user + system) of this process's threads and of the children it waited for, or of
 * the calling thread alone; and the process's resident high-water mark, which Linux
 * lets a process reset (/proc/self/clear_refs) so that it covers one run. */
#ifndef PB_USAGE_H
#define PB_USAGE_H

#include <stdint.h>

/* User + system seconds of this process's threads and of its waited-for children. */
double pb_cpu_process_s(void);

/* User + system seconds of the children this process waited for. */
double pb_cpu_children_s(void);

/* User + system seconds of the calling thread. */
double pb_cpu_thread_s(void);

/* Resets the process's resident high-water mark to what is resident now. 0, or -1
 * where the system does not allow it (then no peak can be read for one run). */
int pb_peak_reset(void);

/* The process's resident high-water mark in bytes (VmHWM), 0 when unknown. */
uint64_t pb_peak_read(void);

#endif
