/* results.c - reading result CSV back into rows (RFC 4180 fields). */
#define _POSIX_C_SOURCE 200809L
#include "results.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { C_COLL, C_ALG, C_PES, C_BYTES, C_TIME, C_PRED, C_PPN, C_MODEL,
       C_PLAT, C_CHECK, C_RADIX, C_SEGMENT, C_METHOD, C_LO, C_HI, NCOLS };
static const char *const col_names[NCOLS] = {
    "collective", "algorithm", "pes", "bytes", "time_s", "predicted_s",
    "ppn", "model", "platform", "check", "radix", "segment", "method",
    "lo_s", "hi_s",
};
/* Columns a row cannot do without; the rest default when absent. */
static const int required[] = {C_COLL, C_ALG, C_PES, C_BYTES, C_TIME};

typedef struct record {
    char **f;
    size_t n, cap;
} record_t;

typedef struct reader {
    FILE *in;
    const char *name;
    long line;
    char *err;
    size_t errlen;
} reader_t;

static void record_clear(record_t *r)
{
    for (size_t i = 0; i < r->n; i++)
        free(r->f[i]);
    r->n = 0;
}

static int push_field(record_t *r, char *buf, size_t len)
{
    if (r->n == SS_RESULTS_MAX_FIELDS)
        return -1;
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 16;
        char **f = realloc(r->f, cap * sizeof *f);
        if (!f)
            return -1;
        r->f = f;
        r->cap = cap;
    }
    if (!(r->f[r->n] = malloc(len + 1)))
        return -1;
    memcpy(r->f[r->n], buf, len);
    r->f[r->n++][len] = '\0';
    return 0;
}

static int put_char(char **buf, size_t *len, size_t *cap, int c)
{
    if (*len == SS_RESULTS_MAX_FIELD)
        return -1;
    if (*len + 1 >= *cap) {
        size_t nc = *cap ? 2 * *cap : 64;
        char *b = realloc(*buf, nc);
        if (!b)
            return -1;
        *buf = b;
        *cap = nc;
    }
    (*buf)[(*len)++] = (char)c;
    return 0;
}

/* Reads one record; 1 if one was read, 0 at end of file, -1 on error.
 * A quoted field may hold commas, doubled quotes and line breaks; CR
 * before LF is dropped. */
static int read_record(reader_t *rd, record_t *r)
{
    char *buf = NULL;
    size_t len = 0, cap = 0;
    int c, quoted = 0, in_quotes = 0, any = 0, rc = 1;
    record_clear(r);
    rd->line++;
    while ((c = fgetc(rd->in)) != EOF) {
        any = 1;
        if (in_quotes) {
            if (c == '"') {
                int d = fgetc(rd->in);
                if (d == '"') {
                    if (put_char(&buf, &len, &cap, '"'))
                        goto oom;
                    continue;
                }
                in_quotes = 0;
                if (d == EOF)
                    break;
                c = d;
            } else {
                if (c == '\n')
                    rd->line++;
                if (put_char(&buf, &len, &cap, c))
                    goto oom;
                continue;
            }
        }
        if (c == '"' && len == 0 && !quoted) {
            quoted = in_quotes = 1;
        } else if (c == ',' || c == '\n') {
            if (len && buf[len - 1] == '\r' && !quoted)
                len--;
            if (push_field(r, buf ? buf : "", len))
                goto oom;
            len = 0;
            quoted = 0;
            if (c == '\n')
                goto done;
        } else if (quoted) {
            if (c != '\r') {
                snprintf(rd->err, rd->errlen, "%s:%ld: text after a closing "
                         "quote (a quoted CSV field must end at the quote)",
                         rd->name, rd->line);
                rc = -1;
                goto done;
            }
        } else if (put_char(&buf, &len, &cap, c)) {
            goto oom;
        }
    }
    if (in_quotes) {
        snprintf(rd->err, rd->errlen, "%s:%ld: a quoted field is not closed "
                 "before the end of the file", rd->name, rd->line);
        rc = -1;
    } else if (!any) {
        rc = 0;
    } else {
        if (len && buf[len - 1] == '\r' && !quoted)
            len--;                        /* CRLF file without a last LF */
        if (push_field(r, buf ? buf : "", len))
            goto oom;
    }
done:
    free(buf);
    return rc;
oom:
    free(buf);
    if (len == SS_RESULTS_MAX_FIELD || r->n == SS_RESULTS_MAX_FIELDS)
        snprintf(rd->err, rd->errlen, "%s:%ld: a field longer than %d bytes or a "
                 "record of more than %d fields: not a result file", rd->name,
                 rd->line, SS_RESULTS_MAX_FIELD, SS_RESULTS_MAX_FIELDS);
    else
        snprintf(rd->err, rd->errlen, "%s: out of memory", rd->name);
    return -1;
}

