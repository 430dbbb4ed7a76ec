/* broadcast/registry.c - the broadcast algorithms. Add one
 * SHCOLL_DECLARE_ALG line and one row per algorithm. */
#include "../internal.h"

SHCOLL_DECLARE_ALG(broadcast_linear);

const shcoll_alg_t shcoll_broadcast_algs[] = {
    SHCOLL_ALG("linear", "members report arrival, root puts to each",
               broadcast_linear),
    {0},
};
