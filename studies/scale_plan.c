/* scale_plan.c - which ladder points `shmemsim scale` simulates, and the
 * guard that keeps them within the budget while they run.
 *
 * The plan is made from the uncalibrated estimate (models/simcost.h) so
 * that it is a function of the arguments: the same command gives the
 * same simulated points, hence the same fits and the same bytes, on any
 * machine and at any -j, as long as the machine keeps up with the
 * estimate. The guard then calibrates each algorithm on its own finished
 * points and refuses to start a point it does not expect to finish in
 * the time left; that is the only way the output can depend on the
 * machine, and it is said on stderr when it happens.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fail.h"
#include "scale_cmd.h"
#include "simcost.h"

typedef struct guard {
    ss_scale_job_t *j;
    ss_sweep_hooks_t *hooks;
    double t0;
    ss_simcost_cal_t cal[64];
    int stop_at[64];          /* a point was refused: so are those from its
                                 PE count on (0: none) */
    int running[64];
    size_t done, todo, failed, refused;
    int tty;
} guard_t;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double prior(const ss_scale_job_t *j, const char *alg, int p)
{
    return ss_simcost_prior(shcoll_kind_name((shcoll_kind_t)j->kind), alg, p, j->ppn,
                            j->bytes, j->nsizes, j->run.cfg.radix,
                            j->run.cfg.segment,
                            ss_model_small_bytes(&j->run.cfg.model, p));
}

static size_t alg_index(const ss_scale_job_t *j, const char *alg)
{
    size_t a = 0;
    while (a < j->nalg && strcmp(j->algs[a], alg))
        a++;
    return a;
}

/* One algorithm's points: "up to 4096 PEs", "up to 4096 PEs and at
 * 16384" (a point passed over between), "at 16384" or "none". */
static void say_points(ss_scale_job_t *j, size_t a)
{
    size_t e = 0;
    while (e < j->nladder && ss_scale_point(j, e, a)->selected)
        e++;
    if (e)
        fprintf(stderr, " up to %d PEs", j->ladder[e - 1]);
    const char *sep = e ? " and at" : " at";
    int any = e > 0;
    for (; e < j->nladder; e++)
        if (ss_scale_point(j, e, a)->selected) {
            fprintf(stderr, "%s %d", sep, j->ladder[e]);
            sep = ",";
            any = 1;
        }
    if (!any)
        fprintf(stderr, " none");
}

/* "ring up to 512 PEs, recursive_doubling up to 4096 PEs and at 16384" */
static void say_plan(const ss_scale_job_t *j, double total, size_t sel)
{
    fprintf(stderr, "shmemsim: scale: simulating %zu of %zu points (estimated "
            "%.0f s one after another; budget %.0f s):", sel, j->sweep.npt, total,
            j->budget);
    for (size_t a = 0; a < j->nalg; a++) {
        fprintf(stderr, "%s %s", a ? "," : "", j->algs[a]);
        say_points((ss_scale_job_t *)j, a);
    }
    fprintf(stderr, "; the rest are fitted");
    for (size_t a = 0, k = 0; a < j->nalg; a++)
        if (j->sample[a])
            fprintf(stderr, "%s%s", k++ ? ", " : " but sampled at the top: ", j->algs[a]);
    fputc('\n', stderr);
    for (size_t a = 0; a < j->nalg; a++) {
        size_t n = 0;
        for (size_t e = 0; e < j->nladder; e++)
            n += ss_scale_point((ss_scale_job_t *)j, e, a)->selected;
        if (n < 3)
            fprintf(stderr, "shmemsim: note: %s: %zu point(s) fit the budget and "
                    "a fit needs 3, so its larger points get no time (raise "
                    "--budget)\n", j->algs[a], n);
    }
}

/* A point's estimated cost, 0 once done. */
static double point_cost(ss_scale_job_t *j, size_t e, size_t a)
{
    ss_sweep_point_t *pt = ss_scale_point(j, e, a);
    return ss_sweep_done(&j->sweep, pt) ? 0 : prior(j, j->algs[a], j->ladder[e]);
}

/* Takes the algorithms' points smallest first, level by level (every
 * algorithm's k-th point before any one's (k+1)-th: a fit gains most
 * from its first points, and a cheap step algorithm is not left at three
 * while a log-step one takes its tenth), the cheapest first within a
 * level, while they fit what is left of the budget, until an algorithm
 * has `upto` points (taken or passed over) or none is left below the
 * top. A point that does not fit is passed over, not the end of its
 * algorithm: under --small-msg 0 a ladder's largest points may still be
 * cheaper than its middle ones. */
