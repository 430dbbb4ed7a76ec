/* scale_cross.c - the rounds of a log-step algorithm that cross dragonfly
 * groups, in the fits (scale.h; the rounds' links come from
 * studies/scale_steps.c).
 *
 * The fitted form charges every round its closed-form cost, which the fit
 * scales to what the points inside a group show:
 *     round i:  C_i = c (alpha_i + (V_i + 8) beta_i)
 * (alpha_i, beta_i: the spanned route's latency and the node's share,
 * c: the form's coefficient). A round whose messages cross groups also
 * needs X_i on its busiest switch link (its messages' bytes there over
 * the link's bandwidth: a group pair's global bundle, or the local links
 * to the routers holding it), which no point inside a group shows. In
 * lockstep it lasts max(C_i, X_i); if the rounds overlap (members drift
 * apart and a link serves several rounds at once), the crossing rounds
 * together last max(sum C_i, X), X the busiest link of all of them. So
 *     t(p) = form(p) + O(p),
 *     O_lockstep = sum_i max(0, X_i - C_i),
 *     O_overlap  = max(0, X - sum_i C_i)   (<= O_lockstep),
 *     O = O_overlap + phi (O_lockstep - O_overlap),  phi in [0, 1].
 * X_i and X are physical (seconds), not fitted: the in-group points
 * cannot scale them. Where simulated points cross groups the fit chooses
 * phi (the least relative squared error on a grid of eleven), otherwise
 * it takes the middle, 1/2: the simulated times lie between the two ends,
 * near lockstep over two to four groups and near the overlapped end over
 * six to nine (the runtime routes each message when it is sent, seeing
 * the queues as they are then, and spreads a busy round better than the
 * static picture does; docs/scaling.md has the figures). The interval
 * of a point beyond what was simulated reaches both ends
 * (models/scale.c, ss_scale_predict).
 * Since O depends on c, the fit alternates: fit c on t - O, recompute
 * O, until c settles (O falls as c grows, so this converges). */
#include "scale_cross.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A round's in-group cost never falls below this share of its point's
 * time (a round across groups whose links say more than the point took
 * would leave the form a negative remainder). */
#define REST_FLOOR 0.05
#define ITERATIONS 100
#define PHI_STEPS 10

int ss_scale_crosses(const ss_scale_basis_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (b[i].nx > 0)
            return 1;
    return 0;
}

/* Can the points tell lockstep from overlapped rounds? Not where no
 * point has two rounds across groups whose links say different things
 * (one round alone is both). */
static int shows_phi(const ss_scale_model_t *m, const ss_scale_basis_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        double lock = ss_scale_offset(m, &b[i], 1), over = ss_scale_offset(m, &b[i], 0);
        if (lock - over > 1e-6 * lock)
            return 1;
    }
    return 0;
}

/* C_i, the fitted form's cost of round i of b (see above). */
static double round_cost(const ss_scale_model_t *m, const ss_scale_basis_t *b, int i)
{
    double c = 0, bytes = b->x_bytes[i];
    for (int j = 0; j < m->nterm; j++) {
        double k = m->fit.c[j];
        switch (m->term[j]) {
        case SS_TERM_FORM_SPAN:
            c += k * (b->lat_k + ss_scale_ratio(m->ratio) * b->bw_k * (bytes + 8));
            break;
        case SS_TERM_FORM:
            c += k * (1 + ss_scale_ratio(m->ratio) * (bytes + 8));
            break;
        case SS_TERM_STEPS_SPAN:
            c += k * b->lat_k;
            break;
        case SS_TERM_BYTES_SPAN:
            c += k * b->bw_k * bytes;
            break;
        case SS_TERM_STEPS:
            c += k;
            break;
        case SS_TERM_BYTES:
            c += k * bytes;
            break;
        default:
            break;
        }
    }
    return fmax(c, 0);
}

double ss_scale_offset(const ss_scale_model_t *m, const ss_scale_basis_t *b, double phi)
{
    double lock = 0, sum = 0;
    for (int i = 0; i < b->nx; i++) {
        double c = round_cost(m, b, i);
        lock += fmax(0, b->x_s[i] - c);
        sum += c;
    }
    double over = fmin(lock, fmax(0, b->x_total - sum));
    return over + phi * (lock - over);
}

