/* broadcast/kary.c - complete k-ary tree (radix k = a->radix, default 4),
 * heap-numbered from the root: rel r has children k r + 1 .. k r + k.
 * Each member puts the whole payload to all its children at once.
 *
 * T = max( sum over the levels of the slowest root-leaf path of
 *              (alpha + c (n+F) beta),   2 alpha + (2p-3) F beta ),
 *     c = children of the sender at that level (k, fewer at the edge),
 *     depth about log_k p, so roughly log_k p (alpha + k (n+F) beta).
 * A sender's c puts share its link and finish together. The second term
 * is the arrival handshake of common.c, run beside the data.
 *
 * Why radix 4 by default: the bytes on the critical path are about
 * (k / ln k) n beta ln p, the same for k = 2 and k = 4 (2 / ln 2 =
 * 4 / ln 4), and k = 4 has half the levels, so the binary tree is never
 * the better default; k = 3 would move 5% fewer bytes through 26% more
 * levels. Unlike the k-nomial tree, a sender serves
 * all its children in one round, so a child never waits for a sibling.
 * k = 1 is a chain without pipelining.
 *
 * psync: [0..1] handshake (common.c), [2] payload counter. work: none.
 */
#include "common.h"

SHCOLL_DECLARE_ALG(broadcast_kary);

enum { DATA = 2, NWORDS };
enum { DEFAULT_RADIX = 4 };

size_t shcoll_broadcast_kary_psync_words(int npes, int radix)
{
    (void)npes, (void)radix;
    return NWORDS;
}

size_t shcoll_broadcast_kary_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)npes, (void)nbytes, (void)radix;
    return 0;
}

int shcoll_broadcast_kary_run(const shcoll_args_t *a)
{
    int k = a->radix ? a->radix : DEFAULT_RADIX;
    int rel = shcoll_bcast_rel(a), p = a->set.size;

    if (rel < 0 || k < 1)
        return -1;
    long first = (long)k * rel + 1;
    int nkids = first >= p ? 0 : p - first < k ? (int)(p - first) : k;
    shcoll_bcast_enter(a, rel, p - 1);
    /* One segment: the whole payload in one put per child. */
    shcoll_bcast_pipeline(a, rel, &a->psync[DATA], nkids ? (int)first : 0,
                          nkids, a->nbytes);
    shcoll_bcast_leave(a, rel, p - 1);
    return 0;
}
