/* simtest.h - running a simulation inside a cmocka test. SimGrid can be
 * set up once per process, so each simulation runs in a forked child; the
 * PE code reports through a shared-memory block and the child's exit
 * status and stderr come back to the test. */
#ifndef SIMTEST_H
#define SIMTEST_H

#include <stddef.h>
#include <stdio.h>
#include "ss_config.h"

typedef struct simtest_shared {
    double t[64];          /* times recorded by PEs */
    long v[64];            /* values recorded by PEs */
    size_t m;              /* a size the test passes to the PEs */
    int flag;
    ss_run_stats_t stats;  /* the run's SimGrid cost (ss_world_stats) */
} simtest_shared_t;

extern simtest_shared_t *ST;   /* shared with the child */

typedef struct simtest_result {
    int status;                /* child exit status */
    char err[4096];            /* what it wrote on stderr */
} simtest_result_t;

/* PE stack for the next simtest_run calls, in KiB; 0: the default. */
extern int simtest_stack_kib;
/* No value of the symmetric data matters (timing only) in the next
 * simtest_run calls: `shmemsim run` without --check. */
extern int simtest_payload_free;

/* Runs fn on npes PEs of `platform` under `model`; returns the result. */
simtest_result_t simtest_run(const char *platform, int npes, int ppn,
                             ss_model_kind_t model, void (*fn)(void *));
/* Under a model given whole (its costs set by the caller). */
simtest_result_t simtest_run_model(const char *platform, int npes, int ppn,
                                   const ss_model_t *model, void (*fn)(void *));
/* Alpha-beta, with a placement (SS_PLACE_*). */
simtest_result_t simtest_run_placed(const char *platform, int npes, int ppn,
                                    int placement, void (*fn)(void *));

/* Path of a platform file in the source tree. */
const char *simtest_platform(const char *name);

void simtest_setup(void);

/* Everything written to f (a tmpfile), NUL-terminated; closes f. NULL if
 * it cannot be read back. The caller frees. */
char *simtest_slurp(FILE *f);

#endif
