/* reduce/ring.c - ring allreduce: a ring reduce-scatter, then a ring
 * allgather, each of p-1 steps to the right-hand neighbour.
 *
 * The array is cut into p blocks of whole elements (the first m mod p get
 * one element more; b = the largest block, in bytes). In reduce-scatter
 * step s member i sends block i-s-1 (mod p) and combines block i-s-2 from
 * its left; after p-1 steps it owns block i reduced. The allgather then
 * passes the reduced blocks on around the ring.
 *   T = (p-1)(alpha + b*beta + b*gamma)    reduce-scatter
 *     + (p-1)(alpha + b*beta)              allgather
 *   (every message also carries an 8-byte counter increment: b -> b + 8).
 * b = n/p when p divides the element count: the bandwidth and combine
 * terms approach n*beta + ... and n*gamma, the minimum, whatever p is; the
 * price is 2(p-1) latencies, so the ring is for large arrays.
 *
 * Why a counter per phase rather than a flag per step: a member may run
 * several steps ahead of its right-hand neighbour (nothing it sends
 * depends on that neighbour), so arrivals are counted; fences keep each
 * increment behind its block, so "count >= s+1" means step s's block is
 * there. Reduce-scatter blocks land in work at their own offset: every
 * step brings a different block, so one n-byte buffer never has two
 * writers. Allgather blocks land straight in dest: the block arriving was
 * sent on by this member, and finished with, during the reduce-scatter
 * (a put copies at issue). source == dest is fine: only dest is read
 * after the initial copy. Every exit depends on every entry.
 *
 * Signal mode (internal.h): a block carries its increment (one put with
 * signal), but that orders only the block itself, and "count >= s+1"
 * needs step s's block in, not a later one's that overtook it: a member
 * may have several steps in flight to its neighbour. So every put after
 * the call's first comes behind a fence (shcoll_signal_fence): it waits
 * for the step before to be acknowledged, where the default step's
 * fence waits for this step's block. One message a step fewer, the
 * round trip overlapping the wait for the left neighbour.
 *
 * psync: [0] reduce-scatter arrivals, [1] allgather arrivals (counters).
 * work:  n bytes.
 */
#include "../internal.h"

enum { SCATTERED, GATHERED, NWORDS };

size_t shcoll_reduce_ring_psync_words(int npes, int radix)
{
    (void)npes, (void)radix;
    return NWORDS;
}

size_t shcoll_reduce_ring_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)npes, (void)radix;
    return nbytes;
}

typedef struct blocks {
    int p;
    size_t esize, nelems;
} blocks_t;

/* Byte offset of block i, 0 <= i <= p (block p: the end of the array). */
static size_t start_of(const blocks_t *bl, size_t i)
{
    size_t p = (size_t)bl->p, per = bl->nelems / p, extra = bl->nelems % p;
    return (i * per + (i < extra ? i : extra)) * bl->esize;
}

static size_t wrap(const blocks_t *bl, long b)
{
    return (size_t)(((b % bl->p) + bl->p) % bl->p);
}

static size_t off(const blocks_t *bl, long b)
{
    return start_of(bl, wrap(bl, b));
}

static size_t len(const blocks_t *bl, long b)
{
    return start_of(bl, wrap(bl, b) + 1) - off(bl, b);
}

/* Wait for the count-th arrival on a counter (not restored here). */
static void wait_arrivals(long *counter, long count)
{
    shmem_long_wait_until(counter, SHMEM_CMP_GE, SHMEM_SYNC_VALUE + count);
}

static void pass_block(const shcoll_args_t *a, const blocks_t *bl, void *to,
                       long b, long *counter, int right, int first)
{
    size_t o = off(bl, b);
    if (!first)
        shcoll_signal_fence(a);   /* the blocks before it land first */
    shcoll_put_count(a, to ? shcoll_at(to, o) : NULL, shcoll_at(a->dest, o),
                     len(bl, b), counter, right);
}

static void reduce_scatter(const shcoll_args_t *a, const blocks_t *bl,
                           int me, int right)
{
    shcoll_combine_fn combine = shcoll_combiner(a);
    long *counter = &a->psync[SCATTERED];
    for (int s = 0; s < bl->p - 1; s++) {
        pass_block(a, bl, a->work, (long)me - s - 1, counter, right, s == 0);
        long b = (long)me - s - 2;
        wait_arrivals(counter, s + 1);
        if (len(bl, b) > 0)
            combine(a, shcoll_at(a->dest, off(bl, b)),
                    shcoll_at(a->work, off(bl, b)), len(bl, b) / bl->esize);
    }
    shcoll_wait_count(counter, bl->p - 1);
}

static void allgather(const shcoll_args_t *a, const blocks_t *bl, int me,
                      int right)
{
    long *counter = &a->psync[GATHERED];
    for (int s = 0; s < bl->p - 1; s++) {
        pass_block(a, bl, a->dest, (long)me - s, counter, right, 0);
        wait_arrivals(counter, s + 1);
    }
    shcoll_wait_count(counter, bl->p - 1);
}

int shcoll_reduce_ring_run(const shcoll_args_t *a)
{
    const shcoll_set_t *s = &a->set;
    size_t esize;
    int me = shcoll_reduce_member(a, &esize);
    if (me < 0)
        return -1;
    shcoll_copy(a->dest, a->source, a->nbytes);
    if (s->size == 1)
        return 0;
    blocks_t bl = {s->size, esize, a->nbytes / esize};
    int right = shcoll_pe(s, (me + 1) % s->size);
    reduce_scatter(a, &bl, me, right);
    allgather(a, &bl, me, right);
    return 0;
}
