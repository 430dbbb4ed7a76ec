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

/* A SOS value and the algorithm of ours it runs, under the broadcast
 * setting bcast ("linear", "tree" or NULL for any). tree: ours at the
 * radix. */
typedef struct sos_value {
    const char *sos, *ours, *ours_alt, *bcast;
    int tree;
    int pow2;                   /* SOS runs it at powers of two only */
} sos_value_t;

typedef struct sos_coll {
    const char *ours, *var;
    sos_value_t values[NVALUES + 1];
    const char *legend;
} sos_coll_t;

static const sos_coll_t colls[] = {
    {"broadcast", "SHMEM_BCAST_ALGORITHM",
     {{"linear", "linear", NULL, NULL, 0, 0},
      {"tree", "knomial", "binomial", NULL, 1, 0},
      {NULL, NULL, NULL, NULL, 0, 0}},
     "linear = ours linear; tree = ours knomial at SHMEM_COLL_RADIX (binomial "
     "at 2), the world's k-nomial tree. kary: SOS's k-ary tree serves other "
     "teams and roots only. scatter_allgather, pipelined_*: no SOS "
     "equivalent"},
    {"fcollect", "SHMEM_FCOLLECT_ALGORITHM",
     {{"linear", "linear", NULL, "linear", 0, 0},
      {"ring", "ring", NULL, NULL, 0, 0},
      {"recdbl", "recursive_doubling", NULL, NULL, 0, 1},
      {NULL, NULL, NULL, NULL, 0, 0}},
     "linear = ours linear only with SHMEM_BCAST_ALGORITHM=linear (its "
     "second phase is SOS's broadcast); ring; recdbl = recursive_doubling "
     "at powers of two (ring otherwise). direct, bruck, neighbor_exchange, "
     "knomial: no SOS equivalent"},
    {"reduce", "SHMEM_REDUCE_ALGORITHM",
     {{"linear", "linear", NULL, "linear", 0, 0},
      {"tree", "knomial", "binomial", "tree", 1, 0},
      {"recdbl", "recursive_doubling", NULL, NULL, 0, 0},
      {"ring", "ring", NULL, NULL, 0, 0},
      {NULL, NULL, NULL, NULL, 0, 0}},
     "linear = ours linear with SHMEM_BCAST_ALGORITHM=linear; tree = ours "
     "knomial at SHMEM_COLL_RADIX (binomial at 2) with the broadcast tree; "
     "recdbl; ring. rabenseifner: no SOS equivalent"},
};
enum { NCOLLS = sizeof colls / sizeof *colls };

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
        (!strcmp(c->ours, "broadcast") && strcmp(v->sos, k->bcast)))
        return NULL;
    int r = v->tree ? k->radix : 0;
    *tm = ss_tune_time_at(t, c->ours, v->ours, r, pes, bytes);
    if (v->ours_alt && isnan(*tm) && r == 2) {
        *tm = ss_tune_time_at(t, c->ours, v->ours_alt, 2, pes, bytes);
        return isnan(*tm) ? NULL : v->ours_alt;
    }
    return isnan(*tm) ? NULL : v->ours;
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

/* The cells of each collective in the plan: [from[i], to[i]). */
typedef struct spans {
    size_t from[NCOLLS], to[NCOLLS];
} spans_t;

static double total_loss(const ss_tune_t *t, const knobs_t *k,
                         const ss_tune_plan_t *p, const spans_t *s)
{
    double sum = 0, l;
    for (size_t c = 0; c < NCOLLS; c++)
        if (s->to[c] > s->from[c] &&
            best_value(t, &colls[c], k, p, s->from[c], s->to[c], &l))
            sum += l;
    return sum;
}

/* Radices to try: 2, our default 4, and every radix a tree algorithm was
 * measured at in the cells. */
