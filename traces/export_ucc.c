/* export_ucc.c - the tuning table as a UCC_TL_UCP_TUNE string.
 *
 * UCC (openucx/ucc) selects a collective's algorithm inside its TL/UCP
 * component from a score map that the environment variable
 * UCC_TL_UCP_TUNE overrides. Facts used here, from UCC's sources:
 * - Syntax (src/coll_score/ucc_coll_score.c, ucc_coll_score_alloc_from_str
 *   and ucc_coll_score_parse_str): entries are joined by '#'; an entry is
 *   ':'-separated tokens in any order: collective names (comma list), a
 *   message range START-END in bytes with K/M/G/T suffixes or "inf"
 *   (ucs_str_to_memunits), a team-size qualifier [LO-HI] (HI may be
 *   "inf"; the entry is skipped for teams outside it), and @ALG, an
 *   algorithm name or number. Ranges of one entry list must not overlap.
 * - Boundaries (src/coll_score/ucc_coll_score_map.c,
 *   ucc_coll_score_build_map): two ranges that share an end point give it
 *   to the one with the higher score, to the later one when scores tie.
 *   Entries without a score keep TL/UCP's own score, so they tie and
 *   START-END here means START <= size < END, like UCC's own defaults
 *   ("allgather:0-4k:@0#allgather:4k-inf:@...", allgather/allgather.h).
 * - Sizes (src/utils/ucc_coll_utils.c, ucc_coll_args_msgsize): bcast and
 *   allreduce by their buffer; allgather by the receive buffer (the total
 *   over all ranks) and allgatherv by the sum of the receive counts.
 *   OpenSHMEM fcollect/collect (and our sweep) count bytes per PE, so
 *   those sizes are multiplied by the PE count the rule was measured at.
 * - Algorithm names: the ucc_tl_ucp_<coll>_algs tables in
 *   src/components/tl/ucp/{allgather,allgatherv,bcast,allreduce}/ and
 *   ucc_tl_ucp_alg_id_to_init (tl_ucp_coll.c), which accepts @name for
 *   allgather, allgatherv, bcast and allreduce in recent releases.
 *
 * OpenSHMEM collectives map to UCC's as fcollect -> allgather, collect ->
 * allgatherv, broadcast -> bcast, reduce -> allreduce (every OpenSHMEM
 * reduction leaves the result on all PEs). When a point's winner has no
 * UCC equivalent, the best of the algorithms that do map at that point
 * takes its place, said in a comment and on the note stream; when none
 * maps, the range is left out and UCC's default applies there.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "summary.h"
#include "tune.h"

typedef struct ucc_map {
    const char *ours, *ucc, *how;
} ucc_map_t;

typedef struct ucc_coll {
    const char *ours, *ucc;
    int per_pe;                 /* our bytes are per PE, UCC's the total */
    const ucc_map_t *map;
} ucc_coll_t;

/* allgather/allgather.c (knomial, ring, neighbor, bruck, sparbit, linear,
 * batched). */
static const ucc_map_t allgather_map[] = {
    {"linear", NULL, "gathers to a root and sends out again; UCC has no "
     "root-based allgather"},
    {"direct", "linear", "every rank sends its block to every rank "
     "(allgather_linear.c, UCC 2025 and later)"},
    {"ring", "ring", "the same ring"},
    {"recursive_doubling", "knomial", "recursive k-ing is recursive "
     "doubling at radix 2: set UCC_TL_UCP_ALLGATHER_KN_RADIX=2"},
    {"bruck", "bruck", "Bruck's algorithm"},
    {"neighbor_exchange", "neighbor", "neighbor exchange, N/2 steps"},
    {"knomial", "knomial", "recursive k-ing, radix "
     "UCC_TL_UCP_ALLGATHER_KN_RADIX"},
    {NULL, NULL, NULL},
};

/* allgatherv/allgatherv.c (ring; knomial in recent releases). */
static const ucc_map_t allgatherv_map[] = {
    {"linear", NULL, "gathers to a root and sends out again; no such "
     "allgatherv in UCC"},
    {"ring", "ring", "the same ring"},
    {"recursive_doubling", "knomial", "recursive k-ing (allgatherv_knomial.c, "
     "recent UCC), radix 2 = recursive doubling"},
    {"bruck", NULL, "UCC has no Bruck allgatherv"},
    {NULL, NULL, NULL},
};

