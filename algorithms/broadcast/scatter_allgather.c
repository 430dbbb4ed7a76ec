/* broadcast/scatter_allgather.c - van de Geijn: the root scatters the
 * payload in p blocks, then a ring allgather circulates them.
 *
 * T = T0 + (p-1)(alpha + (b+F) beta),   b = ceil(n/p), F = 8,
 *     T0 = alpha + sum over non-root blocks j with b_j > 0 of
 *          (b_j + F) beta     (0 when all of them are empty),
 * about p alpha + 2 (p-1)/p n beta. Scatter: the root puts every block
 * (and its flag) at once; they share its link and the last lands at T0.
 * The root then waits for them (shmem_quiet) before its first ring step,
 * so that in the ring every link carries one block per step: in step s
 * rel r sends block r-s to r+1 as soon as it has it, and the block that
 * ends at r has come round all p-1 hops from r+1.
 *
 * Why: every member receives n bytes and the root sends 2 (p-1)/p n,
 * about twice the bytes a pipeline needs but with no segment to tune and
 * p-1 full-bandwidth steps: the choice for large payloads. The scatter is
 * flat, not binomial: the root's puts share its link at no extra
 * latency, so the tree would only add rounds.
 *
 * Blocks: q = n / p bytes, the first n mod p of them one more (so n < p
 * leaves the last blocks empty); block j belongs to rel j. Empty blocks
 * are not scattered but still go round the ring as bare increments:
 * the ring is what makes each exit depend on every entry (the block that
 * ends at r was first sent by r+1 after entering, and forwarded by every
 * other member), so no arrival step is needed. The root's own block
 * comes back to it unchanged; receiving it keeps the root in step.
 *
 * Signal mode (internal.h): a block carries its flag or increment (one
 * put with signal). The ring's counter is read before all its increments
 * are in and a member may have several steps in flight to the next, so
 * each ring step after the first comes behind a fence
 * (shcoll_signal_fence) to keep "count >= s" meaning block s is there.
 *
 * psync: [0] scatter flag, [1] ring counter. work: none.
 */
#include "common.h"

enum { SCATTER, RING, NWORDS };

size_t shcoll_broadcast_scatter_allgather_psync_words(int npes, int radix)
{
    (void)npes, (void)radix;
    return NWORDS;
}

size_t shcoll_broadcast_scatter_allgather_work_bytes(int npes, size_t nbytes,
                                                     int radix)
{
    (void)npes, (void)nbytes, (void)radix;
    return 0;
}

static size_t block_off(size_t n, int p, int j)
{
    size_t q = n / (size_t)p, extra = n % (size_t)p;
    return (size_t)j * q + ((size_t)j < extra ? (size_t)j : extra);
}

static size_t block_len(size_t n, int p, int j)
{
    return n / (size_t)p + ((size_t)j < n % (size_t)p);
}

static void scatter(const shcoll_args_t *a, int rel)
{
    int p = a->set.size, sent = 0;
    size_t n = a->nbytes;

    if (rel != 0) {
        if (block_len(n, p, rel) > 0)
            shcoll_wait_flag(&a->psync[SCATTER]);
        return;
    }
    shcoll_copy(a->dest, a->source, n);
    for (int j = 1; j < p; j++) {
        size_t len = block_len(n, p, j);
        void *at = shcoll_at(a->dest, block_off(n, p, j));
        if (len == 0)
            continue;
        shcoll_put_flag(a, at, at, len, &a->psync[SCATTER], 0,
                        shcoll_bcast_pe(a, j));
        sent = 1;
    }
    if (sent)
        shmem_quiet();
}

static void ring(const shcoll_args_t *a, int rel)
{
    int p = a->set.size, next = shcoll_bcast_pe(a, (rel + 1) % p);
    long *got = &a->psync[RING];

    for (int s = 0; s < p - 1; s++) {
        int j = (rel - s + p) % p;
        void *at = shcoll_at(a->dest, block_off(a->nbytes, p, j));
        if (s > 0)
            shmem_long_wait_until(got, SHMEM_CMP_GE, SHMEM_SYNC_VALUE + s);
        if (s > 0)   /* signal mode: the blocks before it land first */
            shcoll_signal_fence(a);
        shcoll_put_count(a, at, at, block_len(a->nbytes, p, j), got, next);
    }
    shcoll_wait_count(got, p - 1);
}

int shcoll_broadcast_scatter_allgather_run(const shcoll_args_t *a)
{
    int rel = shcoll_bcast_rel(a);
    if (rel < 0)
        return -1;
    scatter(a, rel);
    ring(a, rel);
    return 0;
}
