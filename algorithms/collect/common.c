/* collect/common.c - what the collect algorithms share. Not an algorithm
 * itself: it has no registry row.
 *
 * Blocks differ per member (some are 0 bytes), so a member cannot know
 * where the blocks it forwards go until it knows sizes. The ring
 * (collect/ring.c) gathers every size first: p sizes per member, which a
 * ring, p-1 steps long anyway, can afford.
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
 */
#include "common.h"

size_t shcoll_collect_scratch(int npes)
{
    size_t s = (size_t)1 << 16;
    while (s > 4096 && s * (size_t)npes > ((size_t)1 << 29))
        s /= 2;
    return s;
}
