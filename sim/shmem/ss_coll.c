/* ss_coll.c - collective dispatch of the simulated runtime: each call
 * (ss_coll_api.c) is validated, gets its algorithm (the caller's, else
 * ss_coll_pick.c's choice for its size) from the collective's registry
 * (algorithms/) and runtime-owned psync and work space, and runs in the
 * calling PE. */
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
#include "placement.h"

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

int ss_coll_signal(const ss_config_t *cfg)
{
    const char *v = getenv("SHMEMSIM_COLL_SIGNAL");
    if (cfg->model.put_signal)
        return 1;
    if (!v || !*v || !strcmp(v, "0"))
        return 0;
    if (!strcmp(v, "1"))
        return 1;
    fprintf(stderr, "shmemsim: error: $SHMEMSIM_COLL_SIGNAL must be 1 (steps "
            "carry their flag: put with signal) or 0, not '%s'\n", v);
    exit(2);
}

size_t ss_coll_segment(const ss_config_t *cfg)
{
    size_t s = 0;
    if (cfg->segment)
        return cfg->segment;
    env_size("SHMEMSIM_COLL_SEGMENT", &s);
    return s;
}

int ss_coll_leader_ok(int kind, const char *name, char *err, size_t errlen)
{
    size_t n = 0;
    int any = 0;
    if (err && errlen)
        err[0] = 0;
    for (int k = 0; k < SHCOLL_NKINDS; k++) {
        if ((kind >= 0 && k != kind) ||
            shcoll_alg_of((shcoll_kind_t)k, "node_aware") < 0)
            continue;
        if (name && strcmp(name, "node_aware") &&
            shcoll_alg_of((shcoll_kind_t)k, name) >= 0)
            return 1;
        for (int a = 0; err && shcoll_entry((shcoll_kind_t)k, a); a++) {
            const char *e = shcoll_entry((shcoll_kind_t)k, a)->name;
            if (!strcmp(e, "node_aware") || (kind < 0 && any &&
                                             strstr(err, e)))
                continue;
            int w = snprintf(err + n, n < errlen ? errlen - n : 0, "%s%s",
                             n ? ", " : "", e);
            n += w > 0 ? (size_t)w : 0;
        }
        any = 1;
    }
    return 0;
}

const char *ss_coll_leader(const ss_config_t *cfg)
{
    char err[512];
    const char *v = getenv("SHMEMSIM_COLL_LEADER");
    if (cfg->leader)
        return cfg->leader;
    if (!v || !*v)
        return NULL;
    if (!ss_coll_leader_ok(-1, v, err, sizeof err)) {
        fprintf(stderr, "shmemsim: error: $SHMEMSIM_COLL_LEADER '%s' is not an "
                "algorithm node_aware can run among node leaders (one of: "
                "%s)\n", v, err);
        exit(2);
    }
    return v;
}

/* SHMEM_TEAM_SHARED (sim/shmem/ss_team.c, host_group) puts PE x on host x / ppn
 * under block placement and on host x mod ceil(npes / ppn) under round
 * robin; the node-aware algorithms want the same grouping as r / q over
 * the set's members. Block: a set starting at a host's first PE whose
 * stride divides ppn has q = ppn / stride members on each host, in
 * order. Round robin: a stride that is a multiple of the host count puts
 * every member on one host. A set within one host is one node. Anything
 * else (random placement, sets across host boundaries): 1, and the
 * node-aware algorithms run their leader algorithm over every member. */
int ss_coll_node(int start, int stride, int size)
{
    int k = ss_w.cfg.ppn, n = ss_w.npes;
    if (k <= 1 || size <= 1 || stride < 1)
        return 1;
    long last = start + (long)(size - 1) * stride;
    if (ss_w.cfg.placement == SS_PLACE_ROUND_ROBIN) {
        int h = (n + k - 1) / k;
        return stride % h == 0 ? size : 1;
    }
    if (ss_w.cfg.placement != SS_PLACE_BLOCK)
        return 1;
    if (start / k == last / k)
        return size;
    return start % k == 0 && k % stride == 0 ? k / stride : 1;
}

/* Charges the reduction's local combine as compute time: CPU time owed,
 * paid with the next issue or wait (one sleep for both). A put held for
 * fusion was issued before it and leaves first. */
