/* fcollect/neighbor_exchange.c - neighbour exchange (Chen et al.): in
 * step 0 members 2i and 2i+1 swap blocks; in each of the p/2-1 further
 * steps a member swaps with its other neighbour (alternating left and
 * right) the pair of blocks it received in the step before.
 *
 * Even p:  T = (p/2) alpha + ((p-1)n + 8 p/2) beta
 *
 * Half the latencies of the ring for the same optimal bandwidth term:
 * after step 0 every message carries two blocks. Pairs {2g, 2g+1} are
 * contiguous in dest, so each step is one put. Every member moves the
 * same volume in every step, so the steps stay in lockstep.
 *
 * Odd p: the pairing does not close; we fall back to the ring
 * (fcollect/ring.c), T = (p-1)(alpha + (n+8)beta).
 *
 * psync: [0] counter of messages from the left neighbour, [1] from the
 * right one. A neighbour may run up to two steps ahead (its next message
 * to us does not wait for us), so these count rather than flag; they are
 * restored once all of this call's messages are in. With p = 2 both
 * neighbours are the same member, which only ever sends from one side.
 *
 * Signal mode (internal.h): a step's pair carries its increment, one put
 * with signal. The fence of the default step also kept a neighbour's
 * message m+1 to us behind its message m; put with signal orders only
 * its own data, so m+1 could land first and "count >= m" would pass
 * with pair m still in flight, then forwarded the step after. Instead of
 * a fence (which waits for the acknowledgement of the step before, to
 * the other neighbour), messages from one side alternate between two
 * counters, [2], [3] beside [0], [1]: m + 2 is not sent before we have
 * seen m (the neighbour first waits for our reply to m + 1, sent after
 * we saw m), so each counter has at most one message in flight.
 * work: none.
 */
#include "../internal.h"

void shcoll_fcollect_ring_blocks(const shcoll_args_t *a, int me,
                                 const size_t *off);

enum { FROM_LEFT, FROM_RIGHT, NWORDS = 4 };

/* Counter of the m-th message (from 1) from one side: the side's own
 * word by default; in signal mode, every other message on the word two
 * further, with how many of the word's messages it takes to reach m. */
static long *counter(const shcoll_args_t *a, int side, long m, long *need)
{
    if (!shcoll_signal(a)) {
        *need = m;
        return &a->psync[side];
    }
    *need = (m + 1) / 2;
    return &a->psync[side + 2 * ((m - 1) % 2)];
}

size_t shcoll_fcollect_neighbor_exchange_psync_words(int npes, int radix)
{
    (void)npes, (void)radix;
    return NWORDS;
}

size_t shcoll_fcollect_neighbor_exchange_work_bytes(int npes, size_t nbytes,
                                                    int radix)
{
    (void)npes, (void)nbytes, (void)radix;
    return 0;
}

/* Odd p runs the ring. */
int shcoll_fcollect_neighbor_exchange_nsteps(int npes)
{
    return npes % 2 ? npes - 1 : npes / 2;
}

/* The pair of blocks (index g: blocks 2g, 2g+1) we receive in step s >= 1;
 * even members see pairs from the left at odd steps, odd members from the
 * right. */
static int pair_in(int me, int s, int half)
{
    int g = me / 2, d = s % 2 ? (s + 1) / 2 : -(s / 2);
    return ((me % 2 ? g + d : g - d) % half + half) % half;
}

/* Step s talks to the right neighbour when s and me have equal parity. */
static int to_right(int me, int s)
{
    return s % 2 == me % 2;
}

static void step(const shcoll_args_t *a, int me, int s, int first,
                 int nblocks, long *seen)
{
    int p = a->set.size, right = to_right(me, s);
    void *src = shcoll_at(a->dest, (size_t)first * a->nbytes);
    int peer = (me + (right ? 1 : p - 1)) % p;

    long need, *at = counter(a, right ? FROM_LEFT : FROM_RIGHT,
                             seen[right] + 1, &need);

    shcoll_put_count(a, src, src, (size_t)nblocks * a->nbytes, at,
                     shcoll_pe(&a->set, peer));
    seen[right]++;
    at = counter(a, right ? FROM_RIGHT : FROM_LEFT, seen[right], &need);
    shmem_long_wait_until(at, SHMEM_CMP_GE, SHMEM_SYNC_VALUE + need);
}

int shcoll_fcollect_neighbor_exchange_run(const shcoll_args_t *a)
{
    int me = shcoll_my_index(&a->set), p = a->set.size;
    if (me < 0)
        return -1;
    if (p % 2) {
        shcoll_fcollect_ring_blocks(a, me, NULL);
        return 0;
    }
    long seen[2] = {0, 0};   /* messages expected so far: from left, right */
    int lo, hi;
    shcoll_step_range(a, p / 2, &lo, &hi);
    shcoll_copy(shcoll_at(a->dest, (size_t)me * a->nbytes), a->source,
                a->nbytes);
    for (int s = lo; s < hi; s++) {
        if (s == 0)
            step(a, me, 0, me, 1, seen);
        else
            step(a, me, s, 2 * (s == 1 ? me / 2 : pair_in(me, s - 1, p / 2)),
                 2, seen);
    }
    for (int side = FROM_LEFT; side <= FROM_RIGHT; side++) {
        long n = seen[side ? 1 : 0], need;
        if (!shcoll_signal(a)) {
            shcoll_wait_count(&a->psync[side], n);
            continue;
        }
        for (long m = n - 1; m <= n; m++)   /* the last of each word */
            if (m >= 1) {
                long *at = counter(a, side, m, &need);
                shcoll_wait_count(at, need);
            }
    }
    return 0;
}
