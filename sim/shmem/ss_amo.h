/* ss_amo.h - what the typed atomic calls share. Internal to sim/.
 *
 * Every atomic type is 4 or 8 bytes; its value travels as the low bytes
 * of a uint64_t (little-endian), and signed and unsigned types of one
 * width share one two's-complement operation (ss_amo_apply). */
#ifndef SS_AMO_H
#define SS_AMO_H

#include <string.h>

#include "ss_internal.h"

/* One atomic on ctx (SHMEM_CTX_DEFAULT for the plain calls); blocks for
 * the old value when fetch is set and returns it. */
uint64_t ss_amo_on(shmem_ctx_t ctx, void *dest, size_t width, ss_amo_op_t op,
                   uint64_t a, uint64_t b, int pe, int fetch, const char *call);
/* A fetching atomic that does not wait: the old value lands in *fetch
 * when the answer arrives (by the context's next quiet at the latest). */
void ss_amo_nbi_on(shmem_ctx_t ctx, void *fetch, void *dest, size_t width,
                   ss_amo_op_t op, uint64_t a, uint64_t b, int pe,
                   const char *call);

static inline uint64_t ss_u64(const void *v, size_t w)
{
    uint64_t x = 0;
    memcpy(&x, v, w);
    return x;
}

static inline void *ss_from_u64(void *out, uint64_t x, size_t w)
{
    memcpy(out, &x, w);
    return out;
}

/* The operand bits of a value of type T, and a T back from them. */
#define SS_BITS(T, x) ss_u64(&(T){x}, sizeof(T))
#define SS_AS(T, r) (*(T *)ss_from_u64(&(T){0}, (r), sizeof(T)))

/* R shmem_N_OP(ARGS) and R shmem_ctx_N_OP(ctx, ARGS), both running EXPR
 * with `ctx` and `call` in scope (ctx is SHMEM_CTX_DEFAULT in the first). */
#define SS_AMO_PAIR_(R, N, OP, EXPR, ...)                                    \
    R shmem_ctx_##N##_atomic_##OP(shmem_ctx_t ctx, __VA_ARGS__)              \
    {                                                                        \
        const char *call = "shmem_ctx_" #N "_atomic_" #OP;                   \
        EXPR;                                                                \
    }                                                                        \
    R shmem_##N##_atomic_##OP(__VA_ARGS__)                                   \
    {                                                                        \
        shmem_ctx_t ctx = SHMEM_CTX_DEFAULT;                                 \
        const char *call = "shmem_" #N "_atomic_" #OP;                       \
        EXPR;                                                                \
    }

#endif
