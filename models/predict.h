/* predict.h - closed-form alpha-beta predictions of the collectives.
 *
 * Each algorithm of algorithms/ has one function here giving the time it
 * takes under `--model alpha-beta` (and `loggp`, with its o, g, o_recv
 * and o_quiet terms) on a contention-free platform: every
 * PE on its own host, every host with a private full-duplex link into a
 * non-blocking switch, so a message of m bytes between two PEs takes
 * alpha + m*beta alone and the only sharing is of a host's own link (k
 * concurrent flows out of one host each get 1/k of its bandwidth).
 *
 * The forms model what the algorithm's code does, including its
 * synchronisation messages (flags and counters are 8 bytes; under
 * alpha-beta a flag sent after a fence travels alongside the data it
 * follows, so it adds no latency; under loggp it is a message of its own,
 * paying o and o_recv), and the combine cost gamma per byte of a
 * reduction.
 *
 * Each algorithm of the catalogue (algorithms/catalogue.h) has its form
 * in predict_<kind>.c, a function named as the algorithm; the catalogue
 * makes the table of them (SS_PRED_FORMS), so one missing fails to
 * compile. tests/models/predict_within.sh checks every form against the
 * simulator.
 */
#ifndef SS_PREDICT_H
#define SS_PREDICT_H

#include <stddef.h>

#include "catalogue.h"

typedef struct ss_ab {
    double alpha;   /* s: latency of one message (route latency) */
    double beta;    /* s/byte: 1 / bottleneck bandwidth of the route */
    double gamma;   /* s/byte: reduction combine cost per input byte */
    /* The loggp model's software costs (models/model.h), 0 under
     * alpha-beta: issue overhead per operation, NIC gap between
     * injections, CPU time per signal consumed. */
    double o, g, o_recv;
    /* CPU time of a quiet that has puts or atomics to complete (issued
     * since the PE's previous quiet), spent once they have completed,
     * before the PE's next operation; shm_o_quiet when they all went to
     * node-mates (o_quiet where the node has no path of its own). A
     * quiet with nothing since costs nothing, and so does a fence: the
     * forms hold on ordered networks only. */
    double o_quiet, shm_o_quiet;
    /* Inside a node (node-aware algorithms): a put between two PEs of
     * one host takes shm_alpha + m shm_beta (the platform's loopback
     * route: --shm-lat, --shm-bw), plus shm_o and shm_o_recv under
     * loggp; q: members per node as the run groups them (sim/shmem/ss_coll.c,
     * SHMEM_TEAM_SHARED), 0 or 1: none. */
    double shm_alpha, shm_beta, shm_o, shm_o_recv;
    int q;
    /* 1: steps carry their flag (--put-signal, shcoll_args_t.signal):
     * a put and its flag are one message of n + 8 bytes, no fence. Under
     * alpha-beta the forms are the same either way (the simulator fuses
     * a put and its fenced flag into one flow); under loggp the flag no
     * longer pays its own o and NIC gap. */
    int signal;
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
    const char *leader;   /* node-aware: the leaders' algorithm; NULL:
                             the algorithm's default */
} ss_pred_in_t;

typedef double (*ss_pred_fn)(const ss_ab_t *ab, const ss_pred_in_t *in);

/* The closed form of algorithm alg (SHCOLL_<KIND>_<ALG>) of each
 * collective, NULL for no algorithm: ss_pred_<kind>, which
 * predict_<kind>.c defines with SS_PRED_FORMS(KIND, kind) from its
 * functions named as the algorithms are (a switch over the catalogue's
 * rows: an algorithm without its form is an undeclared name). */
#define SS_PRED_DECLARE_(KIND, kind) ss_pred_fn ss_pred_##kind(int alg);
SHCOLL_KINDS(SS_PRED_DECLARE_)
#define SS_PRED_CASE_(KIND, kind, ALG, alg, shape, radix_, segment_, desc_) \
    case SHCOLL_##KIND##_##ALG:                                             \
        return alg;
