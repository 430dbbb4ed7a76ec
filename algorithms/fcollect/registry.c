/* fcollect/registry.c - the fcollect algorithms. Add one
 * SHCOLL_DECLARE_ALG line and one row per algorithm. */
#include "../internal.h"

SHCOLL_DECLARE_ALG(fcollect_linear);
SHCOLL_DECLARE_ALG(fcollect_direct);
SHCOLL_DECLARE_STEP_ALG(fcollect_ring);
SHCOLL_DECLARE_ALG(fcollect_recursive_doubling);
SHCOLL_DECLARE_ALG(fcollect_bruck);
SHCOLL_DECLARE_STEP_ALG(fcollect_neighbor_exchange);
SHCOLL_DECLARE_ALG(fcollect_knomial);

const shcoll_alg_t shcoll_fcollect_algs[] = {
    SHCOLL_ALG("linear", "gather to root, root puts to all",
               fcollect_linear),
    SHCOLL_ALG("direct", "every member puts its block to every member",
               fcollect_direct),
    SHCOLL_STEP_ALG("ring", "p-1 steps, each block forwarded to the right",
                    fcollect_ring),
    SHCOLL_ALG("recursive_doubling",
               "log2 p pairwise swaps of doubling groups, any p",
               fcollect_recursive_doubling),
    SHCOLL_ALG("bruck", "ceil(log2 p) rounds, blocks to me - 2^k",
               fcollect_bruck),
    SHCOLL_STEP_ALG("neighbor_exchange",
                    "p/2 swaps of block pairs with alternating neighbours",
                    fcollect_neighbor_exchange),
    SHCOLL_ALG("knomial", "radix-k recursive multiplying (default 4), any p",
               fcollect_knomial),
    {0},
};
