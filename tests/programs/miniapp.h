/* miniapp.h - what the mini-apps here share: the program's own timer, in
 * seconds (simulated time under shmemsim-run, as a benchmark's timer). */
#ifndef MINIAPP_H
#define MINIAPP_H

#include <time.h>

static inline double miniapp_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

#endif
