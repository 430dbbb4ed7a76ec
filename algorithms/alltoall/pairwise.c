/* alltoall/pairwise.c - shifted pairwise exchange: in step s = 1..p-1
 * member r sends its block for r+s to r+s and waits for the one from
 * r-s, so every step is a permutation and each member talks to exactly
 * one other (the exchange engine, common.c, with a window of one).
 *
 * T = (p-1)(alpha + (n+8) beta)
 *
 * The least link sharing any alltoall can have: one block in flight per
 * member each way, the bandwidth term (p-1)n at full link speed; the
 * price is p-1 latencies, so this is the large-block choice.
 *
 * psync: [0] arrival counter. work: none.
 */
#include "common.h"

size_t shcoll_alltoall_pairwise_psync_words(int npes, int radix)
{
    (void)npes, (void)radix;
    return 1;
}

size_t shcoll_alltoall_pairwise_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)npes, (void)nbytes, (void)radix;
    return 0;
}

int shcoll_alltoall_pairwise_run(const shcoll_args_t *a)
{
    return shcoll_alltoall_exchange(a, 1);
}

int shcoll_alltoall_pairwise_nsteps(int npes)
{
    return shcoll_alltoall_nsteps(npes);
}