static int parse_num(reader_t *rd, const char *s, const char *col, int isreal,
                     double *d, unsigned long long *u)
{
    char *end;
    errno = 0;
    if (isreal) {
        *d = *s ? strtod(s, &end) : NAN;
        if (!*s || (!*end && errno == 0))
            return 0;
    } else if (*s >= '0' && *s <= '9') {   /* strtoull takes " -5" */
        *u = strtoull(s, &end, 10);
        if (!*end && errno == 0)
            return 0;
    }
    snprintf(rd->err, rd->errlen, "%s:%ld: column %s holds '%.40s', which is not "
             "a%s number", rd->name, rd->line, col, s, isreal ? "" : " whole");
    return -1;
}

/* scale's columns: method, and an interval around time_s. */
static int fill_interval(reader_t *rd, const char *const *v, ss_result_t *row)
{
    unsigned long long u;
    if (*v[C_METHOD] && strcmp(v[C_METHOD], "fitted") &&
        strcmp(v[C_METHOD], "simulated") && strcmp(v[C_METHOD], "sampled")) {
        snprintf(rd->err, rd->errlen, "%s:%ld: method is '%.40s'; shmemsim scale "
                 "writes simulated, sampled or fitted", rd->name, rd->line, v[C_METHOD]);
        return -1;
    }
    /* sampled: an estimate with an interval, like a fit */
    row->fitted = !strcmp(v[C_METHOD], "fitted") || !strcmp(v[C_METHOD], "sampled");
    if (parse_num(rd, v[C_LO], "lo_s", 1, &row->lo_s, &u) ||
        parse_num(rd, v[C_HI], "hi_s", 1, &row->hi_s, &u))
        return -1;
    if (!isnan(row->lo_s) && !isnan(row->hi_s) &&
        !(row->lo_s <= row->time_s && row->time_s <= row->hi_s)) {
        snprintf(rd->err, rd->errlen, "%s:%ld: time_s is outside lo_s..hi_s",
                 rd->name, rd->line);
        return -1;
    }
    return 0;
}

static int fill_row(reader_t *rd, const record_t *rec, const int *idx,
                    ss_result_t *row)
{
    const char *v[NCOLS];
    double d;
    unsigned long long u = 0;
    for (int c = 0; c < NCOLS; c++)
        v[c] = idx[c] >= 0 ? rec->f[idx[c]] : "";
    memset(row, 0, sizeof *row);
    row->checked = -1;
    row->predicted_s = row->lo_s = row->hi_s = NAN;
    if (parse_num(rd, v[C_PES], "pes", 0, &d, &u) || u == 0 || u > INT_MAX)
        return rd->err[0] ? -1 : (snprintf(rd->err, rd->errlen, "%s:%ld: pes "
                                           "must be 1 or more", rd->name,
                                           rd->line), -1);
    row->pes = (int)u;
    if (parse_num(rd, v[C_BYTES], "bytes", 0, &d, &u))
        return -1;
    /* Sizes and times beyond these are garbage, and would overflow the
     * arithmetic of charts and tables (2^53: exact in a double). */
    if (u > SS_RESULTS_MAX_BYTES) {
        snprintf(rd->err, rd->errlen, "%s:%ld: bytes %llu is more than 2^53",
                 rd->name, rd->line, u);
        return -1;
    }
    row->bytes = (size_t)u;
    if (parse_num(rd, v[C_TIME], "time_s", 1, &row->time_s, &u) ||
        parse_num(rd, v[C_PRED], "predicted_s", 1, &row->predicted_s, &u))
        return -1;
    if (!(row->time_s >= 0 && row->time_s <= SS_RESULTS_MAX_TIME)) {
        snprintf(rd->err, rd->errlen, "%s:%ld: time_s must be a number of "
                 "seconds from 0 to %g", rd->name, rd->line, SS_RESULTS_MAX_TIME);
        return -1;
    }
    u = 1;
    if (*v[C_PPN] && parse_num(rd, v[C_PPN], "ppn", 0, &d, &u))
        return -1;
    if (u == 0 || u > INT_MAX) {
        snprintf(rd->err, rd->errlen, "%s:%ld: ppn must be 1 or more",
                 rd->name, rd->line);
        return -1;
    }
    row->ppn = (int)u;
    row->checked = !*v[C_CHECK] ? -1 : !strcmp(v[C_CHECK], "ok");
    if (*v[C_RADIX] && (parse_num(rd, v[C_RADIX], "radix", 0, &d, &u) || u > INT_MAX))
        return rd->err[0] ? -1 : (snprintf(rd->err, rd->errlen, "%s:%ld: radix "
                                           "too large", rd->name, rd->line), -1);
    row->radix = *v[C_RADIX] ? (int)u : 0;
    if (*v[C_SEGMENT] && parse_num(rd, v[C_SEGMENT], "segment", 0, &d, &u))
        return -1;
    row->segment = *v[C_SEGMENT] ? (size_t)u : 0;
    if (fill_interval(rd, v, row))
        return -1;
    row->collective = strdup(v[C_COLL]);
    row->algorithm = strdup(v[C_ALG]);
    row->model = strdup(v[C_MODEL]);
    row->platform = strdup(v[C_PLAT]);
    if (!row->collective || !row->algorithm || !row->model || !row->platform) {
        snprintf(rd->err, rd->errlen, "%s: out of memory", rd->name);
        return -1;
    }
    return 0;
}

