/* collect/linear.c - blocks of varying size (some may be 0) gathered at
 * member 0, which then puts the whole array to everyone.
 *
 * Offsets are not known up front, so the root first gathers the sizes,
 * replies with each member's offset, then gathers the data:
 *   T = 2(p-1)alpha                  sizes in, offsets out (8-byte messages)
 *     + (p-1)alpha + (N - n_0)beta   data in, serialised at the root
 *     + (p-1)(alpha + N*beta)        root puts N bytes to each member
 *     ~ 4(p-1)alpha + p*N*beta
 *
 * psync: [0] counter (sizes arrived), [1] counter (blocks arrived),
 *        [2] flag carrying the member's offset, [3] "result here" flag.
 * work:  p longs at the root (the sizes). Safe to share between
 *        back-to-back calls: the root has read it before it lets anyone
 *        reach the next call.
 */
#include "../internal.h"

enum { SIZES, BLOCKS, OFFSET, DONE, NWORDS };

size_t shcoll_collect_linear_psync_words(int npes, int radix)
{
    (void)npes, (void)radix;
    return NWORDS;
}

/* nbytes (differs between members for collect) is not needed. */
size_t shcoll_collect_linear_work_bytes(int npes, size_t nbytes, int radix)
{
    (void)nbytes, (void)radix;
    return (size_t)npes * sizeof(long);
}

/* Root: turn the gathered sizes into offsets and send each its own. */
static size_t send_offsets(const shcoll_args_t *a, long *sizes)
{
    const shcoll_set_t *s = &a->set;
    size_t off = a->nbytes;

    shcoll_wait_count(&a->psync[SIZES], s->size - 1);
    for (int r = 1; r < s->size; r++) {
        shcoll_raise_flag(&a->psync[OFFSET], (long)off, shcoll_pe(s, r));
        off += (size_t)sizes[r];
    }
    return off;
}

static void root_part(const shcoll_args_t *a)
{
    const shcoll_set_t *s = &a->set;
    size_t total = send_offsets(a, a->work);

    shcoll_copy(a->dest, a->source, a->nbytes);
    shcoll_wait_count(&a->psync[BLOCKS], s->size - 1);
    shcoll_put_to_all(a, total, &a->psync[DONE]);
}

int shcoll_collect_linear_run(const shcoll_args_t *a)
{
    int me = shcoll_my_index(&a->set);
    if (me < 0)
        return -1;
    if (me == 0) {
        root_part(a);
        return 0;
    }
    int root = shcoll_pe(&a->set, 0);
    long mine = (long)a->nbytes;
    long *sizes = a->work;

    shcoll_put_count(a, &sizes[me], &mine, sizeof mine, &a->psync[SIZES], root);
    size_t off = (size_t)shcoll_wait_flag(&a->psync[OFFSET]);
    shcoll_put_count(a, shcoll_at(a->dest, off), a->source, a->nbytes,
                     &a->psync[BLOCKS], root);
    shcoll_wait_flag(&a->psync[DONE]);
    return 0;
}
