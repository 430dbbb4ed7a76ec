/* check_algs.c - runs every registered algorithm on a real OpenSHMEM and
 * verifies it with the check module.
 *
 * Per case (algorithm x size x set x root or op/type): three calls in a
 * row with no barrier between them, alternating two psync/work arrays
 * (A, B, A), each into its own dest and with different data; the first
 * source is refilled between calls 2 and 3 (it must be reusable on
 * return). Broadcast changes root from call to call. Afterwards every
 * member checks its dests (alltoall with element strides: also that the
 * gaps between elements were not touched), every PE checks that all
 * psync words are back to SHMEM_SYNC_VALUE, and non-members check that
 * their dests were not touched. Prints "N passed, M failed"; exits
 * non-zero on failure.
 *
 * $SHCOLL_CHECK_SIGNAL=1 runs every case with shcoll_args_t.signal set:
 * steps carry their flag in one put with signal (OpenSHMEM 1.5). Under
 * a 1.4 header (Open MPI 4.1's oshcc) the algorithms compile that mode
 * out and run put, fence, flag (algorithms/internal.h); the harness says
 * which it ran.
 */
#include <shmem.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shcoll.h"
#include "shcoll_check.h"

#define NCALLS 3
#define UNTOUCHED 0xEE

typedef struct {
    shcoll_kind_t kind;
    const shcoll_alg_t *alg;
    shcoll_set_t set;
    size_t nbytes;          /* the check size (collect: base bytes) */
    size_t elem_size;
    int root;
    shcoll_op_t op;
    shcoll_type_t type;
    int inplace;
    ptrdiff_t dst, sst;     /* alltoall: element strides (0: contiguous) */
    int node;               /* node_aware: members per node (shcoll.h) */
    const char *leader;     /* node_aware: the leaders' algorithm */
} tcase_t;

typedef struct {
    long *psync[2];
    void *work[2];
    void *src[2];
    void *dest[NCALLS];
    size_t psync_words, work_bytes, src_bytes, dest_bytes;
} bufs_t;

/* Per-PE state, passed around rather than global: under the simulator
 * every PE is a thread of one process, so globals would be shared. */
typedef struct {
    int *failures;          /* symmetric: failing PEs of a case, on PE 0 */
    int npassed, nfailed;   /* meaningful on PE 0 */
    unsigned next_salt;
    const char *only;       /* $SHCOLL_CHECK_ONLY: "kind" or "kind/alg" */
    int node;               /* node_aware: the node size of the cases */
    const char *leader;     /* node_aware: their leader (NULL: default) */
} ctx_t;

/* ---- buffers --------------------------------------------------------- */

/* shmem_align, not shmem_malloc: Open MPI 4.1's shmem_malloc returns
 * 8-byte aligned blocks, too little for long double and complexd. */
static void *sym_alloc(size_t n)
{
    void *p = shmem_align(_Alignof(max_align_t), n ? n : 16);
    if (p == NULL) {
        fprintf(stderr, "shmem_malloc(%zu) failed\n", n);
        shmem_global_exit(2);
    }
    return p;
}

static void alloc_bufs(const tcase_t *tc, bufs_t *b, size_t dest_bytes,
                       size_t src_bytes)
{
    int p = tc->set.size;
    /* collect: nbytes differs per member; work must be symmetric, so the
     * size passed is the total, an upper bound on every block. */
    size_t wreq = tc->kind == SHCOLL_COLLECT ? dest_bytes : tc->nbytes;

    b->psync_words = tc->alg->psync_words(p, 0);
    b->work_bytes = tc->alg->work_bytes(p, wreq, 0);
    b->src_bytes = tc->kind == SHCOLL_COLLECT ? dest_bytes : src_bytes;
    b->dest_bytes = dest_bytes;
    for (int i = 0; i < 2; i++) {
        b->psync[i] = sym_alloc(b->psync_words * sizeof(long));
        b->work[i] = sym_alloc(b->work_bytes);
        b->src[i] = sym_alloc(b->src_bytes);
    }
    for (int k = 0; k < NCALLS; k++)
        b->dest[k] = sym_alloc(b->dest_bytes);
}

