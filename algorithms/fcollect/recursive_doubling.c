/* fcollect/recursive_doubling.c - in round k a member swaps everything
 * it holds (its aligned group of 2^k blocks) with member me XOR 2^k.
 *
 * For p = 2^L:  T = L alpha + ((p-1)n + 8L) beta
 *
 * log2 p latencies and the optimal bandwidth term: the classic choice for
 * small and medium messages. It is the radix-2 case of the k-nomial
 * engine (fcollect/knomial.c), whose comment explains the general shape.
 *
 * Any p: with p2 the largest power of two <= p, the rem = p - p2 extra
 * members first put their block in slices to a range of core members
 * (extra t to members floor(t p2 / rem) .. floor((t+1) p2 / rem) - 1,
 * so every core member holds one slice), the core runs log2 p2 rounds in
 * which a group carries its blocks plus the slices its members hold
 * (padded to the largest group, so all stay in lockstep), and the first
 * member of each extra's range finally puts the whole result to it:
 *   T = alpha + (len ceil(n / len) + 8 len)beta          pre (rem > 0)
 *     + sum over k < log2 p2 of alpha + (V_k + 8)beta,
 *       V_k = 2^k n + the most slice bytes an aligned group of
 *       2^k core members holds (about 2^k rem n / p2)      rounds
 *     + alpha + (p n + 8)beta                            post (rem > 0)
 * with len = ceil(p2 / rem) the longest range; fcollect/knomial.c says
 * why ranges (each member receives O(log p) messages whatever rem is).
 *
 * psync and work: those of the k-nomial engine with k = 2.
 */
#include "engines.h"

size_t shcoll_fcollect_recursive_doubling_psync_words(int npes, int radix)
{
    (void)radix;
    return shcoll_fcollect_knomial_psync_words(npes, 2);
}

size_t shcoll_fcollect_recursive_doubling_work_bytes(int npes, size_t nbytes,
                                                     int radix)
{
    (void)radix;
    return shcoll_fcollect_knomial_work_bytes(npes, nbytes, 2);
}

int shcoll_fcollect_recursive_doubling_run(const shcoll_args_t *a)
{
    int me = shcoll_my_index(&a->set);
    if (me < 0)
        return -1;
    shcoll_fcollect_knomial_blocks(a, me, 2);
    return 0;
}