static double take_smallest(ss_scale_job_t *j, size_t *next, size_t upto, double total)
{
    for (;;) {
        size_t best = j->nalg;
        double cost = 0;
        for (size_t a = 0; a < j->nalg; a++) {
            if (next[a] >= upto || next[a] + 1 >= j->nladder)
                continue;
            double c = point_cost(j, next[a], a);
            if (best == j->nalg || next[a] < next[best] ||
                (next[a] == next[best] && c < cost))
                best = a, cost = c;
        }
        if (best == j->nalg)
            return total;
        if (total + cost <= j->budget) {
            ss_scale_point(j, next[best], best)->selected = 1;
            total += cost;
        }
        next[best]++;
    }
}

/* The first point of each part of the machine (ss_span_t.level: a
 * router, a chassis, a group, several groups) that an algorithm's taken
 * points do not reach, cheapest first, where it fits: what the next
 * part's links cost is what a fit made inside one part cannot know
 * (k-nomial fcollect of 8 KiB on aries-xc, fitted up to 8,192 PEs, one
 * group: +11% at 100,000 PEs; docs/scaling.md). */
static double take_levels(ss_scale_job_t *j, double total)
{
    for (;;) {
        size_t best = j->nalg, at = 0;
        double cost = 0;
        for (size_t a = 0; a < j->nalg; a++) {
            int reached = -1;
            for (size_t e = 0; e < j->nladder; e++) {
                ss_sweep_point_t *pt = ss_scale_point(j, e, a);
                if (pt->selected && j->span[e].level > reached)
                    reached = j->span[e].level;
                else if (!pt->selected && j->span[e].level > reached && j->span[e].level >= 0) {
                    double c = point_cost(j, e, a);
                    if (total + c <= j->budget && (best == j->nalg || c < cost))
                        best = a, at = e, cost = c;
                    break;
                }
            }
        }
        if (best == j->nalg)
            return total;
        ss_scale_point(j, at, best)->selected = 1;
        total += cost;
    }
}

/* The default plan. First every algorithm's three smallest points (a fit
 * needs 3) before any one of them spends the budget; then the top of the
 * ladder, cheapest first, where it fits: a fit between simulated points
 * interpolates, and one beyond them extrapolates what it has not seen
 * (Bruck fcollect, 8 B, aries-xc, fitted from 64 to 32,768 PEs: 11.2 ms
 * at 100,000 PEs, 3.1 to 19.4 ms; simulated: 14.3 ms in 17 s), or for a
 * step algorithm windows of its steps there (scale_sample.c); then the
 * first point of each part of the machine not yet reached (take_levels);
 * then the points between, smallest first. */
static double plan_budget(ss_scale_job_t *j)
{
    size_t next[64] = {0}, top = j->nladder - 1;
    double total = take_smallest(j, next, 3, 0);
    for (;;) {
        size_t best = j->nalg;
        double cost = 0;
        for (size_t a = 0; a < j->nalg; a++) {
            double c = point_cost(j, top, a);
            if (!ss_scale_point(j, top, a)->selected && total + c <= j->budget &&
                (best == j->nalg || c < cost))
                best = a, cost = c;
        }
        if (best == j->nalg)
            break;
        ss_scale_point(j, top, best)->selected = 1;
        total += cost;
    }
    /* a step algorithm's top, where it is not simulated, is sampled */
    total += ss_scale_sample_plan(j, j->budget - total);
    total = take_levels(j, total);
    return take_smallest(j, next, j->nladder, total);
}

int ss_scale_plan(ss_scale_job_t *j)
{
    double total = 0;
    size_t sel = 0;
    for (size_t i = 0; i < j->sweep.npt; i++)
        j->sweep.pt[i].selected = 0;
    if (j->upto) {
        for (size_t e = 0; e < j->nladder; e++)
            for (size_t a = 0; a < j->nalg; a++) {
                ss_sweep_point_t *pt = ss_scale_point(j, e, a);
                if ((pt->selected = j->ladder[e] <= j->upto) && !ss_sweep_done(&j->sweep, pt))
                    total += prior(j, j->algs[a], j->ladder[e]);
            }
    } else {
        total = plan_budget(j);
    }
    for (size_t i = 0; i < j->sweep.npt; i++)
        sel += (size_t)j->sweep.pt[i].selected;
    if (j->upto && total > j->budget) {
        return ss_fail(SS_EXIT_INPUT, "simulating every ladder point up to %d "
                       "PEs takes about %.0f s by the estimate (models/"
                       "simcost.c), more than --budget %.0f s: raise --budget, "
                       "lower --simulate-up-to, or leave it out (scale then "
                       "simulates what fits)", j->upto, total, j->budget), -1;
    }
    /* with every point up to M simulated, the step algorithms' samples
     * at the top take what is left */
    if (j->upto)
        total += ss_scale_sample_plan(j, j->budget - total);
    say_plan(j, total, sel);
    return 0;
}

/* The machine's speed against the prior, from every finished point: the
 * first estimate of an algorithm that has none of its own. */
static double machine_ratio(const guard_t *g)
{
    double sum = 0;
    size_t n = 0;
    for (size_t a = 0; a < g->j->nalg; a++)
        if (g->cal[a].n) {
            sum += log(g->cal[a].ratio[g->cal[a].n - 1]);
            n++;
        }
    return n ? exp(sum / (double)n) : 1;
}

