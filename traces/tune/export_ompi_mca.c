/* export_ompi_mca.c - the tuning table as an Open MPI OSHMEM MCA parameter
 * file (`shmemsim tune --format ompi-mca`), for OSHMEM's own collectives,
 * the scoll "basic" component of Open MPI 4.1.
 *
 * Facts it rests on (Open MPI 4.1.x sources, and checked on 4.1.4 with
 * `oshmem_info --param scoll all --level 9` and scoll_base_verbose 12):
 * - oshmem/mca/scoll/scoll.h numbers the algorithms: broadcast 0 central
 *   counter, 1 binomial; collect 0 central counter, 1 tournament,
 *   2 recursive doubling, 3 ring; reduce 0 central counter, 1 tournament,
 *   2 recursive doubling, 3 linear, 4 log. Defaults 1, 2, 2
 *   (scoll_basic_component.c).
 * - scoll_basic_collect.c applies scoll_basic_collect_alg to fcollect only:
 *   shmem_collect (sizes that differ per PE) always runs the central
 *   collector, so no parameter reaches collect.
 * - scoll_basic_reduce.c: "log" is a hypercube reduce to the first PE then
 *   the broadcast, the shape of our binomial; central counter (root gets
 *   every array, combines, broadcasts) is our linear.
 * - The default component is scoll "mpi" (priority 77 over basic's 75),
 *   which hands the collectives to MPI's coll framework and never reads
 *   scoll_basic_*_alg: the file sets `scoll = basic`. That path is tuned by
 *   the coll_tuned rules file (export_ompi_rules.c).
 * - Each algorithm prints its name at scoll_base_verbose >= 12, e.g.
 *   "Broadcast algorithm: Central Counter": SCOLL_VERBOSE is guarded by
 *   `#ifdef OPAL_ENABLE_DEBUG`, which is defined (to 0) in release builds
 *   too (oshmem/mca/scoll/base/base.h). tests/oshmem/tune_verbose.sh
 *   greps those lines.
 * - `oshrun --tune FILE` loads `name = value` lines with # comments;
 *   `--am FILE` did not apply them on 4.1.4, and OMPI_MCA_mca_param_files
 *   would replace /etc/openmpi/openmpi-mca-params.conf.
 *
 * Why one choice: each scoll_basic_*_alg is a single global number, while
 * the table has one per (PE range, size range). The file holds, per
 * collective, the algorithm that is best over all sizes measured at the
 * target PE count (t->target_pes; 0 means the largest measured): the least
 * geometric mean of (its time / the fastest time) over those sizes, so no
 * size dominates by its magnitude. Every per-range decision is written as
 * a comment above it, with the fallback when the winner has no equivalent
 * (the fastest algorithm at that point that has one), so nothing in the
 * table is lost. Those fallbacks also go to the note stream.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune.h"

enum { NONE = -1 };

/* One algorithm of ours: Open MPI's number for it, and how the two match
 * or why nothing matches. */
typedef struct mca_map {
    int id;             /* Open MPI's number; NONE: no equivalent */
    const char *how;
} mca_map_t;

typedef struct mca_coll {
    const char *param;        /* NULL: no parameter (why says why) */
    const char *ids;          /* Open MPI's numbering, for the comment */
    const char *const *names; /* indexed by id */
    const mca_map_t *map;     /* indexed by our algorithm (catalogue.h) */
    int nmap;
    const char *why;
} mca_coll_t;

#define BCAST_NONE "scoll basic broadcasts by central counter or binomial " \
    "tree only"
/* Node-aware algorithms: scoll basic has no node-aware algorithm of its
 * own (its algorithms run flat over all PEs), and the parameter picks
 * among its flat ones only. Open MPI's node-aware collectives are coll_han
 * (ompi/mca/coll/han), in MPI's coll framework, which only scoll mpi
 * reaches; this file sets scoll = basic, so no coll_han parameter can
 * act here (export_ompi_rules.c writes them, for the scoll mpi path). */
#define NODE_NONE "scoll basic has no node-aware algorithm: its broadcast, " \
    "collect and reduce run flat over all PEs; Open MPI's node-aware " \
    "coll_han is in MPI's coll framework, which scoll = basic never reaches"
