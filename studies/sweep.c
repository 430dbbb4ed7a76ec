/* sweep.c - the points of a sweep and their rows: reading result files
 * back, taking a child's output, and canonical writes.
 *
 * Rows are kept as the exact bytes `shmemsim run --format csv` printed, and
 * are never re-formatted: a resumed or merged file is then byte-identical
 * to an uninterrupted one, and a row found twice (a torn point re-run,
 * overlapping parts) can be checked for agreement by plain comparison.
 * Only the columns that identify a row are parsed, by a small RFC 4180
 * line splitter (the sweep refuses platforms with line breaks, so a record
 * is a line).
 */
#define _POSIX_C_SOURCE 200809L
#include "oneline.h"
#include "options.h"
#include "platform.h"
#include "sweep.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "summary.h"

struct ss_sweep_size_ix {
    size_t bytes, idx;
};

enum { F_COLL, F_ALG, F_PES, F_BYTES, F_MODEL, F_PPN, F_PLAT, NKEY };
static const char *const key_names[NKEY] = {
    "collective", "algorithm", "pes", "bytes", "model", "ppn", "platform",
};
#define MAXF SS_SWEEP_MAX_FIELDS

typedef struct fields {
    char *buf;
    size_t cap;
    const char *f[MAXF];
    size_t n;
} fields_t;

/* Splits one line (without its '\n') into unquoted fields; -1 if it is not
 * well-formed CSV or has too many fields. */
static int split(const char *line, size_t len, fields_t *fl)
{
    if (len + 1 > fl->cap) {
        char *b = realloc(fl->buf, len + 1);
        if (!b)
            return -1;
        fl->buf = b;
        fl->cap = len + 1;
    }
    char *o = fl->buf;
    size_t i = 0;
    fl->n = 0;
    for (;;) {
        if (fl->n == MAXF)
            return -1;
        fl->f[fl->n++] = o;
        if (i < len && line[i] == '"') {
            for (i++;; i++) {
                if (i >= len)
                    return -1;
                if (line[i] == '"' && (i + 1 >= len || line[i + 1] != '"'))
                    break;
                if (line[i] == '"')
                    i++;
                *o++ = line[i];
            }
            i++;
            if (i < len && line[i] != ',')
                return -1;
        } else {
            while (i < len && line[i] != ',')
                *o++ = line[i++];
        }
        *o++ = '\0';
        if (i >= len)
            return 0;
        i++;                              /* the comma */
    }
}

static int cmp_size(const void *a, const void *b)
{
    const struct ss_sweep_size_ix *x = a, *y = b;
    return x->bytes < y->bytes ? -1 : x->bytes > y->bytes;
}

static int build_header(ss_sweep_t *s)
{
    size_t len = 0;
    FILE *m = open_memstream(&s->header, &len);
    if (!m)
        return -1;
    ss_summary_write(m, SS_FMT_CSV, NULL, 0);
    return fclose(m) ? -1 : 0;
}

int ss_sweep_build(ss_sweep_t *s)
{
    size_t per_plat = 0;
    for (size_t k = 0; k < s->nkind; k++)
        per_plat += s->npes * s->nalg[k];
    s->npt = s->nplat * per_plat;
    s->pt = calloc(s->npt ? s->npt : 1, sizeof *s->pt);
    s->by_size = malloc((s->nsizes ? s->nsizes : 1) * sizeof *s->by_size);
    if (!s->pt || !s->by_size || build_header(s))
        return -1;
    ss_sweep_point_t *p = s->pt;
    for (size_t pl = 0; pl < s->nplat; pl++)
        for (size_t k = 0; k < s->nkind; k++)
            for (size_t e = 0; e < s->npes; e++)
                for (size_t a = 0; a < s->nalg[k]; a++, p++) {
                    *p = (ss_sweep_point_t){(int)pl, s->kinds[k], s->pes[e],
                                      s->algs[k][a], NULL, 0, 1};
                    if (!(p->rows = calloc(s->nsizes, sizeof *p->rows)))
                        return -1;
                }
    for (size_t i = 0; i < s->nsizes; i++)
        s->by_size[i] = (struct ss_sweep_size_ix){s->bytes[i], i};
    qsort(s->by_size, s->nsizes, sizeof *s->by_size, cmp_size);
    return 0;
}

