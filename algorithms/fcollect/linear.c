/* fcollect/linear.c - gather every block to member 0, which then puts the
 * whole array to everyone.
 *
 * T = (p-1)(alpha + n*beta)          gather, serialised at the root's link
 *   + (p-1)(alpha + p*n*beta)        root puts p*n bytes to each member
 *   = 2(p-1)alpha + (p-1)(p+1)n*beta
 *
 * Simplest possible reference point: O(p) messages through one PE.
 * psync: [0] counter at the root (blocks arrived), [1] "result here" flag.
 * work: none.
 */
#include "../internal.h"

enum { ARRIVED, DONE, NWORDS };

size_t shcoll_fcollect_linear_psync_words(int npes, int radix)
{
    (void)npes, (void)radix;
    return NWORDS;
}

size_t shcoll_fcollect_linear_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)npes, (void)nbytes, (void)radix;
    return 0;
}

static void root_part(const shcoll_args_t *a)
{
    const shcoll_set_t *s = &a->set;
    size_t total = (size_t)s->size * a->nbytes;

    shcoll_copy(a->dest, a->source, a->nbytes);
    shcoll_wait_count(&a->psync[ARRIVED], s->size - 1);
    shcoll_put_to_all(a, total, &a->psync[DONE]);
}

int shcoll_fcollect_linear_run(const shcoll_args_t *a)
{
    int me = shcoll_my_index(&a->set);
    if (me < 0)
        return -1;
    if (me == 0) {
        root_part(a);
        return 0;
    }
    /* Waiting for DONE also keeps a member from running ahead into the
     * next call before the root has finished this one. */
    shcoll_put_count(a, shcoll_at(a->dest, (size_t)me * a->nbytes), a->source,
                     a->nbytes, &a->psync[ARRIVED], shcoll_pe(&a->set, 0));
    shcoll_wait_flag(&a->psync[DONE]);
    return 0;
}
