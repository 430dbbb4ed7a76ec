/* broadcast/kary.c - complete k-ary tree (radix k = a->radix, default 4),
 * run as the rounds of common.c. Depth d holds the k^d ranks from
 * S_d = (k^d - 1)/(k - 1) on (relative to the root); in round d the
 * member at position j of depth d puts the whole payload to positions
 * j + i k^d (i < k) of depth d+1, i.e. to the ranks (i+1) k^d ahead of
 * it, all at once. Everyone else sends a bare increment to those offsets
 * instead, which makes the rounds a dissemination barrier (every exit
 * depends on every entry). Numbering depths this way rather than as a
 * heap spreads a partial last depth over all its parents (at most
 * ceil(m / k^(D-1)) children each, m the members of depth D) instead of
 * filling the first parents, and keeps every child k^d-multiples away,
 * as the barrier needs.
 *
 * T = sum over d < D of alpha + (c_d n + w_d F) beta,   F = 8,
 *     D the depth (least D with S_(D+1) >= p), c_d = k for d < D-1 and
 *     ceil((p - S_D) / k^(D-1)) for the last, w_d = min(k, floor((p-1)
 *     / k^d)) the increments each member sends in round d; roughly
 *     log_k p (alpha + k (n+F) beta). (n = 0: the barrier alone.)
 * A sender's c_d puts share its link and finish together; its first
 * child at each depth has the most children of that depth, so the path
 * through position 0 is the critical one. Every member receives sum w_d
 * <= k D messages.
 *
 * Why radix 4 by default: the bytes on the critical path are about
 * (k / ln k) n beta ln p, the same for k = 2 and k = 4 (2 / ln 2 =
 * 4 / ln 4), and k = 4 has half the levels, so the binary tree is never
 * the better default; k = 3 would move 5% fewer bytes through 26% more
 * levels. Unlike the k-nomial tree, a sender serves all its children in
 * one round, so a child never waits for a sibling.
 * k = 1 is a chain without pipelining (common.c's pipeline engine with
 * one segment: (p-1)(alpha + (n+F) beta)).
 *
 * psync: one counter per depth (D words; k = 1: one word). work: none.
 */
#include "common.h"

static int radix_of(int radix)
{
    return radix ? radix : SHCOLL_BROADCAST_KARY_RADIX;
}

size_t shcoll_broadcast_kary_psync_words(int npes, int radix)
{
    int k = radix_of(radix);
    if (k < 2)
        return SHCOLL_BCAST_PIPE_WORDS;
    return shcoll_bcast_rounds_words(npes, k, SHCOLL_BCAST_KARY);
}

size_t shcoll_broadcast_kary_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)npes, (void)nbytes, (void)radix;
    return 0;
}

int shcoll_broadcast_kary_run(const shcoll_args_t *a)
{
    int k = radix_of(a->radix);
    int rel = shcoll_bcast_rel(a);

    if (rel < 0 || k < 1)
        return -1;
    if (k == 1)
        shcoll_bcast_pipeline(a, rel, rel + 1, rel + 1 < a->set.size,
                              a->nbytes);
    else
        shcoll_bcast_rounds(a, rel, k, SHCOLL_BCAST_KARY);
    return 0;
}
