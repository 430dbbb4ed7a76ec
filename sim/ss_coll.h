/* ss_coll.h - collective dispatch inside the runtime. Internal to sim/. */
#ifndef SS_COLL_H
#define SS_COLL_H

#include "shcoll.h"
#include "ss_config.h"

/* One collective call as the API received it. */
typedef struct ss_call {
    shcoll_kind_t kind;
    void *dest;
    const void *src;
    size_t nelems, elem;       /* alltoall: elements per block */
    int root;
    shcoll_op_t op;
    shcoll_type_t type;
    const char *call;
    const shcoll_alg_t *alg;   /* NULL: the configured one */
    ptrdiff_t dst, sst;        /* alltoall: element strides (1: contiguous) */
    shcoll_steps_t steps;      /* a step algorithm's window ({0, 0}: all) */
} ss_call_t;

/* c on a team handle / on an active set with its pSync, in the calling
 * PE; fatal errors name the PE and c->call. */
int ss_coll_team_call(shmem_team_t team, ss_call_t *c);
void ss_coll_set_call(int start, int lg, int size, long *pSync, ss_call_t *c);

/* Reads, once per world, how collectives that name no algorithm pick one
 * (ss_coll_pick.c: config or environment, tuning rules, built-in); -1
 * with a message for an unknown name or a bad rules file. */
int ss_coll_resolve(const ss_config_t *cfg);
/* The algorithm of a kind's call on pes members of bytes (per member,
 * payload, array or block, as shmemsim run's --bytes). */
const shcoll_alg_t *ss_coll_pick(shcoll_kind_t kind, int pes, size_t bytes);

/* Runs alg (NULL: the world's choice for kind) on team as one collective
 * call of the calling PE; 0 on success. */
int ss_coll_team(shmem_team_t team, const shcoll_alg_t *alg, shcoll_kind_t kind,
                 void *dest, const void *src, size_t nelems, size_t elem,
                 int root, shcoll_op_t op, shcoll_type_t type);

#endif
