/* ss_coll.c - the OpenSHMEM collective calls of the simulated runtime.
 * Each one validates its arguments, picks the configured algorithm from
 * the collective's registry (algorithms/), gives it runtime-owned psync and
 * work space, and runs it in the calling PE. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "shcoll.h"
#include "parse.h"
#include "ss_coll.h"
#include "ss_driver.h"
#include "ss_team.h"
#include "ss_trace.h"

typedef struct ss_call {
    shcoll_kind_t kind;
    void *dest;
    const void *src;
    size_t nelems, elem;
    int root;
    shcoll_op_t op;
    shcoll_type_t type;
    const char *call;
    const shcoll_alg_t *alg;   /* NULL: the configured one */
} ss_call_t;

/* The algorithm of each kind a program's collectives use, resolved once
 * per world: the config's, else $SHMEMSIM_<KIND>_ALGORITHM, else linear. */
static const shcoll_alg_t *chosen[SHCOLL_NKINDS];

int ss_coll_resolve(const ss_config_t *cfg)
{
    for (int k = 0; k < SHCOLL_NKINDS; k++) {
        const char *name = cfg->alg[k];
        char env[64];
        snprintf(env, sizeof env, "SHMEMSIM_%s_ALGORITHM", shcoll_kind_name((shcoll_kind_t)k));
        for (char *c = env; *c; c++)
            *c = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
        if (!name)
            name = getenv(env);
        if (!name || !*name)
            name = "linear";
        if (!(chosen[k] = shcoll_find((shcoll_kind_t)k, name))) {
            fprintf(stderr, "shmemsim: error: unknown %s algorithm '%s'%s%s "
                    "(`shmemsim list` shows the choices)\n",
                    shcoll_kind_name((shcoll_kind_t)k), name,
                    cfg->alg[k] ? "" : " in $", cfg->alg[k] ? "" : env);
            return -1;
        }
    }
    return 0;
}

static int env_size(const char *name, size_t *out)
{
    const char *v = getenv(name);
    char err[200];
    if (!v || !*v)
        return 0;
    if (ss_parse_size(v, out, err, sizeof err)) {
        fprintf(stderr, "shmemsim: error: $%s: %s\n", name, err);
        exit(2);
    }
    return 1;
}

int ss_coll_radix(const ss_config_t *cfg)
{
    size_t r = 0;
    if (cfg->radix)
        return cfg->radix;
    if (env_size("SHMEMSIM_COLL_RADIX", &r) && (r < 2 || r > 1 << 20)) {
        fprintf(stderr, "shmemsim: error: $SHMEMSIM_COLL_RADIX must be 2 or "
                "more, not %zu\n", r);
        exit(2);
    }
    return (int)r;
}

size_t ss_coll_segment(const ss_config_t *cfg)
{
    size_t s = 0;
    if (cfg->segment)
        return cfg->segment;
    env_size("SHMEMSIM_COLL_SEGMENT", &s);
    return s;
}

/* Charges the reduction's local combine as compute time. */
static void sim_combine(const shcoll_args_t *a, void *inout, const void *in,
                        size_t n)
{
    shcoll_combine_local(a, inout, in, n);
    double t = (double)(n * a->elem_size) * ss_w.cfg.model.combine_s_per_byte;
    if (t > 0) {
        ss_flush(ss_self());
        sg_actor_sleep_for(t);
    }
}

static size_t mul(size_t a, size_t b, const ss_call_t *c)
{
    if (b && a > SIZE_MAX / b)
        ss_fatal("PE %d: %s: %zu x %zu bytes overflows", ss_self()->id,
                 c->call, a, b);
    return a * b;
}

static void check_args(ss_pe_t *pe, const struct ss_team *t, ss_call_t *c,
                       size_t nbytes)
{
    size_t dbytes = c->kind == SHCOLL_FCOLLECT ? mul(nbytes, (size_t)t->size, c)
                                               : nbytes;
    if (dbytes)
        ss_heap_check_local(pe, c->dest, dbytes, c->call);
    if (nbytes)
        ss_heap_check_local(pe, c->src, nbytes, c->call);
    if (c->kind == SHCOLL_BROADCAST && (c->root < 0 || c->root >= t->size))
        ss_fatal("PE %d: %s: PE_root %d is not in 0..%d", pe->id, c->call,
                 c->root, t->size - 1);
    if (c->kind == SHCOLL_REDUCE && !shcoll_op_valid(c->op, c->type))
        ss_fatal("PE %d: %s: %s is not defined on %s", pe->id, c->call,
                 shcoll_op_name(c->op), shcoll_type_name(c->type));
}

