/* predict_fcollect.c - alpha-beta closed forms of the fcollect algorithms
 * (see predict.h for the platform they assume). F is the wire size of a
 * flag or counter increment. */
#include "predict.h"

#define F 8.0

/* Gather: p-1 blocks and their increments share the root's link; then the
 * root's p-1 puts of p*n bytes (and flags) share its link. */
static double linear(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    double p = in->p, n = (double)in->n;
    return 2 * ab->alpha + (p - 1) * (n + F) * ab->beta +
           (p - 1) * (p * n + F) * ab->beta;
}

const ss_pred_t ss_pred_fcollect[] = {
    {"linear", linear},
    {0},
};
