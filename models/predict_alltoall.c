/* predict_alltoall.c - closed forms of the alltoall algorithms (see
 * predict.h). n is the block each member sends to each other one; F the
 * wire size of an arrival counter increment. Both algorithms run the
 * shifted exchange of algorithms/alltoall/common.c: windows of w steps,
 * each window's w puts and increments sharing the sender's (and,
 * symmetrically, the receiver's) link, then a wait for as many blocks in.
 *
 * loggp: every put and increment is an issue, o of the PE's time, and
 * the NIC takes one per g, so a window's 2w messages leave d = max(o, g)
 * apart; each increment costs its receiver o_recv. Every member runs the
 * same timeline (the steps are permutations), so one member's is played
 * out: its window's flows on its link, whose last increment to land ends
 * the wait. In signal mode (ss_ab_t.signal, n > 0) a block carries its
 * increment: a window is w messages of n+F bytes, d apart. */
#include "predict.h"

#include <math.h>
#include <stdlib.h>

#define F 8.0

static double max2(double x, double y)
{
    return x > y ? x : y;
}

static int by_time(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Windows of w: k puts of n bytes, then k increments, leave d apart; the
 * receiver takes each increment once it and its block have landed (the
 * fence), in landing order, o_recv apiece. Alpha-beta (everything leaves
 * at once): ceil((p-1)/w) alpha + (p-1)(n+F) beta. */
static double exchange(const ss_ab_t *ab, int p, double n, int w)
{
    ss_pred_clk_t c = {0, 0};
    if (w > p - 1)
        w = p - 1;
    ss_pred_flow_t *f = malloc(2 * (size_t)w * sizeof *f);
    int *h = malloc(2 * (size_t)w * sizeof *h);
    double *in = malloc((size_t)w * sizeof *in);
    if (!f || !h || !in) {
        free(f), free(h), free(in);
        return NAN;
    }
    for (int s = 1; s < p; s += w) {
        int k = s + w < p ? w : p - s, sig = ab->signal && n > 0;
        int nf = sig ? k : 2 * k;
        for (int i = 0; i < nf; i++)
            f[i] = (ss_pred_flow_t){ss_pred_issue(ab, &c) + ab->alpha,
                                    (sig ? n + F : i < k ? n : F) * ab->beta,
                                    0, i};
        ss_pred_share(f, nf, h);
        for (int i = 0; i < k; i++)   /* an increment waits for its block */
            in[i] = sig ? f[i].done : max2(f[i].done, f[k + i].done);
        qsort(in, (size_t)k, sizeof *in, by_time);
        for (int i = 0; i < k; i++)
            c.cpu = max2(c.cpu, in[i]) + ab->o_recv;
    }
    free(f), free(h), free(in);
    return c.cpu;
}

/* One block in flight: (p-1)(alpha + (n+F) beta); loggp
 * (p-1)(o + alpha + max((n+F) beta, d + F beta) + o_recv). */
static double pairwise(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return exchange(ab, in->p, (double)in->n, 1);
}

/* k = radix in flight: ceil((p-1)/k) alpha + (p-1)(n+F) beta; loggp,
 * per window of k about o + alpha + max(k(n+F) beta, (2k-1) d + F beta)
 * + k o_recv, the consumption overlapping late landings. */
static double windowed(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    int k = in->radix >= 2 ? in->radix : SHCOLL_ALLTOALL_WINDOWED_RADIX;
    return exchange(ab, in->p, (double)in->n, k);
}

SS_PRED_FORMS(ALLTOALL, alltoall)