/* bcast/bcast.c (knomial, sag_knomial, dbt; dbt was called two_tree in
 * older releases). */
static const ucc_map_t bcast_map[] = {
    {"linear", NULL, "root sends to each; UCC has no flat broadcast"},
    {"binomial", "knomial", "k-nomial tree at radix 2: set "
     "UCC_TL_UCP_BCAST_KN_RADIX=2"},
    {"knomial", "knomial", "k-nomial tree, radix UCC_TL_UCP_BCAST_KN_RADIX "
     "(default 4)"},
    {"kary", NULL, "UCC has no k-ary (all children at once) broadcast"},
    {"scatter_allgather", "sag_knomial", "scatter then allgather (UCC's are "
     "k-nomial, ours flat scatter and ring)"},
    {"pipelined_chain", NULL, "UCC has no pipelined chain broadcast"},
    {"pipelined_binary", "dbt", "pipelined binary trees (UCC uses two "
     "complementary ones)"},
    {NULL, NULL, NULL},
};

/* allreduce/allreduce.c (knomial, sra_knomial, dbt, sliding_window; ring in
 * recent releases). */
static const ucc_map_t allreduce_map[] = {
    {"linear", NULL, "gathers to a root; UCC has no flat allreduce"},
    {"binomial", "dbt", "tree reduce then tree broadcast (UCC: two binary "
     "trees)"},
    {"knomial", "dbt", "tree reduce then tree broadcast (UCC: two binary "
     "trees)"},
    {"recursive_doubling", "knomial", "recursive k-ing at radix 2: set "
     "UCC_TL_UCP_ALLREDUCE_KN_RADIX=2"},
    {"rabenseifner", "sra_knomial", "scatter-reduce then allgather; radix 2 "
     "is Rabenseifner: set UCC_TL_UCP_ALLREDUCE_SRA_KN_RADIX=2"},
    {"ring", "ring", "ring reduce-scatter then ring allgather "
     "(allreduce_ring.c, recent UCC)"},
    {NULL, NULL, NULL},
};

static const ucc_coll_t colls[] = {
    {"fcollect", "allgather", 1, allgather_map},
    {"collect", "allgatherv", 1, allgatherv_map},
    {"broadcast", "bcast", 0, bcast_map},
    {"reduce", "allreduce", 0, allreduce_map},
};

/* ---- a growing string ------------------------------------------------ */

typedef struct sbuf {
    char *p;
    size_t n, cap;
    int oom;
} sbuf_t;

