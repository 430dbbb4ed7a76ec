/* export_sos.c - the tuning table as Sandia OpenSHMEM environment settings.
 *
 * SOS (Sandia-OpenSHMEM/SOS) reads SHMEM_* variables declared in
 * src/shmem_env_defs.h. Facts used, from its sources:
 * - src/collectives.c, shmem_internal_collectives_init: the accepted
 *   values (a bad one is ignored with a warning, the default auto stays).
 *   SHMEM_BCAST_ALGORITHM auto|linear|tree; SHMEM_REDUCE_ALGORITHM
 *   auto|linear|ring|tree|recdbl; SHMEM_FCOLLECT_ALGORITHM
 *   auto|linear|ring|recdbl (tree has no case in the fcollect dispatch
 *   and stops the program; never written).
 * - src/shmem_collectives.h, the dispatchers: fcollect auto is ring;
 *   recdbl runs only at power-of-two team sizes, ring otherwise.
 *   Reductions: linear and tree run only when the transport has an atomic
 *   for the op and type, recdbl otherwise; SHMEM_COLL_SIZE_CROSSOVER is
 *   consulted only under auto, and auto with such an atomic picks
 *   linear/tree by PE count, never recdbl/ring. So a size crossover
 *   cannot be set for every op: one explicit value is written.
 * - collectives.c: linear fcollect (shmem_internal_fcollect_linear) and
 *   linear/tree reductions end by broadcasting the result with
 *   shmem_internal_bcast, which follows SHMEM_BCAST_ALGORITHM.
 * - Trees: the world team with root 0 uses the k-nomial "full tree" built
 *   in shmem_internal_collectives_init; other teams and roots use
 *   shmem_internal_build_kary_tree. Both take SHMEM_COLL_RADIX (default
 *   4), which also shapes barrier/sync trees (shmem_internal_sync_tree).
 *
 * SOS holds one algorithm per collective and one radix, so the file is
 * tuned for one PE count (t->target_pes, default the largest measured),
 * for the world team and root 0 (what shmemsim runs). The plan tries each
 * (broadcast value, radix) and, under it, each collective's values, and
 * keeps the least summed loss over the sizes measured there: the
 * composites (linear fcollect and reductions broadcast by the broadcast
 * setting) are only offered when that setting makes them what we ran.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "summary.h"
#include "tune.h"

enum { MAX_CAND = 16, NVALUES = 4 };

/* A SOS value, under the broadcast setting bcast ("linear", "tree" or
 * NULL for any). tree: the algorithm of ours it runs is at the radix. */
typedef struct sos_value {
    const char *sos, *bcast;
    int tree;
    int pow2;                   /* SOS runs it at powers of two only */
    const char *how;            /* what of ours it is, for the legend */
} sos_value_t;

/* One algorithm of ours: the value that runs it, or NULL and why none. */
typedef struct sos_alg {
    const char *sos;
    int at2;                    /* only at radix 2, when the value's own
                                   algorithm was not measured there */
    const char *why;
} sos_alg_t;

typedef struct sos_coll {
    const char *var;            /* NULL: not exported (why) */
    sos_value_t values[NVALUES + 1];
    const sos_alg_t *algs;      /* indexed by our algorithm (catalogue.h) */
    int nalgs;
    const char *why;
} sos_coll_t;

#define NO_SOS "no SOS equivalent"
/* SOS's collectives (src/collectives.c) run flat over the active set or
 * team: its algorithm variables pick linear, tree, recdbl or ring, none
 * of which groups PEs by node. */
#define NO_SOS_NODE "SOS has no node-aware collective: every algorithm " \
    "runs flat over all PEs"
