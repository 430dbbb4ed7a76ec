/* scale_cross.h - the rounds that cross dragonfly groups in the fits of
 * scale.c (scale_cross.c says how); models/ internal. */
#ifndef SS_SCALE_CROSS_H
#define SS_SCALE_CROSS_H

#include <stddef.h>

#include "scale.h"

/* The rounds' overlap where no simulated point crossed groups. */
#define SS_SCALE_PHI_UNSEEN 0.5

/* The design matrix of m's terms at n points (row-major, n x m->nterm). */
void ss_scale_design(const ss_scale_model_t *m, const ss_scale_basis_t *b, size_t n,
                     double *x);

/* Does one of the n points have rounds across groups? */
int ss_scale_crosses(const ss_scale_basis_t *b, size_t n);

/* What the rounds across groups add to the fitted form at b, with the
 * rounds' overlap phi (1: in lockstep, 0: overlapped). */
double ss_scale_offset(const ss_scale_model_t *m, const ss_scale_basis_t *b, double phi);

/* Fits m's terms to the n points (sorted, those m uses) with the rounds
 * across groups added, choosing m->phi where the points show it; -1 if
 * the fit fails. */
int ss_scale_fit_cross(const ss_scale_basis_t *b, const double *t, size_t n,
                       ss_scale_model_t *m);

/* ss_fit_loo's leave-one-out over points from..n-1, each left-out point
 * predicted by m's terms fitted (with the rounds across groups) on the
 * others. */
double ss_scale_loo_cross(const ss_scale_model_t *m, const ss_scale_basis_t *b,
                          const double *t, size_t n, size_t from, double *worst);

#endif
