/* export_ucc.c - the tuning table as UCC TL/UCP settings for Open MPI's
 * OSHMEM (scoll ucc component).
 *
 * UCC (openucx/ucc) picks a collective's algorithm in TL/UCP from a score
 * map that UCC_TL_UCP_TUNE overrides. Facts used, from UCC's sources:
 * - Syntax (src/coll_score/ucc_coll_score.c, ucc_coll_score_parse_str and
 *   ucc_coll_score_alloc_from_str): entries joined by '#'; an entry is
 *   ':'-separated tokens in any order: collective names, memory types
 *   (ucc_str_to_mtype_map: host, cuda, ...; none = all of them), a
 *   message range START-END (ucs memunits, "inf"), a team size
 *   qualifier [LO-HI] (the entry is skipped for other team sizes) and
 *   @ALG. One token that matches nothing, or an @ALG the TL does not know
 *   (alg_fn returns an error), fails the whole string: UCC then keeps all
 *   its defaults. Ranges that apply to one team must not overlap
 *   (coll_score_add_range: "attempt to add overlaping range").
 * - Entries without a score keep TL/UCP's score, so START-END means
 *   START <= size < END (ucc_coll_score_map.c; UCC's own defaults, e.g.
 *   allgather/allgather.h, are written that way).
 * - Sizes (src/utils/ucc_coll_utils.c, ucc_coll_args_msgsize): bcast and
 *   allreduce by their buffer, allgather by the receive buffer: bytes per
 *   PE x team size. So an allgather boundary is exact at the PE count it
 *   was measured at; between measured counts it moves with the team size.
 * - Radices (src/components/tl/ucp/tl_ucp.c, lib config table):
 *   UCC_TL_UCP_BCAST_KN_RADIX is one integer (default 4);
 *   ALLGATHER_KN_RADIX, ALLREDUCE_KN_RADIX and ALLREDUCE_SRA_KN_RADIX are
 *   "auto" by default (chosen by UCC) and vary by message size only,
 *   never by team size; UCC_TL_UCP_KN_RADIX, when positive, overrides
 *   them all. A k-nomial broadcast whose radix is at least the team size
 *   is flat: the root sends to every rank.
 * Facts from Open MPI (oshmem/mca/scoll/ucc): scoll_ucc_component.c
 * registers scoll_ucc_enable with default 0 (the component does nothing
 * without --mca scoll_ucc_enable 1) and priority 75; fcollect goes to UCC
 * as UCC_COLL_TYPE_ALLGATHER (scoll_ucc_collect.c), broadcast as bcast,
 * reductions as allreduce (scoll_ucc_reduce.c); variable-size collect is
 * not forwarded as an allgatherv, so no allgatherv entry is written.
 * OSHMEM passes UCC_MEMORY_TYPE_UNKNOWN and UCC finds the symmetric heap
 * to be host memory: every entry says host, so GPU buffers keep UCC's
 * defaults (nothing here was simulated on them).
 *
 * Only algorithms that are the same as one of ours are written: where
 * ours has no equal (UCC's dbt is two binary trees, not segmented; its
 * sag_knomial scatters and gathers k-nomially), the best algorithm that
 * has one stands in, and the file says what that costs.
 *
 * UCC_TL_UCP_TUNE's algorithms are flat. Where node_aware wins and UCC's
 * hierarchical CL has it (reduce, broadcast), export_ucc_hier.c writes
 * UCC_CL_HIER_TUNE and UCC_CLS as well; UCC_TL_UCP_TUNE keeps the best
 * flat algorithm there (the subteams, and teams on one node, use it).
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "export_ucc_hier.h"
#include "summary.h"
#include "tune.h"
#include "ucc_text.h"

enum { NO_KNOB = -1, MAX_KNOBS = 2, MAX_CAND = 24 };

/* One algorithm of ours: UCC's that runs it (NULL: none) and how they
 * match, or why none does. */
typedef struct ucc_map {
    const char *ucc, *how;
    int knob;                   /* index into the collective's knobs */
    int flat;                   /* needs the radix at least the team size */
} ucc_map_t;

typedef struct ucc_coll {
    const char *ucc;            /* NULL: not exported (why: how) */
    int per_pe;                 /* our bytes are per PE, UCC's the total */
    const ucc_map_t *map;       /* indexed by our algorithm (catalogue.h) */
    int nmap;
    const char *knobs[MAX_KNOBS];
    const char *why;
} ucc_coll_t;

