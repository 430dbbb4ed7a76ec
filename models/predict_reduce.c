/* predict_reduce.c - alpha-beta closed forms of the reduction algorithms
 * (see predict.h). F is the wire size of a flag or counter increment;
 * gamma is charged per byte of each combine's input.
 *
 * Where an algorithm's messages differ in size between members (uneven
 * blocks, cut-short trees) the form follows each member's critical path
 * instead of assuming lockstep; each function says what it models. */
#include "predict.h"

#include <stdlib.h>

#define F 8.0

static double elem_bytes(const ss_pred_in_t *in)
{
    return in->elem ? (double)in->elem : 1.0;
}

/* Gather into the root's work, p-1 combines of n bytes, then the result
 * to each member; both transfer rounds share the root's link. */
static double linear(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    double p = in->p, n = (double)in->n;
    return 2 * ab->alpha + 2 * (p - 1) * (n + F) * ab->beta +
           (p - 1) * n * ab->gamma;
}

/* ---- trees: binomial and k-nomial ------------------------------------ */

typedef struct flow {
    double start;   /* when its transfer phase begins (after alpha) */
    int child;
} flow_t;

static int by_start(const void *x, const void *y)
{
    double a = ((const flow_t *)x)->start, b = ((const flow_t *)y)->start;
    return a < b ? -1 : a > b;
}

/* Flows of equal work w (seconds alone) sharing one link fairly, sorted by
 * start: the oldest always has the least left, so they finish in order.
 * done[child] receives each one's completion. */
static void shared_link(flow_t *f, int nf, double w, double *done)
{
    double *left = malloc((size_t)nf * sizeof *left);
    double t = 0;
    int head = 0, tail = 0;
    for (int i = 0; i < nf; i++)
        left[i] = w;
    while (head < nf) {
        if (head == tail)
            t = f[tail++].start;
        while (tail < nf && f[tail].start <= t)
            tail++;
        int active = tail - head;
        double finish = t + left[head] * active;
        double next = tail < nf ? f[tail].start : finish;
        /* When the oldest finishes first it is served exactly what it had
         * left: (finish - t) / active would round, and where t is large
         * against the work (alpha >> beta) never bring it to 0. */
        double served = next < finish ? (next - t) / active : left[head];
        for (int i = head; i < tail; i++)
            left[i] -= served;
        t = next < finish ? next : finish;
        while (head < tail && left[head] <= 1e-18)
            done[f[head++].child] = t;
    }
    free(left);
}

/* Level of r's lowest nonzero base-k digit (nlev for the root). */
static int top_level(int r, int k, int nlev)
{
    int j = 0;
    for (long span = 1; j < nlev && (r / span) % k == 0; j++, span *= k)
        ;
    return j;
}

/* Reduce phase: when member r has combined its subtree. Children (r + d
 * k^j) send the moment their subtree is done; all of them share r's
 * link; r combines them level by level, digit by digit. */
static void tree_reduce(const ss_ab_t *ab, int p, int k, int nlev, double n,
                        double *ready)
{
    flow_t *f = malloc((size_t)nlev * (size_t)(k - 1) * sizeof *f + 1);
    double *landed = malloc((size_t)p * sizeof *landed);
    for (int r = p - 1; r >= 0; r--) {
        int top = top_level(r, k, nlev), nf = 0;
        long span = 1;
        for (int j = 0; j < top; j++, span *= k)
            for (int d = 1; d < k && r + d * span < p; d++) {
                int c = (int)(r + d * span);
                f[nf++] = (flow_t){ready[c] + ab->alpha, c};
            }
        qsort(f, (size_t)nf, sizeof *f, by_start);
        shared_link(f, nf, (n + F) * ab->beta, landed);
        double t = 0;
        span = 1;
        for (int j = 0; j < top; j++, span *= k)
            for (int d = 1; d < k && r + d * span < p; d++) {
                double at = landed[r + d * span];
                t = (t > at ? t : at) + n * ab->gamma;
            }
        ready[r] = t;
    }
    free(landed);
    free(f);
}

/* Broadcast phase: a level's puts share the sender's link and the next
 * level waits for them (quiet). Returns the last member's exit. */
static double tree_broadcast(const ss_ab_t *ab, int p, int k, int nlev,
                             double n, double root_ready)
{
    double *got = malloc((size_t)p * sizeof *got), last = 0;
    got[0] = root_ready;
    for (int r = 0; r < p; r++) {
        int top = top_level(r, k, nlev);
        double t = got[r], busy = 0;
        long span = 1;
        for (int j = 0; j < top - 1; j++)
            span *= k;
        for (int j = top - 1; j >= 0; j--, span /= k) {
            int cnt = 0;
            for (int d = 1; d < k && r + d * span < p; d++)
                cnt++;
            if (cnt == 0)
                continue;
            t += busy;
            busy = ab->alpha + cnt * (n + F) * ab->beta;
            for (int d = 1; d <= cnt; d++)
                got[r + d * span] = t + busy;
        }
        last = t > last ? t : last;
    }
    free(got);
    return last;
}

/* Full trees (p a power of k): L(alpha + (k-1)(n+F)beta + (k-1)n gamma)
 * up, L(alpha + (k-1)(n+F)beta) down; otherwise played out member by
 * member, since cut-short subtrees report early and share a link. */
static double tree(const ss_ab_t *ab, int p, int k, double n)
{
    int nlev = 0;
    for (long span = 1; span < p; span *= k)
        nlev++;
    double *ready = malloc((size_t)p * sizeof *ready);
    tree_reduce(ab, p, k, nlev, n, ready);
    double t = tree_broadcast(ab, p, k, nlev, n, ready[0]);
    free(ready);
    return t;
}