static const sos_alg_t bcast_algs[SHCOLL_BROADCAST_NALGS] = {
    [SHCOLL_BROADCAST_LINEAR] = {"linear", 0, NULL},
    [SHCOLL_BROADCAST_BINOMIAL] = {"tree", 1, NULL},
    [SHCOLL_BROADCAST_KNOMIAL] = {"tree", 0, NULL},
    [SHCOLL_BROADCAST_KARY] = {NULL, 0, "SOS's k-ary tree serves other teams "
                               "and roots only"},
    [SHCOLL_BROADCAST_SCATTER_ALLGATHER] = {NULL, 0, NO_SOS},
    [SHCOLL_BROADCAST_PIPELINED_CHAIN] = {NULL, 0, NO_SOS},
    [SHCOLL_BROADCAST_PIPELINED_BINARY] = {NULL, 0, NO_SOS},
    [SHCOLL_BROADCAST_NODE_AWARE] = {NULL, 0, NO_SOS_NODE},
};
static const sos_alg_t fcollect_algs[SHCOLL_FCOLLECT_NALGS] = {
    [SHCOLL_FCOLLECT_LINEAR] = {"linear", 0, NULL},
    [SHCOLL_FCOLLECT_DIRECT] = {NULL, 0, NO_SOS},
    [SHCOLL_FCOLLECT_RING] = {"ring", 0, NULL},
    [SHCOLL_FCOLLECT_RECURSIVE_DOUBLING] = {"recdbl", 0, NULL},
    [SHCOLL_FCOLLECT_BRUCK] = {NULL, 0, NO_SOS},
    [SHCOLL_FCOLLECT_NEIGHBOR_EXCHANGE] = {NULL, 0, NO_SOS},
    [SHCOLL_FCOLLECT_KNOMIAL] = {NULL, 0, NO_SOS},
    [SHCOLL_FCOLLECT_NODE_AWARE] = {NULL, 0, NO_SOS_NODE},
};
static const sos_alg_t reduce_algs[SHCOLL_REDUCE_NALGS] = {
    [SHCOLL_REDUCE_LINEAR] = {"linear", 0, NULL},
    [SHCOLL_REDUCE_BINOMIAL] = {"tree", 1, NULL},
    [SHCOLL_REDUCE_KNOMIAL] = {"tree", 0, NULL},
    [SHCOLL_REDUCE_RECURSIVE_DOUBLING] = {"recdbl", 0, NULL},
    [SHCOLL_REDUCE_RABENSEIFNER] = {NULL, 0, NO_SOS},
    [SHCOLL_REDUCE_RING] = {"ring", 0, NULL},
    [SHCOLL_REDUCE_NODE_AWARE] = {NULL, 0, NO_SOS_NODE},
};

static const sos_coll_t colls[SHCOLL_NKINDS] = {
    [SHCOLL_FCOLLECT] = {"SHMEM_FCOLLECT_ALGORITHM",
     {{"linear", "linear", 0, 0, "ours linear only with "
       "SHMEM_BCAST_ALGORITHM=linear (its second phase is SOS's broadcast)"},
      {"ring", NULL, 0, 0, "ours ring"},
      {"recdbl", NULL, 0, 1, "ours recursive_doubling at powers of two (ring "
       "otherwise)"},
      {NULL, NULL, 0, 0, NULL}},
     fcollect_algs, SHCOLL_FCOLLECT_NALGS, NULL},
    [SHCOLL_COLLECT] = {.why = "SHMEM_COLLECT_ALGORITHM has linear only (every "
     "PE puts its block to every PE), which none of ours is"},
    [SHCOLL_BROADCAST] = {"SHMEM_BCAST_ALGORITHM",
     {{"linear", NULL, 0, 0, "ours linear"},
      {"tree", NULL, 1, 0, "ours knomial at SHMEM_COLL_RADIX (binomial at 2), "
       "the world's k-nomial tree"},
      {NULL, NULL, 0, 0, NULL}},
     bcast_algs, SHCOLL_BROADCAST_NALGS, NULL},
    [SHCOLL_REDUCE] = {"SHMEM_REDUCE_ALGORITHM",
     {{"linear", "linear", 0, 0, "ours linear with "
       "SHMEM_BCAST_ALGORITHM=linear"},
      {"tree", "tree", 1, 0, "ours knomial at SHMEM_COLL_RADIX (binomial at "
       "2) with the broadcast tree"},
      {"recdbl", NULL, 0, 0, "ours recursive_doubling"},
      {"ring", NULL, 0, 0, "ours ring"},
      {NULL, NULL, 0, 0, NULL}},
     reduce_algs, SHCOLL_REDUCE_NALGS, NULL},
    [SHCOLL_ALLTOALL] = {.why = "SOS has no alltoall algorithm setting"},
};