/* slot tells apart the workspaces of calls that may overlap in time:
 * alternate team calls, or distinct pSync arrays of active-set calls. */
static int run(const struct ss_team *t, uint64_t slot, ss_call_t *c)
{
    ss_pe_t *pe = ss_self();
    pe->where = c->call;
    int me = ss_team_index(t, pe->id);
    if (me < 0)
        ss_fatal("PE %d: %s: this PE is not a member of the team/active set",
                 pe->id, c->call);
    size_t nbytes = mul(c->nelems, c->elem, c);
    check_args(pe, t, c, nbytes);
    const shcoll_alg_t *alg = c->alg ? c->alg : chosen[c->kind];
    int radix = ss_w.cfg.radix;   /* environment resolved at world start */
    shcoll_args_t a = {
        .set = {t->start, t->stride, t->size},
        .dest = c->dest, .source = c->src, .nbytes = nbytes,
        .elem_size = c->elem, .root = c->root, .op = c->op, .type = c->type,
        .radix = radix, .segment = ss_w.cfg.segment, .combine = sim_combine,
    };
    uint64_t key = slot << 8 | (uint64_t)c->kind << 1;
    size_t pw = alg->psync_words ? alg->psync_words(t->size, radix) : 0;
    /* collect: sizes differ between members and work must be symmetric,
     * so its work may depend on the member count only (shcoll.h). */
    size_t wsize = c->kind == SHCOLL_COLLECT ? 0 : nbytes;
    size_t wb = alg->work_bytes ? alg->work_bytes(t->size, wsize, radix) : 0;
    a.psync = ss_workspace(t, key, pw * sizeof(long));
    a.work = wb ? ss_workspace(t, key | 1, wb) : NULL;
    ss_trace_call_enter(pe, shcoll_kind_name(c->kind), alg->name, c->call, nbytes);
    int rc = alg->run(&a);
    ss_trace_call_leave(pe);
    return rc;
}

static int team_call(shmem_team_t team, ss_call_t *c)
{
    if (team == SHMEM_TEAM_INVALID)
        ss_fatal("PE %d: %s: SHMEM_TEAM_INVALID passed as a team",
                 ss_self()->id, c->call);
    int me = ss_team_index(team, ss_self()->id);
    uint64_t slot = me < 0 ? 0 : team->coll_calls[me]++ % 2;
    int rc = run(team, slot, c);
    /* 1.5 team broadcast also writes dest on the root. */
    if (!rc && c->kind == SHCOLL_BROADCAST && me == c->root && c->dest != c->src)
        memmove(c->dest, c->src, c->nelems * c->elem);
    return rc;
}

static void set_call(int start, int lg, int size, long *pSync, ss_call_t *c)
{
    ss_pe_t *pe = ss_self();
    if (lg < 0 || lg > 30 || size < 1 || start < 0 ||
        start + ((long)size - 1) * (1L << lg) >= ss_w.npes)
        ss_fatal("PE %d: %s: active set (PE_start %d, logPE_stride %d, "
                 "PE_size %d) does not fit in %d PEs", pe->id, c->call, start,
                 lg, size, ss_w.npes);
    ss_heap_check_local(pe, pSync, sizeof *pSync, c->call);
    const struct ss_team *t = ss_team_for_set(start, 1 << lg, size);
    /* PE 0's copy of pSync names the array the same way on every PE. */
    uint64_t slot = (uint64_t)(uintptr_t)ss_heap_translate(pe->id, pSync, 1, 0);
    run(t, slot, c);
}

