/* ss_amo_nbi.c - the non-blocking fetching atomics (shmem_*_atomic_*_nbi):
 * the request leaves as a blocking one's does, but the call returns at
 * once and the old value lands in *fetch when the answer arrives. The
 * answer counts as outstanding on the call's context, so that context's
 * quiet (or a blocking fetch, which waits for every answer due) makes it
 * visible. */
#include "ss_amo.h"
#include "ss_ctx.h"
#include "ss_trace.h"

static void famo_nbi(ss_pe_t *pe, void *fetch, void *dest, size_t width,
                     ss_amo_op_t op, uint64_t a, uint64_t b, int target,
                     const char *call)
{
    unsigned char *t = ss_remote(pe, dest, width, target, call);
    ss_overhead(pe, target);
    ss_msg_t *m = ss_msg_new(SS_MSG_FAMO, 0);
    m->taddr = t;
    m->width = (uint8_t)width;
    m->op = (uint8_t)op;
    m->operand = a;
    m->operand2 = b;
    m->raddr = fetch;
    m->trace = ss_trace_begin(pe, "fetch_amo", call, target, width, 0);
    pe->pending_replies++;
    ss_send(pe, target, m, width * (op == SS_AMO_CSWAP ? 2 : 1));
}

void ss_amo_nbi_on(shmem_ctx_t ctx, void *fetch, void *dest, size_t width,
                   ss_amo_op_t op, uint64_t a, uint64_t b, int pe,
                   const char *call)
{
    SS_ON_CTX(ctx, &pe, call, famo_nbi(me, fetch, dest, width, op, a, b, pe,
                                       call));
}

#define SS_NBI_(T, OP, a, b)                                                 \
    ss_amo_nbi_on(ctx, fetch, (void *)dest, sizeof(T), OP, SS_BITS(T, a),    \
                  SS_BITS(T, b), pe, call)

#define SS_NBI_STD_(T, N)                                                    \
    SS_AMO_PAIR_(void, N, compare_swap_nbi,                                  \
                 SS_NBI_(T, SS_AMO_CSWAP, cond, value),                      \
                 T *fetch, T *dest, T cond, T value, int pe)                 \
    SS_AMO_PAIR_(void, N, fetch_inc_nbi, SS_NBI_(T, SS_AMO_ADD, 1, 0),       \
                 T *fetch, T *dest, int pe)                                  \
    SS_AMO_PAIR_(void, N, fetch_add_nbi, SS_NBI_(T, SS_AMO_ADD, value, 0),   \
                 T *fetch, T *dest, T value, int pe)
SHMEM_AMO_TYPES(SS_NBI_STD_)

#define SS_NBI_EXT_(T, N)                                                    \
    SS_AMO_PAIR_(void, N, fetch_nbi, SS_NBI_(T, SS_AMO_FETCH, 0, 0),         \
                 T *fetch, const T *dest, int pe)                            \
    SS_AMO_PAIR_(void, N, swap_nbi, SS_NBI_(T, SS_AMO_SWAP, value, 0),       \
                 T *fetch, T *dest, T value, int pe)
SHMEM_EXT_AMO_TYPES(SS_NBI_EXT_)

#define SS_NBI_BIT_(T, N)                                                    \
    SS_AMO_PAIR_(void, N, fetch_and_nbi, SS_NBI_(T, SS_AMO_AND, value, 0),   \
                 T *fetch, T *dest, T value, int pe)                         \
    SS_AMO_PAIR_(void, N, fetch_or_nbi, SS_NBI_(T, SS_AMO_OR, value, 0),     \
                 T *fetch, T *dest, T value, int pe)                         \
    SS_AMO_PAIR_(void, N, fetch_xor_nbi, SS_NBI_(T, SS_AMO_XOR, value, 0),   \
                 T *fetch, T *dest, T value, int pe)
SHMEM_BITWISE_AMO_TYPES(SS_NBI_BIT_)
