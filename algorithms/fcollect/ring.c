/* fcollect/ring.c - every block travels p-1 hops around the ring
 * r -> r+1; in step s a member forwards the block it got in step s-1.
 *
 * T = (p-1)(alpha + (n+8)beta)
 *
 * Each member only ever sends to its right neighbour and hears from its
 * left one, so a link never carries two blocks at once and the bandwidth
 * term (p-1)n is the least any fcollect can have; the price is p-1
 * latencies, so this is the large-message choice.
 *
 * The step engine is shared with collect/ring.c (blocks of any size, off
 * given). Before each put the member quiets its previous one: with equal
 * blocks that costs nothing (it completes as the left block lands), with
 * unequal blocks it stops a small block from sharing a link with a large
 * one. Then every block runs its own chain of p-1 hops at full bandwidth
 * and the largest sets the time: (p-1)(alpha + (max block + 8)beta).
 *
 * psync: [0] counter of blocks received from the left. It only counts
 * up during the call (the left neighbour may run several steps ahead) and
 * is restored once all p-1 increments are in. work: none.
 *
 * Signal mode (internal.h): each block carries its increment (one put
 * with signal). The quiet before each put already keeps a member's
 * blocks to its neighbour in order, so no fence is needed.
 */
#include "../internal.h"

void shcoll_fcollect_ring_blocks(const shcoll_args_t *a, int me,
                                 const size_t *off);

size_t shcoll_fcollect_ring_psync_words(int npes, int radix)
{
    (void)npes, (void)radix;
    return 1;
}

size_t shcoll_fcollect_ring_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)npes, (void)nbytes, (void)radix;
    return 0;
}

int shcoll_fcollect_ring_nsteps(int npes)
{
    return npes - 1;
}

/* Byte offset of block r in dest: off[r], or r*n when blocks are equal. */
static size_t at(const shcoll_args_t *a, const size_t *off, int r)
{
    return off ? off[r] : (size_t)r * a->nbytes;
}

/* Ring over blocks laid out by off (p+1 offsets; NULL: a->nbytes each).
 * The caller has checked me >= 0. */
void shcoll_fcollect_ring_blocks(const shcoll_args_t *a, int me,
                                 const size_t *off)
{
    int p = a->set.size, lo, hi;
    int right = shcoll_pe(&a->set, (me + 1) % p);
    long *got = &a->psync[0];

    shcoll_step_range(a, p - 1, &lo, &hi);   /* step i is s = i + 1 */
    shcoll_copy(shcoll_at(a->dest, at(a, off, me)), a->source, a->nbytes);
    for (int s = lo + 1; s <= hi; s++) {
        int b = (me - s + 1 + p) % p;    /* step 1 sends our own block */
        void *blk = shcoll_at(a->dest, at(a, off, b));
        if (s > lo + 1)
            shmem_long_wait_until(got, SHMEM_CMP_GE, SHMEM_SYNC_VALUE + s - 1 - lo);
        shmem_quiet();
        shcoll_put_count(a, blk, blk, at(a, off, b + 1) - at(a, off, b), got,
                         right);
    }
    shcoll_wait_count(got, hi - lo);
}

int shcoll_fcollect_ring_run(const shcoll_args_t *a)
{
    int me = shcoll_my_index(&a->set);
    if (me < 0)
        return -1;
    shcoll_fcollect_ring_blocks(a, me, NULL);
    return 0;
}
