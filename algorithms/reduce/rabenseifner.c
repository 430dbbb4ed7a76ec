/* reduce/rabenseifner.c - Rabenseifner's allreduce: a reduce-scatter by
 * recursive halving, then an allgather by recursive doubling.
 *
 * The array is cut into q = 2^floor(log2 p) blocks of whole elements (the
 * first m mod q blocks get one element more). Halving step s pairs members
 * q/2^(s+1) apart: each sends the half of its current range the partner
 * keeps and combines the half it keeps, until each owns one reduced block.
 * The allgather runs the steps backwards, doubling the owned range.
 * With L = log2 q, for p a power of two and n a multiple of p elements:
 *   T = L alpha + (p-1)/p n*beta + (p-1)/p n*gamma      reduce-scatter
 *     + L alpha + (p-1)/p n*beta                        allgather
 *   (each of the 2L messages also carries an 8-byte flag).
 * Uneven blocks: models/predict_reduce.c follows each member's path.
 * Otherwise the r = p - q extra members first fold their arrays into a
 * neighbour and get the result back at the end:
 *   + (alpha + n*beta + n*gamma) + (alpha + n*beta)   (approximately).
 *
 * Why: twice the latencies of recursive doubling (2 log p), but each
 * member sends and combines under n bytes in total instead of n log p,
 * like the ring, whose 2(p-1) latencies it avoids: the usual choice for
 * medium and large arrays.
 *
 * Buffers. dest is the accumulator (source == dest is fine). Halving data
 * lands in work: one n-byte slot per step, at the range's own offset; the
 * ranges of consecutive steps nest, and a partner of a later step does not
 * wait for this member's earlier steps, so the slots cannot be shared.
 * Allgather data lands straight in the partner's dest: the range it
 * covers is one this member sent away while halving (a put copies at
 * issue) and never touches again. Every exit depends on every entry.
 *
 * psync: [s] halving step s, [L+s] doubling step s, [2L] extra's array at
 *        its proxy, [2L+1] result at the extra: 2L + 2 words.
 * work:  L + 1 slots of n bytes (slot L: the extra's array).
 */
#include "../internal.h"

typedef struct plan {
    int nlev;         /* L */
    int q;            /* blocks: 2^L */
    int extras;       /* p - q */
    int rank;         /* in 0..q-1 */
    size_t esize;
    size_t nelems;
} plan_t;

static int floor_log2(int npes)
{
    int l = 0;
    while (l < 30 && (2L << l) <= npes)
        l++;
    return l;
}

size_t shcoll_reduce_rabenseifner_psync_words(int npes, int radix)
{
    (void)radix;
    return 2 * (size_t)floor_log2(npes) + 2;
}

size_t shcoll_reduce_rabenseifner_work_bytes(int npes, size_t nbytes,
                                             int radix)
{
    (void)radix;
    return ((size_t)floor_log2(npes) + 1) * nbytes;
}

static void *slot(const shcoll_args_t *a, int i)
{
    return a->work ? shcoll_at(a->work, (size_t)i * a->nbytes) : NULL;
}

/* Byte offset of block b (0..q). */
static size_t block_off(const plan_t *pl, int b)
{
    size_t q = (size_t)pl->q, per = pl->nelems / q, extra = pl->nelems % q;
    size_t e = (size_t)b * per + ((size_t)b < extra ? (size_t)b : extra);
    return e * pl->esize;
}

static int member_of(int v, int extras)
{
    return v < extras ? 2 * v + 1 : v + extras;
}

/* Put blocks [lo, lo+cnt) of dest into `to` (same offsets) on hypercube
 * rank v, raising flag there. An empty range (arrays of fewer elements
 * than blocks) is the flag alone: no fence, which on a network that
 * delivers out of order would wait for the last step's flag to be
 * acknowledged. */
static void send_range(const shcoll_args_t *a, const plan_t *pl, void *to,
                       int lo, int cnt, long *flag, int v)
{
    size_t b0 = block_off(pl, lo), b1 = block_off(pl, lo + cnt);
    int pe = shcoll_pe(&a->set, member_of(v, pl->extras));
    if (b1 == b0)
        shcoll_raise_flag(flag, 0, pe);
    else
        shcoll_put_flag(a, to ? shcoll_at(to, b0) : NULL, shcoll_at(a->dest, b0),
                        b1 - b0, flag, 0, pe);
}

/* Halving: returns with dest's block `rank` fully reduced. */
static void reduce_scatter(const shcoll_args_t *a, const plan_t *pl)
{
    shcoll_combine_fn combine = shcoll_combiner(a);
    int lo = 0;
    for (int s = 0; s < pl->nlev; s++) {
        int d = pl->q >> (s + 1), peer = pl->rank ^ d;
        int keep = (pl->rank & d) ? lo + d : lo;
        int give = (pl->rank & d) ? lo : lo + d;
        send_range(a, pl, slot(a, s), give, d, &a->psync[s], peer);
        shcoll_wait_flag(&a->psync[s]);
        size_t b0 = block_off(pl, keep), b1 = block_off(pl, keep + d);
        void *in = slot(a, s);
        combine(a, shcoll_at(a->dest, b0), in ? shcoll_at(in, b0) : NULL,
                (b1 - b0) / pl->esize);
        lo = keep;
    }
}

/* Doubling: each step hands the owned range to the partner's dest. */
static void allgather(const shcoll_args_t *a, const plan_t *pl)
{
    int lo = pl->rank;
    for (int s = pl->nlev - 1; s >= 0; s--) {
        int d = pl->q >> (s + 1);
        long *flag = &a->psync[pl->nlev + s];
        send_range(a, pl, a->dest, lo, d, flag, pl->rank ^ d);
        shcoll_wait_flag(flag);
        lo &= ~d;
    }
}

int shcoll_reduce_rabenseifner_run(const shcoll_args_t *a)
{
    const shcoll_set_t *s = &a->set;
    size_t esize;
    int me = shcoll_reduce_member(a, &esize);
    if (me < 0)
        return -1;
    plan_t pl = {floor_log2(s->size), 0, 0, 0, esize, a->nbytes / esize};
    pl.q = 1 << pl.nlev;
    pl.extras = s->size - pl.q;
    int folding = me < 2 * pl.extras;
    long *folded = &a->psync[2 * pl.nlev], *result = folded + 1;

    if (folding && me % 2 == 0) {
        shcoll_put_flag(a, slot(a, pl.nlev), a->source, a->nbytes, folded, 0,
                        shcoll_pe(s, me + 1));
        shcoll_wait_flag(result);
        return 0;
    }
    shcoll_copy(a->dest, a->source, a->nbytes);
    if (folding) {
        shcoll_wait_flag(folded);
        shcoll_combiner(a)(a, a->dest, slot(a, pl.nlev), pl.nelems);
    }
    pl.rank = folding ? me / 2 : me - pl.extras;
    reduce_scatter(a, &pl);
    allgather(a, &pl);
    if (folding)
        shcoll_put_flag(a, a->dest, a->dest, a->nbytes, result, 0,
                        shcoll_pe(s, me - 1));
    return 0;
}