#define SS_PRED_FORMS(KIND, kind)                                           \
    ss_pred_fn ss_pred_##kind(int alg)                                      \
    {                                                                       \
        switch ((enum shcoll_##kind##_alg)alg) {                            \
            SHCOLL_##KIND##_ALGS(SS_PRED_CASE_)                             \
        case SHCOLL_##KIND##_NALGS:                                         \
            break;                                                          \
        }                                                                   \
        return NULL;                                                        \
    }

/* The closed form of algorithm alg of collective kind; NULL when there
 * is no such algorithm. */
ss_pred_fn ss_pred_form(shcoll_kind_t kind, int alg);

/* Predicted seconds for algorithm `alg` of collective `kind` (names as
 * in the catalogue); NAN when either is unknown. */
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

/* loggp (predict_fcollect.c says how the simulator charges o, g and
 * o_recv). */
int ss_lg_on(const ss_ab_t *ab);        /* o, g or o_recv non-zero */
double ss_lg_step(const ss_ab_t *ab);   /* back-to-back issues: max(o, g) */
/* A put of m > 0 bytes and its fenced flag issued right after it: when
 * the flag is applied, from the put's ready time. */
double ss_lg_pair(const ss_ab_t *ab, double m);

/* Helpers of the loggp engine (predict_fcollect.c). A keyed index:
 * heaps, sorts, and how many messages share a link from when (k: time,
 * x: count). The functions returning int give -1 when out of memory. */
typedef struct ss_lg_key {
    double k;
    int x;
} ss_lg_key_t;
typedef struct ss_lg_vec {
    ss_lg_key_t *v;
    int n, cap;
} ss_lg_vec_t;
int ss_lg_grow(void *array, int *cap, int n, size_t size);   /* room for n+1 */
int ss_lg_append(ss_lg_vec_t *v, double k, int x);
int ss_lg_push(ss_lg_vec_t *heap, double k, int x);   /* least k, then x */
ss_lg_key_t ss_lg_pop(ss_lg_vec_t *heap);
void ss_lg_sort(ss_lg_key_t *v, int n);                /* by k */
ss_lg_key_t *ss_lg_sorted(int m, const double *keys);  /* with index */
/* Messages sharing one link equally: message i reaches it at arrive[i]
 * (its latency paid) with bytes[i]; done[i] gets when it has passed, and
 * line how many shared the link from when. */
int ss_lg_share(const ss_ab_t *ab, int m, const double *arrive,
                const double *bytes, double *done, ss_lg_vec_t *line);
/* Where the busy period of a link holding time `from` began: pieces
 * through by then share nothing with later ones. */
double ss_lg_busy_since(int n, const double *arrive, const double *done,
                        double from);

/* The engine (predict_collect.c): members whose clocks drift apart,
 * each running a program of steps. A step issues puts and flags (in
 * order, back to back) and may then wait for `need` flags of a tag. prog returns 0 when member x has nothing
 * after this step. ss_lg_run returns when the last member is done
 * (NAN: out of memory, or a member waits forever); start/end (NULL:
 * 0 / not wanted) are each member's clock, its debts paid. */
typedef struct ss_lg_eng ss_lg_eng_t;
typedef int (*ss_lg_prog_t)(ss_lg_eng_t *e, int x, int step, void *arg);
void ss_lg_to_put(ss_lg_eng_t *e, int to, double bytes);   /* none if 0 */
void ss_lg_to_chunks(ss_lg_eng_t *e, int to, double bytes, double chunk);
void ss_lg_to_flag(ss_lg_eng_t *e, int to, int tag);
void ss_lg_wait(ss_lg_eng_t *e, int tag, int need);
double ss_lg_run(const ss_ab_t *ab, int p, ss_lg_prog_t prog, void *arg,
                 const double *start, double *end);
/* The engines' rounds under loggp, members starting at start[r] (NULL:
 * all at 0): when the last one is done. chunk: the padding put size;
 * ride: collect/bruck.c's rounds (the maxima and the first 64 bytes of
 * padding ride in one put before the flag). */
double ss_bruck_rounds(const ss_ab_t *ab, int p, size_t n,
                       const size_t *sizes, size_t chunk, int ride);
double ss_knomial_rounds(const ss_ab_t *ab, int p, int k, size_t n,
                         const size_t *sizes, size_t chunk,
                         const double *start);

/* loggp: a member's CPU time and when its NIC takes the next message. */
typedef struct ss_pred_clk {
    double cpu, nic;
} ss_pred_clk_t;
/* One issue: o of the CPU, then the message leaves once the NIC is free
 * (one per g); when it leaves. */
double ss_pred_issue(const ss_ab_t *ab, ss_pred_clk_t *c);

/* A transfer on one link: released at rel, work s at the link's full
 * rate; done: when it ends (ss_pred_share); id: the caller's. */
typedef struct ss_pred_flow {
    double rel, work, done;
    int id;
} ss_pred_flow_t;
/* Flows sorted by release sharing one link fairly: each active one is
 * served at 1/(active) of the rate; h: room for nf ints. */
void ss_pred_share(ss_pred_flow_t *f, int nf, int *h);

/* Node-aware algorithms (predict_nodes.c): the node size q the form
 * uses (ab->q clamped to 1..p), the leaders' algorithm of kind (NULL
 * when unknown or node-aware), and the two tree traversals inside a node
 * of m members at radix k played out: up, rank i's subtree bytes from
 * bytes(i, cnt) (cnt its ranks), gamma_bytes combined per child, each
 * member starting at 0: when the leader is done; down, m bytes from the
 * leader at 0: when the last member has them (lead_net: the leader has
 * sent over the network since its last quiet, which its first quiet in
 * the node then completes, at o_quiet). */
int ss_node_q(const ss_ab_t *ab, int p);
int ss_node_radix(const ss_pred_in_t *in, int dflt, int q);
int ss_node_leader(shcoll_kind_t kind, const char *name, const char *dflt);
typedef double (*ss_node_bytes_fn)(void *arg, int first, int cnt);
double ss_node_up(const ss_ab_t *ab, int m, int k, ss_node_bytes_fn bytes,
                  void *arg, double gamma_bytes);
double ss_node_down(const ss_ab_t *ab, int m, int k, double bytes,
                    int lead_net);
/* ab for the leaders' network phase (the node fields cleared). */
ss_ab_t ss_node_net(const ss_ab_t *ab);
/* What every node-aware form starts from: q, the L = ceil(p/q) leaders
 * and the last node's members, the leaders' network and inputs (their
 * own radix and no leader), and the leaders' algorithm (a, -1: none
 * that a node-aware one runs; by default pow2 at a power-of-two L, else
 * other). */
typedef struct ss_node_form {
    int q, L, last, a;
    ss_ab_t net;
    ss_pred_in_t li;
} ss_node_form_t;
void ss_node_form(const ss_ab_t *ab, const ss_pred_in_t *in, shcoll_kind_t kind,
                  const char *pow2, const char *other, ss_node_form_t *f);

/* Helpers for the forms. */
int ss_ceil_log(int base, int p);     /* smallest k with base^k >= p */
size_t ss_total_bytes(const ss_pred_in_t *in);   /* collect: sum of sizes */

#endif
