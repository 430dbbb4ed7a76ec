/* roundtrip.h - what the round-trip tests of the runtime exports share:
 * a tuning table from a committed result CSV (tests/tune/), the file an
 * exporter writes for it, and the check that a winner the runtime will
 * not run is flagged in the file. */
#ifndef SS_ROUNDTRIP_H
#define SS_ROUNDTRIP_H

#include "results.h"
#include "tune.h"

typedef struct rt_case {
    ss_results_t res;
    ss_tune_t tune;
    char *text;             /* the exported file */
    ss_tune_plan_t plan;    /* what the table claims the runtime runs */
} rt_case_t;

/* Loads tests/tune/NAME, builds its table, exports with fn and plans
 * with plan; fails the test on any error. */
void rt_load(rt_case_t *c, const char *name, ss_tune_export_fn fn,
             ss_tune_plan_fn plan);
void rt_free(rt_case_t *c);

/* The value of NAME=VALUE on a line of its own, or NULL (static). */
const char *rt_var(const char *text, const char *name);

/* The table's winner at the cell is what the runtime runs (same) or a
 * comment line of the file names the cell's collective, PE count and
 * "WINNER wins"; fails the test otherwise. */
void rt_winner_or_flag(const rt_case_t *c, const ss_tune_cell_t *x, int same);

/* Runs roundtrip on each committed fixture (the demo's study on aries-xc,
 * a 64-PE frontera-ib sweep of all collectives, 4 to 64 PEs on
 * fattree-64.xml); the test program's exit status. */
int rt_main(void (*roundtrip)(const char *name));

#endif
