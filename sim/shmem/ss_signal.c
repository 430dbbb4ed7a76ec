/* ss_signal.c - put-with-signal, typed, sized and in bytes, blocking and
 * non-blocking, on the default context and on any other.
 *
 * The data and the 8-byte signal travel as one message (n + 8 bytes on
 * the wire) and the signal is updated right after the data is written,
 * so whoever sees the signal sees the data. SHMEM_SIGNAL_SET stores the
 * value, SHMEM_SIGNAL_ADD adds it atomically. The blocking and _nbi
 * forms behave alike here: the source is copied at issue (ss_rma.c). */
#include "ss_ctx.h"

static void put_signal(ss_pe_t *pe, void *d, const void *s, size_t bytes,
                       uint64_t *sig, uint64_t v, int op, int target)
{
    if (op != SHMEM_SIGNAL_SET && op != SHMEM_SIGNAL_ADD)
        ss_fatal("PE %d: %s: unknown signal operator %d (use SHMEM_SIGNAL_SET "
                 "or SHMEM_SIGNAL_ADD)", pe->id, pe->where, op);
    ss_put(pe, d, s, bytes, target, sig, v, op, pe->where);
}

#define SS_SIGNAL_(NAME, T, BYTES)                                           \
    void shmem_ctx_##NAME(shmem_ctx_t ctx, T *d, const T *s, size_t n,       \
                          uint64_t *sig, uint64_t v, int op, int pe)         \
    {                                                                        \
        SS_ON_CTX(ctx, &pe, "shmem_ctx_" #NAME,                              \
                  put_signal(me, d, s, n * (BYTES), sig, v, op, pe));        \
    }                                                                        \
    void shmem_##NAME(T *d, const T *s, size_t n, uint64_t *sig, uint64_t v, \
                      int op, int pe)                                        \
    {                                                                        \
        ss_pe_t *me = ss_self();                                             \
        me->where = "shmem_" #NAME;                                          \
        put_signal(me, d, s, n * (BYTES), sig, v, op, pe);                   \
    }

#define SS_SIGNAL_TYPED_(T, N)                                               \
    SS_SIGNAL_(N##_put_signal, T, sizeof(T))                                 \
    SS_SIGNAL_(N##_put_signal_nbi, T, sizeof(T))
SHMEM_RMA_TYPES(SS_SIGNAL_TYPED_)

#define SS_SIGNAL_SIZED_(BITS)                                               \
    SS_SIGNAL_(put##BITS##_signal, void, BITS / 8)                           \
    SS_SIGNAL_(put##BITS##_signal_nbi, void, BITS / 8)
SHMEM_SIZES(SS_SIGNAL_SIZED_)

SS_SIGNAL_(putmem_signal, void, 1)
SS_SIGNAL_(putmem_signal_nbi, void, 1)
