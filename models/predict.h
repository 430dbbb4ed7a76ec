/* predict.h - closed-form alpha-beta predictions of the collectives.
 *
 * Each algorithm of algorithms/ has one function here giving the time it
 * takes under `--model alpha-beta` (and `loggp`, with its o, g and o_recv
 * terms) on a contention-free platform: every
 * PE on its own host, every host with a private full-duplex link into a
 * non-blocking switch, so a message of m bytes between two PEs takes
 * alpha + m*beta alone and the only sharing is of a host's own link (k
 * concurrent flows out of one host each get 1/k of its bandwidth).
 *
 * The forms model what the algorithm's code does, including its
 * synchronisation messages (flags and counters are 8 bytes; a flag sent
 * after a fence travels alongside the data it follows, so it adds no
 * latency), and the combine cost gamma per byte of a reduction.
 *
 * Tables are per collective, one row per algorithm, named as in the
 * algorithm registries; tests/test_predict.c checks every row against
 * the simulator.
 */
#ifndef SS_PREDICT_H
#define SS_PREDICT_H

#include <stddef.h>

typedef struct ss_ab {
    double alpha;   /* s: latency of one message (route latency) */
    double beta;    /* s/byte: 1 / bottleneck bandwidth of the route */
    double gamma;   /* s/byte: reduction combine cost per input byte */
    /* The loggp model's software costs (models/model.h), 0 under
     * alpha-beta: issue overhead per operation, NIC gap between
     * injections, CPU time per signal consumed. */
    double o, g, o_recv;
} ss_ab_t;

typedef struct ss_pred_in {
    int p;                /* PEs in the set */
    size_t n;             /* fcollect: bytes per PE; broadcast: payload;
                             reduce: array bytes; alltoall: bytes per
                             block; collect: unused */
    const size_t *sizes;  /* collect: bytes of each member, p entries */
    size_t elem;          /* reduce: element size */
    int root;             /* broadcast root (member index) */
    int radix;            /* 0: the algorithm's default */
    size_t segment;       /* 0: the algorithm's default */
} ss_pred_in_t;

typedef double (*ss_pred_fn)(const ss_ab_t *ab, const ss_pred_in_t *in);

typedef struct ss_pred {
    const char *alg;      /* registry name; NULL ends a table */
    ss_pred_fn fn;
} ss_pred_t;

extern const ss_pred_t ss_pred_fcollect[];
extern const ss_pred_t ss_pred_collect[];
extern const ss_pred_t ss_pred_broadcast[];
extern const ss_pred_t ss_pred_reduce[];
extern const ss_pred_t ss_pred_alltoall[];

/* Predicted seconds for algorithm `alg` of collective `kind` ("fcollect",
 * "collect", "broadcast", "reduce", "alltoall"); NAN when there is no
 * closed form. */
double ss_predict(const char *kind, const char *alg, const ss_ab_t *ab,
                  const ss_pred_in_t *in);

/* The fcollect engines' forms, shared with collect (sizes == NULL: n
 * bytes for every member, else sizes[r]). */
double ss_fcollect_ring_time(const ss_ab_t *ab, int p, size_t n,
                             const size_t *sizes);
double ss_fcollect_bruck_time(const ss_ab_t *ab, int p, size_t n,
                              const size_t *sizes);
double ss_fcollect_knomial_time(const ss_ab_t *ab, int p, int k, size_t n,
                                const size_t *sizes);

/* Helpers for the forms. */
int ss_ceil_log(int base, int p);     /* smallest k with base^k >= p */
size_t ss_total_bytes(const ss_pred_in_t *in);   /* collect: sum of sizes */

#endif
