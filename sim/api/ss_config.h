/* ss_config.h - how one simulation is set up, and running it: the
 * runtime library's interface to the command line (cli/) and tests. The
 * config is filled by cli/options.c (`shmemsim run`, shmemsim_main). */
#ifndef SS_CONFIG_H
#define SS_CONFIG_H

#include <stddef.h>
#include "model.h"
#include "placement.h"
#include "shcoll.h"

typedef struct ss_config {
    const char *platform;      /* SimGrid platform XML file */
    int npes;                  /* number of PEs */
    int ppn;                   /* PEs per host */
    int placement;             /* SS_PLACE_* */
    unsigned long seed;        /* SS_PLACE_RANDOM */
    ss_model_t model;          /* network model and software overheads */
    size_t fold_threshold;     /* fold allocations >= this; 0 = never */
    int stack_kib;             /* actor stack size */
    int quiet;                 /* no progress or info on stderr */
    const char *alg[SHCOLL_NKINDS];  /* per collective kind (shcoll_kind_t);
                                  NULL: $SHMEMSIM_<KIND>_ALGORITHM or linear */
    int radix;                 /* 0: algorithm default */
    size_t segment;            /* 0: algorithm default */
    const char *trace_dir;     /* --trace: write DIR/trace.{csv,json} */
    const char *trace_pes;     /* --trace-pes: PEs to trace, e.g. 0-15,64 */
} ss_config_t;

void ss_config_defaults(ss_config_t *cfg);

/* Runs pe_main(arg) on every PE. Returns 0 on success, non-zero on a
 * setup error, a deadlock or a runtime error (message on stderr). */
int ss_world_run(const ss_config_t *cfg, void (*pe_main)(void *), void *arg);

#endif
