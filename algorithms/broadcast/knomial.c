/* broadcast/knomial.c - k-nomial tree (radix k = a->radix, default 4),
 * run as the rounds of common.c: in round r every holder of the payload
 * passes it to the members (i+1) k^r ahead of it, i < k-1, so holders
 * multiply by k a round; members without it (or whose target is past the
 * end) send a bare increment there instead, which makes the rounds a
 * dissemination barrier (every exit depends on every entry).
 *
 * T = sum over r < L of alpha + c_r (n+F) beta,   L = ceil(log_k p),
 *     c_r = min(k-1, ceil(p / k^r) - 1) the root's children in round r,
 *     F = 8; for p = k^L exactly L (alpha + (k-1)(n+F) beta).
 *     (n = 0: the same with n = 0, the barrier alone.)
 * The c_r puts of a round share the sender's link and finish together;
 * the sender waits for them (shmem_quiet) before the next round. The
 * root is the busiest sender of every round, so its rounds are the
 * critical path. Every member receives sum c_r <= (k-1) L messages.
 *
 * Why radix: ceil(log_k p) rounds trade latency (fewer rounds) against
 * bandwidth ((k-1) copies per round through one link). k = 4 halves the
 * rounds of the binomial tree at 1.5x its bytes per round: the better
 * choice while alpha dominates, i.e. up to a few KiB on most networks.
 *
 * psync: one counter per round (L words). work: none.
 */
#include "common.h"

static int radix_of(int radix)
{
    return radix ? radix : SHCOLL_BROADCAST_KNOMIAL_RADIX;
}

size_t shcoll_broadcast_knomial_psync_words(int npes, int radix)
{
    int k = radix_of(radix);
    return k < 2 ? 0 : shcoll_bcast_rounds_words(npes, k, SHCOLL_BCAST_KNOMIAL);
}

size_t shcoll_broadcast_knomial_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)npes, (void)nbytes, (void)radix;
    return 0;
}

int shcoll_broadcast_knomial_run(const shcoll_args_t *a)
{
    int k = radix_of(a->radix);
    int rel = shcoll_bcast_rel(a);
    if (rel < 0 || k < 2)
        return -1;
    shcoll_bcast_rounds(a, rel, k, SHCOLL_BCAST_KNOMIAL);
    return 0;
}
