/* broadcast/linear.c - every member tells the root it has arrived; the
 * root then puts the payload to each member in turn.
 *
 * T = alpha + (p-1)(alpha + n*beta)
 *     one round of 8-byte arrivals (they overlap), then the puts,
 *     serialised at the root's link.
 *
 * Why the arrival round: a plain "root puts, done" lets members exit
 * before the others have entered. With alternating psync arrays and a
 * different root each call, a member that left call k early could then
 * be the root of call k+2 and raise a flag in a slow member's psync that
 * still holds call k's flag, so one of the two would be lost. Waiting for
 * everyone's arrival makes every exit depend on every entry, like the
 * other collectives here, and the root writes dest only once its owner is
 * in the call.
 *
 * The root's own dest receives the payload too (1.5 team semantics; the
 * 1.4 active-set routines leave it alone).
 *
 * psync: [0] arrival counter at the root, [1] "payload here" flag.
 * work: none.
 */
#include "../internal.h"

enum { ARRIVED, DATA, NWORDS };

size_t shcoll_broadcast_linear_psync_words(int npes, int radix)
{
    (void)npes, (void)radix;
    return NWORDS;
}

size_t shcoll_broadcast_linear_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)npes, (void)nbytes, (void)radix;
    return 0;
}

static void root_part(const shcoll_args_t *a)
{
    const shcoll_set_t *s = &a->set;

    shcoll_copy(a->dest, a->source, a->nbytes);
    shcoll_wait_count(&a->psync[ARRIVED], s->size - 1);
    for (int i = 1; i < s->size; i++) {
        int r = (a->root + i) % s->size;
        shcoll_put_flag(a, a->dest, a->source, a->nbytes, &a->psync[DATA], 0,
                        shcoll_pe(s, r));
    }
}

int shcoll_broadcast_linear_run(const shcoll_args_t *a)
{
    const shcoll_set_t *s = &a->set;
    int me = shcoll_my_index(s);
    if (me < 0 || a->root < 0 || a->root >= s->size)
        return -1;
    if (me == a->root) {
        root_part(a);
        return 0;
    }
    shmem_long_atomic_inc(&a->psync[ARRIVED], shcoll_pe(s, a->root));
    shcoll_wait_flag(&a->psync[DATA]);
    return 0;
}
