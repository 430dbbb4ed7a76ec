/* collect/common.c - the two phases every collect algorithm here runs,
 * over one of the fcollect engines (fcollect/ring.c, bruck.c,
 * knomial.c). Not an algorithm itself: it has no registry row.
 *
 * Blocks differ per member (some are 0 bytes), so a member cannot know
 * where its block goes, nor where the blocks it forwards go, until it
 * knows every size. Phase 1 is therefore an fcollect of the 8-byte sizes
 * with the same engine; every member then turns them into offsets (a
 * local exclusive scan) and phase 2 runs the engine over the uneven
 * blocks. T = T_engine(8-byte blocks) + T_engine(the blocks); the second
 * term is given in each engine's comment.
 *
 * Phase 2 cannot start before phase 1 ends anyway: forwarding any block
 * needs its offset. Each phase has its own psync words, as a fast
 * neighbour may start phase 2 while we still wait in phase 1.
 *
 * work: [p longs: sizes][p+1 size_t: offsets][scratch], the scratch being
 * where the padding of Bruck and k-nomial rounds lands, in puts of at
 * most 64 KiB (fcollect/bruck.c). It must not depend on the block sizes:
 * they differ between members, while work is symmetric (and the
 * simulator passes 0 as the size). Back-to-back calls
 * alternate two work arrays, so the sizes a member reads are never
 * overwritten by the next call.
 */
#include "common.h"

/* work bytes for p members, with the padding scratch if the engine pads. */
size_t shcoll_collect_work(int npes, int padded)
{
    return (size_t)npes * sizeof(long) + ((size_t)npes + 1) * sizeof(size_t) +
           (padded ? (size_t)1 << 16 : 0);
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
    ph.work = off + p + 1;
    engine(&ph, me, NULL);

    off[0] = 0;
    for (int r = 0; r < p; r++)
        off[r + 1] = off[r] + (size_t)sizes[r];
    ph = *a;
    ph.psync = a->psync + engine_words;
    ph.work = off + p + 1;
    engine(&ph, me, off);
    return 0;
}