/* m's fit at one phi: c and O alternately until c settles. Returns the
 * sum of squared relative errors, INFINITY if it cannot be fitted. */
static double fit_phi(const ss_scale_basis_t *b, const double *t, size_t n,
                      ss_scale_model_t *m, double phi, const double *x)
{
    double y[SS_SCALE_MAXPTS];
    ss_fit_t f;
    size_t k = (size_t)m->nterm;
    if (n > SS_SCALE_MAXPTS || ss_fit_wls(x, t, n, k, &m->fit))
        return INFINITY;
    for (int it = 0; it < ITERATIONS; it++) {
        for (size_t i = 0; i < n; i++)
            y[i] = fmax(t[i] - ss_scale_offset(m, &b[i], phi), REST_FLOOR * t[i]);
        if (ss_fit_wls_rel(x, y, t, n, k, &f))
            return INFINITY;
        int settled = 1;
        for (size_t j = 0; j < k; j++)
            settled &= fabs(f.c[j] - m->fit.c[j]) <= 1e-9 * fabs(f.c[j]) + 1e-300;
        m->fit = f;
        if (settled)
            break;
    }
    double e2 = 0;
    for (size_t i = 0; i < n; i++) {
        double yhat = ss_scale_offset(m, &b[i], phi);
        for (size_t j = 0; j < k; j++)
            yhat += m->fit.c[j] * x[i * k + j];
        e2 += (yhat - t[i]) * (yhat - t[i]) / (t[i] * t[i]);
    }
    return e2;
}

int ss_scale_fit_cross(const ss_scale_basis_t *b, const double *t, size_t n,
                       ss_scale_model_t *m)
{
    double x[SS_SCALE_MAXPTS * SS_FIT_MAXK], best = INFINITY, phi = 1;
    if (n > SS_SCALE_MAXPTS)
        return -1;
    ss_scale_design(m, b, n, x);
    m->phi = SS_SCALE_PHI_UNSEEN;
    if (!isfinite(fit_phi(b, t, n, m, m->phi, x)))
        return -1;
    if (!(m->phi_seen = shows_phi(m, b, n)))
        return 0;
    /* the lockstep end first: it wins ties */
    for (int s = PHI_STEPS; s >= 0; s--) {
        double e = fit_phi(b, t, n, m, (double)s / PHI_STEPS, x);
        if (e < best * (1 - 1e-9)) {
            best = e;
            phi = (double)s / PHI_STEPS;
        }
    }
    m->phi = phi;
    return isfinite(best) && isfinite(fit_phi(b, t, n, m, phi, x)) ? 0 : -1;
}

double ss_scale_loo_cross(const ss_scale_model_t *m, const ss_scale_basis_t *b,
                          const double *t, size_t n, size_t from, double *worst)
{
    ss_scale_basis_t *bs = malloc(n * sizeof *bs);
    double ts[SS_SCALE_MAXPTS], x[SS_FIT_MAXK], sum = 0, big = 0, lo, hi;
    if (worst)
        *worst = INFINITY;
    if (!bs || n < 2 || n - 1 < (size_t)m->nterm || n > SS_SCALE_MAXPTS || from >= n)
        return free(bs), INFINITY;
    for (size_t out = from; out < n; out++) {
        size_t k = 0;
        for (size_t i = 0; i < n; i++)
            if (i != out) {
                bs[k] = b[i];
                ts[k++] = t[i];
            }
        ss_scale_model_t f = *m;
        if (ss_scale_fit_cross(bs, ts, k, &f))
            return free(bs), INFINITY;
        ss_scale_design(&f, &b[out], 1, x);
        double y = ss_fit_predict(&f.fit, x, 0.95, &lo, &hi) +
                   ss_scale_offset(&f, &b[out], f.phi);
        double e = (y - t[out]) / t[out];
        sum += e * e;
        big = fmax(big, fabs(e));
    }
    free(bs);
    if (worst)
        *worst = big;
    return sqrt(sum / (double)(n - from));
}

