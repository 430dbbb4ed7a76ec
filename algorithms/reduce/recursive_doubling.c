/* reduce/recursive_doubling.c - recursive doubling: in step s every member
 * swaps its whole partial with the member 2^s away and combines.
 *
 * With q = 2^floor(log2 p), L = log2 q, for p a power of two:
 *   T = L(alpha + n*beta + n*gamma)
 *   (every message also carries an 8-byte flag: n -> n + 8).
 * Otherwise the r = p - q extra members first fold their arrays into a
 * neighbour and get the result back at the end:
 *   + (alpha + n*beta + n*gamma) + (alpha + n*beta)
 * (approximately: early step-0 puts then share a proxy's link).
 *
 * Why: log2 p latencies, the fewest of any allreduce here, and no root:
 * every member ends with the result without a broadcast phase. Each step
 * moves the whole array, so the bandwidth term is n log p: best for small
 * arrays. Folding the extras in (rather than padding the hypercube) keeps
 * the power-of-two exchange exact and costs two steps.
 *
 * Pairing for p = q + r: among the first 2r members, even ones are the
 * extras and hand their array to the odd one above (rank i/2 in the
 * hypercube); members from 2r on take rank i - r.
 *
 * dest is the accumulator (source == dest is fine). A put copies dest at
 * issue, so combining into dest right after sending it is safe; partners
 * write only into work. An extra's dest is written once, by its proxy,
 * after the extra's array arrived. Every exit depends on every entry.
 *
 * psync: [s] (s < L) step s partner's array, [L] extra's array at its
 *        proxy, [L+1] result at the extra: L + 2 words.
 * work:  L + 1 slots of n bytes (slot L: the extra's array).
 */
#include "../internal.h"

static int floor_log2(int npes)
{
    int l = 0;
    while (l < 30 && (2L << l) <= npes)
        l++;
    return l;
}

size_t shcoll_reduce_recursive_doubling_psync_words(int npes, int radix)
{
    (void)radix;
    return (size_t)floor_log2(npes) + 2;
}

size_t shcoll_reduce_recursive_doubling_work_bytes(int npes, size_t nbytes,
                                                   int radix)
{
    (void)radix;
    return ((size_t)floor_log2(npes) + 1) * nbytes;
}

static void *slot(const shcoll_args_t *a, int i)
{
    return a->work ? shcoll_at(a->work, (size_t)i * a->nbytes) : NULL;
}

/* Member index of hypercube rank v. */
static int member_of(int v, int extras)
{
    return v < extras ? 2 * v + 1 : v + extras;
}

static void exchange(const shcoll_args_t *a, int rank, int nlev, int extras,
                     size_t nelems)
{
    shcoll_combine_fn combine = shcoll_combiner(a);
    for (int s = 0; s < nlev; s++) {
        int peer = member_of(rank ^ (1 << s), extras);
        shcoll_put_flag(a, slot(a, s), a->dest, a->nbytes, &a->psync[s], 0,
                        shcoll_pe(&a->set, peer));
        shcoll_wait_flag(&a->psync[s]);
        combine(a, a->dest, slot(a, s), nelems);
    }
}

int shcoll_reduce_recursive_doubling_run(const shcoll_args_t *a)
{
    const shcoll_set_t *s = &a->set;
    size_t esize;
    int me = shcoll_reduce_member(a, &esize);
    if (me < 0)
        return -1;
    int nlev = floor_log2(s->size);
    int extras = s->size - (1 << nlev);
    size_t nelems = a->nbytes / esize;
    long *folded = &a->psync[nlev], *result = &a->psync[nlev + 1];

    if (me < 2 * extras && me % 2 == 0) {
        shcoll_put_flag(a, slot(a, nlev), a->source, a->nbytes, folded, 0,
                        shcoll_pe(s, me + 1));
        shcoll_wait_flag(result);
        return 0;
    }
    shcoll_copy(a->dest, a->source, a->nbytes);
    if (me < 2 * extras) {
        shcoll_wait_flag(folded);
        shcoll_combiner(a)(a, a->dest, slot(a, nlev), nelems);
    }
    exchange(a, me < 2 * extras ? me / 2 : me - extras, nlev, extras, nelems);
    if (me < 2 * extras)
        shcoll_put_flag(a, a->dest, a->dest, a->nbytes, result, 0,
                        shcoll_pe(s, me - 1));
    return 0;
}
