/* collect/common.h - the padding scratch of the log-step collect
 * algorithms (common.c explains it) and the fcollect engines the collect
 * algorithms run (fcollect/engines.h). Internal to algorithms/. */
#ifndef SHCOLL_COLLECT_COMMON_H
#define SHCOLL_COLLECT_COMMON_H

#include "../fcollect/engines.h"

/* Bytes at the start of work where the padding of Bruck and k-nomial
 * rounds lands (collect/common.c says how much). */
size_t shcoll_collect_scratch(int npes);

/* Ring over blocks laid out by off (p+1 offsets; NULL: a->nbytes each). */
void shcoll_fcollect_ring_blocks(const shcoll_args_t *a, int me,
                                 const size_t *off);

#endif
