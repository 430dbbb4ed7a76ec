/* ss_strided.c - strided puts and gets (iput, iget), typed, sized and on
 * contexts.
 *
 * An iput of n elements is one message of n x size bytes, gathered from
 * the source at issue and scattered over the target's strided elements
 * when it lands: on a network that packs strided data into one transfer
 * it costs alpha + n size beta, as a put of the same bytes. An iget is a
 * get: an 8-byte request, the target gathers its strided elements into
 * one reply, which is scattered over the strided dest when it lands.
 * Strides count elements (1: contiguous) and may be zero or negative. */
#include <string.h>

#include "ss_ctx.h"
#include "ss_trace.h"

void ss_copy_elems(void *dst, ptrdiff_t ds, const void *src, ptrdiff_t ss,
                   size_t elem, size_t nbytes)
{
    if (elem == 0) {
        memcpy(dst, src, nbytes);
        return;
    }
    unsigned char *d = dst;
    const unsigned char *s = src;
    for (size_t i = 0; i < nbytes / elem; i++, d += ds, s += ss)
        memcpy(d, s, elem);
}

/* The bytes n elements of elem bytes, st elements apart, span from their
 * lowest byte, and the offset of element 0 from it. */
static size_t span(size_t n, ptrdiff_t st, size_t elem, size_t *first,
                   const char *call)
{
    size_t ast = (size_t)(st < 0 ? -st : st);
    if (n > 1 && ast > (SIZE_MAX / elem - 1) / (n - 1))
        ss_fatal("PE %d: %s: %zu elements %td apart overflow the address space",
                 ss_self()->id, call, n, st);
    size_t reach = (n - 1) * ast * elem;
    *first = st < 0 ? reach : 0;
    return reach + elem;
}

/* Where the strided target elements start on PE target: checks that all
 * of them are inside one symmetric object. */
static unsigned char *remote_strided(ss_pe_t *pe, const void *addr,
                                     size_t n, ptrdiff_t st, size_t elem,
                                     int target, const char *call)
{
    size_t first, len = span(n, st, elem, &first, call);
    const unsigned char *lo = (const unsigned char *)addr - first;
    return ss_remote(pe, lo, len, target, call) + first;
}

static void iput(ss_pe_t *pe, void *dest, const void *src, ptrdiff_t dst,
                 ptrdiff_t sst, size_t elem, size_t n, int target,
                 const char *call)
{
    pe->where = call;
    ss_check_pe(target, call);
    if (n == 0)
        return;
    unsigned char *t = remote_strided(pe, dest, n, dst, elem, target, call);
    ss_overhead(pe, target);
    size_t nbytes = n * elem, carry = ss_heap_is_folded(dest) ? 0 : nbytes;
    ss_msg_t *m = ss_msg_new(SS_MSG_PUT, carry);
    ss_copy_elems(m->data, (ptrdiff_t)elem, src, sst * (ptrdiff_t)elem, elem,
                  carry);
    m->taddr = t;
    m->elem = (uint32_t)elem;
    m->tstride = dst * (ptrdiff_t)elem;
    m->trace = ss_trace_begin(pe, "put", call, target, nbytes, 0);
    ss_send(pe, target, m, nbytes);
}

static void iget(ss_pe_t *pe, void *dest, const void *src, ptrdiff_t dst,
                 ptrdiff_t sst, size_t elem, size_t n, int target,
                 const char *call)
{
    pe->where = call;
    ss_check_pe(target, call);
    if (n == 0)
        return;
    unsigned char *t = remote_strided(pe, src, n, sst, elem, target, call);
    ss_overhead_get(pe, target);
    ss_ctx_state_t *cx = ss_ctx_cur(pe);
    ss_msg_t *m = ss_msg_new(SS_MSG_GET, 0);
    m->taddr = t;
    m->nbytes = n * elem;
    m->raddr = dest;
    m->elem = (uint32_t)elem;
    m->tstride = sst * (ptrdiff_t)elem;
    m->rstride = dst * (ptrdiff_t)elem;
    m->trace = ss_trace_begin(pe, "get", call, target, n * elem, 1);
    pe->pending_replies++;
    ss_send(pe, target, m, 8);
    while (cx->pending > 0)
        ss_progress_wait(pe, 0);
}

#define SS_STRIDED_(NAME, T, ELEM)                                           \
    void shmem_ctx_##NAME##iput(shmem_ctx_t ctx, T *d, const T *s,           \
                                ptrdiff_t dst, ptrdiff_t sst, size_t n,      \
                                int pe)                                      \
    {                                                                        \
        SS_ON_CTX(ctx, &pe, "shmem_ctx_" #NAME "iput",                       \
                  iput(me, d, s, dst, sst, ELEM, n, pe, me->where));         \
    }                                                                        \
    void shmem_##NAME##iput(T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst,  \
                            size_t n, int pe)                                \
    {                                                                        \
        iput(ss_self(), d, s, dst, sst, ELEM, n, pe, "shmem_" #NAME "iput"); \
    }                                                                        \
    void shmem_ctx_##NAME##iget(shmem_ctx_t ctx, T *d, const T *s,           \
                                ptrdiff_t dst, ptrdiff_t sst, size_t n,      \
                                int pe)                                      \
    {                                                                        \
        SS_ON_CTX(ctx, &pe, "shmem_ctx_" #NAME "iget",                       \
                  iget(me, d, s, dst, sst, ELEM, n, pe, me->where));         \
    }                                                                        \
    void shmem_##NAME##iget(T *d, const T *s, ptrdiff_t dst, ptrdiff_t sst,  \
                            size_t n, int pe)                                \
    {                                                                        \
        iget(ss_self(), d, s, dst, sst, ELEM, n, pe, "shmem_" #NAME "iget"); \
    }

#define SS_STRIDED_TYPED_(T, N) SS_STRIDED_(N##_, T, sizeof(T))
SHMEM_RMA_TYPES(SS_STRIDED_TYPED_)

/* shmem_iput8 .. shmem_iput128: the size after the name. */
#define SS_STRIDED_SIZED_(BITS)                                              \
    void shmem_ctx_iput##BITS(shmem_ctx_t ctx, void *d, const void *s,       \
                              ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe)\
    {                                                                        \
        SS_ON_CTX(ctx, &pe, "shmem_ctx_iput" #BITS,                          \
                  iput(me, d, s, dst, sst, BITS / 8, n, pe, me->where));     \
    }                                                                        \
    void shmem_iput##BITS(void *d, const void *s, ptrdiff_t dst,             \
                          ptrdiff_t sst, size_t n, int pe)                   \
    {                                                                        \
        iput(ss_self(), d, s, dst, sst, BITS / 8, n, pe, "shmem_iput" #BITS);\
    }                                                                        \
    void shmem_ctx_iget##BITS(shmem_ctx_t ctx, void *d, const void *s,       \
                              ptrdiff_t dst, ptrdiff_t sst, size_t n, int pe)\
    {                                                                        \
        SS_ON_CTX(ctx, &pe, "shmem_ctx_iget" #BITS,                          \
                  iget(me, d, s, dst, sst, BITS / 8, n, pe, me->where));     \
    }                                                                        \
    void shmem_iget##BITS(void *d, const void *s, ptrdiff_t dst,             \
                          ptrdiff_t sst, size_t n, int pe)                   \
    {                                                                        \
        iget(ss_self(), d, s, dst, sst, BITS / 8, n, pe, "shmem_iget" #BITS);\
    }
SHMEM_SIZES(SS_STRIDED_SIZED_)