static const char *const bcast_names[] = { "central counter", "binomial" };
static const mca_map_t bcast_map[SHCOLL_BROADCAST_NALGS] = {
    [SHCOLL_BROADCAST_LINEAR] = { 0, "the root puts to every PE" },
    [SHCOLL_BROADCAST_BINOMIAL] = { 1, "the binomial tree" },
    [SHCOLL_BROADCAST_KNOMIAL] = { NONE, BCAST_NONE },
    [SHCOLL_BROADCAST_KARY] = { NONE, BCAST_NONE },
    [SHCOLL_BROADCAST_SCATTER_ALLGATHER] = { NONE, BCAST_NONE },
    [SHCOLL_BROADCAST_PIPELINED_CHAIN] = { NONE, BCAST_NONE },
    [SHCOLL_BROADCAST_PIPELINED_BINARY] = { NONE, BCAST_NONE },
    [SHCOLL_BROADCAST_NODE_AWARE] = { NONE, NODE_NONE },
};
#define COLLECT_NONE "scoll basic collects by central counter, tournament, " \
    "recursive doubling or ring only"
static const char *const collect_names[] = {
    "central counter", "tournament", "recursive doubling", "ring" };
static const mca_map_t fcollect_map[SHCOLL_FCOLLECT_NALGS] = {
    [SHCOLL_FCOLLECT_LINEAR] = { 0, "gathered to a root that puts to all" },
    [SHCOLL_FCOLLECT_DIRECT] = { NONE, COLLECT_NONE },
    [SHCOLL_FCOLLECT_RING] = { 3, "the ring" },
    [SHCOLL_FCOLLECT_RECURSIVE_DOUBLING] = { 2, "recursive doubling" },
    [SHCOLL_FCOLLECT_BRUCK] = { NONE, COLLECT_NONE },
    [SHCOLL_FCOLLECT_NEIGHBOR_EXCHANGE] = { NONE, COLLECT_NONE },
    [SHCOLL_FCOLLECT_KNOMIAL] = { NONE, COLLECT_NONE },
    [SHCOLL_FCOLLECT_NODE_AWARE] = { NONE, NODE_NONE },
};
#define REDUCE_NONE "scoll basic reduces by central counter, tournament, " \
    "recursive doubling, linear or log only"
static const char *const reduce_names[] = {
    "central counter", "tournament", "recursive doubling", "linear", "log" };
static const mca_map_t reduce_map[SHCOLL_REDUCE_NALGS] = {
    [SHCOLL_REDUCE_LINEAR] = { 0, "the root combines every array and "
                               "broadcasts" },
    [SHCOLL_REDUCE_BINOMIAL] = { 4, "log: a hypercube reduce to the first "
                                 "PE, then the broadcast" },
    [SHCOLL_REDUCE_KNOMIAL] = { NONE, REDUCE_NONE },
    [SHCOLL_REDUCE_RECURSIVE_DOUBLING] = { 2, "recursive doubling" },
    [SHCOLL_REDUCE_RABENSEIFNER] = { NONE, REDUCE_NONE },
    [SHCOLL_REDUCE_RING] = { NONE, REDUCE_NONE },
    [SHCOLL_REDUCE_NODE_AWARE] = { NONE, NODE_NONE },
};

static const mca_coll_t colls[SHCOLL_NKINDS] = {
    [SHCOLL_FCOLLECT] = { "scoll_basic_collect_alg",
      "0 central counter, 1 tournament, 2 recursive doubling, 3 ring",
      collect_names, fcollect_map, SHCOLL_FCOLLECT_NALGS, NULL },
    [SHCOLL_COLLECT] = { .why = "scoll basic runs shmem_collect with its "
      "central collector whatever the parameters say" },
    [SHCOLL_BROADCAST] = { "scoll_basic_broadcast_alg",
      "0 central counter, 1 binomial", bcast_names, bcast_map,
      SHCOLL_BROADCAST_NALGS, NULL },
    [SHCOLL_REDUCE] = { "scoll_basic_reduce_alg",
      "0 central counter, 1 tournament, 2 recursive doubling, 3 linear, "
      "4 log", reduce_names, reduce_map, SHCOLL_REDUCE_NALGS, NULL },
    [SHCOLL_ALLTOALL] = { .why = "scoll basic has no alltoall parameter" },
};

