/* usage.c — CPU time from getrusage and clock_gettime, and the resident high-water
 * mark from /proc/self/status, reset through /proc/self/clear_refs; a thread's
 * waited-for children's CPU time and peak, from their wait4 usage. */
#define _GNU_SOURCE /* O_CLOEXEC, fopen "e" */
#include "usage.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static double seconds(struct timeval tv)
{
    return (double)tv.tv_sec + 1e-6 * (double)tv.tv_usec;
}

/* What the children each thread waited for used (pb_usage_add_child): the harness's
 * own state, per thread, since a sweep's workers each wait for their own. */
static _Thread_local double children_cpu_s;
static _Thread_local uint64_t children_peak_bytes;

void pb_usage_add_child(const struct rusage *child)
{
    children_cpu_s += seconds(child->ru_utime) + seconds(child->ru_stime);
    const uint64_t peak = (uint64_t)child->ru_maxrss * 1024; /* kilobytes on Linux */
    if (peak > children_peak_bytes) children_peak_bytes = peak;
}

double pb_cpu_process_s(void)
{
    struct rusage self, children;
    if (getrusage(RUSAGE_SELF, &self) || getrusage(RUSAGE_CHILDREN, &children)) return 0;
    return seconds(self.ru_utime) + seconds(self.ru_stime) + seconds(children.ru_utime) +
           seconds(children.ru_stime);
}

double pb_cpu_children_s(void)
{
    struct rusage children;
    if (getrusage(RUSAGE_CHILDREN, &children)) return 0;
    return seconds(children.ru_utime) + seconds(children.ru_stime);
}

double pb_cpu_thread_s(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)) return children_cpu_s;
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec + children_cpu_s;
}

void pb_peak_children_reset(void)
{
    children_peak_bytes = 0;
}

uint64_t pb_peak_children_read(void)
{
    return children_peak_bytes;
}

int pb_peak_reset(void)
{
    pb_peak_children_reset();
    /* "5" resets the peak resident set size (proc(5), clear_refs; Linux 4.0 on). */
    int fd = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    int ok = write(fd, "5", 1) == 1;
    return close(fd) || !ok ? -1 : 0;
}

uint64_t pb_peak_read(void)
{
    FILE *f = fopen("/proc/self/status", "re");
    if (!f) return 0;
    char line[256];
    unsigned long long kib = 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %llu kB", &kib) == 1) break;
    fclose(f);
    const uint64_t own = (uint64_t)kib * 1024;
    return own && children_peak_bytes > own ? children_peak_bytes : own;
}
