/* model.h - cost models handed to the simulation: which SimGrid network
 * model, and the per-operation software costs the runtime charges. */
#ifndef SS_MODEL_H
#define SS_MODEL_H

#include <stddef.h>

typedef enum ss_model_kind {
    SS_MODEL_SIMGRID,     /* SimGrid's default (LV08) model and factors */
    SS_MODEL_ALPHA_BETA,  /* latency + bytes/bandwidth, max-min sharing */
    SS_MODEL_LOGGP        /* alpha-beta's network plus the per-message
                             software costs below, calibrated per machine */
} ss_model_kind_t;

/* The loggp model's costs (docs/models.md says what each stands for and
 * where the presets' values come from):
 *   o_send  CPU time of the issuing PE per put, get or atomic to another
 *           node: the PE issues nothing else meanwhile;
 *   gap     the node's NIC accepts one message per gap: PEs of a node
 *           share it (a PE with nothing queued waits only for o_send);
 *   o_recv  CPU time of the target PE per signalling message it consumes
 *           (an atomic, a put with signal or its fused flag): it notices
 *           the change and does the step's bookkeeping. Plain puts, gets
 *           and fetching atomics are served by the NIC and cost the
 *           target nothing;
 *   shm_o, shm_lat, shm_bw: the same for a PE of the same node (shared
 *           memory: a copy, no NIC, no gap);
 *   shm_o_recv  CPU time of the target PE per signal from a PE of its own
 *           node: the flag's cache line fetched from the writer's core,
 *           no NIC receive path;
 *   o_get, shm_o_get  CPU time to issue a get (blocking or not), where
 *           it differs from o_send / shm_o (< 0: the same): inside a
 *           node a get is the PE's own load, cheaper than a put's
 *           bookkeeping on some runtimes;
 *   o_quiet, shm_o_quiet  CPU time of a quiet, or of a fence that waits,
 *           once it has puts or atomics to complete: the runtime polls
 *           its completion counters or event queue (shm_o_quiet when
 *           they all went to node-mates);
 *   unordered  the network may deliver a PE's messages out of order
 *           (adaptive routing): fence costs a round trip. */
typedef struct ss_model {
    ss_model_kind_t kind;
    int chosen;           /* --model given: the platform's costs do not
                             pick the model */
    unsigned given;       /* costs set on the command line (options/options.c) */
    double o_send;        /* LogGP o: CPU time to issue one operation (s) */
    double gap;           /* LogGP g: minimum time between injections (s) */
    double o_recv;        /* CPU time per signal consumed (s) */
    double shm_o, shm_lat, shm_bw;   /* intra-node: s, s, B/s; the spec's
                                        loopback links carry the latter two
                                        (platforms/builders/) */
    double shm_o_recv;    /* CPU time per signal from the same node (s) */
    double o_get, shm_o_get;      /* s; < 0: o_send, shm_o */
    double o_quiet, shm_o_quiet;  /* s */
    int shm_path;         /* the platform gives a node's PEs a path of their
                             own (shm-lat, shm-bw): their stores are
                             ordered, and complete on landing (ss_order.c) */
    int unordered;        /* order=adaptive: a fence is a quiet, and a
                             quiet ends when the acknowledgements return
                             (sim/shmem/ss_order.c) */
    double poll_s;        /* simulated cost of a shmem_test that fails */
    double combine_s_per_byte;  /* reduction combine cost */
    int put_signal;       /* --put-signal ($SHMEMSIM_COLL_SIGNAL): the
                             collectives' steps carry their flag in one
                             put with signal, no fence (shcoll_args_t
                             .signal); the label says "+signal" */
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
/* The default (--small-msg auto): every message under alpha-beta and
 * loggp, at every PE count, and none under simgrid (its LV08 factors
 * are SimGrid's). One model whatever the size of the run: the point a
 * `run` times is the point `scale` and `sweep` fit. Chosen by
 * measurement (docs/models.md, "One network model"): it stays within the
 * validation bands where SimGrid's flows did, meets the bandwidth rows
 * the flows missed (adaptive routing is per message here, one route per
 * flow there), and is 4 to 25 times faster in wall time. */
#define SS_SMALL_AUTO ((size_t)-1)
/* Every message, whatever its size (--small-msg all). */
#define SS_SMALL_ALL ((size_t)-2)

/* Issue overhead of one operation to a PE on the same node or not. */
double ss_model_issue(const ss_model_t *m, int same_node);
/* Issue overhead of a get from a PE on the same node or not. */
double ss_model_get(const ss_model_t *m, int same_node);
/* CPU time of consuming one signal from a PE on the same node or not. */
double ss_model_signal(const ss_model_t *m, int same_node);
/* CPU time of a quiet whose puts and atomics all went to node-mates
 * (same_node) or not. */
double ss_model_quiet(const ss_model_t *m, int same_node);

/* The small_bytes a run of npes PEs uses. */
size_t ss_model_small_bytes(const ss_model_t *m, int npes);
/* The model's name as output rows give it, at npes PEs: name, and
 * "+flows" where SimGrid's flows time every message ("+flows>N": those
 * over N bytes), then "+signal" when steps carry their flag. */
const char *ss_model_label(const ss_model_t *m, int npes, const char *name);

extern const char *const ss_model_names[];   /* NULL-terminated */

void ss_model_defaults(ss_model_t *m, ss_model_kind_t kind);

/* SimGrid settings for the model, as command-line arguments
 * ("--cfg=key:value") for simgrid_init; returns how many were written to
 * out (at most max). */
int ss_model_simgrid_args(const ss_model_t *m, const char **out, int max);

#endif
