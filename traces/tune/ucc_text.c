/* ucc_text.c - see ucc_text.h. */
#include "ucc_text.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void ucc_text_printf(ucc_text_t *b, const char *fmt, ...)
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

void ucc_text_add(ucc_text_t *b, const char *word)
{
    size_t len = strlen(word);
    for (const char *p = b->p; p && (p = strstr(p, word)); p += len)
        if (p[-1] == ' ' && (p[len] == ' ' || !p[len]))
            return;
    ucc_text_printf(b, " %s", word);
}

void ucc_text_free(ucc_text_t *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}

/* UCC memunits: the largest binary suffix that divides, "inf" for the
 * open end (ucs_str_to_memunits reads both). */
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

static int same_value(const ss_tune_cell_t *a, const ss_tune_cell_t *b)
{
    return !a->value == !b->value && (!a->value || !strcmp(a->value, b->value));
}

/* The segments "START-END TOKEN|..." of the cells [i, j) of one PE count,
 * TOKEN "@value" (raw: the value itself): a run of sizes with one value
 * holds from its first size (0 for the first run) up to the next run's
 * first size. */
static void segments(ucc_text_t *s, int per_pe, int raw,
                     const ss_tune_cell_t *c, size_t i, size_t j)
{
    size_t mult = per_pe ? (size_t)c[i].pes : 1;
    char lo[32], hi[32];
    for (size_t a = i, b; a < j; a = b) {
        for (b = a + 1; b < j && same_value(&c[a], &c[b]); b++)
            ;
        size_t from = scaled(a > i ? c[a].bytes : 0, mult);
        size_t to = b < j ? scaled(c[b].bytes, mult) : SIZE_MAX;
        if (!c[a].value || from == SIZE_MAX)
            continue;
        mem_units(from, lo, sizeof lo);
        mem_units(to, hi, sizeof hi);
        ucc_text_printf(s, "%s%s-%s %s%s", s->n ? "|" : "", lo, hi,
                        raw ? "" : "@", c[a].value);
    }
}

/* Writes the segments of seg for teams lo..hi; each @ALG goes to names. */
static void flush(ucc_text_t *tune, ucc_text_t *names, const char *coll,
                  const char *seg, int lo, int hi)
{
    char team[48], name[64];
    if (hi == SS_TUNE_PES_MAX)
        snprintf(team, sizeof team, "[%d-inf]", lo);
    else
        snprintf(team, sizeof team, "[%d-%d]", lo, hi);
    for (const char *p = seg; p && *p;) {
        size_t len = strcspn(p, "|"), sp = strcspn(p, " ");
        ucc_text_printf(tune, "%s%s:host:%.*s:%s:%.*s", tune->n ? "#" : "",
                        coll, (int)sp, p, team, (int)(len - sp - 1),
                        p + sp + 1);
        snprintf(name, sizeof name, "%s/%.*s", coll, (int)(len - sp - 2),
                 p + sp + 2);
        if (p[sp + 1] == '@')
            ucc_text_add(names, name);
        p += len + (p[len] == '|');
    }
}

static int entries(ucc_text_t *tune, ucc_text_t *names, const char *coll,
                   int per_pe, int raw, const ss_tune_cell_t *c, size_t n)
{
    ucc_text_t prev = {0}, cur = {0};
    int lo = 0, hi = 0;
    for (size_t i = 0, j; i < n; i = j) {
        for (j = i + 1; j < n && c[j].pes == c[i].pes; j++)
            ;
        cur.n = 0;
        if (cur.p)
            cur.p[0] = '\0';
        segments(&cur, per_pe, raw, c, i, j);
        if (prev.n && cur.n && !strcmp(prev.p, cur.p)) {
            hi = c[i].pes_hi;          /* the same entries: one team range */
            continue;
        }
        if (prev.n)
            flush(tune, names, coll, prev.p, lo, hi);
        ucc_text_t tmp = prev;
        prev = cur;
        cur = tmp;
        lo = c[i].pes;
        hi = c[i].pes_hi;
    }
    if (prev.n)
        flush(tune, names, coll, prev.p, lo, hi);
    int oom = prev.oom || cur.oom || tune->oom || names->oom;
    ucc_text_free(&prev);
    ucc_text_free(&cur);
    return oom ? -1 : 0;
}

int ucc_text_entries(ucc_text_t *tune, ucc_text_t *names, const char *coll,
                     int per_pe, const ss_tune_cell_t *c, size_t n)
{
    return entries(tune, names, coll, per_pe, 0, c, n);
}

int ucc_text_tokens(ucc_text_t *tune, ucc_text_t *names, const char *coll,
                    int per_pe, const ss_tune_cell_t *c, size_t n)
{
    return entries(tune, names, coll, per_pe, 1, c, n);
}

