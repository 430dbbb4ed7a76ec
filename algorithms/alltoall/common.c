/* alltoall/common.c - the exchange engine of the alltoall algorithms. Not
 * an algorithm itself: it has no registry row.
 *
 * Block j of member r's source (the nbytes meant for member j) lands in
 * member j's dest as block r. Member r copies its own block locally, then
 * in step s = 1..p-1 sends block r+s to member r+s (mod p): in every step
 * each member sends one block and receives one, from r-s, so the steps
 * are permutations and no member is the target of more than one sender
 * per step. Steps go in windows of w: a member puts the w blocks of a
 * window, fences once, adds one to each receiver's arrival counter, and
 * before the next window waits until as many blocks as it has sent have
 * reached it. That bounds the messages in flight into any member by w
 * (when members keep pace, as they do when they start together).
 *
 * T = ceil((p-1)/w) alpha + (p-1)(n+8) beta
 * (n bytes per block; each window's puts and increments share the
 * sender's and the receiver's link, the increments travelling behind
 * their puts.)
 *
 * alltoalls: elements dst and sst apart (in elements of elem_size
 * bytes) at dest and source, each block one strided put (shmem_iput8 ..
 * shmem_iput128, by element size).
 *
 * Signal mode (internal.h): a contiguous block and its increment are one
 * put with signal, no fence; strided blocks (no strided put with signal
 * in OpenSHMEM 1.5) keep the put, the fence and the increments.
 *
 * psync: [0] arrival counter (p-1 increments), restored once all are in.
 * work: none.
 */
#include "common.h"

/* Strides in elements, 1 for contiguous. */
static ptrdiff_t stride(ptrdiff_t st)
{
    return st ? st : 1;
}

static size_t elem_of(const shcoll_args_t *a)
{
    return a->elem_size ? a->elem_size : 1;
}

/* Byte offset of block b in a buffer of nel-element blocks st apart. */
static size_t block_at(const shcoll_args_t *a, int b, ptrdiff_t st)
{
    return (size_t)b * (a->nbytes / elem_of(a)) * (size_t)stride(st) *
           elem_of(a);
}

static int contiguous(const shcoll_args_t *a)
{
    return stride(a->dst) == 1 && stride(a->sst) == 1;
}

/* Our block for member j (member index) into its dest, as block me. */
static void put_block(const shcoll_args_t *a, int me, int j)
{
    void *d = shcoll_at(a->dest, block_at(a, me, a->dst));
    const void *s = (const char *)a->source + block_at(a, j, a->sst);
    size_t nel = a->nbytes / elem_of(a);
    int pe = shcoll_pe(&a->set, j);
    ptrdiff_t dst = stride(a->dst), sst = stride(a->sst);
    if (a->nbytes == 0)
        return;
    if (contiguous(a)) {
        shmem_putmem(d, s, a->nbytes, pe);
        return;
    }
    switch (elem_of(a)) {
    case 1: shmem_iput8(d, s, dst, sst, nel, pe); break;
    case 2: shmem_iput16(d, s, dst, sst, nel, pe); break;
    case 4: shmem_iput32(d, s, dst, sst, nel, pe); break;
    case 8: shmem_iput64(d, s, dst, sst, nel, pe); break;
    default: shmem_iput128(d, s, dst, sst, nel, pe); break;
    }
}

/* Signal mode, contiguous blocks: our block for member j and its
 * increment in one message. Each member gets one block from us per call,
 * so nothing earlier to it needs ordering. */
static void put_counted(const shcoll_args_t *a, int me, int j)
{
    shcoll_put_count(a, shcoll_at(a->dest, block_at(a, me, a->dst)),
                     (const char *)a->source + block_at(a, j, a->sst),
                     a->nbytes, &a->psync[0], shcoll_pe(&a->set, j));
}

static void copy_own(const shcoll_args_t *a, int me)
{
    char *d = shcoll_at(a->dest, block_at(a, me, a->dst));
    const char *s = (const char *)a->source + block_at(a, me, a->sst);
    size_t e = elem_of(a), nel = a->nbytes / e;
    if (contiguous(a)) {
        shcoll_copy(d, s, a->nbytes);
        return;
    }
    for (size_t k = 0; k < nel; k++)
        memmove(d + k * (size_t)stride(a->dst) * e,
                s + k * (size_t)stride(a->sst) * e, e);
}

static int valid(const shcoll_args_t *a)
{
    size_t e = elem_of(a);
    return a->nbytes % e == 0 &&
           (contiguous(a) || e == 1 || e == 2 || e == 4 || e == 8 || e == 16);
}

int shcoll_alltoall_exchange(const shcoll_args_t *a, int window)
{
    int me = shcoll_my_index(&a->set), p = a->set.size;
    long *got = &a->psync[0];
    if (me < 0 || !valid(a) || window < 1)
        return -1;
    int lo, hi;
    shcoll_step_range(a, p - 1, &lo, &hi);   /* step i is s = i + 1 */
    copy_own(a, me);
    for (int s = lo + 1; s <= hi; s += window) {
        int end = s + window <= hi + 1 ? s + window : hi + 1;
        if (shcoll_signal(a) && contiguous(a) && a->nbytes > 0) {
            for (int t = s; t < end; t++)
                put_counted(a, me, (me + t) % p);
        } else {
            for (int t = s; t < end; t++)
                put_block(a, me, (me + t) % p);
            shmem_fence();
            for (int t = s; t < end; t++)
                shmem_long_atomic_inc(got, shcoll_pe(&a->set, (me + t) % p));
        }
        if (end <= hi)
            shmem_long_wait_until(got, SHMEM_CMP_GE,
                                  SHMEM_SYNC_VALUE + (end - 1 - lo));
    }
    shcoll_wait_count(got, hi - lo);
    return 0;
}

int shcoll_alltoall_nsteps(int npes)
{
    return npes - 1;
}
