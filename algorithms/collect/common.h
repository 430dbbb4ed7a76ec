/* collect/common.h - the two-phase driver shared by the collect
 * algorithms (common.c explains it) and the fcollect engines they run
 * with a block-offset table. Internal to algorithms/. */
#ifndef SHCOLL_COLLECT_COMMON_H
#define SHCOLL_COLLECT_COMMON_H

#include "../internal.h"

/* Move blocks of member-dependent sizes: block r is off[r]..off[r+1]. */
typedef void (*shcoll_blocks_fn)(const shcoll_args_t *a, int me,
                                 const size_t *off);

int shcoll_collect_two_phase(const shcoll_args_t *a, shcoll_blocks_fn engine,
                             size_t engine_words);
size_t shcoll_collect_work(int npes, int padded);

SHCOLL_DECLARE_ALG(fcollect_ring);
SHCOLL_DECLARE_ALG(fcollect_bruck);
SHCOLL_DECLARE_ALG(fcollect_knomial);
void shcoll_fcollect_ring_blocks(const shcoll_args_t *a, int me,
                                 const size_t *off);
void shcoll_fcollect_bruck_blocks(const shcoll_args_t *a, int me,
                                  const size_t *off);
void shcoll_fcollect_knomial_blocks(const shcoll_args_t *a, int me,
                                    const size_t *off, int k);

#endif
