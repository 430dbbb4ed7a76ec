/* export_sos.c - the tuning table as Sandia OpenSHMEM environment settings.
 *
 * SOS (Sandia-OpenSHMEM/SOS) reads SHMEM_* variables declared in
 * src/shmem_env_defs.h. Facts used here, from its sources:
 * - src/collectives.c, shmem_internal_collectives_init: the accepted
 *   values. SHMEM_BCAST_ALGORITHM auto|linear|tree;
 *   SHMEM_REDUCE_ALGORITHM auto|linear|ring|tree|recdbl;
 *   SHMEM_COLLECT_ALGORITHM auto|linear; SHMEM_FCOLLECT_ALGORITHM
 *   auto|linear|tree|ring|recdbl (but "tree" has no case in the fcollect
 *   dispatch and stops the program, so it is never written here).
 * - src/shmem_collectives.h, the dispatchers: bcast auto = linear when the
 *   team has fewer than SHMEM_COLL_CROSSOVER PEs (default 4), tree from
 *   there (barriers too). Reductions under auto: with a transport atomic
 *   for the op and type, linear below SHMEM_COLL_CROSSOVER PEs and tree
 *   from it; without, recdbl below SHMEM_COLL_SIZE_CROSSOVER bytes
 *   (default 16384) and ring from it. Explicit linear/tree reductions also
 *   fall back to recdbl without the atomic. fcollect auto = ring; recdbl
 *   runs only at power-of-two PE counts and ring otherwise. collect has
 *   one algorithm (linear: a prefix chain for offsets, then every PE puts
 *   its block to every PE).
 * - Trees (collectives.c): a k-nomial tree over the whole world, a k-ary
 *   tree for other teams, both of radix SHMEM_COLL_RADIX (default 4).
 *
 * SOS holds one algorithm per collective, so the file is tuned for one PE
 * count (t->target_pes, default the largest measured): the algorithm is
 * the SOS one that is best at most of the sizes measured there (each size
 * counting for the best of our algorithms that maps to it; ties go to the
 * one best at the largest size, as big messages weigh most in run time).
 * Crossovers are written where their meaning matches ours: the broadcast
 * PE count where linear gives way to tree (then bcast is set to auto),
 * and, for reductions, the size where recdbl gives way to ring. The
 * SHMEM_COLL_RADIX is the radix of the winning tree (results carry each
 * run's --radix; binomial is radix 2).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "summary.h"
#include "tune.h"

typedef struct sos_map {
    const char *ours, *sos, *how;
    int pow2;                   /* SOS runs it at power-of-two PE counts only */
} sos_map_t;

typedef struct sos_coll {
    const char *ours, *var, *values;
    const sos_map_t *map;
} sos_coll_t;

static const sos_map_t fcollect_map[] = {
    {"linear", "linear", "gather to a root, then broadcast", 0},
    {"direct", NULL, "SOS has no all-to-all fcollect", 0},
    {"ring", "ring", "the same ring", 0},
    {"recursive_doubling", "recdbl", "recursive doubling; SOS runs ring "
     "instead at PE counts that are not powers of two", 1},
    {"bruck", NULL, "SOS has no Bruck fcollect", 0},
    {"neighbor_exchange", NULL, "SOS has no neighbor exchange", 0},
    {"knomial", NULL, "SOS has no k-nomial fcollect", 0},
    {NULL, NULL, NULL, 0},
};

static const sos_map_t collect_map[] = {
    {"linear", NULL, "ours gathers to a root; SOS's only collect puts every "
     "block to every PE", 0},
    {"ring", NULL, "SOS has no ring collect", 0},
    {"recursive_doubling", NULL, "SOS has no recursive-doubling collect", 0},
    {"bruck", NULL, "SOS has no Bruck collect", 0},
    {NULL, NULL, NULL, 0},
};

