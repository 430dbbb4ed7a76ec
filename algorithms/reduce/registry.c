/* reduce/registry.c - the reduction algorithms. Add one
 * SHCOLL_DECLARE_ALG line and one row per algorithm. */
#include "../internal.h"

SHCOLL_DECLARE_ALG(reduce_linear);
SHCOLL_DECLARE_ALG(reduce_binomial);
SHCOLL_DECLARE_ALG(reduce_knomial);
SHCOLL_DECLARE_ALG(reduce_recursive_doubling);
SHCOLL_DECLARE_ALG(reduce_rabenseifner);
SHCOLL_DECLARE_ALG(reduce_ring);

const shcoll_alg_t shcoll_reduce_algs[] = {
    SHCOLL_ALG("linear", "gather to root, root combines and puts to all",
               reduce_linear),
    SHCOLL_ALG("binomial", "binomial-tree reduce to member 0, binomial-tree "
               "broadcast", reduce_binomial),
    SHCOLL_ALG("knomial", "k-nomial-tree reduce and broadcast (radix, "
               "default 4)", reduce_knomial),
    SHCOLL_ALG("recursive_doubling", "log p whole-array exchanges; extras "
               "folded into neighbours", reduce_recursive_doubling),
    SHCOLL_ALG("rabenseifner", "reduce-scatter by recursive halving, "
               "allgather by recursive doubling", reduce_rabenseifner),
    SHCOLL_ALG("ring", "ring reduce-scatter, then ring allgather",
               reduce_ring),
    {0},
};
