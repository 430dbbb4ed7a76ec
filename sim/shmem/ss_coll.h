/* ss_coll.h - collective dispatch inside the runtime. Internal to sim/. */
#ifndef SS_COLL_H
#define SS_COLL_H

#include <stdio.h>

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

/* The tuning rules ss_coll_resolve reads from $SHMEMSIM_TUNE_FILE, read
 * from f instead (name stands for it in messages); they replace the
 * rules held. 0, or -1 with "NAME:LINE: what is wrong" in err. Lines
 * are at most SS_TUNE_LINE_MAX characters, at most SS_TUNE_MAX_RULES
 * rules (a table of `shmemsim tune` has tens). */
#define SS_TUNE_HEADER "collective,pes_lo,pes_hi,bytes_lo,bytes_hi,algorithm"
#define SS_TUNE_LINE_MAX 1024
#define SS_TUNE_LINE_STR "1024"
#define SS_TUNE_MAX_RULES 65536
#define SS_TUNE_MAX_RULES_STR "65,536"
int ss_coll_read_rules(FILE *f, const char *name, char *err, size_t errlen);

/* Runs alg (NULL: the world's choice for kind) on team as one collective
 * call of the calling PE; 0 on success. */
int ss_coll_team(shmem_team_t team, const shcoll_alg_t *alg, shcoll_kind_t kind,
                 void *dest, const void *src, size_t nelems, size_t elem,
                 int root, shcoll_op_t op, shcoll_type_t type);

#endif
