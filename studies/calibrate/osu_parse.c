/* osu_parse.c - the OSU Micro-Benchmarks' printed tables (osu_parse.h).
 *
 * Strict where a mistake would go unnoticed into a fit: every row must
 * hold a number where OSU prints one, sizes must grow, and a file cut off
 * in its last row says so. Lenient where releases differ: the version in
 * the header, the 7.x datatype line, and trailing columns OSU adds on
 * request (validation, tail percentiles, min/max). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "oneline.h"
#include "osu_parse.h"

#define MAXTOK 16

/* name: the header's BENCHMARK string; label: what its column line holds;
 * cols: the column line, and what a row holds, for messages. */
static const struct {
    const char *name, *prog, *label, *cols, *fields;
    int nvals;   /* numbers a row must have after the size or operation */
} kinds[OSU_NKINDS] = {
    [OSU_LATENCY] = {"OSU MPI Latency Test", "osu_latency", "Latency",
                     "# Size  Latency (us)", "size, latency in us", 1},
    [OSU_BW] = {"OSU MPI Bandwidth Test", "osu_bw", "Bandwidth",
                "# Size  Bandwidth (MB/s)", "size, MB/s", 1},
    [OSU_MBW_MR] = {"OSU MPI Multiple Bandwidth / Message Rate Test", "osu_mbw_mr",
                    "MB/s", "# Size  MB/s  Messages/s", "size, MB/s, messages/s", 1},
    [OSU_PUT] = {"OSU OpenSHMEM Put Test", "osu_oshm_put", "Latency",
                 "# Size  Latency (us)", "size, latency in us", 1},
    [OSU_GET] = {"OSU OpenSHMEM Get Test", "osu_oshm_get", "Latency",
                 "# Size  Latency (us)", "size, latency in us", 1},
    [OSU_PUT_MR] = {"OSU OpenSHMEM Put Message Rate Test", "osu_oshm_put_mr",
                    "Messages/s", "# Size  Messages/s", "size, messages/s", 1},
    [OSU_ATOMICS] = {"OSU OpenSHMEM Atomic Operation Rate Test", "osu_oshm_atomics",
                     "ops/s", "# Operation  Million ops/s  Latency (us)",
                     "operation, million ops/s, latency in us", 2},
    [OSU_PUT_BW] = {"OSU OpenSHMEM Put Bandwidth Test", "osu_oshm_put_bw", "Bandwidth",
                    "# Size  Bandwidth (MB/s)", "size, MB/s", 1},
    [OSU_GET_BW] = {"OSU OpenSHMEM Get Bandwidth Test", "osu_oshm_get_bw", "Bandwidth",
                    "# Size  Bandwidth (MB/s)", "size, MB/s", 1},
    [OSU_RMA_PUT_LAT] = {"OSU MPI_Put Latency Test", "osu_put_latency", "Latency",
                         "# Size  Latency (us)", "size, latency in us", 1},
    [OSU_RMA_GET_LAT] = {"OSU MPI_Get Latency Test", "osu_get_latency", "Latency",
                         "# Size  Latency (us)", "size, latency in us", 1},
    [OSU_RMA_PUT_BW] = {"OSU MPI_Put Bandwidth Test", "osu_put_bw", "Bandwidth",
                        "# Size  Bandwidth (MB/s)", "size, MB/s", 1},
    [OSU_RMA_GET_BW] = {"OSU MPI_Get Bandwidth Test", "osu_get_bw", "Bandwidth",
                        "# Size  Bandwidth (MB/s)", "size, MB/s", 1},
    [OSU_ALLREDUCE] = {"OSU MPI Allreduce Latency Test", "osu_allreduce", "Latency",
                       "# Size  Avg Latency(us)", "size, latency in us", 1},
    [OSU_BARRIER] = {"OSU OpenSHMEM Barrier Latency Test", "osu_oshm_barrier",
                     "Latency", "# Avg Latency(us)", "latency in us", 1},
};

static const char known[] = "osu_latency, osu_bw, osu_mbw_mr, osu_allreduce, "
                            "osu_put_latency, osu_get_latency, osu_put_bw, "
                            "osu_get_bw, osu_oshm_put, osu_oshm_get, "
                            "osu_oshm_put_mr, osu_oshm_atomics, osu_oshm_put_bw, "
                            "osu_oshm_get_bw, osu_oshm_barrier";