/* allgather/allgather.c: knomial, ring, neighbor, bruck, sparbit, linear. */
/* Node-aware algorithms: UCC's are in its hierarchical CL (CL/HIER,
 * src/components/cl/hier: allreduce "rab" = node reduce, inter-node
 * allreduce, node broadcast, and "split_rail"; bcast "2step"; allgatherv
 * "gab" in recent releases; no plain allgather), selected by
 * UCC_CL_HIER_TUNE. UCC_TL_UCP_TUNE's algorithms are flat and cannot name
 * them: the rows below say so, and where node_aware wins the file names
 * CL/HIER's in UCC_CL_HIER_TUNE (export_ucc_hier.c; these rows' text is
 * then replaced by CL/HIER's, write_map). */
#define NODE_WHY(alg) "UCC's node-aware one is CL/HIER's " alg ", tuned by " \
    "UCC_CL_HIER_TUNE, which this UCC_TL_UCP_TUNE export cannot name"
static const ucc_map_t allgather_map[SHCOLL_FCOLLECT_NALGS] = {
    [SHCOLL_FCOLLECT_LINEAR] = {NULL, "gathers to a root and sends out "
        "again; UCC has no root-based allgather", NO_KNOB, 0},
    [SHCOLL_FCOLLECT_DIRECT] = {"linear", "every rank sends its block to "
        "every rank", NO_KNOB, 0},
    [SHCOLL_FCOLLECT_RING] = {"ring", "the same ring", NO_KNOB, 0},
    [SHCOLL_FCOLLECT_RECURSIVE_DOUBLING] = {"knomial", "recursive k-ing at "
        "radix 2", 0, 0},
    [SHCOLL_FCOLLECT_BRUCK] = {"bruck", "Bruck's algorithm", NO_KNOB, 0},
    [SHCOLL_FCOLLECT_NEIGHBOR_EXCHANGE] = {"neighbor", "neighbor exchange, "
        "N/2 steps", NO_KNOB, 0},
    [SHCOLL_FCOLLECT_KNOMIAL] = {"knomial", "recursive k-ing at our radix",
        0, 0},
    [SHCOLL_FCOLLECT_NODE_AWARE] = {NULL, "CL/HIER has no allgather (its "
        "allgatherv is gab), and UCC_TL_UCP_TUNE cannot name CL/HIER's",
        NO_KNOB, 0},
};

/* bcast/bcast.c: knomial, sag_knomial, dbt. */
static const ucc_map_t bcast_map[SHCOLL_BROADCAST_NALGS] = {
    [SHCOLL_BROADCAST_LINEAR] = {"knomial", "root sends to each: k-nomial "
        "with the radix at least the team size", 0, 1},
    [SHCOLL_BROADCAST_BINOMIAL] = {"knomial", "k-nomial tree at radix 2", 0,
        0},
    [SHCOLL_BROADCAST_KNOMIAL] = {"knomial", "k-nomial tree at our radix", 0,
        0},
    [SHCOLL_BROADCAST_KARY] = {NULL, "UCC has no k-ary (all children at "
        "once) broadcast", NO_KNOB, 0},
    [SHCOLL_BROADCAST_SCATTER_ALLGATHER] = {NULL, "ours scatters flat and "
        "gathers in a ring; UCC's sag_knomial does both k-nomially", NO_KNOB,
        0},
    [SHCOLL_BROADCAST_PIPELINED_CHAIN] = {NULL, "UCC has no pipelined chain "
        "broadcast", NO_KNOB, 0},
    [SHCOLL_BROADCAST_PIPELINED_BINARY] = {NULL, "ours segments one binary "
        "tree; UCC's dbt runs two binary trees unsegmented", NO_KNOB, 0},
    [SHCOLL_BROADCAST_NODE_AWARE] = {NULL, NODE_WHY("bcast 2step"),
        NO_KNOB, 0},
};

/* allreduce/allreduce.c: knomial, sra_knomial, dbt, sliding_window,
 * ring. */
