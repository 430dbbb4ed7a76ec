/* export_ompi_rules.c - the tuning table as an Open MPI coll_tuned dynamic
 * rules file (`shmemsim tune --format ompi-rules`): the path OSHMEM takes
 * by default, its scoll "mpi" component handing each collective to MPI's
 * coll framework, where coll_tuned picks the algorithm.
 *
 * Facts it rests on (Open MPI 4.1.x sources; each checked on 4.1.4 by
 * tests/oshmem/tune_verbose.sh and tune_probe.c):
 * - oshmem/mca/scoll/mpi/scoll_mpi_ops.c: shmem_broadcast -> MPI bcast of
 *   MPI_CHAR, shmem_fcollect -> allgather of MPI_CHAR, reductions ->
 *   allreduce of the element type. shmem_collect (sizes that differ per
 *   PE) falls back to the previous scoll (basic's central collector), so
 *   an allgatherv rule would never be used: collect is not exported.
 * - Collective ids (ompi/mca/coll/base/coll_base_functions.h, COLLTYPE):
 *   ALLGATHER 0, ALLREDUCE 2, BCAST 7.
 * - File format of 4.1 (ompi/mca/coll/tuned/coll_tuned_dynamic_file.c; no
 *   "rule-file-version" header before 5.0): number of collectives; per
 *   collective its id and number of communicator sizes; per size the size
 *   and number of message sizes; per message size "size algorithm
 *   fan-in/out segment-size". Numbers are read with fscanf("%li"), and a
 *   '#' skips to the end of the line (coll_base_util.c), so comments are
 *   '#' lines and numbers carry no leading zeros.
 * - Lookup (coll_tuned_dynamic_rules.c): the last communicator size <= the
 *   communicator's (the first entry if none), then the last message size
 *   <= the call's; algorithm 0 means "Open MPI's fixed decision".
 * - Message size (coll_tuned_decision_dynamic.c): bcast count * type size
 *   (our payload); allreduce count * type size (our array bytes); allgather
 *   type size * count * communicator size, the TOTAL, while our fcollect
 *   bytes are per PE: thresholds are ours times the rule's PE count, exact
 *   there; at p PEs further into the range the per-PE crossover moves to
 *   bytes * pes / p.
 * - Algorithm numbers: `ompi_info --param coll tuned --level 9`
 *   (coll_tuned_{allgather,bcast,allreduce}_algorithm). The knomial bcast
 *   radix is coll_tuned_bcast_algorithm_knomial_radix (default 4, as ours),
 *   not the file's fan-in/out.
 * - Enabled by coll_tuned_use_dynamic_rules 1 and
 *   coll_tuned_dynamic_rules_filename FILE. A release build prints no line
 *   naming the algorithm chosen (its traces are OPAL_OUTPUT, debug builds
 *   only); tests/oshmem/tune_probe.c shows it instead.
 *
 * Per measured (pes, size) the table's winner is mapped; when it has no
 * equivalent, the fastest algorithm measured there that has one is used,
 * said in a comment and on the note stream.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune.h"

enum { NONE = -1 };

/* One algorithm of ours: coll_tuned's number and name for it, or NONE
 * and why nothing matches. */
typedef struct rules_map {
    int alg;            /* coll_tuned algorithm; NONE: no equivalent */
    int faninout, segsize;
    const char *theirs; /* its name in ompi_info; with NONE, why none */
} rules_map_t;

typedef struct rules_coll {
    int id;                 /* COLLTYPE; NONE: not exported (mpi: why) */
    const char *mpi;        /* the MPI collective */
    int total;              /* message size is bytes * comm size */
    const rules_map_t *map; /* indexed by our algorithm (catalogue.h) */
    int nmap;
} rules_coll_t;

