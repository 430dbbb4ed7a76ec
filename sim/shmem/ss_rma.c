/* ss_rma.c - puts, gets and atomics.
 *
 * A put copies the source at issue time and returns: the source may be
 * reused at once (local completion), the data lands at the target when
 * the transfer completes. Gets and fetching atomics send a request (8
 * bytes, the remote address, for a get; the operands for an atomic) and
 * wait for the reply: a round trip. (SimGrid gives 0-byte transfers no
 * latency, so no request is empty.) PEs on one host use the host's
 * loopback link of the platform (the intra-node path).
 */
#include <string.h>

#include "ss_defer.h"
#include "ss_trace.h"

static unsigned char *remote(ss_pe_t *pe, const void *addr, size_t n,
                             int target, const char *call)
{
    ss_check_pe(target, call);
    unsigned char *t = ss_heap_translate(pe->id, addr, n, target);
    char why[300];
    if (!t)
        ss_fatal("PE %d: %s to PE %d: %s", pe->id, call, target,
                 ss_heap_why(pe->id, addr, n, why, sizeof why));
    return t;
}

void ss_put(ss_pe_t *pe, void *dest, const void *src, size_t n, int target,
            uint64_t *sig, uint64_t sigval, int sigop, const char *call)
{
    pe->where = call;
    if (n == 0 && !sig) {
        ss_check_pe(target, call);
        return;
    }
    unsigned char *t = remote(pe, dest, n, target, call);
    /* Into folded memory the bytes need not travel: every PE shares the
     * one copy and timing does not depend on values. The wire size stays n. */
    size_t carry = ss_heap_is_folded(dest) ? 0 : n;
    ss_msg_t *m = ss_msg_new(SS_MSG_PUT, carry);
    memcpy(m->data, src, carry);
    m->taddr = t;
    if (sig) {
        m->has_amo = 1;
        m->aaddr = remote(pe, sig, sizeof *sig, target, call);
        m->width = sizeof *sig;
        m->op = sigop == SHMEM_SIGNAL_ADD ? SS_AMO_ADD : SS_AMO_SET;
        m->operand = sigval;
    }
    size_t wire = n + (sig ? sizeof *sig : 0);
    if (ss_defer_send(pe, target, m, wire, 1))
        return;
    m->trace = ss_trace_begin(pe, "put", call, target, n, 0);
    ss_send_put(pe, target, m, wire);
}

void ss_get(ss_pe_t *pe, void *dest, const void *src, size_t n, int target,
            int blocking, const char *call)
{
    pe->where = call;
    if (n == 0) {
        ss_check_pe(target, call);
        return;
    }
    unsigned char *t = remote(pe, src, n, target, call);
    ss_overhead_get(pe, target);
    ss_msg_t *m = ss_msg_new(SS_MSG_GET, 0);
    m->taddr = t;
    m->nbytes = n;
    m->raddr = dest;
    m->trace = ss_trace_begin(pe, "get", call, target, n, blocking);
    pe->pending_replies++;
    ss_send(pe, target, m, 8);
    if (blocking)
        while (pe->pending_replies > 0)
            ss_progress_wait(pe, 0);
}

uint64_t ss_amo(ss_pe_t *pe, void *dest, int width, ss_amo_op_t op,
                uint64_t operand, uint64_t operand2, int target, int fetch,
                const char *call)
{
    pe->where = call;
    unsigned char *t = remote(pe, dest, (size_t)width, target, call);
    if (fetch)
        ss_overhead(pe, target);
    ss_msg_t *m = ss_msg_new(fetch ? SS_MSG_FAMO : SS_MSG_AMO, 0);
    uint64_t result = 0;
    m->taddr = t;
    m->width = (uint8_t)width;
    m->op = (uint8_t)op;
    m->operand = operand;
    m->operand2 = operand2;
    m->raddr = (unsigned char *)&result;
    size_t wire = (size_t)width * (op == SS_AMO_CSWAP ? 2 : 1);
    if (!fetch && ss_defer_send(pe, target, m, wire, 0))
        return 0;
    m->trace = ss_trace_begin(pe, fetch ? "fetch_amo" : "amo", call, target,
                              (uint64_t)width, fetch);
    if (fetch)
        pe->pending_replies++;
    ss_send(pe, target, m, wire);
    if (fetch)
        while (pe->pending_replies > 0)
            ss_progress_wait(pe, 0);
    return result;
}

/* Integer atomics of 4 or 8 bytes in two's complement: the signed and
 * unsigned types of one width share the same bit-level operation. */