static void free_bufs(bufs_t *b)
{
    for (int k = NCALLS - 1; k >= 0; k--)
        shmem_free(b->dest[k]);
    for (int i = 1; i >= 0; i--) {
        shmem_free(b->src[i]);
        shmem_free(b->work[i]);
        shmem_free(b->psync[i]);
    }
}

/* ---- one case -------------------------------------------------------- */

/* $SHCOLL_CHECK_SIGNAL: 1 for steps that carry their flag. Read per
 * call (under the simulator every PE is a thread: no global state). */
static int signal_mode(void)
{
    const char *v = getenv("SHCOLL_CHECK_SIGNAL");
    return v && !strcmp(v, "1");
}

static shcoll_args_t make_args(const tcase_t *tc, const bufs_t *b, int k)
{
    shcoll_args_t a = {
        .set = tc->set, .dest = b->dest[k], .source = b->src[k % 2],
        .elem_size = tc->elem_size, .root = (tc->root + k) % tc->set.size,
        .op = tc->op, .type = tc->type, .psync = b->psync[k % 2],
        .work = b->work[k % 2], .combine = shcoll_combine_local,
        .dst = tc->dst, .sst = tc->sst, .node = tc->node,
        .leader = tc->leader, .signal = signal_mode(),
    };
    if (tc->kind != SHCOLL_BROADCAST)
        a.root = 0;
    if (tc->inplace)
        a.source = b->dest[k];
    return a;
}

static shcoll_check_t make_check(const tcase_t *tc, unsigned salt)
{
    shcoll_check_t c = { .kind = tc->kind, .nbytes = tc->nbytes,
                         .salt = salt };
    return c;
}

static void init_bufs(const tcase_t *tc, bufs_t *b, int me, unsigned salt)
{
    for (int i = 0; i < 2; i++)
        for (size_t w = 0; w < b->psync_words; w++)
            b->psync[i][w] = SHMEM_SYNC_VALUE;
    for (int k = 0; k < NCALLS; k++)
        memset(b->dest[k], UNTOUCHED, b->dest_bytes);
    if (me < 0)
        return;
    for (int k = 0; k < NCALLS; k++) {
        shcoll_args_t a = make_args(tc, b, k);
        shcoll_check_t c = make_check(tc, salt + (unsigned)k);
        if (k < 2 || tc->inplace)
            shcoll_check_fill(&c, &a, me, (void *)a.source);
    }
}

static int run_calls(const tcase_t *tc, bufs_t *b, int me, unsigned salt,
                     char *err, size_t errlen)
{
    for (int k = 0; k < NCALLS; k++) {
        shcoll_args_t a = make_args(tc, b, k);
        shcoll_check_t c = make_check(tc, salt + (unsigned)k);
        /* alltoall passes its block size, not the source's extent */
        a.nbytes = tc->kind == SHCOLL_ALLTOALL
                       ? tc->nbytes : shcoll_check_source_bytes(&c, &a, me);
        if (k == 2 && !tc->inplace)     /* source reuse after return */
            shcoll_check_fill(&c, &a, me, (void *)a.source);
        int rc = tc->alg->run(&a);
        if (rc != 0) {
            snprintf(err, errlen, "call %d returned %d", k + 1, rc);
            return 1;
        }
    }
    return 0;
}

static int check_member(const tcase_t *tc, bufs_t *b, unsigned salt,
                        char *err, size_t errlen)
{
    for (int k = 0; k < NCALLS; k++) {
        shcoll_args_t a = make_args(tc, b, k);
        shcoll_check_t c = make_check(tc, salt + (unsigned)k);
        char msg[200];
        if (shcoll_check_verify(&c, &a, b->dest[k], msg, sizeof msg)) {
            snprintf(err, errlen, "call %d: %s", k + 1, msg);
            return 1;
        }
    }
    return 0;
}

