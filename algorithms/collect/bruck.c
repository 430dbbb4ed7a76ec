/* collect/bruck.c - the sizes, then the blocks, by the Bruck rounds of
 * fcollect/bruck.c (two phases, see collect/common.c).
 *
 * With L = ceil(log2 p) and cnt_k = min(2^k, p - 2^k):
 * T = sum over k < L of alpha + (8 cnt_k + 8)beta      sizes
 *   + sum over k < L of alpha + (W_k + 8)beta          blocks
 * where W_k is the largest total of cnt_k cyclically consecutive blocks.
 *
 * L latencies for any p. Windows differ in size, so every member pads its
 * round-k put to W_k (the padding lands in the target's scratch); else
 * members with light windows would run ahead and put into links still
 * busy with heavy ones, and the rounds would no longer be independent.
 *
 * psync: one flag per round and phase. work: sizes, offsets and a
 * 64 KiB scratch for the padding (collect/common.c).
 */
#include "common.h"

SHCOLL_DECLARE_ALG(collect_bruck);

size_t shcoll_collect_bruck_psync_words(int npes, int radix)
{
    return 2 * shcoll_fcollect_bruck_psync_words(npes, radix);
}

size_t shcoll_collect_bruck_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)nbytes, (void)radix;
    return shcoll_collect_work(npes, 1);
}

int shcoll_collect_bruck_run(const shcoll_args_t *a)
{
    return shcoll_collect_two_phase(a, shcoll_fcollect_bruck_blocks,
                                    shcoll_fcollect_bruck_psync_words(
                                        a->set.size, a->radix));
}
