/* broadcast/pipelined_chain.c - pipelined chain: rel r forwards to r+1,
 * segment by segment (a->segment bytes, default 8 KiB).
 *
 * T = (p+S-3)(alpha + (s+F) beta) + alpha + (r+F) beta        (S >= 2)
 *     S = ceil(n/s) segments, r = n - (S-1) s the last one, F = 8;
 *     for S = 1: (p-1)(alpha + (n+F) beta).
 * A member sends segment i once it has landed and once segment i-1 has
 * completed (shmem_quiet), so the chain is a row of p-1 equal stages and
 * the first segment reaches the end after p-1 of them, each further one
 * one stage later. The barrier of common.c runs beside it (R = max(1,
 * ceil(log2 p) - 1) <= p - 1 rounds of increments) and ends first; with
 * n = 0 it is all there is: R alpha + (R+2) F beta. Every member receives
 * 2S messages from its left and R + 2 barrier increments.
 *
 * Why: every link carries the payload once, so for n >> p s the time
 * tends to n beta, the best any broadcast can do; the price is p-2 extra
 * stages of latency. The segment trades the two: about
 * sqrt(n alpha / ((p-2) beta)) minimises T; 8 KiB suits alpha/beta of
 * a few KiB to tens of KiB and keeps S small for mid-size payloads.
 *
 * psync: [0] segments landed and barrier rounds (common.c). work: none.
 */
#include "common.h"

size_t shcoll_broadcast_pipelined_chain_psync_words(int npes, int radix)
{
    (void)npes, (void)radix;
    return SHCOLL_BCAST_PIPE_WORDS;
}

size_t shcoll_broadcast_pipelined_chain_work_bytes(int npes, size_t nbytes,
                                                   int radix)
{
    (void)npes, (void)nbytes, (void)radix;
    return 0;
}

int shcoll_broadcast_pipelined_chain_run(const shcoll_args_t *a)
{
    size_t seg = a->segment ? a->segment : SHCOLL_BROADCAST_PIPELINED_CHAIN_SEGMENT;
    int rel = shcoll_bcast_rel(a);
    if (rel < 0)
        return -1;
    shcoll_bcast_pipeline(a, rel, rel + 1, rel + 1 < a->set.size, seg);
    return 0;
}
