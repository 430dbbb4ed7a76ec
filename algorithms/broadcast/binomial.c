/* broadcast/binomial.c - binomial tree: the k-nomial rounds of common.c
 * with k = 2. In round r every member that holds the payload passes it
 * to the one 2^r ranks further on (relative to the root), so the number
 * of holders doubles each round; every other member sends a bare
 * increment 2^r ahead instead, which makes the rounds a dissemination
 * barrier (every exit depends on every entry).
 *
 * T = L (alpha + (n+F) beta),   L = ceil(log2 p), F = 8
 *     (n = 0: L (alpha + F beta): the barrier alone).
 * Each round is one put and its increment per member; a sender waits for
 * its put to complete (shmem_quiet) before the next round, so the first
 * child starts forwarding after one round instead of all children
 * sharing the link to the end. Every member receives L messages (one of
 * them with the payload).
 *
 * Why binomial: the fewest rounds (L) for one message per sender per
 * round; latency-optimal among trees that send one copy at a time, but
 * every byte crosses L links in turn, so large n favours the pipelined
 * and scatter algorithms.
 *
 * psync: one counter per round (L words). work: none.
 */
#include "common.h"

size_t shcoll_broadcast_binomial_psync_words(int npes, int radix)
{
    (void)radix;
    return shcoll_bcast_rounds_words(npes, 2, SHCOLL_BCAST_KNOMIAL);
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
    shcoll_bcast_rounds(a, rel, 2, SHCOLL_BCAST_KNOMIAL);
    return 0;
}
