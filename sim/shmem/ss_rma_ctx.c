/* ss_rma_ctx.c - contiguous puts and gets on a context (shmem_ctx_*),
 * and the sized non-blocking forms (shmem_put8_nbi ...). Each issues
 * exactly what its default-context twin in ss_rma.c does (ss_put,
 * ss_get), on the given context's ordering and completion. */
#include "ss_ctx.h"

#define SS_CTX_PUT_(NAME, T, BYTES)                                          \
    void shmem_ctx_##NAME(shmem_ctx_t ctx, T *d, const T *s, size_t n,       \
                          int pe)                                            \
    {                                                                        \
        SS_ON_CTX(ctx, &pe, "shmem_ctx_" #NAME,                              \
                  ss_put(me, d, s, n * (BYTES), pe, NULL, 0, 0, me->where)); \
    }
#define SS_CTX_GET_(NAME, T, BYTES, BLOCKING)                                \
    void shmem_ctx_##NAME(shmem_ctx_t ctx, T *d, const T *s, size_t n,       \
                          int pe)                                            \
    {                                                                        \
        SS_ON_CTX(ctx, &pe, "shmem_ctx_" #NAME,                              \
                  ss_get(me, d, s, n * (BYTES), pe, BLOCKING, me->where));   \
    }

#define SS_CTX_RMA_(T, N)                                                    \
    SS_CTX_PUT_(N##_put, T, sizeof(T))                                       \
    SS_CTX_PUT_(N##_put_nbi, T, sizeof(T))                                   \
    SS_CTX_GET_(N##_get, T, sizeof(T), 1)                                    \
    SS_CTX_GET_(N##_get_nbi, T, sizeof(T), 0)                                \
    void shmem_ctx_##N##_p(shmem_ctx_t ctx, T *d, T v, int pe)               \
    {                                                                        \
        SS_ON_CTX(ctx, &pe, "shmem_ctx_" #N "_p",                            \
                  ss_put(me, d, &v, sizeof(T), pe, NULL, 0, 0, me->where));  \
    }                                                                        \
    T shmem_ctx_##N##_g(shmem_ctx_t ctx, const T *s, int pe)                 \
    {                                                                        \
        T v;                                                                 \
        SS_ON_CTX(ctx, &pe, "shmem_ctx_" #N "_g",                            \
                  ss_get(me, &v, s, sizeof(T), pe, 1, me->where));           \
        return v;                                                            \
    }
SHMEM_RMA_TYPES(SS_CTX_RMA_)

#define SS_CTX_SIZED_(BITS)                                                  \
    SS_CTX_PUT_(put##BITS, void, BITS / 8)                                   \
    SS_CTX_PUT_(put##BITS##_nbi, void, BITS / 8)                             \
    SS_CTX_GET_(get##BITS, void, BITS / 8, 1)                                \
    SS_CTX_GET_(get##BITS##_nbi, void, BITS / 8, 0)                          \
    void shmem_put##BITS##_nbi(void *d, const void *s, size_t n, int pe)     \
    {                                                                        \
        ss_put(ss_self(), d, s, n * (BITS / 8), pe, NULL, 0, 0,              \
               "shmem_put" #BITS "_nbi");                                    \
    }                                                                        \
    void shmem_get##BITS##_nbi(void *d, const void *s, size_t n, int pe)     \
    {                                                                        \
        ss_get(ss_self(), d, s, n * (BITS / 8), pe, 0,                       \
               "shmem_get" #BITS "_nbi");                                    \
    }
SHMEM_SIZES(SS_CTX_SIZED_)

SS_CTX_PUT_(putmem, void, 1)
SS_CTX_PUT_(putmem_nbi, void, 1)
SS_CTX_GET_(getmem, void, 1, 1)
SS_CTX_GET_(getmem_nbi, void, 1, 0)
