/* scale_cmd.h - the pieces of `shmemsim scale` (studies/, started by cli/cmd_scale.c).
 *
 * cmd_scale.c reads and checks the command line and drives; scale_plan.c
 * decides which ladder points are simulated within the budget and guards
 * them while they run (through sweep_run.c's hooks: the points run as
 * child `shmemsim run` processes, -j at a time, as a sweep's do);
 * scale_fit.c fits the simulated times and makes the result rows.
 */
#ifndef SS_SCALE_CMD_H
#define SS_SCALE_CMD_H

#include <stddef.h>

#include "crossing.h"
#include "options.h"
#include "platform.h"
#include "scale.h"
#include "scale_out.h"
#include "sweep.h"

/* A step algorithm's time at the ladder's top from windows of its steps
 * (scale_sample.c); NAN when not sampled. */
typedef struct ss_scale_sample {
    double time_s, lo_s, hi_s;
} ss_scale_sample_t;

typedef struct ss_scale_job {
    const char *platform;
    int kind;                      /* shcoll_kind_t */
    const char *algs[64];
    size_t nalg;
    size_t *bytes;                 /* sizes in the order given */
    size_t nsizes;
    const char *bytes_arg;
    int *ladder;                   /* PE counts, ascending */
    size_t nladder;
    int upto;                      /* simulate the ladder up to here; 0:
                                      what fits the budget */
    double budget;                 /* wall seconds for the simulations */
    int ppn;                       /* PEs per host the runs use */
    ss_passthrough_t run;          /* run options for the children */
    ss_sweep_t sweep;              /* the points: ladder x algorithms */
    ss_scale_basis_t *basis;       /* [alg][size][ladder]: closed form */
    ss_span_t *span;               /* [ladder]: what the PEs span; level
                                      -1 when the platform does not say */
    ss_scale_sample_t *sampled;    /* [alg][size]: at the top point */
    unsigned char sample[64];      /* [alg]: sampled at the top point */
} ss_scale_job_t;

/* The point of ladder index e and algorithm a in job->sweep. */
static inline ss_sweep_point_t *ss_scale_point(ss_scale_job_t *j, size_t e, size_t a)
{
    return &j->sweep.pt[e * j->nalg + a];
}

static inline ss_scale_basis_t *ss_scale_basis_at(const ss_scale_job_t *j, size_t a,
                                                  size_t s, size_t e)
{
    return &j->basis[(a * j->nsizes + s) * j->nladder + e];
}

/* Algorithm a at size s, as the fits see it (models/scale.h). */
void ss_scale_case_of(const ss_scale_job_t *j, size_t a, size_t s, ss_scale_case_t *c);

/* What pes PEs span on the platform (nodes of j->ppn under block
 * placement); -1 when the platform does not say. */
int ss_scale_span_of(const ss_scale_job_t *j, long pes, ss_span_t *s);

/* What p PEs span for the fits, or (seen not NULL) what they would span
 * were the machine no larger than the part `seen`; -1 when the platform
 * does not say (a file, or a placement other than block). */
int ss_scale_span_at(const ss_scale_job_t *j, int p, const ss_span_t *seen,
                     ss_scale_span_t *out);

/* The rounds of case c at p PEs (ppn per node, block placement) whose
 * messages cross the groups of the dragonfly x, into b's x_s, x_bytes,
 * x_total (scale_steps.c); b->nx 0 when none do, x is NULL (not a cabled
 * dragonfly) or the algorithm is not a log-step one it knows. -1 when
 * out of memory. */
int ss_scale_cross(ss_crossing_t *x, const ss_scale_case_t *c, int p, int ppn,
                   ss_scale_basis_t *b);

/* Leaves selected the points to simulate: every ladder point up to
 * --simulate-up-to, or by default the smallest points of each algorithm
 * whose estimated cost (models/simcost.h, before calibration) fits the
 * budget when run one after another, so the choice depends on the
 * arguments only, not on -j or on the machine's load. Points already
 * done (--cache) cost nothing. Says what it plans on stderr. -1 (error
 * printed) when --simulate-up-to needs more than the budget. */
int ss_scale_plan(ss_scale_job_t *j);

/* Runs the selected points, -j at a time, never starting one whose
 * calibrated estimate exceeds what is left of the budget (it is then
 * fitted, with a note that the output now depends on the machine's
 * speed); points still running when the budget is spent, with a
 * quarter to spare, are stopped and fitted too. Each finished point is appended to cache (a result CSV with
 * its header, or /dev/null). Returns 0, 1 if some point failed (noted; it is fitted), 130 if
 * interrupted, 2 on a system error. */
int ss_scale_simulate(ss_scale_job_t *j, int jobs, const char *cache);

/* Which step algorithms (shcoll_steps_t) whose top ladder point is not
 * selected to be simulated are sampled there (j->sample), cheapest first
 * while their estimated cost fits `left` seconds; what they take. */
double ss_scale_sample_plan(ss_scale_job_t *j, double left);
/* Samples them: windows of their steps run at that size, -j at a time,
 * give its time and interval in j->sampled. Returns 0, or 1 when some
 * sampling failed (noted; that point is fitted). */
int ss_scale_sample(ss_scale_job_t *j, int jobs);

/* Fits every algorithm and size on its simulated points and makes one
 * row per algorithm, size and ladder point, in that order (*rows and the
 * forms they point to in *text: free both). Points that could be neither
 * simulated nor fitted have no row; each is named on stderr and *missing
 * counts them. -1 when out of memory or the rows cannot be read. */
int ss_scale_rows(const ss_scale_job_t *j, ss_scale_row_t **rows, size_t *n,
                  char **text, size_t *missing);

#endif
