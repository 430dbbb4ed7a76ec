/* fit.c - weighted least squares, prediction intervals and leave-one-out
 * cross-validation on GSL (see fit.h for the error model). */
#include "fit.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_multifit.h>
#include <math.h>
#include <string.h>

/* Singular values below this fraction of the largest count as zero: the
 * columns are then too close to dependent at the points given for their
 * coefficients to mean anything. */
#define RANK_TOL 1e-10

/* Columns are scaled to a largest magnitude of 1 before the fit (step
 * counts are tens, byte counts billions), so RANK_TOL compares like with
 * like; the coefficients and covariance are scaled back. */
static void column_scales(const double *x, size_t n, size_t k, double *scale)
{
    for (size_t j = 0; j < k; j++) {
        scale[j] = 0;
        for (size_t i = 0; i < n; i++)
            scale[j] = fmax(scale[j], fabs(x[i * k + j]));
        if (scale[j] == 0)
            scale[j] = 1;
    }
}

int ss_fit_wls(const double *x, const double *y, size_t n, size_t k,
               ss_fit_t *out)
{
    return ss_fit_wls_rel(x, y, y, n, k, out);
}

int ss_fit_wls_rel(const double *x, const double *y, const double *ref, size_t n,
                   size_t k, ss_fit_t *out)
{
    double scale[SS_FIT_MAXK], chisq;
    size_t rank = 0;
    int rc = -1;
    memset(out, 0, sizeof *out);
    if (k == 0 || k > SS_FIT_MAXK || n < k)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (!(y[i] > 0) || !isfinite(y[i]) || !(ref[i] > 0) || !isfinite(ref[i]))
            return -1;
    gsl_set_error_handler_off();   /* errors are return codes here, not aborts */
    gsl_matrix *X = gsl_matrix_alloc(n, k), *C = gsl_matrix_alloc(k, k);
    gsl_vector *w = gsl_vector_alloc(n), *Y = gsl_vector_alloc(n);
    gsl_vector *c = gsl_vector_alloc(k);
    gsl_multifit_linear_workspace *ws = gsl_multifit_linear_alloc(n, k);
    if (!X || !C || !w || !Y || !c || !ws)
        goto out;
    column_scales(x, n, k, scale);
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < k; j++)
            gsl_matrix_set(X, i, j, x[i * k + j] / scale[j]);
        gsl_vector_set(Y, i, y[i]);
        gsl_vector_set(w, i, 1 / (ref[i] * ref[i]));
    }
    if (gsl_multifit_wlinear_tsvd(X, w, Y, RANK_TOL, c, C, &chisq, &rank, ws) ||
        rank < k)
        goto out;
    out->n = n;
    out->k = k;
    out->s2 = n > k ? chisq / (double)(n - k) : 0;
    for (size_t a = 0; a < k; a++) {
        out->c[a] = gsl_vector_get(c, a) / scale[a];
        for (size_t b = 0; b < k; b++)
            out->cov[a][b] = gsl_matrix_get(C, a, b) / (scale[a] * scale[b]);
    }
    rc = 0;
out:
    gsl_multifit_linear_free(ws);
    gsl_vector_free(c);
    gsl_vector_free(Y);
    gsl_vector_free(w);
    gsl_matrix_free(C);
    gsl_matrix_free(X);
    return rc;
}

double ss_fit_predict(const ss_fit_t *f, const double *x0, double level,
                      double *lo, double *hi)
{
    return ss_fit_predict_rel(f, x0, level, 0, lo, hi);
}

double ss_fit_predict_rel(const ss_fit_t *f, const double *x0, double level, double plus,
                          double *lo, double *hi)
{
    double y = 0, q = 0;
    for (size_t a = 0; a < f->k; a++) {
        y += f->c[a] * x0[a];
        for (size_t b = 0; b < f->k; b++)
            q += x0[a] * f->cov[a][b] * x0[b];
    }
    double half = 0;
    if (f->n > f->k && f->s2 > 0) {
        double t = gsl_cdf_tdist_Pinv(0.5 + level / 2, (double)(f->n - f->k));
        half = t * sqrt(f->s2 * (fmax(q, 0) + (y + plus) * (y + plus)));
    }
    *lo = y - half;
    *hi = y + half;
    return y;
}

double ss_fit_loo(const double *x, const double *y, size_t n, size_t k,
                  size_t from, double *worst)
{
    double xs[SS_FIT_MAXN * SS_FIT_MAXK], ys[SS_FIT_MAXN], sum = 0, big = 0, lo, hi;
    ss_fit_t f;
    if (worst)
        *worst = INFINITY;
    if (n < 2 || n - 1 < k || n > SS_FIT_MAXN || from >= n)
        return INFINITY;
    for (size_t out = from; out < n; out++) {
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
            if (i == out)
                continue;
            memcpy(&xs[m * k], &x[i * k], k * sizeof *x);
            ys[m++] = y[i];
        }
        if (ss_fit_wls(xs, ys, m, k, &f))
            return INFINITY;
        double e = (ss_fit_predict(&f, &x[out * k], 0.95, &lo, &hi) - y[out]) / y[out];
        sum += e * e;
        big = fmax(big, fabs(e));
    }
    if (worst)
        *worst = big;
    return sqrt(sum / (double)(n - from));
}
