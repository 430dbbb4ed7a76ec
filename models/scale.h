/* scale.h - how a collective's time grows with the PE count: a fit of
 * simulated times t(p) over terms drawn from the algorithm's closed form
 * (predict.h), chosen by leave-one-out cross-validation, with prediction
 * intervals (fit.h).
 *
 * Where Extra-P searches a normal form c * p^i * log2(p)^j blindly, the
 * closed form already says how many latency steps and how many bytes the
 * algorithm's critical path holds at any p. What it leaves out is what the
 * fit has to find: the real alpha and beta of the machine (intra-node
 * steps are cheaper, routes get longer as p spans more of the topology),
 * and contention. The terms (columns) are:
 *   form   the closed form itself with alpha = 1, beta = r (s/byte per s
 *          of latency), so its max()es (a handshake beside the data path)
 *          stay where they are; r is picked from a grid by the
 *          cross-validation, as part of the form
 *   steps  the closed form at alpha = 1, beta = 0: latency steps
 *   bytes  the closed form at alpha = 0, beta = 1: bytes on the critical
 *          path
 *   compute  reduce only: bytes combined on the critical path (gamma = 1)
 *   1, log2 p, p, p log2 p      what the form leaves out: set-up, tree
 *          depth, contention growing with the machine
 *   steps*span  latency steps times the latency of the longest route the
 *          p PEs span on the platform (its distance/hops; 0 when the
 *          platform is a file whose routes are not known in advance)
 *   bytes/span_bw  bytes over each node's share of the narrowest links the
 *          p PEs span (a taper, the links out of a chassis or group)
 *   bytes*log2 p  bandwidth lost to contention that grows with depth
 *   form@span, steps@span, bytes@span  the form, steps and bytes with
 *          each point's latency and bandwidth those of the routes its PEs
 *          span (platforms/capacity.c): what lets a fit made inside one
 *          level of the machine carry over to the next, where every
 *          latency step gets the longer route and every byte the
 *          narrower share. A neighbour algorithm (ring, neighbour
 *          exchange) sends one flow across each boundary, so its bytes
 *          keep their rate: only its latency moves with the span.
 * A candidate form is one base (form, steps + bytes, or their @span
 * versions where the platform says what the PEs span) plus at most two
 * of the others. Every coefficient but the constant's must be >= 0: a
 * negative one could fit the points and then turn the prediction
 * negative far away.
 */
#ifndef SS_SCALE_H
#define SS_SCALE_H

#include <stddef.h>

#include "fit.h"

#define SS_SCALE_NRATIO 41      /* r = 1e-9 .. 10 per byte, 4 per decade */
#define SS_SCALE_MAXPTS 64      /* simulated points one fit takes */
#define SS_SCALE_MAXX 48        /* rounds across groups one point holds */

/* One algorithm of one collective at one size. */
typedef struct ss_scale_case {
    const char *kind;           /* "fcollect", "collect", "broadcast", "reduce" */
    const char *alg;            /* registry name */
    size_t bytes;               /* as --bytes: per PE, payload or array */
    size_t elem;                /* reduce: element size */
    int root, radix;            /* 0: defaults */
    size_t segment;
    /* collect: each member's bytes for a base size, into sizes[0..p) */
    void (*member_bytes)(int p, size_t bytes, size_t *sizes);
    int neighbour;              /* traffic only between neighbours (ring) */
    /* step k talks to me +/- 2^k around the whole team (Bruck), not
     * inside aligned blocks of 2^(k+1): its steps cross the narrowest
     * links the PEs span from the first ones on */
    int shifted;
    /* a neighbour algorithm whose every second step swaps inside a pair
     * of consecutive PEs (neighbour exchange), with members up to two
     * steps ahead of their neighbours: a longer route at a boundary
     * delays the blocks that cross it once, not every step, so its steps
     * go at the pair's route (a ring's wait for the longest) */
    int paired;
} ss_scale_case_t;

