/* collect/common.h - the two-phase driver of collect/ring.c (common.c
 * explains it), the padding scratch of the log-step ones, and the
 * fcollect engines they run (fcollect/engines.h). Internal to
 * algorithms/. */
#ifndef SHCOLL_COLLECT_COMMON_H
#define SHCOLL_COLLECT_COMMON_H

#include "../fcollect/engines.h"

/* Move blocks of member-dependent sizes: block r is off[r]..off[r+1]. */
typedef void (*shcoll_blocks_fn)(const shcoll_args_t *a, int me,
                                 const size_t *off);

int shcoll_collect_two_phase(const shcoll_args_t *a, shcoll_blocks_fn engine,
                             size_t engine_words);
/* work of the two phases: p sizes and p+1 offsets. */
size_t shcoll_collect_work(int npes);

/* Bytes at the start of work where the padding of Bruck and k-nomial
 * rounds lands (collect/common.c says how much). */
size_t shcoll_collect_scratch(int npes);

SHCOLL_DECLARE_ALG(fcollect_ring);
SHCOLL_DECLARE_ALG(fcollect_bruck);
SHCOLL_DECLARE_ALG(fcollect_knomial);
void shcoll_fcollect_ring_blocks(const shcoll_args_t *a, int me,
                                 const size_t *off);

#endif
