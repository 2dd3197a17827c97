/* usage.h — what a run used besides wall time, as BenchExec measures it: CPU time
 * (user + system) of this process's threads and of the children it waited for, or of
 * the calling thread and the children it waited for; and the process's resident
 * high-water mark, which Linux lets a process reset (/proc/self/clear_refs) so that it
 * covers one run, or a waited-for child's where that is higher. */
#ifndef PB_USAGE_H
#define PB_USAGE_H

#include <stdint.h>
#include <sys/resource.h>

/* User + system seconds of this process's threads and of its waited-for children. */
double pb_cpu_process_s(void);

/* User + system seconds of the children this process waited for. */
double pb_cpu_children_s(void);

/* User + system seconds of the calling thread and of the children it waited for
 * (pb_usage_add_child): an engine that runs an outside solver uses the solver's. */
double pb_cpu_thread_s(void);

/* Counts a child that the calling thread waited for (its wait4 usage) in that
 * thread's CPU time and in the peak that pb_peak_read returns to it. */
void pb_usage_add_child(const struct rusage *child);

/* Resets the process's resident high-water mark to what is resident now, and the
 * calling thread's waited-for children's. 0, or -1 where the system does not allow
 * it (then no peak can be read for one run). */
int pb_peak_reset(void);

/* The process's resident high-water mark in bytes (VmHWM), or the highest of the
 * children the calling thread waited for since the reset where that is higher; 0
 * when unknown. */
uint64_t pb_peak_read(void);

/* Forgets the children the calling thread waited for, for pb_peak_children_read:
 * leaves the process's mark alone, which other threads' runs may be reading. */
void pb_peak_children_reset(void);

/* The highest resident high-water mark (wait4's) of the children the calling thread
 * waited for since its last reset, in bytes; 0 when it waited for none. */
uint64_t pb_peak_children_read(void);

#endif
