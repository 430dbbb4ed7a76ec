/* reduce/binomial.c - binomial-tree reduce to member 0, then a
 * binomial-tree broadcast of the result from member 0.
 *
 * With L = ceil(log2 p), for p a power of two:
 *   T = L(alpha + n*beta + n*gamma)     reduce: at level j every member
 *                                       with j low zero bits takes one
 *                                       child's partial, all in lockstep
 *     + L(alpha + n*beta)               broadcast: each member feeds its
 *                                       children one after the other,
 *                                       largest subtree first
 *   (every message also carries an 8-byte flag: n -> n + 8 above).
 * When p is not a power of two, a child whose subtree is cut short sends
 * early and shares its parent's link with the level in progress.
 *
 * Why: 2 log p latencies and no member ever handles more than one message
 * at a time, so it suits small arrays; every level moves the whole array,
 * so for large ones the bandwidth term 2 n log p loses to rabenseifner or
 * ring. The broadcast waits (quiet) for one child's put to complete before
 * starting the next: puts are asynchronous, and issuing them all at once
 * would split the link and delay the largest subtree, which is on the
 * critical path.
 *
 * dest is the accumulator everywhere (source == dest is fine: a member
 * reads only dest once it has copied source in). A member's partial goes
 * up with a put that copies it at issue, so the broadcast may then write
 * the result straight into that member's dest. Every exit waits for the
 * result, which depends on every entry: the psync invariant holds.
 *
 * The code is the k-nomial reduction (knomial.c) at k = 2, whose tree is
 * exactly this one; this file names it and fixes the radix.
 * psync: [j] (j < L) "level-j child's partial is here", [L] "result here".
 * work:  L slots of n bytes; slot j receives the level-j child's partial.
 */
#include "../internal.h"

size_t shcoll_reduce_binomial_psync_words(int npes, int radix)
{
    (void)radix;
    return shcoll_reduce_knomial_psync_words(npes, 2);
}

size_t shcoll_reduce_binomial_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)radix;
    return shcoll_reduce_knomial_work_bytes(npes, nbytes, 2);
}

int shcoll_reduce_binomial_run(const shcoll_args_t *a)
{
    shcoll_args_t k2 = *a;
    k2.radix = 2;
    return shcoll_reduce_knomial_run(&k2);
}
