/* predict_broadcast.c - alpha-beta closed forms of the broadcast
 * algorithms (see predict.h). F is the wire size of a flag or counter
 * increment. */
#include "predict.h"

#define F 8.0

/* Arrival increments into the root, then p-1 puts (and flags) sharing the
 * root's link. */
static double linear(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    double p = in->p, n = (double)in->n;
    return 2 * ab->alpha + (p - 1) * (n + 2 * F) * ab->beta;
}

const ss_pred_t ss_pred_broadcast[] = {
    {"linear", linear},
    {0},
};
