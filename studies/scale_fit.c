/* scale_fit.c - from the simulated points of `shmemsim scale` to its
 * rows: each algorithm and size fitted on its simulated times
 * (models/scale.h), every other ladder point predicted with its interval,
 * and the back-test. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"
#include "fail.h"
#include "scale_cmd.h"

#define FORM_LEN 256

/* The simulated times, [alg][size][ladder], NAN where not simulated: the
 * points' rows (run's CSV) read back through the results reader. */
static int read_times(const ss_scale_job_t *j, double *t)
{
    size_t len = 0, n = j->nalg * j->nsizes * j->nladder;
    char *buf = NULL, err[300];
    for (size_t i = 0; i < n; i++)
        t[i] = NAN;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return -1;
    fputs(j->sweep.header, m);
    for (size_t i = 0; i < j->sweep.npt; i++) {
        const ss_sweep_point_t *p = &j->sweep.pt[i];
        for (size_t s = 0; p->selected && ss_sweep_done(&j->sweep, p) && s < j->nsizes; s++)
            fputs(p->rows[s], m);
    }
    if (fclose(m))
        return free(buf), -1;
    ss_results_t r;
    FILE *in = fmemopen(buf, len, "r");
    int rc = in ? ss_results_read(in, "simulated points", &r, err, sizeof err) : -1;
    if (in)
        fclose(in);
    free(buf);
    if (rc)
        return ss_fail(in ? SS_EXIT_INPUT : SS_EXIT_SYSTEM, "%s",
                       in ? err : "out of memory"), -1;
    for (size_t k = 0; k < r.n; k++)
        for (size_t a = 0; a < j->nalg; a++)
            for (size_t s = 0; s < j->nsizes; s++)
                for (size_t e = 0; e < j->nladder; e++)
                    if (!strcmp(r.rows[k].algorithm, j->algs[a]) &&
                        r.rows[k].bytes == j->bytes[s] && r.rows[k].pes == j->ladder[e])
                        t[(a * j->nsizes + s) * j->nladder + e] = r.rows[k].time_s;
    ss_results_free(&r);
    return 0;
}

typedef struct series {
    ss_scale_basis_t b[SS_SCALE_MAXPTS];
    double t[SS_SCALE_MAXPTS];
    size_t n;
    int fitted, backtested, covered, top;
    int level;       /* the largest span two simulated points reach */
    ss_span_t span;  /* what the largest simulated point at that level spans */
    ss_scale_model_t m;
    double bt_err;
} series_t;

/* One algorithm and size: its simulated points, the fit, the back-test.
 * A part of the machine counts as seen once two simulated points span
 * it: from one point alone (one simulated point beyond a dragonfly
 * group) the fit cannot tell how the time grows across that part, so
 * the points beyond it are widened from the last part seen twice
 * (widen_beyond). */
static void fit_series(const ss_scale_job_t *j, size_t a, size_t s, const double *t,
                       series_t *sr)
{
    enum { LEVELS = 8 };   /* more than any topology has (ss_span_t.level) */
    memset(sr, 0, sizeof *sr);
    int at_least[LEVELS] = {0};   /* simulated points spanning level l or more */
    for (size_t e = 0; e < j->nladder; e++) {
        double v = t[(a * j->nsizes + s) * j->nladder + e];
        if (isnan(v))
            continue;
        sr->b[sr->n] = *ss_scale_basis_at(j, a, s, e);
        sr->t[sr->n++] = v;
        sr->top = j->ladder[e];
        for (int l = 0; l <= j->span[e].level && l < LEVELS; l++)
            at_least[l]++;
    }
    for (size_t e = 0; e < j->nladder; e++) {
        int l = j->span[e].level;
        if (!isnan(t[(a * j->nsizes + s) * j->nladder + e]) && l >= sr->level &&
            l < LEVELS && at_least[l] >= 2) {
            sr->level = l;
            sr->span = j->span[e];
        }
    }
    sr->fitted = ss_scale_fit(sr->b, sr->t, sr->n, ss_scale_basis_at(j, a, s, 0),
                              j->nladder, &sr->m) == 0;
    sr->backtested = sr->fitted && ss_scale_backtest(sr->b, sr->t, sr->n, &sr->m,
                                                     &sr->bt_err, &sr->covered) == 0;
}

static size_t points_used(const series_t *sr)
{
    size_t k = 0;
    for (size_t i = 0; i < sr->n; i++)
        k += sr->b[i].p >= sr->m.p_from;
    return k;
}