const char *ss_map_sos(shcoll_kind_t kind, int alg, const char **why)
{
    const sos_coll_t *c = shcoll_entry(kind, alg) ? &colls[kind] : NULL;
    const sos_alg_t *a = c && c->algs ? &c->algs[alg] : NULL;
    return ss_tune_map_answer(c != NULL, c ? c->why : NULL, a ? a->sos : NULL,
                              a ? a->why : NULL, why);
}

static const char *coll_name(const sos_coll_t *c)
{
    return shcoll_kind_name((shcoll_kind_t)(c - colls));
}

/* Ours that value v runs (at2: the one it runs at radix 2 when that one
 * was not measured), NULL if none. */
static const char *ours_of(const sos_coll_t *c, const sos_value_t *v, int at2)
{
    for (int a = 0; a < c->nalgs; a++)
        if (c->algs[a].sos && !strcmp(c->algs[a].sos, v->sos) &&
            c->algs[a].at2 == at2)
            return shcoll_entry((shcoll_kind_t)(c - colls), a)->name;
    return NULL;
}

static int is_pow2(int p)
{
    return p > 0 && (p & (p - 1)) == 0;
}

typedef struct knobs {
    const char *bcast;          /* linear or tree */
    int radix;
} knobs_t;

/* Ours that SOS runs for v at pes under k, its time at bytes (NAN and
 * NULL when v is not what we ran there). */
static const char *runs_of(const ss_tune_t *t, const sos_coll_t *c,
                           const sos_value_t *v, const knobs_t *k, int pes,
                           size_t bytes, double *tm)
{
    *tm = NAN;
    if ((v->bcast && strcmp(v->bcast, k->bcast)) || (v->pow2 && !is_pow2(pes)) ||
        (c == &colls[SHCOLL_BROADCAST] && strcmp(v->sos, k->bcast)))
        return NULL;
    int r = v->tree ? k->radix : 0;
    const char *ours = ours_of(c, v, 0), *alt = ours_of(c, v, 1);
    if (!ours)                  /* its row is missing: test_catalogue says */
        return NULL;
    *tm = ss_tune_time_at(t, coll_name(c), ours, r, pes, bytes);
    if (alt && isnan(*tm) && r == 2) {
        *tm = ss_tune_time_at(t, coll_name(c), alt, 2, pes, bytes);
        return isnan(*tm) ? NULL : alt;
    }
    return isnan(*tm) ? NULL : ours;
}

/* Summed relative loss of v over the cells [a, b) (100 where v is not
 * what we ran). */
static double value_loss(const ss_tune_t *t, const sos_coll_t *c,
                         const sos_value_t *v, const knobs_t *k,
                         const ss_tune_plan_t *p, size_t a, size_t b)
{
    double sum = 0, tm;
    for (size_t i = a; i < b; i++) {
        const ss_tune_cell_t *x = &p->cells[i];
        sum += runs_of(t, c, v, k, x->pes, x->bytes, &tm) && x->best_s > 0
                   ? tm / x->best_s - 1 : 100;
    }
    return sum;
}

