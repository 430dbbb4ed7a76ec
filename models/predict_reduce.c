/* predict_reduce.c - alpha-beta closed forms of the reduction algorithms
 * (see predict.h). F is the wire size of a flag or counter increment;
 * gamma is charged per byte of each combine's input. */
#include "predict.h"

#define F 8.0

/* Gather into the root's work, p-1 combines of n bytes, then the result
 * to each member; both transfer rounds share the root's link. */
static double linear(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    double p = in->p, n = (double)in->n;
    return 2 * ab->alpha + 2 * (p - 1) * (n + F) * ab->beta +
           (p - 1) * n * ab->gamma;
}

const ss_pred_t ss_pred_reduce[] = {
    {"linear", linear},
    {0},
};
