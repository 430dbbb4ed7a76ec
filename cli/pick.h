/* pick.h - the algorithms an --algorithm LIST names, for run, sweep and
 * scale alike, out of the catalogue (algorithms/catalogue.h). Internal to
 * cli/. */
#ifndef SS_PICK_H
#define SS_PICK_H

#include <stddef.h>

#include "shcoll.h"

/* For each of the collectives asked for, position j of kinds[]: the
 * registry rows named, in the order named, each once. */
typedef struct ss_pick {
    size_t n[SHCOLL_NKINDS];
    const shcoll_alg_t *alg[SHCOLL_NKINDS][SHCOLL_MAX_NALGS];
} ss_pick_t;

/* list: names separated by commas; "all" stands for every algorithm of
 * each collective, in the catalogue's order. A name that none of the
 * nkinds collectives kinds[] has, a list with no name, and a collective
 * left with no algorithm are errors: reported, -1. */
int ss_pick_algs(const char *list, const int *kinds, size_t nkinds,
                 ss_pick_t *pick);

#endif