static const ucc_map_t allreduce_map[SHCOLL_REDUCE_NALGS] = {
    [SHCOLL_REDUCE_LINEAR] = {NULL, "gathers to a root; UCC has no flat "
        "allreduce", NO_KNOB, 0},
    [SHCOLL_REDUCE_BINOMIAL] = {NULL, "tree reduce, tree broadcast; UCC's "
        "dbt runs two binary trees at once", NO_KNOB, 0},
    [SHCOLL_REDUCE_KNOMIAL] = {NULL, "tree reduce, tree broadcast; UCC's dbt "
        "runs two binary trees at once", NO_KNOB, 0},
    [SHCOLL_REDUCE_RECURSIVE_DOUBLING] = {"knomial", "recursive k-ing at "
        "radix 2", 0, 0},
    [SHCOLL_REDUCE_RABENSEIFNER] = {"sra_knomial", "scatter-reduce then "
        "allgather at radix 2", 1, 0},
    [SHCOLL_REDUCE_RING] = {"ring", "ring reduce-scatter then ring "
        "allgather", NO_KNOB, 0},
    [SHCOLL_REDUCE_NODE_AWARE] = {NULL, NODE_WHY("allreduce rab"), NO_KNOB,
        0},
};

static const ucc_coll_t colls[SHCOLL_NKINDS] = {
    [SHCOLL_FCOLLECT] = {"allgather", 1, allgather_map, SHCOLL_FCOLLECT_NALGS,
        {"UCC_TL_UCP_ALLGATHER_KN_RADIX", NULL}, NULL},
    [SHCOLL_COLLECT] = {.why = "OSHMEM does not forward shmem_collect to UCC "
        "as an allgatherv"},
    [SHCOLL_BROADCAST] = {"bcast", 0, bcast_map, SHCOLL_BROADCAST_NALGS,
        {"UCC_TL_UCP_BCAST_KN_RADIX", NULL}, NULL},
    [SHCOLL_REDUCE] = {"allreduce", 0, allreduce_map, SHCOLL_REDUCE_NALGS,
        {"UCC_TL_UCP_ALLREDUCE_KN_RADIX",
         "UCC_TL_UCP_ALLREDUCE_SRA_KN_RADIX"}, NULL},
    [SHCOLL_ALLTOALL] = {.why = "OSHMEM's scoll ucc 4.1 has no alltoall"},
};

const char *ss_map_ucc(shcoll_kind_t kind, int alg, const char **why)
{
    const ucc_coll_t *c = shcoll_entry(kind, alg) ? &colls[kind] : NULL;
    const ucc_map_t *m = c && c->map ? &c->map[alg] : NULL;
    return ss_tune_map_answer(c != NULL, c ? c->why : NULL, m ? m->ucc : NULL,
                              m ? m->how : NULL, why);
}

static const char *coll_name(const ucc_coll_t *c)
{
    return shcoll_kind_name((shcoll_kind_t)(c - colls));
}

/* Our name of map row m of c. */
static const char *ours(const ucc_coll_t *c, const ucc_map_t *m)
{
    return shcoll_entry((shcoll_kind_t)(c - colls), (int)(m - c->map))->name;
}

static const ucc_map_t *find_ucc(const ucc_coll_t *c, const char *name)
{
    int a = shcoll_alg_of((shcoll_kind_t)(c - colls), name);
    return a >= 0 && c->map ? &c->map[a] : NULL;
}

/* ---- the plan: one radix per knob, then the best per cell ------------ */

/* The time m runs in at cell x when its knob holds radix[knob]; NAN when
 * UCC cannot run it there (no equivalent, another radix, not flat). */
static double time_under(const ss_tune_t *t, const ucc_coll_t *c,
                         const ucc_map_t *m, const ss_tune_cell_t *x,
                         const int *radix)
{
    if (!m->ucc)
        return NAN;
    if (m->knob == NO_KNOB)
        return ss_tune_time_at(t, x->collective, ours(c, m), 0, x->pes,
                               x->bytes);
    int r = radix[m->knob];
    if (m->flat)
        return x->pes_hi != SS_TUNE_PES_MAX && r >= x->pes_hi
                   ? ss_tune_time_at(t, x->collective, ours(c, m), 0, x->pes,
                                     x->bytes)
                   : NAN;
    return r ? ss_tune_time_at(t, x->collective, ours(c, m), r, x->pes,
                               x->bytes)
             : NAN;
}

/* The fastest m that UCC can run at x (map order breaks ties). */
static const ucc_map_t *pick(const ss_tune_t *t, const ucc_coll_t *c,
                             const ss_tune_cell_t *x, const int *radix,
                             double *tm)
{
    const ucc_map_t *best = NULL;
    *tm = NAN;
    for (const ucc_map_t *m = c->map; m < c->map + c->nmap; m++) {
        double v = time_under(t, c, m, x, radix);
        if (!isnan(v) && !(v >= *tm))
            best = m, *tm = v;
    }
    return best;
}