/* Node-aware algorithms: Open MPI's node-aware collectives are the HAN
 * component (coll_han: a node-level and an inter-node sub-communicator,
 * each running another component's algorithm), not an algorithm id of
 * coll_tuned, so a dynamic rules file cannot ask for them. MCA parameters
 * can (Open MPI 4.1 sources, ompi/mca/coll/han):
 * - coll_han_component.c: coll_han_priority defaults to 0, below
 *   coll_tuned's 30 (ompi/mca/coll/tuned/coll_tuned_component.c), so HAN
 *   is never chosen by default; above 30 it takes every collective it
 *   has for every communicator it accepts.
 * - coll_han_module.c: HAN has barrier, bcast, reduce, allreduce,
 *   allgather, gather and scatter, each through a "dynamic" choice; it
 *   declines communicators of one process or on one node.
 * - coll_han_component.c registers per collective
 *   coll_han_<coll>_dynamic_global_communicator_module (names from
 *   mca_coll_base_colltype_to_str, coll_base_util.c, and
 *   mca_coll_han_topo_lvl_to_str), the component that runs the collective
 *   on the user's communicator: HAN (6) by default, 3 = tuned
 *   (coll_han_dynamic.h, COMPONENT_T), which then reads this file.
 * - coll_han_allreduce.c, _bcast.c, _allgather.c: node reduce, leaders'
 *   allreduce, node bcast; leaders' bcast, node bcast; node gather,
 *   leaders' allgather, node bcast: our node_aware shapes.
 * A priority is one per component, not per size: only when node_aware
 * wins every cell of a collective does the file (in comments: a rules
 * file holds numbers only) give those parameters, HAN keeping that
 * collective and handing the others OSHMEM calls back to coll_tuned.
 * HAN's own rules file (coll_han_use_dynamic_file_rules,
 * coll_han_dynamic_rules_filename; coll_han_dynamic_file.h) can choose
 * per communicator and message size; this export does not write it. */
#define NODE_NONE "coll_tuned has no node-aware algorithm id; Open MPI's " \
    "is the coll_han component, which this file's comments enable where " \
    "node_aware wins every cell of a collective"
static const rules_map_t allgather_map[SHCOLL_FCOLLECT_NALGS] = {
    [SHCOLL_FCOLLECT_LINEAR] = { 1, 0, 0, "linear" },
    [SHCOLL_FCOLLECT_BRUCK] = { 2, 0, 0, "bruck" },
    /* Open MPI's switches to bruck on non-powers of two
     * (coll_base_allgather.c); ours works for any p. */
    [SHCOLL_FCOLLECT_RECURSIVE_DOUBLING] = { 3, 0, 0, "recursive_doubling" },
    [SHCOLL_FCOLLECT_RING] = { 4, 0, 0, "ring" },
    /* Open MPI's switches to ring for odd p. */
    [SHCOLL_FCOLLECT_NEIGHBOR_EXCHANGE] = { 5, 0, 0, "neighbor" },
    [SHCOLL_FCOLLECT_DIRECT] = { NONE, 0, 0, "coll_tuned has no allgather "
                                 "that puts every block to every rank" },
    [SHCOLL_FCOLLECT_KNOMIAL] = { NONE, 0, 0, "coll_tuned 4.1 has no "
                                  "k-nomial allgather" },
    [SHCOLL_FCOLLECT_NODE_AWARE] = { NONE, 0, 0, NODE_NONE },
};

static const rules_map_t allreduce_map[SHCOLL_REDUCE_NALGS] = {
    [SHCOLL_REDUCE_LINEAR] = { 1, 0, 0, "basic_linear" },
    /* nonoverlapping = tuned reduce then tuned bcast: our two-tree shapes,
     * with Open MPI choosing the trees. */
    [SHCOLL_REDUCE_BINOMIAL] = { 2, 0, 0, "nonoverlapping" },
    [SHCOLL_REDUCE_KNOMIAL] = { 2, 0, 0, "nonoverlapping" },
    [SHCOLL_REDUCE_RECURSIVE_DOUBLING] = { 3, 0, 0, "recursive_doubling" },
    [SHCOLL_REDUCE_RING] = { 4, 0, 0, "ring" },
    [SHCOLL_REDUCE_RABENSEIFNER] = { 6, 0, 0, "rabenseifner" },
    [SHCOLL_REDUCE_NODE_AWARE] = { NONE, 0, 0, NODE_NONE },
};

/* Our pipelined broadcasts are written with their default segment (the
 * catalogue's), as result CSVs record none; the knomial bcast radix is
 * coll_tuned_bcast_algorithm_knomial_radix (default 4, as ours), not the
 * file's fan-in/out, which carries ours for the record. */
