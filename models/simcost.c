/* simcost.c - the wall-clock cost of simulating a point (simcost.h).
 *
 * The prior is
 *   W0 + W_PE p + C_MSG m_flows inflight^INFLIGHT_EXP + C_SMALL s(p) m_small
 * W0: start-up and platform; W_PE: creating a PE (stack, actor) and its
 * share of the platform; C_MSG: a message through SimGrid's flows, dearer
 * the more flows share its links (SimGrid re-solves them each time one
 * ends), so it grows with the messages in flight (p, or p^2 for direct);
 * C_SMALL: a message under the small-message model (model.h,
 * sim/engine/ss_small.c), which never meets SimGrid's solver: one wake-up of its
 * target plus the runtime's own work, whatever the flows in flight; a
 * broadcast's cost twice the others' (C_SMALL_BCAST; measured 8.5 to
 * 8.7 us at 100,000 PEs against 2.9 to 4.1 us for the other collectives
 * and 3.3 us for ring's steps). Fewer
 * PEs cost less per message (their data fit the caches better), so
 * s(p) = sqrt(p / 100,000), kept within [0.3, 1].
 *
 * The constants are fitted to measured runs so that the prior is seldom
 * under and at most about 3x over; the runs, their message counts and
 * where the prior misses (binomial broadcast across dragonfly groups
 * under flows, several times under: the solver's cost per message grows
 * with the flows sharing a link, which the PE count alone does not tell,
 * and scale calibrates per algorithm on finished points) are in
 * docs/scaling.md, "What a point costs". With a size limit
 * (--small-msg SIZE) fcollect and collect grow their blocks past it, so
 * they keep the flow prior; with every message (SS_SMALL_ALL) they too
 * cost C_SMALL. */
#include "simcost.h"
#include "catalogue.h"
#include "model.h"

#include <math.h>

#define W0 0.5
#define W_PE 2e-5
#define C_MSG 0.1e-6
#define INFLIGHT_EXP 0.75
#define C_SMALL 6e-6
#define C_SMALL_BCAST 10e-6

static double lg(int p)
{
    return ceil(log2((double)p));
}

static double log_k(int p, int k)
{
    double r = 0;
    for (double v = 1; v < p; v *= k)
        r++;
    return r;
}

/* Messages of one call per algorithm, a case each: the switches have no
 * default, so an algorithm of the catalogue without a case fails to
 * compile (-Werror=switch). k is the radix the algorithm runs at.
 *
 * The node-aware ones (algorithms/nodes.c) run their leader algorithm
 * over L = ceil(p/q) leaders, q PEs a node, and a tree or two inside
 * each node: about 2p messages for a gather and a broadcast there (a put
 * with its flag per member and tree), 4p for collect's four traversals.
 * Counted on aurora (104 PEs a node) at 16,384 and 65,536 PEs, these are
 * 1% to 7% over the runtime's counts (docs/scaling.md, "What a point
 * costs"); counted with L = p, as before, 2 to 6 times over, which made
 * `run` refuse collect's at 1.1 million PEs as 13 minutes. */
static double leaders(double p, int q)
{
    return q > 1 ? ceil(p / q) : p;
}

static double fcollect_msgs(int a, double p, int ip, int k, int q)
{
    switch ((enum shcoll_fcollect_alg)a) {
    case SHCOLL_FCOLLECT_LINEAR:
        return 4 * (p - 1);
    case SHCOLL_FCOLLECT_DIRECT:
    case SHCOLL_FCOLLECT_RING:
        return 2 * p * (p - 1);
    case SHCOLL_FCOLLECT_RECURSIVE_DOUBLING:
        return 2 * p * lg(ip);
    /* A round's window is one put (two when it wraps) and its flag, at
     * any size: 21,493 messages at 1,024 PEs for 8 B and 64 KiB alike,
     * 47,092 at 2,048, 221,170 at 8,192 (aries-xc). Counting a put per
     * 64 KiB of window overestimated large windows a hundredfold
     * (docs/scaling.md). */
    case SHCOLL_FCOLLECT_BRUCK:
        return 2 * p * lg(ip) + p;
    case SHCOLL_FCOLLECT_NEIGHBOR_EXCHANGE:
        return ip % 2 ? 2 * p * (p - 1) : p * p;
    case SHCOLL_FCOLLECT_KNOMIAL:
        return 2 * p * (k - 1) * log_k(ip, k);
    case SHCOLL_FCOLLECT_NODE_AWARE: {   /* the leaders' Bruck */
        double l = leaders(p, q);
        return 2 * l * lg((int)l) + l + 2 * p;
    }
    case SHCOLL_FCOLLECT_NALGS:
        break;
    }
    return NAN;
}

