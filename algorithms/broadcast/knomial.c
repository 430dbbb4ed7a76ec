/* broadcast/knomial.c - k-nomial tree (radix k = a->radix, default 4).
 * In each round every holder of the payload passes it to k-1 members at
 * once, one per sub-span of its span, so holders multiply by k a round.
 *
 * T = max( sum over the rounds on the slowest path of
 *              (alpha + c (n+F) beta),   2 alpha + (2p-3) F beta ),
 *     c = children served in that round (k-1 when present, fewer at the
 *     edge); for p = k^L exactly L (alpha + (k-1)(n+F) beta). F = 8.
 * The c puts of a round share the sender's link and finish together; the
 * sender waits for them (shmem_quiet) before the next round. The second
 * term is the arrival handshake of common.c, run beside the data.
 *
 * Why radix: ceil(log_k p) rounds trade latency (fewer rounds) against
 * bandwidth ((k-1) copies per round through one link). k = 4 halves the
 * rounds of the binomial tree at 1.5x its bytes per round: the better
 * choice while alpha dominates, i.e. up to a few KiB on most networks.
 *
 * psync: [0..1] handshake (common.c), [2] payload flag. work: none.
 */
#include "common.h"

SHCOLL_DECLARE_ALG(broadcast_knomial);

enum { DATA = 2, NWORDS };
/* Handshake leaf: rel 1 gets the payload in the root's last round. */
enum { Z = 1 };
enum { DEFAULT_RADIX = 4 };

size_t shcoll_broadcast_knomial_psync_words(int npes, int radix)
{
    (void)npes, (void)radix;
    return NWORDS;
}

size_t shcoll_broadcast_knomial_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)npes, (void)nbytes, (void)radix;
    return 0;
}

int shcoll_broadcast_knomial_run(const shcoll_args_t *a)
{
    int k = a->radix ? a->radix : DEFAULT_RADIX;
    int rel = shcoll_bcast_rel(a);
    if (rel < 0 || k < 2)
        return -1;
    shcoll_bcast_enter(a, rel, Z);
    shcoll_bcast_knomial(a, rel, &a->psync[DATA], k);
    shcoll_bcast_leave(a, rel, Z);
    return 0;
}