static const rules_map_t bcast_map[SHCOLL_BROADCAST_NALGS] = {
    [SHCOLL_BROADCAST_LINEAR] = { 1, 0, 0, "basic_linear" },
    [SHCOLL_BROADCAST_PIPELINED_CHAIN] = {
        3, 0, SHCOLL_BROADCAST_PIPELINED_CHAIN_SEGMENT, "pipeline" },
    [SHCOLL_BROADCAST_PIPELINED_BINARY] = {
        5, 0, SHCOLL_BROADCAST_PIPELINED_BINARY_SEGMENT, "binary_tree" },
    [SHCOLL_BROADCAST_BINOMIAL] = { 6, 0, 0, "binomial" },
    [SHCOLL_BROADCAST_KNOMIAL] = { 7, SHCOLL_BROADCAST_KNOMIAL_RADIX, 0,
                                   "knomial" },
    /* Open MPI scatters by binomial tree, ours flat; both allgather by
     * ring. */
    [SHCOLL_BROADCAST_SCATTER_ALLGATHER] = { 9, 0, 0,
                                             "scatter_allgather_ring" },
    [SHCOLL_BROADCAST_KARY] = { NONE, 0, 0, "a complete k-ary tree: Open "
                                "MPI's trees are binary" },
    [SHCOLL_BROADCAST_NODE_AWARE] = { NONE, 0, 0, NODE_NONE },
};

/* Written in COLLTYPE order (ss_tune_order). */
static const rules_coll_t colls[SHCOLL_NKINDS] = {
    [SHCOLL_FCOLLECT] = { 0, "allgather", 1, allgather_map,
                          SHCOLL_FCOLLECT_NALGS },
    [SHCOLL_COLLECT] = { NONE, "OSHMEM 4.1 runs shmem_collect in scoll basic "
                         "(scoll mpi falls back): an allgatherv rule would "
                         "never apply", 0, NULL, 0 },
    [SHCOLL_BROADCAST] = { 7, "bcast", 0, bcast_map, SHCOLL_BROADCAST_NALGS },
    [SHCOLL_REDUCE] = { 2, "allreduce", 0, allreduce_map,
                        SHCOLL_REDUCE_NALGS },
    [SHCOLL_ALLTOALL] = { NONE, "coll_tuned gets no alltoall from OSHMEM's "
                          "scoll mpi", 0, NULL, 0 },
};

const char *ss_map_ompi_rules(shcoll_kind_t kind, int alg, const char **why)
{
    const rules_coll_t *c = shcoll_entry(kind, alg) ? &colls[kind] : NULL;
    const rules_map_t *m = c && c->map ? &c->map[alg] : NULL;
    return ss_tune_map_answer(c != NULL, c && !c->map ? c->mpi : NULL,
                              m && m->alg != NONE ? m->theirs : NULL,
                              m ? m->theirs : NULL, why);
}

/* coll_tuned's number for map row m, NONE when it has none (or the row
 * is missing, which tests/unit/test_catalogue.c reports). */
static int alg_no(const rules_map_t *m)
{
    return m->theirs ? m->alg : NONE;
}

static const char *coll_name(const rules_coll_t *c)
{
    return shcoll_kind_name((shcoll_kind_t)(c - colls));
}

static const char *alg_name(const rules_coll_t *c, const rules_map_t *m)
{
    return shcoll_entry((shcoll_kind_t)(c - colls), (int)(m - c->map))->name;
}

/* Our algorithms in coll_tuned's numbering (those without one last). */
static int in_order(const rules_coll_t *c, int *order)
{
    int ids[SHCOLL_MAX_NALGS];
    for (int a = 0; a < c->nmap; a++)
        ids[a] = alg_no(&c->map[a]);
    ss_tune_order(ids, c->nmap, order);
    return c->nmap;
}

/* One message-size rule. */
typedef struct msg_rule {
    size_t from;               /* our bytes */
    const rules_map_t *use;    /* NULL: Open MPI decides (algorithm 0) */
    const char *winner;
    double winner_s, use_s;    /* use_s NAN when use is the winner */
} msg_rule_t;

