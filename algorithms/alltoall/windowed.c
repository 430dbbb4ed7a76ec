/* alltoall/windowed.c - the shifted exchange with k blocks in flight per
 * member (k = radix, default 8): a member puts its blocks for r+1 .. r+k
 * at once, then waits until k blocks have reached it before the next k
 * (the exchange engine, common.c, with a window of k).
 *
 * T = ceil((p-1)/k) alpha + (p-1)(n+8) beta
 *
 * k-fold fewer latencies than pairwise for the same bandwidth term on a
 * contention-free network, so it wins for small and middle-sized blocks;
 * each member receives k blocks at once, a bounded incast (never the
 * p-1 of sending everything at once), which real networks handle worse
 * than the model as k grows.
 *
 * psync: [0] arrival counter. work: none.
 */
#include "common.h"

size_t shcoll_alltoall_windowed_psync_words(int npes, int radix)
{
    (void)npes, (void)radix;
    return 1;
}

size_t shcoll_alltoall_windowed_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)npes, (void)nbytes, (void)radix;
    return 0;
}

int shcoll_alltoall_windowed_run(const shcoll_args_t *a)
{
    return shcoll_alltoall_exchange(a, a->radix >= 2 ? a->radix
                                                     : SHCOLL_ALLTOALL_WINDOWED_RADIX);
}

int shcoll_alltoall_windowed_nsteps(int npes)
{
    return shcoll_alltoall_nsteps(npes);
}
