/* scale_near.c - a fitted time against the simulated points around it
 * (scale.h, ss_scale_bracket). */
#include <math.h>

#include "scale.h"

static void between(const ss_scale_near_t *n, double *y, double *lo, double *hi)
{
    double a = *y * fmin(1, fmin(n->miss_lo, n->miss_hi)) * (1 - SS_SCALE_BETWEEN_SLACK);
    double b = *y * fmax(1, fmax(n->miss_lo, n->miss_hi)) * (1 + SS_SCALE_BETWEEN_SLACK);
    *lo = fmax(*lo, a);
    *hi = fmin(*hi, b);
}

void ss_scale_bracket(const ss_scale_near_t *n, double *y, double *lo, double *hi)
{
    if (n->p_lo > 0 && n->p_hi > n->p && n->p > n->p_lo && n->miss_lo > 0 &&
        n->miss_hi > 0 && isfinite(n->miss_lo) && isfinite(n->miss_hi))
        between(n, y, lo, hi);
    int up = isfinite(n->ceiling) && n->ceiling > 0;
    if (isfinite(n->floor) && *lo < n->floor)
        *lo = n->floor;
    if (up && *hi > n->ceiling)
        *hi = n->ceiling;
    if (*lo > *hi) {   /* the fit's interval misses the bracket */
        *lo = isfinite(n->floor) ? n->floor : *hi;
        *hi = up ? n->ceiling : *lo;
    }
    if (!(*lo > 0))
        *lo = isfinite(n->floor) && n->floor > 0 ? n->floor : fmin(*y, *hi) / 2;
    *y = fmin(fmax(*y, *lo), *hi);
}