const char *ss_map_ompi_mca(shcoll_kind_t kind, int alg, const char **why)
{
    const mca_coll_t *c = shcoll_entry(kind, alg) ? &colls[kind] : NULL;
    const mca_map_t *m = c && c->map ? &c->map[alg] : NULL;
    return ss_tune_map_answer(c != NULL, c ? c->why : NULL,
                              m && m->how && m->id != NONE ? c->names[m->id]
                                                           : NULL,
                              m ? m->how : NULL, why);
}

/* Open MPI's number for our algorithm a, NONE when it has none (or its
 * row is missing, which tests/unit/test_catalogue.c reports). */
static int id_of(const mca_coll_t *c, int a)
{
    return c->map[a].how ? c->map[a].id : NONE;
}

static const char *coll_name(const mca_coll_t *c)
{
    const char *name = shcoll_kind_name((shcoll_kind_t)(c - colls));
    return name ? name : "?";     /* c is a row of colls: never */
}

static const char *alg_name(const mca_coll_t *c, int a)
{
    return shcoll_entry((shcoll_kind_t)(c - colls), a)->name;
}

/* Our algorithms in Open MPI's numbering (those without one last). */
static int in_order(const mca_coll_t *c, int *order)
{
    int ids[SHCOLL_MAX_NALGS];
    for (int a = 0; a < c->nmap; a++)
        ids[a] = id_of(c, a);
    ss_tune_order(ids, c->nmap, order);
    return c->nmap;
}

/* Fastest of ours measured at (pes, bytes) that maps to some id (or any
 * of ours when any != 0); -1 if none. */
static int fastest(const ss_tune_t *t, const mca_coll_t *c, int pes,
                   size_t bytes, int any, double *ts)
{
    int order[SHCOLL_MAX_NALGS], n = in_order(c, order), best = -1;
    *ts = NAN;
    for (int i = 0; i < n; i++) {
        int a = order[i];
        double x = ss_tune_time(t, coll_name(c), alg_name(c, a), pes, bytes);
        if ((any || id_of(c, a) >= 0) && x == x && !(x >= *ts)) {
            best = a;
            *ts = x;
        }
    }
    return best;
}

static void print_range(FILE *out, const ss_tune_rule_t *r)
{
    if (r->pes_hi == SS_TUNE_PES_MAX)
        fprintf(out, "#   PEs %d+, ", r->pes_lo);
    else
        fprintf(out, "#   PEs %d-%d, ", r->pes_lo, r->pes_hi);
    if (r->bytes_hi == SS_TUNE_BYTES_MAX)
        fprintf(out, "%zu+ B: ", r->bytes_lo);
    else
        fprintf(out, "%zu-%zu B: ", r->bytes_lo, r->bytes_hi);
}

/* The first size measured within the rule (its bytes_lo is 0 for the
 * first rule, not a measured size): where its fallback is looked for. */
static size_t first_measured(const ss_tune_t *t, const char *coll,
                             const ss_tune_rule_t *r)
{
    size_t *sizes = NULL, ns = 0, at = r->bytes_lo;
    if (ss_tune_sizes(t, coll, r->pes_lo, &sizes, &ns) == 0)
        for (size_t k = ns; k-- > 0;)
            if (sizes[k] >= r->bytes_lo && sizes[k] <= r->bytes_hi)
                at = sizes[k];
    free(sizes);
    return at;
}

