/* shmem_amo.h - atomic memory operations, each with its context form:
 * the standard AMO types (compare_swap, fetch_inc, inc, fetch_add, add),
 * the extended ones (fetch, set, swap), the bitwise ones (and, or, xor),
 * and the non-blocking fetching forms (_nbi: the old value lands in
 * *fetch by the next quiet). Included by shmem.h. */
#ifndef SHMEMSIM_SHMEM_AMO_H
#define SHMEMSIM_SHMEM_AMO_H

/* A blocking form and its context form: R shmem_N_OP(ARGS) and
 * R shmem_ctx_N_OP(shmem_ctx_t ctx, ARGS). */
#define SHMEM_DECL_AMO2_(R, N, OP, ...)                                      \
    R shmem_##N##_atomic_##OP(__VA_ARGS__);                                  \
    R shmem_ctx_##N##_atomic_##OP(shmem_ctx_t ctx, __VA_ARGS__);

#define SHMEM_DECL_AMO_STD_(T, N)                                            \
    SHMEM_DECL_AMO2_(T, N, compare_swap, T *dest, T cond, T value, int pe)   \
    SHMEM_DECL_AMO2_(T, N, fetch_inc, T *dest, int pe)                       \
    SHMEM_DECL_AMO2_(void, N, inc, T *dest, int pe)                          \
    SHMEM_DECL_AMO2_(T, N, fetch_add, T *dest, T value, int pe)              \
    SHMEM_DECL_AMO2_(void, N, add, T *dest, T value, int pe)                 \
    SHMEM_DECL_AMO2_(void, N, compare_swap_nbi, T *fetch, T *dest, T cond,   \
                     T value, int pe)                                        \
    SHMEM_DECL_AMO2_(void, N, fetch_inc_nbi, T *fetch, T *dest, int pe)      \
    SHMEM_DECL_AMO2_(void, N, fetch_add_nbi, T *fetch, T *dest, T value,     \
                     int pe)
SHMEM_AMO_TYPES(SHMEM_DECL_AMO_STD_)

#define SHMEM_DECL_AMO_EXT_(T, N)                                            \
    SHMEM_DECL_AMO2_(T, N, fetch, const T *source, int pe)                   \
    SHMEM_DECL_AMO2_(void, N, set, T *dest, T value, int pe)                 \
    SHMEM_DECL_AMO2_(T, N, swap, T *dest, T value, int pe)                   \
    SHMEM_DECL_AMO2_(void, N, fetch_nbi, T *fetch, const T *source, int pe)  \
    SHMEM_DECL_AMO2_(void, N, swap_nbi, T *fetch, T *dest, T value, int pe)
SHMEM_EXT_AMO_TYPES(SHMEM_DECL_AMO_EXT_)

#define SHMEM_DECL_AMO_BIT1_(T, N, OP)                                       \
    SHMEM_DECL_AMO2_(T, N, fetch_##OP, T *dest, T value, int pe)             \
    SHMEM_DECL_AMO2_(void, N, OP, T *dest, T value, int pe)                  \
    SHMEM_DECL_AMO2_(void, N, fetch_##OP##_nbi, T *fetch, T *dest, T value,  \
                     int pe)
#define SHMEM_DECL_AMO_BIT_(T, N)                                            \
    SHMEM_DECL_AMO_BIT1_(T, N, and)                                          \
    SHMEM_DECL_AMO_BIT1_(T, N, or)                                           \
    SHMEM_DECL_AMO_BIT1_(T, N, xor)
SHMEM_BITWISE_AMO_TYPES(SHMEM_DECL_AMO_BIT_)

#endif
