/* broadcast/registry.c - the broadcast algorithms. Add one
 * SHCOLL_DECLARE_ALG line and one row per algorithm. */
#include "../internal.h"

SHCOLL_DECLARE_ALG(broadcast_linear);
SHCOLL_DECLARE_ALG(broadcast_binomial);
SHCOLL_DECLARE_ALG(broadcast_knomial);
SHCOLL_DECLARE_ALG(broadcast_kary);
SHCOLL_DECLARE_ALG(broadcast_scatter_allgather);
SHCOLL_DECLARE_ALG(broadcast_pipelined_chain);
SHCOLL_DECLARE_ALG(broadcast_pipelined_binary);

const shcoll_alg_t shcoll_broadcast_algs[] = {
    SHCOLL_ALG("linear", "members report arrival, root puts to each",
               broadcast_linear),
    SHCOLL_ALG("binomial", "binomial tree, one child per round",
               broadcast_binomial),
    SHCOLL_ALG("knomial", "k-nomial tree, k-1 children per round (radix, "
               "default 4)", broadcast_knomial),
    SHCOLL_ALG("kary", "complete k-ary tree, all children at once (radix, "
               "default 4)", broadcast_kary),
    SHCOLL_ALG("scatter_allgather", "van de Geijn: flat scatter, ring "
               "allgather", broadcast_scatter_allgather),
    SHCOLL_ALG("pipelined_chain", "chain, segments follow each other "
               "(segment, default 8 KiB)", broadcast_pipelined_chain),
    SHCOLL_ALG("pipelined_binary", "binary tree, segments follow each "
               "other (segment, default 8 KiB)", broadcast_pipelined_binary),
    {0},
};
