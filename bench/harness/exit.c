/* interrupt.c — the SIGINT/SIGTERM flag and its handler. */
#include "exit.h"

#include <string.h>

volatile sig_atomic_t pb_interrupted;

static void on_signal(int sig)
{
    (void)sig;
    pb_interrupted = 1;
}

void pb_install_interrupt_handler(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}
