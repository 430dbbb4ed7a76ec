/* predict_collect.c - alpha-beta closed forms of the collect algorithms
 * (see predict.h). N is the total of all members' bytes, F the wire size
 * of a flag or counter increment. */
#include "predict.h"

#define F 8.0

/* Four rounds through the root's link: sizes in (8-byte put + increment
 * each), offsets out, blocks in, the whole array out to each member. */
static double linear(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    double p = in->p, N = (double)ss_total_bytes(in);
    double n0 = (double)in->sizes[0];
    return 4 * ab->alpha +
           ((p - 1) * 2 * F + (p - 1) * F + (N - n0 + (p - 1) * F) +
            (p - 1) * (N + F)) * ab->beta;
}

/* Two phases (algorithms/collect/ring.c): the ring over the 8-byte
 * sizes, then over the members' blocks. */
static double ring(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return ss_fcollect_ring_time(ab, in->p, 8, NULL) +
           ss_fcollect_ring_time(ab, in->p, 0, in->sizes);
}

/* algorithms/collect/recursive_doubling.c: the scan (round j swaps
 * j + 3 words), the extras' sizes before it and places after it, then
 * the k-nomial engine's radix-2 rounds over the blocks. */
static double recursive_doubling(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    int p = in->p, p2 = 1, L = 0;
    while (p2 * 2L <= p)
        p2 *= 2, L++;
    double t = 0;
    for (int j = 0; j < L; j++)
        t += ab->alpha + (8.0 * (j + 3) + F) * ab->beta;
    if (p > p2) {
        int len = (p2 + (p - p2) - 1) / (p - p2);
        t += ab->alpha + len * F * ab->beta + ab->alpha + (16 + F) * ab->beta;
    }
    return t + ss_fcollect_knomial_time(ab, p, 2, 0, in->sizes);
}

/* algorithms/collect/bruck.c: scan round r puts r + 4 words, then the
 * Bruck rounds over the blocks, round k adding the L - 1 - k maxima
 * still gathering. */
static double bruck(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    int L = 0;
    for (long d = 1; d < in->p; d *= 2)
        L++;
    double t = 0;
    for (int r = 0; r < L; r++)
        t += ab->alpha + (8.0 * (r + 4) + F) * ab->beta +
             8.0 * (L - 1 - r) * ab->beta;
    return t + ss_fcollect_bruck_time(ab, in->p, 0, in->sizes);
}

const ss_pred_t ss_pred_collect[] = {
    {"linear", linear},
    {"ring", ring},
    {"recursive_doubling", recursive_doubling},
    {"bruck", bruck},
    {0},
};
