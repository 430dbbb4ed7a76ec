/* scale.c - choosing and fitting the form of t(p) (see scale.h). */
#include "scale.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "predict.h"
#include "scale_cross.h"

/* Combine cost against link bandwidth in the form term: the simulator's
 * 0.25 ns per byte against ~10 GB/s links makes gamma about 2.5 beta.
 * Only the form term uses it; the compute term fits gamma on its own. */
#define GAMMA_PER_BETA 2.5

/* Units of the span columns: latency in us, bandwidth against 10 GB/s. */
#define SPAN_LAT_UNIT 1e-6
#define SPAN_BW_UNIT 1e10

/* The narrowest interval, relative to the time (see ss_scale_predict). */
#define MIN_REL_HALF 1e-6

/* Of the forms within this of the best LOO error, the simplest wins. */
#define LOO_SLACK_REL 1.25
#define LOO_SLACK_ABS 0.002

double ss_scale_ratio(int i)
{
    return pow(10.0, -9.0 + 0.25 * i);
}

static double eval(const ss_scale_case_t *c, const ss_pred_in_t *in,
                   double alpha, double beta, double gamma)
{
    ss_ab_t ab = {.alpha = alpha, .beta = beta, .gamma = gamma};
    return ss_predict(c->kind, c->alg, &ab, in);
}

int ss_scale_basis(const ss_scale_case_t *c, int p, const ss_scale_span_t *sp,
                   ss_scale_basis_t *out)
{
    double span = sp ? sp->latency : 0, span_bw = sp ? sp->bandwidth : 0;
    double steps_lat = !sp ? 0 : !c->neighbour ? sp->step_latency
                     : c->paired ? sp->pair_latency : sp->latency;
    size_t *sizes = NULL;
    int rc = -1;
    memset(out, 0, sizeof *out);
    out->p = p;
    out->neighbour = c->neighbour;
    out->span = span;
    out->span_bw = span_bw;
    out->lat_k = steps_lat > 0 ? steps_lat / SPAN_LAT_UNIT : 1;
    out->lat_hi = c->paired && steps_lat > 0 ? (steps_lat + span) / 2 / SPAN_LAT_UNIT
                                             : out->lat_k;
    double steps_bw = !sp ? 0 : c->shifted ? sp->shift_bandwidth : sp->step_bandwidth;
    if (!(steps_bw > 0))
        steps_bw = span_bw;
    out->bw_k = steps_bw > 0 && !c->neighbour ? SPAN_BW_UNIT / steps_bw : 1;
    if (p < 2)
        return -1;
    if (c->member_bytes) {
        if (!(sizes = malloc((size_t)p * sizeof *sizes)))
            return -1;
        c->member_bytes(p, c->bytes, sizes);
    }
    ss_pred_in_t in = {p, c->bytes, sizes, c->elem, c->root, c->radix,
                       c->segment, NULL};
    out->steps = eval(c, &in, 1, 0, 0);
    out->bytes = eval(c, &in, 0, 1, 0);
    out->compute = eval(c, &in, 0, 0, 1);
    int ok = isfinite(out->steps) && isfinite(out->bytes) && isfinite(out->compute);
    for (int i = 0; ok && i < SS_SCALE_NRATIO; i++) {
        double r = ss_scale_ratio(i);
        out->form[i] = eval(c, &in, 1, r, GAMMA_PER_BETA * r);
        out->form_span[i] = eval(c, &in, out->lat_k, r * out->bw_k, GAMMA_PER_BETA * r);
        ok = isfinite(out->form[i]) && out->form[i] > 0 && isfinite(out->form_span[i]);
    }
    if (ok)
        rc = 0;
    free(sizes);
    return rc;
}

static double column(int term, int ratio, const ss_scale_basis_t *b)
{
    double p = b->p, lg = log2(p);
    switch (term) {
    case SS_TERM_FORM: return b->form[ratio];
    case SS_TERM_STEPS: return b->steps;
    case SS_TERM_BYTES: return b->bytes;
    case SS_TERM_COMPUTE: return b->compute;
    case SS_TERM_ONE: return 1;
    case SS_TERM_LOGP: return lg;
    case SS_TERM_P: return p;
    case SS_TERM_PLOGP: return p * lg;
    case SS_TERM_SPAN: return b->steps * b->span;
    case SS_TERM_SPANBW: return b->span_bw > 0 ? b->bytes / b->span_bw : 0;
    case SS_TERM_BLOGP: return b->bytes * lg;
    case SS_TERM_FORM_SPAN: return b->form_span[ratio];
    case SS_TERM_STEPS_SPAN: return b->steps * b->lat_k;
    default: return b->bytes * b->bw_k;
    }
}

