/* plot.c - gnuplot scripts for charts of result rows.
 *
 * Three steps: pick the slice of rows the chart shows (select_rows), turn
 * it into one sorted series per algorithm (build_series, to_slowdown),
 * and print a script with the data inline (write_script). Axis ticks are
 * chosen here (plot_axes.h) rather than left to gnuplot so they read as
 * people write sizes and times ("1 KiB", "20 us"), and the script is a
 * pure function of its input: same rows and options, same bytes.
 */
#include "plot.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plot_axes.h"
#include "plot_series.h"
#include "summary.h"

/* The columns that slice the rows, in the order they are resolved: each
 * one's choices are listed among the rows left by the ones before. */
enum { D_COLL, D_PLAT, D_MODEL, D_PPN, D_PES, D_BYTES, ND };
static const char *const dim_opt[ND] = {
    "--collective", "--platform", "--model", "--ppn", "--pes", "--bytes",
};
static const char *const dim_what[ND] = {
    "collectives", "platforms", "models", "PEs-per-node values",
    "PE counts", "sizes",
};

#define MAX_LISTED 10

typedef ss_plot_pt_t pt_t;
typedef ss_plot_series_t series_t;

typedef struct chart {
    const ss_plot_opts_t *o;
    const ss_result_t *first;   /* a row of the slice, for the title */
    series_t *s;
    size_t ns;
    int ylog;
} chart_t;

static const char *dim_key(const ss_result_t *r, int d, char num[32])
{
    switch (d) {
    case D_COLL: return r->collective;
    case D_PLAT: return r->platform;
    case D_MODEL: return r->model;
    case D_PPN: snprintf(num, 32, "%d", r->ppn); return num;
    case D_PES: snprintf(num, 32, "%d", r->pes); return num;
    default: snprintf(num, 32, "%zu", r->bytes); return num;
    }
}

