/* predict_fcollect.c - alpha-beta closed forms of the fcollect algorithms
 * (see predict.h for the platform they assume). F is the wire size of a
 * flag or counter increment.
 *
 * The ring, Bruck and k-nomial forms take block sizes (sizes == NULL:
 * n each) because collect runs the same engines over uneven blocks;
 * predict_collect.c repeats their prototypes. */
#include "predict.h"

#include <math.h>
#include <stdlib.h>

#define F 8.0

static size_t size_of(const size_t *sizes, size_t n, int r)
{
    return sizes ? sizes[r] : n;
}

/* One message of m bytes plus its flag. */
static double msg(const ss_ab_t *ab, double m)
{
    return ab->alpha + (m + F) * ab->beta;
}

/* Gather: p-1 blocks and their increments share the root's link; then the
 * root's p-1 puts of p*n bytes (and flags) share its link. */
static double linear(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    double p = in->p, n = (double)in->n;
    return 2 * ab->alpha + (p - 1) * (n + F) * ab->beta +
           (p - 1) * (p * n + F) * ab->beta;
}

/* All p-1 puts and increments at once through each member's link. */
static double direct(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return ab->alpha + (in->p - 1) * ((double)in->n + F) * ab->beta;
}

/* p-1 steps; the largest block's chain of hops sets the pace. */
double ss_fcollect_ring_time(const ss_ab_t *ab, int p, size_t n,
                             const size_t *sizes)
{
    size_t big = 0;
    for (int r = 0; r < p; r++)
        big = size_of(sizes, n, r) > big ? size_of(sizes, n, r) : big;
    return (p - 1) * msg(ab, (double)big);
}

static double ring(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return ss_fcollect_ring_time(ab, in->p, in->n, NULL);
}

/* Round k moves the widest window of cnt_k = min(2^k, p-2^k) cyclically
 * consecutive blocks (every member pads to it); the window slides. */
double ss_fcollect_bruck_time(const ss_ab_t *ab, int p, size_t n,
                              const size_t *sizes)
{
    double t = 0;
    for (int d = 1; d < p; d *= 2) {
        int cnt = d < p - d ? d : p - d;
        size_t w = 0, wide;
        for (int i = 0; i < cnt; i++)
            w += size_of(sizes, n, i);
        wide = w;
        for (int r = 1; sizes && r < p; r++) {
            w += sizes[(r + cnt - 1) % p] - sizes[r - 1];
            wide = w > wide ? w : wide;
        }
        t += msg(ab, (double)wide);
    }
    return t;
}

static double bruck(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return ss_fcollect_bruck_time(ab, in->p, in->n, NULL);
}

/* The slices of fcollect/knomial.c: extra t (of rem) cuts its block in
 * the len_t = start(t+1) - start(t) slices its range of core members
 * start(t) = floor(t pc / rem).. holds; the slices of core members
 * q.. start at pos(q) in dest. */
typedef struct kplan {
    int p, pc, rem;
    size_t n;
    const size_t *sizes;
    size_t *off;   /* sizes' prefix sums (p+1), or NULL */
} kplan_t;

static size_t kat(const kplan_t *k, int r)   /* offset of block r */
{
    return k->off ? k->off[r] : (size_t)r * k->n;
}

static int kstart(const kplan_t *k, int t)
{
    return (int)((long)t * k->pc / k->rem);
}

static size_t kcut(size_t b, long q, long m)
{
    return b / (size_t)m * (size_t)q + b % (size_t)m * (size_t)q / (size_t)m;
}

static size_t kpos(const kplan_t *k, int q)
{
    if (k->rem == 0 || q == k->pc)
        return kat(k, k->p);
    int t = (int)((((long)q + 1) * k->rem + k->pc - 1) / k->pc - 1);
    int s = kstart(k, t);
    return kat(k, k->pc + t) +
           kcut(size_of(k->sizes, k->n, k->pc + t), q - s, kstart(k, t + 1) - s);
}

/* One round with groups of g and radix r: r-1 peers each get the padded
 * group volume, the largest a group of g holds (its blocks and slices). */
static double knomial_round(const ss_ab_t *ab, const kplan_t *k, int g, int r)
{
    size_t v = 0;
    for (int base = 0; base < k->pc; base += g) {
        size_t w = kat(k, base + g) - kat(k, base) + kpos(k, base + g) -
                   kpos(k, base);
        v = w > v ? w : v;
    }
    return ab->alpha + (r - 1) * ((double)v + F) * ab->beta;
}

/* Core pc = m k^j <= p (m < k): j rounds of radix k and one of radix m,
 * each carrying the slices of the rem extra blocks that the group's
 * members hold; extra t puts its len_t slices, each padded to
 * ceil(b_max / len_t), and increments before, and gets the whole result
 * after. */
double ss_fcollect_knomial_time(const ss_ab_t *ab, int p, int k, size_t n,
                                const size_t *sizes)
{
    int g = 1, nr = 0, radix[64], group[64];
    for (; (long)g * k <= p; g *= k) {
        radix[nr] = k;
        group[nr++] = g;
    }
    if (p / g > 1) {
        radix[nr] = p / g;
        group[nr++] = g;
        g *= p / g;
    }
    kplan_t kp = {p, g, p - g, n, sizes, NULL};
    if (sizes && (kp.off = malloc(((size_t)p + 1) * sizeof *kp.off))) {
        kp.off[0] = 0;
        for (int r = 0; r < p; r++)
            kp.off[r + 1] = kp.off[r] + sizes[r];
    }
    if (sizes && !kp.off)
        return NAN;
    size_t most = 0;
    double pre = 0;
    for (int t = 0; t < kp.rem; t++) {
        size_t b = size_of(sizes, n, kp.pc + t);
        most = b > most ? b : most;
    }
    for (int t = 0; t < kp.rem; t++) {   /* slices padded to ceil(most/m) */
        size_t m = (size_t)(kstart(&kp, t + 1) - kstart(&kp, t));
        double v = (double)(m * ((most + m - 1) / m)) + (double)m * F;
        pre = pre > v ? pre : v;
    }
    double t = kp.rem ? ab->alpha + pre * ab->beta +
                        msg(ab, (double)kat(&kp, p))
                      : 0;
    for (int j = 0; j < nr; j++)
        t += knomial_round(ab, &kp, group[j], radix[j]);
    free(kp.off);
    return t;
}

static int radix_or_default(int k)
{
    return k >= 2 ? k : 4;
}

static double knomial(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return ss_fcollect_knomial_time(ab, in->p, radix_or_default(in->radix),
                                    in->n, NULL);
}

static double recursive_doubling(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    return ss_fcollect_knomial_time(ab, in->p, 2, in->n, NULL);
}

/* Even p: step 0 swaps one block, the p/2-1 others two. Odd p: ring. */
static double neighbor_exchange(const ss_ab_t *ab, const ss_pred_in_t *in)
{
    double n = (double)in->n;
    if (in->p % 2)
        return ring(ab, in);
    return msg(ab, n) + (in->p / 2 - 1) * msg(ab, 2 * n);
}

const ss_pred_t ss_pred_fcollect[] = {
    {"linear", linear},
    {"direct", direct},
    {"ring", ring},
    {"recursive_doubling", recursive_doubling},
    {"bruck", bruck},
    {"neighbor_exchange", neighbor_exchange},
    {"knomial", knomial},
    {0},
};