static ss_scale_row_t row_of(const ss_scale_job_t *j, size_t a, size_t s, size_t e,
                             const series_t *sr, const char *form)
{
    ss_scale_row_t r = {shcoll_kind_name((shcoll_kind_t)j->kind), j->algs[a],
                        j->ladder[e], j->bytes[s], NAN, 0, NAN, NAN, j->ppn,
                        ss_option_model_name(&j->run.cfg.model, j->platform,
                                             j->ladder[e]), j->platform,
                        NULL, 0, 0, 0, NAN, 0, NAN, 0, NULL};
    if (sr->fitted) {
        r.form = form;
        r.fit_from = sr->m.p_from;
        r.fit_to = sr->top;
        r.fit_points = (int)points_used(sr);
        r.loo_error = sr->m.loo;
    }
    if (sr->backtested) {
        r.backtest_pes = sr->top;
        r.backtest_error = sr->bt_err;
        r.backtest_covered = sr->covered;
    }
    return r;
}

/* A fitted point whose PEs span links fewer than two simulated points
 * used (fit_series): the fit cannot know what those links cost, so the
 * interval reaches up to the time with every latency and every byte
 * paying the new links' price (the ratio of spanned route latencies, or
 * of link shares), and as far down by the same factor: the trend the fit
 * carries over may as well be steeper than what the new part adds (a
 * fat-tree's spine reached by fewer messages than the leaves' growth
 * says). The row says which part of the machine it spans. */
static void widen_beyond(ss_scale_row_t *r, const ss_span_t *seen,
                         const ss_span_t *here)
{
    double lat = seen->latency > 0 ? here->latency / seen->latency : 1;
    double bw = here->bandwidth > 0 ? seen->bandwidth / here->bandwidth : 1;
    double k = fmax(1, fmax(lat, bw));
    r->hi_s = fmax(r->hi_s, r->time_s * k);
    r->lo_s = fmin(r->lo_s, r->time_s / k);
    r->beyond_span = here->name;
}

/* The same for a form that follows the span: it already charges the new
 * links at the price the platform gives them. What it adds for them, d
 * (against the same form with the PEs spanning only what the fit has
 * seen), is a model of the new level, not a measurement, and a fit that
 * cannot tell latency from bytes (a ring's steps and bytes both grow as
 * p) may have put the latency the new routes lengthen into bytes that
 * keep their rate: for a neighbour algorithm d is at least what the point
 * would add were its time all latency (for a neighbour exchange, whose
 * steps go at the pair's route, were every second one to wait for the
 * longest, as a ring's do: ss_scale_basis_t.lat_hi); a log-step form
 * takes the platform's own ratio of latency to bytes. The rounds across
 * dragonfly groups are the point's own in both (their range is the
 * prediction's, models/scale_cross.c). The interval holds d/2 either
 * way, in quadrature with the fit's own. Checked against whole and
 * sampled runs on aries-xc (docs/scaling.md). */
static void widen_span(const ss_scale_job_t *j, size_t a, size_t s, size_t e,
                       const series_t *sr, ss_scale_row_t *r)
{
    ss_scale_case_t c;
    ss_scale_span_t sp;
    ss_scale_basis_t seen;
    double lo, hi;
    ss_scale_case_of(j, a, s, &c);
    if (!(sr->span.latency > 0) || ss_scale_span_at(j, j->ladder[e], &sr->span, &sp) ||
        ss_scale_basis(&c, j->ladder[e], &sp, &seen)) {
        widen_beyond(r, &sr->span, &j->span[e]);
        return;
    }
    const ss_scale_basis_t *here = ss_scale_basis_at(j, a, s, e);
    seen.nx = here->nx;
    memcpy(seen.x_s, here->x_s, sizeof seen.x_s);
    memcpy(seen.x_bytes, here->x_bytes, sizeof seen.x_bytes);
    seen.x_total = here->x_total;
    double y = r->time_s, y0 = ss_scale_predict(&sr->m, &seen, 0.95, &lo, &hi);
    double lat = here->neighbour ? here->lat_hi / seen.lat_hi : 1;
    double d = fmax(fabs(y - y0), y0 * fabs(lat - 1));
    double stat = r->hi_s - y, half = sqrt(stat * stat + d * d / 4);
    r->lo_s = fmax(0, y - half);
    r->hi_s = y + half;
    r->beyond_span = j->span[e].name;
}

static int pow2(int p)
{
    return p > 0 && (p & (p - 1)) == 0;
}

/* A fitted point against the simulated ones around it (models/scale.h,
 * ss_scale_bracket): the floor of the nearest simulated power of two
 * below, for a power of two the ceiling of the nearest simulated (or
 * sampled) time above, and the form's misses at the nearest simulated
 * points either side. The interval never starts at 0; a fit that strays
 * outside is pulled in. */
