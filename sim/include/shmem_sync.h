/* shmem_sync.h - memory ordering (fence, quiet, per context),
 * point-to-point synchronisation (wait_until and test with their _all,
 * _any, _some and _vector forms), signals and distributed locks.
 * Included by shmem.h. */
#ifndef SHMEMSIM_SHMEM_SYNC_H
#define SHMEMSIM_SHMEM_SYNC_H

/* ---- memory ordering ---- */
void shmem_fence(void);
void shmem_ctx_fence(shmem_ctx_t ctx);
void shmem_quiet(void);
void shmem_ctx_quiet(shmem_ctx_t ctx);

/* ---- point-to-point synchronisation: X(TYPE, TYPENAME) ----
 * status (may be NULL) excludes element i when status[i] != 0; the _any
 * forms return SIZE_MAX when every element is excluded. */
#define SHMEM_DECL_P2P_(T, N)                                                \
    void shmem_##N##_wait_until(T *ivar, int cmp, T cmp_value);              \
    void shmem_##N##_wait_until_all(T *ivars, size_t nelems,                 \
                                    const int *status, int cmp,              \
                                    T cmp_value);                            \
    size_t shmem_##N##_wait_until_any(T *ivars, size_t nelems,               \
                                      const int *status, int cmp,            \
                                      T cmp_value);                          \
    size_t shmem_##N##_wait_until_some(T *ivars, size_t nelems,              \
                                       size_t *indices, const int *status,   \
                                       int cmp, T cmp_value);                \
    void shmem_##N##_wait_until_all_vector(T *ivars, size_t nelems,          \
                                           const int *status, int cmp,       \
                                           T *cmp_values);                   \
    size_t shmem_##N##_wait_until_any_vector(T *ivars, size_t nelems,        \
                                             const int *status, int cmp,     \
                                             T *cmp_values);                 \
    size_t shmem_##N##_wait_until_some_vector(T *ivars, size_t nelems,       \
                                              size_t *indices,               \
                                              const int *status, int cmp,    \
                                              T *cmp_values);                \
    int shmem_##N##_test(T *ivar, int cmp, T cmp_value);                     \
    int shmem_##N##_test_all(T *ivars, size_t nelems, const int *status,     \
                             int cmp, T cmp_value);                          \
    size_t shmem_##N##_test_any(T *ivars, size_t nelems, const int *status,  \
                                int cmp, T cmp_value);                       \
    size_t shmem_##N##_test_some(T *ivars, size_t nelems, size_t *indices,   \
                                 const int *status, int cmp, T cmp_value);   \
    int shmem_##N##_test_all_vector(T *ivars, size_t nelems,                 \
                                    const int *status, int cmp,              \
                                    T *cmp_values);                          \
    size_t shmem_##N##_test_any_vector(T *ivars, size_t nelems,              \
                                       const int *status, int cmp,           \
                                       T *cmp_values);                       \
    size_t shmem_##N##_test_some_vector(T *ivars, size_t nelems,             \
                                        size_t *indices, const int *status,  \
                                        int cmp, T *cmp_values);
SHMEM_SYNC_TYPES(SHMEM_DECL_P2P_)

/* ---- signals ---- */
uint64_t shmem_signal_fetch(const uint64_t *sig_addr);
uint64_t shmem_signal_wait_until(uint64_t *sig_addr, int cmp,
                                 uint64_t cmp_value);

/* ---- distributed locks: a symmetric long, 0 on every PE before use ---- */
void shmem_set_lock(long *lock);
void shmem_clear_lock(long *lock);
int shmem_test_lock(long *lock);

#endif