static double collect_msgs(int a, double p, int ip, int q)
{
    switch ((enum shcoll_collect_alg)a) {
    case SHCOLL_COLLECT_LINEAR:
        return 7 * (p - 1);
    case SHCOLL_COLLECT_RING:
        return 4 * p * (p - 1);
    case SHCOLL_COLLECT_RECURSIVE_DOUBLING:   /* 3.8 at 100,000 */
        return 4 * p * lg(ip);
    case SHCOLL_COLLECT_BRUCK:                /* 5.0 at 100,000 */
        return 5 * p * lg(ip);
    case SHCOLL_COLLECT_NODE_AWARE: {   /* the leaders' scan and Bruck */
        double l = leaders(p, q);
        return 7 * l * lg((int)l) + 4 * p;
    }
    case SHCOLL_COLLECT_NALGS:
        break;
    }
    return NAN;
}

/* Broadcasts count their barrier too (algorithms/broadcast/common.c):
 * every member sends one message per round of it, payload or increment;
 * the pipelines add two per segment and R + 2 barrier increments. */
static double broadcast_msgs(int a, double p, int ip, size_t n, size_t seg,
                             int k, int q)
{
    switch ((enum shcoll_broadcast_alg)a) {
    case SHCOLL_BROADCAST_LINEAR:
        return 3 * (p - 1);
    case SHCOLL_BROADCAST_BINOMIAL:
        return p * (lg(ip) + 1);
    case SHCOLL_BROADCAST_KNOMIAL:
        return p * ((k - 1) * log_k(ip, k) + 1);
    case SHCOLL_BROADCAST_KARY:
        return p * k * log_k(ip, k);
    case SHCOLL_BROADCAST_SCATTER_ALLGATHER:   /* empty blocks are not sent */
        return 2 * p * fmin(p - 1, (double)n) + 3 * p;
    case SHCOLL_BROADCAST_PIPELINED_CHAIN:
    case SHCOLL_BROADCAST_PIPELINED_BINARY:
        return p * (2 * ceil((double)n / (double)seg) + fmax(1, lg(ip) - 1) + 2);
    case SHCOLL_BROADCAST_NODE_AWARE: {   /* the leaders' binomial */
        double l = leaders(p, q);
        return l * (lg((int)l) + 1) + 2 * p;
    }
    case SHCOLL_BROADCAST_NALGS:
        break;
    }
    return NAN;
}

static double reduce_msgs(int a, double p, int ip, int q)
{
    switch ((enum shcoll_reduce_alg)a) {
    case SHCOLL_REDUCE_LINEAR:
    case SHCOLL_REDUCE_BINOMIAL:
    case SHCOLL_REDUCE_KNOMIAL:
        return 4 * (p - 1);
    case SHCOLL_REDUCE_RECURSIVE_DOUBLING:
        return 2 * p * lg(ip);
    case SHCOLL_REDUCE_RABENSEIFNER:
        return 4 * p * lg(ip);
    case SHCOLL_REDUCE_RING:
        return 3 * p * (p - 1);
    case SHCOLL_REDUCE_NODE_AWARE: {   /* the leaders' recursive doubling */
        double l = leaders(p, q);
        return 2 * l * lg((int)l) + 2 * p;
    }
    case SHCOLL_REDUCE_NALGS:
        break;
    }
    return NAN;
}

/* Every member puts each other member its block and bumps its counter:
 * 1,984 messages at 32 PEs for both, whatever the window. */