static void bracket(const ss_scale_job_t *j, size_t a, size_t s, size_t e,
                    const double *t, const series_t *sr, ss_scale_row_t *r)
{
    const double *ts = &t[(a * j->nsizes + s) * j->nladder];
    const ss_scale_sample_t *smp = &j->sampled[a * j->nsizes + s];
    ss_scale_near_t n = {j->ladder[e], NAN, NAN, 0, 0, NAN, NAN};
    double lo, hi;
    for (size_t k = e; k-- > 0 && isnan(n.floor);)
        if (pow2(j->ladder[k]))
            n.floor = ts[k];
    for (size_t k = e + 1; pow2(j->ladder[e]) && k < j->nladder && isnan(n.ceiling); k++)
        n.ceiling = ts[k];
    if (isnan(n.ceiling) && pow2(j->ladder[e]) && e + 1 < j->nladder && !isnan(smp->time_s))
        n.ceiling = smp->hi_s;
    for (size_t k = e; k-- > 0 && !n.p_lo;)
        if (!isnan(ts[k])) {
            n.p_lo = j->ladder[k];
            n.miss_lo = ts[k] / ss_scale_predict(&sr->m, ss_scale_basis_at(j, a, s, k),
                                                 0.95, &lo, &hi);
        }
    for (size_t k = e + 1; k < j->nladder && !n.p_hi; k++)
        if (!isnan(ts[k])) {
            n.p_hi = j->ladder[k];
            n.miss_hi = ts[k] / ss_scale_predict(&sr->m, ss_scale_basis_at(j, a, s, k),
                                                 0.95, &lo, &hi);
        }
    ss_scale_bracket(&n, &r->time_s, &r->lo_s, &r->hi_s);
}

/* The row of ladder point e: simulated, fitted, or none (returns 0). */
static int point_row(const ss_scale_job_t *j, size_t a, size_t s, size_t e,
                     const double *t, const series_t *sr, const char *form,
                     ss_scale_row_t *r)
{
    *r = row_of(j, a, s, e, sr, form);
    double v = t[(a * j->nsizes + s) * j->nladder + e];
    const ss_scale_sample_t *smp = &j->sampled[a * j->nsizes + s];
    if (!isnan(v)) {
        r->time_s = r->lo_s = r->hi_s = v;
        r->simulated = SS_ROW_SIMULATED;
        return 1;
    }
    if (e == j->nladder - 1 && !isnan(smp->time_s)) {
        r->time_s = smp->time_s;
        r->lo_s = smp->lo_s;
        r->hi_s = smp->hi_s;
        r->simulated = SS_ROW_SAMPLED;
        return 1;
    }
    if (!sr->fitted)
        return 0;
    r->time_s = ss_scale_predict(&sr->m, ss_scale_basis_at(j, a, s, e), 0.95,
                                 &r->lo_s, &r->hi_s);
    if (j->span[e].level > sr->level && ss_scale_follows_span(&sr->m))
        widen_span(j, a, s, e, sr, r);
    else if (j->span[e].level > sr->level)
        widen_beyond(r, &sr->span, &j->span[e]);
    bracket(j, a, s, e, t, sr, r);
    return 1;
}

int ss_scale_rows(const ss_scale_job_t *j, ss_scale_row_t **rows, size_t *n,
                  char **text, size_t *missing)
{
    size_t cases = j->nalg * j->nsizes, total = cases * j->nladder;
    double *t = malloc(total * sizeof *t);
    series_t *sr = malloc(sizeof *sr);
    *rows = malloc(total * sizeof **rows);
    *text = calloc(cases, FORM_LEN);
    *n = *missing = 0;
    if (!t || !sr || !*rows || !*text || read_times(j, t)) {
        free(t);
        free(sr);
        return -1;
    }
    for (size_t a = 0; a < j->nalg; a++)
        for (size_t s = 0; s < j->nsizes; s++) {
            char *form = *text + (a * j->nsizes + s) * FORM_LEN;
            fit_series(j, a, s, t, sr);
            if (sr->fitted)
                ss_scale_describe(&sr->m, form, FORM_LEN);
            size_t none = 0;
            for (size_t e = 0; e < j->nladder; e++) {
                if (point_row(j, a, s, e, t, sr, form, &(*rows)[*n]))
                    ++*n;
                else
                    none++;
            }
            if (none && sr->n)
                fprintf(stderr, "shmemsim: note: no time for %s at %zu bytes beyond "
                        "%d PEs (%zu ladder points): %zu point(s) simulated and a fit "
                        "needs 3\n", j->algs[a], j->bytes[s], sr->top, none, sr->n);
            else if (none)
                fprintf(stderr, "shmemsim: note: no time for %s at %zu bytes: no "
                        "point was simulated\n", j->algs[a], j->bytes[s]);
            *missing += none;
        }
    free(t);
    free(sr);
    return 0;
}
