/* alltoall/common.h - the exchange engine the alltoall algorithms share
 * (common.c explains it). Internal to algorithms/. */
#ifndef SHCOLL_ALLTOALL_COMMON_H
#define SHCOLL_ALLTOALL_COMMON_H

#include "../internal.h"

/* Steps 1..p-1 in windows of `window` blocks in flight per member. */
int shcoll_alltoall_exchange(const shcoll_args_t *a, int window);
/* p-1 steps (shcoll_steps_t: a window of them runs the same steps). */
int shcoll_alltoall_nsteps(int npes);

#endif