static void row_free(ss_result_t *r)
{
    free(r->collective);
    free(r->algorithm);
    free(r->model);
    free(r->platform);
}

static int map_header(reader_t *rd, const record_t *h, int *idx)
{
    for (int c = 0; c < NCOLS; c++) {
        idx[c] = -1;
        for (size_t k = 0; k < h->n; k++)
            if (!strcmp(h->f[k], col_names[c]))
                idx[c] = (int)k;
    }
    for (size_t k = 0; k < sizeof required / sizeof *required; k++)
        if (idx[required[k]] < 0) {
            snprintf(rd->err, rd->errlen, "%s:1: the header has no '%s' "
                     "column (expected the CSV of shmemsim run --format csv "
                     "or shmemsim sweep)", rd->name, col_names[required[k]]);
            return -1;
        }
    return 0;
}

static int add_row(ss_results_t *out, size_t *cap, const ss_result_t *row)
{
    if (out->n == *cap) {
        size_t nc = *cap ? 2 * *cap : 64;
        ss_result_t *r = realloc(out->rows, nc * sizeof *r);
        if (!r)
            return -1;
        out->rows = r;
        *cap = nc;
    }
    out->rows[out->n++] = *row;
    return 0;
}

/* Messages quote fields, and a quoted field may hold line breaks: they
 * become '?' so that the message stays one line. (traces/ depends on
 * nothing, util's ss_one_line included.) */
static void one_line(char *s)
{
    for (unsigned char *c = (unsigned char *)s; *c; c++)
        if ((*c < 0x20 && *c != '\t') || *c == 0x7f)
            *c = '?';
}

/* Spreadsheets save CSV with a UTF-8 byte order mark, which would
 * otherwise glue itself to the first column name. No column name starts
 * with 0xEF, so past one nothing of a valid header is lost. */
static void skip_bom(FILE *f)
{
    int c = fgetc(f);
    if (c != 0xEF) {
        if (c != EOF)
            ungetc(c, f);
        return;
    }
    if (fgetc(f) == 0xBB)
        fgetc(f);
}

int ss_results_read(FILE *f, const char *name, ss_results_t *out, char *err,
                    size_t errlen)
{
    reader_t rd = {f, name, 0, err, errlen};
    record_t rec = {0};
    int idx[NCOLS], rc;
    size_t cap = 0;
    out->rows = NULL;
    out->n = 0;
    err[0] = '\0';
    skip_bom(f);
    if ((rc = read_record(&rd, &rec)) <= 0) {
        if (rc == 0)
            snprintf(err, errlen, "%s: the file is empty (no CSV header)", name);
        goto fail;
    }
    if (map_header(&rd, &rec, idx))
        goto fail;
    while ((rc = read_record(&rd, &rec)) > 0) {
        if (rec.n == 1 && !rec.f[0][0])
            continue;                       /* blank line */
        ss_result_t row;
        if (rec.n < 2) {
            snprintf(err, errlen, "%s:%ld: a row with %zu field(s); the header "
                     "has more", name, rd.line, rec.n);
            goto fail;
        }
        for (int c = 0; c < NCOLS; c++)
            if (idx[c] >= (int)rec.n) {
                snprintf(err, errlen, "%s:%ld: the row has %zu fields, fewer "
                         "than the header", name, rd.line, rec.n);
                goto fail;
            }
        if (fill_row(&rd, &rec, idx, &row) || add_row(out, &cap, &row)) {
            row_free(&row);
            if (!err[0])
                snprintf(err, errlen, "%s: out of memory", name);
            goto fail;
        }
    }
    if (rc < 0)
        goto fail;
    record_clear(&rec);
    free(rec.f);
    return 0;
fail:
    record_clear(&rec);
    free(rec.f);
    ss_results_free(out);
    one_line(err);
    return -1;
}

int ss_results_load(const char *path, ss_results_t *out, char *err,
                    size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        out->rows = NULL;
        out->n = 0;
        return -1;
    }
    int rc = ss_results_read(f, path, out, err, errlen);
    fclose(f);
    return rc;
}

void ss_results_free(ss_results_t *r)
{
    for (size_t i = 0; i < r->n; i++)
        row_free(&r->rows[i]);
    free(r->rows);
    r->rows = NULL;
    r->n = 0;
}
