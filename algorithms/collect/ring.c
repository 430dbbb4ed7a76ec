/* collect/ring.c - the sizes, then the blocks, around the ring of
 * fcollect/ring.c.
 *
 * T = (p-1)(alpha + 16 beta)                 sizes (8-byte blocks)
 *   + (p-1)(alpha + (b_max + 8)beta)         blocks
 *
 * The ring suits uneven blocks: a member talks to one neighbour each way
 * and quiets its previous put before the next, so no two blocks ever
 * share a link; each block then runs its own chain of p-1 hops and only
 * the largest block b_max matters (not the total, as for the trees).
 * 0-byte blocks cost a flag per hop.
 *
 * Two phases: a member cannot know where the blocks it forwards go
 * until it knows every size, so phase 1 is an fcollect of the 8-byte
 * sizes around the ring, every member turns them into offsets (a local
 * exclusive scan) and phase 2 runs the ring over the uneven blocks.
 * Each phase has its own psync word, as a fast neighbour may start
 * phase 2 while we still wait in phase 1.
 *
 * psync: [0] phase-1 counter, [1] phase-2 counter. work: [p longs:
 * sizes][p+1 size_t: offsets] (no padding). Back-to-back calls alternate
 * two work arrays, so the sizes a member reads are never overwritten by
 * the next call.
 */
#include "common.h"

size_t shcoll_collect_ring_psync_words(int npes, int radix)
{
    return 2 * shcoll_fcollect_ring_psync_words(npes, radix);
}

size_t shcoll_collect_ring_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)nbytes, (void)radix;
    return (size_t)npes * sizeof(long) + ((size_t)npes + 1) * sizeof(size_t);
}

int shcoll_collect_ring_run(const shcoll_args_t *a)
{
    int me = shcoll_my_index(&a->set), p = a->set.size;
    if (me < 0)
        return -1;
    long *sizes = a->work, mine = (long)a->nbytes;
    size_t *off = (size_t *)(sizes + p);
    shcoll_args_t ph = *a;

    ph.dest = sizes;
    ph.source = &mine;
    ph.nbytes = sizeof mine;
    shcoll_fcollect_ring_blocks(&ph, me, NULL);

    off[0] = 0;
    for (int r = 0; r < p; r++)
        off[r + 1] = off[r] + (size_t)sizes[r];
    ph = *a;
    ph.psync = a->psync + shcoll_fcollect_ring_psync_words(p, a->radix);
    shcoll_fcollect_ring_blocks(&ph, me, off);
    return 0;
}