static msg_rule_t choose(const ss_tune_t *t, const rules_coll_t *c,
                         const ss_tune_table_t *tab, int pes, size_t bytes)
{
    msg_rule_t r = { bytes, NULL, NULL, NAN, NAN };
    const ss_tune_rule_t *w = ss_tune_lookup(tab, pes, bytes);
    if (!w)
        return r;
    r.winner = w->algorithm;
    r.winner_s = ss_tune_time(t, coll_name(c), w->algorithm, pes, bytes);
    int a = shcoll_alg_of((shcoll_kind_t)(c - colls), w->algorithm);
    if (a >= 0 && alg_no(&c->map[a]) >= 0) {
        r.use = &c->map[a];
        return r;
    }
    int order[SHCOLL_MAX_NALGS], n = in_order(c, order);
    for (int i = 0; i < n; i++) {
        const rules_map_t *m = &c->map[order[i]];
        double x = ss_tune_time(t, coll_name(c), alg_name(c, m), pes, bytes);
        if (alg_no(m) >= 0 && x == x && !(x >= r.use_s)) {
            r.use = m;
            r.use_s = x;
        }
    }
    return r;
}

static int same(const msg_rule_t *a, const msg_rule_t *b)
{
    return a->use == b->use && a->winner && b->winner &&
           strcmp(a->winner, b->winner) == 0;
}

/* The rules at one measured PE count: one per run of sizes with the same
 * winner and the same choice, the first from 0. */
static int build(const ss_tune_t *t, const rules_coll_t *c,
                 const ss_tune_table_t *tab, int pes, msg_rule_t **out,
                 size_t *n)
{
    size_t *sizes = NULL, ns = 0;
    *out = NULL;
    *n = 0;
    if (ss_tune_sizes(t, coll_name(c), pes, &sizes, &ns) != 0)
        return -1;
    msg_rule_t *v = malloc((ns ? ns : 1) * sizeof *v);
    if (!v) {
        free(sizes);
        return -1;
    }
    for (size_t k = 0; k < ns; k++) {
        msg_rule_t r = choose(t, c, tab, pes, sizes[k]);
        if (*n == 0)
            r.from = 0;
        if (*n == 0 || !same(&v[*n - 1], &r))
            v[(*n)++] = r;
    }
    free(sizes);
    *out = v;
    return 0;
}

/* Open MPI's threshold for our size at this PE count. */
static size_t threshold(const rules_coll_t *c, size_t bytes, int pes)
{
    if (!c->total || bytes == 0)
        return bytes;
    if (bytes > (size_t)LONG_MAX / (size_t)pes)
        return (size_t)LONG_MAX;
    return bytes * (size_t)pes;
}

static void write_msg(FILE *out, FILE *note, const rules_coll_t *c,
                      const msg_rule_t *r, int pes)
{
    const rules_map_t *u = r->use;
    fprintf(out, "%zu %d %d %d  # from %zu B", threshold(c, r->from, pes),
            u ? u->alg : 0, u ? u->faninout : 0, u ? u->segsize : 0,
            r->from);
    if (c->total && r->from)
        fputs(" per PE", out);
    if (u && r->use_s != r->use_s) {
        fprintf(out, ": %s (ours %s)\n", u->theirs, r->winner);
        return;
    }
    fprintf(out, ": ours %s has no equivalent; ", r->winner ? r->winner : "?");
    if (u)
        fprintf(out, "%s (ours %s) is the fastest that has, %.3g s vs %.3g s\n",
                u->theirs, alg_name(c, u), r->use_s, r->winner_s);
    else
        fputs("none measured has one: Open MPI decides\n", out);
    if (note)
        fprintf(note, "ompi-rules: %s at %d PEs from %zu B: %s has no "
                "equivalent in coll_tuned; %s%s\n", coll_name(c), pes,
                r->from, r->winner ? r->winner : "?",
                u ? "using the fastest that has one, " : "left to Open MPI",
                u ? alg_name(c, u) : "");
}

/* The distinct measured PE counts of a table, ascending (rules are
 * ordered by pes_lo). */
static size_t pe_counts(const ss_tune_table_t *tab, int *pes)
{
    size_t n = 0;
    for (size_t i = 0; i < tab->n; i++)
        if (n == 0 || pes[n - 1] != tab->rules[i].pes_lo)
            pes[n++] = tab->rules[i].pes_lo;
    return n;
}