static double alltoall_msgs(int a, double p)
{
    switch ((enum shcoll_alltoall_alg)a) {
    case SHCOLL_ALLTOALL_PAIRWISE:
    case SHCOLL_ALLTOALL_WINDOWED:
        return 2 * p * (p - 1);
    case SHCOLL_ALLTOALL_NALGS:
        break;
    }
    return NAN;
}

double ss_simcost_messages(const char *kind, const char *alg, int p, int q,
                           size_t bytes, int radix, size_t segment)
{
    double dp = p;
    shcoll_kind_t c = (shcoll_kind_t)shcoll_kind_of(kind);
    int a = shcoll_alg_of(c, alg);
    const shcoll_entry_t *e = shcoll_entry(c, a);
    if (!e)
        return NAN;
    if (p < 2)
        return 0;
    int k = e->radix && radix >= 2 ? radix : e->radix;
    switch (c) {
    case SHCOLL_FCOLLECT:
        return fcollect_msgs(a, dp, p, k, q);
    case SHCOLL_COLLECT:
        return collect_msgs(a, dp, p, q);
    case SHCOLL_BROADCAST:
        return broadcast_msgs(a, dp, p, bytes,
                              segment ? segment : (size_t)e->segment, k, q);
    case SHCOLL_REDUCE:
        return reduce_msgs(a, dp, p, q);
    case SHCOLL_ALLTOALL:
        return alltoall_msgs(a, dp);
    case SHCOLL_NKINDS:
        break;
    }
    return NAN;
}

double ss_simcost_prior(const char *kind, const char *alg, int p, int q,
                        const size_t *bytes, size_t nsizes, int radix,
                        size_t segment, size_t small)
{
    double msgs = 0, small_msgs = 0, dp = p;
    int c = shcoll_kind_of(kind);
    int grows = c == SHCOLL_FCOLLECT || c == SHCOLL_COLLECT;
    for (size_t i = 0; i < nsizes; i++) {
        double m = ss_simcost_messages(kind, alg, p, q, bytes[i], radix, segment);
        if (small == SS_SMALL_ALL || (small && !grows && bytes[i] <= small))
            small_msgs += m;
        else
            msgs += m;
    }
    double inflight = c == SHCOLL_FCOLLECT &&
                      shcoll_alg_of(SHCOLL_FCOLLECT, alg) == SHCOLL_FCOLLECT_DIRECT
                      ? dp * (dp - 1) : dp;
    double small_scale = fmin(1, fmax(0.3, sqrt(dp / 1e5)));
    double c_small = c == SHCOLL_BROADCAST ? C_SMALL_BCAST : C_SMALL;
    return W0 + W_PE * dp + c_small * small_scale * small_msgs +
           C_MSG * msgs * pow(fmax(inflight, 1), INFLIGHT_EXP);
}

void ss_simcost_learn(ss_simcost_cal_t *cal, int p, double prior, double wall)
{
    if (cal->n == SS_SIMCOST_MAXCAL || !(prior > 0) || !(wall >= SS_SIMCOST_MIN_WALL))
        return;
    size_t i = cal->n++;
    for (; i > 0 && cal->p[i - 1] > p; i--) {   /* kept sorted by p */
        cal->p[i] = cal->p[i - 1];
        cal->ratio[i] = cal->ratio[i - 1];
    }
    cal->p[i] = p;
    cal->ratio[i] = wall / prior;
}

double ss_simcost_estimate(const ss_simcost_cal_t *cal, int p, double prior,
                           double fallback, int trend)
{
    if (cal->n == 0)
        return prior * (fallback > 0 ? fallback : 1);
    size_t last = cal->n - 1;
    double r = cal->ratio[last];
    if (trend && cal->n >= 2 && p > cal->p[last] && cal->p[last] > cal->p[last - 1]) {
        double slope = log(cal->ratio[last] / cal->ratio[last - 1]) /
                       log((double)cal->p[last] / cal->p[last - 1]);
        r *= pow((double)p / cal->p[last], fmin(fmax(slope, 0), 1));
    }
    return prior * r;
}

double ss_simcost_part(double whole, int p, double fraction)
{
    double setup = W0 + W_PE * p;
    return whole > setup ? setup + (whole - setup) * fraction : whole;
}