static double binomial(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return tree(ab, in->p, 2, (double)in->n);
}

/* Radix as the algorithm takes it: default 4, at most p. */
static double knomial(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    int k = in->radix < 2 ? 4 : in->radix;
    if (k > in->p)
        k = in->p;
    return tree(ab, in->p, k, (double)in->n);
}

/* ---- hypercube: recursive doubling and rabenseifner ------------------ */

/* The q = 2^L members of the hypercube (rank v: member 2v+1 for v below
 * the extras r = p - q, v + r above) take 'nsteps' steps; in step s rank
 * v swaps with v ^ dist(s), receiving bytes(s, v), and combines them if
 * step s reduces. */
typedef struct cube {
    int p, q, nlev;
    double n, es;
    size_t m;      /* elements */
    int halving;   /* rabenseifner: halving then doubling, on blocks */
} cube_t;

static int cube_dist(const cube_t *c, int s)
{
    if (!c->halving)
        return 1 << s;
    return s < c->nlev ? c->q >> (s + 1) : 1 << (s - c->nlev);
}

/* Bytes of the blocks [lo, lo + cnt) of q blocks of whole elements. */
static double range_bytes(const cube_t *c, int lo, int cnt)
{
    size_t per = c->m / (size_t)c->q, extra = c->m % (size_t)c->q;
    size_t a = (size_t)lo, b = (size_t)(lo + cnt);
    size_t e0 = a * per + (a < extra ? a : extra);
    size_t e1 = b * per + (b < extra ? b : extra);
    return (double)(e1 - e0) * c->es;
}

/* Halving: v receives the half it keeps; doubling: the partner's range. */
static double cube_bytes(const cube_t *c, int s, int v)
{
    if (!c->halving)
        return c->n;
    int d = cube_dist(c, s), owner = s < c->nlev ? v : v ^ d;
    return range_bytes(c, owner & ~(d - 1), d);
}

/* Each rank's time after a step is max(its own, the partner's send plus
 * the transfer), plus the combine. Extras: a proxy whose step-0 partner
 * is not a proxy gets that partner's put while its extra's array is still
 * coming in, so the two share its link (the smaller lands first). Later
 * overlaps between unequal ranks are not modelled: exact for p = 2^L,
 * approximate otherwise. */
static double cube_time(const ss_ab_t *ab, const cube_t *c)
{
    int extras = c->p - c->q, nsteps = c->halving ? 2 * c->nlev : c->nlev;
    double *t = malloc((size_t)c->q * 2 * sizeof *t), *nt = t + c->q;
    double whole = c->n + F, last = 0;
    for (int v = 0; v < c->q; v++) {
        int shared = nsteps > 0 && (v ^ cube_dist(c, 0)) >= extras;
        double b = nsteps > 0 ? cube_bytes(c, 0, v) + F : 0;
        t[v] = v >= extras ? 0
             : ab->alpha + (whole + (shared ? b : 0)) * ab->beta +
               c->n * ab->gamma;
    }
    for (int s = 0; s < nsteps; s++) {
        int combines = !c->halving || s < c->nlev;
        for (int v = 0; v < c->q; v++) {
            int u = v ^ cube_dist(c, s);
            double b = cube_bytes(c, s, v);
            double at = t[u] + ab->alpha + (b + F) * ab->beta;
            if (s == 0 && v < extras && u >= extras)
                at = ab->alpha + 2 * (b + F) * ab->beta;
            nt[v] = (t[v] > at ? t[v] : at) + (combines ? b * ab->gamma : 0);
        }
        for (int v = 0; v < c->q; v++)
            t[v] = nt[v];
    }
    for (int v = 0; v < c->q; v++) {
        double end = t[v] + (v < extras ? ab->alpha + whole * ab->beta : 0);
        last = end > last ? end : last;
    }
    free(t);
    return last;
}

static cube_t cube_of(const ss_pred_in_t *in, int halving)
{
    cube_t c = {in->p, 1, 0, (double)in->n, elem_bytes(in), 0, halving};
    while (c.nlev < 30 && (2L << c.nlev) <= in->p)
        c.nlev++;
    c.q = 1 << c.nlev;
    c.m = (size_t)(c.n / c.es);
    return c;
}

/* p = 2^L: L(alpha + (n+F)beta + n gamma), all ranks in lockstep. */
static double recursive_doubling(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    cube_t c = cube_of(in, 0);
    return cube_time(ab, &c);
}

/* p = 2^L, n a multiple of p elements:
 *   2L alpha + 2(p-1)/p n beta + 2L F beta + (p-1)/p n gamma.
 * Uneven blocks make the steps differ per rank (cube_time). */
static double rabenseifner(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    cube_t c = cube_of(in, 1);
    return cube_time(ab, &c);
}

/* ---- ring ------------------------------------------------------------ */

/* Each member's last reduce-scatter step ends a chain of p-1 hops that
 * all carry its own block, and the longest allgather chain carries one
 * block p-1 hops: with b the largest block,
 *   (p-1)(alpha + (b+F)beta + b gamma) + (p-1)(alpha + (b+F)beta). */
static double ring(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    double p = in->p, es = elem_bytes(in);
    size_t m = (size_t)((double)in->n / es);
    double b = (double)((m + (size_t)in->p - 1) / (size_t)in->p) * es;
    return (p - 1) * (2 * ab->alpha + 2 * (b + F) * ab->beta + b * ab->gamma);
}

const ss_pred_t ss_pred_reduce[] = {
    {"linear", linear},
    {"binomial", binomial},
    {"knomial", knomial},
    {"recursive_doubling", recursive_doubling},
    {"rabenseifner", rabenseifner},
    {"ring", ring},
    {0},
};
