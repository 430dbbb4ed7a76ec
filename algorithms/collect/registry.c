/* collect/registry.c - the collect algorithms. Add one
 * SHCOLL_DECLARE_ALG line and one row per algorithm.
 *
 * work_bytes(npes, nbytes, radix): nbytes differs between members for
 * collect, while work must be symmetric, so callers pass the total of all
 * members' bytes (an upper bound on any block). */
#include "../internal.h"

SHCOLL_DECLARE_ALG(collect_linear);
SHCOLL_DECLARE_ALG(collect_ring);
SHCOLL_DECLARE_ALG(collect_recursive_doubling);
SHCOLL_DECLARE_ALG(collect_bruck);

const shcoll_alg_t shcoll_collect_algs[] = {
    SHCOLL_ALG("linear", "sizes and blocks gathered to root, root puts to all",
               collect_linear),
    SHCOLL_ALG("ring", "sizes, then blocks, around the ring", collect_ring),
    SHCOLL_ALG("recursive_doubling",
               "scan of sizes, then blocks, by pairwise swaps, any p",
               collect_recursive_doubling),
    SHCOLL_ALG("bruck", "scan of sizes, then blocks, by Bruck rounds", collect_bruck),
    {0},
};
