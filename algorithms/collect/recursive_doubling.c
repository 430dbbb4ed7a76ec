/* collect/recursive_doubling.c - the sizes, then the blocks, by the
 * radix-2 rounds of fcollect/knomial.c (two phases, see
 * collect/common.c).
 *
 * With p2 the largest power of two <= p, rem = p - p2 extras, N the
 * total, b_max the largest extra block and len = ceil(p2 / rem):
 * T = T_rd(8-byte blocks)                               sizes
 *   + alpha + (len ceil(b_max / len) + 8 len)beta  (rem > 0) extras' slices
 *   + sum over k < log2 p2 of alpha + (V_k + 8)beta     rounds
 *   + alpha + (N + 8)beta                   (rem > 0)  result to extras
 * V_k = the largest total an aligned group of 2^k core members holds:
 *       their blocks plus the extras' slices they hold (extra t is cut
 *       over core members floor(t p2 / rem) .. floor((t+1) p2 / rem) - 1,
 *       fcollect/knomial.c),
 * T_rd(8) the same with every block 8 bytes (fcollect/recursive_doubling.c).
 *
 * Groups hold uneven totals, so every member pads its round put to V_k;
 * else a light pair would finish early and put its next round into a
 * heavy member's link while that still receives, and the rounds would
 * no longer be independent. For the same reason every extra pads its
 * slices to ceil(b_max / len): the core starts round 0 together. Extras
 * are handled as in fcollect (slices, then the result) so that any p
 * works, with O(log p) messages into any member.
 *
 * psync: k-nomial words (radix 2) per phase. work: sizes, offsets and a
 * 64 KiB scratch for the padding (collect/common.c).
 */
#include "common.h"

SHCOLL_DECLARE_ALG(collect_recursive_doubling);

size_t shcoll_collect_recursive_doubling_psync_words(int npes, int radix)
{
    (void)radix;
    return 2 * shcoll_fcollect_knomial_psync_words(npes, 2);
}

size_t shcoll_collect_recursive_doubling_work_bytes(int npes, size_t nbytes,
                                                    int radix)
{
    (void)nbytes, (void)radix;
    return shcoll_collect_work(npes, 1);
}

static void radix2(const shcoll_args_t *a, int me, const size_t *off)
{
    shcoll_fcollect_knomial_blocks(a, me, off, 2);
}

int shcoll_collect_recursive_doubling_run(const shcoll_args_t *a)
{
    return shcoll_collect_two_phase(
        a, radix2, shcoll_fcollect_knomial_psync_words(a->set.size, 2));
}