#define SS_COLL_(T, N)                                                       \
    int shmem_##N##_fcollect(shmem_team_t team, T *d, const T *s, size_t n)  \
    {                                                                        \
        ss_call_t c = {SHCOLL_FCOLLECT, d, s, n, sizeof(T), 0, 0, 0,         \
                       "shmem_" #N "_fcollect", NULL};                             \
        return team_call(team, &c);                                          \
    }                                                                        \
    int shmem_##N##_collect(shmem_team_t team, T *d, const T *s, size_t n)   \
    {                                                                        \
        ss_call_t c = {SHCOLL_COLLECT, d, s, n, sizeof(T), 0, 0, 0,          \
                       "shmem_" #N "_collect", NULL};                              \
        return team_call(team, &c);                                          \
    }                                                                        \
    int shmem_##N##_broadcast(shmem_team_t team, T *d, const T *s, size_t n, \
                              int root)                                      \
    {                                                                        \
        ss_call_t c = {SHCOLL_BROADCAST, d, s, n, sizeof(T), root, 0, 0,     \
                       "shmem_" #N "_broadcast", NULL};                            \
        return team_call(team, &c);                                          \
    }
SHMEM_RMA_TYPES(SS_COLL_)

int shmem_fcollectmem(shmem_team_t team, void *d, const void *s, size_t n)
{
    ss_call_t c = {SHCOLL_FCOLLECT, d, s, n, 1, 0, 0, 0, "shmem_fcollectmem", NULL};
    return team_call(team, &c);
}

int shmem_collectmem(shmem_team_t team, void *d, const void *s, size_t n)
{
    ss_call_t c = {SHCOLL_COLLECT, d, s, n, 1, 0, 0, 0, "shmem_collectmem", NULL};
    return team_call(team, &c);
}

int shmem_broadcastmem(shmem_team_t team, void *d, const void *s, size_t n,
                       int root)
{
    ss_call_t c = {SHCOLL_BROADCAST, d, s, n, 1, root, 0, 0, "shmem_broadcastmem", NULL};
    return team_call(team, &c);
}

#define SS_SET_(KIND, name, w)                                               \
    void name(void *d, const void *s, size_t n, int start, int lg, int size, \
              long *pSync)                                                   \
    {                                                                        \
        ss_call_t c = {KIND, d, s, n, w, 0, 0, 0, #name, NULL};                    \
        set_call(start, lg, size, pSync, &c);                                \
    }
SS_SET_(SHCOLL_FCOLLECT, shmem_fcollect32, 4)
SS_SET_(SHCOLL_FCOLLECT, shmem_fcollect64, 8)
SS_SET_(SHCOLL_COLLECT, shmem_collect32, 4)
SS_SET_(SHCOLL_COLLECT, shmem_collect64, 8)

#define SS_BCAST_(name, w)                                                   \
    void name(void *d, const void *s, size_t n, int root, int start, int lg, \
              int size, long *pSync)                                         \
    {                                                                        \
        ss_call_t c = {SHCOLL_BROADCAST, d, s, n, w, root, 0, 0, #name, NULL};     \
        set_call(start, lg, size, pSync, &c);                                \
    }
SS_BCAST_(shmem_broadcast32, 4)
SS_BCAST_(shmem_broadcast64, 8)

/* ---- reductions ---- */
enum {
    SS_TY_char = SHCOLL_T_CHAR, SS_TY_schar = SHCOLL_T_SCHAR,
    SS_TY_short = SHCOLL_T_SHORT, SS_TY_int = SHCOLL_T_INT,
    SS_TY_long = SHCOLL_T_LONG, SS_TY_longlong = SHCOLL_T_LONGLONG,
    SS_TY_ptrdiff = SHCOLL_T_PTRDIFF, SS_TY_uchar = SHCOLL_T_UCHAR,
    SS_TY_ushort = SHCOLL_T_USHORT, SS_TY_uint = SHCOLL_T_UINT,
    SS_TY_ulong = SHCOLL_T_ULONG, SS_TY_ulonglong = SHCOLL_T_ULONGLONG,
    SS_TY_int8 = SHCOLL_T_INT8, SS_TY_int16 = SHCOLL_T_INT16,
    SS_TY_int32 = SHCOLL_T_INT32, SS_TY_int64 = SHCOLL_T_INT64,
    SS_TY_uint8 = SHCOLL_T_UINT8, SS_TY_uint16 = SHCOLL_T_UINT16,
    SS_TY_uint32 = SHCOLL_T_UINT32, SS_TY_uint64 = SHCOLL_T_UINT64,
    SS_TY_size = SHCOLL_T_SIZE, SS_TY_float = SHCOLL_T_FLOAT,
    SS_TY_double = SHCOLL_T_DOUBLE, SS_TY_longdouble = SHCOLL_T_LONGDOUBLE,
    SS_TY_complexf = SHCOLL_T_COMPLEXF, SS_TY_complexd = SHCOLL_T_COMPLEXD,
};
enum {
    SS_OP_and = SHCOLL_OP_AND, SS_OP_or = SHCOLL_OP_OR, SS_OP_xor = SHCOLL_OP_XOR,
    SS_OP_max = SHCOLL_OP_MAX, SS_OP_min = SHCOLL_OP_MIN,
    SS_OP_sum = SHCOLL_OP_SUM, SS_OP_prod = SHCOLL_OP_PROD,
};

#define SS_RED_(T, N, OP)                                                    \
    int shmem_##N##_##OP##_reduce(shmem_team_t team, T *d, const T *s,       \
                                  size_t n)                                  \
    {                                                                        \
        ss_call_t c = {SHCOLL_REDUCE, d, s, n, sizeof(T), 0,                 \
                       (shcoll_op_t)SS_OP_##OP, (shcoll_type_t)SS_TY_##N,    \
                       "shmem_" #N "_" #OP "_reduce", NULL};                       \
        return team_call(team, &c);                                          \
    }
#define SS_TOALL_(T, N, OP)                                                  \
    void shmem_##N##_##OP##_to_all(T *d, const T *s, int n, int start,       \
                                   int lg, int size, T *pWrk, long *pSync)   \
    {                                                                        \
        (void)pWrk;   /* the runtime keeps its own work space */             \
        ss_call_t c = {SHCOLL_REDUCE, d, s, n < 0 ? 0 : (size_t)n, sizeof(T),\
                       0, (shcoll_op_t)SS_OP_##OP, (shcoll_type_t)SS_TY_##N, \
                       "shmem_" #N "_" #OP "_to_all", NULL};                       \
        set_call(start, lg, size, pSync, &c);                                \
    }
#define SS_R_AND(T, N) SS_RED_(T, N, and)
#define SS_R_OR(T, N) SS_RED_(T, N, or)
#define SS_R_XOR(T, N) SS_RED_(T, N, xor)
#define SS_R_MAX(T, N) SS_RED_(T, N, max)
#define SS_R_MIN(T, N) SS_RED_(T, N, min)
#define SS_R_SUM(T, N) SS_RED_(T, N, sum)
#define SS_R_PROD(T, N) SS_RED_(T, N, prod)
SHMEM_REDUCE_BITWISE_TYPES(SS_R_AND)
SHMEM_REDUCE_BITWISE_TYPES(SS_R_OR)
SHMEM_REDUCE_BITWISE_TYPES(SS_R_XOR)
SHMEM_REDUCE_MINMAX_TYPES(SS_R_MAX)
SHMEM_REDUCE_MINMAX_TYPES(SS_R_MIN)
SHMEM_REDUCE_ARITH_TYPES(SS_R_SUM)
SHMEM_REDUCE_ARITH_TYPES(SS_R_PROD)
#define SS_T_AND(T, N) SS_TOALL_(T, N, and)
#define SS_T_OR(T, N) SS_TOALL_(T, N, or)
#define SS_T_XOR(T, N) SS_TOALL_(T, N, xor)
#define SS_T_MAX(T, N) SS_TOALL_(T, N, max)
#define SS_T_MIN(T, N) SS_TOALL_(T, N, min)
#define SS_T_SUM(T, N) SS_TOALL_(T, N, sum)
#define SS_T_PROD(T, N) SS_TOALL_(T, N, prod)
SHMEM_TOALL_BITWISE_TYPES(SS_T_AND)
SHMEM_TOALL_BITWISE_TYPES(SS_T_OR)
SHMEM_TOALL_BITWISE_TYPES(SS_T_XOR)
SHMEM_TOALL_MINMAX_TYPES(SS_T_MAX)
SHMEM_TOALL_MINMAX_TYPES(SS_T_MIN)
SHMEM_TOALL_ARITH_TYPES(SS_T_SUM)
SHMEM_TOALL_ARITH_TYPES(SS_T_PROD)

/* For the run driver: one collective on a team with an explicit algorithm,
 * element type and operation. */
int ss_coll_team(shmem_team_t team, const shcoll_alg_t *alg, shcoll_kind_t kind,
                 void *dest, const void *src, size_t nelems, size_t elem,
                 int root, shcoll_op_t op, shcoll_type_t type)
{
    ss_call_t c = {kind, dest, src, nelems, elem, root, op, type,
                   "shmemsim collective", alg};
    return team_call(team, &c);
}
