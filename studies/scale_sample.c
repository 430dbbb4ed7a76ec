/* scale_sample.c - the time of a step algorithm (algorithms/shcoll.h,
 * shcoll_steps_t: ring and neighbour-exchange fcollect, the alltoall
 * exchanges) at the top of a ladder it could not simulate whole, from
 * windows of its steps run at that very size.
 *
 * A window of K steps from an aligned start takes T(K). The slope between
 * K and 3K steps, d = (T(3K) - T(K)) / 2K, is what a step costs once the
 * first ones are under way, and T(3K) + (N - 3K) d is the whole call of N
 * steps: the answer comes from the machine's size, extrapolated in steps
 * rather than in PEs. fcollect's step algorithms repeat one step shape
 * (the same partners every step, or every second step), so one position
 * serves; the alltoall exchanges talk to me + s in step s, near at first
 * and across the machine later, so they are sampled at POSITIONS points,
 * each slope standing for its share of the steps.
 *
 * The interval: every share's steps between the least and the most of
 * its own slope and the next position's, and DRIFT wider on both sides:
 * over thousands of steps a whole call's members drift apart, and contend
 * less (a ring) or wait more for the partner that fell behind (neighbour
 * exchange) than the aligned windows show, which a window of a hundred
 * steps cannot see. Against whole runs at 2,048 and 4,096 PEs the
 * extrapolation came within -4% to +3% (docs/models.md).
 *
 * Cost: POSITIONS x (K + 3K) steps at the top size, in one child run of
 * `shmemsim run --steps` per window, -j at a time; planned within the
 * budget with the simulated points (ss_scale_sample_plan). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "children.h"
#include "model.h"
#include "scale_cmd.h"
#include "shcoll.h"
#include "simcost.h"

enum { K = 32, POSITIONS_MAX = 3 };
#define DRIFT 0.10   /* how far drifting members may move a step's cost */

static int positions(int kind, int nsteps)
{
    int n = kind == SHCOLL_ALLTOALL ? POSITIONS_MAX : 1;
    while (n > 1 && nsteps / n < 4 * K)
        n--;
    return n;
}

static int first_of(int pos, int npos, int nsteps)
{
    return (int)((long)pos * nsteps / npos);
}

/* argv of the child that runs window [first, first + count). */
static char **window_argv(const ss_scale_job_t *j, const char *alg, int pes,
                          int first, int count)
{
    char **v = calloc(20 + j->run.n, sizeof *v);
    char *num = malloc(64);
    if (!v || !num) {
        free(v);
        free(num);
        return NULL;
    }
    size_t n = 0;
    snprintf(num, 32, "%d", pes);
    snprintf(num + 32, 32, "%d:%d", first, count);
    v[n++] = "shmemsim";
    v[n++] = "run";
    v[n++] = "--platform";
    v[n++] = (char *)j->platform;
    v[n++] = "--pes";
    v[n++] = num;
    v[n++] = "--collective";
    v[n++] = (char *)shcoll_kind_name((shcoll_kind_t)j->kind);
    v[n++] = "--algorithm";
    v[n++] = (char *)alg;
    v[n++] = "--bytes";
    v[n++] = (char *)j->bytes_arg;
    v[n++] = "--steps";
    v[n++] = num + 32;
    for (size_t i = 0; i < j->run.n; i++)
        v[n++] = j->run.argv[i];
    v[n++] = "--format";
    v[n++] = "csv";
    return v;
}

/* time_s of each size, in the order of j->bytes, from a run's CSV. */
static int times_of(const ss_scale_job_t *j, const char *csv, double *t)
{
    const char *line = csv ? strchr(csv, '\n') : NULL;
    for (size_t s = 0; s < j->nsizes; s++) {
        if (!line || !*++line)
            return -1;
        char alg[64];
        unsigned long long pes, bytes;
        if (sscanf(line, "%*[^,],%63[^,],%llu,%llu,%lf", alg, &pes, &bytes, &t[s]) != 4 ||
            bytes != j->bytes[s])
            return -1;
        line = strchr(line, '\n');
    }
    return 0;
}

/* The estimate and interval of one size from its windows: w[pos][0] the
 * K-step window's time, w[pos][1] the 3K-step one's. */
static void estimate(const double w[][2], int npos, int nsteps, ss_scale_sample_t *out)
{
    double d[POSITIONS_MAX], c = w[0][0] - K * (w[0][1] - w[0][0]) / (2.0 * K);
    for (int i = 0; i < npos; i++)
        d[i] = (w[i][1] - w[i][0]) / (2.0 * K);
    double t = c, lo = c, hi = c;
    for (int i = 0; i < npos; i++) {
        int n = first_of(i + 1, npos, nsteps) - first_of(i, npos, nsteps);
        double next = d[i + 1 < npos ? i + 1 : i];
        t += n * d[i];
        lo += n * fmin(d[i], next);
        hi += n * fmax(d[i], next);
    }
    out->time_s = t;
    out->lo_s = fmin(lo, t) * (1 - DRIFT);
    out->hi_s = fmax(hi, t) * (1 + DRIFT);
}

