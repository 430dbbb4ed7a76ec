/* collect/registry.c - the collect algorithms. Add one
 * SHCOLL_DECLARE_ALG line and one row per algorithm.
 *
 * work_bytes(npes, nbytes, radix): nbytes differs between members for
 * collect, while work must be symmetric, so callers pass the total of all
 * members' bytes (an upper bound on any block). */
#include "../internal.h"

SHCOLL_DECLARE_ALG(collect_linear);

const shcoll_alg_t shcoll_collect_algs[] = {
    SHCOLL_ALG("linear", "sizes and blocks gathered to root, root puts to all",
               collect_linear),
    {0},
};