/* alltoall with a dest stride: bytes between elements stay untouched. */
static int check_gaps(const tcase_t *tc, const bufs_t *b, char *err,
                      size_t errlen)
{
    size_t e = tc->elem_size, st = tc->dst > 1 ? (size_t)tc->dst : 1;
    if (tc->kind != SHCOLL_ALLTOALL || st == 1)
        return 0;
    for (int k = 0; k < NCALLS; k++)
        for (size_t i = 0; i < b->dest_bytes; i++)
            if ((i / e) % st && ((unsigned char *)b->dest[k])[i] != UNTOUCHED) {
                snprintf(err, errlen, "dest %d byte %zu, between elements, "
                         "written", k + 1, i);
                return 1;
            }
    return 0;
}

static int check_untouched(const bufs_t *b, char *err, size_t errlen)
{
    for (int k = 0; k < NCALLS; k++)
        for (size_t i = 0; i < b->dest_bytes; i++)
            if (((unsigned char *)b->dest[k])[i] != UNTOUCHED) {
                snprintf(err, errlen, "non-member dest %d byte %zu written",
                         k + 1, i);
                return 1;
            }
    return 0;
}

static int check_psync(const bufs_t *b, char *err, size_t errlen)
{
    for (int i = 0; i < 2; i++)
        for (size_t w = 0; w < b->psync_words; w++)
            if (b->psync[i][w] != SHMEM_SYNC_VALUE) {
                snprintf(err, errlen, "psync %c[%zu] = %ld after return",
                         "AB"[i], w, b->psync[i][w]);
                return 1;
            }
    return 0;
}

static void describe(const tcase_t *tc, char *buf, size_t len)
{
    int n = snprintf(buf, len, "%s/%s set(%d,%d,%d) nbytes=%zu",
                     shcoll_kind_name(tc->kind), tc->alg->name,
                     tc->set.start, tc->set.stride, tc->set.size, tc->nbytes);
    if (tc->kind == SHCOLL_BROADCAST)
        snprintf(buf + n, len - (size_t)n, " root=%d", tc->root);
    else if (tc->kind == SHCOLL_REDUCE)
        snprintf(buf + n, len - (size_t)n, " %s/%s%s",
                 shcoll_op_name(tc->op), shcoll_type_name(tc->type),
                 tc->inplace ? " in-place" : "");
    else if (tc->kind == SHCOLL_COLLECT)
        snprintf(buf + n, len - (size_t)n, " elem=%zu", tc->elem_size);
    else if (tc->kind == SHCOLL_ALLTOALL)
        snprintf(buf + n, len - (size_t)n, " elem=%zu dst=%td sst=%td",
                 tc->elem_size, tc->dst, tc->sst);
    n = (int)strlen(buf);
    if (tc->node)
        snprintf(buf + n, len - (size_t)n, " node=%d leader=%s", tc->node,
                 tc->leader ? tc->leader : "default");
}

static void tally(ctx_t *x, const tcase_t *tc, int local_fail, const char *err)
{
    if (local_fail) {
        char what[160];
        describe(tc, what, sizeof what);
        fprintf(stderr, "FAIL %s on PE %d: %s\n", what, shmem_my_pe(), err);
        shmem_int_atomic_add(x->failures, 1, 0);
    }
    shmem_barrier_all();
    if (shmem_my_pe() == 0) {
        if (*x->failures)
            x->nfailed++;
        else
            x->npassed++;
        *x->failures = 0;
    }
}

static void run_case(ctx_t *x, const tcase_t *tc0)
{
    tcase_t tcn = *tc0;
    const tcase_t *tc = &tcn;
    tcn.node = x->node;
    tcn.leader = x->leader;
    shcoll_args_t probe = { .set = tc->set, .elem_size = tc->elem_size,
                            .dst = tc->dst, .sst = tc->sst };
    shcoll_check_t c0 = make_check(tc, 0);
    int me = shcoll_my_index(&tc->set);
    unsigned salt = x->next_salt;
    char err[256] = "";
    bufs_t b;
    int fail = 0;

    x->next_salt += NCALLS;
    alloc_bufs(tc, &b, shcoll_check_dest_bytes(&c0, &probe),
               shcoll_check_source_bytes(&c0, &probe, 0));
    init_bufs(tc, &b, me, salt);
    shmem_barrier_all();
    if (me >= 0)
        fail = run_calls(tc, &b, me, salt, err, sizeof err);
    shmem_barrier_all();
    if (!fail)
        fail = me >= 0 ? check_member(tc, &b, salt, err, sizeof err) ||
                             check_gaps(tc, &b, err, sizeof err)
                       : check_untouched(&b, err, sizeof err);
    if (!fail)
        fail = check_psync(&b, err, sizeof err);
    tally(x, tc, fail, err);
    free_bufs(&b);
}