/* Summed relative loss over the cells [a, b) under radix[]; a cell where
 * nothing can run counts as 100 (any runnable choice beats it). */
static double loss(const ss_tune_t *t, const ucc_coll_t *c,
                   const ss_tune_plan_t *p, size_t a, size_t b,
                   const int *radix)
{
    double sum = 0, tm;
    for (size_t i = a; i < b; i++) {
        const ss_tune_cell_t *x = &p->cells[i];
        sum += pick(t, c, x, radix, &tm) && x->best_s > 0
                   ? tm / x->best_s - 1 : 100;
    }
    return sum;
}

static void add_cand(int *cand, size_t *n, int r)
{
    for (size_t i = 0; i < *n; i++)
        if (cand[i] == r)
            return;
    if (r > 0 && *n < MAX_CAND)
        cand[(*n)++] = r;
}

/* The radices some cell could use for knob k, ascending. */
static size_t candidates(const ss_tune_t *t, const ucc_coll_t *c,
                         const ss_tune_plan_t *p, size_t a, size_t b, int k,
                         int *cand)
{
    size_t n = 0;
    for (size_t i = a; i < b; i++)
        for (const ucc_map_t *m = c->map; m < c->map + c->nmap; m++) {
            const ss_tune_cell_t *x = &p->cells[i];
            int r[8];
            if (!m->ucc || m->knob != k)
                continue;
            if (m->flat && x->pes_hi != SS_TUNE_PES_MAX)
                add_cand(cand, &n, x->pes_hi);
            size_t nr = m->flat ? 0 : ss_tune_radices_at(t, x->collective,
                                         ours(c, m), x->pes, x->bytes, r, 8);
            for (size_t j = 0; j < nr; j++)
                add_cand(cand, &n, r[j]);
        }
    for (size_t i = 1; i < n; i++)          /* insertion sort: few */
        for (size_t j = i; j > 0 && cand[j] < cand[j - 1]; j--) {
            int s = cand[j];
            cand[j] = cand[j - 1];
            cand[j - 1] = s;
        }
    return n;
}

/* Tries every combination of the knobs' candidates (0 when a knob has
 * none), keeping the one with the least loss; ties keep the first, the
 * smaller radices. */
static void choose_radices(const ss_tune_t *t, const ucc_coll_t *c,
                           const ss_tune_plan_t *p, size_t a, size_t b,
                           int *radix)
{
    int cand[MAX_KNOBS][MAX_CAND];
    size_t n[MAX_KNOBS] = {0, 0};
    double best = INFINITY;
    for (int k = 0; k < MAX_KNOBS; k++)
        n[k] = c->knobs[k] ? candidates(t, c, p, a, b, k, cand[k]) : 0;
    for (size_t i = 0; i < (n[0] ? n[0] : 1); i++)
        for (size_t j = 0; j < (n[1] ? n[1] : 1); j++) {
            int r[MAX_KNOBS] = {n[0] ? cand[0][i] : 0, n[1] ? cand[1][j] : 0};
            double l = loss(t, c, p, a, b, r);
            if (l < best) {
                best = l;
                memcpy(radix, r, sizeof r);
            }
        }
}

static int plan_coll(const ss_tune_t *t, const ss_tune_table_t *tab,
                     const ucc_coll_t *c, ss_tune_plan_t *p)
{
    int *pes, radix[MAX_KNOBS] = {0, 0};
    size_t np, a = p->n;
    if (ss_tune_pes_list(tab, &pes, &np))
        return -1;
    for (size_t i = 0; i < np; i++)
        if (ss_tune_plan_cells(t, tab, pes[i], p))
            return free(pes), -1;
    free(pes);
    choose_radices(t, c, p, a, p->n, radix);
    for (size_t i = a; i < p->n; i++) {
        ss_tune_cell_t *x = &p->cells[i];
        const ucc_map_t *m = pick(t, c, x, radix, &x->runs_s);
        x->value = m ? m->ucc : NULL;
        x->runs = m ? ours(c, m) : NULL;
        x->radix = m && m->knob != NO_KNOB ? radix[m->knob] : 0;
    }
    return 0;
}

/* TL/UCP's plan: the best flat algorithm per cell. */
static int plan_flat(const ss_tune_t *t, ss_tune_plan_t *plan, char *err,
                     size_t errlen)
{
    memset(plan, 0, sizeof *plan);
    for (size_t k = 0; k < SHCOLL_NKINDS; k++) {
        const ss_tune_table_t *tab = ss_tune_find(t, coll_name(&colls[k]));
        if (colls[k].map && tab && plan_coll(t, tab, &colls[k], plan)) {
            ss_tune_plan_free(plan);
            snprintf(err, errlen, "out of memory");
            return -1;
        }
    }
    return 0;
}

