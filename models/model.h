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
} ss_model_t;

extern const char *const ss_model_names[];   /* NULL-terminated */

void ss_model_defaults(ss_model_t *m, ss_model_kind_t kind);

/* SimGrid settings for the model, as command-line arguments
 * ("--cfg=key:value") for simgrid_init; returns how many were written to
 * out (at most max). */
int ss_model_simgrid_args(const ss_model_t *m, const char **out, int max);

#endif
