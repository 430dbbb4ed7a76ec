/* reduce/registry.c - the reduction algorithms. Add one
 * SHCOLL_DECLARE_ALG line and one row per algorithm. */
#include "../internal.h"

SHCOLL_DECLARE_ALG(reduce_linear);

const shcoll_alg_t shcoll_reduce_algs[] = {
    SHCOLL_ALG("linear", "gather to root, root combines and puts to all",
               reduce_linear),
    {0},
};
