/* broadcast/binomial.c - binomial tree: the k-nomial tree of common.c
 * with k = 2. In round j every member that has the payload passes it to
 * the one 2^(L-j) ranks further on (relative to the root), so the number
 * of holders doubles each round.
 *
 * T = max( L (alpha + (n+F) beta),  2 alpha + (2p-3) F beta ),
 *     L = ceil(log2 p), F = 8 (the flag after each payload).
 * The first term is the data: each round is one put and its flag, and a
 * sender waits for it to complete (shmem_quiet) before the next round so
 * that the first child starts forwarding after one round instead of all
 * children sharing the link to the end. The second term is the arrival
 * handshake of common.c, which runs beside the data.
 *
 * Why binomial: the fewest rounds (L) for one message per sender per
 * round; latency-optimal among trees that send one copy at a time, but
 * every byte crosses L links in turn, so large n favours the pipelined
 * and scatter algorithms.
 *
 * psync: [0..1] handshake (common.c), [2] payload flag. work: none.
 */
#include "common.h"

SHCOLL_DECLARE_ALG(broadcast_binomial);

enum { DATA = 2, NWORDS };
/* Handshake leaf: rel 1 gets the payload in the root's last round. */
enum { Z = 1 };

size_t shcoll_broadcast_binomial_psync_words(int npes, int radix)
{
    (void)npes, (void)radix;
    return NWORDS;
}

size_t shcoll_broadcast_binomial_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)npes, (void)nbytes, (void)radix;
    return 0;
}

int shcoll_broadcast_binomial_run(const shcoll_args_t *a)
{
    int rel = shcoll_bcast_rel(a);
    if (rel < 0)
        return -1;
    shcoll_bcast_enter(a, rel, Z);
    shcoll_bcast_knomial(a, rel, &a->psync[DATA], 2);
    shcoll_bcast_leave(a, rel, Z);
    return 0;
}
