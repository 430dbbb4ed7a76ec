/* broadcast/pipelined_binary.c - pipelined binary tree: heap-numbered
 * (rel r feeds 2r+1 and 2r+2), the payload cut into segments (a->segment
 * bytes, default 8 KiB) that follow each other down the tree.
 *
 * T = max over root-leaf paths of
 *            max_m [ sum_{j<=m} a_j + (S-2) max_{j<=m} a_j
 *                    + sum_{j>=m} b_j ]                       (S >= 2)
 *     stage j = the j-th sender on the path, with c_j (1 or 2) children:
 *     a_j = alpha + c_j (s+F) beta (full segment), b_j = alpha +
 *     c_j (r+F) beta (the last, r = n - (S-1) s bytes), S = ceil(n/s),
 *     F = 8; for S = 1 the sum of the b_j. Roughly
 *     (depth + S - 1)(alpha + 2 (s+F) beta), depth = floor(log2 p).
 * This is the makespan of a row of stages: a member sends segment i to
 * both children at once (they share its link) when it has landed and
 * segment i-1 has completed (shmem_quiet). The barrier of common.c runs
 * beside it (R = max(1, ceil(log2 p) - 1) rounds of increments, no more
 * than the floor(log2 p) stages of the deepest path) and ends first;
 * with n = 0 it is all there is: R alpha + (R+2) F beta. Every member
 * receives 2S messages from its parent and R + 2 barrier increments.
 *
 * Why: a chain's latency grows with p, a tree's with log p; each link
 * carries the payload once, so the bandwidth term tends to 2 n beta (two
 * children per sender) against n beta for the chain: the choice for
 * large payloads when p is too large for the chain.
 *
 * psync: [0] segments landed and barrier rounds (common.c). work: none.
 */
#include "common.h"

size_t shcoll_broadcast_pipelined_binary_psync_words(int npes, int radix)
{
    (void)npes, (void)radix;
    return SHCOLL_BCAST_PIPE_WORDS;
}

size_t shcoll_broadcast_pipelined_binary_work_bytes(int npes, size_t nbytes,
                                                    int radix)
{
    (void)npes, (void)nbytes, (void)radix;
    return 0;
}

int shcoll_broadcast_pipelined_binary_run(const shcoll_args_t *a)
{
    size_t seg = a->segment ? a->segment : SHCOLL_BROADCAST_PIPELINED_BINARY_SEGMENT;
    int rel = shcoll_bcast_rel(a), p = a->set.size;
    if (rel < 0)
        return -1;
    long first = 2L * rel + 1;
    int nkids = first >= p ? 0 : p - first < 2 ? 1 : 2;
    shcoll_bcast_pipeline(a, rel, nkids ? (int)first : 0, nkids, seg);
    return 0;
}