/* ---- the cases ------------------------------------------------------- */

static const size_t byte_sizes[] = { 0, 1, 8, 13, 1001, 65539 };
#define NBYTE_SIZES (sizeof byte_sizes / sizeof byte_sizes[0])

static void cases_fcollect(ctx_t *x, const shcoll_alg_t *alg, shcoll_set_t set)
{
    for (size_t i = 0; i < NBYTE_SIZES; i++) {
        tcase_t tc = { .kind = SHCOLL_FCOLLECT, .alg = alg, .set = set,
                       .nbytes = byte_sizes[i], .elem_size = 1 };
        run_case(x, &tc);
    }
}

static void cases_collect(ctx_t *x, const shcoll_alg_t *alg, shcoll_set_t set)
{
    static const size_t bases[] = { 0, 1, 13, 1001, 65536 };
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        tcase_t tc = { .kind = SHCOLL_COLLECT, .alg = alg, .set = set,
                       .nbytes = bases[i], .elem_size = 1 };
        run_case(x, &tc);
    }
    tcase_t tc = { .kind = SHCOLL_COLLECT, .alg = alg, .set = set,
                   .nbytes = 13 * 8, .elem_size = 8 };
    run_case(x, &tc);
}

/* Every root up to 8 members; beyond, the first two, the middle and the
 * last (keeps 64-PE runs short). */
static int next_root(int root, int size)
{
    if (size <= 8 || root == size - 1)
        return root + 1;
    if (root < 1)
        return root + 1;
    return root < size / 2 ? size / 2 : size - 1;
}

static void cases_broadcast(ctx_t *x, const shcoll_alg_t *alg, shcoll_set_t set)
{
    for (size_t i = 0; i < NBYTE_SIZES; i++)
        for (int root = 0; root < set.size; root = next_root(root, set.size)) {
            tcase_t tc = { .kind = SHCOLL_BROADCAST, .alg = alg, .set = set,
                           .nbytes = byte_sizes[i], .elem_size = 1,
                           .root = root };
            run_case(x, &tc);
        }
}

/* Contiguous blocks of bytes, then blocks of 4- and 8-byte elements with
 * strides at dest and source (shmem_alltoalls). */
static void cases_alltoall(ctx_t *x, const shcoll_alg_t *alg, shcoll_set_t set)
{
    static const struct { size_t elem, nelems; ptrdiff_t dst, sst; } strided[] = {
        { 8, 13, 2, 3 }, { 4, 5, 3, 1 }, { 8, 1, 1, 2 },
    };
    for (size_t i = 0; i < NBYTE_SIZES; i++) {
        tcase_t tc = { .kind = SHCOLL_ALLTOALL, .alg = alg, .set = set,
                       .nbytes = byte_sizes[i], .elem_size = 1 };
        run_case(x, &tc);
    }
    for (size_t i = 0; i < sizeof strided / sizeof strided[0]; i++) {
        tcase_t tc = { .kind = SHCOLL_ALLTOALL, .alg = alg, .set = set,
                       .nbytes = strided[i].elem * strided[i].nelems,
                       .elem_size = strided[i].elem, .dst = strided[i].dst,
                       .sst = strided[i].sst };
        run_case(x, &tc);
    }
}

