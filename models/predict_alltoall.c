/* predict_alltoall.c - alpha-beta closed forms of the alltoall algorithms
 * (see predict.h). n is the block each member sends to each other one;
 * F the wire size of an arrival counter increment. Both algorithms run
 * the shifted exchange of algorithms/alltoall/common.c: windows of w
 * steps, each window's w puts and increments sharing the sender's (and,
 * symmetrically, the receiver's) link, then a wait for as many blocks in. */
#include "predict.h"

#define F 8.0

static double exchange(const ss_ab_t *ab, int p, double n, int w)
{
    double t = 0;
    for (int s = 1; s < p; s += w) {
        int k = s + w < p ? w : p - s;
        t += ab->alpha + k * (n + F) * ab->beta;
    }
    return t;
}

/* One block in flight: (p-1)(alpha + (n+F) beta). */
static double pairwise(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return exchange(ab, in->p, (double)in->n, 1);
}

/* k = radix (default 8) in flight: ceil((p-1)/k) alpha + (p-1)(n+F) beta. */
static double windowed(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return exchange(ab, in->p, (double)in->n, in->radix >= 2 ? in->radix : 8);
}

const ss_pred_t ss_pred_alltoall[] = {
    {"pairwise", pairwise},
    {"windowed", windowed},
    {0},
};
