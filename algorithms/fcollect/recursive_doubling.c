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
 * members first scatter their block in p2 slices over the p2 core
 * members (slice q to member q), the core runs log2 p2 rounds in which a
 * group carries its blocks plus its slices of every extra block (so all
 * core members move the same volume and stay in lockstep), and core
 * member t < rem finally puts the whole result to extra p2 + t:
 *   T = alpha + (n + 8 p2)beta                           pre (rem > 0)
 *     + sum over k < log2 p2 of alpha + (V_k + 8)beta,
 *       V_k = 2^k n + rem ceil(2^k n / p2)                 rounds
 *     + alpha + (p n + 8)beta                            post (rem > 0)
 *
 * psync and work: those of the k-nomial engine with k = 2.
 */
#include "../internal.h"

SHCOLL_DECLARE_ALG(fcollect_recursive_doubling);
SHCOLL_DECLARE_ALG(fcollect_knomial);
void shcoll_fcollect_knomial_blocks(const shcoll_args_t *a, int me,
                                    const size_t *off, int k);

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
    shcoll_fcollect_knomial_blocks(a, me, NULL, 2);
    return 0;
}
