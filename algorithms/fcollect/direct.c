/* fcollect/direct.c - every member puts its block straight to every
 * other member, then raises a shared arrival counter on each.
 *
 * T = alpha + (p-1)(n+8)beta
 *
 * One latency, the fewest possible: all p-1 puts leave at once and share
 * the sender's link (and, symmetrically, the receiver's), so the link
 * carries (p-1)(n+8) bytes back to back. The cost is p(p-1) messages in
 * flight, which real networks handle worse than the model (incast, many
 * connections); it wins for small n.
 *
 * Puts go to me+1, me+2, ... so that on a real network no member is hit
 * by everybody first. A single fence after them orders each counter
 * increment behind the block sent to the same member. In signal mode
 * (internal.h) each block carries its increment: p-1 messages, not
 * 2(p-1), and no fence; one block per member, so nothing to order.
 *
 * psync: [0] arrival counter (p-1 increments). work: none.
 */
#include "../internal.h"

size_t shcoll_fcollect_direct_psync_words(int npes, int radix)
{
    (void)npes, (void)radix;
    return 1;
}

size_t shcoll_fcollect_direct_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)npes, (void)nbytes, (void)radix;
    return 0;
}

int shcoll_fcollect_direct_run(const shcoll_args_t *a)
{
    const shcoll_set_t *s = &a->set;
    int me = shcoll_my_index(s);
    if (me < 0)
        return -1;
    void *mine = shcoll_at(a->dest, (size_t)me * a->nbytes);

    shcoll_copy(mine, a->source, a->nbytes);
    if (shcoll_signal(a) && a->nbytes > 0) {   /* one message per member */
        for (int i = 1; i < s->size; i++)
            shcoll_put_count(a, mine, mine, a->nbytes, &a->psync[0],
                             shcoll_pe(s, (me + i) % s->size));
        shcoll_wait_count(&a->psync[0], s->size - 1);
        return 0;
    }
    for (int i = 1; i < s->size && a->nbytes > 0; i++)
        shmem_putmem(mine, mine, a->nbytes, shcoll_pe(s, (me + i) % s->size));
    shmem_fence();
    for (int i = 1; i < s->size; i++)
        shmem_long_atomic_inc(&a->psync[0], shcoll_pe(s, (me + i) % s->size));
    shcoll_wait_count(&a->psync[0], s->size - 1);
    return 0;
}
