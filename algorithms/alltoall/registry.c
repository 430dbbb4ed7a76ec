/* alltoall/registry.c - the alltoall algorithms (shmem_alltoall and,
 * with element strides, shmem_alltoalls). Add one SHCOLL_DECLARE_ALG line
 * and one row per algorithm. */
#include "../internal.h"

SHCOLL_DECLARE_STEP_ALG(alltoall_pairwise);
SHCOLL_DECLARE_STEP_ALG(alltoall_windowed);

const shcoll_alg_t shcoll_alltoall_algs[] = {
    SHCOLL_STEP_ALG("pairwise", "p-1 shifted exchange steps, one block in flight",
                    alltoall_pairwise),
    SHCOLL_STEP_ALG("windowed",
                    "shifted exchange, radix-k blocks in flight (default 8)",
                    alltoall_windowed),
    {0},
};
