/* predict_broadcast.c - alpha-beta closed forms of the broadcast
 * algorithms (see predict.h). F is the wire size of a flag or counter
 * increment.
 *
 * Notation: t(c, m) = alpha + c (m+F) beta, the time for a PE to put m
 * bytes (and a flag) to c PEs at once: the c puts share its link and all
 * finish together. Trees are drawn over ranks relative to the root, so
 * no form depends on the root.
 */
#include "predict.h"

#define F 8.0

static double t(const ss_ab_t *ab, double c, double m)
{
    return ab->alpha + c * (m + F) * ab->beta;
}

static double max2(double x, double y)
{
    return x > y ? x : y;
}

/* Arrival increments into the root, then p-1 puts (and flags) sharing the
 * root's link. */
static double linear(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    double p = in->p, n = (double)in->n;
    return 2 * ab->alpha + (p - 1) * (n + 2 * F) * ab->beta;
}

/* The rounds of broadcast/common.c: in round r every member sends one
 * message to each of the w_r = min(width, floor((p-1)/k^r)) members
 * k^r, 2 k^r, ... ahead, the busiest sender c_r of them with the payload;
 * members move from round to round together, so each round costs the
 * busiest link's bytes. knomial (width k-1): rel 0 sends the payload on
 * all its offsets, c_r = w_r. kary (width k): the first member of depth r
 * feeds positions i k^r < (members of depth r+1). */
static double rounds(const ss_ab_t *ab, const ss_pred_in_t *in, long k,
                     int kary)
{
    long p = in->p, width = kary ? k : k - 1, lo = 0, step = 1;
    double n = (double)in->n, total = 0;

    while (lo + step < p) {
        long w = (p - 1) / step < width ? (p - 1) / step : width;
        long next = lo + step;   /* first member of depth r+1 (kary) */
        long c = kary ? (p - next + step - 1) / step : w;
        if (c > w)
            c = w;
        total += ab->alpha + ((double)c * n + (double)w * F) * ab->beta;
        lo += kary ? step : 0;
        step *= k;
    }
    return total;
}

static double binomial(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return rounds(ab, in, 2, 0);
}

static double knomial(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return rounds(ab, in, in->radix ? in->radix : 4, 0);
}

/* The barrier beside a pipeline (broadcast/common.c): R = max(1,
 * ceil(log2 p) - 1) rounds, one increment 2^r ahead in each but the last,
 * which sends d 2^(R-1) ahead for d = 1..3 (those within p). */
static double pipe_barrier(const ss_ab_t *ab, long p)
{
    int l = ss_ceil_log(2, (int)p), nr = l <= 2 ? 1 : l - 1;
    double total = 0;

    for (int r = 0; r < nr; r++) {
        long w = 0;
        for (long d = 1; d <= (r == nr - 1 ? 3 : 1); d++)
            w += (d << r) < p;
        total += ab->alpha + (double)w * F * ab->beta;
    }
    return total;
}

/* Number of children of heap rank r in a k-ary tree over p ranks. */
static double heap_kids(long r, long k, long p)
{
    long first = k * r + 1;
    return first >= p ? 0 : (double)(p - first < k ? p - first : k);
}

/* Pipelined push down a heap-numbered k-ary tree in segments of s bytes:
 * along each root-leaf path the senders form a row of stages, stage j
 * taking a_j per full segment and b_j for the last (r bytes). The last
 * segment reaches the leaf after
 *   max_m [ sum_{j<=m} a_j + (S-2) max_{j<=m} a_j + sum_{j>=m} b_j ]
 * (S >= 2; the sum of the b_j for S = 1), the longest path through the
 * stage x segment grid. k = 1 is the chain. The barrier runs beside. */
static double pipe_tree(const ss_ab_t *ab, const ss_pred_in_t *in, long k,
                        size_t s)
{
    long p = in->p;
    size_t n = in->n;
    double worst = 0;

    if (n == 0)
        return pipe_barrier(ab, p);
    if (s == 0 || s > n)
        s = n;
    size_t nseg = (n + s - 1) / s;
    double S = (double)nseg, last = (double)(n - (nseg - 1) * s);
    if (k == 1) {   /* the chain: p-1 equal stages */
        double a = t(ab, 1, (double)s), b = t(ab, 1, last);
        worst = S >= 2 ? (p + S - 3) * a + b : (p - 1) * b;
        return max2(worst, pipe_barrier(ab, p));
    }
    for (long leaf = p - 1; leaf > (p - 2) / k; leaf--) {
        double c[64];
        int d = 0;
        for (long v = leaf; v > 0; v = (v - 1) / k)   /* path, leaf upwards */
            c[d++] = heap_kids((v - 1) / k, k, p);
        double sum_a = 0, max_a = 0, best = 0;
        for (int m = d - 1; m >= 0; m--) {   /* stage m from the root */
            sum_a += t(ab, c[m], (double)s);
            max_a = max2(max_a, t(ab, c[m], (double)s));
            double tail = 0;
            for (int j = m; j >= 0; j--)
                tail += t(ab, c[j], last);
            best = max2(best, S >= 2 ? sum_a + (S - 2) * max_a + tail : tail);
        }
        worst = max2(worst, best);
    }
    return max2(worst, pipe_barrier(ab, p));
}

static double kary(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    long k = in->radix ? in->radix : 4;
    return k == 1 ? pipe_tree(ab, in, 1, in->n) : rounds(ab, in, k, 1);
}

static double pipelined_chain(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return pipe_tree(ab, in, 1, in->segment ? in->segment : 8192);
}

static double pipelined_binary(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return pipe_tree(ab, in, 2, in->segment ? in->segment : 8192);
}

/* Flat scatter of p blocks (the first n mod p one byte larger), the root
 * waiting for it to complete, then p-1 ring steps; the largest block,
 * which is the last to land, comes round all p-1 hops. */
static double scatter_allgather(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    long p = in->p;
    size_t q = in->n / (size_t)p, extra = in->n % (size_t)p;
    double scattered = 0;

    for (long j = 1; j < p; j++) {
        size_t len = q + ((size_t)j < extra);
        if (len > 0)
            scattered += (double)len + F;
    }
    double t0 = scattered > 0 ? ab->alpha + scattered * ab->beta : 0;
    return t0 + (double)(p - 1) * t(ab, 1, (double)(q + (extra > 0)));
}

const ss_pred_t ss_pred_broadcast[] = {
    {"linear", linear},
    {"binomial", binomial},
    {"knomial", knomial},
    {"kary", kary},
    {"scatter_allgather", scatter_allgather},
    {"pipelined_chain", pipelined_chain},
    {"pipelined_binary", pipelined_binary},
    {0},
};