static void sim_combine(const shcoll_args_t *a, void *inout, const void *in,
                        size_t n)
{
    shcoll_combine_local(a, inout, in, n);
    double t = (double)(n * a->elem_size) * ss_w.cfg.model.combine_s_per_byte;
    if (t > 0) {
        ss_pe_t *pe = ss_self();
        ss_flush(pe);
        pe->cpu_debt += t;
    }
}

static size_t mul(size_t a, size_t b, const ss_call_t *c)
{
    if (b && a > SIZE_MAX / b)
        ss_fatal("PE %d: %s: %zu x %zu bytes overflows", ss_self()->id,
                 c->call, a, b);
    return a * b;
}

/* Bytes from the first to the last of n elements st apart. */
static size_t strided_span(size_t n, ptrdiff_t st, const ss_call_t *c)
{
    return n ? mul(mul(n - 1, (size_t)st, c) + 1, c->elem, c) : 0;
}

/* Bytes of dest and source the call touches on this PE. */
static void extents(const struct ss_team *t, const ss_call_t *c,
                    size_t nbytes, size_t *dbytes, size_t *sbytes)
{
    size_t p = (size_t)t->size;
    *dbytes = *sbytes = nbytes;
    if (c->kind == SHCOLL_FCOLLECT)
        *dbytes = mul(nbytes, p, c);
    if (c->kind == SHCOLL_ALLTOALL) {
        *dbytes = strided_span(mul(c->nelems, p, c), c->dst, c);
        *sbytes = strided_span(mul(c->nelems, p, c), c->sst, c);
    }
}

static void check_args(ss_pe_t *pe, const struct ss_team *t, ss_call_t *c,
                       size_t nbytes)
{
    size_t dbytes, sbytes;
    if (c->kind == SHCOLL_ALLTOALL && (c->dst < 1 || c->sst < 1))
        ss_fatal("PE %d: %s: strides dst %td and sst %td must be 1 or more",
                 pe->id, c->call, c->dst, c->sst);
    extents(t, c, nbytes, &dbytes, &sbytes);
    if (dbytes)
        ss_heap_check_local(pe, c->dest, dbytes, c->call);
    if (sbytes)
        ss_heap_check_local(pe, c->src, sbytes, c->call);
    if (c->kind == SHCOLL_BROADCAST && (c->root < 0 || c->root >= t->size))
        ss_fatal("PE %d: %s: PE_root %d is not in 0..%d", pe->id, c->call,
                 c->root, t->size - 1);
    if (c->kind == SHCOLL_REDUCE && !shcoll_op_valid(c->op, c->type))
        ss_fatal("PE %d: %s: %s is not defined on %s", pe->id, c->call,
                 shcoll_op_name(c->op), shcoll_type_name(c->type));
}

/* Every member must pass the same sizes (and root, op, type) to one
 * collective call, collect's block sizes aside: the first member to enter
 * call number seq records them, the others compare (for collect, the
 * first member's size picks the algorithm of all). Members are at most
 * one call apart (shcoll.h), so two records suffice. */
static void check_same(struct ss_team *t, int me, const ss_call_t *c,
                       size_t nbytes)
{
    uint32_t seq = t->coll_calls[me];
    ss_team_call_t *r = &t->calls[seq % 2], mine = {
        seq, ss_team_global(t, me), c->call, nbytes, c->root, c->op, c->type};
    if (r->seq != seq) {
        *r = mine;
        return;
    }
    if (c->kind == SHCOLL_COLLECT)   /* recorded only to pick the algorithm */
        return;
    if (r->bytes != nbytes || r->root != c->root || r->op != (int)c->op ||
        r->type != (int)c->type)
        ss_fatal("PE %d: %s: %zu bytes%s, but PE %d passed %zu bytes%s to the "
                 "same collective (%s, call #%u on this team); every member "
                 "must pass the same sizes%s", mine.pe, c->call, nbytes,
                 c->kind == SHCOLL_BROADCAST ? " and this root" : "", r->pe,
                 r->bytes, c->kind == SHCOLL_BROADCAST ? " and its root" : "",
                 r->call, seq, c->kind == SHCOLL_REDUCE ? ", op and type" : "");
}

/* slot tells apart the workspaces of calls that may overlap in time:
 * alternate team calls, or distinct pSync arrays of active-set calls. */