static void sb_printf(sbuf_t *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (w < 0 || b->oom)
        return;
    if (b->n + (size_t)w + 1 > b->cap) {
        size_t cap = 2 * (b->n + (size_t)w + 1);
        char *p = realloc(b->p, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(b->p + b->n, b->cap - b->n, fmt, ap);
    va_end(ap);
    b->n += (size_t)w;
}

/* ---- mapping --------------------------------------------------------- */

static const ucc_map_t *find_map(const ucc_map_t *m, const char *ours)
{
    for (; m->ours; m++)
        if (!strcmp(m->ours, ours))
            return m;
    return NULL;
}

/* The fastest of our algorithms measured at (pes, bytes) that has a UCC
 * equivalent (map order breaks ties), or NULL. */
static const ucc_map_t *best_mapped(const ss_tune_t *t, const ucc_coll_t *c,
                                    int pes, size_t bytes, double *time)
{
    const ucc_map_t *best = NULL;
    *time = NAN;
    for (const ucc_map_t *m = c->map; m->ours; m++) {
        double x = m->ucc ? ss_tune_time(t, c->ours, m->ours, pes, bytes) : NAN;
        if (!isnan(x) && !(x >= *time)) {
            best = m;
            *time = x;
        }
    }
    return best;
}

/* UCC memunits: the largest binary suffix that divides, "inf" for the
 * open end. */
static void mem_units(size_t v, char *buf, size_t len)
{
    static const char suf[] = "KMGT";
    int k = -1;
    if (v == SIZE_MAX) {
        snprintf(buf, len, "inf");
        return;
    }
    while (k < 3 && v && v % 1024 == 0) {
        v /= 1024;
        k++;
    }
    if (k >= 0)
        snprintf(buf, len, "%zu%c", v, suf[k]);
    else
        snprintf(buf, len, "%zu", v);
}

static size_t scaled(size_t bytes, size_t m)
{
    return bytes == SIZE_MAX || (m && bytes > SIZE_MAX / m) ? SIZE_MAX
                                                            : bytes * m;
}

/* What UCC gets at one measured point (see ss_tune_pick_t). */
static ss_tune_pick_t choose(const ss_tune_t *t, const ss_tune_table_t *tab,
                     const ucc_coll_t *c, int pes, size_t bytes)
{
    const ss_tune_rule_t *r = ss_tune_lookup(tab, pes, bytes);
    const ucc_map_t *m = r ? find_map(c->map, r->algorithm) : NULL;
    ss_tune_pick_t p = {NULL, r ? r->algorithm : "?", NULL, NULL, 0};
    const ucc_map_t *alt;
    double tm;
    if (m && m->ucc) {
        p.value = m->ucc;
        return p;
    }
    if ((alt = best_mapped(t, c, pes, bytes, &tm))) {
        p.value = alt->ucc;
        p.alt = alt;
        p.alt_ours = alt->ours;
        p.slow = r && r->time_s > 0 ? tm / r->time_s - 1 : 0;
    }
    return p;
}

/* The size segments of one PE count, as "START-END @ALG" separated by
 * '|', into body (the team qualifier is added when written). */
static int segments(const ss_tune_t *t, const ss_tune_table_t *tab,
                    const ucc_coll_t *c, int pes, sbuf_t *body, FILE *out,
                    FILE *note)
{
    size_t *sizes, n;
    char lo[32], hi[32];
    if (ss_tune_sizes(t, c->ours, pes, &sizes, &n))
        return -1;
    size_t mult = c->per_pe ? (size_t)pes : 1;
    ss_tune_pick_t *pk = n ? malloc(n * sizeof *pk) : NULL;
    if (n && !pk)
        return free(sizes), -1;
    for (size_t i = 0; i < n; i++)
        pk[i] = choose(t, tab, c, pes, sizes[i]);
    ss_tune_say_substitutes("ucc", "but has no UCC equivalent; using",
                            "UCC; UCC's default stays", c->ours, pes, sizes,
                            pk, n, out, note);
    for (size_t i = 0, j; i < n; i = j) {
        for (j = i + 1; j < n && !pk[j].value == !pk[i].value &&
                        (!pk[i].value || !strcmp(pk[j].value, pk[i].value)); j++)
            ;
        size_t from = scaled(i ? sizes[i] : 0, mult);
        size_t to = j < n ? scaled(sizes[j], mult) : SIZE_MAX;
        if (!pk[i].value || from == SIZE_MAX)
            continue;
        mem_units(from, lo, sizeof lo);
        mem_units(to, hi, sizeof hi);
        sb_printf(body, "%s%s-%s @%s", body->n ? "|" : "", lo, hi, pk[i].value);
    }
    free(pk);
    free(sizes);
    return body->oom ? -1 : 0;
}

/* Appends the entries of body for teams of pes_lo..pes_hi. */
static void flush(sbuf_t *s, const ucc_coll_t *c, const char *body, int lo,
                  int hi)
{
    char team[48];
    if (hi == SS_TUNE_PES_MAX)
        snprintf(team, sizeof team, "[%d-inf]", lo);
    else
        snprintf(team, sizeof team, "[%d-%d]", lo, hi);
    for (const char *p = body; p && *p;) {
        size_t len = strcspn(p, "|"), sp = strcspn(p, " ");
        sb_printf(s, "%s%s:%.*s:%s:%.*s", s->n ? "#" : "", c->ucc, (int)sp, p,
                  team, (int)(len - sp - 1), p + sp + 1);
        p += len + (p[len] == '|');
    }
}

/* One collective: PE counts whose segments are the same share an entry
 * (their team ranges are contiguous). */
static int export_coll(const ss_tune_t *t, const ss_tune_table_t *tab,
                       const ucc_coll_t *c, sbuf_t *s, FILE *out, FILE *note)
{
    sbuf_t prev = {0}, cur = {0};
    int lo = 0, hi = 0, rc = 0;
    for (size_t i = 0; i < tab->n && !rc; i++) {
        const ss_tune_rule_t *r = &tab->rules[i];
        if (i && tab->rules[i - 1].pes_lo == r->pes_lo)
            continue;
        cur.n = 0;
        if (cur.p)
            cur.p[0] = '\0';
        if ((rc = segments(t, tab, c, r->pes_lo, &cur, out, note)))
            break;
        if (prev.p && cur.p && !strcmp(prev.p, cur.p) && cur.n) {
            hi = r->pes_hi;
            continue;
        }
        if (prev.n)
            flush(s, c, prev.p, lo, hi);
        sbuf_t tmp = prev;
        prev = cur;
        cur = tmp;
        lo = r->pes_lo;
        hi = r->pes_hi;
    }
    if (!rc && prev.n)
        flush(s, c, prev.p, lo, hi);
    free(prev.p);
    free(cur.p);
    return rc;
}

static void write_map(FILE *out, const ucc_coll_t *c)
{
    fprintf(out, "# %s -> %s%s\n", c->ours, c->ucc,
            c->per_pe ? " (sizes: bytes per PE x PEs)" : "");
    for (const ucc_map_t *m = c->map; m->ours; m++)
        fprintf(out, "#   %-20s %-12s %s\n", m->ours, m->ucc ? m->ucc : "(none)",
                m->how);
}

static void write_header(FILE *out, const ss_tune_t *t)
{
    fprintf(out,
        "# UCC TL/UCP tuning written by shmemsim tune from simulated results:\n"
        "# platform %s, model %s, %d PE(s) per host.\n"
        "# Use: set -a; . ./THIS_FILE; set +a; then oshrun/mpirun -x "
        "UCC_TL_UCP_TUNE ...\n"
        "# Syntax (UCC src/coll_score/ucc_coll_score.c): entries joined by "
        "'#', each\n"
        "# COLL:START-END:[TEAM_LO-TEAM_HI]:@ALG with START <= bytes < END "
        "(boundaries\n"
        "# go to the later range, ucc_coll_score_map.c). allgather and "
        "allgatherv are\n"
        "# sized by UCC by the total bytes (ucc_coll_args_msgsize), fcollect "
        "and collect\n"
        "# by bytes per PE: their sizes here are bytes per PE x the PE count "
        "the rule\n"
        "# was measured at. Teams smaller than the smallest measured PE count, "
        "and\n"
        "# collectives not measured, keep UCC's defaults. Radices are not in "
        "the\n"
        "# results: set UCC_TL_UCP_*_KN_RADIX as the notes below say.\n#\n",
        *t->platform ? t->platform : "-", *t->model ? t->model : "-", t->ppn);
}

int ss_export_ucc(FILE *out, FILE *note, const ss_tune_t *t, char *err,
                  size_t errlen)
{
    sbuf_t s = {0};
    write_header(out, t);
    for (size_t k = 0; k < sizeof colls / sizeof *colls; k++) {
        const ss_tune_table_t *tab = ss_tune_find(t, colls[k].ours);
        if (!tab)
            continue;
        write_map(out, &colls[k]);
        if (export_coll(t, tab, &colls[k], &s, out, note))
            s.oom = 1;
    }
    if (s.oom) {
        free(s.p);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (!s.n) {
        snprintf(err, errlen, "none of the measured algorithms has a UCC "
                 "equivalent (see the mapping in shmemsim tune --help)");
        return -1;
    }
    ss_tune_say_unmapped(t, "alltoall", "ucc", "UCC_TL_UCP_TUNE", out, note);
    fprintf(out, "UCC_TL_UCP_TUNE=%s\n", s.p);
    free(s.p);
    return 0;
}
