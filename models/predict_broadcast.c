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

/* The arrival handshake of broadcast/common.c: m increments into Z (the
 * root's is implied by the payload when n > 0), then Z's p-1 release
 * flags. It runs beside the data; the algorithm takes the longer. */
static double handshake(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    double p = in->p, m = in->n > 0 ? p - 2 : p - 1;
    double arrivals = m > 0 ? ab->alpha + m * F * ab->beta : 0.0;
    return arrivals + ab->alpha + (p - 1) * F * ab->beta;
}

/* k-nomial rounds: rel r gets the payload from r minus its lowest
 * non-zero base-k digit, in the round of that digit; a sender's rounds
 * run one after another, each as long as its children in it need, and
 * empty rounds cost nothing. The slowest member ends the data. */
static double knomial_tree(const ss_ab_t *ab, const ss_pred_in_t *in, int k)
{
    long p = in->p;
    double n = (double)in->n, worst = 0;
    long top = 1;

    if (in->n == 0)
        return handshake(ab, in);
    while (top < p)
        top *= k;
    for (long r = 1; r < p; r++) {
        double at = 0;
        long v = 0, rest = r;
        for (long step = top / k; step >= 1; step /= k) {
            long digit = rest / step;
            rest %= step;
            /* v's round at `step` (if it has children in it) passes while
             * r's path stays at v; a non-zero digit is the round in which
             * the payload moves on, to v + digit * step. */
            long kids = (p - 1 - v) / step;
            if (kids > k - 1)
                kids = k - 1;
            if (kids > 0)
                at += t(ab, (double)kids, n);
            if (digit) {
                v += digit * step;
                if (rest == 0)
                    break;
            }
        }
        worst = max2(worst, at);
    }
    return max2(worst, handshake(ab, in));
}

static double binomial(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return knomial_tree(ab, in, 2);
}

static double knomial(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return knomial_tree(ab, in, in->radix ? in->radix : 4);
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
 * stage x segment grid. k = 1 is the chain. */
static double pipe_tree(const ss_ab_t *ab, const ss_pred_in_t *in, long k,
                        size_t s)
{
    long p = in->p;
    size_t n = in->n;
    double worst = 0;

    if (n == 0)
        return handshake(ab, in);
    if (s == 0 || s > n)
        s = n;
    size_t nseg = (n + s - 1) / s;
    double S = (double)nseg, last = (double)(n - (nseg - 1) * s);
    if (k == 1) {   /* the chain: p-1 equal stages */
        double a = t(ab, 1, (double)s), b = t(ab, 1, last);
        worst = S >= 2 ? (p + S - 3) * a + b : (p - 1) * b;
        return max2(worst, handshake(ab, in));
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
    return max2(worst, handshake(ab, in));
}

static double kary(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return pipe_tree(ab, in, in->radix ? in->radix : 4, in->n);
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