static int run(struct ss_team *t, uint64_t slot, ss_call_t *c)
{
    ss_pe_t *pe = ss_self();
    pe->where = c->call;
    int me = ss_team_index(t, pe->id);
    if (me < 0)
        ss_fatal("PE %d: %s: this PE is not a member of the team/active set",
                 pe->id, c->call);
    size_t nbytes = mul(c->nelems, c->elem, c);
    check_args(pe, t, c, nbytes);
    t->coll_calls[me]++;
    check_same(t, me, c, nbytes);
    const shcoll_alg_t *alg = c->alg ? c->alg : ss_coll_pick(c->kind, t->size,
                                  t->calls[t->coll_calls[me] % 2].bytes);
    int radix = ss_w.cfg.radix;   /* environment resolved at world start */
    shcoll_args_t a = {
        .set = {t->start, t->stride, t->size},
        .dest = c->dest, .source = c->src, .nbytes = nbytes,
        .elem_size = c->elem, .root = c->root, .op = c->op, .type = c->type,
        .radix = radix, .segment = ss_w.cfg.segment, .combine = sim_combine,
        .dst = c->dst, .sst = c->sst, .steps = c->steps,
        .node = ss_coll_node(t->start, t->stride, t->size),
        .leader = ss_w.cfg.leader,
        .signal = ss_w.cfg.model.put_signal,   /* resolved at world start */
    };
    uint64_t key = slot << 8 | (uint64_t)c->kind << 1;
    size_t pw = alg->psync_words ? alg->psync_words(t->size, radix) : 0;
    /* collect: sizes differ between members and work must be symmetric,
     * so its work may depend on the member count only (shcoll.h). */
    size_t wsize = c->kind == SHCOLL_COLLECT ? 0 : nbytes;
    size_t wb = alg->work_bytes ? alg->work_bytes(t->size, wsize, radix) : 0;
    a.psync = ss_workspace(t, key, pw * sizeof(long), 0);
    /* collect's work holds the members' sizes and offsets; the others'
     * holds padding and partial results */
    a.work = wb ? ss_workspace(t, key | 1, wb, c->kind != SHCOLL_COLLECT) : NULL;
    ss_trace_call_enter(pe, shcoll_kind_name(c->kind), alg->name, c->call, nbytes);
    pe->in_coll = 1;   /* its sends and fences may be deferred (ss_defer.c) */
    int rc = alg->run(&a);
    pe->in_coll = 0;
    ss_cpu_settle(pe);   /* the call ends once its last signal is handled */
    ss_trace_call_leave(pe);
    return rc;
}

int ss_coll_team_call(shmem_team_t team, ss_call_t *c)
{
    struct ss_team *t = ss_team_get(team, c->call);
    int me = ss_team_index(t, ss_self()->id);
    uint64_t slot = me < 0 ? 0 : t->coll_calls[me] % 2;
    int rc = run(t, slot, c);
    /* 1.5 team broadcast also writes dest on the root. */
    if (!rc && c->kind == SHCOLL_BROADCAST && me == c->root && c->dest != c->src)
        memmove(c->dest, c->src, c->nelems * c->elem);
    return rc;
}

void ss_coll_set_call(int start, int lg, int size, long *pSync, ss_call_t *c)
{
    ss_pe_t *pe = ss_self();
    if (lg < 0 || lg > 30 || size < 1 || start < 0 ||
        start + ((long)size - 1) * (1L << lg) >= ss_w.npes)
        ss_fatal("PE %d: %s: active set (PE_start %d, logPE_stride %d, "
                 "PE_size %d) does not fit in %d PEs", pe->id, c->call, start,
                 lg, size, ss_w.npes);
    ss_heap_check_local(pe, pSync, sizeof *pSync, c->call);
    struct ss_team *t = ss_team_for_set(start, 1 << lg, size);
    /* PE 0's copy of pSync names the array the same way on every PE. */
    uint64_t slot = (uint64_t)(uintptr_t)ss_heap_translate(pe->id, pSync, 1, 0);
    run(t, slot, c);
}

/* For the run driver: one collective on a team with an explicit algorithm,
 * element type and operation, and the run's window of steps (--steps). */
int ss_coll_team(shmem_team_t team, const shcoll_alg_t *alg, shcoll_kind_t kind,
                 void *dest, const void *src, size_t nelems, size_t elem,
                 int root, shcoll_op_t op, shcoll_type_t type)
{
    ss_call_t c = {kind, dest, src, nelems, elem, root, op, type,
                   "shmemsim collective", alg, 1, 1, ss_w.cfg.steps};
    return ss_coll_team_call(team, &c);
}
