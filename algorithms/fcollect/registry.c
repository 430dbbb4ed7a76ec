/* fcollect/registry.c - the fcollect algorithms. Add one
 * SHCOLL_DECLARE_ALG line and one row per algorithm. */
#include "../internal.h"

SHCOLL_DECLARE_ALG(fcollect_linear);

const shcoll_alg_t shcoll_fcollect_algs[] = {
    SHCOLL_ALG("linear", "gather to root, root puts to all",
               fcollect_linear),
    {0},
};
