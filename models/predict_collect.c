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

/* Two phases (algorithms/collect/common.c): the engine over the 8-byte
 * sizes, then over the members' blocks. */
static double ring(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return ss_fcollect_ring_time(ab, in->p, 8, NULL) +
           ss_fcollect_ring_time(ab, in->p, 0, in->sizes);
}

static double recursive_doubling(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return ss_fcollect_knomial_time(ab, in->p, 2, 8, NULL) +
           ss_fcollect_knomial_time(ab, in->p, 2, 0, in->sizes);
}

static double bruck(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return ss_fcollect_bruck_time(ab, in->p, 8, NULL) +
           ss_fcollect_bruck_time(ab, in->p, 0, in->sizes);
}

const ss_pred_t ss_pred_collect[] = {
    {"linear", linear},
    {"ring", ring},
    {"recursive_doubling", recursive_doubling},
    {"bruck", bruck},
    {0},
};