/* Sum over long and double, and each other op on a few types. */
static const struct { shcoll_op_t op; shcoll_type_t type; } core_ops[] = {
    { SHCOLL_OP_SUM, SHCOLL_T_LONG },       { SHCOLL_OP_SUM, SHCOLL_T_DOUBLE },
    { SHCOLL_OP_SUM, SHCOLL_T_INT },        { SHCOLL_OP_SUM, SHCOLL_T_FLOAT },
    { SHCOLL_OP_SUM, SHCOLL_T_COMPLEXD },   { SHCOLL_OP_SUM, SHCOLL_T_LONGDOUBLE },
    { SHCOLL_OP_PROD, SHCOLL_T_DOUBLE },    { SHCOLL_OP_PROD, SHCOLL_T_LONG },
    { SHCOLL_OP_PROD, SHCOLL_T_COMPLEXF },  { SHCOLL_OP_MAX, SHCOLL_T_INT },
    { SHCOLL_OP_MAX, SHCOLL_T_FLOAT },      { SHCOLL_OP_MIN, SHCOLL_T_LONG },
    { SHCOLL_OP_MIN, SHCOLL_T_SCHAR },      { SHCOLL_OP_AND, SHCOLL_T_UINT },
    { SHCOLL_OP_OR, SHCOLL_T_USHORT },      { SHCOLL_OP_XOR, SHCOLL_T_INT64 },
};

static void reduce_case(ctx_t *x, const shcoll_alg_t *alg, shcoll_set_t set,
                        shcoll_op_t op, shcoll_type_t type, size_t nelems,
                        int inplace)
{
    size_t es = shcoll_type_size(type);
    tcase_t tc = { .kind = SHCOLL_REDUCE, .alg = alg, .set = set,
                   .nbytes = nelems * es, .elem_size = es, .op = op,
                   .type = type, .inplace = inplace };
    run_case(x, &tc);
}

static void cases_reduce(ctx_t *x, const shcoll_alg_t *alg, shcoll_set_t set)
{
    /* Above 16 members only the first four pairs (sum on long, double,
     * int, float) keep the runs short, above 32 the first two (int and
     * float are summed at 31): every pair still runs at 16 and below,
     * and every valid (op, type) at every p in cases_reduce_all_types. */
    size_t npairs = set.size > 32 ? 2 : set.size > 16 ? 4
                  : sizeof core_ops / sizeof core_ops[0];
    for (size_t i = 0; i < npairs; i++) {
        size_t big = 65536 / shcoll_type_size(core_ops[i].type) + 3;
        size_t counts[] = { 0, 1, 13, big };
        for (size_t j = 0; j < sizeof counts / sizeof counts[0]; j++)
            for (int inplace = 0; inplace < 2; inplace++)
                reduce_case(x, alg, set, core_ops[i].op, core_ops[i].type,
                            counts[j], inplace);
    }
}

/* Every valid (op, type) pair once, to cover the whole combine table. */
static void cases_reduce_all_types(ctx_t *x, const shcoll_alg_t *alg, shcoll_set_t set)
{
    for (int op = 0; op < SHCOLL_NOPS; op++)
        for (int t = 0; t < SHCOLL_NTYPES; t++)
            if (shcoll_op_valid((shcoll_op_t)op, (shcoll_type_t)t))
                reduce_case(x, alg, set, (shcoll_op_t)op, (shcoll_type_t)t,
                            29, 0);
}

static int make_sets(shcoll_set_t *sets)
{
    int npes = shmem_n_pes(), n = 0;
    sets[n++] = (shcoll_set_t){ 0, 1, npes };
    if (npes >= 4)
        sets[n++] = (shcoll_set_t){ 1, 2, npes / 2 };
    if (npes >= 3 && npes <= 16)   /* above, the strided set covers start 1 */
        sets[n++] = (shcoll_set_t){ 1, 1, npes - 1 };
    if (npes >= 2)
        sets[n++] = (shcoll_set_t){ npes - 1, 1, 1 };
    return n;
}

typedef void (*case_fn)(ctx_t *, const shcoll_alg_t *, shcoll_set_t);

/* $SHCOLL_CHECK_ONLY=kind or kind/alg limits the run. */
static int selected(const ctx_t *x, shcoll_kind_t kind, const char *alg)
{
    const char *k = shcoll_kind_name(kind);
    size_t kl = strlen(k);
    if (!x->only || !*x->only)
        return 1;
    if (strncmp(x->only, k, kl) || (x->only[kl] && x->only[kl] != '/'))
        return 0;
    return !x->only[kl] || !strcmp(x->only + kl + 1, alg);
}