static const sos_value_t *best_value(const ss_tune_t *t, const sos_coll_t *c,
                                     const knobs_t *k, const ss_tune_plan_t *p,
                                     size_t a, size_t b, double *loss)
{
    const sos_value_t *best = NULL;
    *loss = INFINITY;
    for (const sos_value_t *v = c->values; v->sos; v++) {
        double l = value_loss(t, c, v, k, p, a, b);
        if (l < *loss)
            *loss = l, best = v;
    }
    return best;
}

/* The collectives in the order the plan and the file take them:
 * broadcast first, since the linear and tree values of the others run
 * through it; then the others that SOS has a setting for. */
static int in_order(const sos_coll_t **order)
{
    int n = 0;
    order[n++] = &colls[SHCOLL_BROADCAST];
    for (int k = 0; k < SHCOLL_NKINDS; k++)
        if (k != SHCOLL_BROADCAST && colls[k].var)
            order[n++] = &colls[k];
    return n;
}

/* The cells of each collective in the plan: [from[k], to[k]). */
typedef struct spans {
    size_t from[SHCOLL_NKINDS], to[SHCOLL_NKINDS];
} spans_t;

static double total_loss(const ss_tune_t *t, const knobs_t *k,
                         const ss_tune_plan_t *p, const spans_t *s)
{
    const sos_coll_t *order[SHCOLL_NKINDS];
    double sum = 0, l;
    for (int i = 0, n = in_order(order); i < n; i++) {
        size_t c = (size_t)(order[i] - colls);
        if (s->to[c] > s->from[c] &&
            best_value(t, order[i], k, p, s->from[c], s->to[c], &l))
            sum += l;
    }
    return sum;
}

static void add_cand(int *cand, size_t *n, int r)
{
    size_t q = 0;
    while (q < *n && cand[q] != r)
        q++;
    if (q == *n && *n < MAX_CAND)
        cand[(*n)++] = r;
}

/* The default radix of the algorithm c's tree value runs (0: none). */
static int tree_default(const sos_coll_t *c)
{
    const shcoll_entry_t *e = NULL;
    for (const sos_value_t *v = c->values; v->sos && !e; v++)
        if (v->tree)
            e = shcoll_entry_named(coll_name(c), ours_of(c, v, 0));
    return e ? e->radix : 0;
}

/* Radices to try: 2, the default radix of the algorithms the tree values
 * run, and every radix those were measured at in the cells. */
static size_t radix_candidates(const ss_tune_t *t, const ss_tune_plan_t *p,
                               int *cand)
{
    size_t n = 0;
    add_cand(cand, &n, 2);
    for (int k = 0; k < SHCOLL_NKINDS; k++)
        if (tree_default(&colls[k]))
            add_cand(cand, &n, tree_default(&colls[k]));
    for (size_t i = 0; i < p->n; i++) {
        const sos_coll_t *c = &colls[shcoll_kind_of(p->cells[i].collective)];
        for (const sos_value_t *v = c->values; v->sos; v++) {
            int r[8];
            const char *ours = v->tree ? ours_of(c, v, 0) : NULL;
            size_t nr = ours ? ss_tune_radices_at(t, p->cells[i].collective,
                                                  ours, p->cells[i].pes,
                                                  p->cells[i].bytes, r, 8)
                             : 0;
            for (size_t j = 0; j < nr; j++)
                add_cand(cand, &n, r[j]);
        }
    }
    return n;
}

static knobs_t choose_knobs(const ss_tune_t *t, const ss_tune_plan_t *p,
                            const spans_t *s)
{
    static const char *const bcasts[] = {"linear", "tree"};
    int cand[MAX_CAND];
    size_t n = radix_candidates(t, p, cand);
    knobs_t best = {"tree", tree_default(&colls[SHCOLL_BROADCAST])};
    double lo = INFINITY;
    for (size_t b = 0; b < 2; b++)
        for (size_t i = 0; i < n; i++) {
            knobs_t k = {bcasts[b], cand[i]};
            double l = total_loss(t, &k, p, s);
            if (l < lo)
                lo = l, best = k;
        }
    return best;
}