/* What UCC runs once the file is loaded: the flat plan, but where CL/HIER
 * takes a cell (UCC_CL_HIER_TUNE) the winner itself, node_aware. */
int ss_plan_ucc(const ss_tune_t *t, ss_tune_plan_t *plan, char *err,
                size_t errlen)
{
    if (plan_flat(t, plan, err, errlen))
        return -1;
    for (size_t i = 0; i < plan->n; i++) {
        ss_tune_cell_t *x = &plan->cells[i];
        const char *h = ucc_hier_takes(x);
        if (h) {
            x->value = h;
            x->runs = x->winner;
            x->radix = 0;
            x->runs_s = x->best_s;
        }
    }
    return 0;
}

/* ---- writing ---------------------------------------------------------- */

static const ucc_coll_t *coll_of(const char *name)
{
    int k = shcoll_kind_of(name);
    return k >= 0 ? &colls[k] : NULL;
}

/* Why a winner was given up, for ss_tune_say_given_up. */
static const char *why(const ss_tune_cell_t *x, void *ctx)
{
    static char buf[200];
    const ucc_map_t *w = find_ucc(coll_of(x->collective), x->winner);
    (void)ctx;
    if (!w || !w->ucc)
        return "no UCC equivalent";
    if (w->flat)
        snprintf(buf, sizeof buf, "UCC's flat knomial needs the radix at "
                 "least every team size of %d-%s", x->pes,
                 x->pes_hi == SS_TUNE_PES_MAX ? "inf" : "its range");
    else
        snprintf(buf, sizeof buf, "it needs %s=%d, one radix for every team "
                 "and the other winners", coll_of(x->collective)->knobs[w->knob],
                 ss_tune_radix_of(x->winner, 0));
    return buf;
}

/* hier: CL/HIER takes cells of c, and its rows say so. */
static void write_map(FILE *out, const ucc_coll_t *c, int hier)
{
    fprintf(out, "# %s -> %s%s\n", coll_name(c), c->ucc,
            c->per_pe ? " (sizes: bytes per PE x PEs)" : "");
    for (const ucc_map_t *m = c->map; m < c->map + c->nmap; m++) {
        const char *how = m->how, *h = hier ? ucc_hier_alg(
            (shcoll_kind_t)(c - colls), (int)(m - c->map), &how) : NULL;
        fprintf(out, "#   %-20s %-12s %s\n", ours(c, m),
                h ? h : m->ucc ? m->ucc : "(none)", h ? how : m->how ? m->how : "");
    }
}

/* The radix knob k holds in the plan's cells [a, b), 0 if none uses it. */
static int knob_value(const ucc_coll_t *c, const ss_tune_plan_t *p, size_t a,
                      size_t b, int k)
{
    for (size_t i = a; i < b; i++) {
        const ucc_map_t *m = p->cells[i].runs ? find_ucc(c, p->cells[i].runs)
                                              : NULL;
        if (m && m->knob == k)
            return p->cells[i].radix;
    }
    return 0;
}

static void write_knobs(FILE *out, const ucc_coll_t *c, const ss_tune_plan_t *p,
                        size_t a, size_t b, ucc_text_t *vars)
{
    for (int k = 0; k < MAX_KNOBS && c->knobs[k]; k++) {
        int r = knob_value(c, p, a, b, k);
        if (!r) {
            fprintf(out, "# %s not set: no %s entry here runs at a radix of "
                    "ours; UCC's default stays\n", c->knobs[k], c->ucc);
            continue;
        }
        fprintf(out, "# %s: one radix for every team and size of %s (the "
                "least loss over the\n# measured cells, given-up winners "
                "above)\n%s=%d\n", c->knobs[k], c->ucc, c->knobs[k], r);
        ucc_text_add(vars, c->knobs[k]);
    }
}

/* The plan's cells of c, [*a, *b). */
static void span(const ucc_coll_t *c, const ss_tune_plan_t *p, size_t *a,
                 size_t *b)
{
    *a = 0;
    while (*a < p->n && strcmp(p->cells[*a].collective, coll_name(c)))
        (*a)++;
    for (*b = *a; *b < p->n && !strcmp(p->cells[*b].collective, coll_name(c));
         (*b)++)
        ;
}

