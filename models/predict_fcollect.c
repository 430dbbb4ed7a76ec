/* predict_fcollect.c - alpha-beta closed forms of the fcollect algorithms
 * (see predict.h for the platform they assume). F is the wire size of a
 * flag or counter increment.
 *
 * The ring, Bruck and k-nomial forms take block sizes (sizes == NULL:
 * n each) because collect runs the same engines over uneven blocks;
 * predict_collect.c repeats their prototypes. */
#include "predict.h"

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

/* ceil(q b / pc), as the engine pads. */
static size_t slice_up(size_t b, int q, int pc)
{
    return (b * (size_t)q + (size_t)pc - 1) / (size_t)pc;
}

/* One round with groups of g and radix r over a core of pc members and
 * rem extras: r-1 peers each get the padded group volume. */
static double knomial_round(const ss_ab_t *ab, int pc, int rem, int g, int r,
                            size_t n, const size_t *sizes)
{
    size_t v = 0;
    for (int base = 0; base < pc; base += g) {
        size_t w = 0;
        for (int i = base; i < base + g; i++)
            w += size_of(sizes, n, i);
        v = w > v ? w : v;
    }
    for (int e = pc; e < pc + rem; e++)
        v += slice_up(size_of(sizes, n, e), g, pc);
    return ab->alpha + (r - 1) * ((double)v + F) * ab->beta;
}

/* Core pc = m k^j <= p (m < k): j rounds of radix k and one of radix m,
 * each carrying slices of the rem extra blocks; the extras scatter
 * before (their largest block plus pc increments through their link) and
 * get the whole result after. */
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
    int pc = g, rem = p - g;
    size_t big = 0, total = 0;
    for (int r = 0; r < p; r++) {
        size_t b = size_of(sizes, n, r);
        total += b;
        big = r >= pc && b > big ? b : big;
    }
    double t = rem ? ab->alpha + ((double)big + F * pc) * ab->beta +
                     msg(ab, (double)total)
                   : 0;
    for (int j = 0; j < nr; j++)
        t += knomial_round(ab, pc, rem, group[j], radix[j], n, sizes);
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
