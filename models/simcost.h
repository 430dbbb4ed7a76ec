/* simcost.h - what simulating a point costs in wall-clock time, estimated
 * before running it, so that `shmemsim scale` never starts a point it
 * cannot finish within its budget and `shmemsim run` can warn before a
 * run of hours.
 *
 * The estimate is a prior from the algorithm's message count, corrected
 * by calibration on points of the same algorithm as they finish:
 *     wall = W0 + W_PE * p + C * messages * inflight^0.75
 * messages: puts and atomics of all the calls (one per size); inflight:
 * how many of them travel at once (about p, p^2 for direct): SimGrid's
 * max-min solver shares each link among the flows on it, so every
 * message costs more the more flows are in flight.
 */
#ifndef SS_SIMCOST_H
#define SS_SIMCOST_H

#include <stddef.h>

/* Messages of one call (a model of the algorithm's code, within a factor
 * of about 1.5 of the count the runtime reports), q PEs a node (the
 * node-aware algorithms' groups; 0 or 1: one a node). NAN when the
 * algorithm is unknown. */
double ss_simcost_messages(const char *kind, const char *alg, int p, int q,
                           size_t bytes, int radix, size_t segment);

/* Prior wall-clock seconds for simulating alg at p over all the sizes
 * (one call each) in one process, with messages of at most small bytes
 * under the small-message model (model.h; 0: none). NAN
 * when the algorithm is unknown. */
double ss_simcost_prior(const char *kind, const char *alg, int p, int q,
                        const size_t *bytes, size_t nsizes, int radix,
                        size_t segment, size_t small);

/* Calibration of one algorithm: measured wall over prior at the points
 * that finished. A point that took under SS_SIMCOST_MIN_WALL seconds is
 * not learned from: its time is process start and scheduling noise, and
 * the trend of two such ratios, carried 64 times further in p, once
 * refused a point the machine had ample time for. */
#define SS_SIMCOST_MIN_WALL 0.5
#define SS_SIMCOST_MAXCAL 64
typedef struct ss_simcost_cal {
    size_t n;
    int p[SS_SIMCOST_MAXCAL];
    double ratio[SS_SIMCOST_MAXCAL];
} ss_simcost_cal_t;

/* The cost of a run of part of a call: its setup as a whole call's (load,
 * PEs) and that fraction of the rest of whole, its prior (a window of a
 * step algorithm's steps, shmemsim scale's sampling). */
double ss_simcost_part(double whole, int p, double fraction);

void ss_simcost_learn(ss_simcost_cal_t *cal, int p, double prior, double wall);

/* The prior at p corrected by the calibration: scaled by the measured
 * ratio at the largest p that finished, and by the trend of the ratio
 * over the last two (between flat and linear in p), so a cost that grows
 * faster than the prior says is caught before it overruns; with trend
 * 0, by the ratio alone: under the small-message model, whose prior
 * grows with p itself (s(p)) and whose small points' walls are mostly
 * start-up, the trend over-states the growth (k-nomial fcollect at
 * 100,000 PEs: estimated 175 s from its points up to 8,192; it takes
 * 39 s). With no
 * calibration, the prior times `fallback` (e.g. the mean ratio of other
 * algorithms on this machine, or 1). */
double ss_simcost_estimate(const ss_simcost_cal_t *cal, int p, double prior,
                           double fallback, int trend);

#endif