static const sos_map_t bcast_map[] = {
    {"linear", "linear", "root puts to each", 0},
    {"binomial", "tree", "a radix-2 tree (SHMEM_COLL_RADIX=2)", 0},
    {"knomial", "tree", "SOS's world tree is k-nomial (SHMEM_COLL_RADIX)", 0},
    {"kary", "tree", "SOS's team trees are k-ary (SHMEM_COLL_RADIX)", 0},
    {"scatter_allgather", NULL, "SOS has no scatter-allgather broadcast", 0},
    {"pipelined_chain", NULL, "SOS does not pipeline broadcasts", 0},
    {"pipelined_binary", NULL, "SOS does not pipeline broadcasts", 0},
    {NULL, NULL, NULL, 0},
};

static const sos_map_t reduce_map[] = {
    {"linear", "linear", "everyone combines into a root, which broadcasts", 0},
    {"binomial", "tree", "tree reduce and broadcast, radix 2 "
     "(SHMEM_COLL_RADIX=2)", 0},
    {"knomial", "tree", "tree reduce and broadcast, radix SHMEM_COLL_RADIX", 0},
    {"recursive_doubling", "recdbl", "recursive doubling, extras folded in", 0},
    {"rabenseifner", NULL, "SOS has no reduce-scatter/allgather by halving", 0},
    {"ring", "ring", "ring reduce-scatter then ring allgather", 0},
    {NULL, NULL, NULL, 0},
};

static const sos_coll_t colls[] = {
    {"fcollect", "SHMEM_FCOLLECT_ALGORITHM", "linear, ring, recdbl; auto = ring",
     fcollect_map},
    {"collect", "SHMEM_COLLECT_ALGORITHM", "linear only", collect_map},
    {"broadcast", "SHMEM_BCAST_ALGORITHM", "linear, tree; auto = linear below "
     "SHMEM_COLL_CROSSOVER PEs, tree from it", bcast_map},
    {"reduce", "SHMEM_REDUCE_ALGORITHM", "linear, tree, recdbl, ring; auto: "
     "see SHMEM_COLL_*CROSSOVER", reduce_map},
};

/* The SOS values a choice can take, for counting. */
static const char *const values[] = {"linear", "tree", "ring", "recdbl"};
enum { NVALUES = 4 };

static int value_index(const char *v)
{
    for (int i = 0; i < NVALUES; i++)
        if (!strcmp(values[i], v))
            return i;
    return -1;
}

static int is_pow2(int p)
{
    return p > 0 && (p & (p - 1)) == 0;
}

static const sos_map_t *find_map(const sos_map_t *m, const char *ours, int pes)
{
    for (; m->ours; m++)
        if (!strcmp(m->ours, ours))
            return m->sos && (!m->pow2 || is_pow2(pes)) ? m : NULL;
    return NULL;
}

/* The fastest of our algorithms at (pes, bytes) that SOS has. */
static const sos_map_t *best_mapped(const ss_tune_t *t, const sos_coll_t *c,
                                    int pes, size_t bytes, double *time)
{
    const sos_map_t *best = NULL;
    *time = NAN;
    for (const sos_map_t *m = c->map; m->ours; m++) {
        if (!find_map(c->map, m->ours, pes))
            continue;
        double x = ss_tune_time(t, c->ours, m->ours, pes, bytes);
        if (!isnan(x) && !(x >= *time)) {
            best = m;
            *time = x;
        }
    }
    return best;
}

/* SOS's value at one measured point (see ss_tune_pick_t). */
static ss_tune_pick_t value_at(const ss_tune_t *t, const ss_tune_table_t *tab,
                       const sos_coll_t *c, int pes, size_t bytes)
{
    const ss_tune_rule_t *r = ss_tune_lookup(tab, pes, bytes);
    const sos_map_t *m = r ? find_map(c->map, r->algorithm, pes) : NULL;
    ss_tune_pick_t p = {m ? m->sos : NULL, r ? r->algorithm : "?", NULL, NULL, 0};
    const sos_map_t *alt;
    double tm;
    if (!m && r && (alt = best_mapped(t, c, pes, bytes, &tm))) {
        p = (ss_tune_pick_t){alt->sos, r->algorithm, alt, alt->ours,
                             r->time_s > 0 ? tm / r->time_s - 1 : 0};
    }
    return p;
}