void ss_scale_design(const ss_scale_model_t *m, const ss_scale_basis_t *b, size_t n,
                     double *x)
{
    for (size_t i = 0; i < n; i++)
        for (int j = 0; j < m->nterm; j++)
            x[i * (size_t)m->nterm + (size_t)j] = column(m->term[j], m->ratio, &b[i]);
}

static int signs_ok(const ss_scale_model_t *m)
{
    for (int j = 0; j < m->nterm; j++)
        if (m->term[j] != SS_TERM_ONE && m->fit.c[j] < 0)
            return 0;
    return 1;
}

/* The points a model is fitted on: those from its p_from up. */
static size_t first_used(const ss_scale_model_t *m, const ss_scale_basis_t *b,
                         size_t n)
{
    size_t j = 0;
    while (j < n && b[j].p < m->p_from)
        j++;
    return j;
}

/* b sorted by p. Where a point has rounds across groups, the fit adds
 * them (scale_cross.c). */
static int fit_sorted(const ss_scale_basis_t *b, const double *t, size_t n,
                      ss_scale_model_t *m)
{
    double x[SS_SCALE_MAXPTS * SS_FIT_MAXK];
    size_t j = first_used(m, b, n);
    if (ss_scale_crosses(b + j, n - j))
        return ss_scale_fit_cross(b + j, t + j, n - j, m) || !signs_ok(m) ? -1 : 0;
    m->phi = SS_SCALE_PHI_UNSEEN;
    m->phi_seen = 0;
    ss_scale_design(m, b + j, n - j, x);
    if (ss_fit_wls(x, t + j, n - j, (size_t)m->nterm, &m->fit))
        return -1;
    return signs_ok(m) ? 0 : -1;
}

/* Leave-one-out over points from..n-1 (ss_fit_loo), with the rounds
 * across groups where the points have them. */
static double loo(const ss_scale_model_t *m, const ss_scale_basis_t *b, const double *t,
                  size_t n, size_t from, double *worst)
{
    double x[SS_SCALE_MAXPTS * SS_FIT_MAXK];
    if (ss_scale_crosses(b, n))
        return ss_scale_loo_cross(m, b, t, n, from, worst);
    ss_scale_design(m, b, n, x);
    return ss_fit_loo(x, t, n, (size_t)m->nterm, from, worst);
}

/* The fitted time at b: the terms, and what rounds across groups add. */
static double fitted(const ss_scale_model_t *m, const ss_scale_basis_t *b, double level,
                     double *lo, double *hi)
{
    double x[SS_FIT_MAXK], o = ss_scale_offset(m, b, m->phi);
    ss_scale_design(m, b, 1, x);
    double y = ss_fit_predict_rel(&m->fit, x, level, o, lo, hi) + o;
    *lo += o;
    *hi += o;
    return y;
}

typedef struct pts {
    ss_scale_basis_t b[SS_SCALE_MAXPTS];
    double t[SS_SCALE_MAXPTS];
    size_t n;
} pts_t;

/* Copies the points sorted by p (insertion: a few dozen at most). */
static int sorted(const ss_scale_basis_t *b, const double *t, size_t n, pts_t *s)
{
    if (n > SS_SCALE_MAXPTS)
        return -1;
    s->n = 0;
    for (size_t i = 0; i < n; i++) {
        size_t k = s->n++;
        for (; k > 0 && s->b[k - 1].p > b[i].p; k--) {
            s->b[k] = s->b[k - 1];
            s->t[k] = s->t[k - 1];
        }
        s->b[k] = b[i];
        s->t[k] = t[i];
    }
    return 0;
}

int ss_scale_fit_form(const ss_scale_basis_t *b, const double *t, size_t n,
                      ss_scale_model_t *m)
{
    pts_t s;
    if (sorted(b, t, n, &s))
        return -1;
    return fit_sorted(s.b, s.t, s.n, m);
}

/* A term whose column is zero at every point says nothing (compute
 * outside reduce, span on a platform file, bytes of a 0-byte call). */
static int term_used(int term, int ratio, const ss_scale_basis_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (column(term, ratio, &b[i]) != 0)
            return 1;
    return 0;
}

