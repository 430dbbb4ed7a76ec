/* ss_coll.h - collective dispatch inside the runtime. Internal to sim/. */
#ifndef SS_COLL_H
#define SS_COLL_H

#include "shcoll.h"
#include "ss_config.h"

/* Resolves the algorithm of each collective kind for a world (config,
 * else environment, else linear); -1 with a message for an unknown name. */
int ss_coll_resolve(const ss_config_t *cfg);

/* Runs alg (NULL: the world's choice for kind) on team as one collective
 * call of the calling PE; 0 on success. */
int ss_coll_team(shmem_team_t team, const shcoll_alg_t *alg, shcoll_kind_t kind,
                 void *dest, const void *src, size_t nelems, size_t elem,
                 int root, shcoll_op_t op, shcoll_type_t type);

#endif
