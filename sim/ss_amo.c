/* ss_amo.c - the typed atomic calls over ss_amo (ss_rma.c). */
#include <string.h>

#include "ss_internal.h"

static uint64_t to_u64(const void *v, size_t w)
{
    uint64_t x = 0;
    memcpy(&x, v, w);    /* little-endian: the low bytes */
    return x;
}

#define SS_U(T, x) to_u64(&(T){x}, sizeof(T))
#define SS_DO(T, dest, op, a, b, fetch, name)                                 \
    ss_amo(ss_self(), (void *)(dest), (int)sizeof(T), op, SS_U(T, a),       \
           SS_U(T, b), pe, fetch, name)
#define SS_RET(T, expr)                                                      \
    uint64_t r_ = (expr);                                                    \
    T out_;                                                                  \
    memcpy(&out_, &r_, sizeof out_);                                         \
    return out_;

#define SS_AMO_(T, N)                                                        \
    T shmem_##N##_atomic_fetch(const T *source, int pe)                      \
    {                                                                        \
        SS_RET(T, SS_DO(T, source, SS_AMO_FETCH, 0, 0, 1,                    \
                        "shmem_" #N "_atomic_fetch"))                        \
    }                                                                        \
    void shmem_##N##_atomic_set(T *dest, T value, int pe)                    \
    {                                                                        \
        SS_DO(T, dest, SS_AMO_SET, value, 0, 0, "shmem_" #N "_atomic_set");  \
    }                                                                        \
    void shmem_##N##_atomic_add(T *dest, T value, int pe)                    \
    {                                                                        \
        SS_DO(T, dest, SS_AMO_ADD, value, 0, 0, "shmem_" #N "_atomic_add");  \
    }                                                                        \
    void shmem_##N##_atomic_inc(T *dest, int pe)                             \
    {                                                                        \
        SS_DO(T, dest, SS_AMO_ADD, 1, 0, 0, "shmem_" #N "_atomic_inc");      \
    }                                                                        \
    T shmem_##N##_atomic_fetch_add(T *dest, T value, int pe)                 \
    {                                                                        \
        SS_RET(T, SS_DO(T, dest, SS_AMO_ADD, value, 0, 1,                    \
                        "shmem_" #N "_atomic_fetch_add"))                    \
    }                                                                        \
    T shmem_##N##_atomic_fetch_inc(T *dest, int pe)                          \
    {                                                                        \
        SS_RET(T, SS_DO(T, dest, SS_AMO_ADD, 1, 0, 1,                        \
                        "shmem_" #N "_atomic_fetch_inc"))                    \
    }                                                                        \
    T shmem_##N##_atomic_swap(T *dest, T value, int pe)                      \
    {                                                                        \
        SS_RET(T, SS_DO(T, dest, SS_AMO_SWAP, value, 0, 1,                   \
                        "shmem_" #N "_atomic_swap"))                         \
    }                                                                        \
    T shmem_##N##_atomic_compare_swap(T *dest, T cond, T value, int pe)      \
    {                                                                        \
        SS_RET(T, SS_DO(T, dest, SS_AMO_CSWAP, cond, value, 1,               \
                        "shmem_" #N "_atomic_compare_swap"))                 \
    }
SHMEM_AMO_TYPES(SS_AMO_)