/* The given-up winners of [a, b); a cell CL/HIER takes is not one. */
static int given_up(FILE *out, FILE *note, const ss_tune_plan_t *p, size_t a,
                    size_t b)
{
    if (!ucc_hier_wins(p, a, b)) {
        ss_tune_say_given_up(p, a, b, "ucc", why, NULL, out, note);
        return 0;
    }
    ss_tune_plan_t q = {malloc((b - a) * sizeof *q.cells), b - a, b - a, 0};
    if (!q.cells)
        return -1;
    for (size_t i = a; i < b; i++) {
        q.cells[i - a] = p->cells[i];
        if (ucc_hier_takes(&p->cells[i])) {
            q.cells[i - a].runs = p->cells[i].winner;
            q.cells[i - a].value = ucc_hier_takes(&p->cells[i]);
        }
    }
    ss_tune_say_given_up(&q, 0, q.n, "ucc", why, NULL, out, note);
    free(q.cells);
    return 0;
}

static int write_coll(FILE *out, FILE *note, const ucc_coll_t *c,
                      const ss_tune_plan_t *p, ucc_text_t *tune,
                      ucc_text_t *vars, ucc_text_t *names)
{
    size_t a, b;
    span(c, p, &a, &b);
    if (a == b)
        return 0;
    write_map(out, c, ucc_hier_wins(p, a, b));
    if (given_up(out, note, p, a, b))
        return -1;
    write_knobs(out, c, p, a, b, vars);
    return ucc_text_entries(tune, names, c->ucc, c->per_pe, p->cells + a,
                            b - a);
}

/* UCC_CL_HIER_TUNE's entries, when CL/HIER takes some cell: then every
 * collective CL/HIER has gets them, so that its defaults do not displace
 * the flat entries. */
static int hier_entries(const ss_tune_plan_t *p, ucc_text_t *hier,
                        ucc_text_t *vars, ucc_text_t *names)
{
    size_t a, b;
    if (!ucc_hier_wins(p, 0, p->n))
        return 0;
    for (size_t k = 0; k < SHCOLL_NKINDS; k++) {
        if (!colls[k].map)
            continue;
        span(&colls[k], p, &a, &b);
        if (ucc_hier_entries(hier, names, colls[k].ucc, colls[k].per_pe,
                             p->cells + a, b - a))
            return -1;
    }
    ucc_text_add(vars, "UCC_CLS");
    ucc_text_add(vars, "UCC_CL_HIER_TUNE");
    return vars->oom ? -1 : 0;
}

int ss_export_ucc(FILE *out, FILE *note, const ss_tune_t *t, char *err,
                  size_t errlen)
{
    ss_tune_plan_t p;
    ucc_text_t tune = {0}, vars = {0}, names = {0}, hier = {0};
    if (plan_flat(t, &p, err, errlen))
        return -1;
    FILE *body = tmpfile();
    int rc = body ? 0 : -1;
    for (size_t k = 0; k < SHCOLL_NKINDS && !rc; k++)
        if (colls[k].map)
            rc = write_coll(body, note, &colls[k], &p, &tune, &vars, &names);
    if (!rc)
        rc = hier_entries(&p, &hier, &vars, &names);
    if (!rc && !tune.n && !hier.n) {
        snprintf(err, errlen, "none of the measured algorithms has a UCC "
                 "equivalent (see the mapping in shmemsim tune --help)");
        rc = -2;
    }
    if (!rc) {
        ucc_text_header(out, t, &vars, &names);
        ucc_text_copy(body, out);
        if (ss_tune_find(t, "collect"))
            fprintf(out, "# collect: not exported. OSHMEM hands UCC fcollect "
                    "as allgather and does not\n# forward collect as an "
                    "allgatherv (scoll_ucc_collect.c): an allgatherv entry\n"
                    "# would never take effect.\n");
        ss_tune_say_unmapped(t, "alltoall", "ucc", "UCC_TL_UCP_TUNE", out, note);
        fprintf(out, "UCC_TL_UCP_TUNE=%s\n", tune.p ? tune.p : "");
        if (hier.n)
            ucc_hier_write(out, &hier);
    } else if (rc == -1) {
        snprintf(err, errlen, "out of memory");
    }
    if (body)
        fclose(body);
    ucc_text_free(&tune);
    ucc_text_free(&vars);
    ucc_text_free(&names);
    ucc_text_free(&hier);
    ss_tune_plan_free(&p);
    return rc ? -1 : 0;
}
