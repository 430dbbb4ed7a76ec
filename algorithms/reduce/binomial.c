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
 * psync: [j] (j < L) "level-j child's partial is here", [L] "result here".
 * work:  L slots of n bytes; slot j receives the level-j child's partial.
 */
#include "../internal.h"

SHCOLL_DECLARE_ALG(reduce_binomial);

static int levels(int npes)
{
    int l = 0;
    while (l < 31 && (1L << l) < npes)
        l++;
    return l;
}

size_t shcoll_reduce_binomial_psync_words(int npes, int radix)
{
    (void)radix;
    return (size_t)levels(npes) + 1;
}

size_t shcoll_reduce_binomial_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)radix;
    return (size_t)levels(npes) * nbytes;
}

static void *slot(const shcoll_args_t *a, int j)
{
    return a->work ? shcoll_at(a->work, (size_t)j * a->nbytes) : NULL;
}

/* Combines the children's partials into dest; returns the level at which
 * this member reports to its parent (L for member 0). */
static int reduce_up(const shcoll_args_t *a, int me, int nlev, size_t nelems)
{
    const shcoll_set_t *s = &a->set;
    shcoll_combine_fn combine = shcoll_combiner(a);
    int j;

    for (j = 0; j < nlev && !(me & (1 << j)); j++) {
        if (me + (1 << j) >= s->size)
            continue;
        shcoll_wait_flag(&a->psync[j]);
        combine(a, a->dest, slot(a, j), nelems);
    }
    if (me != 0)
        shcoll_put_flag(slot(a, j), a->dest, a->nbytes, &a->psync[j], 0,
                        shcoll_pe(s, me - (1 << j)));
    return j;
}

/* Children below level `top`, largest subtree first, one at a time. */
static void broadcast_down(const shcoll_args_t *a, int me, int top, int nlev)
{
    int sent = 0;
    for (int j = top - 1; j >= 0; j--) {
        int child = me + (1 << j);
        if (child >= a->set.size)
            continue;
        if (sent)
            shmem_quiet();
        shcoll_put_flag(a->dest, a->dest, a->nbytes, &a->psync[nlev], 0,
                        shcoll_pe(&a->set, child));
        sent = 1;
    }
}

int shcoll_reduce_binomial_run(const shcoll_args_t *a)
{
    size_t esize;
    int me = shcoll_reduce_member(a, &esize);
    if (me < 0)
        return -1;
    shcoll_copy(a->dest, a->source, a->nbytes);
    if (a->set.size == 1)
        return 0;
    int nlev = levels(a->set.size);
    int top = reduce_up(a, me, nlev, a->nbytes / esize);
    if (me != 0)
        shcoll_wait_flag(&a->psync[nlev]);
    broadcast_down(a, me, top, nlev);
    return 0;
}