/* The closed form's parts at one PE count. */
typedef struct ss_scale_basis {
    int p;
    int neighbour;              /* the case's (ss_scale_case_t) */
    double steps, bytes, compute;
    double form[SS_SCALE_NRATIO];
    double span;                /* route latency spanned, s (0: unknown) */
    double span_bw;             /* narrowest per-node share, B/s (0: unknown) */
    /* The steps' latency in us (a neighbour algorithm's: the longest
     * route, which every step waits for, or a paired one's pair route;
     * the others': step_latency) and
     * the bandwidth as (10 GB/s / share), 1 when unknown; a neighbour's
     * bytes keep 1. */
    double lat_k, bw_k;
    /* lat_k were a paired algorithm's every second step to wait for the
     * longest route (us): what its interval allows beyond the span seen */
    double lat_hi;
    double form_span[SS_SCALE_NRATIO];   /* form at lat_k, r * bw_k */
    /* The rounds whose messages cross dragonfly groups (studies/
     * scale_steps.c; nx 0 elsewhere): each one's busiest switch link,
     * seconds, with its messages routed as the runtime routes them, and
     * the bytes a member sends in it; x_total: the busiest link of all of
     * them together (what the collective needs on it however its rounds
     * overlap). */
    int nx;
    double x_s[SS_SCALE_MAXX], x_bytes[SS_SCALE_MAXX], x_total;
} ss_scale_basis_t;

/* What p PEs span, as the caller knows it (platforms/capacity.c). */
typedef struct ss_scale_span {
    double latency;       /* s: the longest route */
    double pair_latency;  /* s: the route within pairs of consecutive PEs */
    double bandwidth;     /* B/s: the narrowest per-node share */
    /* s: the mean of the longest routes within blocks of 2, 4, 8, ...
     * PEs up to p, one per step of a log-step algorithm whose step k
     * talks across 2^(k+1) PEs: its steps' latency, most of them
     * shorter than the longest route */
    double step_latency;
    /* B/s per PE: the share a log-step algorithm's bytes see, its steps'
     * weighted by the blocks they send (step k sends 2^k of p - 1),
     * with partners inside aligned blocks, and shifted around the team
     * (cli/cmd_scale.c, step_shares) */
    double step_bandwidth, shift_bandwidth;
} ss_scale_span_t;

/* Evaluates the closed form's parts at p; sp NULL where the platform
 * does not say what the PEs span.
 * Returns -1 when the algorithm has no closed form or it is not finite
 * at p (the algorithm cannot be fitted there). */
int ss_scale_basis(const ss_scale_case_t *c, int p, const ss_scale_span_t *sp,
                   ss_scale_basis_t *out);

/* The ratio of grid point i, s/byte per s. */
double ss_scale_ratio(int i);

typedef struct ss_scale_model {
    int nterm;
    int term[SS_FIT_MAXK];      /* SS_TERM_* */
    int ratio;                  /* grid index of the form term, -1: none */
    int p_from;                 /* fitted on the points from this p up */
    ss_fit_t fit;
    double loo;                 /* LOO RMS relative error of the choice */
    double loo_worst;           /* its largest LOO error */
    size_t candidates;          /* forms tried */
    int p_top;                  /* the largest simulated p */
    double drift;               /* model error per doubling beyond p_top */
    /* Rounds across dragonfly groups (scale_cross.c): how far they run in
     * lockstep (1) or overlap (0), and whether simulated points crossing
     * groups chose it; cross: some point of the fit or of the ladder it
     * predicts has such rounds. */
    double phi;
    int phi_seen, cross;
} ss_scale_model_t;

enum {
    SS_TERM_FORM, SS_TERM_STEPS, SS_TERM_BYTES, SS_TERM_COMPUTE, SS_TERM_ONE,
    SS_TERM_LOGP, SS_TERM_P, SS_TERM_PLOGP, SS_TERM_SPAN, SS_TERM_BLOGP,
    SS_TERM_SPANBW, SS_TERM_FORM_SPAN, SS_TERM_STEPS_SPAN, SS_TERM_BYTES_SPAN,
    SS_NTERMS
};

/* Does m's base follow the span (form@span, steps@span + bytes@span)? */
int ss_scale_follows_span(const ss_scale_model_t *m);

