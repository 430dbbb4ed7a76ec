/* ss_amo.c - the blocking atomics: the standard AMO types'
 * compare_swap, fetch_inc, inc, fetch_add and add, the extended types'
 * fetch, set and swap, and the bitwise types' and, or, xor with their
 * fetching forms, each on the default context and on any other. The
 * messages are ss_amo's (ss_rma.c): non-fetching ones act at the target
 * on arrival, fetching ones wait for the old value (a round trip). */
#include "ss_amo.h"
#include "ss_ctx.h"

uint64_t ss_amo_on(shmem_ctx_t ctx, void *dest, size_t width, ss_amo_op_t op,
                   uint64_t a, uint64_t b, int pe, int fetch, const char *call)
{
    uint64_t r = 0;
    SS_ON_CTX(ctx, &pe, call,
              r = ss_amo(me, dest, (int)width, op, a, b, pe, fetch, call));
    return r;
}

/* Fetching (F = 1) or not, returning T or nothing. */
#define SS_FAMO_(T, dest, op, a, b)                                          \
    return SS_AS(T, ss_amo_on(ctx, (void *)(dest), sizeof(T), op,            \
                              SS_BITS(T, a), SS_BITS(T, b), pe, 1, call))
#define SS_NAMO_(T, dest, op, a)                                             \
    ss_amo_on(ctx, dest, sizeof(T), op, SS_BITS(T, a), 0, pe, 0, call)

#define SS_AMO_STD_(T, N)                                                    \
    SS_AMO_PAIR_(T, N, compare_swap,                                         \
                 SS_FAMO_(T, dest, SS_AMO_CSWAP, cond, value),               \
                 T *dest, T cond, T value, int pe)                           \
    SS_AMO_PAIR_(T, N, fetch_inc, SS_FAMO_(T, dest, SS_AMO_ADD, 1, 0),       \
                 T *dest, int pe)                                            \
    SS_AMO_PAIR_(void, N, inc, SS_NAMO_(T, dest, SS_AMO_ADD, 1),             \
                 T *dest, int pe)                                            \
    SS_AMO_PAIR_(T, N, fetch_add, SS_FAMO_(T, dest, SS_AMO_ADD, value, 0),   \
                 T *dest, T value, int pe)                                   \
    SS_AMO_PAIR_(void, N, add, SS_NAMO_(T, dest, SS_AMO_ADD, value),         \
                 T *dest, T value, int pe)
SHMEM_AMO_TYPES(SS_AMO_STD_)

#define SS_AMO_EXT_(T, N)                                                    \
    SS_AMO_PAIR_(T, N, fetch, SS_FAMO_(T, source, SS_AMO_FETCH, 0, 0),       \
                 const T *source, int pe)                                    \
    SS_AMO_PAIR_(void, N, set, SS_NAMO_(T, dest, SS_AMO_SET, value),         \
                 T *dest, T value, int pe)                                   \
    SS_AMO_PAIR_(T, N, swap, SS_FAMO_(T, dest, SS_AMO_SWAP, value, 0),       \
                 T *dest, T value, int pe)
SHMEM_EXT_AMO_TYPES(SS_AMO_EXT_)

#define SS_AMO_BIT1_(T, N, OP, CODE)                                         \
    SS_AMO_PAIR_(T, N, fetch_##OP, SS_FAMO_(T, dest, CODE, value, 0),        \
                 T *dest, T value, int pe)                                   \
    SS_AMO_PAIR_(void, N, OP, SS_NAMO_(T, dest, CODE, value),                \
                 T *dest, T value, int pe)
#define SS_AMO_BIT_(T, N)                                                    \
    SS_AMO_BIT1_(T, N, and, SS_AMO_AND)                                      \
    SS_AMO_BIT1_(T, N, or, SS_AMO_OR)                                        \
    SS_AMO_BIT1_(T, N, xor, SS_AMO_XOR)
SHMEM_BITWISE_AMO_TYPES(SS_AMO_BIT_)