static int admit(void *ctx, const ss_sweep_point_t *p, int running)
{
    guard_t *g = ctx;
    size_t a = alg_index(g->j, p->alg);
    if (g->stop_at[a] && p->pes >= g->stop_at[a])
        return g->refused++, SS_SWEEP_SKIP;
    if (g->running[a] && running)
        return SS_SWEEP_WAIT;     /* its calibration is on the way */
    double est = ss_simcost_estimate(&g->cal[a], p->pes, prior(g->j, p->alg, p->pes),
                                     machine_ratio(g),
                                     ss_model_small_bytes(&g->j->run.cfg.model, p->pes)
                                     != SS_SMALL_ALL);
    double left = g->t0 + g->j->budget - now();
    if (est > left) {
        g->stop_at[a] = p->pes;
        g->refused++;
        fprintf(stderr, "shmemsim: note: not simulating %s at %d PEs: it would "
                "take about %.0f s and %.0f s of the budget are left; it and the "
                "larger points are fitted (this machine is slower than the plan "
                "assumed, so the output differs from a faster run's: raise "
                "--budget)\n", p->alg, p->pes, est, left > 0 ? left : 0);
        return SS_SWEEP_SKIP;
    }
    g->running[a]++;
    return SS_SWEEP_START;
}

static void finished(void *ctx, const ss_sweep_point_t *p, int ok, double wall)
{
    guard_t *g = ctx;
    size_t a = alg_index(g->j, p->alg);
    double c = prior(g->j, p->alg, p->pes);
    g->running[a]--;
    g->done++;
    if (!ok) {
        g->failed++;
        if (g->hooks->expired)
            g->stop_at[a] = 1;
        fprintf(stderr, "shmemsim: note: %s at %d PEs %s; it is fitted instead\n",
                p->alg, p->pes, g->hooks->expired ? "was stopped at the end of "
                "the budget (it took longer than its estimate)" :
                "could not be simulated (above)");
        return;
    }
    ss_simcost_learn(&g->cal[a], p->pes, c, wall);
    if (g->tty)
        fprintf(stderr, "[%zu/%zu] %s %d PEs: %.1f s (estimated %.1f s)\n",
                g->done, g->todo, p->alg, p->pes, wall, c);
}

/* The order to start points in: the ladder's top first, the dearest
 * first, then the rest as planned. The top points are the longest runs;
 * started last they would leave -j 2 with one of them running alone at
 * the end (the demo: 90 s, against 72 s of work per core). An
 * algorithm's smaller points wait for its top to finish (admit), whose
 * wall time then calibrates them. NULL (the points' own order) when out
 * of memory. */
static size_t *start_order(ss_scale_job_t *j)
{
    size_t n = j->sweep.npt, k = 0, top = j->nladder - 1;
    size_t *order = malloc(n * sizeof *order);
    char *first = calloc(n, 1);
    if (!order || !first) {
        free(order);
        free(first);
        return NULL;
    }
    for (;;) {   /* the tops, dearest first */
        size_t best = n;
        double c = 0;
        for (size_t a = 0; a < j->nalg; a++) {
            size_t i = (size_t)(ss_scale_point(j, top, a) - j->sweep.pt);
            double ca = point_cost(j, top, a);
            if (j->sweep.pt[i].selected && !first[i] && (best == n || ca > c))
                best = i, c = ca;
        }
        if (best == n)
            break;
        first[best] = 1;
        order[k++] = best;
    }
    for (size_t i = 0; i < n; i++)
        if (!first[i])
            order[k++] = i;
    free(first);
    return order;
}

int ss_scale_simulate(ss_scale_job_t *j, int jobs, const char *cache)
{
    guard_t g;
    memset(&g, 0, sizeof g);
    g.j = j;
    g.t0 = now();
    g.tty = isatty(2);
    for (size_t i = 0; i < j->sweep.npt; i++)
        g.todo += j->sweep.pt[i].selected && !ss_sweep_done(&j->sweep, &j->sweep.pt[i]);
    /* Estimates are rough: a point that overruns is stopped only once the
     * budget is spent with a quarter to spare. */
    ss_sweep_hooks_t hooks = {admit, finished, &g, g.t0 + 1.25 * j->budget + 5, 0};
    g.hooks = &hooks;
    j->sweep.hooks = &hooks;
    size_t *order = start_order(j);
    j->sweep.order = order;
    int rc = ss_sweep_run(&j->sweep, cache, jobs);
    j->sweep.hooks = NULL;
    j->sweep.order = NULL;
    free(order);
    if (rc == 0 || rc == 1)
        fprintf(stderr, "shmemsim: scale: %zu point(s) simulated in %.1f s%s\n",
                g.done - g.failed, now() - g.t0,
                g.failed ? " (some failed: see above)" : "");
    return rc;
}