/* The first UCC release with each name, where known: 1.0.0 and 1.2.0
 * from UCC's NEWS (ring allgather and SRA allreduce in 1.0.0, knomial
 * allgather in 1.2.0, neighbor exchange allgather after it); linear
 * allgather in 1.5.0 and ring allreduce in 1.8.0 from the releases' own
 * algorithm tables; CL/HIER's allreduce rab (v1.1.0's
 * src/components/cl/hier/allreduce/allreduce.c, the first with named
 * algorithms) and bcast 2step (bcast/bcast.c, new in v1.2.0) from the
 * release tags. Others: not checked, said so in the file. */
static const struct { const char *name, *since; } releases[] = {
    {"bcast/knomial", "1.0.0"},     {"allgather/ring", "1.0.0"},
    {"allreduce/knomial", "1.0.0"}, {"allreduce/sra_knomial", "1.0.0"},
    {"allgather/knomial", "1.2.0"}, {"allgather/neighbor", "1.3.0"},
    {"allgather/linear", "1.5.0"},  {"allreduce/ring", "1.8.0"},
    {"allreduce/rab", "1.1.0"},     {"bcast/2step", "1.2.0"},
};

static int older(const char *a, const char *b)
{
    int x[3] = {0}, y[3] = {0};
    sscanf(a, "%d.%d.%d", &x[0], &x[1], &x[2]);
    sscanf(b, "%d.%d.%d", &y[0], &y[1], &y[2]);
    for (int i = 0; i < 3; i++)
        if (x[i] != y[i])
            return x[i] < y[i];
    return 0;
}

static void write_release(FILE *out, const ucc_text_t *names)
{
    const char *need = "1.0.0";
    char unknown[256] = "";
    size_t used = 0;
    for (const char *p = names->p; p && *p;) {
        p += *p == ' ';
        size_t len = strcspn(p, " "), k = 0, nr = sizeof releases / sizeof *releases;
        while (k < nr && (strlen(releases[k].name) != len ||
                          strncmp(releases[k].name, p, len)))
            k++;
        if (k < nr && older(need, releases[k].since))
            need = releases[k].since;
        else if (k == nr && used < sizeof unknown)
            used += (size_t)snprintf(unknown + used, sizeof unknown - used,
                                     " %.*s", (int)len, p);
        p += len;
    }
    fprintf(out, "# Needs UCC %s or later: the oldest release that knows "
            "every @name below.\n", need);
    if (*unknown)
        fprintf(out, "# (Release not checked for:%s; `ucc_info -A` lists "
                "what a build has.)\n", unknown);
}

void ucc_text_header(FILE *out, const ss_tune_t *t, const ucc_text_t *vars,
                     const ucc_text_t *names)
{
    fprintf(out,
        "# UCC TL/UCP settings written by shmemsim tune from simulated "
        "results:\n# platform %s, model %s, %d PE(s) per host.\n",
        *t->platform ? t->platform : "-", *t->model ? t->model : "-", t->ppn);
    write_release(out, names);
    fprintf(out,
        "# Use (Open MPI OSHMEM with its scoll ucc component):\n"
        "#   set -a; . ./THIS_FILE; set +a\n"
        "#   oshrun --mca scoll_ucc_enable 1 -x UCC_TL_UCP_TUNE");
    for (const char *p = vars->p; p && *p;) {
        p += *p == ' ';
        size_t len = strcspn(p, " ");
        fprintf(out, " -x %.*s", (int)len, p);
        p += len;
    }
    fprintf(out, " ...\n"
        "# scoll_ucc_enable: OSHMEM's UCC collectives are off by default "
        "(scoll_ucc_component.c),\n# and without it nothing here takes "
        "effect. Leave UCC_TL_UCP_KN_RADIX unset: when\n# positive it "
        "overrides every *_KN_RADIX below (tl_ucp.c). A UCC that does not "
        "know\n# one @name drops all of UCC_TL_UCP_TUNE and keeps its "
        "defaults (ucc_coll_score.c).\n# The entries steer TL/UCP only: a TL "
        "that scores higher for a collective\n# (e.g. TL/SHARP) still wins "
        "there.\n"
        "# Entries: COLL:host:START-END:[TEAM_LO-TEAM_HI]:@ALG, START <= bytes "
        "< END, host\n# memory only. allgather sizes are totals (bytes per PE "
        "x team size), exact at the\n# PE count measured. Teams below the "
        "smallest PE count measured keep UCC's\n# defaults.\n#\n");
}

void ucc_text_copy(FILE *tmp, FILE *out)
{
    char buf[4096];
    size_t n;
    rewind(tmp);
    while ((n = fread(buf, 1, sizeof buf, tmp)) > 0)
        fwrite(buf, 1, n, out);
}