typedef struct pstate {
    const char *path;
    char *err;
    size_t errlen;
    osu_table_t *t;
    size_t cap;
    int line, have_cols, nvals, done, first_text;
} pstate_t;

const char *osu_kind_name(osu_kind_t k)
{
    return k < OSU_NKINDS ? kinds[k].prog : "?";
}

int osu_op_nonfetching(const char *op)
{
    size_t n = strlen(op);
    return !strncmp(op, "shmem_", 6) && !strstr(op, "fetch") &&
           ((n > 4 && !strcmp(op + n - 4, "_add")) ||
            (n > 4 && !strcmp(op + n - 4, "_inc")) ||
            (n > 4 && !strcmp(op + n - 4, "_set")));
}

static int bad(pstate_t *s, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int bad(pstate_t *s, int line, const char *fmt, ...)
{
    va_list ap;
    int k = snprintf(s->err, s->errlen, "%s:%d: ", s->path, line);
    va_start(ap, fmt);
    if (k >= 0 && (size_t)k < s->errlen)
        vsnprintf(s->err + k, s->errlen - (size_t)k, fmt, ap);
    va_end(ap);
    ss_one_line(s->err);   /* what it quotes came from the file */
    return -1;
}

/* "OSU MPI-CUDA Latency Test": device builds name their buffers' place in
 * the benchmark's name; the table is the same. */
static void drop_device(char *title)
{
    if (!strncmp(title, "OSU MPI-", 8)) {
        char *sp = strchr(title + 8, ' ');
        if (sp)
            memmove(title + 7, sp, strlen(sp) + 1);
    }
}

static int header(pstate_t *s, const char *text)
{
    char title[sizeof s->t->title];
    snprintf(s->t->title, sizeof s->t->title, "%s", text + 2);
    snprintf(title, sizeof title, "%s", text + 2);
    drop_device(title);
    for (int k = 0; k < OSU_NKINDS; k++) {
        size_t n = strlen(kinds[k].name);
        if (!strncasecmp(title, kinds[k].name, n) && (!title[n] || title[n] == ' ')) {
            s->t->kind = (osu_kind_t)k;
            s->t->header_line = s->line;
            s->nvals = kinds[k].nvals;
            return 0;
        }
    }
    return bad(s, s->line, "unknown benchmark '%s' (calibrate reads the output "
               "of %s)", text + 2, known);
}

/* A '#' line after the header: the column line, pairs, datatype. */
static int comment(pstate_t *s, const char *text)
{
    osu_table_t *t = s->t;
    char window[16] = "";
    if (!strncmp(text, "# Datatype:", 11)) {
        s->done = t->n > 0;
        t->more_tables = s->done;
        return 0;
    }
    if (!strncmp(text, "# Synchronization:", 18)) {
        snprintf(t->sync, sizeof t->sync, "%s", text + 18 + strspn(text + 18, " "));
        return 0;
    }
    if (!strncmp(text, "# [ pairs:", 10)) {
        char *end;
        long pairs = strtol(text + 10, &end, 10);
        if (end == text + 10 || pairs < 1 || pairs > OSU_MAX_PAIRS)
            return bad(s, s->line, "pairs '%.20s' is not a count from 1 to %d",
                       text + 10 + strspn(text + 10, " "), OSU_MAX_PAIRS);
        if (sscanf(end, " ] [ window size: %15s", window) == 1 &&
            !strcmp(window, "varied"))
            return bad(s, s->line, "osu_mbw_mr ran with varied window sizes (-v): "
                       "calibrate reads one window's table (run it without -v)");
        t->pairs = (int)pairs;
        return 0;
    }
    if (strncmp(text, "# Size", 6) && strncmp(text, "# Operation", 11) &&
        (t->kind != OSU_BARRIER || strncmp(text, "# Avg", 5)))
        return 0;   /* e.g. "# Send Buffer on HOST (H) ..." */
    if (!strstr(text, kinds[t->kind].label))
        return bad(s, s->line, "column line '%s' is not %s's (expected '%s')",
                   text, kinds[t->kind].prog, kinds[t->kind].cols);
    if (t->kind == OSU_MBW_MR && strstr(text, "Messages/s"))
        s->nvals = 2;
    s->have_cols = 1;
    return 0;
}

static int number(const char *tok, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(tok, &end);
    return end != tok && !*end && errno != ERANGE && isfinite(*v) ? 0 : -1;
}

static int size_of(const char *tok, size_t *v)
{
    char *end;
    if (!isdigit((unsigned char)tok[0]))
        return -1;
    errno = 0;
    unsigned long long x = strtoull(tok, &end, 10);
    if (*end || errno == ERANGE || x > (size_t)-1)
        return -1;
    *v = (size_t)x;
    return 0;
}

/* The row's values, in SI units, into r. */
static void convert(osu_kind_t k, const double *v, int nv, osu_row_t *r)
{
    switch (k) {
    case OSU_LATENCY: case OSU_PUT: case OSU_GET: case OSU_RMA_PUT_LAT:
    case OSU_RMA_GET_LAT: case OSU_ALLREDUCE: case OSU_BARRIER:
        r->lat = v[0] * 1e-6;
        break;
    case OSU_BW: case OSU_RMA_PUT_BW: case OSU_RMA_GET_BW:
        r->bw = v[0] * 1e6;
        break;
    case OSU_PUT_BW: case OSU_GET_BW:   /* one operation at a time */
        r->bw = v[0] * 1e6;
        r->rate = r->bytes ? r->bw / (double)r->bytes : 0;
        break;
    case OSU_MBW_MR:
        r->bw = v[0] * 1e6;
        r->rate = nv > 1 ? v[1] : r->bytes ? r->bw / (double)r->bytes : 0;
        break;
    case OSU_PUT_MR:
        r->rate = v[0];
        break;
    default:   /* atomics: million ops/s, us */
        r->rate = v[0] * 1e6;
        r->lat = v[1] * 1e-6;
    }
}

/* The fields of a row: the size (or operation) and its numbers. */
static int fields(pstate_t *s, char **tok, int ntok, int last, osu_row_t *r)
{
    osu_kind_t k = s->t->kind;
    double v[MAXTOK];
    if (k == OSU_ATOMICS ? strncmp(tok[0], "shmem_", 6) != 0 : size_of(tok[0], &r->bytes))
        return bad(s, s->line, "'%s' is not %s (expected rows of %s, as in '%s')",
                   tok[0], k == OSU_ATOMICS ? "an operation" : "a message size",
                   kinds[k].fields, k == OSU_ATOMICS ? "shmem_int_add  3.31  0.30"
                                                     : "8  1.52");
    if (k == OSU_ATOMICS)
        snprintf(r->op, sizeof r->op, "%s", tok[0]);
    if (ntok - 1 < s->nvals)
        return bad(s, s->line, "the row has %d field%s, expected %d (%s)%s", ntok,
                   ntok == 1 ? "" : "s", s->nvals + 1, kinds[k].fields,
                   last ? ": the file looks truncated" : "");
    for (int i = 1; i < ntok; i++) {
        if (number(tok[i], &v[i - 1]) == 0)
            continue;
        /* osu -c adds a Validation column */
        if (i > s->nvals && (!strcmp(tok[i], "Pass") || !strcmp(tok[i], "Fail")))
            continue;
        return bad(s, s->line, "'%s' is not a number (expected %s)", tok[i],
                   kinds[k].fields);
    }
    for (int i = 0; i < s->nvals; i++)
        if (!(v[i] > 0))
            return bad(s, s->line, "'%s' must be positive (%s)", tok[i + 1],
                       kinds[k].fields);
    convert(k, v, s->nvals, r);
    return 0;
}

static int row(pstate_t *s, char *text, int last)
{
    osu_table_t *t = s->t;
    char *tok[MAXTOK], *save;
    int ntok = 0;
    if (!s->have_cols)
        return bad(s, s->line, "a row before the column line (expected '%s' "
                   "after the header)", kinds[t->kind].cols);
    static char no_size[] = "0";   /* osu_oshm_barrier: a latency alone */
    if (t->kind == OSU_BARRIER) {
        if (t->n)
            return bad(s, s->line, "a second latency: osu_oshm_barrier prints one");
        tok[ntok++] = no_size;
    }
    for (char *p = strtok_r(text, " \t", &save); p && ntok < MAXTOK;
         p = strtok_r(NULL, " \t", &save))
        tok[ntok++] = p;
    if (t->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 32;
        osu_row_t *rows = realloc(t->rows, cap * sizeof *rows);
        if (!rows)
            return bad(s, s->line, "out of memory");
        t->rows = rows;
        s->cap = cap;
    }
    osu_row_t *r = &t->rows[t->n];
    memset(r, 0, sizeof *r);
    r->line = s->line;
    if (fields(s, tok, ntok, last, r))
        return -1;
    if (t->kind != OSU_ATOMICS && t->n && r->bytes <= t->rows[t->n - 1].bytes)
        return bad(s, s->line, "size %zu after %zu: OSU prints sizes in increasing "
                   "order (two runs in one file?)", r->bytes, t->rows[t->n - 1].bytes);
    t->n++;
    return 0;
}

/* One line, without its newline; last: the file ends in it, unterminated. */
static int line(pstate_t *s, char *text, int last)
{
    text += strspn(text, " \t");
    size_t n = strlen(text);
    while (n && isspace((unsigned char)text[n - 1]))
        text[--n] = 0;
    if (!n || s->done)
        return 0;
    if (!s->first_text)
        s->first_text = s->line;
    if (!s->t->header_line)
        return strncmp(text, "# OSU ", 6) ? 0 : header(s, text);
    return text[0] == '#' ? comment(s, text) : row(s, text, last);
}

static int finish(pstate_t *s)
{
    if (!s->first_text)
        return bad(s, 1, "empty file (expected the output of an OSU benchmark: "
                   "%s)", known);
    if (!s->t->header_line)
        return bad(s, s->first_text, "no OSU header (expected a line like '# OSU "
                   "OpenSHMEM Put Test v7.4' naming the benchmark: %s)", known);
    if (!s->t->n)
        return bad(s, s->line, "no data rows after the header (expected rows of "
                   "%s: did the benchmark fail?)", kinds[s->t->kind].fields);
    return 0;
}

/* One line of f into buf (OSU_LINE_MAX + 2 bytes, without its '\n');
 * 1 when read, 0 at the end, -1 (with the error set) when it is too
 * long or holds a NUL: OSU prints short lines, and a line is never read
 * into memory without bound. *last: the file ends in it, unterminated. */
static int next_line(pstate_t *s, FILE *f, char *buf, int *last)
{
    size_t len = 0;
    int c = EOF;
    while ((c = getc(f)) != EOF && c != '\n') {
        if (c == 0)
            return bad(s, s->line + 1, "a NUL byte: this is not a text file");
        if (len == OSU_LINE_MAX)
            return bad(s, s->line + 1, "a line longer than %d characters: this is "
                       "not the output of an OSU benchmark", OSU_LINE_MAX);
        buf[len++] = (char)c;
    }
    buf[len] = 0;
    *last = c == EOF;
    if (c == EOF && len == 0)
        return 0;
    if (s->line == OSU_MAX_LINES)
        return bad(s, s->line + 1, "more than %d lines: this is not the output "
                   "of one OSU benchmark", OSU_MAX_LINES);
    s->line++;
    return 1;
}

int osu_parse(FILE *f, const char *path, osu_table_t *t, char *err, size_t errlen)
{
    pstate_t s = {.path = path, .err = err, .errlen = errlen, .t = t};
    char buf[OSU_LINE_MAX + 2];
    int rc = 0, last = 0, r;
    memset(t, 0, sizeof *t);
    errno = 0;
    while (rc == 0 && (r = next_line(&s, f, buf, &last)) != 0)
        rc = r < 0 ? -1 : line(&s, buf, last);
    if (rc == 0 && ferror(f)) {
        snprintf(err, errlen, "%s: cannot read it (%s)", path, strerror(errno));
        rc = -1;
    }
    if (rc == 0)
        rc = finish(&s);
    if (rc)
        osu_free(t);
    return rc;
}

int osu_read(const char *path, osu_table_t *t, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot read it (%s)", path, strerror(errno));
        return -1;
    }
    int rc = osu_parse(f, path, t, err, errlen);
    fclose(f);
    return rc;
}

void osu_free(osu_table_t *t)
{
    free(t->rows);
    t->rows = NULL;
    t->n = 0;
}