static size_t radix_candidates(const ss_tune_t *t, const ss_tune_plan_t *p,
                               int *cand)
{
    size_t n = 0;
    cand[n++] = 2;
    cand[n++] = 4;
    for (size_t i = 0; i < p->n; i++) {
        int r[8];
        size_t nr = ss_tune_radices_at(t, p->cells[i].collective, "knomial",
                                       p->cells[i].pes, p->cells[i].bytes, r, 8);
        for (size_t j = 0; j < nr; j++) {
            size_t q = 0;
            while (q < n && cand[q] != r[j])
                q++;
            if (q == n && n < MAX_CAND)
                cand[n++] = r[j];
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
    knobs_t best = {"tree", 4};
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
    for (size_t c = 0; c < NCOLLS; c++) {
        double l;
        const sos_value_t *v = s->to[c] > s->from[c]
            ? best_value(t, &colls[c], k, p, s->from[c], s->to[c], &l) : NULL;
        for (size_t i = s->from[c]; i < s->to[c]; i++) {
            ss_tune_cell_t *x = &p->cells[i];
            x->value = v ? v->sos : NULL;
            x->runs = v ? runs_of(t, &colls[c], v, k, x->pes, x->bytes,
                                  &x->runs_s) : NULL;
            x->radix = v && v->tree ? k->radix : 0;
        }
    }
}

int ss_plan_sos(const ss_tune_t *t, ss_tune_plan_t *plan, char *err,
                size_t errlen)
{
    spans_t s;
    memset(plan, 0, sizeof *plan);
    for (size_t c = 0; c < NCOLLS; c++) {
        const ss_tune_table_t *tab = ss_tune_find(t, colls[c].ours);
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
    for (size_t c = 0; c < NCOLLS; c++)
        for (const sos_value_t *v = colls[c].values; v->sos; v++)
            if (!strcmp(colls[c].ours, coll) && !strcmp(v->sos, sos))
                return v;
    return NULL;
}

static const char *why(const ss_tune_cell_t *x, void *ctx)
{
    (void)ctx;
    if (!strcmp(x->collective, "fcollect") && (x->pes & (x->pes - 1)) &&
        !strcmp(x->winner, "recursive_doubling"))
        return "SOS runs recdbl at powers of two only";
    for (size_t c = 0; c < NCOLLS; c++)
        for (const sos_value_t *v = colls[c].values; v->sos; v++)
            if (!strcmp(colls[c].ours, x->collective) &&
                (!strcmp(v->ours, x->winner) ||
                 (v->ours_alt && !strcmp(v->ours_alt, x->winner))))
                return "SOS holds one algorithm per collective, one broadcast "
                       "setting and one radix: this one has the least loss "
                       "over the sizes";
    return "no SOS equivalent";
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
    double worst = 0;
    for (size_t i = a; i < b; i++) {
        double r = ss_tune_time_at(t, "reduce", "recursive_doubling", 0,
                                   p->cells[i].pes, p->cells[i].bytes);
        if (!isnan(r) && p->cells[i].runs_s > 0)
            worst = fmax(worst, r / p->cells[i].runs_s - 1);
    }
    fprintf(out, "#   without a transport atomic for the op and type SOS "
            "runs recdbl instead\n#   (shmem_collectives.h): simulated, up "
            "to %+.1f%% against %s here\n", 100 * worst, p->cells[a].value);
}

static int write_coll(FILE *out, FILE *note, const ss_tune_t *t,
                      const sos_coll_t *c, const ss_tune_plan_t *p)
{
    size_t b, a = span_of(p, c->ours, &b);
    if (!ss_tune_find(t, c->ours))
        return 0;
    fprintf(out, "# %s: %s\n#   %s\n", c->ours, c->var, c->legend);
    if (a == b) {
        char msg[200];
        snprintf(msg, sizeof msg, "%s was measured from %d PEs only, above "
                 "the PE count tuned for: %s left unset", c->ours,
                 ss_tune_find(t, c->ours)->rules[0].pes_lo, c->var);
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
    if (!strcmp(c->ours, "reduce") && (!strcmp(p->cells[a].value, "linear") ||
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
    write_header(out, t, p.cells[0].pes);
    for (size_t c = 0; c < NCOLLS; c++)
        written += write_coll(out, note, t, &colls[c], &p);
    const char *b = needed_bcast(&p);
    if (b && !ss_tune_find(t, "broadcast"))
        fprintf(out, "# broadcast not measured, but the settings above "
                "broadcast through it as\n# simulated only with:\n"
                "SHMEM_BCAST_ALGORITHM=%s\n", b);
    if (ss_tune_find(t, "collect"))
        fprintf(out, "# collect: SHMEM_COLLECT_ALGORITHM has linear only "
                "(every PE puts its block to every\n# PE), which none of ours "
                "is: left unset.\n");
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
