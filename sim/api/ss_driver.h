/* ss_driver.h - measuring collectives: what `shmemsim run` simulates.
 * Part of the runtime library's interface to the command line (with ss_config.h). */
#ifndef SS_DRIVER_H
#define SS_DRIVER_H

#include "shcoll.h"
#include "ss_config.h"
#include "predict.h"

typedef struct ss_point {
    const shcoll_alg_t *alg;
    size_t bytes;
    double first_start, last_end;   /* simulated seconds */
    int checked;                    /* -1 not checked, 0 failed, 1 ok */
} ss_point_t;

typedef struct ss_bench {
    shcoll_kind_t kind;
    const shcoll_alg_t *const *algs;   /* to run, in order */
    size_t nalgs;
    const size_t *bytes;
    size_t nsizes;
    int root;
    shcoll_op_t op;
    shcoll_type_t type;
    int check;
    ss_point_t *points;                /* nalgs x nsizes, filled by the run */
    char error[512];                   /* first check failure */
    ss_ab_t ab;                        /* PE 0 to PE 1, set by the run */
} ss_bench_t;

/* Simulates every (algorithm, size) of b in one simulation; 0 on success. */
int ss_bench_run(const ss_config_t *cfg, ss_bench_t *b);

/* The radix / segment a collective uses: the config's, else
 * $SHMEMSIM_COLL_RADIX / $SHMEMSIM_COLL_SEGMENT, else 0 (the algorithm's
 * default). A bad environment value is a fatal error. */
int ss_coll_radix(const ss_config_t *cfg);
size_t ss_coll_segment(const ss_config_t *cfg);
/* The leader algorithm of the node-aware algorithms: the config's, else
 * $SHMEMSIM_COLL_LEADER (exit 2 when it names no algorithm a node-aware
 * one can run), else NULL (their own default). */
const char *ss_coll_leader(const ss_config_t *cfg);
/* Whether name is an algorithm the node-aware algorithm of kind can run
 * among leaders (kind < 0: of any collective that has one); 0 if not,
 * with the choices in err. */
int ss_coll_leader_ok(int kind, const char *name, char *err, size_t errlen);
/* Members per node of the set {start + r stride : r < size} in this
 * run's placement, as SHMEM_TEAM_SHARED groups PEs (sim/shmem/ss_team.c):
 * members r and r' share a host iff r / q == r' / q; 1 when the hosts do
 * not group the members that way. */
int ss_coll_node(int start, int stride, int size);
/* Whether steps carry their flag (shcoll_args_t.signal): the config's
 * model.put_signal (--put-signal), else $SHMEMSIM_COLL_SIGNAL (1 or 0). */
int ss_coll_signal(const ss_config_t *cfg);

#endif