static void clear_rows(const ss_sweep_t *s, ss_sweep_point_t *p)
{
    for (size_t i = 0; p->rows && i < s->nsizes; i++) {
        free(p->rows[i]);
        p->rows[i] = NULL;
    }
    p->have = 0;
}

void ss_sweep_free(ss_sweep_t *s)
{
    for (size_t i = 0; s->pt && i < s->npt; i++) {
        clear_rows(s, &s->pt[i]);
        free(s->pt[i].rows);
    }
    free(s->pt);
    free(s->by_size);
    free(s->header);
    s->pt = NULL;
    s->by_size = NULL;
    s->header = NULL;
}

void ss_sweep_point_name(const ss_sweep_t *s, const ss_sweep_point_t *p, char *buf,
                   size_t len)
{
    const char *pl = s->plats[p->plat];
    size_t n = strlen(pl);
    if (n > 40)
        snprintf(buf, len, "%s %s pes=%d plat=..%s",
                 shcoll_kind_name((shcoll_kind_t)p->kind), p->alg, p->pes,
                 pl + n - 38);
    else
        snprintf(buf, len, "%s %s pes=%d plat=%s",
                 shcoll_kind_name((shcoll_kind_t)p->kind), p->alg, p->pes, pl);
}

static int find_col(const ss_sweep_t *s, fields_t *fl, int col[NKEY])
{
    size_t hl = strlen(s->header);
    if (split(s->header, hl - 1, fl))
        return -1;
    for (int k = 0; k < NKEY; k++) {
        col[k] = -1;
        for (size_t i = 0; i < fl->n; i++)
            if (!strcmp(fl->f[i], key_names[k]))
                col[k] = (int)i;
        if (col[k] < 0)
            return -1;
    }
    return 0;
}

static long index_of(const char *v, const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(v, names[i]))
            return (long)i;
    return -1;
}

static int whole(const char *v, unsigned long long *out)
{
    char *end;
    if (*v < '0' || *v > '9')
        return -1;
    errno = 0;
    *out = strtoull(v, &end, 10);
    return errno || *end ? -1 : 0;
}

/* The point and size of a split row, or -1 if it is not one of them. */
static long locate(const ss_sweep_t *s, const fields_t *fl, const int col[NKEY],
                   size_t *size_i)
{
    const char *kn[SHCOLL_NKINDS];
    unsigned long long pes, bytes;
    for (size_t k = 0; k < s->nkind; k++)
        kn[k] = shcoll_kind_name((shcoll_kind_t)s->kinds[k]);
    long pl = index_of(fl->f[col[F_PLAT]], s->plats, s->nplat);
    long k = index_of(fl->f[col[F_COLL]], kn, s->nkind);
    if (pl < 0 || k < 0 || whole(fl->f[col[F_PES]], &pes) ||
        whole(fl->f[col[F_BYTES]], &bytes))
        return -1;
    long a = index_of(fl->f[col[F_ALG]], s->algs[k], s->nalg[k]);
    long e = -1;
    for (size_t i = 0; i < s->npes; i++)
        if ((unsigned long long)s->pes[i] == pes)
            e = (long)i;
    struct ss_sweep_size_ix key = {(size_t)bytes, 0}, *hit = bytes > SIZE_MAX ? NULL :
        bsearch(&key, s->by_size, s->nsizes, sizeof key, cmp_size);
    if (a < 0 || e < 0 || !hit)
        return -1;
    size_t per_plat = 0, off = 0;
    for (size_t j = 0; j < s->nkind; j++) {
        if ((long)j == k)
            off = per_plat;
        per_plat += s->npes * s->nalg[j];
    }
    *size_i = hit->idx;
    return (long)((size_t)pl * per_plat + off + (size_t)e * s->nalg[k] + (size_t)a);
}

