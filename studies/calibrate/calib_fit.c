/* calib_fit.c - what one OSU output gives alone (calib_fit.h): the line
 * through its latencies, the plateau of its bandwidths, the time per
 * message of its small-message rates. The numerics are GSL's. */
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calib_fit.h"

/* A bandwidth within this share of the best is on the plateau. */
#define PLATEAU_SHARE 0.98

int calib_fit_line(const double *x, const double *y, size_t n, calib_line_t *f)
{
    double c0, c1, c00, c01, c11, chisq, *w;
    memset(f, 0, sizeof *f);
    if (n < 3 || !(w = malloc(n * sizeof *w)))
        return -1;
    for (size_t i = 0; i < n; i++)
        w[i] = 1.0 / (y[i] * y[i]);
    gsl_set_error_handler_off();   /* errors are return codes here, not aborts */
    int rc = gsl_fit_wlinear(x, 1, w, 1, y, 1, n, &c0, &c1, &c00, &c01, &c11, &chisq);
    /* gsl_fit_wlinear takes the weights as exact 1/sigma^2; ours are only
     * relative, so the scatter about the line sets their scale. */
    double s2 = chisq / (double)(n - 2), tss = gsl_stats_wtss(w, 1, y, 1, n);
    free(w);
    if (rc || !isfinite(c0) || !isfinite(c1))
        return -1;
    f->a = c0;
    f->b = c1;
    f->cov_aa = c00 * s2;
    f->cov_ab = c01 * s2;
    f->cov_bb = c11 * s2;
    f->tq = gsl_cdf_tdist_Pinv(0.975, (double)(n - 2));
    f->ha = f->tq * sqrt(f->cov_aa);
    f->hb = f->tq * sqrt(f->cov_bb);
    f->r2 = tss > 0 ? 1 - chisq / tss : 1;
    f->rms = sqrt(chisq / (double)n);   /* the weights make residuals relative */
    f->n = n;
    return 0;
}

double calib_line_half(const calib_line_t *f, double x)
{
    double v = f->cov_aa + 2 * x * f->cov_ab + x * x * f->cov_bb;
    return f->tq * sqrt(v > 0 ? v : 0);
}

void calib_mean(const double *y, size_t n, calib_est_t *e)
{
    e->ok = 1;
    e->n = n;
    e->v = gsl_stats_mean(y, 1, n);
    e->lo = e->hi = e->v;
    e->r2 = e->rms = NAN;
    if (n < 2)
        return;
    double sd = gsl_stats_sd_m(y, 1, n, e->v);
    double h = gsl_cdf_tdist_Pinv(0.975, (double)(n - 1)) * sd / sqrt((double)n);
    e->lo = e->v - h;
    e->hi = e->v + h;
    e->rms = e->v ? sd / fabs(e->v) : NAN;
}

const char *calib_base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static int too_few(const calib_input_t *in, char *err, size_t errlen,
                   const char *what)
{
    snprintf(err, errlen, "%s:%d: %s", in->path, in->t.header_line, what);
    return -1;
}

static int fit_latency(calib_input_t *in, const calib_opts_t *o, char *err,
                       size_t errlen)
{
    const osu_table_t *t = &in->t;
    double *x = malloc((t->n + 1) * sizeof *x), *y = malloc((t->n + 1) * sizeof *y);
    size_t n = 0;
    char what[200];
    if (!x || !y)
        return free(x), free(y), too_few(in, err, errlen, "out of memory");
    for (size_t i = 0; i < t->n; i++)
        if (t->rows[i].bytes >= o->min_bytes && t->rows[i].bytes <= o->max_bytes) {
            x[n] = (double)t->rows[i].bytes;
            y[n++] = t->rows[i].lat;
        }
    int rc = n >= 3 ? calib_fit_line(x, y, n, &in->line) : -1;
    free(x);
    free(y);
    if (n < 3) {
        int all = o->min_bytes == 0 && o->max_bytes == (size_t)-1;
        snprintf(what, sizeof what, "%zu size%s%s: fitting latency = a + b x size "
                 "needs at least 3", n, n == 1 ? "" : "s", all ? "" : " within --sizes");
        return too_few(in, err, errlen, what);
    }
    return rc ? too_few(in, err, errlen, "the latency line could not be fitted "
                        "(GSL failed)") : 0;
}

/* The bandwidths within PLATEAU_SHARE of the best: the large messages
 * once the per-message costs no longer show. */
