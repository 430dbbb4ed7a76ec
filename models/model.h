/* model.h - cost models handed to the simulation: which SimGrid network
 * model, and the per-operation software costs the runtime charges. */
#ifndef SS_MODEL_H
#define SS_MODEL_H

#include <stddef.h>

typedef enum ss_model_kind {
    SS_MODEL_SIMGRID,     /* SimGrid's default (LV08) model and factors */
    SS_MODEL_ALPHA_BETA   /* latency + bytes/bandwidth, max-min sharing */
} ss_model_kind_t;

typedef struct ss_model {
    ss_model_kind_t kind;
    double o_send;        /* LogGP o: CPU time to issue one operation (s) */
    double gap;           /* LogGP g: minimum time between injections (s) */
    double poll_s;        /* simulated cost of a shmem_test that fails */
    double combine_s_per_byte;  /* reduction combine cost */
    size_t small_bytes;   /* messages of at most this many
                             bytes are timed by the small-message model
                             (wire.h), not SimGrid's flow solver; 0: none;
                             SS_SMALL_AUTO: ss_model_small_bytes;
                             SS_SMALL_ALL: every message */
} ss_model_t;

/* small_bytes when on: a flag, an atomic, a put with its signal, a block
 * of a few words; the bandwidth term is under 1% of one 1 us hop at
 * 10 GB/s. */
#define SS_SMALL_BYTES_DEFAULT 64
#define SS_SMALL_AUTO ((size_t)-1)
/* Every message, whatever its size (--small-msg all). */
#define SS_SMALL_ALL ((size_t)-2)
/* Where --small-msg auto (the default) turns it on, for every message.
 * Below, SimGrid's solver is fast and exact; from here, p flows per round
 * sharing a dragonfly's global links make it quadratic (binomial broadcast
 * on aries-xc: 16,384 PEs in 183 s through SimGrid, 3 s with the model;
 * recursive-doubling fcollect 23 s and 2 s). How close the two come
 * (README, Models): lockstep rounds identical up to 4,096 PEs, rounds
 * whose PEs drift apart (Bruck, collect) within 10% up to 8,192 except
 * recursive-doubling collect (-19%), and at 16,384 on aries-xc
 * recursive-doubling fcollect and reduce 16% to 18% under. Below 16,384
 * the model stays off: SimGrid's flows are the reference there, and
 * ring-step rounds of bare increments on a shared NIC come out up to 22%
 * under them (scatter_allgather broadcast, 1,024 PEs). */
#define SS_SMALL_AUTO_PES 16384

/* The small_bytes a run of npes PEs uses. */
size_t ss_model_small_bytes(const ss_model_t *m, int npes);

extern const char *const ss_model_names[];   /* NULL-terminated */

void ss_model_defaults(ss_model_t *m, ss_model_kind_t kind);

/* SimGrid settings for the model, as command-line arguments
 * ("--cfg=key:value") for simgrid_init; returns how many were written to
 * out (at most max). */
int ss_model_simgrid_args(const ss_model_t *m, const char **out, int max);

#endif