typedef struct search {
    const pts_t *s;
    const ss_scale_basis_t *ahead;   /* where the fit will predict */
    size_t nahead;
    size_t top;                      /* LOO scores the points from here */
    size_t cut, maxk, tried;
    ss_scale_model_t *all;           /* every candidate with a score */
    size_t nall, cap;
} search_t;

/* A collective does not get faster on more PEs: a form that predicts,
 * beyond the largest simulated point, less than that point took, fits
 * the points by accident. */
static int grows(const ss_scale_model_t *m, const search_t *s)
{
    const ss_scale_basis_t *top = &s->s->b[s->s->n - 1];
    double t_top = s->s->t[s->s->n - 1], lo, hi;
    for (size_t i = 0; i < s->nahead; i++)
        if (s->ahead[i].p > top->p && fitted(m, &s->ahead[i], 0.95, &lo, &hi) < t_top)
            return 0;
    return 1;
}

/* The LOO score of one candidate fitted from point `cut` up, over the
 * points from `top` up; INFINITY if it cannot be fitted, or its fit on
 * all its points breaks the sign rule. */
static double score(ss_scale_model_t *m, const search_t *s)
{
    const ss_scale_basis_t *b = s->s->b + s->cut;
    size_t n = s->s->n - s->cut;
    for (int j = 0; j < m->nterm; j++)
        if (!term_used(m->term[j], m->ratio, b, n))
            return INFINITY;
    if (fit_sorted(s->s->b, s->s->t, s->s->n, m) || !grows(m, s))
        return INFINITY;
    return loo(m, b, s->s->t + s->cut, n, s->top - s->cut, &m->loo_worst);
}

static void consider(search_t *s, const ss_scale_model_t *cand)
{
    ss_scale_model_t m = *cand;
    if ((size_t)m.nterm > s->maxk)
        return;
    s->tried++;
    m.p_from = s->s->b[s->cut].p;
    m.loo = score(&m, s);
    if (!isfinite(m.loo))
        return;
    if (s->nall == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 256;
        ss_scale_model_t *a = realloc(s->all, cap * sizeof *a);
        if (!a)
            return;
        s->all = a;
        s->cap = cap;
    }
    s->all[s->nall++] = m;
}

/* One base with no, one or two extras. */
static void with_extras(search_t *s, ss_scale_model_t base)
{
    static const int extra[] = {SS_TERM_ONE, SS_TERM_LOGP, SS_TERM_P,
                                SS_TERM_PLOGP, SS_TERM_SPAN, SS_TERM_SPANBW,
                                SS_TERM_BLOGP, SS_TERM_COMPUTE};
    const int ne = (int)(sizeof extra / sizeof extra[0]);
    int k = base.nterm;
    consider(s, &base);
    for (int a = 0; a < ne; a++) {
        base.term[k] = extra[a];
        base.nterm = k + 1;
        consider(s, &base);
        for (int c = a + 1; c < ne; c++) {
            base.term[k + 1] = extra[c];
            base.nterm = k + 2;
            consider(s, &base);
        }
    }
}

/* The form at the span's own latency and bandwidth: beta/alpha 1e-4 in
 * the span columns' units (1 us, 10 GB/s). Where a fit cannot tell
 * latency from bytes (a ring's steps and bytes both grow as p), the
 * platform's ratio decides how each carries over to the next level. */
#define PHYSICAL_RATIO 20

static int physical(const ss_scale_model_t *m)
{
    return m->term[0] == SS_TERM_FORM_SPAN && m->ratio == PHYSICAL_RATIO;
}

static int better(const ss_scale_model_t *c, const ss_scale_model_t *best)
{
    if (c->nterm != best->nterm)
        return c->nterm < best->nterm;
    if (c->p_from != best->p_from)
        return c->p_from < best->p_from;
    if (physical(c) != physical(best))
        return physical(c);
    return c->loo < best->loo;
}

/* Of the candidates whose LOO error is near the lowest, the one with the
 * fewest terms, then the most points, then the platform's own ratio,
 * then the lower error, then the first tried. */
static const ss_scale_model_t *pick(const search_t *s)
{
    double lo = INFINITY;
    for (size_t i = 0; i < s->nall; i++)
        lo = fmin(lo, s->all[i].loo);
    double near = fmax(lo * LOO_SLACK_REL, lo + LOO_SLACK_ABS);
    const ss_scale_model_t *best = NULL;
    for (size_t i = 0; i < s->nall; i++) {
        const ss_scale_model_t *c = &s->all[i];
        if (c->loo > near)
            continue;
        if (!best || better(c, best))
            best = c;
    }
    return best;
}