static void plateau(calib_input_t *in)
{
    const osu_table_t *t = &in->t;
    double best = 0, *v = malloc(t->n * sizeof *v);
    size_t n = 0;
    if (!v)
        return;
    for (size_t i = 0; i < t->n; i++)
        best = t->rows[i].bw > best ? t->rows[i].bw : best;
    for (size_t i = 0; i < t->n; i++)
        if (t->rows[i].bw >= PLATEAU_SHARE * best)
            v[n++] = t->rows[i].bw;
    calib_mean(v, n, &in->plateau);
    snprintf(in->plateau.from, sizeof in->plateau.from, "%s: plateau, %zu largest "
             "sizes", calib_base_name(in->path), n);
    free(v);
}

/* Seconds per message at small sizes, or per non-fetching atomic. */
static int per_msg(calib_input_t *in, char *err, size_t errlen)
{
    const osu_table_t *t = &in->t;
    double *v = malloc(t->n * sizeof *v);
    size_t n = 0;
    int amo = t->kind == OSU_ATOMICS;
    if (!v)
        return too_few(in, err, errlen, "out of memory");
    for (size_t i = 0; i < t->n; i++)
        if (t->rows[i].rate > 0 && (amo ? osu_op_nonfetching(t->rows[i].op)
                                        : t->rows[i].bytes <= CALIB_SMALL_BYTES))
            v[n++] = 1.0 / t->rows[i].rate;
    if (n)
        calib_mean(v, n, &in->per_msg);
    free(v);
    if (!n)
        return too_few(in, err, errlen, amo
            ? "no non-fetching atomic (shmem_*_add, _inc, _set): o and gap are "
              "read from their rate"
            : "no row at 8 bytes or less: o and gap are read from the rate "
              "of the smallest messages");
    snprintf(in->per_msg.from, sizeof in->per_msg.from, "%s: 1/rate, %d pair%s, %zu %s",
             calib_base_name(in->path), in->pairs, in->pairs == 1 ? "" : "s", n,
             amo ? "non-fetching atomics" : "sizes <= 8 B");
    return 0;
}

/* The latency at 8 bytes: what the costs are fitted to, as the files'
 * 8-byte row is what the spec must give back; the sizes of 8 B and
 * less give its spread. */
static void small_latency(calib_input_t *in)
{
    const osu_table_t *t = &in->t;
    double v[64], at8 = NAN;
    size_t n = 0;
    for (size_t i = 0; i < t->n && n < 64; i++)
        if (t->rows[i].bytes <= CALIB_SMALL_BYTES) {
            v[n++] = t->rows[i].lat;
            if (t->rows[i].bytes == CALIB_SMALL_BYTES)
                at8 = t->rows[i].lat;
        }
    if (!n)
        return;   /* small.ok stays 0: the solve says so */
    calib_mean(v, n, &in->small);
    if (!isnan(at8)) {
        double h = (in->small.hi - in->small.lo) / 2;
        in->small.v = at8;
        in->small.lo = at8 - h;
        in->small.hi = at8 + h;
    }
    snprintf(in->small.from, sizeof in->small.from, "%s: %s", calib_base_name(in->path),
             isnan(at8) ? "mean at <= 8 B" : "8 B");
}

int calib_file(calib_input_t *in, const calib_opts_t *o, char *err, size_t errlen)
{
    if (in->t.kind == OSU_MBW_MR && in->t.pairs > 0)
        in->pairs = in->t.pairs;   /* osu_mbw_mr says; --pairs is for SHMEM's */
    if (in->pairs < 1)
        in->pairs = 1;
    switch (in->t.kind) {
    case OSU_LATENCY: case OSU_PUT: case OSU_GET:
        small_latency(in);
        return fit_latency(in, o, err, errlen);
    case OSU_RMA_PUT_LAT: case OSU_RMA_GET_LAT: case OSU_ALLREDUCE: case OSU_BARRIER:
        small_latency(in);
        return 0;
    case OSU_BW:   /* its small messages: MPI's cost per message sent */
        plateau(in);
        for (size_t i = 0; i < in->t.n; i++)
            in->t.rows[i].rate = in->t.rows[i].bytes ? in->t.rows[i].bw /
                                 (double)in->t.rows[i].bytes : 0;
        if (in->t.n && in->t.rows[0].bytes && in->t.rows[0].bytes <= CALIB_SMALL_BYTES)
            return per_msg(in, err, errlen);
        return 0;
    case OSU_RMA_PUT_BW: case OSU_RMA_GET_BW:
        plateau(in);
        return 0;
    case OSU_MBW_MR: case OSU_PUT_BW: case OSU_GET_BW:
        plateau(in);
        return per_msg(in, err, errlen);
    default:
        return per_msg(in, err, errlen);
    }
}