static int write_coll(FILE *out, FILE *note, const ss_tune_t *t,
                      const rules_coll_t *c, const ss_tune_table_t *tab)
{
    int *pes = malloc(tab->n * sizeof *pes);
    if (!pes)
        return -1;
    size_t np = pe_counts(tab, pes);
    int below = pes[0] > 1;
    fprintf(out, "%d  # %s (from our %s)\n%zu  # communicator sizes\n",
            c->id, c->mpi, coll_name(c), np + (size_t)below);
    if (below)
        fprintf(out, "1  # fewer than %d PEs: not measured\n1\n"
                "0 0 0 0  # Open MPI decides\n", pes[0]);
    for (size_t i = 0; i < np; i++) {
        msg_rule_t *v;
        size_t nv;
        if (build(t, c, tab, pes[i], &v, &nv) != 0) {
            free(pes);
            return -1;
        }
        fprintf(out, "%d  # PEs %d+\n%zu  # message sizes%s\n", pes[i],
                pes[i], nv ? nv : 1,
                c->total ? " (total bytes = per-PE bytes x PEs)" : "");
        if (nv == 0)
            fputs("0 0 0 0  # no size measured: Open MPI decides\n", out);
        for (size_t k = 0; k < nv; k++)
            write_msg(out, note, c, &v[k], pes[i]);
        free(v);
    }
    free(pes);
    return 0;
}

/* 1 when node_aware wins every rule of tab. */
static int node_aware_everywhere(const rules_coll_t *c,
                                 const ss_tune_table_t *tab)
{
    int k = (int)(c - colls);
    for (size_t i = 0; i < tab->n; i++)
        if (shcoll_alg_of((shcoll_kind_t)k, tab->rules[i].algorithm) !=
            shcoll_alg_of((shcoll_kind_t)k, "node_aware"))
            return 0;
    return tab->n > 0;
}

/* The coll_han block (see NODE_NONE's comment), when some collective's
 * every cell is node_aware's; a note where node_aware wins only some. */
static void write_han(FILE *out, FILE *note, const ss_tune_t *t)
{
    static const char *const called[] = {"barrier", "bcast", "allgather",
                                         "allreduce"};
    const char *keep[SHCOLL_NKINDS];
    size_t nkeep = 0;
    for (int k = 0; k < SHCOLL_NKINDS; k++) {
        const ss_tune_table_t *tab = ss_tune_find(t, coll_name(&colls[k]));
        int some = 0;
        if (!colls[k].map || !tab)
            continue;
        for (size_t i = 0; i < tab->n; i++)
            some |= !strcmp(tab->rules[i].algorithm, "node_aware");
        if (node_aware_everywhere(&colls[k], tab))
            keep[nkeep++] = colls[k].mpi;
        else if (some && note)
            fprintf(note, "ompi-rules: node_aware wins some %s cells, not "
                    "all: coll_han not enabled (its priority holds for "
                    "every size)\n", coll_name(&colls[k]));
    }
    if (!nkeep)
        return;
    fputs("\n# coll_han: node_aware wins every cell measured of", out);
    for (size_t i = 0; i < nkeep; i++)
        fprintf(out, " %s", keep[i]);
    fputs(".\n# Open MPI's node-aware collectives are coll_han's (node, "
          "leaders, node;\n# ompi/mca/coll/han), which a coll_tuned rules "
          "file cannot name. Open MPI 4.1\n# runs them with these MCA "
          "parameters besides (coll_han_component.c;\n# 3 = tuned, "
          "coll_han_dynamic.h):\n#   --mca coll_han_priority 35  "
          "(default 0, below coll_tuned's 30)\n", out);
    for (size_t i = 0; i < sizeof called / sizeof *called; i++) {
        size_t j = 0;
        while (j < nkeep && strcmp(keep[j], called[i]))
            j++;
        if (j == nkeep)
            fprintf(out, "#   --mca coll_han_%s_dynamic_global_communicator_"
                    "module 3\n", called[i]);
    }
    fputs("# so that HAN keeps only those and hands the other collectives "
          "OSHMEM calls\n# back to coll_tuned and the rules above. HAN "
          "declines communicators on one\n# node (coll_han_module.c): there "
          "coll_tuned and these rules run them too.\n# Inside, HAN runs its "
          "levels with the components of its *_up_module,\n# *_low_module "
          "and *_dynamic_*_node_module parameters, not necessarily the\n# "
          "leaders' algorithm measured with node_aware.\n", out);
}