/* The filter an option sets on a column, as the column's key text. */
static const char *dim_want(const ss_plot_opts_t *o, int d, char num[32])
{
    const char *names[] = {o->collective, o->platform, o->model};
    int n = d == D_PPN ? o->ppn : o->pes;
    if (d < D_PPN)
        return names[d];
    if (d == D_BYTES)
        return o->has_bytes ? (snprintf(num, 32, "%zu", o->bytes), num) : NULL;
    return n > 0 ? (snprintf(num, 32, "%d", n), num) : NULL;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* Distinct values of column d among the rows idx[0..n): the count, and in
 * buf a list of at most MAX_LISTED of them (numbers sorted, names in file
 * order and quoted, since platform specs hold commas). */
static size_t list_values(const ss_results_t *r, const size_t *idx, size_t n,
                          int d, char *buf, size_t len)
{
    size_t *rep = malloc((n ? n : 1) * sizeof *rep), nrep = 0;
    char a[32], b[32];
    buf[0] = '\0';
    if (!rep)
        return 0;
    for (size_t i = 0; i < n; i++) {
        size_t k = 0;
        const char *ki = dim_key(&r->rows[idx[i]], d, a);
        while (k < nrep && strcmp(ki, dim_key(&r->rows[rep[k]], d, b)))
            k++;
        if (k == nrep)
            rep[nrep++] = idx[i];
    }
    int numeric = d >= D_PPN;
    if (numeric) {   /* keys are decimal: sort by value via the number */
        for (size_t k = 0; k < nrep; k++)
            rep[k] = (size_t)strtoull(dim_key(&r->rows[rep[k]], d, a), NULL, 10);
        qsort(rep, nrep, sizeof *rep, cmp_size);
    }
    size_t used = 0;
    for (size_t k = 0; k < nrep && k < MAX_LISTED && used < len; k++) {
        const char *sep = k ? ", " : "";
        if (numeric)
            used += (size_t)snprintf(buf + used, len - used, "%s%zu", sep, rep[k]);
        else
            used += (size_t)snprintf(buf + used, len - used, "%s'%s'", sep,
                                     dim_key(&r->rows[rep[k]], d, a));
    }
    if (nrep > MAX_LISTED && used < len)
        snprintf(buf + used, len - used, ", ... (%zu in all)", nrep);
    free(rep);
    return nrep;
}

/* The platform as people name it: a file's base name, a spec as is. */
static const char *platform_name(const char *p)
{
    size_t n = strlen(p);
    const char *slash = strrchr(p, '/');
    return n > 4 && !strcmp(p + n - 4, ".xml") && slash ? slash + 1 : p;
}

/* Narrows idx to the chart's slice, one column at a time. A platform
 * also matches by the base name of its file, as the title shows it. */
static int select_rows(const ss_results_t *r, const ss_plot_opts_t *o,
                       int xdim, size_t *idx, size_t *n, char *err,
                       size_t errlen)
{
    char list[400], a[32], w[32];
    for (int d = 0; d < ND; d++) {
        if (d == xdim)
            continue;
        const char *want = dim_want(o, d, w);
        size_t nv = list_values(r, idx, *n, d, list, sizeof list), m = 0;
        if (!want && nv > 1) {
            snprintf(err, errlen, "the results hold several %s (%s): choose "
                     "one with %s", dim_what[d], list, dim_opt[d]);
            return -1;
        }
        for (size_t i = 0; want && i < *n; i++) {
            const char *key = dim_key(&r->rows[idx[i]], d, a);
            if (!strcmp(key, want) ||
                (d == D_PLAT && !strcmp(platform_name(key), want)))
                idx[m++] = idx[i];
        }
        if (want && m == 0) {
            snprintf(err, errlen, "no rows match %s %s (the %s there: %s)",
                     dim_opt[d], want, dim_what[d], list);
            return -1;
        }
        if (want)
            *n = m;
    }
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void free_series(chart_t *c)
{
    for (size_t i = 0; i < c->ns; i++)
        free(c->s[i].p);
    free(c->s);
    c->s = NULL;
    c->ns = 0;
}

static series_t *series_for(chart_t *c, const char *alg, size_t cap)
{
    for (size_t i = 0; i < c->ns; i++)
        if (!strcmp(c->s[i].alg, alg))
            return &c->s[i];
    series_t *s = &c->s[c->ns];
    if (!(s->p = malloc(cap * sizeof *s->p)))
        return NULL;
    s->alg = alg;
    s->n = 0;
    c->ns++;
    return s;
}

/* One series per algorithm, in the order the file first names them (the
 * registry order for `shmemsim run`), points sorted by x. */
static int build_series(chart_t *c, const ss_results_t *r, const size_t *idx,
                        size_t n, size_t *dropped, char *err, size_t errlen)
{
    int by_pes = c->o->chart == SS_CHART_PES;
    if (!(c->s = calloc(n ? n : 1, sizeof *c->s)))
        return snprintf(err, errlen, "out of memory"), -1;
    for (size_t i = 0; i < n; i++) {
        const ss_result_t *row = &r->rows[idx[i]];
        double x = by_pes ? (double)row->pes : (double)row->bytes;
        if (x <= 0 || !(row->time_s > 0)) {
            (*dropped)++;
            continue;
        }
        series_t *s = series_for(c, row->algorithm, n);
        if (!s)
            return snprintf(err, errlen, "out of memory"), -1;
        s->p[s->n++] = (pt_t){x, row->time_s, row->lo_s, row->hi_s, row->fitted};
        c->first = row;
    }
    for (size_t k = 0; k < c->ns; k++) {
        series_t *s = &c->s[k];
        qsort(s->p, s->n, sizeof *s->p, cmp_double);   /* by x, the first member */
        for (size_t i = 1; i < s->n; i++)
            if (s->p[i].x == s->p[i - 1].x) {
                snprintf(err, errlen, "two rows for algorithm '%s' at %s %.0f: "
                         "the file mixes runs that no column tells apart (for "
                         "example --radix or --segment); keep one run per "
                         "point", s->alg, by_pes ? "pes" : "bytes", s->p[i].x);
                return -1;
            }
    }
    if (c->ns == 0)
        return snprintf(err, errlen, "no rows left to draw (the slice has "
                        "only 0-byte or 0-time rows, which log axes cannot "
                        "show)"), -1;
    return 0;
}

/* Each point divided by the fastest algorithm's time at the same x: the
 * best is exactly 1 (t / t), the rest say how many times slower. */
static int to_slowdown(chart_t *c)
{
    size_t total = 0;
    for (size_t k = 0; k < c->ns; k++)
        total += c->s[k].n;
    double *best = malloc((total ? total : 1) * sizeof *best), *b = best;
    if (!best)
        return -1;
    for (size_t k = 0; k < c->ns; k++)
        for (size_t i = 0; i < c->s[k].n; i++, b++) {
            *b = c->s[k].p[i].y;
            for (size_t j = 0; j < c->ns; j++)
                for (size_t q = 0; q < c->s[j].n; q++)
                    if (c->s[j].p[q].x == c->s[k].p[i].x && c->s[j].p[q].y < *b)
                        *b = c->s[j].p[q].y;
        }
    b = best;
    for (size_t k = 0; k < c->ns; k++)
        for (size_t i = 0; i < c->s[k].n; i++)
            c->s[k].p[i].y /= *b++;
    free(best);
    return 0;
}

/* Gnuplot single-quoted string: no escapes but '' for a quote. Control
 * characters would end the line or the command, so they become spaces. */
void ss_plot_gp_str(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'')
            fputc('\'', f);
        fputc(iscntrl((unsigned char)*s) ? ' ' : *s, f);
    }
    fputc('\'', f);
}