/* One comment line per rule of the table; a note per fallback. */
static void write_ranges(FILE *out, FILE *note, const ss_tune_t *t,
                         const mca_coll_t *c, const ss_tune_table_t *tab)
{
    fputs("# The table, per range (our winner -> Open MPI's number):\n", out);
    for (size_t i = 0; i < tab->n; i++) {
        const ss_tune_rule_t *r = &tab->rules[i];
        int w = shcoll_alg_of((shcoll_kind_t)(c - colls), r->algorithm);
        print_range(out, r);
        if (w >= 0 && id_of(c, w) >= 0) {
            fprintf(out, "%s -> %d\n", r->algorithm, id_of(c, w));
            continue;
        }
        double ft;
        size_t at = first_measured(t, coll_name(c), r);
        int f = fastest(t, c, r->pes_lo, at, 0, &ft);
        fprintf(out, "%s has no equivalent", r->algorithm);
        if (f >= 0)
            fprintf(out, "; fastest that has: %s -> %d (%.3g s vs %.3g s "
                    "at %zu B)\n", alg_name(c, f), id_of(c, f), ft,
                    ss_tune_time(t, coll_name(c), r->algorithm, r->pes_lo,
                                 at), at);
        else
            fputs(" and nothing measured there has one\n", out);
        if (note)
            fprintf(note, "ompi-mca: %s at %d PEs from %zu B: %s has no "
                    "equivalent in scoll basic; %s%s\n", coll_name(c),
                    r->pes_lo, r->bytes_lo, r->algorithm,
                    f >= 0 ? "the fastest that has one is "
                           : "none measured has one",
                    f >= 0 ? alg_name(c, f) : "");
    }
}

/* The measured PE count the single choice is made at: the largest
 * measured one not above target (0: the largest of all; the smallest
 * when target is below every one). */
static int target_pes(const ss_tune_table_t *tab, int target)
{
    int p = tab->rules[0].pes_lo;
    for (size_t i = 0; i < tab->n; i++)
        if (target <= 0 || tab->rules[i].pes_lo <= target)
            if (tab->rules[i].pes_lo > p)
                p = tab->rules[i].pes_lo;
    return p;
}

/* Geometric mean over sizes of id's time / the fastest time, or NAN when
 * id (through any of ours mapped to it) was not measured at every size. */
static double score(const ss_tune_t *t, const mca_coll_t *c, int id,
                    int pes, const size_t *sizes, size_t ns)
{
    double logsum = 0;
    for (size_t k = 0; k < ns; k++) {
        double best, mine = NAN;
        fastest(t, c, pes, sizes[k], 1, &best);
        for (int a = 0; a < c->nmap; a++) {
            if (id_of(c, a) != id)
                continue;
            double x = ss_tune_time(t, coll_name(c), alg_name(c, a), pes,
                                    sizes[k]);
            if (x == x && !(x >= mine))
                mine = x;
        }
        if (mine != mine || !(best > 0))
            return NAN;
        logsum += log(mine / best);
    }
    return ns ? exp(logsum / (double)ns) : NAN;
}

static int id_count(const mca_coll_t *c)
{
    int n = 0;
    for (int a = 0; a < c->nmap; a++)
        if (id_of(c, a) + 1 > n)
            n = id_of(c, a) + 1;
    return n;
}

/* Writes the scores as a comment and returns the chosen id, -1 if none
 * was measured at every size. */
static int choose(FILE *out, const ss_tune_t *t, const mca_coll_t *c,
                  int pes, const size_t *sizes, size_t ns)
{
    int best = -1;
    double bs = NAN;
    fprintf(out, "# At %d PEs over the %zu sizes measured (%zu-%zu B), "
            "time / fastest, geometric mean:\n", pes, ns, sizes[0],
            sizes[ns - 1]);
    for (int id = 0; id < id_count(c); id++) {
        double s = score(t, c, id, pes, sizes, ns);
        if (s != s)
            continue;
        fprintf(out, "#   %d %s: %.3f\n", id, c->names[id], s);
        if (!(s >= bs)) {
            best = id;
            bs = s;
        }
    }
    return best;
}

/* "Ours -> PARAM: a = 0; ... no equivalent: x y." */
static void write_legend(FILE *out, const mca_coll_t *c)
{
    int order[SHCOLL_MAX_NALGS], n = in_order(c, order);
    fprintf(out, "\n# %s -> %s (Open MPI: %s)\n# Ours -> %s:",
            coll_name(c), c->param, c->ids, c->param);
    for (int i = 0; i < n; i++)
        if (id_of(c, order[i]) >= 0)
            fprintf(out, " %s = %d;", alg_name(c, order[i]),
                    id_of(c, order[i]));
    fputs(" no equivalent:", out);
    for (int i = 0; i < n; i++)
        if (id_of(c, order[i]) < 0)
            fprintf(out, " %s", alg_name(c, order[i]));
    fputs(".\n", out);
}