static char *slurp(FILE *f, size_t *len)
{
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *b = realloc(buf, cap *= 2);
            if (!b)
                free(buf);
            buf = b;
        }
    }
    if (buf && ferror(f)) {
        free(buf);
        buf = NULL;
    }
    *len = n;
    return buf;
}

/* Stores one row of a file or a child; -1 with a reason in err, 1 when
 * the row is another sweep's and `how` says to skip those. */
static int store_row(ss_sweep_t *s, const char *line, size_t len, fields_t *fl,
                     const int col[NKEY], int how, long *pt_out,
                     size_t *size_out, char *err, size_t errlen)
{
    size_t si;
    long pi;
    int only_selected = how & SS_SWEEP_LOAD_SELECTED;
    if (split(line, len, fl) || fl->n <= (size_t)col[F_PLAT] ||
        fl->n <= (size_t)col[F_PPN] || fl->n <= (size_t)col[F_MODEL])
        return snprintf(err, errlen, "not a well-formed result row"), -1;
    pi = locate(s, fl, col, &si);
    if ((how & SS_SWEEP_LOAD_OTHERS) && (pi < 0 || (only_selected && !s->pt[pi].selected)))
        return 1;
    if (pi < 0 || (only_selected && !s->pt[pi].selected))
        return snprintf(err, errlen, "row (%s %s pes=%s bytes=%s) is not a point "
                        "of this sweep%s; give the arguments of the sweep that "
                        "wrote it, or another -o", fl->f[col[F_COLL]],
                        fl->f[col[F_ALG]], fl->f[col[F_PES]], fl->f[col[F_BYTES]],
                        only_selected && pi >= 0 ? " part" : ""), -1;
    unsigned long long ppn;
    const char *plat = s->plats[s->pt[pi].plat];
    int want = s->ppn ? s->ppn : ss_platform_ppn(plat);
    const char *model = ss_option_model_name(s->model, plat, s->pt[pi].pes);
    int other = strcmp(fl->f[col[F_MODEL]], model) ||
                whole(fl->f[col[F_PPN]], &ppn) || ppn != (unsigned long long)want;
    if (other && (how & SS_SWEEP_LOAD_OTHERS))
        return 1;
    if (other)
        return snprintf(err, errlen, "row has model %s, ppn %s but this sweep "
                        "runs model %s, ppn %d; give the same --model, --ppn "
                        "and --put-signal, or another -o", fl->f[col[F_MODEL]], fl->f[col[F_PPN]],
                        model, want), -1;
    ss_sweep_point_t *p = &s->pt[pi];
    char **r = &p->rows[si];
    if (*r && (strlen(*r) != len + 1 || memcmp(*r, line, len)))
        return snprintf(err, errlen, "row differs from an earlier row of the "
                        "same point and size (results of runs with different "
                        "options?)"), -1;
    if (!*r) {
        if (!(*r = malloc(len + 2)))
            return snprintf(err, errlen, "out of memory"), -1;
        memcpy(*r, line, len);
        (*r)[len] = '\n';
        (*r)[len + 1] = '\0';
        p->have++;
    }
    *pt_out = pi;
    *size_out = si;
    return 0;
}

/* Stores every line of text after the header; the first error wins. */
static int store_lines(ss_sweep_t *s, const char *text, size_t len, const char *name,
                       int how, ss_sweep_point_t *expect, char *err, size_t errlen)
{
    fields_t fl = {0};
    int col[NKEY], rc = 0;
    long line = 1, pi;
    size_t si, next_size = 0, hl = strlen(s->header);
    if (find_col(s, &fl, col))
        return free(fl.buf), snprintf(err, errlen, "out of memory"), -1;
    for (size_t i = hl; i < len && rc == 0; line++) {
        const char *nl = memchr(text + i, '\n', len - i);
        char why[300];
        if (!nl)
            break;               /* a torn last line: the caller said so */
        size_t n = (size_t)(nl - (text + i));
        int r = store_row(s, text + i, n, &fl, col, how, &pi, &si, why, sizeof why);
        if (r < 0) {
            snprintf(err, errlen, "%s:%ld: %s", name, line + 1, why);
            rc = -1;
        } else if (r == 0 && expect && (&s->pt[pi] != expect || si != next_size++)) {
            snprintf(err, errlen, "%s:%ld: a row of another point or size than "
                     "the one run", name, line + 1);
            rc = -1;
        }
        i += n + 1;
    }
    free(fl.buf);
    return rc;
}