/* Whole numbers in full, others in the shortest %g that reads back as
 * exactly v. */
void ss_plot_gp_num(FILE *f, double v)
{
    char buf[40];
    if (v == floor(v) && fabs(v) < 1e15) {
        fprintf(f, "%.0f", v);
        return;
    }
    for (int p = 1; p <= 17; p++) {
        snprintf(buf, sizeof buf, "%.*g", p, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    fputs(buf, f);
}

/* The extent of x or y over every series; y takes in the bands of fitted
 * points (their lower ends only when above 0, which a log axis shows). */
static void range(const chart_t *c, int yaxis, double *lo, double *hi)
{
    *lo = INFINITY;
    *hi = -INFINITY;
    for (size_t k = 0; k < c->ns; k++)
        for (size_t i = 0; i < c->s[k].n; i++) {
            const pt_t *p = &c->s[k].p[i];
            double v = yaxis ? p->y : p->x;
            double top = yaxis && p->fitted && p->hi > v ? p->hi : v;
            double bottom = yaxis && p->fitted && p->lo > 0 && p->lo < v ? p->lo : v;
            *lo = bottom < *lo ? bottom : *lo;
            *hi = top > *hi ? top : *hi;
        }
}

/* The distinct x values, sorted, for the tick chooser. */
static size_t x_tics(const chart_t *c, double *t)
{
    size_t nv = 0, total = 0, n;
    for (size_t k = 0; k < c->ns; k++)
        total += c->s[k].n;
    double *v = malloc(total * sizeof *v);
    if (!v)
        return 0;
    for (size_t k = 0; k < c->ns; k++)
        for (size_t i = 0; i < c->s[k].n; i++)
            v[nv++] = c->s[k].p[i].x;
    qsort(v, nv, sizeof *v, cmp_double);
    for (size_t i = n = 0; i < nv; i++)
        if (n == 0 || v[i] != v[n - 1])
            v[n++] = v[i];
    n = ss_plot_x_tics(v, n, t);
    free(v);
    return n;
}

static void write_tic(FILE *f, size_t i, const char *label, double v)
{
    fputs(i ? ", " : "", f);
    ss_plot_gp_str(f, label);
    fputc(' ', f);
    ss_plot_gp_num(f, v);
}

static void write_xaxis(FILE *f, const chart_t *c)
{
    double t[SS_PLOT_MAX_TICS], lo, hi;
    char lab[40];
    size_t n = x_tics(c, t);
    range(c, 0, &lo, &hi);
    /* A quarter of a doubling either side keeps points off the border. */
    fprintf(f, "set logscale x 2\nset xrange [%.4g:%.4g]\nset xtics (",
            lo / 1.19, hi * 1.19);
    for (size_t i = 0; i < n; i++) {
        if (c->o->chart == SS_CHART_PES)
            snprintf(lab, sizeof lab, "%.0f", t[i]);
        else
            ss_format_bytes((size_t)t[i], lab, sizeof lab);
        write_tic(f, i, lab, t[i]);
    }
    fputs(")\n", f);
}

/* Returns the bottom of the axis (where a band's 0 is drawn). */
static double write_yaxis(FILE *f, const chart_t *c)
{
    int slow = c->o->chart == SS_CHART_SLOWDOWN;
    double lo, hi;
    ss_tic_t t[SS_PLOT_MAX_TICS];
    char lab[40];
    range(c, 1, &lo, &hi);
    if (!c->ylog) {
        fputs("set yrange [0:*]\nset offsets 0, 0, graph 0.08, 0\n"
              "set format y '%gx'\n", f);
        return 0;
    }
    /* Room above and below the data so no line runs along the border. */
    size_t n = ss_plot_log_tics(slow ? 1.0 : lo / 1.1, hi * 1.1, t);
    fprintf(f, "set logscale y 10\nset yrange [%.4g:%.4g]\nset ytics (",
            slow ? 1 / 1.08 : ss_tic_value(t[0]), ss_tic_value(t[n - 1]));
    for (size_t i = 0; i < n; i++) {
        if (slow)
            snprintf(lab, sizeof lab, "%gx", ss_tic_value(t[i]));
        else
            ss_plot_time_label(t[i], lab, sizeof lab);
        write_tic(f, i, lab, ss_tic_value(t[i]));
    }
    fputs(")\n", f);
    return slow ? 1 / 1.08 : ss_tic_value(t[0]);
}

/* Fitted series are drawn as a line in a band on the PE chart only. */
static int banded(const chart_t *c, size_t k)
{
    return c->o->chart == SS_CHART_PES && ss_plot_has_fit(&c->s[k]);
}

static void write_title(FILE *f, const chart_t *c)
{
    const ss_result_t *r = c->first;
    int per_pe = !strcmp(r->collective, "fcollect") ||
                 !strcmp(r->collective, "collect");
    const char *plat = platform_name(r->platform);
    size_t len = strlen(r->collective) + strlen(plat) + strlen(r->model) + 160;
    char *t = malloc(len), b[32], ppn[32] = "";
    if (r->ppn > 1)
        snprintf(ppn, sizeof ppn, " (%d per node)", r->ppn);
    if (c->o->chart == SS_CHART_PES)
        ss_format_bytes(r->bytes, b, sizeof b);
    else
        snprintf(b, sizeof b, "%d PEs", r->pes);
    if (t)
        snprintf(t, len, "%s%s: %s%s%s, %s%s%s", r->collective,
                 c->o->chart == SS_CHART_SLOWDOWN ? " against the fastest" : "",
                 b, c->o->chart == SS_CHART_PES && per_pe ? " per PE" : "",
                 ppn, plat, r->model[0] ? ", model " : "", r->model);
    fputs("set title ", f);
    ss_plot_gp_str(f, c->o->title ? c->o->title : t ? t : "");
    free(t);
    fprintf(f, "\nset xlabel '%s'\nset ylabel '%s'\n",
            c->o->chart == SS_CHART_PES ? "PEs" :
            per_pe ? "bytes per PE" : "bytes",
            c->o->chart == SS_CHART_SLOWDOWN ?
            "time / fastest algorithm''s time" : "time");
}

/* Colour-blind-safe colours (Okabe and Ito), then dashes after eight. */
const char *ss_plot_colour(size_t i)
{
    static const char *const colour[] = {
        "#0072b2", "#d55e00", "#009e73", "#cc79a7",
        "#e69f00", "#56b4e9", "#000000", "#999999",
    };
    return colour[i % 8];
}

int ss_plot_point_type(size_t i)
{
    static const int point[] = {7, 5, 9, 11, 13, 4, 6, 8, 10, 12};
    return point[i % 10];
}

static void write_style(FILE *f, size_t i)
{
    fprintf(f, "with linespoints lw 1.5 ps 0.8 pt %d dt %zu lc rgb '%s'",
            ss_plot_point_type(i), i / 8 % 5 + 1, ss_plot_colour(i));
}

static void write_script(FILE *f, const chart_t *c, size_t dropped)
{
    static const char *const chart_name[] = {"size", "pes", "slowdown"};
    fprintf(f, "# shmemsim plot --chart %s: a gnuplot script with its data "
            "inline (one\n# block per algorithm: x, then %s).\n"
            "# Run it again with: gnuplot THIS-FILE\n",
            chart_name[c->o->chart], c->o->chart == SS_CHART_SLOWDOWN ?
            "time / fastest time at x" : "time in seconds");
    if (dropped)
        fprintf(f, "# %zu row(s) with 0 bytes or 0 time left out: a log "
                "axis cannot show them.\n", dropped);
    fprintf(f, "set terminal %s size 960,540 font 'sans,11' noenhanced%s\n"
            "set output ", c->o->term == SS_PLOT_SVG ? "svg" : "pngcairo",
            c->o->term == SS_PLOT_SVG ? " background '#ffffff'" : "");
    ss_plot_gp_str(f, c->o->output);
    fputc('\n', f);
    write_title(f, c);
    write_xaxis(f, c);
    double floor = write_yaxis(f, c);
    int bands = 0;
    for (size_t k = 0; k < c->ns; k++)
        bands |= banded(c, k);
    if (bands)
        fputs("set xlabel 'PEs (markers: simulated; dashed: fitted, shaded: its "
              "95% prediction interval)'\n", f);
    fputs("set grid lc rgb '#dddddd'\nset key outside right top\n", f);
    for (size_t k = 0; k < c->ns; k++) {
        if (banded(c, k)) {
            ss_plot_band_data(f, &c->s[k], k, floor);
            continue;
        }
        fprintf(f, "$s%zu << EOD\n# ", k + 1);
        ss_plot_gp_str(f, c->s[k].alg);
        fputc('\n', f);
        for (size_t i = 0; i < c->s[k].n; i++) {
            ss_plot_gp_num(f, c->s[k].p[i].x);
            fputc(' ', f);
            ss_plot_gp_num(f, c->s[k].p[i].y);
            fputc('\n', f);
        }
        fputs("EOD\n", f);
    }
    for (size_t k = 0; k < c->ns; k++) {
        if (banded(c, k)) {
            ss_plot_band_clauses(f, &c->s[k], k, k == 0);
            continue;
        }
        fprintf(f, "%s$s%zu using 1:2 ", k ? ", \\\n     " : "plot ", k + 1);
        write_style(f, k);
        fputs(" title ", f);
        ss_plot_gp_str(f, c->s[k].alg);
    }
    fputs("\nunset output\n", f);
}

int ss_plot_write(FILE *f, const ss_results_t *r, const ss_plot_opts_t *o,
                  size_t *dropped, char *err, size_t errlen)
{
    size_t n = r->n, nd = 0, *idx = malloc((n ? n : 1) * sizeof *idx);
    chart_t c = {o, NULL, NULL, 0, 1};
    int rc = -1, by_pes = o->chart == SS_CHART_PES;
    err[0] = '\0';
    if (!idx)
        return snprintf(err, errlen, "out of memory"), -1;
    for (size_t i = 0; i < n; i++)
        idx[i] = i;
    if (n == 0)
        snprintf(err, errlen, "the results have a header but no rows");
    else if (by_pes && o->pes > 0)
        snprintf(err, errlen, "--pes does not apply to --chart pes (its x "
                 "axis is the PE count); pick a size with --bytes");
    else if (!by_pes && o->has_bytes)
        snprintf(err, errlen, "--bytes applies to --chart pes only (the size "
                 "and slowdown charts show every size); pick PEs with --pes");
    else if (!select_rows(r, o, by_pes ? D_PES : D_BYTES, idx, &n, err, errlen) &&
             !build_series(&c, r, idx, n, &nd, err, errlen)) {
        if (o->chart == SS_CHART_SLOWDOWN) {
            double lo, hi;
            if (to_slowdown(&c))
                goto out;
            range(&c, 1, &lo, &hi);
            c.ylog = o->yscale == SS_YSCALE_LOG ||
                     (o->yscale == SS_YSCALE_AUTO && hi > 10);
        }
        write_script(f, &c, nd);
        rc = 0;
    }
out:
    if (rc && !err[0])
        snprintf(err, errlen, "out of memory");
    if (dropped)
        *dropped = nd;
    free_series(&c);
    free(idx);
    return rc;
}

int ss_plot_term_for(const char *path, ss_plot_term_t *term, char *err,
                     size_t errlen)
{
    const char *dot = strrchr(path, '.');
    char ext[5] = "";
    for (size_t i = 0; dot && i < 4 && dot[i]; i++)
        ext[i] = (char)tolower((unsigned char)dot[i]);
    if (dot && strlen(dot) == 4 && (!strcmp(ext, ".png") || !strcmp(ext, ".svg"))) {
        *term = ext[1] == 'p' ? SS_PLOT_PNG : SS_PLOT_SVG;
        return 0;
    }
    snprintf(err, errlen, "-o '%s': the name must end in .png or .svg (the "
             "extension picks the image format)", path);
    return -1;
}
