/* ss_config.h - how one simulation is set up, and running it: the
 * runtime library's interface to the command line (options/, cli/, programs/) and tests. The
 * config is filled by options/options.c (`shmemsim run`, shmemsim_main). */
#ifndef SS_CONFIG_H
#define SS_CONFIG_H

#include <stddef.h>
#include "model.h"
#include "placement.h"
#include "shcoll.h"

/* Default stack of a simulated PE, in KiB. The deepest use of any built-in
 * algorithm is 7.0 KiB (fcollect recursive_doubling and knomial, whose
 * view of the blocks is on the stack; bench/stack_usage.sh, which reads
 * $SHMEMSIM_STACK_REPORT; 7.7 KiB with every message under the
 * small-message model, whose send notes the bursts a message joined on
 * the stack), the runtime's error paths fit in 6 KiB; 16
 * leaves room for SimGrid's own paths and keeps 100,000 stacks at 1.6 GB.
 * Sanitizer builds need far more (CMake sets 64). */
#ifndef SS_STACK_KIB_DEFAULT
#define SS_STACK_KIB_DEFAULT 16
#endif

typedef struct ss_config {
    const char *platform;      /* SimGrid platform XML file */
    int npes;                  /* number of PEs */
    int ppn;                   /* PEs per host */
    int placement;             /* SS_PLACE_* */
    unsigned long seed;        /* SS_PLACE_RANDOM */
    ss_model_t model;          /* network model and software overheads */
    size_t fold_threshold;     /* fold allocations >= this; 0 = only those
                                  that would not fit in memory (ss_heap.c) */
    int keep_copies;           /* never fold on its own: results are checked */
    int payload_free;          /* no value of the program's symmetric data
                                  matters (timing only): one copy of each
                                  allocation, puts carry no bytes */
    int stack_kib;             /* actor stack size (SS_STACK_KIB_DEFAULT) */
    int quiet;                 /* no progress or info on stderr */
    const char *alg[SHCOLL_NKINDS];  /* per collective kind (shcoll_kind_t);
                                  NULL: $SHMEMSIM_<KIND>_ALGORITHM, else
                                  $SHMEMSIM_TUNE_FILE, else by size
                                  (sim/shmem/ss_coll_pick.c) */
    int radix;                 /* 0: algorithm default */
    size_t segment;            /* 0: algorithm default */
    const char *leader;        /* --leader: what the node-aware algorithms
                                  run among node leaders; NULL:
                                  $SHMEMSIM_COLL_LEADER, else theirs */
    const char *trace_dir;     /* --trace: write DIR/trace.{csv,json} */
    const char *trace_pes;     /* --trace-pes: PEs to trace, e.g. 0-15,64 */
    double compute_factor;     /* --compute measured[:F]: a PE's CPU time
                                  between calls x F is simulated time;
                                  0: computation is free (ss_compute.c) */
    int no_defer;              /* --no-defer: a PE naps through each issue
                                  and fence wait (sim/engine/ss_defer.c) */
    shcoll_steps_t steps;      /* --steps: the window of a step algorithm
                                  the measured collectives run ({0, 0}:
                                  all; shcoll.h) */
} ss_config_t;

void ss_config_defaults(ss_config_t *cfg);

/* Bytes a simulated PE takes beside the symmetric heap: its stack of
 * stack_kib KiB and about 16 KiB of runtime state (100,000 PEs measured
 * 1.9 to 2.3 GB with 16 KiB stacks, docs/performance.md). */
unsigned long long ss_pe_memory(int stack_kib);

/* What the last ss_world_run cost SimGrid, for benchmarks and tests. */
typedef struct ss_run_stats {
    unsigned long long messages;   /* the runtime's messages: puts, gets,
                                      atomics, replies */
    unsigned long long wakeups;    /* doorbells (ss_progress.c) and alarms
                                      brought forward by a sender
                                      (ss_small.c) */
    unsigned long long small;      /* messages timed by the small-message
                                      model (ss_small.c): no SimGrid
                                      communication, the target wakes at
                                      their landing */
    unsigned long long sleeps;     /* times a PE blocked on its semaphore
                                      until a small message lands or it is
                                      woken (ss_small.c) */
    unsigned long long naps;       /* times it slept a known time on its
                                      alarm (a quiet's acknowledgements, a
                                      debt: ss_small_nap) */
    unsigned long long deferred;   /* sends, fences and quiets the runtime
                                      carried on while the PE blocked
                                      (sim/engine/ss_defer.c) */
    unsigned long long comms;      /* SimGrid communications carrying both
                                      (fewer than their sum: a fenced
                                      atomic rides on the put before it) */
    unsigned long stack_used;      /* deepest PE stack use in bytes, with
                                      $SHMEMSIM_STACK_REPORT set (else 0) */
    size_t heap_peak;              /* most bytes the symmetric heap held
                                      at once, every copy: the program's
                                      allocations and the collectives'
                                      workspace */
} ss_run_stats_t;
ss_run_stats_t ss_world_stats(void);

/* Runs pe_main(arg) on every PE. Returns 0 on success, non-zero on a
 * setup error, a deadlock or a runtime error (message on stderr). */
int ss_world_run(const ss_config_t *cfg, void (*pe_main)(void *), void *arg);

#endif