uint64_t ss_amo_apply(void *addr, int width, ss_amo_op_t op, uint64_t a,
                      uint64_t b)
{
    uint64_t old;
    if (width == 4) {
        uint32_t o, n;
        memcpy(&o, addr, 4);
        switch (op) {
        case SS_AMO_FETCH: n = o; break;
        case SS_AMO_SET: case SS_AMO_SWAP: n = (uint32_t)a; break;
        case SS_AMO_ADD: n = o + (uint32_t)a; break;
        case SS_AMO_CSWAP: n = o == (uint32_t)a ? (uint32_t)b : o; break;
        case SS_AMO_AND: n = o & (uint32_t)a; break;
        case SS_AMO_OR: n = o | (uint32_t)a; break;
        default: n = o ^ (uint32_t)a; break;
        }
        memcpy(addr, &n, 4);
        old = o;
    } else {
        uint64_t o, n;
        memcpy(&o, addr, 8);
        switch (op) {
        case SS_AMO_FETCH: n = o; break;
        case SS_AMO_SET: case SS_AMO_SWAP: n = a; break;
        case SS_AMO_ADD: n = o + a; break;
        case SS_AMO_CSWAP: n = o == a ? b : o; break;
        case SS_AMO_AND: n = o & a; break;
        case SS_AMO_OR: n = o | a; break;
        default: n = o ^ a; break;
        }
        memcpy(addr, &n, 8);
        old = o;
    }
    return old;
}

/* ---- the public RMA calls ---- */

void shmem_putmem(void *d, const void *s, size_t n, int pe)
{
    ss_put(ss_self_raw(), d, s, n, pe, NULL, 0, 0, "shmem_putmem");
}
void shmem_putmem_nbi(void *d, const void *s, size_t n, int pe)
{
    ss_put(ss_self_raw(), d, s, n, pe, NULL, 0, 0, "shmem_putmem_nbi");
}
void shmem_getmem(void *d, const void *s, size_t n, int pe)
{
    ss_get(ss_self(), d, s, n, pe, 1, "shmem_getmem");
}
void shmem_getmem_nbi(void *d, const void *s, size_t n, int pe)
{
    ss_get(ss_self(), d, s, n, pe, 0, "shmem_getmem_nbi");
}

#define SS_SIZED_(BITS)                                                      \
    void shmem_put##BITS(void *d, const void *s, size_t n, int pe)           \
    {                                                                        \
        ss_put(ss_self_raw(), d, s, n * (BITS / 8), pe, NULL, 0, 0,          \
               "shmem_put" #BITS);                                           \
    }                                                                        \
    void shmem_get##BITS(void *d, const void *s, size_t n, int pe)           \
    {                                                                        \
        ss_get(ss_self(), d, s, n * (BITS / 8), pe, 1, "shmem_get" #BITS);   \
    }
SS_SIZED_(8) SS_SIZED_(16) SS_SIZED_(32) SS_SIZED_(64) SS_SIZED_(128)

#define SS_RMA_(T, N)                                                        \
    void shmem_##N##_put(T *d, const T *s, size_t n, int pe)                 \
    {                                                                        \
        ss_put(ss_self_raw(), d, s, n * sizeof(T), pe, NULL, 0, 0,           \
               "shmem_" #N "_put");                                          \
    }                                                                        \
    void shmem_##N##_put_nbi(T *d, const T *s, size_t n, int pe)             \
    {                                                                        \
        ss_put(ss_self_raw(), d, s, n * sizeof(T), pe, NULL, 0, 0,           \
               "shmem_" #N "_put_nbi");                                      \
    }                                                                        \
    void shmem_##N##_get(T *d, const T *s, size_t n, int pe)                 \
    {                                                                        \
        ss_get(ss_self(), d, s, n * sizeof(T), pe, 1, "shmem_" #N "_get");   \
    }                                                                        \
    void shmem_##N##_get_nbi(T *d, const T *s, size_t n, int pe)             \
    {                                                                        \
        ss_get(ss_self(), d, s, n * sizeof(T), pe, 0,                        \
               "shmem_" #N "_get_nbi");                                      \
    }                                                                        \
    void shmem_##N##_p(T *d, T v, int pe)                                    \
    {                                                                        \
        ss_put(ss_self_raw(), d, &v, sizeof(T), pe, NULL, 0, 0,              \
               "shmem_" #N "_p");                                            \
    }                                                                        \
    T shmem_##N##_g(const T *s, int pe)                                      \
    {                                                                        \
        T v;                                                                 \
        ss_get(ss_self(), &v, s, sizeof(T), pe, 1, "shmem_" #N "_g");        \
        return v;                                                            \
    }
SHMEM_RMA_TYPES(SS_RMA_)

/* For the other RMA files (strided, non-blocking atomics). */
unsigned char *ss_remote(ss_pe_t *pe, const void *addr, size_t n, int target,
                         const char *call)
{
    return remote(pe, addr, n, target, call);
}