/* Chooses a form by LOO among the candidates with at most n - 1
 * coefficients (one residual degree of freedom) and fits it to the n
 * points (b[i].p, t[i]). The nahead points `ahead` are where the fit will
 * predict (may be NULL): a form whose prediction at one of them beyond
 * the largest p is below the time at the largest p is refused (a
 * collective does not get faster on more PEs). Of the forms whose LOO error is within a quarter
 * (or 0.2 percentage points) of the best, the one with fewest
 * coefficients wins, then the lower LOO error, then the first tried: the
 * choice is deterministic. Returns -1 when no form fits (n < 3). */
int ss_scale_fit(const ss_scale_basis_t *b, const double *t, size_t n,
                 const ss_scale_basis_t *ahead, size_t nahead, ss_scale_model_t *m);

/* Fits one given form (the terms and ratio of *m) to the points and
 * fills m->fit; -1 if it cannot be fitted or breaks the sign rule. */
int ss_scale_fit_form(const ss_scale_basis_t *b, const double *t, size_t n,
                      ss_scale_model_t *m);

/* Time at b with a prediction interval at the two-sided level.
 *
 * The interval of fit.h alone assumes the form is right. Simulated times
 * carry no noise, so its width comes from how well the form fits, and a
 * form that fits a few points exactly gets a zero-width interval however
 * far it extrapolates. What a form leaves out shows up when it predicts
 * points it did not see: m->drift is that error per doubling of p (the
 * LOO error, or the back-test's error over its step when larger), and a
 * point d doublings beyond p_top (d >= 1) adds a normal model error of
 * drift * d * yhat in quadrature. The lower end is at least 0. */
double ss_scale_predict(const ss_scale_model_t *m, const ss_scale_basis_t *b,
                        double level, double *lo, double *hi);

/* What the simulated points around a fitted ladder point p say about it
 * (studies/scale_fit.c fills it; NAN where there is none). */
typedef struct ss_scale_near {
    int p;
    /* With the same algorithm, size, platform and placement, p PEs take
     * at least as long as any power of two q <= p (the q first PEs' steps
     * and bytes are among the p's): floor is the nearest simulated power
     * of two below; for a power of two p, ceiling is the nearest
     * simulated time above (a sampled one: its interval's top). */
    double floor, ceiling;
    /* The nearest simulated points below and above p (p_lo < p < p_hi)
     * and the form's miss there, simulated / fitted. */
    int p_lo, p_hi;
    double miss_lo, miss_hi;
} ss_scale_near_t;

/* Between two simulated points the form's misses there bound its miss
 * here: the interval reaches no further than the fitted time y times the
 * misses (or 1, the form itself, when both lie on one side), and a
 * margin of SS_SCALE_BETWEEN_SLACK for the form's shape between them.
 * Then the floor and ceiling cut it, the time is kept inside, and the
 * interval never starts at 0 (with no floor, at most halfway down). On
 * *y, *lo, *hi. */
#define SS_SCALE_BETWEEN_SLACK 0.1
void ss_scale_bracket(const ss_scale_near_t *n, double *y, double *lo, double *hi);

/* "2.1e-06*form[r=1e-04]+3.4e-12*p*log2(p)": the form with its
 * coefficients (no commas or spaces, for CSV). */
void ss_scale_describe(const ss_scale_model_t *m, char *buf, size_t len);

/* A back-test's miss counts only beyond this share of the time: the fit's
 * own leave-one-out error, at least 1% (a miss of 0.6% on a fit that
 * errs by 2% on the points it has seen is not news). */
double ss_scale_tolerance(const ss_scale_model_t *m);

/* A back-test that misses by this share of the time or more fails,
 * whatever its interval says: an interval wide enough to hold a +100%
 * miss does not vouch for the form. */
#define SS_SCALE_BACKTEST_FAIL 1.0

/* Back-test of m, fitted on these points by ss_scale_fit: refits its
 * form on the points m was fitted on but the largest (or, when too few
 * are left for it, chooses a form again among them), and predicts that
 * one. *err = predicted / simulated - 1,
 * *covered = the 95% interval holds the simulated time. Raises
 * m->drift to the error per doubling of that step when it is larger.
 * Returns -1 when too few points are left to fit. */
int ss_scale_backtest(const ss_scale_basis_t *b, const double *t, size_t n,
                      ss_scale_model_t *m, double *err, int *covered);

#endif
