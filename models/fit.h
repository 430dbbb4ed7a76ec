/* fit.h - weighted linear least squares with prediction intervals and
 * leave-one-out cross-validation (GSL), for fitting how a collective's
 * time grows with the PE count (scale.h).
 *
 * Error model: relative. Times span decades between the smallest and the
 * largest PE count, and a 1% miss matters as much at 64 PEs as at 4,096,
 * so point i weighs w_i = 1 / y_i^2 and a new observation at x0 is taken
 * to scatter by s * yhat0 (s^2 = chi^2 / (n - k), the weighted residual
 * variance). The prediction interval is then
 *     yhat0 +- t(level, n - k) * s * sqrt(x0' C x0 + yhat0^2),
 * C = (X' W X)^-1 from gsl_multifit_wlinear, t the Student quantile
 * (gsl_cdf_tdist_Pinv).
 */
#ifndef SS_FIT_H
#define SS_FIT_H

#include <stddef.h>

#define SS_FIT_MAXK 6           /* columns of a model */

typedef struct ss_fit {
    size_t n, k;                /* points, coefficients */
    double c[SS_FIT_MAXK];      /* coefficients */
    double cov[SS_FIT_MAXK][SS_FIT_MAXK];   /* (X' W X)^-1 */
    double s2;                  /* chi^2 / (n - k); 0 when n == k */
} ss_fit_t;

/* Fits y (n values, all > 0) on the k columns of x (row-major, n x k)
 * with weights 1 / y^2. Returns 0, or -1 when n < k, a column is
 * (numerically) a combination of the others at these points, or GSL
 * fails. */
int ss_fit_wls(const double *x, const double *y, size_t n, size_t k,
               ss_fit_t *out);

/* The same with the weights of other values: 1 / ref^2 (a fit of part
 * of a time, y, whose error is relative to the whole time, ref). */
int ss_fit_wls_rel(const double *x, const double *y, const double *ref, size_t n,
                   size_t k, ss_fit_t *out);

/* The fitted value at x0 (k values) and its prediction interval at the
 * two-sided level (e.g. 0.95) in *lo, *hi. With no residual degrees of
 * freedom (n == k) the interval is the point itself. */
double ss_fit_predict(const ss_fit_t *f, const double *x0, double level,
                      double *lo, double *hi);
/* The same for a fit by ss_fit_wls_rel: a new observation scatters
 * relative to the fitted value plus `plus` (the part not fitted). */
double ss_fit_predict_rel(const ss_fit_t *f, const double *x0, double level, double plus,
                          double *lo, double *hi);

/* Leave-one-out cross-validation: each of the points from..n-1 predicted
 * by the fit of all the others; returns the root mean square of the
 * relative errors (yhat_-i - y_i) / y_i, or INFINITY when some fit fails
 * (n - 1 < k, a singular subset, n > SS_FIT_MAXN). If worst is not NULL
 * it gets the largest |error|. */
#define SS_FIT_MAXN 64
double ss_fit_loo(const double *x, const double *y, size_t n, size_t k,
                  size_t from, double *worst);

#endif
