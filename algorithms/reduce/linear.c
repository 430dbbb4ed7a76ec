/* reduce/linear.c - every member puts its array into the root's work,
 * the root combines them in member order and puts the result to all.
 *
 * T = (p-1)(alpha + n*beta)     gather, serialised at the root's link
 *   + (p-1)n*gamma              root combines p-1 arrays
 *   + (p-1)(alpha + n*beta)     root puts the result to each member
 *   = 2(p-1)(alpha + n*beta) + (p-1)n*gamma
 *
 * psync: [0] counter at the root (arrays arrived), [1] "result here" flag.
 * work:  (p-1)*n bytes at the root, one slot per other member. Safe to
 *        share between back-to-back calls: the root has combined
 *        everything before it lets anyone reach the next call.
 * source == dest is fine: a member's put of its source completes locally
 * before the root can write the result over it.
 */
#include "../internal.h"

enum { ARRIVED, DONE, NWORDS };

size_t shcoll_reduce_linear_psync_words(int npes, int radix)
{
    (void)npes, (void)radix;
    return NWORDS;
}

size_t shcoll_reduce_linear_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)radix;
    return npes > 1 ? (size_t)(npes - 1) * nbytes : 0;
}

static void root_part(const shcoll_args_t *a, size_t nelems)
{
    const shcoll_set_t *s = &a->set;
    shcoll_combine_fn combine = shcoll_combiner(a);

    shcoll_copy(a->dest, a->source, a->nbytes);
    shcoll_wait_count(&a->psync[ARRIVED], s->size - 1);
    for (int r = 1; r < s->size; r++)
        combine(a, a->dest, shcoll_at(a->work, (size_t)(r - 1) * a->nbytes),
                nelems);
    shcoll_put_to_all(a, a->nbytes, &a->psync[DONE]);
}

int shcoll_reduce_linear_run(const shcoll_args_t *a)
{
    size_t esize;
    int me = shcoll_reduce_member(a, &esize);
    if (me < 0)
        return -1;
    if (me == 0) {
        root_part(a, a->nbytes / esize);
        return 0;
    }
    shcoll_put_count(a, shcoll_at(a->work, (size_t)(me - 1) * a->nbytes),
                     a->source, a->nbytes, &a->psync[ARRIVED],
                     shcoll_pe(&a->set, 0));
    shcoll_wait_flag(&a->psync[DONE]);
    return 0;
}