static int write_coll(FILE *out, FILE *note, const ss_tune_t *t,
                      const mca_coll_t *c, const ss_tune_table_t *tab,
                      char *err, size_t errlen)
{
    write_legend(out, c);
    write_ranges(out, note, t, c, tab);

    int pes = target_pes(tab, t->target_pes);
    size_t *sizes = NULL, ns = 0;
    if (ss_tune_sizes(t, coll_name(c), pes, &sizes, &ns) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int id = ns ? choose(out, t, c, pes, sizes, ns) : -1;
    free(sizes);
    if (id < 0) {
        fprintf(out, "# No algorithm of Open MPI's was measured at every "
                "size at %d PEs: %s left at its default.\n", pes, c->param);
        if (note)
            fprintf(note, "ompi-mca: %s: nothing that maps was measured at "
                    "every size at %d PEs; %s not written\n", coll_name(c),
                    pes, c->param);
        return 0;
    }
    fprintf(out, "%s = %d\n", c->param, id);
    return 0;
}

static void write_header(FILE *out, const ss_tune_t *t)
{
    fprintf(out,
        "# Open MPI OSHMEM MCA parameters written by shmemsim tune.\n"
        "# Tuned on platform %s, %d PE(s) per host, model %s.\n"
        "# Use: oshrun --tune THIS_FILE ... (or add the lines to\n"
        "# $HOME/.openmpi/mca-params.conf). Written for Open MPI 4.1.\n"
        "# scoll = basic: the default scoll component, mpi, hands the\n"
        "# collectives to MPI's coll framework and ignores these numbers\n"
        "# (tune that path with shmemsim tune --format ompi-rules).\n"
        "# Each scoll_basic_*_alg is one number for every PE count and "
        "size:\n"
        "# it is the algorithm best over all sizes at one PE count, and the\n"
        "# table's own per-range choices are listed above it.\n"
        "scoll = basic\n",
        t->platform ? t->platform : "?", t->ppn, t->model ? t->model : "?");
}

int ss_export_ompi_mca(FILE *out, FILE *note, const ss_tune_t *t, char *err,
                       size_t errlen)
{
    int any = 0;
    if (!t->src) {
        snprintf(err, errlen, "the tuning table has no measured rows");
        return -1;
    }
    for (size_t i = 0; i < SHCOLL_NKINDS; i++) {
        const ss_tune_table_t *tab = ss_tune_find(t, coll_name(&colls[i]));
        any |= colls[i].map && tab && tab->n > 0;
    }
    if (!any) {
        snprintf(err, errlen, "the results hold no fcollect, broadcast or "
                 "reduce rows: scoll basic has no parameter for collect");
        return -1;
    }
    write_header(out, t);
    for (size_t i = 0; i < SHCOLL_NKINDS; i++) {
        const ss_tune_table_t *tab = ss_tune_find(t, coll_name(&colls[i]));
        if (colls[i].map && tab && tab->n > 0 &&
            write_coll(out, note, t, &colls[i], tab, err, errlen) != 0)
            return -1;
    }
    const ss_tune_table_t *ct = ss_tune_find(t, "collect");
    if (ct && ct->n > 0) {
        fputs("\n# collect: scoll basic runs shmem_collect with its central "
              "collector\n# whatever the parameters say "
              "(scoll_basic_collect_alg is fcollect's):\n# the collect table "
              "has no equivalent here.\n", out);
        if (note)
            fputs("ompi-mca: collect has no parameter in scoll basic (it "
                  "always runs its central collector); not exported\n", note);
    }
    ss_tune_say_unmapped(t, "alltoall", "ompi-mca", "scoll basic", out, note);
    if (ferror(out)) {
        snprintf(err, errlen, "write failed");
        return -1;
    }
    return 0;
}