static void write_header(FILE *out, const ss_tune_t *t, int ncolls)
{
    fprintf(out,
        "# Open MPI coll_tuned dynamic rules written by shmemsim tune\n"
        "# (format of Open MPI 4.1: no version line).\n"
        "# Tuned on platform %s, %d PE(s) per host, model %s.\n"
        "# Use: oshrun --mca coll_tuned_use_dynamic_rules 1 \\\n"
        "#        --mca coll_tuned_dynamic_rules_filename THIS_FILE ...\n"
        "# OSHMEM's default scoll mpi path: fcollect -> allgather, broadcast\n"
        "# -> bcast, reductions -> allreduce. Lines: message size, "
        "algorithm,\n# fan-in/out, segment size; algorithm 0: Open MPI's own "
        "choice.\n%d  # collectives\n",
        t->platform ? t->platform : "?", t->ppn, t->model ? t->model : "?",
        ncolls);
}

static void write_legend(FILE *out, const rules_coll_t *c)
{
    int order[SHCOLL_MAX_NALGS], n = in_order(c, order), none = 1;
    fprintf(out, "\n# Ours -> %s:", c->mpi);
    for (int i = 0; i < n; i++)
        if (alg_no(&c->map[order[i]]) >= 0)
            fprintf(out, " %s = %d;", alg_name(c, &c->map[order[i]]),
                    c->map[order[i]].alg);
    fputs(" no equivalent:", out);
    for (int i = 0; i < n; i++)
        if (alg_no(&c->map[order[i]]) < 0) {
            fprintf(out, " %s", alg_name(c, &c->map[order[i]]));
            none = 0;
        }
    fputs(none ? " none.\n" : ".\n", out);
}

/* The collectives coll_tuned gets, in its COLLTYPE order. */
static int colls_in_order(int *order)
{
    int ids[SHCOLL_NKINDS];
    for (int k = 0; k < SHCOLL_NKINDS; k++)
        ids[k] = colls[k].id;
    ss_tune_order(ids, SHCOLL_NKINDS, order);
    return SHCOLL_NKINDS;
}

int ss_export_ompi_rules(FILE *out, FILE *note, const ss_tune_t *t,
                         char *err, size_t errlen)
{
    int ncolls = 0;
    if (!t->src) {
        snprintf(err, errlen, "the tuning table has no measured rows");
        return -1;
    }
    int order[SHCOLL_NKINDS], nk = colls_in_order(order);
    for (int i = 0; i < nk; i++) {
        const ss_tune_table_t *tab = ss_tune_find(t, coll_name(&colls[i]));
        ncolls += colls[i].map && tab && tab->n > 0;
    }
    if (ncolls == 0) {
        snprintf(err, errlen, "the results hold no fcollect, broadcast or "
                 "reduce rows: OSHMEM's scoll mpi sends collect to no MPI "
                 "collective");
        return -1;
    }
    write_header(out, t, ncolls);
    for (int i = 0; i < nk; i++) {
        const rules_coll_t *c = &colls[order[i]];
        const ss_tune_table_t *tab = ss_tune_find(t, coll_name(c));
        if (!c->map || !tab || tab->n == 0)
            continue;
        write_legend(out, c);
        if (write_coll(out, note, t, c, tab) != 0) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
    }
    const ss_tune_table_t *ct = ss_tune_find(t, "collect");
    if (ct && ct->n > 0) {
        fputs("\n# collect: OSHMEM 4.1 runs shmem_collect in scoll basic "
              "(scoll mpi falls back),\n# so an allgatherv rule would "
              "never apply: not exported.\n", out);
        if (note)
            fputs("ompi-rules: collect is not exported (OSHMEM's scoll mpi "
                  "does not pass it to MPI)\n", note);
    }
    ss_tune_say_unmapped(t, "alltoall", "ompi-rules", "coll_tuned",
                         out, note);
    write_han(out, note, t);
    if (ferror(out)) {
        snprintf(err, errlen, "write failed");
        return -1;
    }
    return 0;
}
