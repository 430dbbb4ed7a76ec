/* collect/common.c - what the collect algorithms share. Not an algorithm
 * itself: it has no registry row.
 *
 * The ring (collect/ring.c) runs two phases. Blocks differ per member
 * (some are 0 bytes), so a member cannot know where the blocks it
 * forwards go until it knows every size: phase 1 is an fcollect of the
 * 8-byte sizes around the ring, every member turns them into offsets (a
 * local exclusive scan) and phase 2 runs the ring over the uneven
 * blocks. T = T_ring(8-byte blocks) + T_ring(the blocks). That is p
 * sizes per member, which the ring, p-1 steps long anyway, can afford.
 * Each phase has its own psync words, as a fast neighbour may start
 * phase 2 while we still wait in phase 1.
 *
 * The log-step ones (bruck, recursive_doubling) must not hold p sizes:
 * at 100,000 members that is 1.6 MB of work per member. They scan the
 * sizes in O(log p) rounds for the few numbers each member needs (the
 * engines' views, fcollect/engines.h) and pad their rounds into a
 * scratch at the start of work: 64 KiB, halved from 8,192 members on
 * while all members' scratch together exceeds 512 MiB, down to 4 KiB;
 * a smaller scratch only means more, smaller padding puts. work must not
 * depend on the block sizes: they differ between members, while work is
 * symmetric (the simulator passes 0 as the size).
 *
 * work (ring): [p longs: sizes][p+1 size_t: offsets]. Back-to-back calls
 * alternate two work arrays, so what a member reads is never overwritten
 * by the next call.
 */
#include "common.h"

size_t shcoll_collect_work(int npes)
{
    return (size_t)npes * sizeof(long) + ((size_t)npes + 1) * sizeof(size_t);
}

size_t shcoll_collect_scratch(int npes)
{
    size_t s = (size_t)1 << 16;
    while (s > 4096 && s * (size_t)npes > ((size_t)1 << 29))
        s /= 2;
    return s;
}

int shcoll_collect_two_phase(const shcoll_args_t *a, shcoll_blocks_fn engine,
                             size_t engine_words)
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
    engine(&ph, me, NULL);

    off[0] = 0;
    for (int r = 0; r < p; r++)
        off[r + 1] = off[r] + (size_t)sizes[r];
    ph = *a;
    ph.psync = a->psync + engine_words;
    engine(&ph, me, off);
    return 0;
}