int ss_sweep_load_text(ss_sweep_t *s, const char *text, size_t len, const char *path,
                       int how, char *err, size_t errlen)
{
    size_t hl = strlen(s->header);
    if (len < hl || memcmp(text, s->header, hl))
        return snprintf(err, errlen, "'%s' does not start with the CSV header "
                        "shmemsim writes, so it is not a sweep result (give "
                        "another -o, or remove it)", path), -1;
    if (text[len - 1] != '\n')
        fprintf(stderr, "shmemsim: note: '%s' ends in a cut line (an earlier run "
                "was killed); it is dropped and its point runs again\n", path);
    if (store_lines(s, text, len, path, how, NULL, err, errlen) == 0)
        return 0;
    ss_one_line(err);   /* the message quotes the row's fields */
    return -1;
}

int ss_sweep_load(ss_sweep_t *s, const char *path, int missing_ok, int how,
            char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    size_t len;
    if (!f && errno == ENOENT && missing_ok)
        return 1;
    if (!f)
        return snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno)), -1;
    char *text = slurp(f, &len);
    fclose(f);
    if (!text)
        return snprintf(err, errlen, "cannot read '%s'", path), -1;
    if (len == 0 && missing_ok)
        return free(text), 1;
    int rc = ss_sweep_load_text(s, text, len, path, how, err, errlen);
    free(text);
    return rc;
}

void ss_sweep_drop_partial(ss_sweep_t *s)
{
    for (size_t i = 0; i < s->npt; i++)
        if (!ss_sweep_done(s, &s->pt[i]))
            clear_rows(s, &s->pt[i]);
}

int ss_sweep_take_output(ss_sweep_t *s, ss_sweep_point_t *p, const char *text, size_t len,
                   char *err, size_t errlen)
{
    size_t hl = strlen(s->header), lines = 0;
    for (size_t i = hl; i < len; i++)
        lines += text[i] == '\n';
    if (len < hl || memcmp(text, s->header, hl) || text[len - 1] != '\n' ||
        lines != s->nsizes)
        return snprintf(err, errlen, "its output is not the CSV header and "
                        "%zu rows", s->nsizes), -1;
    clear_rows(s, p);
    if (store_lines(s, text, len, "output", 0, p, err, errlen) || !ss_sweep_done(s, p)) {
        clear_rows(s, p);
        return -1;
    }
    return 0;
}

char *ss_sweep_point_text(const ss_sweep_t *s, const ss_sweep_point_t *p, size_t *len)
{
    size_t n = 0;
    for (size_t i = 0; i < s->nsizes; i++)
        n += strlen(p->rows[i]);
    char *t = malloc(n + 1), *o = t;
    for (size_t i = 0; t && i < s->nsizes; i++) {
        size_t l = strlen(p->rows[i]);
        memcpy(o, p->rows[i], l);
        o += l;
    }
    *len = n;
    return t;
}

int ss_sweep_write(const ss_sweep_t *s, const char *path, char *err, size_t errlen)
{
    size_t n = strlen(path) + 32;
    char *tmp = malloc(n);
    if (!tmp)
        return snprintf(err, errlen, "out of memory"), -1;
    snprintf(tmp, n, "%s.tmp-%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    int bad = !f;
    if (f) {
        fputs(s->header, f);
        for (size_t i = 0; i < s->npt; i++)
            for (size_t j = 0; s->pt[i].selected && ss_sweep_done(s, &s->pt[i]) &&
                               j < s->nsizes; j++)
                fputs(s->pt[i].rows[j], f);
        bad = fclose(f) != 0;
    }
    if (bad || rename(tmp, path)) {
        snprintf(err, errlen, "cannot write '%s': %s (is its folder writable?)",
                 bad ? tmp : path, strerror(errno));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}