/* The values at every size measured at pes (*n of them, malloc'd into
 * *pk, sizes into *sizes); -1 when out of memory. */
static int values_at(const ss_tune_t *t, const ss_tune_table_t *tab,
                     const sos_coll_t *c, int pes, size_t **sizes, ss_tune_pick_t **pk,
                     size_t *n)
{
    if (ss_tune_sizes(t, c->ours, pes, sizes, n))
        return -1;
    *pk = *n ? malloc(*n * sizeof **pk) : NULL;
    if (*n && !*pk)
        return free(*sizes), -1;
    for (size_t i = 0; i < *n; i++)
        (*pk)[i] = value_at(t, tab, c, pes, (*sizes)[i]);
    return 0;
}

/* The SOS value chosen for one PE count (NULL if nothing maps); with out,
 * the counts and substitutes as comments. */
static const char *choice_at(const ss_tune_t *t, const ss_tune_table_t *tab,
                             const sos_coll_t *c, int pes, FILE *out,
                             FILE *note, int *oom)
{
    size_t *sizes, n;
    ss_tune_pick_t *pk;
    int wins[NVALUES] = {0};
    const char *best = NULL;
    if (values_at(t, tab, c, pes, &sizes, &pk, &n))
        return *oom = 1, NULL;
    for (size_t i = 0; i < n; i++)
        if (pk[i].value)
            wins[value_index(pk[i].value)]++;
    for (size_t i = n; i-- > 0;)       /* from the largest size down */
        if (pk[i].value && (!best || wins[value_index(pk[i].value)] >
                                   wins[value_index(best)]))
            best = pk[i].value;
    if (out) {
        ss_tune_say_substitutes("sos", "but SOS has no equivalent; counted as",
                                "SOS", c->ours, pes, sizes, pk, n, out, note);
        fprintf(out, "#   at %d PEs, best of SOS's at (of %zu sizes):", pes, n);
        for (int k = 0, any = 0; k < NVALUES; k++)
            if (wins[k])
                fprintf(out, "%s %s %d", any++ ? "," : "", values[k], wins[k]);
        fprintf(out, "%s\n", best ? "" : " none");
    }
    free(pk);
    free(sizes);
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

static int max_pes(const ss_tune_table_t *tab)
{
    return tab->n ? tab->rules[tab->n - 1].pes_lo : 0;
}

/* Broadcast: if the choice by measured PE count is linear up to some
 * count and tree from it, that count is SOS's SHMEM_COLL_CROSSOVER (auto
 * runs linear below it, tree from it), and bcast is set to auto. */
static int bcast_crossover(const ss_tune_t *t, const ss_tune_table_t *tab,
                           const sos_coll_t *c, FILE *out, int *oom)
{
    int cross = 0, nlin = 0, ntree = 0, ok = 1;
    fprintf(out, "#   choice by PE count:");
    for (size_t i = 0; i < tab->n; i++) {
        int p = tab->rules[i].pes_lo;
        if (i && tab->rules[i - 1].pes_lo == p)
            continue;
        const char *v = choice_at(t, tab, c, p, NULL, NULL, oom);
        fprintf(out, " %d:%s", p, v ? v : "(none)");
        if (v && !strcmp(v, "linear") && !ntree)
            nlin++;
        else if (v && !strcmp(v, "tree") && nlin)
            cross = ntree++ ? cross : p;
        else
            ok = 0;
    }
    fprintf(out, "\n");
    return ok && nlin && ntree ? cross : 0;
}

/* Reductions at one PE count: the size where recdbl (best below it) gives
 * way to ring (best from it), or 0. */
static size_t size_crossover(const ss_tune_t *t, const ss_tune_table_t *tab,
                             const sos_coll_t *c, int pes, int *oom)
{
    size_t *sizes, n, cross = 0, nrec = 0, i;
    ss_tune_pick_t *pk;
    if (values_at(t, tab, c, pes, &sizes, &pk, &n))
        return *oom = 1, 0;
    while (nrec < n && pk[nrec].value && !strcmp(pk[nrec].value, "recdbl"))
        nrec++;
    for (i = nrec; i < n && pk[i].value && !strcmp(pk[i].value, "ring"); i++)
        ;
    if (nrec && nrec < n && i == n)
        cross = sizes[nrec];
    free(pk);
    free(sizes);
    return cross;
}

static int has_mapping(const sos_coll_t *c)
{
    for (const sos_map_t *m = c->map; m->ours; m++)
        if (m->sos)
            return 1;
    return 0;
}

static void write_map(FILE *out, const sos_coll_t *c)
{
    fprintf(out, "# %s: %s (%s)\n", c->ours, c->var, c->values);
    for (const sos_map_t *m = c->map; m->ours; m++)
        fprintf(out, "#   %-20s %-8s %s\n", m->ours, m->sos ? m->sos : "(none)",
                m->how);
}

static void write_reduce_size(FILE *out, const ss_tune_t *t,
                              const ss_tune_table_t *tab, const sos_coll_t *c,
                              int p, int *oom)
{
    size_t x = size_crossover(t, tab, c, p, oom);
    char b[32];
    if (!x) {
        fprintf(out, "# SHMEM_COLL_SIZE_CROSSOVER left at its default (16384): "
                "at %d PEs the\n# reductions are not recdbl below a size and "
                "ring from it\n", p);
        return;
    }
    ss_format_bytes(x, b, sizeof b);
    fprintf(out, "# At %d PEs recdbl is best below %s and ring from it. SOS's "
            "auto uses this\n# crossover for ops and types without a transport "
            "atomic (with one it\n# picks linear/tree by PE count), so it only "
            "acts with\n# SHMEM_REDUCE_ALGORITHM=auto.\nSHMEM_COLL_SIZE_CROSSOVER"
            "=%zu\n", p, b, x);
}

static int export_coll(FILE *out, FILE *note, const ss_tune_t *t,
                       const sos_coll_t *c, const ss_tune_table_t *tab,
                       int *oom)
{
    int target = t->target_pes ? t->target_pes : max_pes(tab);
    int p = point_for(tab, target), cross;
    write_map(out, c);
    if (!has_mapping(c)) {
        fprintf(out, "#   nothing to choose: %s left unset\n", c->var);
        return 0;
    }
    if (!p) {
        char msg[200];
        snprintf(msg, sizeof msg, "%s was measured from %d PEs only, above "
                 "--pes %d: %s left unset", c->ours, tab->rules[0].pes_lo,
                 target, c->var);
        fprintf(out, "#   %s\n", msg);
        if (note)
            fprintf(note, "shmemsim: note: sos: %s\n", msg);
        return 0;
    }
    if (!strcmp(c->ours, "broadcast") && (cross = bcast_crossover(t, tab, c, out,
                                                                  oom))) {
        fprintf(out, "#   linear, then tree from %d PEs: SOS's auto with that "
                "crossover (which\n#   also steers barriers and, under auto, "
                "reductions with atomics)\n%s=auto\nSHMEM_COLL_CROSSOVER=%d\n",
                cross, c->var, cross);
        return 1;
    }
    if (!strcmp(c->ours, "broadcast"))
        fprintf(out, "#   SHMEM_COLL_CROSSOVER left at its default (4): the "
                "choice by PE count\n#   is not linear up to a count and "
                "tree from it\n");
    const char *v = choice_at(t, tab, c, p, out, note, oom);
    if (v)
        fprintf(out, "%s=%s\n", c->var, v);
    else
        fprintf(out, "#   nothing measured at %d PEs maps to SOS: %s left "
                "unset (auto)\n", p, c->var);
    if (!strcmp(c->ours, "reduce"))
        write_reduce_size(out, t, tab, c, p, oom);
    return v != NULL;
}

/* The radix our tree algorithms won with at p PEs, the one at the
 * largest size winning: binomial is 2, knomial and kary their --radix (0
 * in the results: our default, 4). 0 if no tree algorithm won there;
 * *mixed is set when the winners differ. */
static int tree_radix(const ss_tune_table_t *tab, int p, int *mixed)
{
    int r = 0;
    for (size_t i = 0; i < tab->n; i++) {
        const ss_tune_rule_t *x = &tab->rules[i];
        int k = 0;
        if (x->pes_lo > p || x->pes_hi < p)
            continue;
        if (!strcmp(x->algorithm, "binomial"))
            k = 2;
        else if (!strcmp(x->algorithm, "knomial") || !strcmp(x->algorithm, "kary"))
            k = x->radix ? x->radix : 4;
        if (k && r && k != r)
            *mixed = 1;
        r = k ? k : r;
    }
    return r;
}

/* SHMEM_COLL_RADIX serves SOS's broadcast and reduction trees alike. */
static void write_radix(FILE *out, const ss_tune_t *t)
{
    static const char *const tree_colls[] = {"broadcast", "reduce"};
    int r = 0, mixed = 0;
    for (size_t k = 0; k < 2; k++) {
        const ss_tune_table_t *tab = ss_tune_find(t, tree_colls[k]);
        int p = tab ? point_for(tab, t->target_pes ? t->target_pes : max_pes(tab)) : 0;
        int rk = p ? tree_radix(tab, p, &mixed) : 0;
        if (rk && r && rk != r)
            mixed = 1;
        r = r ? r : rk;
    }
    if (!r) {
        fprintf(out, "# SHMEM_COLL_RADIX left at its default (4): no tree "
                "algorithm (binomial,\n# knomial, kary) won a broadcast or "
                "reduction at the PE count tuned for.\n");
        return;
    }
    fprintf(out, "# SHMEM_COLL_RADIX: the radix of our winning tree algorithm "
            "(binomial 2;\n# knomial and kary their --radix, default 4)%s.\n"
            "SHMEM_COLL_RADIX=%d\n", mixed ? "; the winners differ, this is "
            "the broadcast's at its\n# largest size (SOS has one radix for "
            "all trees)" : "", r);
}

int ss_export_sos(FILE *out, FILE *note, const ss_tune_t *t, char *err,
                  size_t errlen)
{
    int written = 0, oom = 0, lowest = 0;
    char target[96];
    if (t->target_pes)
        snprintf(target, sizeof target, "%d (--pes)", t->target_pes);
    else
        snprintf(target, sizeof target, "the largest measured (--pes N for "
                 "another)");
    fprintf(out,
        "# Sandia OpenSHMEM settings written by shmemsim tune from simulated "
        "results:\n# platform %s, model %s, %d PE(s) per host.\n"
        "# Use: set -a; . ./THIS_FILE; set +a; then oshrun ... (SOS reads "
        "SHMEM_*,\n# src/shmem_env_defs.h).\n"
        "# SOS holds one algorithm per collective, so each is tuned for one PE "
        "count,\n# %s: the SOS algorithm best at most sizes\n# measured "
        "there (ties: the one best at the largest size).\n#\n",
        *t->platform ? t->platform : "-", *t->model ? t->model : "-", t->ppn,
        target);
    for (size_t k = 0; k < sizeof colls / sizeof *colls; k++) {
        const ss_tune_table_t *tab = ss_tune_find(t, colls[k].ours);
        if (!tab)
            continue;
        written += export_coll(out, note, t, &colls[k], tab, &oom);
        if (tab->rules[0].pes_lo < lowest || !lowest)
            lowest = tab->rules[0].pes_lo;
    }
    if (oom) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (!written && t->target_pes && t->target_pes < lowest) {
        snprintf(err, errlen, "--pes %d is below the smallest PE count "
                 "measured (%d)", t->target_pes, lowest);
        return -1;
    }
    if (!written) {
        snprintf(err, errlen, "none of the measured algorithms has a Sandia "
                 "OpenSHMEM equivalent (see the mapping in shmemsim tune "
                 "--help)");
        return -1;
    }
    write_radix(out, t);
    ss_tune_say_unmapped(t, "alltoall", "sos", "Sandia OpenSHMEM", out, note);
    return 0;
}