/* The platform says what every point's PEs span. */
static int spans_known(const search_t *s)
{
    for (size_t i = s->cut; i < s->s->n; i++)
        if (!(s->s->b[i].span > 0))
            return 0;
    return 1;
}

int ss_scale_follows_span(const ss_scale_model_t *m)
{
    return m->nterm > 0 && (m->term[0] == SS_TERM_FORM_SPAN ||
                            m->term[0] == SS_TERM_STEPS_SPAN);
}

/* Where the platform says what the PEs span, the bases follow it (and
 * only they: a form blind to the span cannot carry a fit over to the
 * next level of the machine); otherwise the plain ones. */
static void search_cut(search_t *s)
{
    size_t n = s->s->n - s->cut;
    s->maxk = n >= 2 ? n - 1 : 0;
    if (s->maxk > 4)
        s->maxk = 4;
    int span = spans_known(s);
    ss_scale_model_t base = {.nterm = 1,
                             .term = {span ? SS_TERM_FORM_SPAN : SS_TERM_FORM}};
    /* The platform's ratio where the case's bytes follow the span; a
     * neighbour algorithm's keep their rate, and the fit finds how its
     * steps' latency and bytes mix (a neighbour exchange does not wait
     * for the longest route every step, as a ring does). */
    int only = span && !s->s->b[s->cut].neighbour;
    for (base.ratio = only ? PHYSICAL_RATIO : 0;
         base.ratio < (only ? PHYSICAL_RATIO + 1 : SS_SCALE_NRATIO); base.ratio++)
        with_extras(s, base);
    base = (ss_scale_model_t){.nterm = 2, .ratio = -1,
        .term = {span ? SS_TERM_STEPS_SPAN : SS_TERM_STEPS,
                 span ? SS_TERM_BYTES_SPAN : SS_TERM_BYTES}};
    with_extras(s, base);
}

int ss_scale_fit(const ss_scale_basis_t *b, const double *t, size_t n,
                 const ss_scale_basis_t *ahead, size_t nahead, ss_scale_model_t *m)
{
    pts_t s;
    memset(m, 0, sizeof *m);
    if (n < 3 || sorted(b, t, n, &s))
        return -1;
    /* The smallest points may belong to another regime (all PEs on one or
     * two nodes): fits may leave out up to a third of them, judged by how
     * well they predict the points every fit keeps. */
    size_t cuts = (n - 1) / 3;
    if (n < 3 + cuts)
        cuts = n - 3;
    search_t se = {&s, ahead, nahead, cuts, 0, 0, 0, NULL, 0, 0};
    for (se.cut = 0; se.cut <= cuts; se.cut++)
        search_cut(&se);
    const ss_scale_model_t *best = se.nall ? pick(&se) : NULL;
    if (best)
        *m = *best;
    m->candidates = se.tried;
    m->p_top = s.b[s.n - 1].p;
    m->drift = m->loo;
    m->cross = ss_scale_crosses(s.b, s.n) || (ahead && ss_scale_crosses(ahead, nahead));
    free(se.all);
    return best ? fit_sorted(s.b, s.t, s.n, m) : -1;
}

/* How far the rounds across groups may run from the overlap the fit
 * chose (scale_cross.c): where simulated points crossing groups chose
 * it, this much of phi either way up to the largest of them, and beyond
 * it down to overlapped (more groups overlap more) and this much up;
 * where no simulated point crossed groups, all of [0, 1]. */
#define PHI_SPREAD 0.2
/* ... and the static picture's own error either way (the busiest link of
 * a round alone, against the simulated times of two to nine groups on
 * the presets and their small cousins: docs/scaling.md). */
#define CROSS_REL 0.1

double ss_scale_predict(const ss_scale_model_t *m, const ss_scale_basis_t *b,
                        double level, double *lo, double *hi)
{
    /* the drift is the fitted terms' (the rounds across groups have
     * their own range, below) */
    double y = fitted(m, b, level, lo, hi), o = ss_scale_offset(m, b, m->phi);
    double d = m->p_top > 0 ? fmax(1, log2((double)b->p / m->p_top)) : 1;
    double model = m->drift * d * fabs(y - o) * gsl_cdf_ugaussian_Pinv(0.5 + level / 2);
    double stat = *hi - y;
    /* Simulated times differ in their last digits between equivalent
     * schedules (and the fit's arithmetic adds its own): an exact fit
     * still gets an interval of a few parts per million. */
    double half = fmax(sqrt(stat * stat + model * model), MIN_REL_HALF * fabs(y));
    double plo = !m->phi_seen || b->p > m->p_top ? 0 : fmax(0, m->phi - PHI_SPREAD);
    double phi = !m->phi_seen ? 1 : fmin(1, m->phi + PHI_SPREAD);
    double below = o - (1 - CROSS_REL) * ss_scale_offset(m, b, plo);
    double above = (1 + CROSS_REL) * ss_scale_offset(m, b, phi) - o;
    *lo = fmax(0, y - sqrt(half * half + below * below));
    *hi = y + sqrt(half * half + above * above);
    return y;
}

