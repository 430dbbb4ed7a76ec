/* collect/ring.c - the sizes, then the blocks, around the ring of
 * fcollect/ring.c (two phases, see collect/common.c).
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
 * psync: [0] phase-1 counter, [1] phase-2 counter. work: sizes and
 * offsets (no padding).
 */
#include "common.h"

SHCOLL_DECLARE_ALG(collect_ring);

size_t shcoll_collect_ring_psync_words(int npes, int radix)
{
    return 2 * shcoll_fcollect_ring_psync_words(npes, radix);
}

size_t shcoll_collect_ring_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)nbytes, (void)radix;
    return shcoll_collect_work(npes);
}

int shcoll_collect_ring_run(const shcoll_args_t *a)
{
    return shcoll_collect_two_phase(a, shcoll_fcollect_ring_blocks,
                                    shcoll_fcollect_ring_psync_words(
                                        a->set.size, a->radix));
}