/* The measured PE count whose rules hold the target. */
static int point_for(const ss_tune_table_t *tab, int target)
{
    int p = 0;
    for (size_t i = 0; i < tab->n; i++)
        if (tab->rules[i].pes_lo <= target)
            p = tab->rules[i].pes_lo;
    return p;
}

static int target_of(const ss_tune_t *t, const ss_tune_table_t *tab)
{
    return t->target_pes ? t->target_pes : tab->rules[tab->n - 1].pes_lo;
}

static void fill(const ss_tune_t *t, ss_tune_plan_t *p, const spans_t *s,
                 const knobs_t *k)
{
    const sos_coll_t *order[SHCOLL_NKINDS];
    for (int j = 0, n = in_order(order); j < n; j++) {
        const sos_coll_t *c = order[j];
        size_t kc = (size_t)(c - colls);
        double l;
        const sos_value_t *v = s->to[kc] > s->from[kc]
            ? best_value(t, c, k, p, s->from[kc], s->to[kc], &l) : NULL;
        for (size_t i = s->from[kc]; i < s->to[kc]; i++) {
            ss_tune_cell_t *x = &p->cells[i];
            x->value = v ? v->sos : NULL;
            x->runs = v ? runs_of(t, c, v, k, x->pes, x->bytes, &x->runs_s)
                        : NULL;
            x->radix = v && v->tree ? k->radix : 0;
        }
    }
}