/* In words a reader can follow: "2.1e-06 x closed form (beta/alpha
 * 0.00032) + 3.4e-12 p log2 p - 4.5e-05 s". */
void ss_scale_describe(const ss_scale_model_t *m, char *buf, size_t len)
{
    static const char *const name[SS_NTERMS] = {
        "closed form", "x latency steps", "x bytes on the critical path",
        "x bytes combined", "s", "log2 p", "p", "p log2 p",
        "x steps x latency of the span", "bytes x log2 p",
        "x bytes / bandwidth of the span", "", "x latency steps x spanned route "
        "latency (us)", "x bytes x 10 GB/s / spanned share",
    };
    size_t used = 0;
    buf[0] = '\0';
    for (int j = 0; j < m->nterm && used < len; j++) {
        double c = m->fit.c[j];
        const char *sign = c < 0 ? " - " : j ? " + " : "";
        int w;
        if (m->term[j] == SS_TERM_FORM)
            w = snprintf(buf + used, len - used, "%s%.3g x closed form (beta/alpha "
                         "%.2g)", sign, fabs(c), ss_scale_ratio(m->ratio));
        else if (m->term[j] == SS_TERM_FORM_SPAN)
            w = snprintf(buf + used, len - used, "%s%.3g x closed form at the spanned "
                         "routes' latency (us) and share (beta/alpha %.2g at 10 GB/s)",
                         sign, fabs(c), ss_scale_ratio(m->ratio));
        else
            w = snprintf(buf + used, len - used, "%s%.3g %s", sign, fabs(c),
                         name[m->term[j]]);
        used += w > 0 ? (size_t)w : 0;
    }
    if (m->cross && used < len)
        snprintf(buf + used, len - used, " + the rounds across groups on their busiest "
                 "links (lockstep %.1f%s)", m->phi, m->phi_seen ? "" :
                 ", which no simulated point showed");
}

double ss_scale_tolerance(const ss_scale_model_t *m)
{
    return fmax(0.01, isfinite(m->loo) ? m->loo : 0);
}

int ss_scale_backtest(const ss_scale_basis_t *b, const double *t, size_t n,
                      ss_scale_model_t *m, double *err, int *covered)
{
    size_t big = n, second = n, k = 0;
    ss_scale_basis_t bs[SS_SCALE_MAXPTS];
    double ts[SS_SCALE_MAXPTS], lo, hi;
    if (n > SS_SCALE_MAXPTS)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (b[i].p >= m->p_from && (big == n || b[i].p > b[big].p))
            big = i;
    for (size_t i = 0; i < n; i++)
        if (i != big && b[i].p >= m->p_from) {
            bs[k] = b[i];
            ts[k++] = t[i];
            if (second == n || b[i].p > b[second].p)
                second = i;
        }
    /* The same form, refitted: how far this form carries one step. With
     * too few points left for it, the form is chosen again among the
     * smaller ones. */
    ss_scale_model_t fit = *m;
    fit.p_top = second < n ? b[second].p : 0;
    if (k < (size_t)m->nterm + 1 || ss_scale_fit_form(bs, ts, k, &fit)) {
        if (k < 3 || ss_scale_fit(bs, ts, k, &b[big], 1, &fit))
            return -1;
    } else {
        fit.loo = loo(&fit, bs, ts, k, 0, NULL);
        fit.drift = isfinite(fit.loo) ? fit.loo : 0;
    }
    double y = ss_scale_predict(&fit, &b[big], 0.95, &lo, &hi);
    double tol = ss_scale_tolerance(&fit) * t[big];
    *err = (y - t[big]) / t[big];
    *covered = fabs(*err) < SS_SCALE_BACKTEST_FAIL && lo - tol <= t[big] &&
               t[big] <= hi + tol;
    double step = log2((double)b[big].p / b[second].p);
    if (step > 0)
        m->drift = fmax(m->drift, fabs(*err) / fmax(step, 1));
    return 0;
}