/* node_aware (algorithms/nodes.c): every set at node sizes 1 (the
 * leaders' algorithm alone), 2, 3 (p not a multiple of it: a partial
 * last node, fcollect's padded blocks) and the set's size (the node
 * phases alone), with the default leader; at 3 also with another leader
 * of the collective. Sizes are timing-only hints: every one must give
 * the right result. */
static void node_aware_cases(ctx_t *x, shcoll_kind_t kind,
                             const shcoll_alg_t *alg, case_fn fn,
                             const shcoll_set_t *sets, int nsets)
{
    static const char *const other[SHCOLL_NKINDS] = {
        [SHCOLL_FCOLLECT] = "knomial", [SHCOLL_COLLECT] = "bruck",
        [SHCOLL_BROADCAST] = "pipelined_binary",
        [SHCOLL_REDUCE] = "rabenseifner"};
    for (int s = 0; s < nsets; s++) {
        int nodes[] = {1, 2, 3, sets[s].size, 3};
        for (int i = 0; i < 5; i++) {
            if (i == 3 && sets[s].size <= 3)
                continue;
            x->node = nodes[i];
            x->leader = i == 4 ? other[kind] : NULL;
            fn(x, alg, sets[s]);
        }
    }
    x->node = 2;
    x->leader = NULL;
    if (kind == SHCOLL_REDUCE)
        cases_reduce_all_types(x, alg, sets[0]);
    x->node = 0;
}

static void run_kind(ctx_t *x, shcoll_kind_t kind, case_fn fn,
                     const shcoll_set_t *sets, int nsets)
{
    for (const shcoll_alg_t *alg = shcoll_registry(kind); alg->name; alg++) {
        if (!selected(x, kind, alg->name))
            continue;
        if (!strcmp(alg->name, "node_aware")) {
            node_aware_cases(x, kind, alg, fn, sets, nsets);
            continue;
        }
        for (int s = 0; s < nsets; s++)
            fn(x, alg, sets[s]);
        if (kind == SHCOLL_REDUCE)
            cases_reduce_all_types(x, alg, sets[0]);
    }
}

/* Runs every case; returns the exit status (PE 0: 1 if any failed). */
static int check_all(void)
{
    shcoll_set_t sets[4];
    ctx_t x = { .next_salt = 1, .only = getenv("SHCOLL_CHECK_ONLY") };

    x.failures = sym_alloc(sizeof *x.failures);
    *x.failures = 0;
    shmem_barrier_all();
    int nsets = make_sets(sets);
    run_kind(&x, SHCOLL_FCOLLECT, cases_fcollect, sets, nsets);
    run_kind(&x, SHCOLL_COLLECT, cases_collect, sets, nsets);
    run_kind(&x, SHCOLL_BROADCAST, cases_broadcast, sets, nsets);
    run_kind(&x, SHCOLL_REDUCE, cases_reduce, sets, nsets);
    run_kind(&x, SHCOLL_ALLTOALL, cases_alltoall, sets, nsets);

    int me = shmem_my_pe();
    if (me == 0)
        printf("%d passed, %d failed (steps: %s)\n", x.npassed, x.nfailed,
               !signal_mode() ? "put, fence, flag"
               : SHCOLL_HAVE_PUT_SIGNAL ? "put with signal"
                                     : "put, fence, flag: no put with signal "
                                       "in this OpenSHMEM");
    shmem_barrier_all();
    shmem_free(x.failures);
    return me == 0 && (x.nfailed || x.npassed == 0) ? 1 : 0;
}

#ifdef SHMEMSIM
/* Under the simulator: ./check_algs_sim --platform F --pes N [...] */
#include <shmemsim.h>

static void pe_main(void *arg)
{
    shmem_init();
    int rc = check_all();
    if (shmem_my_pe() == 0)
        *(int *)arg = rc;
    shmem_finalize();
}

int main(int argc, char **argv)
{
    int rc = 0;
    int status = shmemsim_main(argc, argv, pe_main, &rc);
    return status ? status : rc;
}
#else
int main(void)
{
    shmem_init();
    int rc = check_all();
    shmem_finalize();
    return rc;
}
#endif