int ss_plan_sos(const ss_tune_t *t, ss_tune_plan_t *plan, char *err,
                size_t errlen)
{
    const sos_coll_t *order[SHCOLL_NKINDS];
    spans_t s = {{0}, {0}};
    memset(plan, 0, sizeof *plan);
    for (int j = 0, n = in_order(order); j < n; j++) {
        size_t c = (size_t)(order[j] - colls);
        const ss_tune_table_t *tab = ss_tune_find(t, coll_name(order[j]));
        int p = tab ? point_for(tab, target_of(t, tab)) : 0;
        s.from[c] = s.to[c] = plan->n;
        if (p && ss_tune_plan_cells(t, tab, p, plan)) {
            ss_tune_plan_free(plan);
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        s.to[c] = plan->n;
    }
    knobs_t k = choose_knobs(t, plan, &s);
    fill(t, plan, &s, &k);
    return 0;
}

/* ---- writing ---------------------------------------------------------- */

static const sos_value_t *value_named(const char *coll, const char *sos)
{
    int k = shcoll_kind_of(coll);
    for (const sos_value_t *v = k >= 0 ? colls[k].values : NULL; v && v->sos; v++)
        if (!strcmp(v->sos, sos))
            return v;
    return NULL;
}

static const char *why(const ss_tune_cell_t *x, void *ctx)
{
    int k = shcoll_kind_of(x->collective);
    int a = k >= 0 ? shcoll_alg_of((shcoll_kind_t)k, x->winner) : -1;
    const sos_alg_t *w = a >= 0 && colls[k].algs ? &colls[k].algs[a] : NULL;
    (void)ctx;
    if (k == SHCOLL_FCOLLECT && (x->pes & (x->pes - 1)) &&
        a == SHCOLL_FCOLLECT_RECURSIVE_DOUBLING)
        return "SOS runs recdbl at powers of two only";
    if (w && w->sos)
        return "SOS holds one algorithm per collective, one broadcast "
               "setting and one radix: this one has the least loss over the "
               "sizes";
    return w && w->why ? w->why : NO_SOS;
}

/* The broadcast setting the other values need (linear fcollect and
 * reductions broadcast through it), NULL if none. */
static const char *needed_bcast(const ss_tune_plan_t *p)
{
    for (size_t i = 0; i < p->n; i++) {
        const ss_tune_cell_t *x = &p->cells[i];
        const sos_value_t *v = x->value ? value_named(x->collective, x->value)
                                        : NULL;
        if (v && v->bcast && x->runs)
            return v->bcast;
    }
    return NULL;
}

static size_t span_of(const ss_tune_plan_t *p, const char *coll, size_t *b)
{
    size_t a = 0;
    while (a < p->n && strcmp(p->cells[a].collective, coll))
        a++;
    for (*b = a; *b < p->n && !strcmp(p->cells[*b].collective, coll); (*b)++)
        ;
    return a;
}

/* Without a transport atomic for the op and type SOS runs recdbl for a
 * linear or tree reduction: what that costs, from the recdbl rows. */
static void say_no_atomic(FILE *out, const ss_tune_t *t,
                          const ss_tune_plan_t *p, size_t a, size_t b)
{
    const sos_coll_t *c = &colls[SHCOLL_REDUCE];
    const char *recdbl = ours_of(c, value_named(coll_name(c), "recdbl"), 0);
    double worst = 0;
    for (size_t i = a; recdbl && i < b; i++) {
        double r = ss_tune_time_at(t, coll_name(c), recdbl, 0,
                                   p->cells[i].pes, p->cells[i].bytes);
        if (!isnan(r) && p->cells[i].runs_s > 0)
            worst = fmax(worst, r / p->cells[i].runs_s - 1);
    }
    fprintf(out, "#   without a transport atomic for the op and type SOS "
            "runs recdbl instead\n#   (shmem_collectives.h): simulated, up "
            "to %+.1f%% against %s here\n", 100 * worst, p->cells[a].value);
}

/* "#   VALUE = what of ours it is; ... ALGS: why none does; ...": the
 * values, then our algorithms that none runs, grouped by the reason. */
static void write_legend(FILE *out, const sos_coll_t *c)
{
    const char *sep = "#   ";
    for (const sos_value_t *v = c->values; v->sos; v++, sep = "; ")
        fprintf(out, "%s%s = %s", sep, v->sos, v->how);
    for (int a = 0; a < c->nalgs; a++) {
        const char *w = c->algs[a].why;
        int first = !c->algs[a].sos && w;   /* !w: a missing row */
        for (int e = 0; e < a && first; e++)
            first = !c->algs[e].why || strcmp(c->algs[e].why, w);
        if (!first)
            continue;
        sep = ". ";
        for (int e = a; e < c->nalgs; e++)
            if (!c->algs[e].sos && c->algs[e].why && !strcmp(c->algs[e].why, w)) {
                fprintf(out, "%s%s", sep,
                        shcoll_entry((shcoll_kind_t)(c - colls), e)->name);
                sep = ", ";
            }
        fprintf(out, ": %s", w);
    }
    fputc('\n', out);
}

static int write_coll(FILE *out, FILE *note, const ss_tune_t *t,
                      const sos_coll_t *c, const ss_tune_plan_t *p)
{
    size_t b, a = span_of(p, coll_name(c), &b);
    if (!ss_tune_find(t, coll_name(c)))
        return 0;
    fprintf(out, "# %s: %s\n", coll_name(c), c->var);
    write_legend(out, c);
    if (a == b) {
        char msg[200];
        snprintf(msg, sizeof msg, "%s was measured from %d PEs only, above "
                 "the PE count tuned for: %s left unset", coll_name(c),
                 ss_tune_find(t, coll_name(c))->rules[0].pes_lo, c->var);
        fprintf(out, "#   %s\n", msg);
        if (note)
            fprintf(note, "shmemsim: note: sos: %s\n", msg);
        return 0;
    }
    if (!p->cells[a].value) {
        fprintf(out, "#   nothing measured at the PE count tuned for is what "
                "SOS runs: %s left unset\n", c->var);
        return 0;
    }
    ss_tune_say_given_up(p, a, b, "sos", why, NULL, out, note);
    fprintf(out, "#   tuned at %d PEs over %zu sizes\n%s=%s\n", p->cells[a].pes,
            b - a, c->var, p->cells[a].value);
    if (c == &colls[SHCOLL_REDUCE] && (!strcmp(p->cells[a].value, "linear") ||
                                       !strcmp(p->cells[a].value, "tree")))
        say_no_atomic(out, t, p, a, b);
    return 1;
}

static void write_radix(FILE *out, const ss_tune_plan_t *p)
{
    for (size_t i = 0; i < p->n; i++)
        if (p->cells[i].radix) {
            fprintf(out, "# SHMEM_COLL_RADIX: the radix of the tree settings "
                    "above; SOS also builds its\n# barrier and sync trees with "
                    "it (not simulated here).\nSHMEM_COLL_RADIX=%d\n",
                    p->cells[i].radix);
            return;
        }
    fprintf(out, "# SHMEM_COLL_RADIX left at its default (4): no tree "
            "setting above.\n");
}

static void write_header(FILE *out, const ss_tune_t *t, int pes)
{
    fprintf(out,
        "# Sandia OpenSHMEM settings written by shmemsim tune from simulated "
        "results:\n# platform %s, model %s, %d PE(s) per host.\n"
        "# Use: set -a; . ./THIS_FILE; set +a; then oshrun ... (SOS reads "
        "SHMEM_* at\n# shmem_init, src/shmem_env_defs.h; releases that "
        "read SMA_* ignore them).\n"
        "# SHMEM_REDUCE_ALGORITHM=ring needs a SOS with ring reductions "
        "(shmem_internal_op_to_all_ring);\n# an older one warns \"Ignoring "
        "bad reduction algorithm\" and keeps auto.\n"
        "# One algorithm per collective and one radix: tuned for %d PEs%s, "
        "the world\n# team and root 0, by the least summed loss over the "
        "sizes measured there.\n# Other PE counts get the same settings.\n#\n",
        *t->platform ? t->platform : "-", *t->model ? t->model : "-", t->ppn,
        pes, t->target_pes ? " (--pes)" : " (the largest measured; --pes N "
        "for another)");
}

int ss_export_sos(FILE *out, FILE *note, const ss_tune_t *t, char *err,
                  size_t errlen)
{
    ss_tune_plan_t p;
    int written = 0;
    if (ss_plan_sos(t, &p, err, errlen))
        return -1;
    if (!p.n) {
        ss_tune_plan_free(&p);
        snprintf(err, errlen, t->target_pes ? "--pes %d is below the smallest "
                 "PE count measured" : "nothing measured maps to Sandia "
                 "OpenSHMEM", t->target_pes);
        return -1;
    }
    const sos_coll_t *order[SHCOLL_NKINDS];
    write_header(out, t, p.cells[0].pes);
    for (int c = 0, n = in_order(order); c < n; c++)
        written += write_coll(out, note, t, order[c], &p);
    const char *b = needed_bcast(&p);
    if (b && !ss_tune_find(t, coll_name(&colls[SHCOLL_BROADCAST])))
        fprintf(out, "# broadcast not measured, but the settings above "
                "broadcast through it as\n# simulated only with:\n"
                "%s=%s\n", colls[SHCOLL_BROADCAST].var, b);
    if (ss_tune_find(t, coll_name(&colls[SHCOLL_COLLECT])))
        fprintf(out, "# collect: %s: left unset.\n", colls[SHCOLL_COLLECT].why);
    write_radix(out, &p);
    ss_tune_say_unmapped(t, "alltoall", "sos", "Sandia OpenSHMEM", out, note);
    ss_tune_plan_free(&p);
    if (!written) {
        snprintf(err, errlen, "none of the measured algorithms has a Sandia "
                 "OpenSHMEM equivalent (see the mapping in shmemsim tune "
                 "--help)");
        return -1;
    }
    return 0;
}