/* One algorithm at the ladder's top: its windows' runs, then its sizes. */
static int sample_alg(ss_scale_job_t *j, size_t a, int nsteps, int jobs)
{
    int pes = j->ladder[j->nladder - 1], npos = positions(j->kind, nsteps);
    size_t nrun = 2 * (size_t)npos;
    char **argvs[2 * POSITIONS_MAX] = {0}, *out[2 * POSITIONS_MAX] = {0};
    double w[POSITIONS_MAX][2], *t = malloc(j->nsizes * nrun * sizeof *t);
    int rc = t ? 0 : -1;
    for (size_t r = 0; rc == 0 && r < nrun; r++) {
        int first = first_of((int)(r / 2), npos, nsteps);
        int count = r % 2 ? 3 * K : K;
        if (first + count > nsteps)
            count = nsteps - first;
        if (!(argvs[r] = window_argv(j, j->algs[a], pes, first, count)))
            rc = -1;
    }
    if (rc == 0)
        rc = ss_children_run(j->sweep.exe, (char **const *)argvs, nrun, jobs, out);
    for (size_t r = 0; rc == 0 && r < nrun; r++)
        rc = times_of(j, out[r], t + r * j->nsizes);
    for (size_t s = 0; rc == 0 && s < j->nsizes; s++) {
        for (int i = 0; i < npos; i++)
            for (int k = 0; k < 2; k++)
                w[i][k] = t[(2 * (size_t)i + (size_t)k) * j->nsizes + s];
        estimate((const double (*)[2])w, npos, nsteps,
                 &j->sampled[a * j->nsizes + s]);
    }
    for (size_t r = 0; r < nrun; r++) {
        if (argvs[r])
            free(argvs[r][5]);   /* the numbers' buffer */
        free(argvs[r]);
        free(out[r]);
    }
    free(t);
    return rc;
}

/* The steps algorithm a has at the top, or 0 when it is not sampled there:
 * not a step algorithm, simulated there, or a few dozen steps (fitted). */
static int top_steps(ss_scale_job_t *j, size_t a)
{
    size_t top = j->nladder - 1;
    const shcoll_alg_t *alg = shcoll_find((shcoll_kind_t)j->kind, j->algs[a]);
    if (!alg || !alg->nsteps || ss_scale_point(j, top, a)->selected)
        return 0;
    int n = alg->nsteps(j->ladder[top]);
    return n >= 4 * K ? n : 0;
}

/* The estimated wall time of algorithm a's windows. */
static double cost(ss_scale_job_t *j, size_t a, int nsteps)
{
    int pes = j->ladder[j->nladder - 1], npos = positions(j->kind, nsteps);
    double whole = ss_simcost_prior(shcoll_kind_name((shcoll_kind_t)j->kind), j->algs[a],
                                    pes, j->ppn, j->bytes, j->nsizes, j->run.cfg.radix,
                                    j->run.cfg.segment,
                                    ss_model_small_bytes(&j->run.cfg.model, pes));
    return npos * (ss_simcost_part(whole, pes, (double)K / nsteps) +
                   ss_simcost_part(whole, pes, 3.0 * K / nsteps));
}

double ss_scale_sample_plan(ss_scale_job_t *j, double left)
{
    double total = 0;
    memset(j->sample, 0, sizeof j->sample);
    for (;;) {   /* cheapest first */
        size_t best = j->nalg;
        double c = 0;
        for (size_t a = 0; a < j->nalg; a++) {
            int n = j->sample[a] ? 0 : top_steps(j, a);
            double ca = n ? cost(j, a, n) : NAN;
            if (n && !isnan(ca) && (best == j->nalg || ca < c))
                best = a, c = ca;
        }
        if (best == j->nalg || total + c > left)
            break;
        j->sample[best] = 1;
        total += c;
    }
    return total;
}

int ss_scale_sample(ss_scale_job_t *j, int jobs)
{
    size_t top = j->nladder - 1;
    int pes = j->ladder[top], failed = 0;
    for (size_t i = 0; i < j->nalg * j->nsizes; i++)
        j->sampled[i] = (ss_scale_sample_t){NAN, NAN, NAN};
    for (size_t a = 0; a < j->nalg; a++) {
        const shcoll_alg_t *alg = shcoll_find((shcoll_kind_t)j->kind, j->algs[a]);
        int nsteps = alg && alg->nsteps ? alg->nsteps(pes) : 0;
        if (!j->sample[a])
            continue;
        fprintf(stderr, "shmemsim: scale: sampling %s at %d PEs: windows of %d and "
                "%d of its %d steps\n", j->algs[a], pes, K, 3 * K, nsteps);
        if (sample_alg(j, a, nsteps, jobs)) {
            fprintf(stderr, "shmemsim: note: sampling %s at %d PEs failed; it is "
                    "fitted\n", j->algs[a], pes);
            failed = 1;
            for (size_t s = 0; s < j->nsizes; s++)
                j->sampled[a * j->nsizes + s] = (ss_scale_sample_t){NAN, NAN, NAN};
        }
    }
    return failed;
}
